"""Dates that do not exist ("the 31st of June", "2026-09-31", "2月30号"): the answer says so, and why.

A tool that gets such a date refuses it ("不是一个真实存在的日期，请核对…"), and a model that only quotes
that refusal leaves the learner to work out what is wrong. A careful assistant states it: "June has only
30 days, so June 31 does not exist", in the learner's language, and asks which day was meant. A date is
called impossible only when it certainly is: without a year, 29 February is taken to exist.
"""

from __future__ import annotations

import calendar
import re
from typing import Any

from toolcall_lab.i18n import Text

_MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
_MONTH = (
    r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
    r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_ORD = r"(\d{1,2})(?:st|nd|rd|th)?"
_FORMS = (
    (re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b"), ("y", "m", "d")),
    (re.compile(rf"\b{_ORD}\s+(?:of\s+)?{_MONTH}\b", re.I), ("d", "mn")),
    (re.compile(rf"\b{_MONTH}\s+(?:the\s+)?{_ORD}\b", re.I), ("mn", "d")),
    (re.compile(r"(?:(\d{4})\s*年\s*)?(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]"), ("y", "m", "d")),
)


def impossible_date(text: str) -> tuple[int | None, int, int, str] | None:
    """``(year, month, day, as written)`` of the first date in ``text`` that cannot exist, else ``None``.

    >>> impossible_date("am i free on the 31st of june"), impossible_date("查一下 2026-09-31 的课")
    ((None, 6, 31, '31st of june'), (2026, 9, 31, '2026-09-31'))
    >>> impossible_date("2月29号有课吗"), impossible_date("2026-02-29"), impossible_date("june 30")
    (None, (2026, 2, 29, '2026-02-29'), None)
    """
    for pattern, order in _FORMS:
        for m in pattern.finditer(text):
            parts = dict(zip(order, m.groups(), strict=True))
            year = int(parts["y"]) if parts.get("y") else None
            month = int(parts["m"]) if "m" in parts else _month_number(parts["mn"])
            day = int(parts["d"])
            if not 1 <= month <= 12 or day < 1:
                continue
            if day > calendar.monthrange(year or 2024, month)[1]:  # no year: a leap year, 29 February exists
                return year, month, day, m.group(0)
    return None


def impossible_in(result: dict[str, Any]) -> tuple[int | None, int, int, str] | None:
    """The impossible date a call was given as an argument, if any.

    >>> impossible_in({"args": {"student_id": "S1001", "date": "2026-09-31"}})[3]
    '2026-09-31'
    """
    for value in result.get("args", {}).values():
        found = impossible_date(str(value))
        if found:
            return found
    return None


def _month_number(name: str) -> int:
    return next(i for i, full in enumerate(_MONTHS, 1) if full.startswith(name.lower()[:3]))


def say_impossible(found: tuple[int | None, int, int, str], lang: str) -> str:
    """The answer for a date that does not exist: which, why, and a question back.

    >>> print(say_impossible((None, 6, 31, "31st of june"), "en"))
    31st of june is not a real date: June has only 30 days. Which day did you mean?
    >>> print(say_impossible((2026, 9, 31, "2026-09-31"), "zh"))
    「2026-09-31」这个日期不存在：9 月只有 30 天。你想查的是哪一天？
    """
    year, month, _, written = found
    most = calendar.monthrange(year or 2024, month)[1]
    return Text(
        f"「{written}」这个日期不存在：{month} 月只有 {most} 天。你想查的是哪一天？",
        f"{written} is not a real date: {_MONTHS[month - 1].title()} has only {most} days. Which day did you mean?",
    )(lang)
