"""Where each wire keeps the tool, the call and the result, read out of the captured exchanges.

Each extractor takes the exchanges of one round trip (the first request declares the tool, the first
reply makes the call, the last request carries the result back) and returns ``(definition, call,
result)`` exactly as they sit in the bodies — nothing is rebuilt. A piece the wire did not carry (no
call was made) is ``None``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

Extracted = tuple[Any, Any, Any]


def _first(items: Any, test: Callable[[Any], bool]) -> Any:
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict) and test(item):
            return item
    return None


def _bodies(exchanges: Sequence[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    if not exchanges:
        return {}, {}, {}
    first, last = exchanges[0], exchanges[-1]
    return first.get("request_body") or {}, first.get("response_body") or {}, last.get("request_body") or {}


def chat_completions(exchanges: Sequence[dict[str, Any]]) -> Extracted:
    """``tools[0]``; ``choices[0].message.tool_calls[0]``; the ``role: "tool"`` message sent back."""
    asked, replied, back = _bodies(exchanges)
    calls = ((replied.get("choices") or [{}])[0].get("message") or {}).get("tool_calls") or []
    result = _first(back.get("messages"), lambda m: m.get("role") == "tool") if len(exchanges) > 1 else None
    return (asked.get("tools") or [None])[0], calls[0] if calls else None, result


def responses(exchanges: Sequence[dict[str, Any]]) -> Extracted:
    """``tools[0]``; the ``function_call`` output item; the ``function_call_output`` input item."""
    asked, replied, back = _bodies(exchanges)
    call = _first(replied.get("output"), lambda i: i.get("type") == "function_call")
    result = (
        _first(back.get("input"), lambda i: i.get("type") == "function_call_output") if len(exchanges) > 1 else None
    )
    return (asked.get("tools") or [None])[0], call, result


def anthropic(exchanges: Sequence[dict[str, Any]]) -> Extracted:
    """``tools[0]``; the ``tool_use`` content block; the ``tool_result`` block of the last user message."""
    asked, replied, back = _bodies(exchanges)
    call = _first(replied.get("content"), lambda b: b.get("type") == "tool_use")
    result = None
    if len(exchanges) > 1:
        users = [m for m in back.get("messages") or [] if isinstance(m, dict) and m.get("role") == "user"]
        result = _first(users[-1].get("content") if users else None, lambda b: b.get("type") == "tool_result")
    return (asked.get("tools") or [None])[0], call, result


def gemini(exchanges: Sequence[dict[str, Any]]) -> Extracted:
    """``tools[0].functionDeclarations[0]``; the ``functionCall`` part; the ``functionResponse`` part."""
    asked, replied, back = _bodies(exchanges)
    declarations = ((asked.get("tools") or [{}])[0] or {}).get("functionDeclarations") or [None]
    parts = (((replied.get("candidates") or [{}])[0].get("content")) or {}).get("parts")
    call = _first(parts, lambda p: "functionCall" in p)
    result = None
    if len(exchanges) > 1:
        last = (back.get("contents") or [{}])[-1]
        result = _first(last.get("parts"), lambda p: "functionResponse" in p)
    return declarations[0], call, result


def mcp(records: Sequence[dict[str, Any]]) -> Extracted:
    """The ``tools/list`` entry; the ``tools/call`` request's ``params``; the ``tools/call`` response's ``result``."""
    listed = _first(list(records), lambda r: r["method"] == "tools/list" and r["direction"] == "server→client")
    asked = _first(list(records), lambda r: r["method"] == "tools/call" and r["direction"] == "client→server")
    answered = _first(list(records), lambda r: r["method"] == "tools/call" and r["direction"] == "server→client")
    definition = ((listed or {}).get("message", {}).get("result", {}).get("tools") or [None])[0]
    call = (asked or {}).get("message", {}).get("params")
    return definition, call, (answered or {}).get("message", {}).get("result")


EXTRACTORS: dict[str, Callable[[Sequence[dict[str, Any]]], Extracted]] = {
    "chat_completions": chat_completions,
    "responses": responses,
    "anthropic": anthropic,
    "gemini": gemini,
    "mcp": mcp,
}
