"""What the built-in model knows without a tool: arithmetic, a temperature in Fahrenheit, the order of
the CEFR levels. A competent model answers "what's 15% of 80?", "30°C in Fahrenheit?" or "is B2 above
B1?" itself; searching the web or a word list for them would teach that tools are for everything.
"""

from __future__ import annotations

import ast
import operator
import re
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline.comparing import SUM_ASKED

_ARITHMETIC = re.compile(
    # "quick maths: …", "math q: …": a short label before the sum
    # "quick maths: …", "quick one what's …": a short label before the sum, with or without its colon
    r"^\s*(?:[A-Za-z][A-Za-z ]{0,18}:\s*|(?:quick (?:one|1|q|question)|ok|so|hey|um)[,\s]+)?"
    r"(?:what(?:'s|s| is)|wats|how much is|计算|算一下|算算)?\s*([\d\s.+\-*/×÷()]+?)"
    r"\s*(?:=|等于)?\s*(?:几|多少)?\s*[?？]?(?:[,，]?\s*(?:just curious|btw|pls|please|thanks|thx|lol))*\s*[?？]?\s*$",
    re.I,
)
_OPERATORS: dict[type, Any] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.USub: operator.neg,
}
CELSIUS = re.compile(
    r"(?:摄氏\s*)?(-?\d+(?:\.\d+)?)\s*(?:°\s*C\b|摄氏度|度|degrees? C\b|(?:in\s+)?(?:degrees? )?celsius|℃"
    r"|C\b(?![+#]))",
    re.I,
)
FAHRENHEIT_ASKED = re.compile(r"华氏|fahrenheit|°\s*F\b|\bin F\b", re.I)
FAHRENHEIT = re.compile(
    r"(?:华氏\s*)?(-?\d+(?:\.\d+)?)\s*(?:°\s*F\b|华氏度|degrees? F\b|degrees? fahrenheit|℉)"
    r"|华氏\s*(-?\d+(?:\.\d+)?)\s*度",
    re.I,
)
CELSIUS_ASKED = re.compile(r"摄氏|celsius|°\s*C\b|\bin C\b", re.I)
_HOURS_TO_MINUTES = re.compile(
    r"(?P<n>\d+(?:\.\d+)?|an?|one|two|three|four|five)\s+(?P<half>and a half\s+)?hours?(?P<half2>\s+and a half)?"
    r".{0,30}\bhow many minutes|how many minutes.{0,30}?(?P<m>\d+(?:\.\d+)?|an?|one|two|three|four|five)"
    r"\s+(?P<halfb>and a half\s+)?hours?",
    re.I,
)
_LETTERS = re.compile(r"how many letters (?:are )?(?:in|does)\s+(?:the word\s+)?['\"“]?([A-Za-z]+)", re.I)
#: Terms of the course the model knows: said when asked, whatever the tools.
TERMS: dict[str, tuple[str, str]] = {
    "kaoyan": (
        "考研：全国硕士研究生招生考试（读研究生的入学考试）",
        "kaoyan is China's national entrance exam for postgraduate (master's) study (考研)",
    ),
    "gaokao": (
        "高考：普通高等学校招生全国统一考试（上大学的入学考试）",
        "gaokao is China's national college entrance exam, taken at the end of high school (高考)",
    ),
    "json": (
        "JSON：JavaScript Object Notation（JavaScript 对象表示法），一种用文本写数据的格式；工具的参数就是用 JSON 传的",
        "JSON stands for JavaScript Object Notation: a text format for data; a tool call's arguments travel as JSON",
    ),
    "api": (
        "API：Application Programming Interface（应用程序编程接口），程序之间互相调用的约定",
        "API stands for Application Programming Interface: the agreed way one program calls another",
    ),
    "llm": (
        "LLM：Large Language Model（大语言模型），读文字、写文字的模型，也会按工具的 schema 生成工具调用",
        "LLM stands for Large Language Model: a model that reads and writes text, and can write tool calls "
        "that match a tool's schema",
    ),
    "cefr": (
        "CEFR：欧洲语言共同参考框架（Common European Framework of Reference for Languages），"
        "把语言水平从低到高分成 A1、A2、B1、B2、C1、C2 六级",
        "CEFR stands for the Common European Framework of Reference for Languages: it grades language "
        "ability in six levels, from A1 (beginner) up to C2 (mastery)",
    ),
}
CEFR = re.compile(r"\b([ABC][12])\b")
CEFR_LEVELS: dict[str, tuple[str, str]] = {
    "A1": ("入门（最低一级）", "beginner, the lowest level"),
    "A2": ("初级", "elementary"),
    "B1": ("中级", "intermediate"),
    "B2": ("中高级", "upper intermediate"),
    "C1": ("高级", "advanced"),
    "C2": ("精通（最高一级）", "proficiency (mastery), the highest level"),
}


