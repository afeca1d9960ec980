"""Stage 1 — ``@tool``: from a function the learner types to a real ``StructuredTool``.

The learner edits a function definition on the page. The lab must show what ``@tool``
makes of it — name, description, argument model, required list — *without running a
single line the learner wrote*. So the text is only ever **parsed** (``ast.parse``) and
read, never executed:

1. the source is parsed into a syntax tree; exactly one top-level ``def`` is accepted
   (imports, a module docstring and a ``@tool`` / ``@tool(...)`` decorator are allowed and
   ignored — nothing is imported, the decorator is not called);
2. each parameter's annotation is *read* from the tree and mapped to a real Python type
   (``str``, ``int``, ``list[str]``, ``Optional[int]``, ``Literal["a", "b"]`` …);
3. each default is read with ``ast.literal_eval`` (literals only: ``1``, ``"c"``,
   ``None``, ``[1, 2]`` — never a call);
4. the lab creates its *own* function, :func:`_make_echo`, whose body only echoes the
   arguments it receives, and dresses it in the learner's name, signature and docstring;
5. ``tool(...)`` — ``@tool`` itself, called as a function by
   :func:`toolcall_lab.stages.core.make_tool` — builds the tool from that stand-in.
   Everything the page then shows is what LangChain really produced.

Steps 1–3 live in :mod:`.function_source` (and :mod:`.annotations`); this module holds
steps 4–5 and the result.

Whatever the learner's body does (open files, ``os.system``, loop forever) never happens:
the body is text the lab does not even look at.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from langchain_core.tools import StructuredTool

from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import json_text, to_jsonable
from toolcall_lab.stages import core
from toolcall_lab.stages._common import Refused, json_dict, parse_learner_source, too_long, type_label, unexpected
from toolcall_lab.stages.annotations import SUPPORTED_ANNOTATIONS, map_annotation
from toolcall_lab.stages.function_source import build_signature, find_function, read_decorator
from toolcall_lab.stages.json_layer import json_stage

__all__ = [
    "DEFAULT_SOURCE",
    "DEFAULT_SOURCE_EN",
    "STAGE",
    "SUPPORTED_ANNOTATIONS",
    "ToolSourceResult",
    "build_tool",
    "default_source",
    "echo_source",
    "map_annotation",
    "parse_tool_source",
    "try_invoke",
]

STAGE = "tool_source"

# zh-only: the article's code, Chinese docstring included
DEFAULT_SOURCE = '''from langchain_core.tools import tool


@tool
def get_weather(city: str, days: int = 1) -> dict:
    """查询指定城市未来几天的天气。

    Args:
        city: 城市名，中文或英文均可，例如 "Bangkok" 或 "曼谷"。
        days: 查询的天数，1 到 7，默认 1。
    """
    # This body is never run by the lab: it is only text here.
    return weather_api.lookup(city=city, days=days)
'''

#: The same function, English edition: the docstring of ``build_weather_tool(lang="en")``.
DEFAULT_SOURCE_EN = '''from langchain_core.tools import tool


@tool
def get_weather(city: str, days: int = 1) -> dict:
    """Look up the weather of a city for the next few days.

    Args:
        city: The city's name (city), in English or Chinese, for example "Bangkok".
        days: How many days to look at (days), 1 to 7; the default 1 means today only.
    """
    # This body is never run by the lab: it is only text here.
    return weather_api.lookup(city=city, days=days)
'''


def default_source(lang: str) -> str:
    """The editor's starting function in the learner's language (``"en"`` → English docstring)."""
    return Text(DEFAULT_SOURCE, DEFAULT_SOURCE_EN)(lang)


@dataclass
class ToolSourceResult:
    """What ``@tool`` made of the learner's function.

    Attributes:
        name: the tool name (the function name, or the name given to ``@tool("...")``).
        description: the tool description exactly as the tool holds it.
        fields: one row per argument of ``tool.args_schema``: ``name``, ``type`` (Python),
            ``json_type``, ``required``, ``default`` (JSON-safe), ``description``.
        required: names of the required arguments, in order.
        signature: the signature the lab gave its stand-in function.
        func_repr: ``repr(tool.func)`` — the object ``@tool`` stored in ``tool.func``.
        echo_source: the source of the lab-owned body that runs instead of the learner's.
        parse_docstring: whether the docstring's ``Args:`` section was parsed.
        decorator: what the ``@tool`` line said (``present``, the ``options`` honoured and
            the ``ignored`` ones).
        ignored_imports: import lines that were read and ignored, never run.
        is_async: ``True`` for ``async def`` (the schema is the same; the lab's stand-in is sync).
        dropped: parameters of the signature that LangChain left out of ``args_schema``
            (``callbacks``, ``run_manager``, names with a leading underscore …).
        tool: the real ``StructuredTool`` (not JSON; left out of :meth:`to_dict`).
    """

    name: str
    description: str
    fields: list[dict[str, Any]]
    required: list[str]
    signature: str
    func_repr: str
    echo_source: str
    parse_docstring: bool
    decorator: dict[str, Any]
    ignored_imports: list[str]
    is_async: bool
    dropped: list[str]
    tool: StructuredTool = field(repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """Everything but the tool object, as JSON-safe data."""
        return json_dict({k: v for k, v in self.__dict__.items() if k != "tool"})


# --------------------------------------------------------------------------------------
# The lab-owned body


def _make_echo(tool_name: str) -> Callable[..., dict[str, Any]]:
    """Create the stand-in function whose body runs instead of the learner's."""

    def lab_echo(*args: Any, **kwargs: Any) -> dict[str, Any]:
        # The learner's body is never executed. This lab-owned body takes its place:
        # it hands back exactly the arguments the tool passed in after validation,
        # which is what func(**kwargs) would have received.
        return {"tool": tool_name, "called_with": dict(kwargs), "positional": list(args)}

    return lab_echo


def echo_source() -> str:
    """The source of the lab's echo body, as the page shows it."""
    return textwrap.dedent(inspect.getsource(_make_echo(""))).strip()


def _field_rows(tool: StructuredTool, json_schema: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per argument of the tool's real args_schema, with its JSON type from ``json_schema``."""
    model_fields = getattr(tool.args_schema, "model_fields", {})
    properties = json_schema.get("properties", {})
    rows = []
    for name, info in model_fields.items():
        prop = properties.get(name, {})
        json_type = (
            prop.get("type")
            or [p.get("type", "enum" if "enum" in p else "?") for p in prop.get("anyOf", [])]
            or ("enum" if "enum" in prop else None)
        )
        required = info.is_required()
        rows.append(
            {
                "name": name,
                "type": type_label(info.annotation),
                "json_type": to_jsonable(json_type),
                "required": required,
                "default": None if required else to_jsonable(info.default),
                "description": info.description,
            }
        )
    return rows


def parse_tool_source(
    source: str = DEFAULT_SOURCE, *, parse_docstring: bool | None = None
) -> ToolSourceResult | ExplainedError:
    """Build a real ``StructuredTool`` from the learner's function text, without running it.

    Args:
        source: Python text with exactly one top-level ``def`` (optionally decorated with
            ``@tool`` or ``@tool(...)``, optionally preceded by imports).
        parse_docstring: ``True`` / ``False`` to force ``parse_docstring`` on or off (as in
            ``@tool(parse_docstring=True)``); ``None`` follows the decorator line, default off.
            When on, LangChain's real rules apply, including its errors when the ``Args:``
            section is missing or names a parameter the function does not have.

    Returns:
        A :class:`ToolSourceResult`, or an :class:`ExplainedError` saying what was refused
        and where (line / column).

    Example:
        >>> r = parse_tool_source()
        >>> r.name, r.required
        ('get_weather', ['city'])
        >>> r.tool.invoke({"city": "Bangkok"})["called_with"]
        {'city': 'Bangkok', 'days': 1}
    """
    if not isinstance(source, str):
        return explain(
            STAGE,
            f"expected text, got {type(source).__name__}",
            title=Text("需要一段 Python 文本。", "Python text is needed."),
            hint=Text("在编辑框里输入函数定义。", "Type a function definition in the editor."),
        )
    if (error := too_long(STAGE, source, what=Text("函数源码", "function source"))) is not None:
        return error
    try:
        return build_tool(source, parse_docstring)
    except Refused as refused:
        return refused.error
    except Exception as exc:
        return unexpected(STAGE, exc, title=Text("构建工具时出错。", "Building the tool failed."))


def build_tool(source: str, parse_docstring: bool | None) -> ToolSourceResult:
    """Steps 1–5 on text that passed the entry checks; a refusal raises :class:`Refused`."""
    module = parse_learner_source(STAGE, source)
    fn, imports = find_function(module)
    decorator = read_decorator(fn)
    signature, annotations = build_signature(fn)

    options = decorator["options"]
    use_parse_docstring = bool(options.get("parse_docstring", False)) if parse_docstring is None else parse_docstring
    # @tool defaults error_on_invalid_docstring to True; honour the line if it says otherwise.
    error_on_invalid = bool(options.get("error_on_invalid_docstring", True))

    # The stand-in: the lab's echo body, wearing the learner's name, signature and docstring.
    stand_in = _make_echo(options.get("name", fn.name))
    stand_in.__name__ = fn.name
    stand_in.__qualname__ = fn.name
    stand_in.__doc__ = ast.get_docstring(fn, clean=False)
    stand_in.__signature__ = signature  # type: ignore[attr-defined]
    stand_in.__annotations__ = annotations

    try:
        # Warnings (e.g. a default with no JSON form) are reported by the schema stage.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            made, json_schema = core.make_tool(
                stand_in,
                options.get("name"),
                description=options.get("description"),
                parse_docstring=use_parse_docstring,
                error_on_invalid_docstring=error_on_invalid,
            )
    except ValueError as exc:
        text = str(exc)
        if "docstring" in text:
            hint = Text(
                "parse_docstring=True 要求 Google 风格的文档字符串：先一段描述，空一行，再写 "
                "`Args:`，每个参数一行 `名字: 说明`，名字必须是函数真实的参数。",
                "parse_docstring=True expects a Google-style docstring: a description, a blank "
                "line, then `Args:` with one `name: text` line per real parameter.",
            )
        else:
            hint = Text(
                "给函数写一个文档字符串，或在 @tool(description=...) 里给出描述。",
                "Give the function a docstring, or pass @tool(description=...).",
            )
        raise Refused(
            explain(
                STAGE,
                exc,
                title=Text(
                    "LangChain 拒绝从这个函数创建工具。", "LangChain refused to build a tool from this function."
                ),
                hint=hint,
            )
        ) from None

    tool = cast(StructuredTool, made)  # @tool on a plain function always makes a StructuredTool
    return ToolSourceResult(
        name=tool.name,
        description=tool.description,
        fields=_field_rows(tool, json_schema),
        required=[name for name, info in getattr(tool.args_schema, "model_fields", {}).items() if info.is_required()],
        signature=f"{fn.name}{signature}",
        func_repr=repr(tool.func),
        echo_source=echo_source(),
        parse_docstring=use_parse_docstring,
        decorator=decorator,
        ignored_imports=imports,
        is_async=isinstance(fn, ast.AsyncFunctionDef),
        dropped=[p for p in signature.parameters if p not in getattr(tool.args_schema, "model_fields", {})],
        tool=tool,
    )


def try_invoke(result: ToolSourceResult, args_text: str) -> dict[str, Any] | ExplainedError:
    """``tool.invoke`` on arguments typed as JSON: what really runs is the lab's echo.

    Returns:
        ``{"code", "result"}`` — the call as written and what the echo handed back — or an
        :class:`ExplainedError` when the text is not JSON or ``args_schema`` refuses it.

    Example:
        >>> try_invoke(parse_tool_source(), '{"city": "Bangkok"}')["result"]["called_with"]
        {'city': 'Bangkok', 'days': 1}
    """
    parsed = json_stage(args_text)
    if isinstance(parsed, ExplainedError):
        return parsed
    try:
        answer = result.tool.invoke(parsed.value)
    except Exception as exc:
        return explain(
            STAGE,
            exc,
            title=Text("tool.invoke 拒绝了这些参数。", "tool.invoke refused these arguments."),
            hint=Text(
                "参数先经过 args_schema 校验；必填参数不能少，类型要对得上。",
                "Arguments are validated by args_schema first: required ones must be there, with matching types.",
            ),
        )
    return {"code": f"{result.name}.invoke({json_text(parsed.value, indent=None)})", "result": to_jsonable(answer)}
