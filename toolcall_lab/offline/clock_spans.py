"""How long from one clock time to another: arithmetic a model does without a tool.

"If a lesson went from 6:30 to 8 in the evening, how long would that be?" names both times; the
answer is a subtraction, not a look-up. A span is read only when the question asks how long and at
least one side is plainly a clock time (minutes, am / pm, 点, "o'clock", a part of the day), so
"how long is the forecast from day 1 to 7" is not one.

>>> minutes_between("hypothetically, if a lesson went from 6:30 to 8 in the evening, how long would that be?")
90
>>> minutes_between("从晚上7点到9点半一共多长时间"), minutes_between("how long from 11am to 1pm")
(150, 120)
>>> minutes_between("how long is the forecast from day 1 to 7") is None
True
"""

from __future__ import annotations

import re
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline.dates import DAY_OF_MONTH, day_number
from toolcall_lab.offline.spelled_dates import ordinal_digits

_SIDE = r"(?P<h{n}>\d{{1,2}})(?:[:：](?P<m{n}>\d{{2}})|点(?P<half{n}>半)?)?\s*(?P<p{n}>am|pm|a\.m\.|p\.m\.)?"
_SPAN = re.compile(
    r"(?<![\d:.\-/])"
    + _SIDE.format(n=1)
    + r"\s*(?:to|till|until|through|-|–|~|到|至)\s*"
    + _SIDE.format(n=2)
    + r"(?![\d:.\-/])",
    re.I,
)
_HOW_LONG = re.compile(
    r"how long|how many (?:minutes|hours)|多长时间|多久|几个小时|几个钟头|几分钟|多少分钟|多少小时", re.I
)
_CLOCKISH = re.compile(r"o'?clock|in the (?:morning|afternoon|evening)|at night|早上|上午|下午|晚上|点", re.I)
_LATE = re.compile(r"in the (?:afternoon|evening)|at night|下午|晚上|傍晚", re.I)


def minutes_between(text: str) -> int | None:
    """The minutes from the first clock time to the second when the question asks how long, else ``None``."""
    found = _SPAN.search(text)
    if not _HOW_LONG.search(text) or found is None:
        return None
    g = found.groupdict()
    if not (g["m1"] or g["m2"] or g["p1"] or g["p2"] or g["half1"] or g["half2"] or _CLOCKISH.search(text)):
        return None  # "from day 1 to 7": numbers, not times
    h1, h2 = int(g["h1"]), int(g["h2"])
    if h1 > 24 or h2 > 24:
        return None
    start = h1 * 60 + (int(g["m1"]) if g["m1"] else 30 if g["half1"] else 0)
    end = h2 * 60 + (int(g["m2"]) if g["m2"] else 30 if g["half2"] else 0)
    late = _LATE.search(text) is not None
    if h1 < 12 and ((g["p1"] or "").lower().startswith("p") or (late and not g["p1"])):
        start += 12 * 60
    if h2 < 12 and ((g["p2"] or "").lower().startswith("p") or (late and not g["p2"])):
        end += 12 * 60
    while end <= start:  # "11 to 1": past noon
        end += 12 * 60
    span = end - start
    return span if span <= 16 * 60 else None


def span_answer(text: str, lang: str) -> str:
    """The span, said as hours and minutes and as minutes."""
    minutes = minutes_between(text) or 0
    hours, rest = divmod(minutes, 60)
    zh = (f"{hours} 小时" if hours else "") + (f" {rest} 分钟" if rest else "")
    en = (f"{hours} hour{'s' if hours != 1 else ''}" if hours else "") + (
        f"{' and ' if hours else ''}{rest} minutes" if rest else ""
    )
    return Text(
        f"一共是{zh.strip()}（{minutes} 分钟）。两个时间相减就行，不用调用工具。",
        f"That is {en} ({minutes} minutes). It is a subtraction of the two times, so no tool is needed.",
    )(lang)


_LESSON = re.compile(r"(?P<h1>\d{2}):(?P<m1>\d{2})\s*-\s*(?P<h2>\d{2}):(?P<m2>\d{2})\s+(?P<name>[^·\n]+)")
_ASKS_LENGTH = re.compile(r"how long|how many (?:minutes|hours)|多长时间|多久|几个小时|几小时|多少分钟|多少小时", re.I)
_IN_ALL = re.compile(r"总共|一共|加起来|合计|in total|altogether|all together|combined|total", re.I)
#: The skills a learner names in English, as the timetable's Chinese course names say them.
_SKILLS = {"writing": "写作", "speaking": "口语", "reading": "阅读", "listening": "听力", "grammar": "语法"}


def _hours(minutes: int, lang: str) -> str:
    hours, rest = divmod(minutes, 60)
    zh = (f"{hours} 小时" if hours else "") + (f" {rest} 分钟" if rest else "")
    en = (f"{hours} hour{'s' if hours != 1 else ''}" if hours else "") + (
        f"{' ' if hours else ''}{rest} minutes" if rest else ""
    )
    return Text(zh.strip(), en)(lang)


