"""Ids written the way learners write them, put into the shape the parameter description gives.

A parameter's description shows an example ("学号是大写 S 开头加四位数字，例如 S1001"): the
shape is its letters and its number of digits. A learner writes "S1003", but also "s1003",
"S 1003", "S-1003", "student #1003", "学号1003" or "1003号同学": each is the same id once it is
put into that shape. Digits alone count only next to a word that says they are an id
(student, id, number, #, 学号, 号同学), and only with the right number of digits.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

_EXAMPLE = re.compile(r"\b([A-Za-z]{1,4})(\d{2,8})\b")
# "my id's 1004", "学号尾号1003": an id's digits after the words that name it
_CUE = (
    r"(?:(?:student|stu|pupil|learner)(?:\s+(?:id|no\.?|number))?|id(?:'s|’s)?|number|no\.?"
    r"|学号(?:的)?(?:尾号|后四位|末四位)?|尾号|编号|学员|学生|同学)"
)


@dataclass(frozen=True)
class IdShape:
    """The shape of an id: its letters (as the example writes them) and its number of digits."""

    letters: str
    digits: int


def shape_from(description: str) -> IdShape | None:
    """The id shape of the first example in a description ("例如 S1001" → ``S`` + 4 digits)."""
    m = _EXAMPLE.search(description)
    return IdShape(m.group(1), len(m.group(2))) if m else None


@functools.lru_cache(maxsize=256)
def _patterns(letters: str, digits: int) -> tuple[re.Pattern[str], ...]:
    exact = re.compile(rf"(?<![A-Za-z0-9])({letters}\d{{{digits}}})(?![A-Za-z0-9])", re.I)
    # "S 1003", "s-1003"; never the "s" of "it's 2026-07-27" (an apostrophe before it, a date after it)
    spaced = re.compile(rf"(?<![A-Za-z0-9'’])({letters})[\s\-_#.]{{1,2}}(\d{{{digits}}})(?![0-9]|[\-/.]\d)", re.I)
    cued = re.compile(
        # "stu-1002", 'student ID "1003"': a dash after the cue, the digits quoted
        rf"(?:{_CUE})[\s\-_]*(?:#|＃|:|：|is|是)?\s*(?:actually\s+|really\s+|其实是?\s*)?[\"“'‘]?(\d{{{digits}}})"
        rf"(?![0-9\-/.年月日点时])|[#＃](\d{{{digits}}})(?![0-9\-/.])"
        rf"|(?<![0-9])(\d{{{digits}}})\s*(?:号)?(?:那位|这位|那个|这个)?(?:同学|学生|学员)"
        # "我是1003", "this is 1004 —", "1002 here", "hi there, 1003 speaking", "他的号是1004": who is writing
        rf"|(?:我是|\bi'?m|\bi am|\bthis is|号是|号码是)\s*(\d{{{digits}}})(?![0-9\-/.:年月日号点时%])"
        r"(?!\s*(?:words?|km|kg|years?|yrs?|hours?|minutes?|mins?|steps|points|pts|岁|字|块|元))"
        rf"|(?<![0-9\-/.:])(\d{{{digits}}})\s+(?:here|speaking|is me|is mine)\b"
        rf"|(?<![0-9\-/.:])(\d{{{digits}}})号(?![0-9楼线房床门厅车码])"  # "看看1003号最近的测评"
        # "帮我查下1004的学习记录", "1003's progress": digits owning what only a student has
        rf"|(?<![0-9\-/.:])(\d{{{digits}}})(?:\s*的\s*|['’]s\s+)(?=学习|记录|进度|成绩|课表|测评|progress|record"
        r"|scores?\b|results?\b|timetable|schedule|classes|lessons|weak|file\b|档案)",
        re.I,
    )
    return exact, spaced, cued


_ZH_DIGITS = {
    "零": "0",
    "〇": "0",
    "一": "1",
    "幺": "1",  # how 一 is read in a number said aloud ("幺零零三")
    "二": "2",
    "三": "3",
    "四": "4",
    "五": "5",
    "六": "6",
    "七": "7",
    "八": "8",
    "九": "9",
}
_EN_DIGITS = {
    w: str(i) for i, w in enumerate(["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"])
}
_ZH_RUN = re.compile(
    r"(?<=[号码是#\sA-Za-z])[零〇一幺二三四五六七八九]{3,8}(?![零〇一幺二三四五六七八九十百千万])"
    r"|(?<![零〇一幺二三四五六七八九十])[零〇一幺二三四五六七八九]{4}(?=\s*号?(?:同学|学生|学员))"  # "一零零四号同学"
)
#: "s 1 0 0 2", "S-1-0-0-4": an id's digits typed one by one with spaces or dashes
_SPACED_DIGITS = re.compile(r"(?<=[A-Za-z#:])[\s\-]*(\d)[\s\-](\d)[\s\-](\d)[\s\-](\d)(?![\s\-]?\d)")
#: "S 10 03", "s10 03": an id's digits typed in groups after its letter
#: "student id 10 03": the digits in groups after the word for an id
_CUED_GROUPED = re.compile(r"\b(id|no\.?|number|学号)\s*[#:]?\s*(\d{2})[\s\-](\d{2})(?![\s\-]?\d)", re.I)
_GROUPED = re.compile(r"(?<![A-Za-z0-9'’])([A-Za-z])\s?(\d{2,3}(?:[\s\-]\d{1,3}){1,2})(?![\s\-]?\d)")
#: "S1O03": the letter O typed for a zero inside an id's digits
_LETTER_O = re.compile(r"(?<![A-Za-z0-9])([A-Za-z])((?=[0-9Oo]*[0-9])(?=[0-9Oo]*[Oo])[0-9Oo]{3,8})(?![A-Za-z0-9])")
#: "one thousand and three": an id's number said in words
_THOUSAND = re.compile(
    r"\bone thousand(?: and)? (?P<n>one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b", re.I
)
_SMALL = {
    w: i
    for i, w in enumerate(
        ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
    )
}
_EN_RUN = re.compile(
    r"\b(?:zero|one|two|three|four|five|six|seven|eight|nine)(?:[\s\-]+(?:zero|one|two|three|four|five|six|seven"
    r"|eight|nine)){2,7}\b",
    re.I,
)


def spelled_digits(text: str) -> str:
    """Digits spelt out one by one, as ids are read aloud ("学号一零零二", "one-zero-zero-two") → "1002".

    >>> spelled_digits("学号一零零二 今天几点上课"), spelled_digits("for student one-zero-zero-two")
    ('学号1002 今天几点上课', 'for student 1002')
    """
    text = _ZH_RUN.sub(lambda m: "".join(_ZH_DIGITS[c] for c in m.group(0)), text)
    text = _SPACED_DIGITS.sub(lambda m: "".join(m.groups()), text)
    text = re.sub(r"(?<![\d,.])(\d),(\d{3})(?![\d,])", r"\1\2", text)  # "stu id 1,003"
    text = _CUED_GROUPED.sub(r"\1 \2\3", text)
    text = _GROUPED.sub(lambda m: m.group(1) + re.sub(r"\D", "", m.group(2)), text)
    text = _LETTER_O.sub(lambda m: m.group(1) + m.group(2).replace("O", "0").replace("o", "0"), text)  # "S1O03"
    text = _THOUSAND.sub(lambda m: str(1000 + _SMALL[m.group("n").lower()]), text)
    return _EN_RUN.sub(lambda m: "".join(_EN_DIGITS[w.lower()] for w in re.split(r"[\s\-]+", m.group(0))), text)


def find_ids(text: str, description: str) -> list[tuple[str, str]]:
    """Every id in ``text`` in the description's shape: ``(typed, normalised)``, in order.

    >>> find_ids("compare student #1003, s 1002 and S1001", "学号，例如 S1001")
    [('student #1003', 'S1003'), ('s 1002', 'S1002'), ('S1001', 'S1001')]
    >>> find_ids("那个同学 2026年7月29日 有课吗", "学号，例如 S1001")  # a year, not an id
    []
    """
    shape = shape_from(description)
    if shape is None:
        return []
    text = spelled_digits(text)
    exact, spaced, cued = _patterns(shape.letters.upper(), shape.digits)
    found: list[tuple[int, int, str, str]] = []

    def free(a: int, b: int) -> bool:
        return all(b <= s or a >= e for s, e, _, _ in found)

    for m in exact.finditer(text):
        found.append((m.start(), m.end(), m.group(0), m.group(1).upper()))
    for m in spaced.finditer(text):
        if free(m.start(), m.end()):
            found.append((m.start(), m.end(), m.group(0), shape.letters.upper() + m.group(2)))
    for m in cued.finditer(text):
        digits = next(g for g in m.groups() if g)
        if free(m.start(), m.end()):
            found.append((m.start(), m.end(), m.group(0).strip(), shape.letters.upper() + digits))
    # "out of 1001 1002 and 1004 who is furthest": bare numbers listed together, each an id (not years)
    n = shape.digits
    one = rf"(?<![0-9\-/.:])\d{{{n}}}(?![0-9\-/.:%年月日号点时])"
    for run in re.finditer(rf"{one}(?:\s*(?:,|，|、|\band\b|\bor\b|&|和|跟|与|\bvs\.?)?\s*{one})+", text, re.I):
        for m in re.finditer(one, run.group(0)):
            a, b = run.start() + m.start(), run.start() + m.end()
            if free(a, b) and not re.fullmatch(r"(?:19|20)\d\d", m.group(0)):
                found.append((a, b, m.group(0), shape.letters.upper() + m.group(0)))
    return [(typed, value) for _, _, typed, value in sorted(found)]


def misshapen_ids(text: str, description: str) -> list[str]:
    """Ids the learner wrote that cannot be one in the description's shape ("S12", "student 10003").

    A model does not replace such an id with another one (the system prompt's, an earlier turn's):
    it says what shape an id has.

    >>> misshapen_ids("progress of S12? and of student 123456", "学号，例如 S1001")
    ['S12', 'student 123456']
    """
    shape = shape_from(description)
    if shape is None or find_ids(text, description):
        return []
    letters, n = re.escape(shape.letters), shape.digits
    wrong = rf"(?:\d{{1,{n - 1}}}|\d{{{n + 1},{n + 4}}})" if n > 1 else r"\d{2,5}"
    pattern = re.compile(
        rf"(?<![A-Za-z0-9'’])(?:{letters}[\s\-#]?{wrong}|(?:{_CUE})\s*(?:[#＃:：]|is|是)?\s*{wrong})"
        rf"(?![A-Za-z0-9]|[\-/.]\d)",
        re.I,
    )
    return [m.group(0) for m in pattern.finditer(text)]
