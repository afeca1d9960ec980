"""A day counted from the day asked about before: "and two days later?", "再往后一天呢".

After "do I have anything on Monday?", "two days later" means two days after that Monday, not after
today; after "明儿我要去学校上课不", "再往后一天" is the day after tomorrow. Only words that count on from
something ("later", "after that", 往后, 再过) are read this way; "in two days" still counts from today.
"""

from __future__ import annotations

import datetime as dt
import re

from toolcall_lab.offline.dates import COUNT, DAY_OF_MONTH, DateMention, count_word

_COUNT = r"an?|" + COUNT  # "a day later" counts one
_LATER = re.compile(
    rf"\b(?P<n>{_COUNT})\s+days?\s+(?:later|(?:after|past|on from|beyond)\s+(?:that|it|this|then)"
    r"(?:\s+(?:one|day|date))?)\b"
    rf"|(?:再)?往后(?:推|挪|延)?(?P<n2>{_COUNT})天|再过(?P<n3>{_COUNT})天|再(?:往)?后(?P<n4>{_COUNT})天",
    re.I,
)


#: "same for the 29th", "那30号呢": a day of the month with no month, after a full date was asked.
_DAY_OF_MONTH = re.compile(r"\bthe\s+(?P<d>\d{1,2})(?:st|nd|rd|th)\b|(?<![\d月/\-])(?P<z>\d{1,2})\s*[号日](?!\d)", re.I)
_MONTH_NAMED = re.compile(r"\d{1,2}\s*月|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\d{4}-\d", re.I)


_DAY_BEFORE = re.compile(r"\bthe day before\b(?!\s+(?:yesterday|tomorrow))|前一天|前一日", re.I)


def later_than(text: str, earlier: str) -> str | None:
    """The ISO day ``text`` counts on to from the ISO day ``earlier``, else ``None``: a number of days later,
    or a day of the month written without its month (the earlier day's month, or the next one's).

    >>> later_than("same for the 29th", "2026-07-25"), later_than("那3号呢", "2026-07-25")
    ('2026-07-29', '2026-08-03')

    >>> later_than("and two days later, Wednesday?", "2026-07-27")
    '2026-07-29'
    >>> later_than("再往后一天呢", "2026-07-24")
    '2026-07-25'
    >>> later_than("in two days?", "2026-07-27") is None
    True
    """
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", earlier):
        return None
    if _DAY_BEFORE.search(text):  # "what about the day before": one day back from the day asked before
        return (dt.date.fromisoformat(earlier) - dt.timedelta(days=1)).isoformat()
    found = _LATER.search(text)
    if found is None:
        return _same_month(text, dt.date.fromisoformat(earlier))
    word = next(g for g in found.group("n", "n2", "n3", "n4") if g)
    n = 1 if word.lower() in ("a", "an") else count_word(word)
    if n <= 0:
        return None
    return (dt.date.fromisoformat(earlier) + dt.timedelta(days=n)).isoformat()


def _same_month(text: str, earlier: dt.date) -> str | None:
    found = _DAY_OF_MONTH.search(text)
    if found is None or _MONTH_NAMED.search(text):
        return None
    day = int(found.group("d") or found.group("z"))
    month, year = earlier.month, earlier.year
    if day < earlier.day:  # "the 3rd" after the 25th: next month's
        month, year = (1, year + 1) if month == 12 else (month + 1, year)
    try:
        return dt.date(year, month, day).isoformat()
    except ValueError:
        return None


#: "actually make that 6", "change it to 5", "改成5天吧": a new count in place of the one asked before.
_RESTATED = re.compile(
    rf"\b(?:make (?:it|that)|change (?:it|that) to|actually|nah|no,?)\s+(?P<n>{COUNT})(?:\s+days?)?"
    r"\s*(?:instead|then|pls|please)?\W*$"
    rf"|(?:改成|换成|改为)(?P<z>{COUNT})天?",
    re.I,
)


#: "再加两天", "two more days", "add another 2 days": more days on top of the ones asked before.
_MORE_DAYS = re.compile(
    rf"再加(?P<z>{COUNT})天|多(?P<z2>{COUNT})天|\b(?:add\s+)?(?:another\s+)?(?P<n>{COUNT})\s+more\s+days?\b"
    rf"|\badd\s+(?:another\s+)?(?P<n2>{COUNT})\s+days?\b",
    re.I,
)


def more_days(text: str) -> int | None:
    """How many days a follow-up adds to the earlier count, else ``None``.

    >>> more_days("再加两天"), more_days("and two more days pls"), more_days("in two days")
    (2, 2, None)
    """
    m = _MORE_DAYS.search(text)
    return count_word(next(g for g in m.groups() if g)) if m else None


def restated_count(text: str) -> int | None:
    """The count a follow-up puts in place of the earlier one, else ``None``.

    >>> restated_count("actually make that 6"), restated_count("改成五天吧"), restated_count("make it rain")
    (6, 5, None)
    """
    m = _RESTATED.search(text)
    return count_word(m.group("n") or m.group("z")) if m else None


def in_listed_month(mentions: list[DateMention]) -> list[str]:
    """The dates of a list, a bare day of the month taking the month of the full date before it.

    >>> from toolcall_lab.offline.dates import find_dates
    >>> in_listed_month(list(find_dates("我2026年7月25号和27号的课")))
    ['2026-07-25', '2026-07-27']
    """
    out: list[str] = []
    for i, d in enumerate(mentions):
        before = mentions[i - 1].iso if i else None
        if d.iso is None and before and DAY_OF_MONTH.fullmatch(d.raw):
            day = int(re.sub(r"\D", "", d.raw) or 0)
            try:
                out.append(dt.date.fromisoformat(before).replace(day=day).isoformat())
                continue
            except ValueError:
                pass
        out.append(d.value)
    return out
