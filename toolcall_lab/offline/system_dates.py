"""Today's date as a system prompt states it, in any of the ways prompts write it: "今天是 2026-07-24",
"[config] date = Friday 2026-07-24", "助教小E｜日期：7月24日（2026年，星期五）", "the server clock reads 2026-07-22".

Relative days ("明天", "next Tuesday") are computed from it; a prompt that states no date leaves them unresolved.
"""

from __future__ import annotations

import datetime as dt
import re

from toolcall_lab.offline.dates import EN_WEEKDAYS, ZH_DAY, find_dates
from toolcall_lab.offline.spelled_dates import in_digits

_TODAY_MARK = re.compile(
    r"(今天是|今天|今日|当前日期|日期\s*[:：=]|现在是|today is|today's date is|current date|the date today is"
    r"|\bit is\b|\bit's\b|the date today|date today|\bdate\s*[:：=]|\bcalendar\s*[:：=]|\btoday\s*[:：=]"
    r"|\bclock reads\b|\"today\"\s*:|\bdate in [a-z ]{1,20}\btime\s*[:：]|\blocal date\b)",
    re.I,
)


_ANY_WEEKDAY = re.compile(rf"\b(?:{'|'.join(EN_WEEKDAYS)})\b|(?:周|星期|礼拜){ZH_DAY}", re.I)


def today_in(system: str) -> dt.date | None:
    """Today's date when the system prompt states it ("今天是 2026-07-24", "Today is 2026-07-24").

    >>> today_in("[config] date = Friday 2026-07-24; default student = S1001")
    datetime.date(2026, 7, 24)
    >>> today_in("助教小E｜日期：7月24日（2026年，星期五）｜"), today_in("Calendar: Monday 20/07/2026.")
    (datetime.date(2026, 7, 24), datetime.date(2026, 7, 20))
    >>> today_in("The server clock reads 2026-07-22 08:15, a Wednesday morning.")
    datetime.date(2026, 7, 22)
    >>> today_in("你是天气小助手，今天是七月二十五号（2026年，周六）。")
    datetime.date(2026, 7, 25)
    """
    system = in_digits(system)  # "二〇二六年七月二十三日", "the twenty-fourth of July 2026", "24.07.2026"
    for mark in _TODAY_MARK.finditer(system):
        window = system[mark.end() : mark.end() + 40]
        year = re.search(r"(?<!\d)(20\d\d)(?!\d)", window)  # "日期：7月24日（2026年，星期五）": the year after
        for d in find_dates(window, year=int(year.group(1)) if year else None):
            if d.kind in ("calendar", "month_day") and d.iso:
                return dt.date.fromisoformat(d.iso)
    # no word says "today", but the prompt names one full date and a weekday: the date it was written for
    full = {d.iso for d in find_dates(system) if d.kind == "calendar" and d.iso}
    if len(full) == 1 and _ANY_WEEKDAY.search(system):
        return dt.date.fromisoformat(full.pop())
    return None
