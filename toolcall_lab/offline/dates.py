"""Dates the way learners write them: ISO, Chinese and English calendar dates, relative days.

A date mention keeps the words as written (``raw``) and, when the words and what the model
knows allow it, the ISO date they mean (``iso``). What the model knows is at most today's
date (when the system prompt states it) and a year seen in the conversation:

* ``2026-07-25``, ``2026/07/25``, ``07/25/2026``, ``2026年7月25日``, ``July 25, 2026``,
  ``25 July 2026`` carry their year and always become ISO;
* ``7月25号``, ``July 25`` become ISO only with a known year, else they stay raw;
* ``明天``, ``下周三``, ``tomorrow``, ``next Wednesday`` become ISO only when today is known.
  Otherwise they are passed through raw: the model does not know what day it is, and
  the tutor article's lesson is what a tool does with "下周三".
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import re
from dataclasses import dataclass

from toolcall_lab.offline.lexicon import EN_NUM, WEEKDAYS, ZH_NUM, full_weekday
from toolcall_lab.offline.spelled_dates import zh_count
from toolcall_lab.offline.weekday_beside import without_weekday_beside

_MONTH_NAMES = (
    "jan|january feb|february mar|march apr|april may jun|june jul|july aug|august"
    " sep|sept|september oct|october nov|november dec|december"
)
_MONTHS = {m: i + 1 for i, names in enumerate(_MONTH_NAMES.split()) for m in names.split("|")}
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
EN_WEEKDAYS = tuple(day.lower() for day in WEEKDAYS)
#: A Chinese weekday's character (周一 … 周日 / 周天) and its index, Monday 0.
ZH_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_ORD = r"(?:st|nd|rd|th)?"

# Patterns with a year first, then without; each names its groups y / m / d.
_CALENDAR = [
    re.compile(r"(?<!\d)(?P<y>\d{4})[-/.](?P<m>\d{1,2})[-/.](?P<d>\d{1,2})(?!\d)"),
    re.compile(r"(?<!\d)(?P<m>\d{1,2})/(?P<d>\d{1,2})/(?P<y>\d{4})(?!\d)"),
    re.compile(r"(?<![\d./-])(?P<d>\d{1,2})[.-](?P<m>\d{1,2})[.-](?P<y>\d{4})(?!\d)"),  # 27.07.2026, European
    re.compile(r"(?P<y>\d{4})\s*年\s*(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*[日号]?"),
    re.compile(rf"\b(?P<mn>{_MONTH})\.?\s+(?P<d>\d{{1,2}}){_ORD}(?:,?\s*(?P<y>\d{{4}}))?\b", re.I),
    re.compile(rf"\b(?P<d>\d{{1,2}}){_ORD}\s+(?:of\s+)?(?P<mn>{_MONTH})\b\.?(?:,?\s*(?P<y>\d{{4}}))?", re.I),
    re.compile(r"(?<![\d年])(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*[日号]"),
    # "lessons on 7/27": month/day, only where the other reading is no date (7/8 stays unread)
    re.compile(
        r"(?<![\d/.])(?P<m>\d{1,2})/(?P<d>\d{1,2})(?![\d/.])(?!\s*(?:lessons?|classes|节|课|days?|天|%|marks?|分))"
    ),
    # "7.29 那天": month.day only where a day word follows (6.5 alone is a score)
    re.compile(r"(?<![\d.])(?P<m>\d{1,2})\.(?P<d>\d{1,2})(?![\d.])(?=\s*(?:那天|这天|号|日|有课|的课|上课))"),
]
ZH_DAY = "(?:[一二三四五六日]|天(?!气))"  # 周天 is Sunday, 一周天气 is a week's weather
_RELATIVE = re.compile(
    r"(?P<zh>大后天|后天|明天|今天|昨天|前天|今晚|明早|明晚|次日|第二天|下一天|后一天|隔天|再隔一天|再下一天"
    rf"|(?P<zhweek>下下|下|这|本|上)?(?:个)?(?:周|星期|礼拜)(?P<zhday>{ZH_DAY}))"
    r"|(?P<en>(?:the )?day after tomorrow|the one after(?: tomorrow)?|tomorrow|today|tonight|yesterday|the next day"
    r"|the following day|the day following"
    r"|the day (?:right |just )?after|the very next day|the (?:following|next) date|the date after"
    rf"|(?P<enweek>next|this|last)?\s*(?P<enday>{'|'.join(EN_WEEKDAYS)})"
    # "next Wed", "on Thurs": a short weekday only after a word that makes it one (a sun, to wed)
    r"|(?P<abweek>next|this|last|on|by|till|until|through|thru|(?:this\s+)?(?:coming|upcoming))\s+(?P<abday>mon|tues?|wed|thu|thur|thurs|fri|sat|sun)"
    r"|(?:next|this|last) week"
    # "Mon - which room is my class in": a short weekday that opens the message, set off by a dash or colon
    r"|^\s*(?P<abday2>mon|tues?|wed|thu|thur|thurs|fri|sat|sun)\.?(?=\s*[-–—:,])"
    # "got anything fri evening?": a short weekday before a part of the day or a lesson
    r"|(?P<abday3>mon|tues?|wed|thu|thur|thurs|fri|sat|sun)\.?(?=\s+(?:morning|afternoon|evening|night|class|lesson)))\b",
    re.I,
)
_DAY_OF_NEXT_WEEK = re.compile(
    rf"\b(?P<en>{'|'.join(EN_WEEKDAYS)})\s+(?:of\s+|in\s+)?next\s+week\b"
    rf"|\b(?:the\s+|this\s+)?(?:past\s+)?(?P<gone>{'|'.join(EN_WEEKDAYS)})\s+(?:just\s+gone|that\s+just\s+(?:passed|went))\b"
    rf"|\bthis\s+past\s+(?P<gone2>{'|'.join(EN_WEEKDAYS)})\b"
    rf"|\bthe\s+(?:one|day)\s+(?:right\s+|just\s+)?after\s+(?P<after>{'|'.join(EN_WEEKDAYS)})\b"
    rf"|\bnext\s+week(?:'s)?\s+(?P<en2>{'|'.join(EN_WEEKDAYS)}|mon|tues?|wed|thu|thur|thurs|fri|sat|sun)\b"
    rf"|下(?:个)?(?:周|星期|礼拜)的(?:周|星期|礼拜)(?P<zh>{ZH_DAY})"
    # "a week Tuesday", "Tuesday week" (British): the Tuesday after the coming one
    rf"|\bthe\s+week\s+after\s+next,?\s*(?:on\s+)?(?P<wan>{'|'.join(EN_WEEKDAYS)})\b"
    rf"|\b(?P<wan2>{'|'.join(EN_WEEKDAYS)})\s+(?:of\s+)?the\s+week\s+after\s+next\b"
    rf"|\b(?P<tw>{'|'.join(EN_WEEKDAYS)})\s+(?:of\s+)?this\s+week\b"  # "monday this week": this week's, even if gone
    rf"|\ba\s+week\s+(?:on\s+)?(?P<wk>{'|'.join(EN_WEEKDAYS)})\b|\b(?P<wk2>{'|'.join(EN_WEEKDAYS)})\s+week\b(?!\s*(?:'s|of))",
    re.I,
)
OFFSETS = {
    "今天": 0, "今晚": 0, "today": 0, "tonight": 0, "明天": 1, "明早": 1, "明晚": 1, "tomorrow": 1, "后天": 2,
    "the day after tomorrow": 2, "day after tomorrow": 2, "the one after tomorrow": 2,
    "大后天": 3, "昨天": -1, "yesterday": -1, "前天": -2,
}  # fmt: skip
_NEXT_DAY = {
    "次日", "第二天", "下一天", "后一天", "隔天", "再隔一天", "再下一天",
    "the next day", "the following day", "the day after", "the day right after",
    "the day just after", "the very next day", "the one after",
    "the day following", "the following date", "the next date", "the date after",
}  # fmt: skip
#: A number of days or weeks as learners write it: digits, a Chinese numeral, an English number word.
COUNT = r"\d{1,2}|[一两二三四五六七八九十]|" + "|".join(EN_NUM)
# "three days from now", "in 3 days", "3天后", "过两天": a number of days from today.
DAYS_FROM_NOW = re.compile(
    rf"\b(?:in\s+)?(?P<n>{COUNT})\s+days?\s+(?:from\s+(?:now|today)|later|after\s+today|out(?!\s+of\b)|away|ahead)\b"
    rf"|\bin\s+(?P<n2>{COUNT})\s+days?\b|(?P<n3>{COUNT})\s*天(?:后|以后|之后)|过(?P<n4>{COUNT})天",
    re.I,
)
# "the 28th", "on the 3rd", "28号" (no month): a day of this month, or of the next when it is past.
DAY_OF_MONTH = re.compile(
    r"\bthe\s+(?P<d>\d{1,2})(?:st|nd|rd|th)\b|(?<![\d月])(?P<d2>\d{1,2})\s*[号日](?![\d])"
    r"|(?<![^\s，,。？?！!：:是在到的从和跟同、])(?P<zd>[一二三]?十[一二三四五六七八九]?|[一二三四五六七八九])\s*号"
    r"(?![楼线房床门厅车码])",  # 二十八号
    re.I,
)


def day_number(m: re.Match[str]) -> int:
    """The day of a :data:`DAY_OF_MONTH` match, digits or a Chinese numeral ("二十八号" → 28)."""
    return int(m.group("d") or m.group("d2")) if not m.group("zd") else zh_count(m.group("zd"))


# "a week from tomorrow", "two weeks from today", "一周后": weeks from a day.
_WEEK_FROM = re.compile(
    rf"\b(?:a|one|(?P<n>{COUNT}))\s+weeks?\s+(?:from|after)\s+(?P<base>tomorrow|today|now)\b"
    r"|(?:一周|一个星期|一星期)(?:后|以后|之后)",
    re.I,
)
_MONTH_END = re.compile(
    r"(?:这个|本)?月底|(?:这个|本)?月末|(?:这个|本)?月(?:的)?最后一天|\bend of (?:the|this) month\b|\bmonth[- ]end\b"
    r"|\blast day of (?:the|this) month\b",
    re.I,
)
# Parts of today: "this afternoon", "今晚"
_TODAY_PARTS = re.compile(r"\bthis\s+(?:morning|afternoon|evening)\b", re.I)


@dataclass(frozen=True)
class DateMention:
    """One date in the text.

    Attributes:
        raw: the words as written ("下周三", "July 25", "2026-07-25").
        iso: the ISO date they mean, when that can be known; else ``None``.
        kind: ``calendar`` (has a year), ``month_day``, ``relative``, ``next_day`` or ``week``.
        offset: for a relative day, days from today (tomorrow = 1); else ``None``.
        start: where the mention starts in the text.
    """

    raw: str
    iso: str | None
    kind: str
    offset: int | None = None
    start: int = 0

    @property
    def value(self) -> str:
        """What goes into a date argument: the ISO date when known, else the words as written."""
        return self.iso or self.raw


def _iso(year: int, month: int, day: int) -> str | None:
    try:
        return dt.date(year, month, day).isoformat()
    except ValueError:
        return None


def _relative(match: re.Match[str], today: dt.date | None) -> DateMention:
    raw = match.group(0).strip()
    low = raw.lower()
    if low in _NEXT_DAY:
        return DateMention(raw, None, "next_day", None, match.start())
    if low.endswith("week"):
        return DateMention(raw, None, "week", None, match.start())
    offset = OFFSETS.get(low)
    if offset is None:
        day = match.group("zhday") or match.group("enday") or ""
        short = (match.group("abday") or match.group("abday2") or match.group("abday3") or "").lower()
        wanted = ZH_WEEKDAYS.get(day, EN_WEEKDAYS.index(day.lower()) if day.lower() in EN_WEEKDAYS else 0)
        if short:
            wanted = next(i for i, name in enumerate(EN_WEEKDAYS) if name.startswith(short))
        which = (match.group("zhweek") or match.group("enweek") or match.group("abweek") or "").lower()
        if short and which not in ("next", "this", "last"):
            which = ""  # "on Wed", "till Fri": the weekday to come
            raw = raw.split(None, 1)[1] if which == "" and " " in raw else raw
        if today is None:
            return DateMention(raw, None, "relative", None, match.start())
        monday = today - dt.timedelta(days=today.weekday())
        if which in ("下", "next"):
            target = monday + dt.timedelta(days=7 + wanted)
        elif which == "下下":
            target = monday + dt.timedelta(days=14 + wanted)
        elif which == "上":  # 上周三: the Wednesday of last week
            target = monday + dt.timedelta(days=wanted - 7)
        elif which == "last":  # "last Monday" said on a Saturday: the Monday just gone
            target = today - dt.timedelta(days=(today.weekday() - wanted) % 7 or 7)
        elif which in ("这", "本"):
            target = monday + dt.timedelta(days=wanted)
        elif which == "this":  # "this Wednesday" said on a Thursday is the one to come
            target = monday + dt.timedelta(days=wanted)
            target = target if target >= today else target + dt.timedelta(days=7)
        else:  # a bare weekday: the next one to come
            target = today + dt.timedelta(days=(wanted - today.weekday()) % 7)
        offset = (target - today).days
    iso = (today + dt.timedelta(days=offset)).isoformat() if today is not None else None
    return DateMention(raw, iso, "relative", offset, match.start())


@functools.lru_cache(maxsize=1024)
def find_dates(text: str, today: dt.date | None = None, year: int | None = None) -> tuple[DateMention, ...]:
    """Every date mentioned in ``text``, in order, without overlaps.

    Args:
        text: the words to read.
        today: today's date, when the system prompt states it (relative days then resolve).
        year: a year known from the conversation (completes "7月25号").

    >>> [m.value for m in find_dates("2026年7月25日和明天")]
    ['2026-07-25', '明天']
    >>> find_dates("7月25号", year=2026)[0].iso
    '2026-07-25'
    """
    found: list[DateMention] = []
    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return all(b <= s or a >= e for s, e in taken)

    known_year = year or (today.year if today else None)
    for pattern in _CALENDAR:
        for m in pattern.finditer(text):
            if not free(m.start(), m.end()):
                continue
            groups = m.groupdict()
            month = _MONTHS[groups["mn"].lower()] if groups.get("mn") else int(groups["m"])
            day = int(groups["d"])
            if month > 12 >= day:  # 27/07/2026: day first
                month, day = day, month
            has_year = bool(groups.get("y"))
            if not has_year and "/" in m.group(0) and month > 12:
                continue  # "18/20" is a score
            if not has_year and "/" in m.group(0) and max(month, day) <= 12:
                continue  # "7/8": July 8 or 7 August; not read
            use_year = int(groups["y"]) if has_year else known_year
            raw = m.group(0).strip()
            iso = _iso(use_year, month, day) if use_year else None
            if has_year and iso is None and "-" in raw:
                iso = None  # a well-formed but impossible ISO date stays as written: the tool says why
            found.append(DateMention(raw, iso, "calendar" if has_year else "month_day", None, m.start()))
            taken.append((m.start(), m.end()))
    for mention in _weeks_from(text, today):  # "a week from tomorrow" before its "tomorrow"
        found.append(mention)
        taken.append((mention.start, mention.start + len(mention.raw)))
    for m in _DAY_OF_NEXT_WEEK.finditer(text):  # "wednesday of next week", "the saturday just gone"
        weekday, gone = m.group("en") or m.group("en2"), m.group("gone") or m.group("gone2")
        weekday = full_weekday(weekday).lower() if weekday else weekday  # "next week wed"
        after, week_on = m.group("after"), m.group("wk") or m.group("wk2")
        past_next = (m.group("wan") or m.group("wan2") or "").lower()  # "the week after next, Monday": 下下周一
        named = f"下下周{'一二三四五六日'[EN_WEEKDAYS.index(past_next)]}" if past_next else ""
        if m.group("tw"):
            named = f"这周{'一二三四五六日'[EN_WEEKDAYS.index(m.group('tw').lower())]}"
        said = _RELATIVE.fullmatch(
            after
            or week_on
            or named
            or (f"last {gone}" if gone else f"next {weekday}" if weekday else f"下周{m.group('zh')}")
        )
        if said and free(m.start(), m.end()):
            meant = _relative(said, today)
            if after or week_on:  # "the one right after friday": the day after; "a week tuesday": 7 days on
                meant = _shifted(meant, 1 if after else 7)
            found.append(dataclasses.replace(meant, raw=m.group(0).strip(), start=m.start()))
            taken.append((m.start(), m.end()))
    for m in _RELATIVE.finditer(text):
        if free(m.start(), m.end()):
            found.append(_relative(m, today))
            taken.append((m.start(), m.end()))
    for mention in _worded(text, today):
        if free(mention.start, mention.start + len(mention.raw)):
            found.append(mention)
            taken.append((mention.start, mention.start + len(mention.raw)))
    if _PAST.search(text) and today is not None:  # "did i have a class this tuesday?" on a Thursday: just gone
        found = [_shifted(d, -7) if d.raw.lower().startswith("this ") else _month_back(d, today) for d in found]
    return tuple(without_weekday_beside(_same_week(sorted(found, key=lambda d: d.start), text, today), text))


def _month_back(day: DateMention, today: dt.date) -> DateMention:
    """A day of the month asked in the past tense ("what did I have on the 25th", said on 2 August): last month's."""
    if not DAY_OF_MONTH.fullmatch(day.raw) or day.iso is None or day.iso <= today.isoformat():
        return day
    moved = dt.date.fromisoformat(day.iso)
    back = _iso(moved.year - (moved.month == 1), (moved.month - 2) % 12 + 1, moved.day)
    return dataclasses.replace(day, iso=back, offset=(dt.date.fromisoformat(back) - today).days) if back else day


