"""Lesson 7 — context control: State keeps everything, one call is sent a trimmed list with pairs intact.

:func:`context_demo_steps` runs the agent for three turns on one thread, then prepares
the next call two ways — the naive last-N cut and :func:`~lessons.search_assistant.
context.trim_keeping_pairs` — and really sends both: the endpoint rejects a tool reply
whose call was cut off (HTTP 400) and accepts the paired cut. :func:`annotate` marks
each message of a list with its tool-call pair, for the page's tables.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any, Literal, TypedDict

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, HumanMessage
from langchain_core.runnables import Runnable
from langgraph.checkpoint.memory import InMemorySaver

from lessons.search_assistant.agent import build_agent, make_search_web_tool, model_input
from lessons.search_assistant.common import new_id, turns
from lessons.search_assistant.context import naive_trim, orphaned_tool_replies, trim_keeping_pairs
from lessons.search_assistant.search import SearchBackend, default_offline_search
from lessons.search_assistant.workflow import thread_config
from toolcall_lab.capture import recording
from toolcall_lab.errors import explain_exception
from toolcall_lab.graph_records import ModelCallSummary, RunEvent, exchange_summary
from toolcall_lab.graph_run import drain, run_steps
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import message_to_dict


class CallResult(TypedDict):
    """One request really sent: the reply or the explained error, and the wire record."""

    ok: bool
    reply: dict[str, Any] | None
    error: dict[str, Any] | None
    wire: list[ModelCallSummary]


def _try_call(runnable: Runnable[Any, Any], messages: list[BaseMessage]) -> CallResult:
    """Send one request and keep what went over the wire, success or failure."""
    with recording() as rec:
        try:
            reply = runnable.invoke(messages)
            ok, reply_dict, error = True, message_to_dict(reply), None
        except Exception as exc:  # the endpoint's refusal is the lesson: keep it, explained
            ok, reply_dict, error = False, None, explain_exception(exc).to_dict()
    return {"ok": ok, "reply": reply_dict, "error": error, "wire": [exchange_summary(e) for e in rec.exchanges]}


def context_demo_steps(
    llm: BaseChatModel,
    *,
    lang: str = "zh",
    max_messages: int = 7,
    search: SearchBackend | None = None,
    next_question: str | None = None,
) -> Generator[RunEvent, None, dict[str, Any]]:
    """State keeps everything; one model call need not. Trim it two ways and send both.

    Runs the agent for three turns on one thread (each turn: question, tool call,
    tool reply, answer; one run each, labelled ``"agent"``), then prepares the next
    call: the naive last-N cut and :func:`trim_keeping_pairs`, each sent to the
    endpoint for real.

    Returns:
        ``{"sent_sizes"`` (messages per model call so far), ``"kept"`` (State),
        ``"naive"`` / ``"paired"``: ``{"messages", "orphans", "result"}``}.
    """
    backend = search if search is not None else default_offline_search()
    tool = make_search_web_tool(backend)
    app = build_agent(llm, [tool], InMemorySaver())
    config = thread_config(new_id("context"))
    sent_sizes: list[int] = []
    for question in turns(lang):
        run = yield from run_steps(app, {"messages": [HumanMessage(question)]}, config, graph="agent")
        run.output()  # a failed turn stops the demo, explained by the caller
        sent_sizes += [len(e.request_body["messages"]) for e in run.exchanges]
    kept = app.get_state(config).values["messages"]
    upcoming = next_question or Text("那北京呢？", "What about Beijing?")(lang)
    history = [*kept, HumanMessage(upcoming)]
    bound = llm.bind_tools([tool])
    out: dict[str, Any] = {
        "sent_sizes": sent_sizes,
        "kept": [message_to_dict(m) for m in kept],
        "next_question": upcoming,
        "max_messages": max_messages,
    }
    for label, trimmed in (
        ("naive", naive_trim(history, max_messages)),
        ("paired", trim_keeping_pairs(history, max_messages)),
    ):
        out[label] = {
            "messages": [message_to_dict(m) for m in trimmed],
            "orphans": orphaned_tool_replies(trimmed),
            "result": _try_call(bound, model_input(trimmed)),  # what the agent's model node would send
        }
    return out


def context_demo(
    llm: BaseChatModel,
    *,
    lang: str = "zh",
    max_messages: int = 7,
    search: SearchBackend | None = None,
    next_question: str | None = None,
) -> dict[str, Any]:
    """:func:`context_demo_steps`, run to the end."""
    return drain(
        context_demo_steps(llm, lang=lang, max_messages=max_messages, search=search, next_question=next_question)
    )


# ---------------------------------------------------------------------------
# Naming the pairs in a message list
# ---------------------------------------------------------------------------

Mark = Literal["orphan", "asks", "answers", ""]


def pair_numbers(messages: Sequence[dict[str, Any]]) -> dict[str, int]:
    """Number each tool-call pair by the order its call appears: ``{tool_call_id: 1, ...}``."""
    numbers: dict[str, int] = {}
    for message in messages:
        for call in message.get("tool_calls") or []:
            numbers.setdefault(call["id"], len(numbers) + 1)
    return numbers


class AnnotatedMessage(TypedDict):
    """One row of a message list: its position, role, content, pair number(s) and mark."""

    n: int
    role: str
    content: str
    pairs: list[int | None]
    mark: Mark


def annotate(
    messages: Sequence[dict[str, Any]], numbers: dict[str, int], orphans: Sequence[str]
) -> list[AnnotatedMessage]:
    """Rows of a message list: each call / reply with its pair number, each orphaned reply marked.

    ``mark`` is ``"asks"`` (an AI message with tool calls), ``"answers"`` (a tool reply),
    ``"orphan"`` (a tool reply whose call was cut off) or ``""``; ``pairs`` holds ``None``
    for a pair not in ``numbers``.
    """
    rows: list[AnnotatedMessage] = []
    for i, m in enumerate(messages, 1):
        calls = m.get("tool_calls") or []
        ids = [c["id"] for c in calls] or ([m["tool_call_id"]] if m.get("tool_call_id") else [])
        mark: Mark = ""
        if m.get("tool_call_id") in orphans:
            mark = "orphan"
        elif calls:
            mark = "asks"
        elif m.get("tool_call_id"):
            mark = "answers"
        rows.append(
            {
                "n": i,
                "role": m["type"],
                "content": str(m.get("content") or ""),
                "pairs": [numbers.get(x) for x in ids],
                "mark": mark,
            }
        )
    return rows


def intact_pairs(messages: Sequence[dict[str, Any]]) -> list[str]:
    """The tool_call ids whose call and every reply are both in ``messages``."""
    asked = {c["id"] for m in messages for c in m.get("tool_calls") or []}
    answered = {m["tool_call_id"] for m in messages if m.get("tool_call_id")}
    return sorted(asked & answered)