_OPERATOR_WORDS = (
    (r"\s*(?:乘以|乘|times|multiplied by|x)\s*", " * "),
    (r"\s*(?:除以|divided by|over)\s*", " / "),
    (r"\s*(?:加上|加|plus|and)\s*", " + "),
    (r"\s*(?:减去|减|minus|take away)\s*", " - "),
)
_PERCENT_OF = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|percent\b|per cent\b)\s*(?:of|的)\s*(\d+(?:\.\d+)?)", re.I)
#: "80 times 15 percent", "15%": a percentage that is not "of" something is a hundredth.
_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|percent\b|per cent\b)(?!\s*(?:of|的))", re.I)
_UNITS = {
    w: i
    for i, w in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
        ]
    )
}
_TENS = {
    w: 10 * i
    for i, w in enumerate(["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"])
    if i > 1
}
_NUMBER_WORD = re.compile(
    rf"\b(?:(?P<tens>{'|'.join(_TENS)})(?:[\s\-](?P<unit>{'|'.join(list(_UNITS)[1:10])}))?|(?P<small>{'|'.join(_UNITS)}))"
    r"(?:\s+(?P<hundred>hundred))?\b",
    re.I,
)


def _number_words(text: str) -> str:
    """Numbers spelt out ("eighty", "twenty-five", "three hundred") written as digits, for a sum in words."""

    def value(m: re.Match[str]) -> str:
        n = _TENS[m.group("tens").lower()] + _UNITS[(m.group("unit") or "zero").lower()] if m.group("tens") else 0
        n = n or _UNITS[(m.group("small") or "zero").lower()]
        return str(n * 100 if m.group("hundred") else n)

    return _NUMBER_WORD.sub(value, text)


def _operators_in_words(text: str) -> str:
    """ "12 乘以 7", "5 plus 2", "15% of 80", "eighty times fifteen percent" written with operators."""
    if re.search(r"\b(?:times|plus|minus|divided by|multiplied by|percent)\b", text, re.I):
        text = _number_words(text)
    text = _PERCENT_OF.sub(r"(\1 / 100 * \2)", text)
    text = _PERCENT.sub(r"(\1 / 100)", text)
    for words, op in _OPERATOR_WORDS:
        text = re.sub(rf"(?<=\d){words}(?=[\d(])", op, text, flags=re.I)
    return text