_LIST_GLUE = re.compile(r"\s*(?:和|跟|同|与|及|、|还有|或|,|，|and|or|&)\s*", re.I)
_BARE_DAY = re.compile(rf"(?:周|星期|礼拜){ZH_DAY}|{'|'.join(EN_WEEKDAYS)}", re.I)


def _same_week(found: list[DateMention], text: str, today: dt.date | None) -> list[DateMention]:
    """A bare weekday listed right after one of next week is of next week too ("下礼拜一同礼拜三", "next mon, wed")."""
    out = list(found)
    for i in range(1, len(out)):
        before, day = out[i - 1], out[i]
        gap = text[before.start + len(before.raw) : day.start]
        nextweek = re.match(r"下(?:个)?(?:周|星期|礼拜)|next\s", before.raw, re.I)
        if nextweek and _BARE_DAY.fullmatch(day.raw.strip()) and _LIST_GLUE.fullmatch(gap):
            said = _RELATIVE.fullmatch(("下" if before.raw.startswith("下") else "next ") + day.raw.strip())
            if said:
                out[i] = dataclasses.replace(_relative(said, today), raw=day.raw, start=day.start)
    return out


_PAST = re.compile(r"\b(?:did (?:i|we|you)|was there|were there|went|had i|missed|forgot if)\b", re.I)


