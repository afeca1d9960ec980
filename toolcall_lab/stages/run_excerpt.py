"""One stage of a traced run, cut out: what a chain page shows first in its live-run panel.

The eight chain pages share one live run. Each page opens that run *at its own stage*:
before the whole timeline, the one artifact of the run that the page is about — the
``tools`` the model received (①, ②), the request body (③), the reply's ``tool_calls``
(④), the arguments through ``json.loads`` and Pydantic (⑤), the call (⑥), the
``ToolMessage`` (⑦), the second request's ``messages`` (⑧).

:func:`stage_excerpt` reads it from a :class:`toolcall_lab.trace.RunTrace` (or anything
shaped like it) and returns plain data; the page words it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Excerpt", "stage_excerpt"]

#: Chain stage keys (``toolcall_lab.stages.catalog``) and the page aliases they go by.
_ALIASES = {"tool": "tool_source"}


@dataclass(frozen=True)
class Excerpt:
    """One artifact of a run.

    Attributes:
        what: which artifact (``tools``, ``request_body``, ``tool_calls``, ``arguments``,
            ``call``, ``tool_message``, ``second_request``).
        value: the artifact as the run recorded it (JSON-safe).
        language: how to show it: ``json`` (a document) or ``python`` (a line of code).
    """

    what: str
    value: Any
    language: str = "json"


def _first(items: list[Any]) -> Any:
    return items[0] if items else None


def _call_line(execution: Any) -> str | None:
    kwargs = getattr(execution, "kwargs_passed", None)
    if kwargs is None:
        return None
    args = ", ".join(f"{k}={v!r}" for k, v in kwargs.items())
    return f"{execution.tool_name}({args})"


def stage_excerpt(trace: Any, stage: str) -> Excerpt | None:
    """The artifact of ``trace`` at chain stage ``stage`` (``None`` when the run never got there).

    Args:
        trace: a traced run (``model_calls`` and ``tool_executions`` lists).
        stage: a chain stage key (``"tool_source"`` … ``"round_trip"``; ``"tool"`` for ①).

    >>> from types import SimpleNamespace as NS
    >>> run = NS(model_calls=[NS(request_body={"tools": [1]}, response_body={}, ai_message={})], tool_executions=[])
    >>> stage_excerpt(run, "schema")
    Excerpt(what='tools', value=[1], language='json')
    >>> stage_excerpt(run, "kwargs") is None
    True
    """
    if trace is None:
        return None
    stage = _ALIASES.get(stage, stage)
    calls = list(getattr(trace, "model_calls", None) or [])
    runs = list(getattr(trace, "tool_executions", None) or [])
    first, execution = _first(calls), _first(runs)
    body = first.request_body if first is not None and isinstance(first.request_body, dict) else None
    if stage in ("tool_source", "schema"):
        tools = body.get("tools") if body else None
        return Excerpt("tools", tools) if isinstance(tools, list) else None
    if stage == "bind_tools":
        return Excerpt("request_body", body) if body else None
    if stage == "tool_call":
        ai = first.ai_message if first is not None else None
        return Excerpt("tool_calls", ai.get("tool_calls")) if isinstance(ai, dict) and ai.get("tool_calls") else None
    if execution is None:
        return None
    if stage == "validation":
        validation = execution.validation
        checked = None if validation is None else (validation.kwargs if validation.ok else validation.errors)
        raw = {"arguments": execution.raw_arguments, "json.loads": execution.parsed_args, "pydantic": checked}
        return Excerpt("arguments", raw)
    if stage == "kwargs":
        line = _call_line(execution)
        return None if line is None else Excerpt("call", line, "python")
    if stage == "tool_message":
        return Excerpt("tool_message", execution.tool_message) if execution.tool_message else None
    if stage == "round_trip":
        second = calls[1] if len(calls) > 1 else None
        messages = second.request_body.get("messages") if second and isinstance(second.request_body, dict) else None
        return Excerpt("second_request", messages) if messages else None
    return None
