"""Spans of days a forecast question asks for: "next 3 days", "a fortnight", "till Sunday", "明后两天".

Counted with today as day 1 ("tomorrow" is 2 days of forecast), against the date a system prompt
states where a weekday or the weekend is named. Dates themselves are read by :mod:`.dates`.
"""

from __future__ import annotations

import datetime as dt
import re

from toolcall_lab.offline.dates import DAYS_FROM_NOW, EN_WEEKDAYS, OFFSETS, ZH_WEEKDAYS, count_word, find_dates
from toolcall_lab.offline.lexicon import EN_NUM, ZH_NUM, full_weekday

_DAY_COUNT = re.compile(
    # "十五天", "二十天": a Chinese number of two characters is read whole, not as its last digit
    r"(?!(?<=[下后第哪])一)(?<!\d)(?P<n>\d{1,3}|[二三]?十[一二三四五六七八九]?|[一两二三四五六七八九十]|one|two|three|four"
    r"|five|six|seven|eight|nine|ten)"
    # "十来天", "十几天", "ten-ish days", "10 or so days": about that many
    r"(?:来|几|多|余|(?:\s*-\s*|\s*)ish|\s+or so)?(?:\s*-\s*|\s*)"
    r"(?:days?\b|天)",
    re.I,
)


def _chinese_number(n: str) -> int | None:
    """ "五" → 5, "十五" → 15, "二十" → 20 (the numbers a count of days is written in).

    >>> _chinese_number("十五"), _chinese_number("二十"), _chinese_number("七")
    (15, 20, 7)
    """
    if "十" not in n or n == "十":
        return ZH_NUM.get(n)
    tens, _, ones = n.partition("十")
    return (ZH_NUM.get(tens, 1) if tens else 1) * 10 + (ZH_NUM.get(ones, 0) if ones else 0)


#: "warmest day over the next 7 in sydney": a count after "next" with its "days" left out
_NEXT_N = re.compile(
    r"\b(?:next|coming|upcoming)\s+(?P<n>[2-7]|two|three|four|five|six|seven)\b"
    r"(?!\s*(?:weeks?|hours?|hrs?|months?|years?|lessons?|classes|students?|words?|times?|minutes?|mins?|[-:]))",
    re.I,
)
_HOURS = re.compile(
    r"(?<!\d)(?P<h>\d{2,3}|[二三四五六七八九]?十[一二三四五六七八九]?)\s*(?:hours?|hrs?|小时|个小时)(?![A-Za-z])", re.I
)
#: "and day four?", "the fourth day": one forecast day by its number, so the forecast up to it
_DAY_NUMBER = re.compile(
    r"\bday\s+(?P<n>[1-7]|one|two|three|four|five|six|seven)\b(?!\s*(?:days?|of)\b)"
    r"|\bthe\s+(?P<o>second|third|fourth|fifth|sixth|seventh|[2-7](?:nd|rd|th))\s+day\b",
    re.I,
)
_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}
#: "3 weeks out", "next few weeks", "三个星期": more weeks than a forecast holds (the tool's limit cuts it)
_WEEKS = re.compile(
    r"\b(?:\d|two|three|four|five|six|several|few|couple(?: of)?)\s+weeks?\b"
    r"|(?<![一\d])[两三四五六]\s*(?:个)?(?:周|星期|礼拜)(?![一二三四五六日]|天(?!气))",
    re.I,
)
_FORTNIGHT = re.compile(r"fortnight|two[- ]weeks?\b|2[- ]weeks?\b|两周|两个星期|两个礼拜|半个月", re.I)
NOW_ASKED = re.compile(r"\b(?:now|right now|rn|at the moment|currently)\b|现在|这会儿|此刻|目前", re.I)
EVENT_TIME = re.compile(
    r"\bnext (?:week|month)\b|下(?:个)?(?:周|星期|礼拜|月)(?![一二三四五六日天])|明天(?=要|去|得|飞|就要|在)", re.I
)
_MONTH_SPAN = re.compile(
    r"\b(?:a|one|1|the next|next|this|whole|the coming|coming|upcoming)\s+month\b"
    r"|\b(?:all|the whole) (?:of )?(?:august|september|july|month)\b"
    r"|一个月|1个月|个把月|整个月|这个月|下个月|整个(?:[一二三四五六七八九十]{1,2}|\d{1,2})月"
    # "整个暑假", "the whole summer", "a hundred days": far more than a forecast holds
    r"|整个暑假|整个夏天|整个寒假|\b(?:the whole|all) summer\b|\b(?:a |one )?hundred days\b|一百天",
    re.I,
)
# "后面两天呢" (after today's weather): the days after today, so today and those two (3); "往后五天" counts
# from today (5), and "3天后" is a date
_DAYS_AFTER = re.compile(r"后面的?(?P<n>\d|[一两二三四五六])\s*天")
_TWO_DAYS_ON = re.compile(r"明后(?:两|2)?天")  # 明后两天: tomorrow and the day after, so three days from today
_WEEK = re.compile(
    r"whole week|full week|entire week|all week|this week|next week|coming week|the week(?!end)|a week|week's|weekly"
    # "周一周二" and "星期一星期二" hold 一周 and 一星期 by accident: Monday and Tuesday, not a week
    r"|(?<!周)一周|一个星期|一个礼拜|这周(?![一二三四五六日]|天(?!气))|这一周|本周(?![一二三四五六日]|天(?!气))"
    r"|(?<!期)一星期"
    r"|这个星期(?![一二三四五六日]|天(?!气))|这星期(?![一二三四五六日]|天(?!气))|未来一周|整周"
    r"|下周(?![一二三四五六日天])|下个星期(?![一二三四五六日天])",
    re.I,
)


