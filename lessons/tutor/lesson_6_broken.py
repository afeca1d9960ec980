"""The broken code the seven pitfalls run (tutor lesson 6): each one a mistake, kept small and real.

:mod:`lessons.tutor.lesson_6_pitfalls` runs these beside the specimen's own, fixed code;
the page shows their source next to the outcome.
"""

from __future__ import annotations

import datetime
import os
import traceback
from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.tools import BaseTool, tool

from lessons.tutor import data_en
from lessons.tutor.agent import SYSTEM_PROMPT
from lessons.tutor.data import SCHEDULES
from lessons.tutor.fakes import ScriptedChatModel
from lessons.tutor.loop_guard import DEFAULT_MAX_STEPS


def raising_get_schedule(lang: str = "zh") -> BaseTool:
    """A get_schedule that raises on a bad date instead of explaining it (the broken kind).

    ``lang="en"`` builds its English edition (English docstring and data).
    """
    if lang == "en":
        return _raising_get_schedule_en()

    @tool(parse_docstring=True)
    def get_schedule(student_id: str, date: str) -> str:
        """查询某个学生在指定日期的课表。当学生问「我明天有课吗」「几点上课」时调用本工具。

        Args:
            student_id: 学号，例如 S1001。
            date: 要查的日期，必须是 YYYY-MM-DD 格式，例如 2026-07-25。
        """
        day = datetime.date.fromisoformat(date)  # raises ValueError on 「明天」
        lessons = SCHEDULES.get(student_id, {}).get(day.isoformat()) or []
        return "\n".join(f"{x['time']} {x['course']}" for x in lessons) or "没有排课"

    return get_schedule


def naive_get_schedule(
    schedules: Mapping[str, Mapping[str, Sequence[Mapping[str, str]]]], lang: str = "zh"
) -> BaseTool:
    """A get_schedule whose date has no format rule, neither in its description nor in its checks.

    ``lang="en"`` builds its English edition (English docstring and replies).
    """
    if lang == "en":
        return _naive_get_schedule_en(schedules)

    @tool(parse_docstring=True)
    def get_schedule(student_id: str, date: str) -> str:
        """查询某个学生在指定日期的课表。当学生问「我明天有课吗」「几点上课」时调用本工具。

        Args:
            student_id: 学号，例如 S1001。
            date: 日期。
        """
        lessons = schedules.get(student_id, {}).get(date) or []
        if not lessons:
            return f"{student_id} 在 {date} 没有排课。"
        return "\n".join(f"{x['time']} {x['course']} · {x['teacher']} 在 {x['room']}" for x in lessons)

    return get_schedule


def _raising_get_schedule_en() -> BaseTool:
    """The English edition of :func:`raising_get_schedule`."""

    @tool(parse_docstring=True)
    def get_schedule(student_id: str, date: str) -> str:
        """Look up a student's timetable for one day. Use it when a student asks whether they have class.

        Args:
            student_id: the student id, e.g. S1001.
            date: the day to look up; it must be in YYYY-MM-DD format, e.g. 2026-07-25.
        """
        day = datetime.date.fromisoformat(date)  # raises ValueError on "tomorrow"
        lessons = data_en.SCHEDULES.get(student_id, {}).get(day.isoformat()) or []
        return "\n".join(f"{x['time']} {x['course']}" for x in lessons) or "no lessons"

    return get_schedule


def _naive_get_schedule_en(schedules: Mapping[str, Mapping[str, Sequence[Mapping[str, str]]]]) -> BaseTool:
    """The English edition of :func:`naive_get_schedule`."""

    @tool(parse_docstring=True)
    def get_schedule(student_id: str, date: str) -> str:
        """Look up a student's timetable for one day. Use it when a student asks whether they have class.

        Args:
            student_id: the student id, e.g. S1001.
            date: the day.
        """
        lessons = schedules.get(student_id, {}).get(date) or []
        if not lessons:
            return f"{student_id} has no lesson on {date}."
        return "\n".join(f"{x['time']} {x['course']} · {x['teacher']} in {x['room']}" for x in lessons)

    return get_schedule


def raised_in(exc: BaseException) -> str:
    """Where an exception was raised, as ``package/module.py:function`` (no machine paths)."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    frame = frames[-1]
    parts = frame.filename.replace(os.sep, "/").split("/")
    for anchor in ("langchain_core", "lessons", "langgraph"):
        if anchor in parts:
            parts = parts[parts.index(anchor) :]
            break
    else:
        parts = parts[-1:]
    return f"{'/'.join(parts)}:{frame.name}"


class CopyingScriptedChatModel(ScriptedChatModel):
    """The broken fake: ``bind_tools`` returns a *new* model, starting the script over."""

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedChatModel:
        fresh = ScriptedChatModel(responses=list(self.responses))
        fresh.bound_tools = list(tools)
        return fresh


def run_rebinding_loop(
    question: str,
    llm: BaseChatModel,
    tools: Sequence[BaseTool],
    *,
    max_steps: int = DEFAULT_MAX_STEPS,
    system: str = SYSTEM_PROMPT,
) -> dict[str, Any]:
    """A loop that calls ``bind_tools`` inside every step, as many graph nodes do.

    Returns:
        ``{"replies", "answer"}``: each step's tool calls (or final text), and the answer
        if one was reached within ``max_steps``.
    """
    by_name = {t.name: t for t in tools}
    messages: list[BaseMessage] = [SystemMessage(content=system), HumanMessage(content=question)]
    replies: list[Any] = []
    for _ in range(max_steps):
        ai = llm.bind_tools(list(tools)).invoke(messages)  # re-bound every step
        messages.append(ai)
        if not ai.tool_calls:
            replies.append(ai.content)
            return {"replies": replies, "answer": ai.content}
        replies.append([{"name": c["name"], "args": c["args"]} for c in ai.tool_calls])
        for c in ai.tool_calls:
            messages.append(ToolMessage(content=str(by_name[c["name"]].invoke(c["args"])), tool_call_id=c["id"]))
    return {"replies": replies, "answer": None}