def _shifted(day: DateMention, days: int) -> DateMention:
    """The mention moved by ``days`` ("the one right after friday": +1; "did i … this tuesday": −7)."""
    if day.offset is None or day.iso is None or (days < 0 and day.offset <= 0):
        return day
    moved = dt.date.fromisoformat(day.iso) + dt.timedelta(days=days)
    return dataclasses.replace(day, offset=day.offset + days, iso=moved.isoformat())


def _weeks_from(text: str, today: dt.date | None) -> list[DateMention]:
    """ "a week from tomorrow", "two weeks from today", "一周后": a number of weeks from a day."""
    out = []
    for m in _WEEK_FROM.finditer(text):
        base = OFFSETS.get((m.group("base") or "today").lower(), 0)
        n = 7 * count_word(m.group("n") or "1") + base
        iso = (today + dt.timedelta(days=n)).isoformat() if today else None
        out.append(DateMention(m.group(0).strip(), iso, "relative", n, m.start()))
    return out


def count_word(word: str) -> int:
    low = word.lower()
    return int(low) if low.isdigit() else ZH_NUM.get(low) or EN_NUM.get(low, 0)


def _worded(text: str, today: dt.date | None) -> list[DateMention]:
    """Days written in words: "three days from now", "3天后", "the 28th", "this afternoon"."""
    out: list[DateMention] = []
    for m in DAYS_FROM_NOW.finditer(text):
        n = count_word(next(g for g in (m.group("n"), m.group("n2"), m.group("n3"), m.group("n4")) if g))
        iso = (today + dt.timedelta(days=n)).isoformat() if today else None
        out.append(DateMention(m.group(0).strip(), iso, "relative", n, m.start()))
    for m in DAY_OF_MONTH.finditer(text):
        day = day_number(m)
        if today is None or not 1 <= day <= 31:
            out.append(DateMention(m.group(0).strip(), None, "relative", None, m.start()))
            continue
        month, year = (
            (today.month, today.year) if day >= today.day else (today.month % 12 + 1, today.year + (today.month == 12))
        )
        iso = _iso(year, month, day)
        offset = (dt.date.fromisoformat(iso) - today).days if iso else None
        out.append(DateMention(m.group(0).strip(), iso, "relative", offset, m.start()))
    for m in _MONTH_END.finditer(text):  # "月底那天": the last day of this month
        end = (today.replace(day=28) + dt.timedelta(days=4)).replace(day=1) - dt.timedelta(days=1) if today else None
        out.append(DateMention(m.group(0), end.isoformat() if end else None, "relative", None, m.start()))
    for m in _TODAY_PARTS.finditer(text):
        out.append(DateMention(m.group(0).strip(), today.isoformat() if today else None, "relative", 0, m.start()))
    return out


