"""The English edition of 小E's three tools: the same factories, English docstrings and replies.

:mod:`lessons.tutor.tools` is the article's original, in Chinese. This edition keeps its
three decisions (factories over injected data, ``@tool(parse_docstring=True)``, bad input
answered with a sentence instead of an exception) and says everything in English, so an
English page shows a schema, a ToolMessage and an answer a learner can read. Build it
with ``build_tools(lang="en")`` or ``make_get_schedule(schedules, lang="en")``.

The docstrings are what the model reads to choose a tool and fill its arguments; the
replies are what it reads back, so each bad input says what is wrong and how to fix it.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.tools import BaseTool, tool

# The only date format the tools accept: "tomorrow", "next Wednesday", "2026/07/25" fail.
_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
# Student ids are an upper-case S followed by four digits: S1001.
_STUDENT_RE = re.compile(r"^S\d{4}$")
# A word from the list: letters, possibly with a hyphen, apostrophe or space inside.
_WORD_RE = re.compile(r"^[a-z][a-z'\- ]*$")


def _weekday_of(day: str) -> str:
    """The English weekday of an ISO date, ``"2026-07-25"`` -> ``"Saturday"`` (ValueError if no such day)."""
    return _dt.date.fromisoformat(day).strftime("%A")


def _check_student_id(sid: str) -> str | None:
    """A friendly complaint about a student id, or None when it looks right."""
    if not sid:
        return "No student id was given. Ask the student for it (an upper-case S and four digits, e.g. S1001)."
    if not _STUDENT_RE.match(sid):
        return f"The student id '{sid}' is invalid: it must be an upper-case S and four digits, e.g. S1001."
    return None


def _not_found_student(sid: str) -> str:
    """The one sentence every tool uses when a student id is not in the data."""
    return f"Student {sid} does not exist in the records. Ask the student to check the id (e.g. S1001); do not guess."


def make_lookup_word(words: Mapping[str, Mapping[str, Any]]) -> BaseTool:
    """Build the word lookup tool over an injected word list (English edition).

    Args:
        words: word -> ``{"level", "kaoyan", "meaning", "example"}``; keys in lower case.

    Returns:
        The ``lookup_word`` tool.
    """

    @tool(parse_docstring=True)
    def lookup_word(word: str) -> str:
        """Look up an English word in the school's graded word list: level, kaoyan syllabus, meaning, example.

        Use it when a student asks what level a word is, whether it is in the exam syllabus, or what it means.
        Always take the level and the syllabus from this tool, never from memory.

        Args:
            word: the English word to look up, as the student wrote it, e.g. accord.
        """
        # The model fills ``word`` itself, so treat it as untrusted: trim and lower-case.
        w = (word or "").strip().lower()
        if not w:
            return "No word was given. Which English word should I look up? For example: accord."
        if not _WORD_RE.match(w):
            return f"'{word.strip()}' is invalid: pass the English word itself (letters only), e.g. accord."
        entry = words.get(w)
        if entry is None:
            return (
                f"The word '{w}' does not exist in the graded word list, so its level and syllabus are unknown. "
                "Check the spelling; if it is right, say the list does not have it yet."
            )
        # Say "not in the syllabus" out loud: a missing fact is a fact too.
        syllabus = "in the kaoyan syllabus" if entry.get("kaoyan") else "NOT in the kaoyan syllabus"
        return "\n".join(
            [
                f"{w} · level {entry.get('level', '?')} on the word list · {syllabus}",
                f"Meaning: {entry.get('meaning', '')}",
                f"Example: {entry.get('example', '')}",
            ]
        )

    return lookup_word


def make_get_schedule(schedules: Mapping[str, Mapping[str, Sequence[Mapping[str, str]]]]) -> BaseTool:
    """Build the timetable tool over injected timetables (English edition).

    Args:
        schedules: student id -> ISO date -> lessons ``{"time", "course", "teacher", "room"}``.

    Returns:
        The ``get_schedule`` tool.
    """

    @tool(parse_docstring=True)
    def get_schedule(student_id: str, date: str) -> str:
        """Look up a student's timetable for one day: how many lessons, when, which course, teacher and room.

        Use it when a student asks whether they have class on a day, at what time, in which room, with which teacher.
        Always take times, rooms and teachers from this tool, never from memory.

        Args:
            student_id: the student id, an upper-case S and four digits, e.g. S1001.
            date: the day to look up; it must be in YYYY-MM-DD format, e.g. 2026-07-25.
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
                f"The date '{day or 'empty'}' is invalid: it must be YYYY-MM-DD, e.g. 2026-07-25. "
                "If the student said a relative day such as 'tomorrow' or 'next Wednesday', turn it into a "
                "real date first; if you cannot, ask the student for the date. Do not guess."
            )
        # The format is right, but is it a real day? 2026-02-30 is not.
        try:
            weekday = _weekday_of(day)
        except ValueError:
            return f"'{day}' is invalid: that day does not exist. Check the year, month and day."
        own = schedules.get(sid)
        if own is None:
            return _not_found_student(sid)
        lessons = list(own.get(day) or [])
        if not lessons:
            # "No lesson" is an answer, said plainly, with what to do instead.
            return f"{sid} has no lesson on {day} ({weekday}). Self-study, or ask the office to book a make-up."
        # Numbered lines: the same text is read by the model and by a human in the logs.
        lines = [f"{sid} · {day} ({weekday}): {len(lessons)} lesson(s)"]
        for i, lesson in enumerate(lessons, start=1):
            lines.append(
                f"{i}. {lesson.get('time', '')} {lesson.get('course', '')}"
                f" · {lesson.get('teacher', '')} in {lesson.get('room', '')}"
            )
        return "\n".join(lines)

    return get_schedule


def make_get_learning_record(records: Mapping[str, Mapping[str, Any]]) -> BaseTool:
    """Build the learning-record tool over injected records (English edition).

    Args:
        records: student id -> ``{"name", "class_name", "lessons_done", "lessons_total",
            "last_test", "weak_points"}``.

    Returns:
        The ``get_learning_record`` tool.
    """

    @tool(parse_docstring=True)
    def get_learning_record(student_id: str) -> str:
        """Look up a student's learning record: course group, hours done and progress, the last test, weak points.

        Use it when a student asks how far they have got, about their progress, last test scores or weak points.
        Always take progress and scores from this tool, never from memory.

        Args:
            student_id: the student id, an upper-case S and four digits, e.g. S1001.
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
            f"{sid} · {record.get('name', '')} ({record.get('class_name', '')})",
            f"{done} / {total} lessons done, progress {percent}%",
        ]
        test = record.get("last_test")
        if test:
            scores = " / ".join(f"{subject} {score:.1f}" for subject, score in test["scores"].items())
            lines.append(f"Last test: {test['date']}, {scores}")
        else:
            lines.append("Last test: none yet")
        weak = record.get("weak_points") or []
        lines.append(f"Weak points: {', '.join(weak) if weak else 'none noted'}")
        return "\n".join(lines)

    return get_learning_record
