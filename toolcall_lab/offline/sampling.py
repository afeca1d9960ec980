"""From a decision to the choices a provider returns, honouring ``stop``, ``max_tokens``, ``n`` and ``logprobs``.

The model decides once (:func:`toolcall_lab.offline.brain.decide`); this module writes that
decision out the way generation would produce it, token by token (see :mod:`.tokens`):

* text stops *before* the first stop sequence (``finish_reason: "stop"``);
* generation stops after ``max_tokens`` tokens (``finish_reason: "length"``), even in the
  middle of a tool call's JSON arguments, exactly what a real cut-off model returns;
* ``n`` choices are written, each with its own call ids.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from toolcall_lab.offline.protocol import new_id
from toolcall_lab.offline.tokens import logprob_entry, pieces
from toolcall_lab.offline.validation import ChatRequest


@dataclass(frozen=True)
class Written:
    """One choice as generated: its wire message, why it ended, and how many tokens it took."""

    message: dict[str, Any]
    finish_reason: str
    tokens: int
    logprobs: dict[str, Any] | None = None


def write_message(message: dict[str, Any], request: ChatRequest) -> Written:
    """Apply ``stop`` and the token budget to one assistant message (content or tool calls)."""
    budget = request.max_tokens
    calls = message.get("tool_calls")
    if calls:
        return _write_calls(message, calls, budget)
    content = message.get("content") or ""
    finish = "stop"
    for stop in request.stop:
        at = content.find(stop)
        if at >= 0:
            content = content[:at]
    tokens = pieces(content)
    if budget is not None and len(tokens) > budget:
        tokens, finish = tokens[:budget], "length"
        content = "".join(tokens)
    written = {**message, "content": content}
    logprobs = None
    if request.logprobs:
        logprobs = {"content": [logprob_entry(t, request.top_logprobs) for t in tokens], "refusal": None}
    return Written(written, finish, len(tokens), logprobs)


def _write_calls(message: dict[str, Any], calls: list[dict[str, Any]], budget: int | None) -> Written:
    """Tool calls cost their name and argument tokens; the budget may end inside the arguments."""
    used = 0
    kept: list[dict[str, Any]] = []
    for call in calls:
        fn = call.get("function") or {}
        name_cost = len(pieces(str(fn.get("name", ""))))
        arg_tokens = pieces(str(fn.get("arguments", "")))
        if budget is not None and used + name_cost + len(arg_tokens) > budget:
            left = max(budget - used - name_cost, 0)
            if used + name_cost <= budget:
                cut = {**fn, "arguments": "".join(arg_tokens[:left])}
                kept.append({**call, "function": cut})
                used += name_cost + left
            cut_message = {**message, "tool_calls": kept} if kept else {"role": "assistant", "content": ""}
            return Written(cut_message, "length", used)
        used += name_cost + len(arg_tokens)
        kept.append(call)
    return Written(message, "tool_calls", used)


def decision_message(content: str | None, tool_calls: tuple[tuple[str, dict[str, Any]], ...]) -> dict[str, Any]:
    """The assistant message for a decision, each call with a fresh ``call_…`` id."""
    if not tool_calls:
        return {"role": "assistant", "content": content or ""}
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": new_id("call_"),
                "type": "function",
                # arguments travel as a JSON *string*, exactly like a real provider's
                "function": {"name": name, "arguments": json.dumps(args, ensure_ascii=False)},
            }
            for name, args in tool_calls
        ],
    }


def scripted_message(scripted: dict[str, Any]) -> dict[str, Any]:
    """A scripted assistant message in wire shape; a call without ``id`` gets a fresh one.

    An explicit ``"id": None`` in the script replays a model that omitted the id.
    """
    message: dict[str, Any] = {"role": "assistant", "content": scripted.get("content")}
    calls = []
    for call in scripted.get("tool_calls") or []:
        fn = dict(call.get("function") or {"name": call.get("name"), "arguments": call.get("args", {})})
        if not isinstance(fn.get("arguments"), str):
            fn["arguments"] = json.dumps(fn.get("arguments") or {}, ensure_ascii=False)
        entry: dict[str, Any] = {"type": "function", "function": fn}
        call_id = call["id"] if "id" in call else new_id("call_")
        if call_id is not None:
            entry["id"] = call_id
        calls.append(entry)
    if calls:
        message["tool_calls"] = calls
    return message
