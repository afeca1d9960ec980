"""Tutor lesson 6's exercises: name the pitfall behind a real broken run, then fix the first one.

* :func:`check_predict_pitfall` -- the page shows the artifact of one broken run (without
  its title); which of the seven pitfalls produced it? The answer is that run's own number.
* :func:`check_fix_decorator` -- the learner's ``get_schedule`` is built with a bare ``@tool``
  and loses its parameter descriptions (pitfall 1); edit the text until none is lost. The
  tool is built from the text by :func:`toolcall_lab.stages.tool_source.parse_tool_source`,
  which parses it and never runs it.
"""

from __future__ import annotations

from lessons.tutor.lesson_3_registry import undescribed
from lessons.tutor.lesson_6_pitfalls import PITFALLS, PitfallResult
from toolcall_lab.checks import Checked
from toolcall_lab.stages.tool_source import parse_tool_source

#: The pitfall whose broken run the predict exercise shows.
SYMPTOM_PITFALL = 5


def symptom(lang: str = "zh") -> PitfallResult:
    """The broken run the predict exercise shows: :data:`SYMPTOM_PITFALL`, run for real."""
    return PITFALLS[SYMPTOM_PITFALL](True, lang=lang)


def check_predict_pitfall(answer: int | None, lang: str = "zh") -> Checked:
    """Predict: which pitfall (1-7) produced the run :func:`symptom` shows? Its own ``n`` is the answer."""
    shown = symptom(lang)
    return Checked(answer == shown["n"], shown["n"], shown["outcome"])


#: The learner's starting point: the specimen's get_schedule under a bare @tool.
FIX_SOURCE: dict[str, str] = {
    "zh": '''@tool
def get_schedule(student_id: str, date: str) -> str:
    """查询某个学生在指定日期的课表。

    Args:
        student_id: 学号（student id），大写 S 开头加四位数字，例如 S1001。
        date: 要查的日期（date），必须是 YYYY-MM-DD 格式，例如 2026-07-25。
    """
''',
    "en": '''@tool
def get_schedule(student_id: str, date: str) -> str:
    """Look up a student's timetable for one day.

    Args:
        student_id: the student id, an upper-case S and four digits, e.g. S1001.
        date: the day to look up; it must be in YYYY-MM-DD format, e.g. 2026-07-25.
    """
''',
}


def check_fix_decorator(source: str | None, lang: str = "zh") -> Checked:
    """Fix pitfall 1: edit the text so the built tool describes every parameter.

    ``got`` is the parameters the learner's tool leaves undescribed (or the explained
    refusal); ``expected`` the descriptions the same docstring gives once LangChain parses
    its ``Args:`` section (``parse_docstring=True``), computed by building that tool.
    """
    start = FIX_SOURCE["en" if lang == "en" else "zh"]
    parsed = parse_tool_source(start, parse_docstring=True)
    expected = {} if not hasattr(parsed, "fields") else {r["name"]: r["description"] for r in parsed.fields}
    got = undescribed(source or "")
    return Checked(isinstance(got, list) and not got, expected, got)
