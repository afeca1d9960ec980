"""Lesson 2 — is Tavily a tool? The SDK call inside a node vs the same search as a ``@tool``.

The workflow's ``search`` node calls the search backend directly: its model requests
never carry a tool, so the model never sees searching as an option. The agent wraps the
same backend in ``search_web`` (a ``@tool``): every model request carries its schema,
and the model may call it, or not. The runs are :func:`~lessons.search_assistant.
lesson_1_workflow_vs_agent.who_decided_steps`; this module reads the evidence off them.
"""

from __future__ import annotations

from typing import Any, TypedDict

from langchain_core.utils.function_calling import convert_to_openai_tool

from lessons.search_assistant.agent import make_search_web_tool
from lessons.search_assistant.lesson_1_workflow_vs_agent import WhoDecided
from lessons.search_assistant.search import SearchBackend, default_offline_search
from toolcall_lab.graph_records import GraphTrace


def search_tool_schema(search: SearchBackend | None = None) -> dict[str, Any]:
    """What ``bind_tools`` sends for ``search_web``: ``convert_to_openai_tool`` of the real tool."""
    tool = make_search_web_tool(search if search is not None else default_offline_search())
    return convert_to_openai_tool(tool)


class ToolsSent(TypedDict):
    """Which tools one model request carried, and which super-step / node made it."""

    step: int
    node: str
    tools: list[str | None]


def tools_sent(trace: GraphTrace) -> list[ToolsSent]:
    """For every model call of a run: the super-step, the node, and the tool names the request carried."""
    return [
        {"step": step["step"], "node": step["node"], "tools": call["tools"]}
        for step in trace["steps"]
        for call in step["model_calls"]
    ]


def step_update(trace: GraphTrace, node: str) -> Any:
    """The partial update ``node`` returned the first time it ran (``None`` if it never ran)."""
    return next((step["update"] for step in trace["steps"] if step["node"] == node), None)


class ChoiceRow(TypedDict):
    """One question: did each graph search, and with which arguments did the model ask?"""

    question: str
    workflow_searched: bool
    agent_searched: bool
    arguments: str | None


def choice_row(result: WhoDecided) -> ChoiceRow:
    """Reduce a ``who_decided`` result to one row; ``arguments`` is the JSON *string* the model wrote."""
    call = (result["agent"]["tool_calls"] or [{}])[0]
    return {
        "question": result["question"],
        "workflow_searched": result["workflow"]["searched"],
        "agent_searched": result["agent"]["searched"],
        "arguments": (call.get("function") or {}).get("arguments"),
    }
