"""What-ifs that need no look-up, and the answers that answer them.

* **Advice under an assumed weather** — "if it rains tomorrow what should I bring", "假如明天下雨我出门该准备
  点啥", "要是降温了穿什么": the learner states the weather, so there is nothing to forecast; the model gives the
  advice (an umbrella, warm layers, sun cream …), never "I still need: city".
* **What the model would do with a span past the tool's limit** — "if I asked you for a 10-day forecast what
  would you do", "如果我问你未来15天的天气你会怎么办": the answer is in the schema: the days parameter's range,
  so the most it would ask for, and why.
* **Skipping or missing a class** — "what if I skip class tomorrow", "要是我翘课会怎样": what missing a
  lesson means, with no timetable opened for a day the learner only imagines.

A weather condition must sit *inside* the if-clause: "if I go to Tokyo tomorrow what should I wear" assumes a
trip, not the weather, and still needs the forecast.
"""

from __future__ import annotations

import re
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline.arguments import most
from toolcall_lab.offline.kinds import function_of, kinds_of, properties, tool_name
from toolcall_lab.offline.spans import days_asked

_IF = (
    r"(?:\bwhat if|\bwhat happens if|\bwhat would happen if|\bif|\bsay|\bsuppose|\bsupposing|\bassuming"
    r"|\bimagine|\bin case|假如|如果|要是|假设|万一|倘若|若是)"
)
_CONDITIONS: dict[str, str] = {
    "rain": r"\b(?:it\s+)?(?:rains?|raining|rainy|pours?|pouring|drizzl\w*|storms?|stormy)\b"
    r"|下雨|下大雨|有雨|下暴雨|雷阵雨|毛毛雨",
    "cold": r"\b(?:it\s+)?(?:snows?|snowing|snowy|freezing|gets? (?:cold|colder|chilly)|is (?:cold|freezing|chilly))\b"
    r"|下雪|降温|变冷|很冷|冷了|寒潮|零下",
    "hot": r"\b(?:it\s+)?(?:gets? (?:hot|hotter)|is (?:hot|boiling|scorching)|heatwave|heat wave)\b"
    r"|高温|很热|热了|升温|暴晒",
}
_ADVICE = re.compile(
    r"\bwhat (?:should|do|shall|can) (?:i|we) (?:bring|wear|pack|take|prepare|carry|put on|do)\b"
    r"|\bwhat to (?:bring|wear|pack|take)\b"
    r"|\bshould i (?:bring|wear|take|pack)\b|\bany (?:tips|advice)\b"
    r"|(?:准备|带|穿|拿|注意)(?:点|些|上)?(?:啥|什么)|怎么穿|穿啥|带啥|要注意什么|该怎么办|怎么准备",
    re.I,
)
_ASKED_SPAN = re.compile(
    r"\bif (?:i|we) (?:asked|ask|wanted|want|needed|need)\b.{0,60}\bwhat (?:would|will|do) (?:you|u)\b"
    r"|\bwhat (?:would|will) (?:you|u) do if (?:i|we) (?:asked|ask|wanted|want|needed)\b"
    r"|(?:如果|假如|要是|假设)我(?:要|想)?(?:问|查|让你查).{0,20}(?:你会|你要|你打算)(?:怎么|咋|如何)",
    re.I,
)
_SKIP = re.compile(
    r"\b(?:skip|miss|cut|bunk|ditch)(?:ped|ping|es|s)?\s+(?:a |my |the |one )?(?:class|classes|lesson|lessons|school)\b"
    r"|翘课|逃课|旷课|缺课|不去上课|没去上课|请假|落下(?:一|几)?节课",
    re.I,
)


def _conditioned(text: str) -> tuple[str, int] | None:
    """The weather a what-if assumes, when it is inside the if-clause ("if it rains …", "假如明天下雨 …"), and
    where that clause starts."""
    for name, pattern in _CONDITIONS.items():
        found = re.search(rf"{_IF}[^?？。.!！]{{0,24}}?(?:{pattern})", text, re.I)
        if found:
            return name, found.start()
    return None


def _days_param(tools: list[dict[str, Any]]) -> tuple[str, str, int] | None:
    """(tool, parameter, its largest value) of the first offered tool with a days parameter that has a limit."""
    for tool in tools:
        schemas = properties(function_of(tool).get("parameters"))
        for pname, kind in kinds_of(tool).items():
            top = most(schemas.get(pname, {})) if kind == "days" else None
            if top:
                return tool_name(tool), pname, top
    return None


