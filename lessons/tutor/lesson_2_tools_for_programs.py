"""Tutor lesson 2 -- tools are written for programs: friendly error text; one factory, two data sets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.tools import BaseTool

from lessons.tutor.agent import run_manual
from lessons.tutor.data import SCHEDULES
from lessons.tutor.demo import DEMO_QUESTIONS
from lessons.tutor.lesson_common import result_summary
from lessons.tutor.registry import get_tool
from lessons.tutor.tools import build_tools, make_get_schedule

# Other data for the same factory: a branch campus whose S1001 has a different Saturday.
OTHER_SCHEDULES: dict[str, dict[str, list[dict[str, str]]]] = {
    "S1001": {
        "2026-07-25": [{"time": "13:30-15:00", "course": "雅思口语小班", "teacher": "孙老师", "room": "分校 A201"}],
    },
}

# The bad inputs the gallery shows: (tool, arguments).
BAD_INPUT_CASES: tuple[tuple[str, dict[str, str]], ...] = (
    ("lookup_word", {"word": ""}),
    ("lookup_word", {"word": "xylophone"}),
    ("get_schedule", {"student_id": "", "date": "2026-07-25"}),
    ("get_schedule", {"student_id": "S1001", "date": "明天"}),
    ("get_schedule", {"student_id": "S1001", "date": "下周三"}),
    ("get_schedule", {"student_id": "S1001", "date": "tomorrow"}),
    ("get_schedule", {"student_id": "S1001", "date": "2026-02-30"}),
    ("get_schedule", {"student_id": "S9999", "date": "2026-07-25"}),
    ("get_schedule", {"student_id": "S1001", "date": "2026-07-26"}),
    ("get_learning_record", {"student_id": "S9999"}),
)


def bad_input_gallery(tools: Sequence[BaseTool] | None = None) -> list[dict[str, Any]]:
    """Call each tool with each bad input and keep what it said (it never raises).

    Returns:
        ``[{"tool", "args", "reply"}]`` in the order of :data:`BAD_INPUT_CASES`.
    """
    pool = list(tools) if tools is not None else build_tools()
    return [
        {"tool": name, "args": dict(args), "reply": get_tool(name, pool).invoke(dict(args))}
        for name, args in BAD_INPUT_CASES
    ]


def lesson2_tools_for_programs(llm: BaseChatModel, question: str = DEMO_QUESTIONS[2]) -> dict[str, Any]:
    """The 下周三 run, the bad-input gallery, and one factory over two data sets.

    Args:
        llm: the chat model for the 下周三 run.
        question: default ``"下周三我有课吗？学号 S1001"``.

    Returns:
        ``{"run", "tool_call", "tool_message", "answer", "gallery", "same_factory"}``.
        ``same_factory`` is ``{"call", "default_data", "other_data"}``: the same call
        answered by ``make_get_schedule`` over the default data and over
        :data:`OTHER_SCHEDULES`.
    """
    result = run_manual(question, llm)
    first = result.steps[0] if result.steps else None
    call = {"student_id": "S1001", "date": "2026-07-25"}
    return {
        "run": result_summary(result),
        "tool_call": first.tool_calls[0] if first else None,
        "tool_message": first.observations[0] if first else None,
        "answer": result.answer,
        "gallery": bad_input_gallery(),
        "same_factory": {
            "call": call,
            "default_data": make_get_schedule(SCHEDULES).invoke(call),
            "other_data": make_get_schedule(OTHER_SCHEDULES).invoke(call),
        },
    }
