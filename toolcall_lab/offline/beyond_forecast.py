"""Weather a forecast tool does not hold: a day gone by, and what a place is usually like.

"昨天北京下雨了吗", "what was London like last week": the past, which a tool that forecasts from today on
has no record of. "北京冬天一般多冷", "what's Tokyo usually like in August", "悉尼的气候怎么样": the climate,
a place's usual weather over a season, which no reading of today or the next seven days tells. A careful
model calls neither time: today's reading would answer another question.
"""

from __future__ import annotations

import re

from toolcall_lab.i18n import Text

_PAST = re.compile(
    r"\b(?:yesterday|last (?:mon|tues|wednes|thurs|fri|satur|sun)day|last week|was like|were like|did it rain)\b"
    r"|昨天|前天|上周|上个星期|上星期|上礼拜",
    re.I,
)
_SEASON = (
    r"\b(?:in|during|over) (?:the )?(?:winter|summer|spring|autumn|fall|rainy season|monsoon)\b"
    r"|\b(?:in|during) (?:january|february|march|april|may|june|july|august|september|october|november|december)\b"
    r"|冬天|夏天|春天|秋天|冬季|夏季|春季|秋季|雨季|梅雨季|(?:[一二三四五六七八九十]{1,2}|\d{1,2})月份?(?!\s*[\d一二三四五六七八九十]{1,3}\s*[号日])"
)
_USUAL = r"\b(?:usually|typically|normally|generally|on average|average|as a rule)\b|一般|通常|平均|往年|历年|平时"
_CLIMATE = re.compile(
    rf"\bclimate\b|气候|(?:{_SEASON}).{{0,20}}(?:{_USUAL})|(?:{_USUAL}).{{0,20}}(?:{_SEASON})",
    re.I,
)


def kind_of(text: str) -> str | None:
    """``past`` for weather gone by, ``climate`` for a place's usual weather, else ``None``.

    >>> kind_of("昨天北京下雨了吗"), kind_of("北京冬天一般多冷"), kind_of("what's tokyo usually like in august")
    ('past', 'climate', 'climate')
    >>> kind_of("北京明天冷不冷"), kind_of("7月25号北京天气一般吗"), kind_of("北京七月一般多热")
    (None, None, 'climate')
    """
    if _PAST.search(text):
        return "past"
    return "climate" if _CLIMATE.search(text) else None


def answer(kind: str, names: str, lang: str) -> str:
    """Why the forecast tool was not called, said plainly."""
    if kind == "past":
        return Text(
            f"抱歉，我的天气工具（{names}）只能查今天起的预报，没有过去的天气记录，所以查不了那天。",
            f"Sorry, my weather tool ({names}) only forecasts from today on; it has no past weather, so I can't "
            "tell you what that day was like.",
        )(lang)
    return Text(
        f"我的天气工具（{names}）只有现在的天气和今天起最多 7 天的预报，没有一个地方往年、各季节的平均气候，"
        "所以我没有去查：今天的读数回答不了“一般怎么样”。这类问题可以看气候资料（比如各月平均气温）。",
        f"My weather tool ({names}) only has the weather now and a forecast up to 7 days from today; it holds no "
        "place's usual weather over a season, so I did not call it: today's reading cannot say what is usual. "
        "A climate table (average temperatures by month) answers that.",
    )(lang)
