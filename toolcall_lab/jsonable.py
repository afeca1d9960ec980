"""The one JSON converter of the lab: any artifact becomes plain JSON data, then text.

Every artifact the lab shows or exports passes through :func:`to_jsonable` first:
a traced run, a stage's result, a LangGraph State with messages and ``Command``s in it.
:func:`json_text` then spells it for a code block (indented) or a table cell (one line).

This module imports nothing heavy: LangChain and LangGraph objects are recognised only
when those libraries are already loaded (an object of theirs cannot exist otherwise).
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any, Protocol, cast

#: How deep the lab walks nested data before it stops and says so.
MAX_DEPTH = 60
TOO_DEEP = "…(nested too deep)"


class _CommandLike(Protocol):
    """The two fields of a LangGraph ``Command`` the lab shows (typed without importing LangGraph)."""

    goto: Any
    update: Any


def message_to_dict(message: Any) -> dict[str, Any]:
    """A LangChain message as the lab shows it: type, content, and its tool fields when present.

    >>> from langchain_core.messages import HumanMessage
    >>> message_to_dict(HumanMessage("hi", id="m1"))
    {'type': 'human', 'content': 'hi', 'id': 'm1'}
    """
    out: dict[str, Any] = {"type": message.type, "content": to_jsonable(message.content)}
    if getattr(message, "tool_calls", None):
        out["tool_calls"] = [
            {"name": c["name"], "args": to_jsonable(c["args"]), "id": c["id"]} for c in message.tool_calls
        ]
    if getattr(message, "tool_call_id", None):
        out["tool_call_id"] = message.tool_call_id
    if getattr(message, "name", None):
        out["name"] = message.name
    if getattr(message, "id", None):
        out["id"] = message.id
    return out


def _loaded_class(module: str, name: str) -> type | None:
    """``module.name`` if that module is already imported, else ``None`` (never imports)."""
    loaded = sys.modules.get(module)
    found = getattr(loaded, name, None) if loaded is not None else None
    return found if isinstance(found, type) else None


def to_jsonable(value: Any, _depth: int = 0) -> Any:
    """Return ``value`` as plain JSON-safe data.

    Rules, in order: ``None``/bool/int/str stay; ``NaN`` and the infinities become the
    strings ``"NaN"`` / ``"Infinity"`` / ``"-Infinity"`` (strict JSON cannot spell them);
    a LangChain message becomes :func:`message_to_dict`; a LangGraph ``Command`` its
    ``goto`` and ``update``; mappings get string keys; tuples become lists, sets sorted
    lists; a dataclass its fields; a Pydantic model its ``model_dump(mode="json")``; an
    exception ``"Type: message"``; a class its name; anything else its ``repr``. Data
    nested deeper than :data:`MAX_DEPTH` is cut with a marker string.

    >>> to_jsonable({"a": (1, float("inf")), 2: {3}})
    {'a': [1, 'Infinity'], '2': [3]}
    """
    if _depth > MAX_DEPTH:
        return TOO_DEEP
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        return value
    deeper = _depth + 1
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v, deeper) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v, deeper) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((to_jsonable(v, deeper) for v in value), key=repr)
    message_class = _loaded_class("langchain_core.messages", "BaseMessage")
    if message_class is not None and isinstance(value, message_class):
        return message_to_dict(value)
    command_class = _loaded_class("langgraph.types", "Command")
    if command_class is not None and isinstance(value, command_class):
        command = cast(_CommandLike, value)  # the class was found by name, so mypy only knows it is a type
        return {"Command": {"goto": to_jsonable(command.goto, deeper), "update": to_jsonable(command.update, deeper)}}
    if is_dataclass(value) and not isinstance(value, type):
        # field by field, not asdict(): asdict deep-copies, and a dataclass holding a lock (LangGraph's
        # ToolRuntime carries its run's config and stream writer) cannot be copied
        return {f.name: to_jsonable(getattr(value, f.name), deeper) for f in fields(value)}
    if isinstance(value, BaseException):
        return f"{type(value).__name__}: {value}"
    if isinstance(value, type):
        return value.__name__
    if hasattr(value, "model_dump"):
        try:
            return to_jsonable(value.model_dump(mode="json"), deeper)
        except Exception:
            return repr(value)
    return repr(value)


def json_text(value: Any, *, indent: int | None = 2) -> str:
    """JSON text of any value, Chinese kept readable: indented for a code block, ``indent=None`` for one line.

    >>> json_text({"city": "曼谷", "days": (1, 2)}, indent=None)
    '{"city": "曼谷", "days": [1, 2]}'
    """
    return json.dumps(to_jsonable(value), ensure_ascii=False, indent=indent)


def nesting_depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deeply arrays and objects nest in parsed JSON data, walked without recursion.

    The walk stops as soon as it is deeper than ``limit`` (it then returns ``limit + 1``),
    so a hostile import costs at most one pass over what ``json.loads`` already built.

    >>> nesting_depth({"a": [1, {"b": "[[["}]}), nesting_depth([[[[]]]], limit=2)
    (3, 3)
    """
    level: list[Any] = [value] if isinstance(value, (dict, list)) else []
    depth = 0
    while level:  # one level of containers at a time
        depth += 1
        if depth > limit:
            return limit + 1
        level = [
            child
            for item in level
            for child in (item.values() if isinstance(item, dict) else item)
            if isinstance(child, (dict, list))
        ]
    return depth
