"""Dates written out in words, rewritten in digits, so the date reader (:mod:`.dates`) can read them.

A system prompt may state today's date the way a person writes it: "二〇二六年七月二十三日",
"七月二十五号", "the twenty-fourth of July 2026", "26年7月28号" or "24.07.2026". The built-in model reads
dates with patterns over digits; this module rewrites each of those forms in digits first, and leaves
every other word where it was.

>>> in_digits("今天是二〇二六年七月二十三日，礼拜四")
'今天是2026年7月23日，礼拜四'
>>> in_digits("Date in Beijing time: the twenty-fourth of July 2026 (a Friday)")
'Date in Beijing time: the 24th of July 2026 (a Friday)'
>>> in_digits("日期：26年7月28号 周二"), in_digits("Local date: 24.07.2026 (dd.mm.yyyy)")
('日期：2026年7月28号 周二', 'Local date: 2026-07-24 (dd.mm.yyyy)')
"""

from __future__ import annotations

import re

#: Chinese digits as written in a year ("二〇二六"), one character each.
_ZH_DIGIT = {"〇": 0, "零": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}

_ZH_YEAR = re.compile(r"([〇零一二三四五六七八九]{4})\s*年")
_ZH_NUMERAL = "[一二三四五六七八九十]"
_ZH_MONTH_DAY = re.compile(
    rf"(?<![\d一二三四五六七八九十])({_ZH_NUMERAL}{{1,2}})\s*月\s*({_ZH_NUMERAL}{{1,3}})\s*([日号])"
)
_SHORT_YEAR = re.compile(r"(?<![\d])([2-4]\d)\s*年(?=\s*\d{1,2}\s*月)")  # "26年7月28号": this century
_DOTTED = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?![\d.])")  # day first, as in Europe and Russia

_UNITS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"]
_TEENS = [f"{stem}th" for stem in ("ten", "eleven", "twelf", "thirteen", "fourteen", "fifteen", "sixteen")]
_TEENS += [f"{stem}teenth" for stem in ("seven", "eigh", "nine")]
_ORDINALS: dict[str, int] = {word: n for n, word in enumerate(_UNITS, start=1)}
_ORDINALS |= {word: n for n, word in enumerate(_TEENS, start=10)}
_ORDINALS |= {"twentieth": 20, "thirtieth": 30}
_ORDINALS |= {f"twenty{sep}{word}": 20 + n for n, word in enumerate(_UNITS, start=1) for sep in ("-", " ", "")}
_ORDINALS |= {f"thirty{sep}first": 31 for sep in ("-", " ", "")}
_MONTH_AHEAD = r"(?=\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)"
_ORDINAL_WORD = re.compile(
    r"\b(" + "|".join(sorted(map(re.escape, _ORDINALS), key=len, reverse=True)) + r")\b" + _MONTH_AHEAD, re.I
)


def zh_count(text: str) -> int:
    """A Chinese number up to 99 written with 十 ("二十三" → 23, "十二" → 12, "七" → 7).

    >>> zh_count("二十三"), zh_count("十二"), zh_count("三十一"), zh_count("十")
    (23, 12, 31, 10)
    """
    if "十" not in text:
        return _ZH_DIGIT.get(text, 0)
    tens, _, units = text.partition("十")
    return (_ZH_DIGIT.get(tens, 0) if tens else 1) * 10 + (_ZH_DIGIT.get(units, 0) if units else 0)


def in_digits(text: str) -> str:
    """``text`` with every date written in words (Chinese numerals, English ordinals), with a two-digit
    year, or as day.month.year, rewritten in digits (the last as an ISO date)."""
    text = _ZH_YEAR.sub(lambda m: "".join(str(_ZH_DIGIT[c]) for c in m.group(1)) + "年", text)
    text = _ZH_MONTH_DAY.sub(lambda m: f"{zh_count(m.group(1))}月{zh_count(m.group(2))}{m.group(3)}", text)
    text = _SHORT_YEAR.sub(lambda m: f"20{m.group(1)}年", text)
    text = _DOTTED.sub(lambda m: f"{m.group(3)}-{int(m.group(2)):02d}-{int(m.group(1)):02d}", text)
    return _ORDINAL_WORD.sub(lambda m: ordinal_digits(_ORDINALS[m.group(1).lower()]), text)


def ordinal_digits(n: int) -> str:
    """A day of the month written with its suffix: ``24`` → ``"24th"``, ``1`` → ``"1st"``."""
    suffix = "th" if 11 <= n <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