#: "the next few days", "这几天": a few days ahead, read as three (the tool's default is today alone)
_FEW_DAYS = re.compile(
    r"\b(?:next|coming|these|following)\s+(?:few|several)\s+days\b|\b(?:the )?(?:next|coming) days\b"
    r"|(?:这|近|最近|未来|接下来|往后|后面)几天(?!里|中|当中|之中)",  # "这几天里哪天最冷": the days already asked
    re.I,
)


_UNTIL = re.compile(
    r"(?:till|until|through|thru|to|up to|到|至)\s*"
    rf"(?P<day>(?:next\s+|this\s+|下(?:个)?|这个|这|本)?(?:{'|'.join(EN_WEEKDAYS)}|"
    r"(?:周|星期|礼拜)[一二三四五六日天]))"
    # "seoul thu to sun", "the long weekend (fri-mon)": a span of short weekdays, up to its last day
    r"|\b(?:mon|tues?|wed|thu|thur|thurs|fri|sat|sun)\s*(?:to|-|–|till|thru)\s*"
    r"(?P<short>mon|tues?|wed|thu|thur|thurs|fri|sat|sun)\b",
    re.I,
)
#: "till the end of this week": up to Sunday
_WEEK_END = re.compile(r"\b(?:the )?end of (?:this|the) week\b|这周结束|本周结束", re.I)
#: "9 nights": the days from the first to the last, one more than the nights
_NIGHTS = re.compile(
    r"\b(?P<n>\d{1,2}|two|three|four|five|six|seven|eight|nine|ten) nights?\b|(?P<zh>\d{1,2})\s*晚(?!上|饭|餐)", re.I
)
_WEEKEND = re.compile(r"weekend|周末|rest of the week|this week's end", re.I)


def asks_days(text: str) -> bool:
    """Does the text ask for a span or a day ahead ("next 30 days", "fortnight", "明天", "till Sunday")?"""
    if days_asked(text) or _UNTIL.search(text) or _WEEKEND.search(text):
        return True
    return any(d.offset is not None and d.offset > 0 for d in find_dates(text))


_TODAY_IS = re.compile(
    rf"\b(?:it'?s|today(?:'s| is))\s+(?:a\s+)?(?P<en>{'|'.join(EN_WEEKDAYS)})(?:\s+today)?\b"
    r"|今天(?:是)?(?:周|星期|礼拜)(?P<zh>[一二三四五六日天])",
    re.I,
)