def iso_dates(text: str) -> list[str]:
    """ISO dates written as such (``2026-07-25``)."""
    return re.findall(r"\b(\d{4}-\d{2}-\d{2})\b", text)


def relative_dates(text: str) -> list[str]:
    """Relative day words as written ("下周三", "tomorrow")."""
    return [d.raw for d in find_dates(text) if d.kind in ("relative", "week")]


def year_in(texts: list[str]) -> int | None:
    """The year of the latest full date written in ``texts`` (the conversation), or of a year said on its own
    beside a month and day ("7月25号有什么课，2026年", "7月28日（2026年）").

    >>> year_in(["S1001 7月25号有什么课，2026年"]), year_in(["July 28 (2026)"]), year_in(["in 2026 words"])
    (2026, 2026, None)
    """
    for text in reversed(texts):
        for d in reversed(find_dates(text)):
            if d.kind == "calendar" and d.iso:
                return int(d.iso[:4])
        alone = _YEAR_ALONE.search(text)
        if alone and any(d.kind == "month_day" for d in find_dates(text)):
            return int(alone.group(1) or alone.group(2))
    return None


_YEAR_ALONE = re.compile(r"(?<!\d)(20\d\d)\s*年(?!\s*\d)|[（(]\s*(20\d\d)\s*年?\s*[）)]")


def next_day(iso: str) -> str:
    """The day after an ISO date."""
    return (dt.date.fromisoformat(iso) + dt.timedelta(days=1)).isoformat()
