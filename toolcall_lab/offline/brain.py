"""The built-in model's decisions: which tools to call, with what arguments, and what to say.

The input is the request body exactly as the client sent it (OpenAI chat-completions
shape); the output is one :class:`Decision`. Nothing is scripted here: the choice comes
from the user's words and the tools' names, descriptions and parameter descriptions, the
way a real model reads them. The skills live in their own modules:

* :mod:`.reading` — the question, history, pending tool results, documents in the prompt;
* :mod:`.choosing` — which tools fit;
* :mod:`.arguments` — each argument's value;
* :mod:`.answers` — the words of an answer.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from toolcall_lab.offline import nlu
from toolcall_lab.offline.answers import (
    answer_from_documents,
    answer_from_tools,
    cannot_help,
    fill_template,
    json_shape_asked,
)
from toolcall_lab.offline.arguments import fill_arguments, forced_call, plan_calls
from toolcall_lab.offline.choosing import choose_tools
from toolcall_lab.offline.reading import find_documents, pending_tool_results, read_context, rounds_since_user


@dataclass(frozen=True)
class Decision:
    """One assistant turn: text, or tool calls (``arguments`` still a dict here)."""

    content: str | None
    tool_calls: tuple[tuple[str, dict[str, Any]], ...] = ()


_ASKS_RESEND = re.compile(r"not valid JSON|send the call again", re.I)


def _retry_broken_calls(
    ctx: nlu.Context, results: list[dict[str, Any]], tools: list[dict[str, Any]], messages: list[dict[str, Any]]
) -> list[tuple[str, dict[str, Any]]]:
    """Self-repair: when a tool reply says the arguments were not valid JSON, call again
    (at most twice in one turn, then give up and say so)."""
    broken = [r["name"] for r in results if _ASKS_RESEND.search(r["content"])]
    if not broken or rounds_since_user(messages) > 2:
        return []
    wanted = [t for t in tools if (t.get("function") or {}).get("name") in broken]
    calls, _ = plan_calls(ctx, wanted)
    return calls


def _structured(body: dict[str, Any], ctx: nlu.Context) -> Decision | None:
    """The JSON answer asked for by ``response_format`` (``json_schema`` or ``json_object``)."""
    response_format = body.get("response_format") or {}
    if response_format.get("type") == "json_schema":
        schema = (response_format.get("json_schema") or {}).get("schema") or {}
        args, _ = fill_arguments(schema, ctx, ctx.question, all_required=True)
        return Decision(json.dumps(args, ensure_ascii=False))
    if response_format.get("type") == "json_object":
        shape = json_shape_asked(f"{ctx.system}\n{ctx.question}")
        if shape:
            args, _ = fill_arguments(shape, ctx, ctx.question, all_required=True)
            return Decision(json.dumps(args, ensure_ascii=False))
        return Decision(json.dumps({"answer": ctx.question}, ensure_ascii=False))
    return None


def decide(body: dict[str, Any]) -> Decision:
    """Read one request body and decide the assistant's turn."""
    messages: list[dict[str, Any]] = list(body.get("messages") or [])
    tools: list[dict[str, Any]] = list(body.get("tools") or [])
    tool_choice = body.get("tool_choice")
    # "required" and a named function both oblige the model to call a tool this turn
    forced = bool(tools) and (tool_choice == "required" or isinstance(tool_choice, dict))
    ctx = read_context(messages)

    structured = _structured(body, ctx)
    if structured is not None and not forced:
        return structured

    results = pending_tool_results(messages)
    if results and not forced:
        retry = _retry_broken_calls(ctx, results, tools, messages)
        if retry:
            return Decision(None, tuple(retry))
        return Decision(answer_from_tools(ctx, results, tools))

    chosen = choose_tools(ctx, tools, tool_choice)
    calls, skipped = plan_calls(ctx, chosen)
    if forced and not calls:
        # A forced call is made even with a value missing: the model fills what it can.
        calls = [forced_call(chosen[0] if chosen else tools[0], ctx)]
    if calls:
        if body.get("parallel_tool_calls") is False:
            calls = calls[:1]
        return Decision(None, tuple(calls))

    filled = fill_template(ctx) if not tools else None
    if filled:
        return Decision(filled)
    docs = find_documents(messages)
    if docs:
        return Decision(answer_from_documents(ctx, docs))
    return Decision(cannot_help(ctx, tools, skipped))
