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
from toolcall_lab.offline.kinds import function_of, kinds_of, param_kind, properties, tool_name

#: Words around a bare value that ask nothing of it: "谢谢！那后天呢？", "ok and what about tokyo then".
_FRAME = re.compile(
    r"谢谢|多谢|好的|那|呢|吗|啊|吧|还有|\b(?:thanks|thank you|ok|okay|and|so|what|how|about|then|pls|please)\b"
    r"|[!！?？.,，。\s]",
    re.I,
)


def _id_descriptions(tools: list[dict[str, Any]]) -> list[str]:
    """The descriptions of the offered tools' id parameters: they give an id's shape ("例如 S1001")."""
    return [
        str(schema.get("description", ""))
        for t in tools
        for pname, schema in properties(function_of(t).get("parameters")).items()
        if param_kind(pname, schema) == "id"
    ]


def bare_value(text: str, tools: list[dict[str, Any]]) -> tuple[str, str] | None:
    """``(kind, value)`` when the message is one date, city or id and words that ask nothing of it; an id is
    read in the shape the offered tools' id parameters describe.

    >>> tutor = [{"function": {"name": "f", "parameters": {"properties": {"student_id": {
    ...     "type": "string", "description": "学号，例如 S1001"}}}}}]
    >>> bare_value("谢谢！那后天呢？", tutor), bare_value("and what about S1003?", tutor)
    (('date', '后天'), ('id', 'S1003'))
    >>> bare_value("后天有课吗", tutor) is None
    True
    """
    found = [("date", d.raw, d.raw) for d in find_dates(text) if d.kind != "week"]
    found += [("id", typed, value) for d in _id_descriptions(tools)[:1] for typed, value in find_ids(text, d)]
    found += [("city", name, name) for _, name in nlu.city_positions(text)]
    if len(found) != 1:
        return None
    kind, typed, value = found[0]
    rest = re.sub(re.escape(typed), "", text, count=1, flags=re.I)
    rest = _FRAME.sub("", nlu.without_city_names(rest))
    return (kind, value) if not rest.strip() else None


def ask_back(text: str, tools: list[dict[str, Any]], lang: str) -> str | None:
    """What the model understood and what it asks back, naming the tools that take such a value."""
    found = bare_value(text, tools)
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


#: The question a careful model asks back for a missing value of each kind.
_WHICH = {
    "city": Text("你问的是哪个城市？", "Which city do you mean?"),
    "id": Text("你问的是哪位学生（学号）？", "Which student (student id) do you mean?"),
    "date": Text("你问的是哪一天？", "Which day do you mean?"),
    "word": Text("你问的是哪个单词？", "Which word do you mean?"),
}


def which_one(name: str, missing: list[str], tools: list[dict[str, Any]], lang: str) -> str:
    """The question asked back for the first missing argument whose kind is known, or "".

    >>> weather = [{"function": {"name": "get_weather", "parameters": {"properties": {"city": {"type": "string"}}}}}]
    >>> which_one("get_weather", ["city"], weather, "en"), which_one("get_weather", ["city"], weather, "zh")
    ('Which city do you mean?', '你问的是哪个城市？')
    """
    kinds = next((kinds_of(t) for t in tools if tool_name(t) == name), {})
    asked = [_WHICH[kinds[m]] for m in missing if kinds.get(m) in _WHICH]
    return asked[0](lang) if asked else ""
