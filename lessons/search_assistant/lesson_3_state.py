"""Lesson 3 — State, nodes, edges, compile: partial updates, ``add_messages``, and what the model was sent.

* :func:`reducer_demo` calls ``add_messages`` for real: a new id is appended, a known id replaces.
* :func:`turn_steps` sends one turn on a thread, super-step by super-step.
* :func:`sent_vs_kept` puts, for every model call of a run, the messages that went over
  the wire beside the messages State keeps: a node decides what each call is sent.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Literal, TypedDict

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, HumanMessage, MessageLikeRepresentation
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph.message import add_messages

from lessons.search_assistant.agent import build_agent, make_search_web_tool
from lessons.search_assistant.common import new_id, turns
from lessons.search_assistant.search import SearchBackend, default_offline_search
from lessons.search_assistant.workflow import build_workflow, thread_config
from toolcall_lab.graph import CompiledGraph
from toolcall_lab.graph_records import GraphTrace, RunEvent
from toolcall_lab.graph_run import drain, trace_steps
from toolcall_lab.jsonable import message_to_dict

GraphKind = Literal["workflow", "agent"]


def build_graph(
    kind: GraphKind, llm: BaseChatModel, search: SearchBackend, saver: BaseCheckpointSaver[Any]
) -> CompiledGraph:
    """The graph a learner picked (the fixed workflow or the agent), compiled with ``saver``."""
    if kind == "agent":
        return build_agent(llm, [make_search_web_tool(search)], saver)
    return build_workflow(llm, search, saver)


class ReducerDemo(TypedDict):
    """Two calls of ``add_messages`` on the same two messages (as message dicts)."""

    old: list[dict[str, Any]]
    appended: list[dict[str, Any]]
    replaced: list[dict[str, Any]]


def reducer_demo(lang: str = "zh") -> ReducerDemo:
    """``add_messages`` called for real: a new id is appended, a known id replaces in place."""
    first, second = turns(lang)[:2]
    old: list[MessageLikeRepresentation] = [HumanMessage(first, id="h1"), AIMessage("27–34°C", id="a1")]
    new: list[MessageLikeRepresentation] = [HumanMessage(second, id="h2")]
    fix: list[MessageLikeRepresentation] = [AIMessage("26–31°C", id="a1")]
    appended = add_messages(old, new)  # new id h2: appended
    replaced = add_messages(old, fix)  # known id a1: replaced

    def as_dicts(messages: Any) -> list[dict[str, Any]]:
        return [message_to_dict(m) for m in messages]

    return {"old": as_dicts(old), "appended": as_dicts(appended), "replaced": as_dicts(replaced)}


def turn_steps(app: CompiledGraph, question: str, thread_id: str) -> Generator[RunEvent, None, GraphTrace]:
    """Send one user turn on a thread; only the new message goes in, the checkpointer has the rest."""
    trace = yield from trace_steps(app, {"messages": [HumanMessage(question)]}, thread_config(thread_id))
    return trace


class TurnRun(TypedDict):
    """One turn's question and the trace of its run."""

    question: str
    trace: GraphTrace


def second_turn(
    kind: GraphKind, llm: BaseChatModel, *, lang: str = "zh", search: SearchBackend | None = None
) -> TurnRun:
    """Turn 1, then turn 2 on the same fresh thread; the trace of turn 2 (the page's default run)."""
    app = build_graph(kind, llm, search if search is not None else default_offline_search(), InMemorySaver())
    thread_id = new_id("default")
    first, second = turns(lang)[:2]
    drain(turn_steps(app, first, thread_id))
    return {"question": second, "trace": drain(turn_steps(app, second, thread_id))}


class SentVsKept(TypedDict):
    """One model call: the wire's ``messages`` vs the State's ``messages`` after that step."""

    step: int
    node: str
    sent: list[Any]
    sent_count: int
    kept: list[Any]
    kept_count: int
    tools: list[str | None]
    response_format: str | None


def sent_vs_kept(trace: GraphTrace) -> list[SentVsKept]:
    """For every model call in a traced run: the messages sent vs the State's messages.

    Returns:
        One row per call: ``{"step", "node", "sent", "sent_count", "kept", "kept_count",
        "tools", "response_format"}``; ``sent`` is the wire ``messages`` array, ``kept``
        the State's ``messages`` after that step.
    """
    rows: list[SentVsKept] = []
    for step in trace["steps"]:
        kept = (step["state"] or {}).get("messages", [])
        for call in step["model_calls"]:
            rows.append(
                {
                    "step": step["step"],
                    "node": step["node"],
                    "sent": call["request_messages"],
                    "sent_count": len(call["request_messages"]),
                    "kept": kept,
                    "kept_count": len(kept),
                    "tools": call["tools"],
                    "response_format": call["response_format"],
                }
            )
    return rows