def arithmetic(text: str) -> str | None:
    """The value of a question that is only arithmetic ("what's 2 + 2?" → "4"), else ``None``.

    >>> arithmetic("what's 2 + 2?"), arithmetic("12 × 3 = ?"), arithmetic("S1002"), arithmetic("2026-07-25")
    ('4', '36', None, None)
    >>> arithmetic("12 乘以 7 等于几"), arithmetic("what's 15% of 80?"), arithmetic("what's 5 plus 2")
    ('84', '12', '7')
    >>> arithmetic("quick maths: eighty times fifteen percent = ?"), arithmetic("twenty-five plus seventeen")
    ('12', '42')
    """
    m = _ARITHMETIC.match(_operators_in_words(text))
    if not m or not re.search(r"\d\s*[+\-*/×÷]\s*\(?\s*\d", m.group(1)) or re.search(r"\d-\d\d-\d", m.group(1)):
        return None
    expr = m.group(1).replace("×", "*").replace("÷", "/")
    if len(expr) > 80:
        return None
    try:
        value = _evaluate(ast.parse(expr.strip(), mode="eval").body)
    except (SyntaxError, ValueError, ZeroDivisionError, KeyError):
        return None
    return str(int(value)) if float(value).is_integer() else f"{value:.6g}"


def _evaluate(node: ast.AST) -> float:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return float(node.value)
    if isinstance(node, ast.BinOp):
        return float(_OPERATORS[type(node.op)](_evaluate(node.left), _evaluate(node.right)))
    if isinstance(node, ast.UnaryOp):
        return float(_OPERATORS[type(node.op)](_evaluate(node.operand)))
    raise ValueError("not arithmetic")


def fahrenheit(text: str) -> str:
    m = CELSIUS.search(text)
    celsius = float(m.group(1)) if m else 0.0
    value = celsius * 9 / 5 + 32
    return f"{value:.0f}" if abs(value - round(value)) < 0.05 else f"{value:.1f}"


def levels_answer(text: str, lang: str) -> str:
    named = sorted(set(CEFR.findall(text)))
    order = list(CEFR_LEVELS)
    low, high = min(named, key=order.index), max(named, key=order.index)
    lines = [
        Text(
            f"欧洲共同语言参考标准（CEFR）从低到高是 A1 < A2 < B1 < B2 < C1 < C2，所以 {high} 比 {low} 高。",
            f"On the CEFR scale, A1 < A2 < B1 < B2 < C1 < C2, so {high} is higher than {low}.",
        )(lang)
    ]
    lines += [
        Text(f"{n}：{CEFR_LEVELS[n][0]}", f"{n}: {CEFR_LEVELS[n][1]}")(lang) for n in sorted(named, key=order.index)
    ]
    lines.append(Text("这是常识，不用调用工具。", "That is general knowledge, so no tool is needed.")(lang))
    return "\n".join(lines)


#: One level asked about itself: "what does B2 mean on those word levels", "C1 是什么水平", "how good is B1".
_ONE_LEVEL = re.compile(
    r"\bwhat (?:does|do|is|'s)\s+(?:a\s+|the\s+)?[ABC][12]\b(?:\s+(?:level\s+)?mean)?|\bhow good is\s+[ABC][12]\b"
    r"|\b[ABC][12]\b\s*(?:级)?(?:是什么(?:水平|意思|级别)|啥水平|什么水平|算什么水平)",
)


def level_meaning(text: str) -> str | None:
    """The one CEFR level a question asks the meaning of, else ``None``: a fact of the scale, no word to look up.

    >>> level_meaning("what does B2 mean on those word levels, like how good is that"), level_meaning("is accord B2")
    ('B2', None)
    """
    named = set(CEFR.findall(text))
    return next(iter(named)) if len(named) == 1 and _ONE_LEVEL.search(text) else None


def level_meaning_answer(text: str, lang: str) -> str:
    level = level_meaning(text) or "B1"
    zh, en = CEFR_LEVELS[level]
    return Text(
        f"{level} 是欧洲共同语言参考标准（CEFR）的一级：{zh}。从低到高是 A1 < A2 < B1 < B2 < C1 < C2。"
        "这是常识，不用调用工具。",
        f"{level} is a level of the CEFR scale: {en}. From lowest to highest: A1 < A2 < B1 < B2 < C1 < C2. "
        "That is general knowledge, so no tool is needed.",
    )(lang)


