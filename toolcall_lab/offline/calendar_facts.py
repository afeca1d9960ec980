"""Questions about the calendar itself, answered from the words of the request: no tool has them.

"what day of the week is it today btw" is answered from the date the system prompt states, and when the
prompt states none the model says so (the tutor article's lesson: a model does not know what day it is).
"要是昨天是周三，那后天是星期几" is a sum over weekdays the learner gives. Neither is a web search.
"""

from __future__ import annotations

import datetime as dt
import re

from toolcall_lab.i18n import Text
from toolcall_lab.offline.dates import OFFSETS, ZH_WEEKDAYS, find_dates
from toolcall_lab.offline.lexicon import WEEKDAYS

_ZH_NAMES = "一二三四五六日"
_TODAY_ASKED = re.compile(
    r"\bwhat day (?:of the week )?is (?:it )?today\b|\bwhat(?:'s| is) (?:the )?date today\b"
    r"|\bwhat(?:'s| is) today'?s date"
    r"|\bwhat day is it\b|\bwhich (?:week)?day (?:are we on|is it)\b|\bwhat(?:'s| is) the date\b"
    r"|\bwhat (?:week)?day are we\b|今天(?:是)?(?:星期几|周几|礼拜几|几号|几月几号|几月几日)"
    r"|今儿(?:是)?(?:星期几|周几|几号)",
    re.I,
)
_DAY_WORD = r"昨天|今天|明天|前天|后天|大后天|yesterday|today|tomorrow|the day after tomorrow"
_WEEKDAY = r"(?:周|星期|礼拜)[一二三四五六日天]|monday|tuesday|wednesday|thursday|friday|saturday|sunday"
#: "要是昨天是周三，那后天是星期几", "if tomorrow is friday what day is the day after tomorrow"
_SUPPOSED = re.compile(
    rf"(?:要是|如果|假如|假设|\bif\b)\s*(?P<given>{_DAY_WORD})\s*(?:是|was|is|were)\s*(?P<weekday>{_WEEKDAY})"
    rf".{{0,12}}?(?P<asked>{_DAY_WORD})\s*(?:是|is|will be)?\s*(?:星期几|周几|礼拜几|what day)"
    rf"|(?:要是|如果|假如|假设|\bif\b)\s*(?P<given2>{_DAY_WORD})\s*(?:是|was|is|were)\s*(?P<weekday2>{_WEEKDAY})"
    rf".{{0,20}}?\bwhat day (?:is|will be|was)\s+(?P<asked2>{_DAY_WORD})",
    re.I,
)


def _weekday_index(word: str) -> int:
    low = word.lower()
    if low[-1] in ZH_WEEKDAYS:
        return ZH_WEEKDAYS[low[-1]]
    return [d.lower() for d in WEEKDAYS].index(low)


def supposed_weekday(text: str) -> tuple[str, int] | None:
    """(the day asked, its weekday index) for "if <day> is <weekday>, what day is <day>?", else ``None``.

    >>> supposed_weekday("要是昨天是周三，那后天是星期几")
    ('后天', 5)
    >>> supposed_weekday("if tomorrow is friday, what day is yesterday?")
    ('yesterday', 2)
    """
    m = _SUPPOSED.search(text)
    if m is None:
        return None
    given = (m.group("given") or m.group("given2")).lower()
    weekday = m.group("weekday") or m.group("weekday2")
    asked = (m.group("asked") or m.group("asked2")).lower()
    shift = OFFSETS.get(asked, 0) - OFFSETS.get(given, 0)
    return asked, (_weekday_index(weekday) + shift) % 7


#: "what day of the week is 2026-07-25?", "2026-07-25 是星期几": the calendar, not a timetable
_WEEKDAY_OF = re.compile(
    r"\bwhat (?:day of the week|weekday|day) (?:is|was|will be) (?P<en>\d{4}-\d{2}-\d{2})"
    r"|(?P<zh>\d{4}-\d{2}-\d{2})\s*(?:是|那天是)?(?:星期几|周几|礼拜几)",
    re.I,
)


def weekday_of(text: str) -> dt.date | None:
    """The date whose weekday is asked, else ``None``.

    >>> weekday_of("what day of the week is 2026-07-25? not my classes, just the weekday")
    datetime.date(2026, 7, 25)
    """
    m = _WEEKDAY_OF.search(text)
    try:
        return dt.date.fromisoformat(m.group("en") or m.group("zh")) if m else None
    except ValueError:
        return None  # "2026-02-30": no such day; the question is read on as written


def kind_of(text: str) -> str | None:
    """``today``, ``supposed`` or ``weekday_of`` when the message asks the calendar itself, else ``None``."""
    if supposed_weekday(text):
        return "supposed"
    if weekday_of(text):
        return "weekday_of"
    if _TODAY_ASKED.search(text):
        return "today"
    return None


def answer(kind: str, text: str, today: dt.date | None, lang: str) -> str:
    """Today from the system prompt (or that it states none), or the supposed weekday worked out."""
    if kind == "supposed":
        asked, day = supposed_weekday(text) or ("", 0)
        return Text(
            f"那{asked}是星期{_ZH_NAMES[day]}。按你给的那天往前后数就行，不用调用工具。",
            f"Then {asked} is {WEEKDAYS[day]}: it is counted from the day you gave, so no tool is needed.",
        )(lang)
    asked_day = weekday_of(text) if kind == "weekday_of" else None
    if asked_day is not None:
        return Text(
            f"{asked_day.isoformat()} 是星期{_ZH_NAMES[asked_day.weekday()]}。这是日历上的事，不用调用工具。",
            f"{asked_day.isoformat()} is a {WEEKDAYS[asked_day.weekday()]}. "
            "That is the calendar, so no tool is needed.",
        )(lang)
    if today is None:
        return Text(
            "我不知道今天是几号：系统提示词里没有写今天的日期，我也没有能查日期的工具。"
            "要让模型知道今天，得把日期写进系统提示词。",
            "I don't know today's date: the system prompt does not state it, and none of my tools tells the date. "
            "For a model to know what day it is, the date has to be written into the system prompt.",
        )(lang)
    weekday = today.weekday()
    return Text(
        f"今天是 {today.isoformat()}，星期{_ZH_NAMES[weekday]}（系统提示词里写着）。",
        f"Today is {WEEKDAYS[weekday]}, {_english(today)} (the system prompt states it).",
    )(lang)


def _english(day: dt.date) -> str:
    return f"{day.day} {day.strftime('%B')} {day.year}"


_STATED = re.compile(r"(?:today is|today's date is|it's|it is|\bits|今天是|今天|现在是)\s*(?:the\s+)?", re.I)


def stated_today(text: str) -> tuple[dt.date, str] | None:
    """Today's date when the learner states it ("any classes today? it's 2026-07-27 btw"), and the
    words that state it (taken out of the question: a statement, not one more ask).

    >>> stated_today("any classes 2day? it's 2026-07-27 btw")
    (datetime.date(2026, 7, 27), "it's 2026-07-27 btw")
    >>> stated_today("do I have class on 2026-07-27?") is None
    True
    """
    for mark in _STATED.finditer(text):
        for d in find_dates(text[mark.end() : mark.end() + 30]):
            if d.kind == "calendar" and d.iso and d.start == 0:
                end = mark.end() + len(d.raw)
                tail = re.match(r"\s*(?:today|今天)?(?:\s*btw)?", text[end:], re.I)  # "it's 2026-07-24 today btw"
                return dt.date.fromisoformat(d.iso), text[mark.start() : end + (tail.end() if tail else 0)]
    return None
