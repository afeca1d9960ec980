"""Sums over numbers the learner states, which need no record: an average, lessons left, days to finish.

"whats 6.5 plus 7 plus 6 divided by 3, trying to get my average", "一共80节课我已经上了42节 还剩几节",
"if i do 2 lessons a day how many days till i finish 14 lessons": every number is in the message, so a
careful model works it out and looks nothing up. Fetching the learner's record here would answer with
someone's stored figures instead of the ones the learner gave.
"""

from __future__ import annotations

import math
import re

from toolcall_lab.i18n import Text
from toolcall_lab.offline.dates import count_word

_NUMBER = r"(?<![A-Za-z\d.])\d+(?:\.\d+)?"  # not the 1 of a level "A1"
#: "average", "the mean of": not "I mean", which corrects
_AVERAGE = re.compile(r"\baverage\b|\b(?:the|a|my|your) mean\b|\bmean (?:of|score|mark|value)\b|平均", re.I)
_DIVIDED = re.compile(rf"(?:divided by|over|/|除以)\s*(?P<n>{_NUMBER})", re.I)
#: "一共80节课我已经上了42节", "out of 60 lessons I've done 12": a total and the part done, both stated.
_TOTAL = re.compile(
    r"(?:一共|总共|共|总|有|total(?: of)?|out of|of)\s*(?P<n>\d+)\s*(?:节课?|课时|堂|lessons?|classes)", re.I
)
_DONE = re.compile(
    r"(?:上了|学了|上完了?|学完了?|done|finished|completed|taken|had|did)\s*(?P<n>\d+)\s*(?:节课?|课时|堂|lessons?|classes)?",
    re.I,
)
_LEFT = re.compile(r"还剩|剩下|剩几|还差|还有几|\bleft\b|\bremaining\b|\bto go\b", re.I)
#: "if i do 2 lessons a day how many days till i finish 14 lessons"
_PER_DAY = re.compile(
    r"(?P<n>\d+)\s*(?:lessons?|classes|节课?|课时)\s*(?:a|per|each|every)\s*day"
    r"|每天(?:上)?\s*(?P<z>\d+|[一两二三四五六七八九十])\s*(?:节|课时)",
    re.I,
)
_HOW_MANY_DAYS = re.compile(r"how many days|多少天|几天", re.I)
_TO_FINISH = re.compile(
    r"(?:finish|complete|get through|上完|学完)\s*(?:the\s+)?(?P<n>\d+)\s*(?:lessons?|classes|节课?|课时)"
    r"|(?P<z>\d+)\s*(?:节课?|课时)\s*(?:要|得|需要)?(?:上|学)?(?:多少天|几天)",  # "48节要上多少天"
    re.I,
)


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}".rstrip("0").rstrip(".")


def average(text: str) -> tuple[list[str], str] | None:
    """The numbers to average and their mean, when the learner asks for an average of numbers they give.
    A "divided by N" whose N is the count of the others is the learner's own division, not a value.

    >>> average("whats 6.5 plus 7 plus 6 divided by 3, trying to get my average")
    (['6.5', '7', '6'], '6.5')
    >>> average("what's 2 plus 2") is None
    True
    """
    if not _AVERAGE.search(text):
        return None
    numbers = re.findall(_NUMBER, text)
    divided = _DIVIDED.search(text)
    if divided and numbers and numbers[-1] == divided.group("n") and float(divided.group("n")) == len(numbers) - 1:
        numbers = numbers[:-1]
    if len(numbers) < 2:
        return None
    return numbers, _fmt(sum(float(n) for n in numbers) / len(numbers))


def lessons_left(text: str) -> tuple[int, int, int] | None:
    """(total, done, left) when the learner states both and asks what is left.

    >>> lessons_left("一共80节课我已经上了42节 还剩几节你帮我算算")
    (80, 42, 38)
    >>> lessons_left("how many lessons do I have left?") is None
    True
    """
    total, done = _TOTAL.search(text), _DONE.search(text)
    if not (total and done and _LEFT.search(text)) or total.start() == done.start():
        return None
    t, d = int(total.group("n")), int(done.group("n"))
    return (t, d, t - d) if 0 <= d <= t else None


def days_to_finish(text: str) -> tuple[int, int, int] | None:
    """(lessons, per day, days) for "N lessons a day, how many days till I finish M lessons".

    >>> days_to_finish("if i do 2 lessons a day how many days till i finish 14 lessons")
    (14, 2, 7)
    """
    per_day, total = _PER_DAY.search(text), _TO_FINISH.search(text)
    if not (per_day and total and _HOW_MANY_DAYS.search(text)):
        return None
    n = count_word(per_day.group("n") or per_day.group("z"))
    m = int(total.group("n") or total.group("z"))
    return (m, n, math.ceil(m / n)) if n > 0 else None