_WORD_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def minutes_in_hours(text: str) -> str | None:
    """ "two and a half hours is how many minutes" → "150", else ``None``.

    >>> minutes_in_hours("how many minutes is two and a half hours")
    '150'
    >>> minutes_in_hours("an hour and a half class is how many minutes")
    '90'

    """
    m = _HOURS_TO_MINUTES.search(text)
    if m is None:
        return None
    raw = (m.group("n") or m.group("m")).lower()
    hours = float(raw) if raw[0].isdigit() else _WORD_NUMBERS[raw]
    if m.group("half") or m.group("half2") or m.group("halfb"):
        hours += 0.5
    return f"{hours * 60:g}"


def letters_in(text: str) -> tuple[str, int] | None:
    """ "how many letters are in the word meticulous" → ("meticulous", 10)."""
    m = _LETTERS.search(text)
    return (m.group(1), len(m.group(1))) if m else None


def celsius(text: str) -> str:
    """A Fahrenheit temperature in Celsius, rounded as people say it."""
    m = FAHRENHEIT.search(text)
    value = (float(m.group(1) or m.group(2)) - 32) * 5 / 9 if m else 0.0
    return f"{value:.0f}" if abs(value - round(value)) < 0.05 else f"{value:.1f}"


_SUPPOSE = re.compile(r"^\s*(?:if\b|suppose|say\b|假如|如果|要是|假设)", re.I)
_HOW_MANY_LEFT = re.compile(r"还剩|剩下|剩几|还差|\b(?:are|is) left\b|\bremain(?:ing|s)?\b|\bto go\b", re.I)
_NUMBER = re.compile(r"(?<![\d.\-])(\d{1,6}(?:\.\d+)?)(?![\d.\-])")


def stated_sum(text: str) -> str | None:
    """The total of the numbers a hypothetical question gives ("if me and a friend have 38 and 10 lessons
    left, how many is that together" → "48"): the learner gave the facts, nothing is looked up.

    >>> stated_sum("if me and a friend have 38 and 10 lessons left, how many is that together")
    '48'
    >>> stated_sum("假如我跟同桌一个上了 42 节、一个上了 30 节，俩人加一块多少节")
    '72'
    >>> stated_sum("S1002 和 S1004 加起来还剩多少") is None
    True
    >>> stated_sum("假如一共60节我上了27节，还剩几节"), stated_sum("if 40 in total and I did 12, how many are left")
    ('33', '28')
    """
    if not (_SUPPOSE.search(text) and SUM_ASKED.search(text)) or re.search(r"[A-Za-z]\s?\d{3,}", text):
        return None
    numbers = [float(n) for n in _NUMBER.findall(text)]
    if len(numbers) < 2:
        return None
    total = float(sum(numbers))
    if len(numbers) == 2 and _HOW_MANY_LEFT.search(text):  # "一共60节我上了27节，还剩几节": the total less those done
        total = max(numbers) - min(numbers)
    return str(int(total)) if total.is_integer() else f"{total:g}"


#: Units a model converts without a tool: (names, the unit in English and Chinese, its size in a base unit).
_LENGTH_AND_WEIGHT: tuple[tuple[str, str, str, str, float], ...] = (
    (r"km|kilomet(?:er|re)s?|公里|千米", "km", "公里", "length", 1000.0),
    (r"miles?|英里", "miles", "英里", "length", 1609.344),
    (r"m|met(?:er|re)s?|米", "m", "米", "length", 1.0),
    (r"f(?:ee|oo)t|ft|英尺", "feet", "英尺", "length", 0.3048),
    (r"cm|centimet(?:er|re)s?|厘米", "cm", "厘米", "length", 0.01),
    (r"inch(?:es)?|in\.|英寸", "inches", "英寸", "length", 0.0254),
    (r"kg|kilos?|kilograms?|公斤|千克", "kg", "公斤", "weight", 1.0),
    (r"pounds?|lbs?|磅", "pounds", "磅", "weight", 0.45359237),
)
_UNIT_ALTERNATIVES = "|".join(f"(?:{names})" for names, *_ in _LENGTH_AND_WEIGHT)
_AMOUNT = re.compile(rf"(\d+(?:\.\d+)?)\s*(?:个)?\s*({_UNIT_ALTERNATIVES})(?![A-Za-z])", re.I)
_UNIT_ASKED = re.compile(
    rf"(?:多少|几|\bin(?:to)?|\bto|\bhow many|\bas)\s*({_UNIT_ALTERNATIVES})(?![A-Za-z])"
    rf"|(?<![A-Za-z])({_UNIT_ALTERNATIVES})\s*(?:是多少|等于多少)",
    re.I,
)


