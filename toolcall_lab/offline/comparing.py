"""Answers that answer a comparison: which is higher, the maximum, the minimum — stated.

"上海和广州现在哪个更热？" is answered with the two readings *and* "广州更热（27°C，上海 21°C）";
"the coldest day in Beijing this week" names the day; "compare the progress of S1001, S1002
and S1003" says who is furthest along. The numbers come only from the tool results: a
temperature field of each record (``temperature_c``), the forecast's ``low_c`` / ``high_c``,
or a percentage after a progress label in a text result.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline.lexicon import WEEKDAYS, WEEKDAYS_ZH

_MORE = re.compile(
    r"warmer|hotter|warmest|hottest|更热|最热|更暖和|最暖和|higher|highest|most|furthest|further|ahead|best|最高|更高"
    r"|最多|更多|最快|更快|领先"
    r"|高(?:些|一些|一点|点)|热(?:些|一些|一点|点)",
    re.I,
)
_LESS = re.compile(
    r"colder|cooler|coldest|coolest|更冷|最冷|更凉快|lower|lowest|least|fewer|fewest|behind|worst|最低|更低|最少|更少"
    r"|最慢|落后|低(?:些|一些|一点|点)|冷(?:些|一些|一点|点)",
    re.I,
)
_COMPARE = re.compile(
    r"compare|comparison|versus|\bvs\.?\b|which|who|哪个|哪一个|哪边|哪里(?=更|比较|暖|热|冷|凉)|哪座|谁|比较|对比|相比",
    re.I,
)
_BY_HOW_MUCH = re.compile(
    r"差几|差多少|相差|差距|\bdifference\b|\bby how much\b|\bhow much (?:warmer|colder|hotter)", re.I
)
_PROGRESS = re.compile(r"(?:进度|progress)\s*(\d+(?:\.\d+)?)\s*%", re.I)
_DAY_EN = {1: "today", 2: "tomorrow", 3: "the day after tomorrow"}
_DAY_ZH = {1: "今天", 2: "明天", 3: "后天"}


def day_name(index: int, today: dt.date | None = None) -> Text:
    """A forecast day (1 = today) in words; from day 4 on, its weekday too when today is known.

    >>> day_name(2).en, day_name(5).en, day_name(5, dt.date(2026, 7, 22)).en, day_name(5, dt.date(2026, 7, 22)).zh
    ('tomorrow', 'day 5', 'Sunday (day 5)', '周日（第 5 天）')
    """
    if index in _DAY_EN:
        return Text(_DAY_ZH[index], _DAY_EN[index])
    if today is None:
        return Text(f"第 {index} 天", f"day {index}")
    weekday = (today + dt.timedelta(days=index - 1)).weekday()
    return Text(f"{WEEKDAYS_ZH[weekday]}（第 {index} 天）", f"{WEEKDAYS[weekday]} (day {index})")


def direction(question: str) -> str | None:
    """``more`` / ``less`` when the question asks for the higher / lower one, else ``None``."""
    if _LESS.search(question):
        return "less"
    if _MORE.search(question):
        return "more"
    if (
        _COMPARE.search(question)
        and re.search(r"冷|凉|cold|cool|chill", question, re.I)
        and not re.search(r"热|暖|warm|hot", question, re.I)
    ):
        return "less"  # "伦敦和巴黎现在哪个冷": the colder one
    asked = re.search(r"热|冷|暖|warm|hot|cold|progress|进度", question)
    return "more" if _COMPARE.search(question) and asked else None


def _temperature(data: dict[str, Any]) -> float | None:
    for key, value in data.items():
        if key.startswith("temp") and isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    return None


def _name(data: dict[str, Any], zh: bool) -> str:
    name = str(data.get("city") or data.get("name") or "")
    local = data.get("city_zh")
    return str(local) if zh and isinstance(local, str) else name


def _fmt(value: float) -> str:
    return f"{value:g}"


def compare_readings(named: list[tuple[str, float]], question: str, lang: str, unit: str) -> str:
    """One sentence naming the highest (or lowest) of several named readings."""
    if len(named) < 2:
        return ""
    way = direction(question)
    if way is None:
        return ""
    pick = max(named, key=lambda p: p[1]) if way == "more" else min(named, key=lambda p: p[1])
    others = [p for p in named if p is not pick]
    if all(p[1] == pick[1] for p in others):
        return Text(f"它们一样：都是 {_fmt(pick[1])}{unit}。", f"They are the same: {_fmt(pick[1])}{unit}.")(lang)
    rest = Text("，", ", ").join(f"{n} {_fmt(v)}{unit}" for n, v in others)
    if unit == "°C":
        word = Text("更热", "warmer") if way == "more" else Text("更冷", "colder")
        if ("暖" in question and way == "more") or ("凉" in question and way == "less"):  # the learner's own word
            word = Text("更暖和", "warmer") if way == "more" else Text("更凉快", "cooler")
        if len(named) > 2:
            word = Text("最热", "the warmest") if way == "more" else Text("最冷", "the coldest")
    else:
        word = Text("最高", "the highest") if way == "more" else Text("最低", "the lowest")
    said = Text(
        f"结论：{pick[0]}{word.zh}（{_fmt(pick[1])}{unit}；{rest.zh}）。",
        f"In short: {pick[0]} is {word.en} ({_fmt(pick[1])}{unit}; {rest.en}).",
    )
    if len(named) == 2 and _BY_HOW_MUCH.search(question):  # "差几度": the difference, worked out
        gap = _fmt(abs(named[0][1] - named[1][1]))
        said = said + Text(f"两者相差 {gap}{unit}。", f" The difference is {gap}{unit}.")
    return said(lang)


def compare_results(results: list[dict[str, Any]], question: str, lang: str) -> str:
    """The comparison sentence for several tool results (weather records or progress texts), or ``""``."""
    zh = lang == "zh"
    temps: list[tuple[str, float]] = []
    progress: list[tuple[str, float]] = []
    for r in results:
        data = r.get("data")
        if isinstance(data, dict) and _temperature(data) is not None:
            temps.append((_name(data, zh), _temperature(data) or 0.0))
            continue
        m = _PROGRESS.search(str(r.get("content", "")))
        if m:
            label = next((str(v) for v in r.get("args", {}).values()), "")
            progress.append((label, float(m.group(1))))
    if len(temps) >= 2:
        return compare_readings(temps, question, lang, "°C")
    if len(progress) >= 2:
        return compare_readings(progress, question, lang, "%")
    return compare_levels(results, question, lang)


_LEVEL = re.compile(r"词表等级\s*([ABC][12])\s*级")
_ASKS_LEVELS = re.compile(
    r"harder|hardest|easier|easiest|more difficult|most difficult|same|different|difficulty|谁更难|更难|最难"
    r"|更简单|最简单|一样|相同|难度|\bvs\b|versus|compare|比较|tougher|toughest|trickier|trickiest|simpler"
    r"|级别(?:更)?[高低]|等级(?:更)?[高低]|\blevel\s*(?:更)?[高低]"
    r"|哪个级别|哪个等级|higher level|lower level|more advanced",
    re.I,
)


def compare_levels(results: list[dict[str, Any]], question: str, lang: str) -> str:
    """For two words or more whose levels the question compares: the same level, or which is harder.

    >>> rec = lambda w, lv: {"args": {"word": w}, "content": f"{w} · 词表等级 {lv} 级"}
    >>> compare_levels([rec("negotiate", "B2"), rec("diligent", "B2")], "same or different?", "en")
    'negotiate and diligent are the same level: B2.'
    >>> compare_levels([rec("coherent", "C1"), rec("ambiguous", "C2")], "which is the harder word", "zh")
    'ambiguous（C2）最难，coherent（C1）较容易。'
    """
    levels = [
        (str(r.get("args", {}).get("word", "")), m.group(1))
        for r in results
        if (m := _LEVEL.search(str(r.get("content", ""))))
    ]
    if len(levels) < 2 or not _ASKS_LEVELS.search(question):
        return ""
    if len({lv for _, lv in levels}) == 1:
        names = Text("和", " and ").join(w for w, _ in levels)
        return Text(f"{names.zh}是同一级：{levels[0][1]}。", f"{names.en} are the same level: {levels[0][1]}.")(lang)
    ranked = sorted(levels, key=lambda p: p[1], reverse=True)  # C2 > C1 > B2 …: harder first
    hardest, rest = ranked[0], ranked[1:]
    others_zh = "、".join(f"{w}（{lv}）" for w, lv in rest)
    others_en = ", ".join(f"{w} ({lv})" for w, lv in rest)
    return Text(
        f"{hardest[0]}（{hardest[1]}）最难，{others_zh}较容易。",
        f"{hardest[0]} ({hardest[1]}) is the harder word; {others_en} is easier.",
    )(lang)


def extreme_day(entries: list[dict[str, Any]], question: str, lang: str, today: dt.date | None = None) -> str:
    """The coldest / warmest day of a forecast, named, when the question asks for it. A day is
    numbered by its own ``day`` field when it has one (the entries may be days 4 and 5 only)."""
    if len(entries) < 2 or not re.search(r"day|days|天|哪天|哪一天|week|周", question, re.I):
        return ""
    way = "less" if _LESS.search(question) else "more" if _MORE.search(question) else None
    if way is None:
        return ""
    key = "low" if way == "less" else "high"
    scored = [
        (e["day"] if isinstance(e.get("day"), int) and not isinstance(e.get("day"), bool) else i, v)
        for i, e in enumerate(entries, start=1)
        for k, v in e.items()
        if k.startswith(key) and isinstance(v, (int, float)) and not isinstance(v, bool)
    ]
    if not scored:
        return ""
    day, value = min(scored, key=lambda p: p[1]) if way == "less" else max(scored, key=lambda p: p[1])
    cold = way == "less"
    label = day_name(day, today)
    if day in (2, 3) and len(scored) > 3:  # over a week, "the day after tomorrow" is also its day 3
        label = Text(f"{label.zh}（预报第 {day} 天）", f"{label.en} (day {day} of the forecast)")
    return Text(
        f"{'最冷' if cold else '最热'}的是{label.zh}，{'最低' if cold else '最高'} {_fmt(value)}°C。",
        f"The {'coldest' if cold else 'warmest'} day is {label.en}, "
        f"with a {'low' if cold else 'high'} of {_fmt(value)}°C.",
    )(lang)


_LEFT = re.compile(
    r"还差|还剩|剩下|剩余|剩的|剩得|课剩|还有几|还有多少(?:节|课时|堂|课)|还要多少节|还要上|还没上|没上的"
    r"|(?:全部|都|才能|就能)(?:上|学)完|(?:才|就)能?(?:结束|结课)"
    r"|\b(?:till|until|before|b4)\b[^.?!]{0,20}\b(?:finish(?:ed)?|done|through|complete|the end)"
    r"|\bleft\b|remaining|to go\b|still have to|still ahead",
    re.I,
)
_DONE_OF = re.compile(r"(?:已学|completed|done)?\s*(\d+)\s*(?:/|of)\s*(\d+)\s*(?:课时|lessons?)", re.I)


#: A question that adds things up ("combined", "加起来", "add them up"); :mod:`.knowledge` uses it too.
SUM_ASKED = re.compile(
    r"加起来|加一块|加在一起|一共|总共|合计|总计|\btogether\b|\bcombined\b|\baltogether\b|\bin total\b|\btotal\b"
    r"|between (?:us|them|the two)|add (?:them|it|those) up|\bsum\b",
    re.I,
)


def lessons_left(results: list[dict[str, Any]], question: str, lang: str) -> str:
    """How many lessons are left when the question asks it ("我离结课还差多少课时"): the total minus
    those done, computed from a record's "已学 42 / 80 课时" — stated, not left to the learner; and,
    for two records or more asked about together ("加起来", "combined"), the sum of what was asked.

    >>> rec = lambda who, text: {"args": {"student_id": who}, "content": text}
    >>> two = [rec("S1", "已学 42 / 80 课时"), rec("S2", "已学 12 / 60 课时")]
    >>> print(lessons_left(two, "lessons left combined?", "en"))
    S1 has 38 lessons left (42 of 80 done).
    S2 has 48 lessons left (12 of 60 done).
    Together: 86 lessons left.
    >>> print(lessons_left([two[0], rec("S4", "已学 0 / 48 课时")], "我俩一共上了多少节课", "zh"))
    两人一共已学 42 课时。
    """
    records = []
    for r in results:
        m = _DONE_OF.search(str(r.get("content", "")))
        if m:
            who = " ".join(str(v) for v in r.get("args", {}).values())
            records.append((who, int(m.group(1)), int(m.group(2))))
    wants_left, wants_sum = bool(_LEFT.search(question)), bool(SUM_ASKED.search(question)) and len(records) > 1
    lines = []
    if wants_left:
        for who, done, total in records:
            lines.append(
                Text(
                    f"{who} 还差 {total - done} 课时结课（已学 {done} / {total}）。",
                    f"{who} has {total - done} lessons left ({done} of {total} done).",
                )(lang).strip()
            )
    if wants_left and len(records) > 1 and _COMPARE.search(question):  # "谁剩的课更少", "who has more left"
        lines.append(_compare_left([(who, total - done) for who, done, total in records], question, lang))
    if not wants_left and len(records) == 2 and _AHEAD.search(question):
        lines.append(_lead(records, lang))
    if wants_sum:
        n = len(records)
        if wants_left:
            left = sum(total - done for _, done, total in records)
            lines.append(Text(f"{_people(n)}一共还差 {left} 课时。", f"Together: {left} lessons left.")(lang))
        else:
            done = sum(d for _, d, _ in records)
            lines.append(Text(f"{_people(n)}一共已学 {done} 课时。", f"Together: {done} lessons done.")(lang))
    return "\n".join(lines)


#: "how many lessons ahead of S1002 am i", "我比 S1003 领先几节课": the gap in lessons done between two records
_AHEAD = re.compile(
    r"\bahead\b|\bbehind\b|领先|落后|多上了|多学了|少上了|少学了|课时(?:更)?多|(?:上|学)(?:得|的)(?:课)?(?:更)?多"
    r"|\bmore lessons\b|\bdone more\b",
    re.I,
)


def _lead(records: list[tuple[str, int, int]], lang: str) -> str:
    """How many lessons one record is ahead of the other (the difference of lessons done), stated.

    >>> print(_lead([("S1001", 42, 80), ("S1002", 12, 60)], "en"))
    S1001 is 30 lessons ahead of S1002 (42 done against 12).
    """
    (first, a, _), (second, b, _) = sorted(records, key=lambda r: -r[1])
    if a == b:
        return Text(f"两人已学课时一样多（{a}）。", f"Neither is ahead: both have done {a} lessons.")(lang)
    return Text(
        f"{first} 比 {second} 多学了 {a - b} 课时（{a} 对 {b}）。",
        f"{first} is {a - b} lessons ahead of {second} ({a} done against {b}).",
    )(lang)


def _compare_left(lefts: list[tuple[str, int]], question: str, lang: str) -> str:
    """Who has the fewest (or most) lessons left, or that they have the same number.

    >>> print(_compare_left([("S1002", 48), ("S1004", 48)], "哪个更多", "zh"))
    两人一样多：都还差 48 课时。
    >>> print(_compare_left([("S1001", 38), ("S1003", 10)], "who has fewer lessons left", "en"))
    S1003 has the fewest lessons left (10).
    """
    if len({left for _, left in lefts}) == 1:
        left, n = lefts[0][1], len(lefts)
        return Text(f"{_people(n)}一样多：都还差 {left} 课时。", f"The same: each has {left} lessons left.")(lang)
    fewer = bool(_LESS.search(question)) and not _MORE.search(question)
    who, left = (min if fewer else max)(lefts, key=lambda item: item[1])
    return Text(
        f"剩得{'最少' if fewer else '最多'}的是 {who}（还差 {left} 课时）。",
        f"{who} has the {'fewest' if fewer else 'most'} lessons left ({left}).",
    )(lang)


def _people(n: int) -> str:
    return "两人" if n == 2 else f"{n} 人"


_TEST = re.compile(r"最近一次测评[：:]\s*(?P<date>\d{4}-\d{2}-\d{2})[，,]\s*(?P<scores>[^\n]+)")
_SCORE = re.compile(r"(?P<subject>[\u4e00-\u9fffA-Za-z]+)\s*(?P<value>\d+(?:\.\d+)?)")
_GAP = re.compile(
    r"差多少|差几分|高多少|多多少|高出|by how much|how much (?:more|higher|better)|beat|difference|\bgap\b", re.I
)
_ABOUT_SCORES = re.compile(
    r"分|测评|成绩|考试|两科|score|test|exam|mark|reading|writing|speaking|listening|阅读|写作|口语|听力", re.I
)
_SUBJECTS_EN = {"阅读": "reading", "写作": "writing", "口语": "speaking", "听力": "listening"}


def test_scores(results: list[dict[str, Any]], question: str, lang: str) -> str:
    """The sum of a record's latest test scores, or the gap between them, when the question asks it
    ("两科加在一起多少分", "by how much did reading beat writing"): computed, not left to the learner.

    >>> rec = {"args": {"student_id": "S1003"}, "content": "最近一次测评：2026-07-15，阅读 32.0 / 写作 18.0"}
    >>> test_scores([rec], "by how much did reading beat writing", "en")
    'S1003: reading 32 − writing 18 = 14.'
    >>> test_scores([rec], "两科加在一起多少分", "zh")
    'S1003：阅读 32 + 写作 18 = 50。'
    """
    untested = [r for r in results if re.search(r"测评[：:]\s*暂无", str(r.get("content", "")))]
    if untested and _ABOUT_SCORES.search(question):  # "S1004到现在参加过测评吗": no test on record, said first
        who = "、".join(" ".join(str(v) for v in r.get("args", {}).values()) for r in untested)
        return Text(f"{who} 还没有测评记录：档案里暂无测评。", f"{who} has no test on record yet.")(lang)
    gap, total = bool(_GAP.search(question)), bool(SUM_ASKED.search(question))
    if not (gap or total) or not _ABOUT_SCORES.search(question):  # "lessons in total" is not about the test
        return ""
    lines = []
    for r in results:
        m = _TEST.search(str(r.get("content", "")))
        found = _SCORE.finditer(m.group("scores")) if m else iter(())
        scores = [(s.group("subject"), float(s.group("value"))) for s in found]
        if len(scores) != 2:
            continue
        who = " ".join(str(v) for v in r.get("args", {}).values())
        (a, x), (b, y) = sorted(scores, key=lambda p: -p[1]) if gap else scores
        sign, value = ("−", x - y) if gap else ("+", x + y)
        ea, eb = _SUBJECTS_EN.get(a, a), _SUBJECTS_EN.get(b, b)
        lines.append(
            Text(
                f"{who}：{a} {_fmt(x)} {sign} {b} {_fmt(y)} = {_fmt(value)}。",
                f"{who}: {ea} {_fmt(x)} {sign} {eb} {_fmt(y)} = {_fmt(value)}.",
            )(lang)
        )
    return "\n".join(lines)
