"""Tutor lesson 2 -- tools are written for programs: friendly error text; one factory, two data sets.

Exercises: :func:`check_predict_rejects` (which dates will ``get_schedule`` answer with a
correction?) and :func:`check_fix_date` (turn 下周三 / next Wednesday into the date the tool
needs); both invoke the real tool at check time.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.tools import BaseTool

from lessons.tutor import data_en
from lessons.tutor.agent import run_manual, system_prompt
from lessons.tutor.data import SCHEDULES
from lessons.tutor.demo import DEMO_QUESTIONS
from lessons.tutor.lesson_common import result_summary, tools_for
from lessons.tutor.registry import get_tool
from lessons.tutor.tools import make_get_schedule
from toolcall_lab.checks import Checked

# Other data for the same factory: a branch campus whose S1001 has a different Saturday.
OTHER_SCHEDULES: dict[str, dict[str, list[dict[str, str]]]] = {
    "S1001": {
        "2026-07-25": [{"time": "13:30-15:00", "course": "雅思口语小班", "teacher": "孙老师", "room": "分校 A201"}],
    },
}

# The same branch campus in the English edition.
OTHER_SCHEDULES_EN: dict[str, dict[str, list[dict[str, str]]]] = {
    "S1001": {
        "2026-07-25": [
            {
                "time": "13:30-15:00",
                "course": "IELTS Speaking (small group)",
                "teacher": "Ms Sun",
                "room": "Branch A201",
            }
        ],
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
# The same gallery for the English edition: the relative dates an English student types.
BAD_INPUT_CASES_EN: tuple[tuple[str, dict[str, str]], ...] = tuple(
    (name, {**args, "date": {"明天": "tomorrow", "下周三": "next Wednesday", "tomorrow": "Wed 29th"}[args["date"]]})
    if args.get("date") in ("明天", "下周三", "tomorrow")
    else (name, args)
    for name, args in BAD_INPUT_CASES
)


def bad_input_gallery(tools: Sequence[BaseTool] | None = None, lang: str = "zh") -> list[dict[str, Any]]:
    """Call each tool with each bad input and keep what it said (it never raises).

    Args:
        tools: the tools to call (default: the three default tools in ``lang``).
        lang: ``"zh"`` (the article's cases) or ``"en"`` (:data:`BAD_INPUT_CASES_EN`).

    Returns:
        ``[{"tool", "args", "reply"}]`` in the order of :data:`BAD_INPUT_CASES`.
    """
    pool = list(tools) if tools is not None else tools_for(lang)
    cases = BAD_INPUT_CASES_EN if lang == "en" else BAD_INPUT_CASES
    return [
        {"tool": name, "args": dict(args), "reply": get_tool(name, pool).invoke(dict(args))} for name, args in cases
    ]


def lesson2_tools_for_programs(
    llm: BaseChatModel, question: str = DEMO_QUESTIONS[2], lang: str = "zh"
) -> dict[str, Any]:
    """The 下周三 run, the bad-input gallery, and one factory over two data sets.

    Args:
        llm: the chat model for the 下周三 run.
        question: default ``"下周三我有课吗？学号 S1001"``.
        lang: the edition of tools, prompt and data, ``"zh"`` (the article's) or ``"en"``.

    Returns:
        ``{"run", "tool_call", "tool_message", "answer", "gallery", "same_factory"}``.
        ``same_factory`` is ``{"call", "default_data", "other_data"}``: the same call
        answered by ``make_get_schedule`` over the default data and over
        :data:`OTHER_SCHEDULES`.
    """
    result = run_manual(question, llm, tools_for(lang), system=system_prompt(lang), lang=lang)
    first = result.steps[0] if result.steps else None
    call = {"student_id": "S1001", "date": "2026-07-25"}
    default_data, other_data = (data_en.SCHEDULES, OTHER_SCHEDULES_EN) if lang == "en" else (SCHEDULES, OTHER_SCHEDULES)
    return {
        "run": result_summary(result),
        "tool_call": first.tool_calls[0] if first else None,
        "tool_message": first.observations[0] if first else None,
        "answer": result.answer,
        "gallery": bad_input_gallery(lang=lang),
        "same_factory": {
            "call": call,
            "default_data": make_get_schedule(default_data, lang).invoke(call),
            "other_data": make_get_schedule(other_data, lang).invoke(call),
        },
    }


# ---------------------------------------------------------------- exercises
# "Today" in the article's scene (Friday); 下周三 / next Wednesday is a date relative to it.
TODAY = _dt.date(2026, 7, 24)
# The dates offered in the predict exercise, per language.
DATE_CHOICES: dict[str, tuple[str, ...]] = {
    "zh": ("2026-07-25", "明天", "2026/07/25", "2026-02-30", "2026-07-26"),
    "en": ("2026-07-25", "tomorrow", "2026/07/25", "2026-02-30", "2026-07-26"),
}


def schedule_reply(date: str, lang: str = "zh", student_id: str = "S1001") -> str:
    """What the real ``get_schedule`` says for ``student_id`` on ``date``."""
    return str(get_tool("get_schedule", tools_for(lang)).invoke({"student_id": student_id, "date": date}))


def is_correction(reply: str, student_id: str = "S1001") -> bool:
    """True when the tool answered with a correction, not with the student's timetable.

    Every timetable answer (lessons or "no lesson") opens with the student id; a
    correction opens with what is wrong.
    """
    return not reply.startswith(student_id)


def check_predict_rejects(answer: list[str] | None, lang: str = "zh") -> Checked:
    """Predict: which of :data:`DATE_CHOICES` will ``get_schedule`` answer with a correction?

    ``expected`` is computed by invoking the real tool on each date; ``got`` is the replies.
    """
    choices = DATE_CHOICES["en" if lang == "en" else "zh"]
    replies = {date: schedule_reply(date, lang) for date in choices}
    expected = [date for date in choices if is_correction(replies[date])]
    picked = [date for date in choices if date in (answer or [])]
    return Checked(picked == expected, expected, replies)


def next_wednesday(today: _dt.date = TODAY) -> _dt.date:
    """下周三 / next Wednesday: the Wednesday of the week after ``today``'s."""
    next_monday = today + _dt.timedelta(days=7 - today.weekday())
    return next_monday + _dt.timedelta(days=2)


def check_fix_date(date: str | None, lang: str = "zh") -> Checked:
    """Fix: the model passed 下周三 raw; give ``get_schedule`` the date it needs (today is :data:`TODAY`).

    ``got`` is the real tool's reply to the learner's date; ``expected`` the right date and its reply.
    """
    want = next_wednesday().isoformat()
    expected = {"date": want, "reply": schedule_reply(want, lang)}
    typed = (date or "").strip()[:40]
    got = schedule_reply(typed, lang) if typed else ""
    return Checked(typed == want and not is_correction(got), expected, got)