def weekday_said(text: str) -> dt.date | None:
    """A stand-in for today with the weekday the learner says it is ("it's thursday today btw"): a day of that
    weekday, good for counting days ahead (never for a date to look up)."""
    m = _TODAY_IS.search(text)
    if m is None:
        return None
    index = EN_WEEKDAYS.index(m.group("en").lower()) if m.group("en") else ZH_WEEKDAYS[m.group("zh")]
    return dt.date(2026, 7, 20) + dt.timedelta(days=index)


def days_until(text: str, today: dt.date | None) -> int | None:
    """Days of forecast up to a weekday or the weekend ("till Sunday", "到下周一", "this weekend"),
    counting today as day 1; ``None`` without today's date or such words. A weekday the learner says today
    is ("it's thursday today btw") is enough: only the days between are counted.

    >>> days_until("picnic in seoul this weekend, thoughts? it's thursday today btw", None)
    4
    """
    today = today or weekday_said(text)
    if today is None:
        return None
    m = _UNTIL.search(text)
    if m:
        day = m.group("day") or full_weekday(m.group("short"))
        found = find_dates(day, today)
        if found and found[0].offset is not None and found[0].offset >= 0:
            return found[0].offset + 1
    if _WEEKEND.search(text) or _WEEK_END.search(text):
        return 6 - today.weekday() + 1 if today.weekday() <= 6 else None
    return None


def days_asked(text: str, today: dt.date | None = None) -> int | None:
    """How many days of forecast a question asks for, counting today as day 1.

    "next 3 days" → 3, "5-day" → 5, "whole week" → 7, "tomorrow" → 2, "后天" → 3; ``None``
    when the question does not say (the tool's default then applies).

    >>> days_asked("Paris tomorrow"), days_asked("曼谷未来三天"), days_asked("a 7-day forecast")
    (2, 3, 7)
    """
    if NOW_ASKED.search(text):  # "下周飞曼谷 先看看那边这会儿多少度": when the trip is, not the days asked
        text = EVENT_TIME.sub(" ", text)
    elif EVENT_TIME.search(text):  # "下周出差去 Tokyo，先看明天那边的天气": a day named beside the trip is asked
        beside = days_asked(EVENT_TIME.sub(" ", text), today)
        if beside:
            return beside
    until = days_until(text, today)
    if until:
        return until
    nights = _NIGHTS.search(text)
    if nights:  # "it's 9 nights": ten days, more than the forecast holds
        return count_word(nights.group("n") or nights.group("zh")) + 1
    hours = _HOURS.search(text)
    if hours:  # "next 72 hrs", "七十二小时": the days those hours reach into
        h = hours.group("h")
        return max(1, -(-(int(h) if h.isdigit() else _chinese_number(h) or 24) // 24))
    numbered = _DAY_NUMBER.search(text)
    if numbered:  # "and day four?": the forecast up to that day
        n, o = (numbered.group("n") or "").lower(), (numbered.group("o") or "").lower()
        return int(n) if n.isdigit() else EN_NUM.get(n) or _ORDINALS.get(o) or int(o[0])
    later = DAYS_FROM_NOW.search(text)
    if later:  # "in 3 days": today and the three after it
        return count_word(next(g for g in later.groups() if g)) + 1
    if _TWO_DAYS_ON.search(text):
        return 3
    if re.search(r"\bcouple(?: of)? days\b", text, re.I):  # "paris for the next couple days"
        return 2
    after = _DAYS_AFTER.search(text)
    if after:
        return count_word(after.group("n")) + 1
    m = _DAY_COUNT.search(text) or _NEXT_N.search(text)
    if m:
        n = m.group("n").lower()
        return int(n) if n.isdigit() else _chinese_number(n) or EN_NUM.get(n)
    if _FORTNIGHT.search(text):
        return 14
    if _FEW_DAYS.search(text):
        return 3
    if _WEEKS.search(text):
        return 21
    if _MONTH_SPAN.search(text):
        return 30  # the tool's own limit cuts it to what it can forecast
    if _WEEK.search(text):
        return 7
    offsets = [
        d.offset for d in find_dates(text, today) if d.kind == "relative" and d.offset is not None and d.offset > 0
    ]
    if not offsets:
        offsets = [OFFSETS[d.raw.lower()] for d in find_dates(text) if d.raw.lower() in OFFSETS]
        offsets = [o for o in offsets if o > 0]
    return max(offsets) + 1 if offsets else None
