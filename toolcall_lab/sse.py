"""Reading a streamed chat completion back: the server-sent events, and the message they add up to.

A streamed reply (``stream: true``) is text: one ``data: {...}`` line per
``chat.completion.chunk``, then ``data: [DONE]``. A tool call's ``arguments`` arrive in
fragments keyed by the call's ``index``; :func:`assemble` concatenates them exactly as a
client does, so the trace can keep the arguments *string* the model wrote even when the
answer was streamed.

Example (hand-checkable): a call opened with an empty ``arguments``, then two fragments::

    >>> def event(delta, finish=None):
    ...     return 'data: ' + json.dumps({"choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})
    >>> opening = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": ""}}
    >>> text = "\\n\\n".join([
    ...     event({"role": "assistant", "tool_calls": [opening]}),
    ...     event({"tool_calls": [{"index": 0, "function": {"arguments": '{"a"'}}]}),
    ...     event({"tool_calls": [{"index": 0, "function": {"arguments": ": 1}"}}]}),
    ...     event({}, "tool_calls"),
    ...     "data: [DONE]",
    ... ])
    >>> body = assemble(sse_data(text))
    >>> body["choices"][0]["message"]["tool_calls"][0]["function"]
    {'name': 'f', 'arguments': '{"a": 1}'}
    >>> body["choices"][0]["finish_reason"]
    'tool_calls'
"""

from __future__ import annotations

import json
from typing import Any

DONE = "[DONE]"


def sse_data(text: str) -> list[Any]:
    """Each ``data:`` line of a server-sent-event stream: its JSON, or the text ``"[DONE]"``."""
    out: list[Any] = []
    for line in text.splitlines():
        if line.startswith("data:"):
            data = line[len("data:") :].strip()
            out.append(data if data == DONE else json.loads(data))
    return out


def assemble(events: list[Any]) -> dict[str, Any]:
    """The ``chat.completion`` body a list of ``chat.completion.chunk`` events adds up to (first choice).

    Text deltas are joined; tool-call deltas are merged by ``index`` (the first one of a call
    brings its ``id``, ``type`` and ``name``; later ones only extend ``arguments``); the last
    ``finish_reason`` and any ``usage`` are kept. ``object`` says the body was assembled.
    """
    content: list[str] = []
    calls: dict[int, dict[str, Any]] = {}
    finish: str | None = None
    usage: Any = None
    head: dict[str, Any] = {}
    for event in events:
        if not isinstance(event, dict):
            continue
        head = head or {k: event[k] for k in ("id", "model", "created") if k in event}
        usage = event.get("usage") or usage
        for choice in event.get("choices") or []:
            if choice.get("index", 0) != 0:
                continue
            delta = choice.get("delta") or {}
            content.append(delta.get("content") or "")
            for piece in delta.get("tool_calls") or []:
                call = calls.setdefault(
                    int(piece.get("index") or 0), {"id": None, "type": "function", "function": {"name": None}}
                )
                call["id"] = piece.get("id") or call["id"]
                fn = piece.get("function") or {}
                call["function"]["name"] = fn.get("name") or call["function"]["name"]
                call["function"]["arguments"] = call["function"].get("arguments", "") + (fn.get("arguments") or "")
            finish = choice.get("finish_reason") or finish
    message: dict[str, Any] = {"role": "assistant", "content": "".join(content) or None}
    if calls:
        message["tool_calls"] = [calls[i] for i in sorted(calls)]
    return {
        **head,
        "object": "chat.completion (assembled from chunks)",
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": usage,
    }