def what_if_kind(text: str, tools: list[dict[str, Any]]) -> str | None:
    """``what_if:<rain|cold|hot|days|skip>`` when the question is a what-if no tool needs to answer, else ``None``.

    >>> what_if_kind("if it rains tomorrow what should i bring", []), what_if_kind("明天去东京穿什么", [])
    ('what_if:rain', None)
    """
    if _ASKED_SPAN.search(text):
        found = _days_param(tools)
        asked = days_asked(text)
        if found and asked and asked > found[2]:
            return "what_if:days"
    weather, advice = _conditioned(text), _ADVICE.search(text)
    # the weather assumed first, then the advice asked: "should I bring an umbrella in Tokyo tomorrow, what if it
    # rains" asks about the real day first
    if weather and advice and weather[1] < advice.start():
        return f"what_if:{weather[0]}"
    if _SKIP.search(text) and re.search(_IF, text, re.I) and not re.search(r"\d{4}-\d{2}-\d{2}|[A-Za-z]\d{4}", text):
        return "what_if:skip"
    return None


_ADVICE_TEXT: dict[str, Text] = {
    "rain": Text(
        "下雨的话，出门带把伞（或者雨衣），穿防水、防滑的鞋，包里的电子产品和书本装进防水袋，出门也可以早几分钟。"
        "你说的是假设下雨，所以我没有去查天气预报；想知道某个城市会不会下雨，告诉我城市就行。",
        "If it rains, take an umbrella (or a raincoat), wear waterproof shoes with a good grip, keep your phone and "
        "books in a waterproof bag, and leave a few minutes early. You said to assume rain, so I did not look up a "
        "forecast; tell me a city if you want to know whether it will actually rain there.",
    ),
    "cold": Text(
        "天冷或下雪的话，多穿几层：保暖的外套、毛衣，戴上帽子、围巾和手套，穿防滑的鞋，再带杯热水。"
        "你说的是假设的天气，所以我没有去查预报；想知道某个城市的实际温度，告诉我城市就行。",
        "If it gets cold or snows, dress in warm layers: a warm coat and a sweater, a hat, scarf and gloves, shoes "
        "with a good grip, and something hot to drink. You gave the weather as a what-if, so I did not look up a "
        "forecast; tell me a city if you want its real temperatures.",
    ),
    "hot": Text(
        "天热的话，穿轻薄透气的衣服，涂防晒、戴帽子或墨镜，多带水，中午最晒的时候尽量待在阴凉处。"
        "你说的是假设的天气，所以我没有去查预报；想知道某个城市的实际温度，告诉我城市就行。",
        "If it is hot, wear light, breathable clothes, put on sunscreen and a hat or sunglasses, carry water, and "
        "keep out of the midday sun. You gave the weather as a what-if, so I did not look up a forecast; tell me "
        "a city if you want its real temperatures.",
    ),
    "skip": Text(
        "如果不去上课，那节课的内容就落下了：已学课时不会增加，进度也不会往前走。最好提前跟老师请假，"
        "之后找同学要笔记或请老师推荐补课内容。这是假设的问题，我没有去查课表；想知道那天有什么课，问我就行。",
        "If you skip a class, you miss what it covers: your lessons done don't go up, so your progress stands "
        "still. Let your teacher know beforehand, then catch up from a classmate's notes or ask what to review. "
        "That is a what-if, so I did not open your timetable; ask me if you want to see what is on that day.",
    ),
}


def what_if_answer(kind: str, text: str, tools: list[dict[str, Any]], lang: str) -> str:
    """The answer to a what-if of :func:`what_if_kind`, in the learner's language."""
    name = kind.split(":", 1)[1]
    found = _days_param(tools)
    if name == "days" and found:
        tool, param, top = found
        asked = days_asked(text) or top
        return Text(
            f"{tool} 的 {param} 只能是 1 到 {top}，所以你要 {asked} 天的预报，我会用 {param}={top} 去查"
            f"（它能给的最多天数），并告诉你 {top} 天以后的天气这个工具查不到，不会编造。",
            f"{tool}'s {param} goes from 1 to {top}, so for a {asked}-day forecast I would call it with "
            f"{param}={top} (the most it gives) and tell you that the days after day {top} are beyond what the tool "
            "forecasts; I would not make them up.",
        )(lang)
    return _ADVICE_TEXT.get(name, _ADVICE_TEXT["rain"])(lang)