def _unit(typed: str) -> tuple[str, str, str, float] | None:
    for names, en, zh, kind, size in _LENGTH_AND_WEIGHT:
        if re.fullmatch(names, typed, re.I):
            return en, zh, kind, size
    return None


def unit_conversion(text: str) -> tuple[str, str, str, str, str, str] | None:
    """ "1 公里大概等于多少英里" → ("1", "km", "公里", "0.621", "miles", "英里") as strings, else ``None``: a length or
    a weight in one unit asked in another of the same kind.

    >>> unit_conversion("1 公里大概等于多少英里")
    ('1', 'km', '公里', '0.621', 'miles', '英里')
    >>> unit_conversion("how many kg is 10 pounds")[3], unit_conversion("5 km to miles")[3]
    ('4.54', '3.11')
    >>> unit_conversion("I ran 5 km today") is None
    True
    """
    amount = _AMOUNT.search(text)
    if amount is None:
        return None
    source = _unit(amount.group(2))
    rest = text[: amount.start()] + " " + text[amount.end() :]
    for m in _UNIT_ASKED.finditer(rest):
        target = _unit(m.group(1) or m.group(2))
        if source and target and target[2] == source[2] and target[0] != source[0]:
            value = float(amount.group(1)) * source[3] / target[3]
            shown = f"{value:.3g}" if value < 1000 else f"{value:,.0f}"
            return amount.group(1), source[0], source[1], shown, target[0], target[1]
    return None


_CITY_NAME = re.compile(
    r"\b(?:chinese|english)\s+(?:name|word)\b|\bin chinese\b|\bcalled in (?:chinese|english)\b"
    r"|中文名|英文名|英文叫|中文叫|英语叫|中文怎么写",
    re.I,
)


def city_name_asked(text: str, names: dict[str, str]) -> tuple[str, str] | None:
    """``(English, Chinese)`` of the one city whose name in the other language is asked, else ``None``.

    ``names`` maps each Chinese name to its English one (the model's own list of cities).

    >>> city_name_asked("whats the chinese name of the city sydney", {"悉尼": "Sydney"})
    ('Sydney', '悉尼')
    >>> city_name_asked("sydney weather in chinese please", {"悉尼": "Sydney"}) is None
    True
    """
    if not _CITY_NAME.search(text) or re.search(r"weather|天气|forecast|temperature|气温", text, re.I):
        return None
    found = [(zh, en) for zh, en in names.items() if zh in text or re.search(rf"\b{re.escape(en)}\b", text, re.I)]
    return (found[0][1], found[0][0]) if len(found) == 1 else None


def city_name_answer(text: str, names: dict[str, str], lang: str) -> str:
    """A city's name in the other language, from the model's own list, and why no tool was called."""
    en, zh = city_name_asked(text, names) or ("", "")
    if re.search(r"english|英文|英语", text, re.I):
        return Text(
            f"「{zh}」的英文名是 {en}。这是我知道的名字，不用调用工具。",
            f'"{zh}" is {en} in English. That is a name I know, so no tool is needed.',
        )(lang)
    return Text(
        f"{en} 的中文名是「{zh}」。这是我知道的名字，不用调用工具。",
        f'{en} is "{zh}" in Chinese. That is a name I know, so no tool is needed.',
    )(lang)
