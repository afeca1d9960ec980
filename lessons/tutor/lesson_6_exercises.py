"""Tutor lesson 6's exercises: name the pitfall behind a real broken run, fix the first one, and the section review.

* :func:`check_predict_pitfall` -- the page shows the artifact of one broken run (without
  its title); which of the seven pitfalls produced it? The answer is that run's own number.
* :func:`check_fix_decorator` -- the learner's ``get_schedule`` is built with a bare ``@tool``
  and loses its parameter descriptions (pitfall 1); edit the text until none is lost. The
  tool is built from the text by :func:`toolcall_lab.stages.tool_source.parse_tool_source`,
  which parses it and never runs it.

The page's :data:`EXERCISES` are those two, then the tutor section's review
(:data:`lessons.course.review_exercises.REVIEW_TUTOR`), the page being the section's last.
LangChain is imported inside the functions only, so the registry can count them without it.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from lessons.course.review_exercises import REVIEW_TUTOR
from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Code, Context, Exercise, Select, Specimen
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import json_text

if TYPE_CHECKING:
    from lessons.tutor.lesson_6_pitfalls import PitfallResult

#: The pitfall whose broken run the predict exercise shows.
SYMPTOM_PITFALL = 5
#: The seven pitfalls, by number (the predict exercise's options).
PITFALL_NUMBERS: tuple[int, ...] = tuple(range(1, 8))


def symptom(lang: str = "zh") -> PitfallResult:
    """The broken run the predict exercise shows: :data:`SYMPTOM_PITFALL`, run for real."""
    from lessons.tutor.lesson_6_pitfalls import PITFALLS

    return PITFALLS[SYMPTOM_PITFALL](True, lang=lang)


@functools.lru_cache(maxsize=2)
def symptom_artifact(lang: str = "zh") -> str:
    """The artifact of :func:`symptom` as the exercise shows it (JSON), run once per language."""
    return json_text(symptom(lang)["artifact"])


def check_predict_pitfall(answer: int | None, lang: str = "zh") -> Checked:
    """Predict: which pitfall (1-7) produced the run :func:`symptom` shows? Its own ``n`` is the answer."""
    shown = symptom(lang)
    return Checked(answer == shown["n"], shown["n"], shown["outcome"])


#: The learner's starting point: the specimen's get_schedule under a bare @tool (the article's, or the English edition).
FIX_SOURCE = Text(
    '''@tool
def get_schedule(student_id: str, date: str) -> str:
    """查询某个学生在指定日期的课表。

    Args:
        student_id: 学号（student id），大写 S 开头加四位数字，例如 S1001。
        date: 要查的日期（date），必须是 YYYY-MM-DD 格式，例如 2026-07-25。
    """
''',
    '''@tool
def get_schedule(student_id: str, date: str) -> str:
    """Look up a student's timetable for one day.

    Args:
        student_id: the student id, an upper-case S and four digits, e.g. S1001.
        date: the day to look up; it must be in YYYY-MM-DD format, e.g. 2026-07-25.
    """
''',
)


def check_fix_decorator(source: str | None, lang: str = "zh") -> Checked:
    """Fix pitfall 1: edit the text so the built tool describes every parameter.

    ``shown`` is the parameters the learner's tool leaves undescribed (``error``: the explained
    refusal when the text builds no tool); ``expected`` the descriptions the same docstring gives
    once LangChain parses its ``Args:`` section (``parse_docstring=True``), computed by building that tool.
    """
    from lessons.tutor.lesson_3_registry import undescribed
    from toolcall_lab.errors import ExplainedError
    from toolcall_lab.stages.tool_source import parse_tool_source

    parsed = parse_tool_source(FIX_SOURCE(lang), parse_docstring=True)
    expected = {} if not hasattr(parsed, "fields") else {r["name"]: r["description"] for r in parsed.fields}
    got = undescribed(source if isinstance(source, str) else "")
    if isinstance(got, ExplainedError):
        return Checked(False, expected, got, error=got)
    return Checked(not got, expected, got)


def _pitfall_title(n: int, context: Context) -> str:
    """A pitfall as the page titles it (``pitfall_titles``, handed over by the page), else its number."""
    return str((context.get("pitfall_titles") or {}).get(n, n))


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="predict-pitfall",
        kind="predict",
        title=Text("预测：这是哪个坑？", "Predict: which pitfall produced this run?"),
        prompt=Text(
            "下面是一次真实的坏运行的产物（没写标题）。它是哪个坑造成的？",
            "Below is the artifact of a real broken run, untitled. Which pitfall produced it?",
        ),
        specimen=Specimen(lambda c: symptom_artifact(str(c["ed"])), language="json"),
        answer=Select(Text("坑", "Pitfall"), lambda _c: PITFALL_NUMBERS, format=_pitfall_title),
        check=lambda answer, c: check_predict_pitfall(answer, str(c["ed"])),
        right=Text("这是第 {expected} 个坑。", "Pitfall {expected}."),
        wrong=Text(  # where to look, never the run's outcome (its name says which pitfall it is)
            "再读一遍这份产物：它记下了什么，又缺了什么？和页面上每个坑的运行对照一下。",
            "Read the artifact again: what did it record, and what is missing? Compare it with each pitfall's run "
            "on this page.",
        ),
        hint=Text("手里那个对象一条请求都没记下。", "The object you hold recorded no request at all."),
        needs=("ed",),
    ),
    Exercise(
        slug="fix-decorator",
        kind="fix",
        title=Text(
            "修复第 1 个坑：让参数说明进 schema", "Fix pitfall 1: get the parameter descriptions into the schema"
        ),
        prompt=Text(
            "改这段源码（只解析、不运行），让每个参数都有说明。",
            "Edit this source (parsed, never run) so every parameter is described.",
        ),
        answer=Code(Text("source", "source"), lambda c: FIX_SOURCE(str(c["ed"])), height=220),
        check=lambda answer, c: check_fix_decorator(answer, str(c["ed"])),
        right=Text("每个参数都有说明。", "Every parameter is described."),
        wrong=Text("还没有说明的参数：{shown}", "Parameters still without a description: {shown}"),
        hint=Text("看装饰器那一行。", "Look at the decorator line."),
        needs=("ed",),
    ),
    REVIEW_TUTOR,
)