_OPS = {"times": "×", "x": "×", "*": "×", "×": "×", "multiplied by": "×", "乘": "×", "乘以": "×",
        "plus": "+", "+": "+", "加": "+", "加上": "+", "minus": "−", "-": "−", "减": "−", "减去": "−",
        "divided by": "÷", "÷": "÷", "除以": "÷"}  # fmt: skip
_SUM = re.compile(
    rf"(?<![A-Za-z0-9_./:-])(?P<a>{_NUMBER})\s*(?P<op>multiplied by|divided by|times|plus|minus|乘以|加上|减去|除以"
    rf"|[x*×+÷乘加减]|\s-\s)\s*(?P<b>{_NUMBER})(?![A-Za-z0-9_./:-])(?=\s*(?:[?？=]|equals?|是多少|等于|得几|多少|$))",
    re.I,
)
_SUM_NAMED = re.compile(r"([A-Za-z]{2,})\s*$")  # a word right before the first number: "iphone 15", "lesson 3"
_ASKING_WORDS = frozenset(("is", "whats", "calculate", "equals", "tho", "about", "quick", "and", "if", "then"))
_ASKS_SUM = re.compile(
    r"\bwhat(?:'s|s| is)\b|\bwats\b|\bhow much\b|\bcalculate\b|[?？=]|等于|是多少|多少|得几|算", re.I
)


def arithmetic(text: str) -> tuple[str, str, str, str] | None:
    """``(a, sign, b, result)`` for a sum written out and asked ("what's 15 times 4", "1 加 1 等于几").

    >>> arithmetic("quick q tho, what's 15 times 4"), arithmetic("12除以4是多少")
    (('15', '×', '4', '60'), ('12', '÷', '4', '3'))
    >>> arithmetic("S1001 2026-07-24") is None
    True
    """
    m = _SUM.search(text)
    named = _SUM_NAMED.search(text[: m.start()]) if m else None
    if m is None or not _ASKS_SUM.search(text) or (named and named.group(1).lower() not in _ASKING_WORDS):
        return None  # "iphone 15 plus 2?": a name with a number, not a sum
    if m.group("op").strip() == "-" and re.fullmatch(r"(?:19|20)\d\d", m.group("a")):
        return None  # "2026 - 07": a date written with spaces
    a, b, sign = float(m.group("a")), float(m.group("b")), _OPS[m.group("op").strip().lower()]
    if sign == "÷" and b == 0:
        return None
    value = {"×": a * b, "+": a + b, "−": a - b, "÷": a / b if b else 0.0}[sign]
    return m.group("a"), sign, m.group("b"), _fmt(value)


_DIFFERENCE = re.compile(
    r"\bdifference\b|\bhow much (?:warmer|colder|hotter|higher|lower|more|less)\b|差多少|相差|差几", re.I
)


def difference(text: str) -> tuple[str, str, str] | None:
    """``(larger, smaller, difference)`` when the learner gives two numbers and asks how far apart they are.

    >>> difference("if one city is 31 degrees and another is 16, whats the difference")
    ('31', '16', '15')
    """
    # numbers with a measure ("31 degrees", "6.5 分"), or bare ones after "is"; never "lesson 3" or "A1"
    numbers = re.findall(
        rf"(?<![A-Za-z0-9_./:-])({_NUMBER})(?![A-Za-z0-9_./:-])"
        r"(?=\s*(?:°|degrees?|度|分|points?|%|[,，]|$|\s+and\b))",
        text,
    )
    if re.search(r"\b(?:lesson|day|week|unit|task|part|room|level)\s+\d", text, re.I):
        return None
    if len(numbers) != 2 or not _DIFFERENCE.search(text):
        return None
    a, b = sorted(numbers, key=float, reverse=True)
    return a, b, _fmt(float(a) - float(b))


