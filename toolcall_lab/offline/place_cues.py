"""A piece of a question that names a place and a time (or asks to look it up) and hardly anything else.

"Sydney now?", "chongqing jintian re ma", "查查杭州": such a piece is a question for the tool that takes a
city, whatever words of the tool's topic it lacks.
"""

from __future__ import annotations

import re

from toolcall_lab.offline import nlu
from toolcall_lab.offline.other_senses import CLOCK

WHEN = re.compile(
    r"\b(?:right now|now|at the moment|at this moment|this moment|at this hour|at present|currently|today|tonight"
    r"|tomorrow"
    r"|this (?:morning|afternoon|evening)"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"|(?:over |for )?(?:the )?(?:coming|next|upcoming) (?:month|week|few days|days|fortnight))\b"
    r"|现在|此刻|这会儿|目前|今天|今晚|明天|后天|(?:周|星期|礼拜)[一二三四五六日天]",
    re.I,
)


#: An example sentence quoted for a word ("'ubiquitous' — like in 'rain is ubiquitous in London'"): its place and
#: weather are the example's, not an ask.
EXAMPLE_SENTENCE = re.compile(
    r"(?:\blike in|\bas in|\be\.g\.|\bfor example|\bsuch as|例如|比如|像)\s*[:：,，]?\s*"
    r"(?:'[^']{6,120}'|\"[^\"]{6,120}\"|“[^”]{6,120}”|「[^」]{4,120}」)",
    re.I,
)


#: A bare request to look something up: with a place and little else, the place is what to look up.
LOOK_UP = re.compile(
    r"\b(?:look(?:ing)?\s+up|check)\b(?!\s+(?:it\s+|this\s+|that\s+)?out)"
    r"|查查|查一下|查下|查一查|帮我查|帮忙查|给我查|替我查|看看|看一下|看下|换成|改查|再查|^\W*查(?=\s*[\u4e00-\u9fff]{2})",
    re.I,
)


#: "how is it in Paris", "how's tokyo looking": how a place is, asked with nothing else
HOW_IS = re.compile(
    r"^\W*(?:ok(?:ay)?,?\s+)?how(?:'s| is| are)(?: it| things| everything)?(?: looking)?(?: in| over in| at)?\b", re.I
)


#: A place put in another's stead: "forget seoul, how about paris", "not london, just new york pls".
SWITCH = re.compile(r"\b(?:how|what) about\b|\bjust\b|\binstead\b|换成|改成|那换", re.I)


#: A bare request to look someone up by id ("look up student 7777", "查一下学号 1003").
LOOK_UP_ID = re.compile(
    r"\b(?:look(?:ing)?\s+up|check|pull up|find)\b|查查|查一下|查下|看看|看一下",
    re.I,
)


def place_and_time(piece: str, when: re.Pattern[str] = WHEN) -> bool:
    """A piece that names a place and a time and hardly anything else: a city parameter's question.

    >>> place_and_time("Seoul right now, in one sentence")
    True
    >>> place_and_time("I moved to Seoul now that my company opened an office"), place_and_time("is it 3pm in Rome now")
    (False, False)
    """
    if not when.search(piece) or CLOCK.search(piece):
        return False
    rest = when.sub(" ", piece)
    for city in nlu.cities_in(piece):
        rest = re.sub(rf"\b{re.escape(city)}\b", " ", rest, flags=re.I)
    rest = nlu.without_city_names(rest)
    words = [w for w in re.findall(r"[A-Za-z']+", rest.lower()) if not nlu.is_frame_word(w)]
    chinese = [c for c in rest if nlu.CJK.match(c) and c not in "的啊吗呢吧呀了怎么样如何是那边里儿什么啥情况"]
    return len(words) <= 2 and len(chinese) <= 4
