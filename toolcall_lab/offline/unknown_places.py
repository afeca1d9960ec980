"""A place the model does not know, named where a city goes: "weather in FakeCity", "京都明天天气", "weather in lima".

The tool is then called with the name as written (English, or the Chinese before 天气), and says it has no data
for it: a careful model passes on what the learner named rather than guessing a known city instead.
"""

from __future__ import annotations

import re

from toolcall_lab.offline.lexicon import EN_STOP
from toolcall_lab.offline.non_cities import non_city

_SPAN_OR_DAY = re.compile(
    r"[一两二三四五六七八九十几半]+个?(?:周|天|星期|礼拜|月)|今天|明天|后天|现在|这里|那里|当地|最近|未来|外面|外边"
    r"|外头|家里|家乡|老家|学校|这边|那边"
    r"|[一两二三四五六七八九十]+个?(?:周|天|星期|礼拜|月)(?:里|内|中|之内)"
)
_TIME_TAIL = re.compile(r"(?:的|市|今天|明天|后天|大后天|现在|今晚|明早|这周|本周|下周|周末|最近|这几天|未来几天)+$")
_NOT_IN_PLACE = re.compile(r"[不没别先再看查我你他她了吗呢吧是要想哪么怎谁俩这那些们各问有木就哦和与跟词]")


_LOWER_PLACE = re.compile(r"\b(?:weather|forecast|temperature|temp)\s+(?:in|for|at)\s+([a-z]{3,20})\b")
_NOT_PLACES = frozenset(
    (
        *("general", "summer", "winter", "spring", "autumn", "fall", "english", "chinese", "advance", "july", "here"),
        *("celsius", "fahrenheit", "kelvin", "centigrade", "degrees", "total", "short", "detail"),
    )
)


def unknown_place(text: str) -> str | None:
    """A capitalised word that looks like a place name the model does not know ("FakeCity")."""
    if non_city(text):  # "火星天气如何": a planet, no city to pass on
        return None
    m = re.search(r"\b(?:in|for|of|at)\s+([A-Z][A-Za-z]+(?:\s[A-Z][A-Za-z]+)?)", text)
    if m and m.group(1).lower() not in EN_STOP | _NOT_PLACES:
        return m.group(1)
    for m in re.finditer(r"([\u4e00-\u9fff]{2,8})(?=天气|气温|温度)", text):
        # the name before 天气, past its time words ("京都明天天气") and any function word ("帮我看看京都天气")
        name = re.split(_NOT_IN_PLACE, _TIME_TAIL.sub("", m.group(1)))[-1]
        if len(name) >= 2 and not _SPAN_OR_DAY.fullmatch(name):  # "两周的天气", "今天先不看天气": no city
            return name
    # CamelCase like FakeCity, beside the weather's words (not "ToolNode 是干什么用的？…外面天气不错")
    m = re.search(
        r"\b([A-Z][a-z]+[A-Z][A-Za-z]+)\b(?=[^。？?！!.]{0,12}(?i:weather|forecast|temp|天气|气温|温度))", text
    )
    if m:
        return m.group(1)
    # "weather in lima now": a lower-case name right after the weather's own words, read as a place
    m = _LOWER_PLACE.search(text)
    return m.group(1).title() if m and m.group(1) not in EN_STOP | _NOT_PLACES else None
