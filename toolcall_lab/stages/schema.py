"""Stage 2 — JSON Schema: three views of one tool, and exactly where they differ.

A tool's arguments are described three times on the way to the model:

1. ``tool.args_schema.model_json_schema()`` — Pydantic's JSON Schema of the argument
   model (it has ``title`` everywhere, ``$defs`` for nested models and enums);
2. ``convert_to_openai_tool(tool)`` — what ``bind_tools`` will send: the same schema
   tucked under ``{"type": "function", "function": {"name", "description", "parameters"}}``,
   titles removed, the description lifted up to the function;
3. ``convert_to_openai_tool(tool, strict=True)`` — OpenAI's strict mode: every property
   becomes required and ``additionalProperties: false`` is added at every object level.

:func:`schema_views` produces all three with the real library calls, and :func:`json_diff`
lists the differences as JSON-pointer paths so a page can highlight them.
Views 2 and 3 are :func:`toolcall_lab.stages.core.openai_tool`, the one call that matters.
The learner's own argument model is parsed by :mod:`toolcall_lab.stages.args_model`.
"""

from __future__ import annotations

import copy
import warnings
from typing import Any

from langchain_core.tools import BaseTool
from pydantic import BaseModel

from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import MAX_DEPTH, to_jsonable
from toolcall_lab.stages import core

STAGE = "schema"


def pointer(parts: list[str | int]) -> str:
    """Join path parts into a JSON pointer (RFC 6901): ``~`` → ``~0``, ``/`` → ``~1``.

    >>> pointer(["properties", "a/b", 0])
    '/properties/a~1b/0'
    >>> pointer([])
    ''
    """
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def json_diff(before: Any, after: Any) -> list[dict[str, Any]]:
    """Every difference between two JSON documents, as pointer-addressed changes.

    Dicts are compared key by key, lists index by index; a value that differs in type
    or content is ``changed``. Each change is ``{"op", "path", "before", "after"}`` with
    ``op`` one of ``added`` / ``removed`` / ``changed``.

    >>> for change in json_diff({"a": 1, "b": 2}, {"a": 1, "c": 3}):
    ...     print(change)
    {'op': 'removed', 'path': '/b', 'before': 2, 'after': None}
    {'op': 'added', 'path': '/c', 'before': None, 'after': 3}
    """
    changes: list[dict[str, Any]] = []
    _diff(before, after, [], changes)
    return changes


def _diff(a: Any, b: Any, path: list[str | int], out: list[dict[str, Any]]) -> None:
    if len(path) > MAX_DEPTH:
        if a != b:
            out.append({"op": "changed", "path": pointer(path), "before": to_jsonable(a), "after": to_jsonable(b)})
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for key in a:
            if key not in b:
                out.append(
                    {"op": "removed", "path": pointer([*path, key]), "before": to_jsonable(a[key]), "after": None}
                )
            else:
                _diff(a[key], b[key], [*path, key], out)
        for key in b:
            if key not in a:
                out.append({"op": "added", "path": pointer([*path, key]), "before": None, "after": to_jsonable(b[key])})
        return
    if isinstance(a, list) and isinstance(b, list):
        for index in range(max(len(a), len(b))):
            if index >= len(b):
                out.append(
                    {"op": "removed", "path": pointer([*path, index]), "before": to_jsonable(a[index]), "after": None}
                )
            elif index >= len(a):
                out.append(
                    {"op": "added", "path": pointer([*path, index]), "before": None, "after": to_jsonable(b[index])}
                )
            else:
                _diff(a[index], b[index], [*path, index], out)
        return
    # Scalars, or a type change (True vs 1 counts as a change: JSON tells them apart).
    if type(a) is not type(b) or a != b:
        out.append({"op": "changed", "path": pointer(path), "before": to_jsonable(a), "after": to_jsonable(b)})


def schema_views(subject: BaseTool | type[BaseModel]) -> dict[str, Any] | ExplainedError:
    """The three schemas of a tool (or of a bare argument model) and their differences.

    Args:
        subject: a LangChain tool, or a Pydantic model class used as a tool definition.

    Returns:
        ``{"args_schema", "openai", "openai_strict", "diffs", "warnings"}`` where ``diffs`` holds
        three lists from :func:`json_diff`:

        * ``model_vs_openai`` — ``args_schema`` against ``openai["function"]["parameters"]``;
        * ``openai_vs_strict`` — the whole ``openai`` tool against the strict one;
        * ``model_vs_strict`` — ``args_schema`` against the strict ``parameters``.

        ``warnings`` lists what Pydantic warned about while generating the schema.
        Or an :class:`ExplainedError` when one of the library calls refuses the tool.

    Example:
        >>> from toolcall_lab.stages.weather_data import build_weather_tool
        >>> views = schema_views(build_weather_tool())
        >>> views["openai_strict"]["function"]["parameters"]["required"]
        ['city', 'days']
    """
    step = "args_schema.model_json_schema()"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = _views(subject, step)
    if isinstance(result, ExplainedError):
        return result
    # Pydantic warns (rather than fails) when, say, a default has no JSON form: it then
    # leaves the default out of the schema. The page shows those warnings too.
    result["warnings"] = [f"{w.category.__name__}: {w.message}" for w in caught]
    return result


def _views(subject: BaseTool | type[BaseModel], step: str) -> dict[str, Any] | ExplainedError:
    try:
        if isinstance(subject, BaseTool):
            raw = subject.args_schema
            if isinstance(raw, dict):
                model_schema = copy.deepcopy(raw)
            elif raw is None:
                model_schema = {"type": "object", "properties": {}}
            elif issubclass(raw, BaseModel):
                model_schema = copy.deepcopy(raw.model_json_schema())
            else:  # a pydantic.v1 model (LangChain still accepts them)
                model_schema = copy.deepcopy(raw.schema())
        else:
            step = "model_json_schema()"
            model_schema = copy.deepcopy(subject.model_json_schema())
        step = "convert_to_openai_tool(tool)"
        openai = copy.deepcopy(core.openai_tool(subject))
        step = "convert_to_openai_tool(tool, strict=True)"
        strict = copy.deepcopy(core.openai_tool(subject, strict=True))
    except Exception as exc:
        return explain(
            STAGE,
            exc,
            title=Text(f"生成 JSON Schema 失败：{step}", f"Generating the JSON Schema failed: {step}"),
            hint=Text(
                "通常是某个类型或默认值无法用 JSON 表达（例如复数、bytes、集合）。",
                "Usually a type or default has no JSON form (a complex number, bytes, a set…).",
            ),
            data={"step": step},
        )
    return {
        "args_schema": to_jsonable(model_schema),
        "openai": to_jsonable(openai),
        "openai_strict": to_jsonable(strict),
        "diffs": {
            "model_vs_openai": json_diff(model_schema, openai.get("function", {}).get("parameters", {})),
            "openai_vs_strict": json_diff(openai, strict),
            "model_vs_strict": json_diff(model_schema, strict.get("function", {}).get("parameters", {})),
        },
    }