#: "I've finished 18 out of 45 practice papers, what percentage is that?": a part of a whole, as a percentage
_PART_OF = re.compile(
    r"(?P<a>\d+(?:\.\d+)?)\s*(?:out of|of|/|除以|divided by|over)\s*(?P<b>\d+(?:\.\d+)?)(?!\s*%)", re.I
)
_PERCENT_ASKED = re.compile(r"\bpercent(?:age)?\b|\bper cent\b|what %|百分之几|百分比|占百分之", re.I)
#: "24°C and then cooled by 9 degrees": a reading changed by a stated amount
_CHANGED = re.compile(
    r"(?P<a>-?\d+(?:\.\d+)?)\s*(?:°\s*C|°|degrees?|度)?[^\d]{0,30}?\b(?P<dir>cool(?:ed|s)?|drop(?:ped|s)?|f[ae]ll(?:s)?"
    r"|warm(?:ed|s)?|r[io]se?s?|went up|went down)(?:\s+(?:up|down))?\s+(?:by\s+)?(?P<b>\d+(?:\.\d+)?)",
    re.I,
)


def percentage(text: str) -> tuple[str, str, str] | None:
    """``(part, whole, percent)`` when the message gives a part of a whole and asks the percentage.

    >>> percentage("I've finished 18 out of 45 practice papers, what percentage is that?")
    ('18', '45', '40')
    """
    m = _PART_OF.search(text)
    if not m or not _PERCENT_ASKED.search(text) or float(m.group("b")) == 0:
        return None
    value = round(float(m.group("a")) / float(m.group("b")) * 100, 1)
    return m.group("a"), m.group("b"), f"{value:g}"


def changed(text: str) -> tuple[str, str, str, str] | None:
    """``(start, sign, amount, result)`` for a reading changed by a stated amount ("24°C, cooled by 9").

    >>> changed("if a city sat at 24°C and then cooled by 9 degrees, where would it end up?")
    ('24', '−', '9', '15')
    """
    m = _CHANGED.search(text)
    if m is None:
        return None
    down = re.match(r"cool|drop|f[ae]ll|went down", m.group("dir"), re.I) is not None
    result = float(m.group("a")) + (-1 if down else 1) * float(m.group("b"))
    return m.group("a"), "−" if down else "+", m.group("b"), f"{result:g}"


def kind_of(text: str) -> str | None:
    """``average``, ``left``, ``per_day`` or ``sum`` when the message states every number its sum needs."""
    if percentage(text):  # "42除以80等于百分之几": a division asked as a percentage
        return "percentage"
    if arithmetic(text):
        return "sum"
    if changed(text):
        return "changed"
    if difference(text):
        return "difference"
    if average(text):
        return "average"
    if lessons_left(text):
        return "left"
    if days_to_finish(text):
        return "per_day"
    return None


def answer(kind: str, text: str, lang: str) -> str:
    """The sum worked out, and why no tool was called."""
    why = Text(
        "数字都是你给的，算一下就行，不用调用工具。", "You gave the numbers, so it is arithmetic and no tool is needed."
    )
    if kind == "percentage":
        part, whole, percent = percentage(text) or ("", "", "")
        return Text(f"{part} ÷ {whole} = {percent}%。{why.zh}", f"{part} ÷ {whole} = {percent}%. {why.en}")(lang)
    if kind == "changed":
        start, sign, amount, result = changed(text) or ("", "", "", "")
        return Text(f"{start} {sign} {amount} = {result}。{why.zh}", f"{start} {sign} {amount} = {result}. {why.en}")(
            lang
        )
    if kind == "difference":
        big, small, gap = difference(text) or ("", "", "")
        return Text(
            f"{big} − {small} = {gap}，相差 {gap}。{why.zh}", f"{big} − {small} = {gap}: {gap} apart. {why.en}"
        )(lang)
    if kind == "sum":
        a, sign, b, result = arithmetic(text) or ("", "", "", "")
        return Text(f"{a} {sign} {b} = {result}。{why.zh}", f"{a} {sign} {b} = {result}. {why.en}")(lang)
    if kind == "average":
        numbers, mean = average(text) or ([], "")
        listed = " + ".join(numbers)
        return Text(
            f"({listed}) ÷ {len(numbers)} = {mean}，平均是 {mean}。{why.zh}",
            f"({listed}) ÷ {len(numbers)} = {mean}, so the average is {mean}. {why.en}",
        )(lang)
    if kind == "left":
        total, done, left = lessons_left(text) or (0, 0, 0)
        return Text(
            f"{total} − {done} = {left}，还剩 {left} 节。{why.zh}",
            f"{total} − {done} = {left}: {left} lessons left. {why.en}",
        )(lang)
    lessons, per_day, days = days_to_finish(text) or (0, 0, 0)
    return Text(
        f"{lessons} ÷ {per_day} = {days}，每天 {per_day} 节，{days} 天能上完。{why.zh}",
        f"{lessons} ÷ {per_day} = {days}: at {per_day} a day, {days} days. {why.en}",
    )(lang)