_FREE = re.compile(r"没有排课")


def all_free(results: list[dict[str, Any]], lang: str) -> str:
    """Two timetables or more, none with a lesson: said once, in so many words ("都没有排课"), not left to
    the learner to read off each result.

    >>> free = [{"args": {"student_id": s, "date": "2026-07-26"}, "content": "没有排课。"} for s in ("S1", "S2")]
    >>> print(all_free(free, "zh"))
    S1 2026-07-26、S2 2026-07-26 都没有排课。
    >>> print(all_free(free, "en"))
    No lessons at all: neither S1 2026-07-26 nor S2 2026-07-26 has one.
    """
    if len(results) < 2 or not all(_FREE.search(str(r.get("content", ""))) for r in results):
        return ""
    whos = [" ".join(str(v) for v in r.get("args", {}).values()) for r in results]
    listed = " nor ".join(whos) if len(whos) == 2 else ", ".join(whos)
    return Text(
        f"{'、'.join(whos)} 都没有排课。",
        f"No lessons at all: {'neither ' if len(whos) == 2 else 'none of '}{listed} has one.",
    )(lang)


def lesson_lengths(results: list[dict[str, Any]], question: str, lang: str) -> str:
    r"""How long the lessons a timetable result lists take, when the question asks: the one it names
    ("how long is my writing class" → the 写作 lesson), the only one, or all of them added up ("总共").

    >>> day = [{"content": "1. 09:00-10:30 雅思写作精讲 · 王老师\n2. 19:00-20:00 口语陪练 · 外教 Anna"}]
    >>> print(lesson_lengths(day, "我这周六总共要上多长时间的课", "zh"))
    一共 2 小时 30 分钟（150 分钟）：雅思写作精讲 1 小时 30 分钟，口语陪练 1 小时。
    >>> print(lesson_lengths(day, "how long is my writing class", "en"))
    The 09:00–10:30 lesson takes 1 hour 30 minutes (90 minutes): 雅思写作精讲.
    """
    if not _ASKS_LENGTH.search(question):
        return ""
    lessons = []
    for r in results:
        for m in _LESSON.finditer(str(r.get("content", ""))):
            start, end = int(m["h1"]) * 60 + int(m["m1"]), int(m["h2"]) * 60 + int(m["m2"])
            if end > start:
                lessons.append((m["name"].strip(), f"{m['h1']}:{m['m1']}–{m['h2']}:{m['m2']}", end - start))
    if not lessons:
        return ""
    if _IN_ALL.search(question) and len(lessons) > 1:
        total = sum(n for _, _, n in lessons)
        each = Text("，", ", ")(lang).join(f"{name} {_hours(n, lang)}" for name, _, n in lessons)
        return Text(
            f"一共 {_hours(total, lang)}（{total} 分钟）：{each}。",
            f"In all {_hours(total, lang)} ({total} minutes): {each}.",
        )(lang)
    low = question.lower()
    named = [lesson for lesson in lessons if any(w in low and zh in lesson[0] for w, zh in _SKILLS.items())]
    picked = named or (lessons if len(lessons) == 1 else [])
    return "\n".join(
        Text(
            f"{name}（{when}）要上 {_hours(n, lang)}（{n} 分钟）。",
            f"The {when} lesson takes {_hours(n, lang)} ({n} minutes): {name}.",  # English first, the name after
        )(lang)
        for name, when, n in picked
    )


# "if today is the 24th and my class is on the 29th, how many days away is that", "今天 24 号，29 号还有几天"
_HOW_MANY_DAYS = re.compile(
    r"how many days (?:away|apart|between|until|till|from|is (?:it|that))|how far (?:away|off)"
    r"|还有几天|还有多少天|隔几天|差几天|相差几天|相隔几天|相差多少天|相隔多少天",
    re.I,
)


def days_apart(text: str) -> tuple[int, int] | None:
    """The two days of the month a question asks the distance between, ``(first, second)``, else ``None``.

    >>> days_apart("if today is the 24th and my class is on the 29th, how many days away is that")
    (24, 29)
    """
    days = [day_number(m) for m in DAY_OF_MONTH.finditer(text)]
    if len(days) != 2 or not _HOW_MANY_DAYS.search(text) or not all(1 <= d <= 31 for d in days):
        return None
    return days[0], days[1]


def days_apart_answer(text: str, lang: str) -> str:
    """The days between the two days of the month: a subtraction, no tool."""
    first, second = days_apart(text) or (0, 0)
    n = abs(second - first)
    return Text(
        f"从 {first} 号到 {second} 号相差 {n} 天。两个日子相减就行，不用调用工具。",
        f"From the {ordinal_digits(first)} to the {ordinal_digits(second)} is {n} days. "
        "It is a subtraction of the two days, so no tool is needed.",
    )(lang)
