"""Places a city's weather tool cannot look up: a desert, a mountain, a pole, a planet, a made-up land.

"how hot is the Sahara right now", "weather on Mount Everest today?", "火星天气如何": a careful model does not pass
"Sahara" as a city, nor ask "which city do you mean?" as if none were named. It says what the tool takes (a city)
and why the place named is not one, and offers to look up a city near it.
"""

from __future__ import annotations

import re

from toolcall_lab.i18n import Text

_NON_CITY = re.compile(
    r"\b(?:the\s+)?(?:sahara(?:\s+desert)?|gobi(?:\s+desert)?|mount\s+everest|everest|mt\.?\s+everest|antarctica"
    r"|the\s+arctic|north\s+pole|south\s+pole|the\s+moon|mars|venus|jupiter|saturn|the\s+sun|outer\s+space"
    r"|atlantis|narnia|hogwarts|middle[- ]earth|the\s+alps|the\s+himalayas|the\s+amazon(?:\s+rainforest)?"
    r"|the\s+pacific(?:\s+ocean)?|the\s+atlantic(?:\s+ocean)?)\b"
    r"|火星|月球|月亮上|太阳上|金星|木星|土星|南极|北极|珠峰|珠穆朗玛峰|撒哈拉(?:沙漠)?|戈壁|喜马拉雅山?|亚马逊雨林|太平洋|大西洋"
    r"|外太空",
    re.I,
)


def non_city(text: str) -> str | None:
    """The place of ``text`` that is no city (as written), or ``None``.

    >>> non_city("how hot is the Sahara right now"), non_city("火星天气如何"), non_city("weather in Paris")
    ('the Sahara', '火星', None)
    """
    m = _NON_CITY.search(text)
    return m.group(0) if m else None


def non_city_reply(place: str, tool: str, lang: str) -> str:
    """Why no call was made for a place that is no city, in the learner's language."""
    return Text(
        f"{tool} 只能按城市查天气，「{place}」不是城市，所以我没有调用它，也不编造那里的天气。"
        "如果你想看附近某个城市的天气，告诉我城市名就行。",
        f"{tool} looks up the weather of a city, and “{place}” is not a city, so I did not call it, and I will not "
        "make its weather up. If you'd like a city near it, tell me which one.",
    )(lang)
