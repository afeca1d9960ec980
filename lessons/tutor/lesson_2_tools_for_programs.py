"""Tutor lesson 2 -- tools are written for programs: friendly error text; one factory, two data sets.

Exercises: :func:`check_predict_rejects` (which dates will ``get_schedule`` answer with a
correction?) and :func:`check_fix_date` (turn 下周三 / next Wednesday into the date the tool
needs); both invoke the real tool at check time. They are :data:`EXERCISES`; LangChain is imported
inside the functions only, so the registry can count them without loading it.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from lessons.tutor import data_en
from lessons.tutor.data import SCHEDULES
from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Exercise, Line, Pills
from toolcall_lab.i18n import Text

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel
    from langchain_core.tools import BaseTool

# Other data for the same factory: a branch campus whose S1001 has a different Saturday.
# zh-only: the specimen's data
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
# zh-only: arguments as the article's model sent them
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
# zh-only: the Chinese dates it replaces
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
    from lessons.tutor.lesson_common import tools_for
    from lessons.tutor.registry import get_tool

    pool = list(tools) if tools is not None else tools_for(lang)
    cases = BAD_INPUT_CASES_EN if lang == "en" else BAD_INPUT_CASES
    return [
        {"tool": name, "args": dict(args), "reply": get_tool(name, pool).invoke(dict(args))} for name, args in cases
    ]


def lesson2_tools_for_programs(llm: BaseChatModel, question: str | None = None, lang: str = "zh") -> dict[str, Any]:
    """The 下周三 run, the bad-input gallery, and one factory over two data sets.

    Args:
        llm: the chat model for the 下周三 run.
        question: default the article's question three, ``"下周三我有课吗？学号 S1001"``.
        lang: the edition of tools, prompt and data, ``"zh"`` (the article's) or ``"en"``.

    Returns:
        ``{"run", "tool_call", "tool_message", "answer", "gallery", "same_factory"}``.
        ``same_factory`` is ``{"call", "default_data", "other_data"}``: the same call
        answered by ``make_get_schedule`` over the default data and over
        :data:`OTHER_SCHEDULES`.
    """
    from lessons.tutor.agent import run_manual, system_prompt
    from lessons.tutor.demo import DEMO_QUESTIONS
    from lessons.tutor.lesson_common import result_summary, tools_for
    from lessons.tutor.tools import make_get_schedule

    question = DEMO_QUESTIONS[2] if question is None else question
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
# zh-only: dates as a student types them
DATE_CHOICES: dict[str, tuple[str, ...]] = {
    "zh": ("2026-07-25", "明天", "2026/07/25", "2026-02-30", "2026-07-26"),
    "en": ("2026-07-25", "tomorrow", "2026/07/25", "2026-02-30", "2026-07-26"),
}


def schedule_reply(date: str, lang: str = "zh", student_id: str = "S1001") -> str:
    """What the real ``get_schedule`` says for ``student_id`` on ``date``."""
    from lessons.tutor.lesson_common import tools_for
    from lessons.tutor.registry import get_tool

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
    picked = [date for date in choices if isinstance(answer, (list, tuple)) and date in answer]
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
    typed = date.strip()[:40] if isinstance(date, str) else ""
    got = schedule_reply(typed, lang) if typed else ""
    return Checked(typed == want and not is_correction(got), expected, got)


#: Tutor 2's exercises; the page hands over ``ed``, the edition of 小E it runs.
EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="predict-corrections",
        kind="predict",
        title=Text("预测：哪些日期会被工具纠正？", "Predict: which dates does the tool answer with a correction?"),
        prompt=Text(
            "调用 `get_schedule(student_id='S1001', date=…)`：哪些日期拿到的是一句纠正，而不是课表？",
            "Calling `get_schedule(student_id='S1001', date=…)`: which dates get a correction instead of a timetable?",
        ),
        answer=Pills(Text("日期", "Dates"), lambda c: DATE_CHOICES[str(c["ed"])]),
        check=lambda answer, c: check_predict_rejects(answer, str(c["ed"])),
        right=Text("真实工具纠正了 {expected}。", "The real tool corrected {expected}."),
        wrong=Text(  # which dates, and the tool's replies, come with the answer
            "真实工具纠正的不是这一组日期。逐个想：这个 date 格式对吗？这一天真的存在吗？",
            "The real tool corrected another set of dates. Take them one by one: is the date well formed? "
            "Does that day exist?",
        ),
        hint=Text(
            "格式对、日子也真实存在才会查表；没课也是查表的结果。",
            "Only a well-formed, real date reaches the timetable; “no lesson” is a timetable answer too.",
        ),
        needs=("ed",),
    ),
    Exercise(
        slug="fix-relative-date",
        kind="fix",
        title=Text("修复：把「下周三」换成工具要的日期", "Fix it: turn “next Wednesday” into the date the tool needs"),
        prompt=Text(
            f"今天是 {TODAY.isoformat()}（周五）。模型把「下周三」原样传了进去；写出应该传的 date。",
            f"Today is {TODAY.isoformat()} (a Friday). The model passed “next Wednesday” raw; type the date it "
            "should have passed.",
        ),
        answer=Line(Text("date", "date"), max_chars=40, placeholder=Text("YYYY-MM-DD", "YYYY-MM-DD")),
        check=lambda answer, c: check_fix_date(answer, str(c["ed"])),
        right=Text("工具回了课表：{shown}", "The tool answered with the timetable: {shown}"),
        wrong=Text("工具对这个 date 的回复：{shown}", "The tool's reply to that date: {shown}"),
        hint=Text("下周一是 07-27。", "Next Monday is 07-27."),
        needs=("ed",),
    ),
)
