"""Lesson 6 — human approval: ``interrupt()`` before a side-effect tool, then ``Command(resume=...)``.

* :func:`approval_start_steps` runs until the graph pauses in ``approve``;
* :func:`approval_resume_steps` resumes the same thread with the reviewer's decision;
* :func:`parse_edit` checks a reviewer's edited arguments with the chain's own stages;
* :func:`approval_demo` does the whole round in one call.

The outbox a run writes to shows whether the side effect really happened.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypedDict

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from lessons.search_assistant.approval import NotifyArgs, build_approval_agent
from lessons.search_assistant.common import new_id, path
from lessons.search_assistant.workflow import thread_config
from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.graph import CompiledGraph
from toolcall_lab.graph_records import GraphTrace, InterruptRecord, RunEvent
from toolcall_lab.graph_run import drain, trace_steps
from toolcall_lab.i18n import Text
from toolcall_lab.stages.validation import json_stage, validate_stage

# What the agent is asked by default: an input to a real run, kept in both languages.
APPROVAL_QUESTION = Text(
    "请通知老师：学生 S1001 今天发烧，请假一天。",
    "Please notify the teacher: student S1001 has a fever and is absent today.",
)


class Started(TypedDict):
    """A run up to the pause: what the reviewer must decide on, and the nodes still to run."""

    pending: list[InterruptRecord]
    next: list[str]
    trace: GraphTrace


class Resumed(TypedDict):
    """The run after the decision: the path it took and the final State."""

    decision: dict[str, Any]
    path: list[str]
    final: Any
    trace: GraphTrace


def approval_start_steps(app: CompiledGraph, question: str, thread_id: str) -> Generator[RunEvent, None, Started]:
    """Run until the graph pauses for approval; return what the reviewer must decide on."""
    trace = yield from trace_steps(app, {"messages": [HumanMessage(question)]}, thread_config(thread_id))
    snapshot = app.get_state(thread_config(thread_id))  # saved by the checkpointer at the pause
    return {"pending": trace["interrupts"], "next": list(snapshot.next), "trace": trace}


def approval_resume_steps(
    app: CompiledGraph, thread_id: str, decision: dict[str, Any]
) -> Generator[RunEvent, None, Resumed]:
    """Resume the paused thread with ``Command(resume=decision)``: ``interrupt()`` returns ``decision``."""
    trace = yield from trace_steps(app, Command(resume=decision), thread_config(thread_id))
    return {"decision": decision, "path": path(trace), "final": trace["final"], "trace": trace}


def approval_start(app: CompiledGraph, question: str, thread_id: str) -> Started:
    """:func:`approval_start_steps`, run to the pause."""
    return drain(approval_start_steps(app, question, thread_id))


def approval_resume(app: CompiledGraph, thread_id: str, decision: dict[str, Any]) -> Resumed:
    """:func:`approval_resume_steps`, run to the end."""
    return drain(approval_resume_steps(app, thread_id, decision))


def parse_edit(text: str, original: dict[str, Any]) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The reviewer's edited arguments, through the chain's own stages 5 and 6.

    ``json.loads`` (:func:`~toolcall_lab.stages.validation.json_stage`), then the tool's own
    schema ``NotifyArgs`` with unknown keys forbidden (:func:`~toolcall_lab.stages.validation.validate_stage`),
    on the model's arguments overlaid with the edit.

    Returns:
        ``(args, None)`` or ``(None, explained_error_dict)``.
    """
    parsed = json_stage(text)
    if isinstance(parsed, ExplainedError):
        return None, parsed.to_dict()
    if not isinstance(parsed.value, dict):
        return None, explain(
            "json.loads",
            f"json.loads returned {type(parsed.value).__name__}, not an object",
            title=Text("参数必须是一个 JSON 对象", "The arguments must be a JSON object"),
            hint=Text(
                '写成 {"student_id": ..., "message": ...} 这样的形式。',
                'Write it as {"student_id": ..., "message": ...}.',
            ),
        ).to_dict()
    checked = validate_stage({**original, **parsed.value}, NotifyArgs, extra="forbid", with_schema=False)
    if isinstance(checked, ExplainedError):
        return None, checked.to_dict()
    if not checked.ok:
        return None, checked.error.to_dict() if checked.error else None
    return parsed.value, None


def approval_demo(
    llm: BaseChatModel, decision: dict[str, Any], *, lang: str = "zh", question: str | None = None
) -> dict[str, Any]:
    """Start, pause, decide, resume: the whole approval round in one call.

    Args:
        decision: ``{"action": "approve"}``, ``{"action": "edit", "args": {...}}`` or
            ``{"action": "reject", "reason": "..."}``.

    Returns:
        ``{"question", "pending", "outbox_before", "decision", "path", "outbox",
        "answer"}``: the outbox shows whether the side effect really happened.
    """
    outbox: list[dict[str, str]] = []
    app = build_approval_agent(llm, outbox, InMemorySaver())
    question = question or APPROVAL_QUESTION(lang)
    thread_id = new_id("approval")
    started = approval_start(app, question, thread_id)
    outbox_before = list(outbox)
    if not started["pending"]:  # the model did not ask for the tool: nothing to approve
        return {
            "question": question,
            "pending": [],
            "outbox_before": outbox_before,
            "decision": None,
            "path": path(started["trace"]),
            "outbox": list(outbox),
            "answer": ((started["trace"]["final"] or {}).get("messages") or [{}])[-1].get("content"),
            "error": started["trace"]["error"],
        }
    resumed = approval_resume(app, thread_id, decision)
    messages = (resumed["final"] or {}).get("messages") or [{}]
    return {
        "question": question,
        "pending": started["pending"],
        "outbox_before": outbox_before,
        "decision": decision,
        "path": resumed["path"],
        "outbox": list(outbox),
        "answer": messages[-1].get("content"),
        "error": resumed["trace"]["error"],
    }
