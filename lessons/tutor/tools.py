"""The three tools of 小E: look up a word, a timetable, a learning record.

Three decisions shape every tool in this file:

1. **Factories, not module-level tools.** ``make_get_schedule(schedules)`` takes the
   data and returns a tool closed over it. Tests hand it three fake rows; production
   hands it what the database returned. Logic and data stay apart.
2. **``@tool(parse_docstring=True)``.** Without the flag, langchain-core keeps the
   whole docstring as the description and the ``Args:`` section never reaches the
   parameter schema: the model would see ``{"date": {"type": "string"}}`` and nothing
   about the format. The flag moves each ``Args:`` line into its parameter.
3. **Bad input returns text, never raises.** A tool runs inside a loop; an exception
   would blow up the whole conversation. A sentence saying what is wrong and how to
   fix it goes back to the model instead, which can then correct itself. The error
   text *is* a prompt.

The docstrings below are what the model reads to choose a tool and fill its
arguments, so they say what the tool does, when to call it (with the phrasings
students really use) and that the answer must come from the tool's result.

Each factory takes ``lang="zh"`` (the article's original, the default) or ``lang="en"``:
the English edition in :mod:`lessons.tutor.tools_en`, same logic, English text.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.tools import BaseTool, tool

from lessons.tutor import data as _data
from lessons.tutor import data_en as _data_en
from lessons.tutor import tools_en as _en
from toolcall_lab.stages.validation import FactSubject

# The only date format the tools accept. "明天", "下周三", "tomorrow", "2026/07/25"
# all fail this check and get a sentence explaining the format instead.
_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
# Student ids are an upper-case S followed by four digits: S1001.
_STUDENT_RE = re.compile(r"^S\d{4}$")
# A word from the list: letters, possibly with a hyphen, apostrophe or space inside.
_WORD_RE = re.compile(r"^[a-z][a-z'\- ]*$")

_WEEKDAYS_ZH = ("周一", "周二", "周三", "周四", "周五", "周六", "周日")


def _weekday_of(day: str) -> str:
    """Return the Chinese weekday of an ISO date, e.g. ``"2026-07-25"`` -> ``"周六"``.

    Raises:
        ValueError: when the date does not exist (``"2026-02-30"``).
    """
    return _WEEKDAYS_ZH[_dt.date.fromisoformat(day).weekday()]


def _check_student_id(sid: str) -> str | None:
    """Return a friendly complaint about a student id, or None when it looks right."""
    if not sid:
        return "没有拿到学号。请让学生提供学号（大写 S 开头加四位数字，例如 S1001）后再查询。"
    if not _STUDENT_RE.match(sid):
        return f"学号「{sid}」格式不对：学号是大写 S 开头加四位数字，例如 S1001。请核对后重新查询。"
    return None


def _not_found_student(sid: str) -> str:
    """The one sentence every tool uses when a student id is not in the data."""
    return f"学号 {sid} 不存在：没有找到这个学生。请让学生核对学号（例如 S1001），不要猜测其他学号。"


def _not_found_word(word: str) -> str:
    """The one sentence used when a word is not in the graded list."""
    return (
        f"分级词表里暂时没有「{word}」这个词，所以无法给出它的等级和考研大纲信息。"
        "请先确认拼写；如果拼写无误，可以说明词表未收录，并请教研老师补充。"
    )


def make_lookup_word(words: Mapping[str, Mapping[str, Any]], lang: str = "zh") -> BaseTool:
    """Build the word lookup tool over an injected word list.

    Args:
        words: word -> ``{"level", "kaoyan", "meaning", "example"}``; keys in lower case.

        lang: ``"zh"`` (the original) or ``"en"`` (:mod:`lessons.tutor.tools_en`).

    Returns:
        The ``lookup_word`` tool.
    """
    if lang == "en":
        return _en.make_lookup_word(words)

    @tool(parse_docstring=True)
    def lookup_word(word: str) -> str:
        """查询英文单词在本机构分级词表里的等级、是否属于考研大纲、中文释义和例句。

        当学生问「这个词是几级」「考不考」「考研要不要背」「是什么意思」「怎么用」时调用本工具。
        Use it when a student asks what level a word is, whether it is in the exam syllabus, or what it means.
        等级和大纲信息一律以本工具返回为准，不要凭印象回答。

        Args:
            word: 要查的英文单词（English word），原样传入，例如 accord。
        """
        # The model fills ``word`` itself, so treat it as untrusted: trim and lower-case.
        w = (word or "").strip().lower()
        if not w:
            return "没有拿到要查的单词。请告诉我具体是哪个英文单词，例如 accord。"
        if not _WORD_RE.match(w):
            return f"「{word.strip()}」不是一个英文单词。请传入单词原文（英文字母），例如 accord。"
        entry = words.get(w)
        if entry is None:
            return _not_found_word(w)
        # Say "not in the syllabus" out loud: a missing fact is a fact too.
        syllabus = "属于考研大纲词汇" if entry.get("kaoyan") else "不在考研大纲词汇内"
        return "\n".join(
            [
                f"{w} · 词表等级 {entry.get('level', '?')} 级 · {syllabus}",
                f"释义：{entry.get('meaning', '')}",
                f"例句：{entry.get('example', '')}",
            ]
        )

    return lookup_word


def make_get_schedule(schedules: Mapping[str, Mapping[str, Sequence[Mapping[str, str]]]], lang: str = "zh") -> BaseTool:
    """Build the timetable tool over injected timetables.

    Args:
        schedules: student id -> ISO date -> lessons ``{"time", "course", "teacher", "room"}``.

        lang: ``"zh"`` (the original) or ``"en"`` (:mod:`lessons.tutor.tools_en`).

    Returns:
        The ``get_schedule`` tool.
    """
    if lang == "en":
        return _en.make_get_schedule(schedules)

    @tool(parse_docstring=True)
    def get_schedule(student_id: str, date: str) -> str:
        """查询某个学生在指定日期的课表：几节课、几点、什么课、哪位老师、在哪间教室。

        当学生问「我明天有课吗」「某天有没有课」「几点上课」「在哪间教室」「哪个老师上课」时调用本工具。
        Use it when a student asks whether they have class on a day, at what time, in which room, with which teacher.
        时间、教室、老师一律以本工具返回为准，不要凭印象推断。

        Args:
            student_id: 学号（student id），大写 S 开头加四位数字，例如 S1001。
            date: 要查的日期（date），必须是 YYYY-MM-DD 格式，例如 2026-07-25。
        """
        sid = (student_id or "").strip().upper()
        day = (date or "").strip()
        # Both arguments may have been made up by the model: check each one and
        # send back a sentence that says exactly what to fix.
        complaint = _check_student_id(sid)
        if complaint:
            return complaint
        if not _DATE_RE.match(day):
            return (
                f"日期「{day or '空'}」格式不对，需要 YYYY-MM-DD，例如 2026-07-25。"
                "如果学生说的是「明天」「下周三」这类相对日期，请先换算成具体日期再调用；"
                "换算不了就请学生直接给出日期，不要猜。"
            )
        # The format is right, but is it a real day? 2026-02-30 is not.
        try:
            weekday = _weekday_of(day)
        except ValueError:
            return f"「{day}」不是一个真实存在的日期，请核对年、月、日后重新查询。"
        own = schedules.get(sid)
        if own is None:
            return _not_found_student(sid)
        lessons = list(own.get(day) or [])
        if not lessons:
            # "No lesson" is an answer, said plainly, with what to do instead.
            return f"{sid} 在 {day}（{weekday}）没有排课。可以安排自习，或联系教务预约补课。"
        # Numbered lines: the same text is read by the model and by a human in the logs.
        lines = [f"{sid} · {day}（{weekday}）共 {len(lessons)} 节课"]
        for i, lesson in enumerate(lessons, start=1):
            lines.append(
                f"{i}. {lesson.get('time', '')} {lesson.get('course', '')}"
                f" · {lesson.get('teacher', '')} 在 {lesson.get('room', '')}"
            )
        return "\n".join(lines)

    return get_schedule


def make_get_learning_record(records: Mapping[str, Mapping[str, Any]], lang: str = "zh") -> BaseTool:
    """Build the learning-record tool over injected records.

    Args:
        records: student id -> ``{"name", "class_name", "lessons_done", "lessons_total",
            "last_test", "weak_points"}``.

        lang: ``"zh"`` (the original) or ``"en"`` (:mod:`lessons.tutor.tools_en`).

    Returns:
        The ``get_learning_record`` tool.
    """
    if lang == "en":
        return _en.make_get_learning_record(records)

    @tool(parse_docstring=True)
    def get_learning_record(student_id: str) -> str:
        """查询某个学生的学习档案：所在班级、已学课时和进度百分比、最近一次测评成绩、薄弱项。

        当学生问「我学到哪了」「进度怎么样」「上次测评考了多少」「我哪里比较薄弱」时调用本工具。
        Use it when a student asks how far they have got, about their progress, last test scores or weak points.
        进度和分数一律以本工具返回为准，不要凭印象估计。

        Args:
            student_id: 学号（student id），大写 S 开头加四位数字，例如 S1001。
        """
        sid = (student_id or "").strip().upper()
        complaint = _check_student_id(sid)
        if complaint:
            return complaint
        record = records.get(sid)
        if record is None:
            return _not_found_student(sid)
        done = int(record.get("lessons_done", 0))
        total = int(record.get("lessons_total", 0))
        # Integer percent, rounded down: 42 / 80 = 52.5% -> "52%". Never divide by zero.
        percent = done * 100 // total if total else 0
        lines = [
            f"{sid} · {record.get('name', '')}（{record.get('class_name', '')}）",
            f"已学 {done} / {total} 课时，进度 {percent}%",
        ]
        test = record.get("last_test")
        if test:
            scores = " / ".join(f"{subject} {score:.1f}" for subject, score in test["scores"].items())
            lines.append(f"最近一次测评：{test['date']}，{scores}")
        else:
            lines.append("最近一次测评：暂无测评记录")
        weak = record.get("weak_points") or []
        lines.append(f"薄弱项：{'、'.join(weak) if weak else '暂无记录'}")
        return "\n".join(lines)

    return get_learning_record


def build_tools(
    words: Mapping[str, Mapping[str, Any]] | None = None,
    schedules: Mapping[str, Mapping[str, Sequence[Mapping[str, str]]]] | None = None,
    records: Mapping[str, Mapping[str, Any]] | None = None,
    *,
    lang: str = "zh",
) -> list[BaseTool]:
    """Build the three tools, each over the given data or the default data.

    Args:
        words: the graded word list; defaults to :data:`lessons.tutor.data.WORDS`.
        schedules: timetables; defaults to :data:`lessons.tutor.data.SCHEDULES`.
        records: learning records; defaults to :data:`lessons.tutor.data.RECORDS`.
        lang: ``"zh"`` (the article's tools and data) or ``"en"`` (the English edition,
            over :mod:`lessons.tutor.data_en` by default).

    Returns:
        ``[lookup_word, get_schedule, get_learning_record]``.
    """
    base = _data_en if lang == "en" else _data
    return [
        make_lookup_word(base.WORDS if words is None else words, lang),
        make_get_schedule(base.SCHEDULES if schedules is None else schedules, lang),
        make_get_learning_record(base.RECORDS if records is None else records, lang),
    ]


def learning_record_subject(records: Mapping[str, Mapping[str, Any]] | None = None) -> FactSubject:
    """小E's ``get_learning_record`` as a subject of the chain's fact check (stage ⑤).

    ``S9999`` is well-shaped (a string) and still wrong in fact: no such student. The
    tool says so in friendly text instead of raising, which is what stage ⑤ shows.
    """
    known = _data.RECORDS if records is None else records
    return FactSubject(
        tool=make_get_learning_record(known),
        knows=lambda args: str(args.get("student_id", "")).strip().upper() in known,
        default_args={"student_id": "S9999"},
    )
