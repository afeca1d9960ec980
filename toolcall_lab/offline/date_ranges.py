"""A span of days written as two days and a word between them ("monday to wednesday next week",
"下周一到周三", "from today through monday"): every day of it, for a tool that takes one date.
"""

from __future__ import annotations

import datetime as dt
import re

from toolcall_lab.offline.dates import EN_WEEKDAYS, ZH_DAY, find_dates

_RANGE_WORD = re.compile(r"\b(?:to|through|thru|until|till)\b|到|至|[-–~～]", re.I)
_NEXT_WEEK = re.compile(r"\bnext week\b|下周|下星期|下礼拜", re.I)
_BARE_WEEKDAY = re.compile(rf"(?:{'|'.join(EN_WEEKDAYS)}|(?:周|星期|礼拜){ZH_DAY})", re.I)


_WEEKEND = re.compile(r"(?P<next>下(?:个)?)?(?:这个?|本)?周末|\b(?:this|the|(?P<next2>next))\s+weekend\b", re.I)


def date_range(text: str, today: dt.date | None, year: int | None = None) -> list[str]:
    """Every day of a span of at most a week written as two days and a word between them ("monday to
    wednesday next week", "下周一到周三", "from today through monday"); ``[]`` when there is none.

    A later day named on its own belongs to the first one's week or after it ("下周一到周三" ends on
    next week's Wednesday); "next week" after two bare weekdays moves both there.

    >>> date_range("下周一到周三，我哪天的课开始得最早", dt.date(2026, 7, 24))
    ['2026-07-27', '2026-07-28', '2026-07-29']
    >>> date_range("monday to wednesday next week", dt.date(2026, 7, 22))
    ['2026-07-27', '2026-07-28', '2026-07-29']
    >>> date_range("how many classes from today through monday", dt.date(2026, 7, 24))
    ['2026-07-24', '2026-07-25', '2026-07-26', '2026-07-27']
    >>> date_range("tomorrow, and the 29th", dt.date(2026, 7, 24))
    []
    """
    found = [d for d in find_dates(text, today, year) if d.iso and d.kind in ("relative", "calendar")]
    if today is not None and not found and (weekend := _WEEKEND.search(text)):  # "这周末我有什么课": Saturday, Sunday
        to_saturday = -1 if today.weekday() == 6 else (5 - today.weekday()) % 7  # on a Sunday, this weekend is today
        saturday = today + dt.timedelta(
            days=to_saturday + (7 if weekend.group("next") or weekend.group("next2") else 0)
        )
        days = [saturday, saturday + dt.timedelta(days=1)]
        return [d.isoformat() for d in days if d >= today]
    if today is None or len(found) != 2:
        return []
    first, second = found
    if not _RANGE_WORD.search(text[first.start + len(first.raw) : second.start]):
        return []
    start, end = dt.date.fromisoformat(str(first.iso)), dt.date.fromisoformat(str(second.iso))
    bare = [bool(_BARE_WEEKDAY.fullmatch(d.raw.strip())) for d in found]
    if all(bare) and _NEXT_WEEK.search(text):  # "monday to wednesday next week"
        monday = today - dt.timedelta(days=today.weekday()) + dt.timedelta(days=7)
        start, end = monday + dt.timedelta(days=start.weekday()), monday + dt.timedelta(days=end.weekday())
    while end < start:
        end += dt.timedelta(days=7)
    if (end - start).days > 6:
        return []
    return [(start + dt.timedelta(days=i)).isoformat() for i in range((end - start).days + 1)]


def one_date_each(items: list[str], today: dt.date | None, year: int | None) -> list[str] | None:
    """The one date each item of a list names ("S1002's for 2026-07-28", "S1003's for 2026-07-25"), or ``None``
    when an item names none or several: then the dates are not the items' own.

    >>> one_date_each(["S1002's timetable for 2026-07-28", "S1003's for 2026-07-25"], None, None)
    ['2026-07-28', '2026-07-25']
    """
    found = [[d.value for d in find_dates(s, today, year) if d.kind not in ("week", "next_day")] for s in items]
    return [f[0] for f in found] if items and all(len(f) == 1 for f in found) else None
