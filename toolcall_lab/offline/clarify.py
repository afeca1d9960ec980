"""A bare value with nothing asked of it: "那后天呢？", "what about S1003?", "and Bangkok?" with no earlier turn.

Without a conversation to carry on, "the day after tomorrow" says when but not what. A careful model does
not guess the tool (a timetable? a forecast?) and does not call it "no tool fits" either: it says what it
understood, asks what the learner wants to know about it, and names the tools that take such a value.
"""

from __future__ import annotations

import re
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline import nlu
from toolcall_lab.offline.dates import find_dates
from toolcall_lab.offline.ids import find_ids
from toolcall_lab.offline.kinds import kinds_of, tool_name

#: Words around a bare value that ask nothing of it: "谢谢！那后天呢？", "ok and what about tokyo then".
_FRAME = re.compile(
    r"谢谢|多谢|好的|那|呢|吗|啊|吧|还有|\b(?:thanks|thank you|ok|okay|and|so|what|how|about|then|pls|please)\b"
    r"|[!！?？.,，。\s]",
    re.I,
)


def bare_value(text: str) -> tuple[str, str] | None:
    """``(kind, value)`` when the message is one date, city or id and words that ask nothing of it.

    >>> bare_value("谢谢！那后天呢？"), bare_value("and what about S1003?"), bare_value("后天有课吗")
    (('date', '后天'), ('id', 'S1003'), None)
    """
    dates = [d for d in find_dates(text) if d.kind != "week"]
    ids = find_ids(text, "S1001")
    cities = nlu.city_positions(text)
    found: list[tuple[str, str, str]] = [("date", d.raw, d.raw) for d in dates]
    found += [("id", typed, value) for typed, value in ids]
    found += [("city", text[at : at + len(name)] if text[at : at + len(name)].lower() == name.lower() else name, name)
              for at, name in cities]  # fmt: skip
    if len(found) != 1:
        return None
    kind, typed, value = found[0]
    rest = _FRAME.sub("", text.replace(typed, "", 1))
    rest = nlu.without_city_names(rest)
    return (kind, value) if not rest.strip() else None


def ask_back(text: str, tools: list[dict[str, Any]], lang: str) -> str | None:
    """What the model understood and what it asks back, naming the tools that take such a value."""
    found = bare_value(text)
    if found is None:
        return None
    kind, value = found
    # a day ahead ("后天") is also what a forecast's number of days reaches
    wanted = {kind, "days"} if kind == "date" and any(d.offset for d in find_dates(text)) else {kind}
    takers = [tool_name(t) for t in tools if wanted & set(kinds_of(t).values())]
    if not takers:
        return None
    said = Text("、", ", ").join(takers)(lang)
    example = {
        "date": Text(f"，例如「{value} 我有课吗」", f', for example "do I have class {value}?"'),
        "city": Text(f"，例如「{value} 天气怎么样」", f', for example "what is the weather in {value}?"'),
        "id": Text(f"，例如「{value} 的进度」", f', for example "how far along is {value}?"'),
    }[kind]
    if kind == "date" and not any("date" in kinds_of(t).values() for t in tools):
        example = Text("（比如哪个城市的天气）", " (the weather of which city, say)")
    return Text(
        f"我看到的是「{value}」，但没看出你想知道它的什么。能用它来查的工具有：{said}。请把问题说完整{example.zh}。",
        f'I see "{value}", but not what you would like to know about it. The tools that take it: {said}. '
        f"Please ask the whole question{example.en}.",
    )(lang)
