"""Lesson 1 — fixed workflow vs tool-calling agent: one question, who decided to search?

In the workflow the search happens because an unconditional edge leads to the search
node: the *code* decided. In the agent it happens only if the model's reply carries a
``tool_call``: the *model* decided. :func:`who_decided_steps` runs both graphs on the
same question and returns the evidence for each verdict (the edge from ``get_graph()``,
the tool_call from the wire); the page words the verdicts.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Literal, TypedDict

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage

from lessons.search_assistant.agent import build_agent, make_search_web_tool
from lessons.search_assistant.common import path
from lessons.search_assistant.search import SearchBackend, default_offline_search
from lessons.search_assistant.workflow import build_workflow
from toolcall_lab.graph import GraphEdge, graph_structure
from toolcall_lab.graph_records import GraphTrace, RunEvent
from toolcall_lab.graph_run import drain, trace_steps

# Why each graph did what it did (the page words each reason).
WorkflowReason = Literal["unconditional_edge"]
AgentReason = Literal["model_asked_for_tool", "model_answered_directly"]


class WorkflowVerdict(TypedDict):
    """The workflow's side: it searched because the code's edge said so."""

    searched: bool
    decided_by: Literal["code"]
    path: list[str]
    edge: GraphEdge
    search_query: str | None
    why: WorkflowReason
    error: dict[str, Any] | None


class AgentVerdict(TypedDict):
    """The agent's side: it searched only if the model's reply asked for the tool."""

    searched: bool
    decided_by: Literal["model"]
    path: list[str]
    tool_calls: list[dict[str, Any]]
    model_reply: dict[str, Any]
    why: AgentReason
    error: dict[str, Any] | None


class WhoDecided(TypedDict):
    """Both verdicts, and the full trace of each run."""

    question: str
    workflow: WorkflowVerdict
    agent: AgentVerdict
    traces: dict[str, GraphTrace]


def who_decided_steps(
    llm: BaseChatModel, question: str, search: SearchBackend | None = None
) -> Generator[RunEvent, None, WhoDecided]:
    """Send one question through the fixed workflow and through the agent, step by step.

    Yields the records of both runs (labelled ``"workflow"`` and ``"agent"``) while they
    run; returns the two verdicts with their evidence.
    """
    backend = search if search is not None else default_offline_search()
    workflow = build_workflow(llm, backend)
    agent = build_agent(llm, [make_search_web_tool(backend)])
    inputs = {"messages": [HumanMessage(question)]}
    wf = yield from trace_steps(workflow, inputs, graph="workflow")
    ag = yield from trace_steps(agent, inputs, graph="agent")

    # The workflow's evidence: the edge understand → search, as get_graph() reports it.
    wf_edge = next(
        e for e in graph_structure(workflow)["edges"] if (e["source"], e["target"]) == ("understand", "search")
    )
    # The agent's evidence: the model's first reply, straight from the wire.
    first_model_step = next((s for s in ag["steps"] if s["node"] == "model"), None)
    model_calls = first_model_step["model_calls"] if first_model_step else []
    reply: dict[str, Any] = (model_calls[0]["response_message"] if model_calls else None) or {}
    agent_searched = "tools" in path(ag)
    return {
        "question": question,
        "workflow": {
            "searched": "search" in path(wf),
            "decided_by": "code",
            "path": path(wf),
            "edge": wf_edge,
            "search_query": (wf["final"] or {}).get("search_query"),
            "why": "unconditional_edge",
            "error": wf["error"],
        },
        "agent": {
            "searched": agent_searched,
            "decided_by": "model",
            "path": path(ag),
            "tool_calls": reply.get("tool_calls") or [],
            "model_reply": reply,
            "why": "model_asked_for_tool" if agent_searched else "model_answered_directly",
            "error": ag["error"],
        },
        "traces": {"workflow": wf, "agent": ag},
    }


def who_decided(llm: BaseChatModel, question: str, search: SearchBackend | None = None) -> WhoDecided:
    """:func:`who_decided_steps`, run to the end."""
    return drain(who_decided_steps(llm, question, search))
