"""Whether a tool gives a kind of figure its description never mentions: humidity, hourly readings, air quality.

"你这个天气工具能告诉我湿度吗", "does get_weather do hourly temps, or is it per day only?": the learner asks about
the tool, not for the weather. The schema is the whole of what the model knows about it: a description that says
"the weather of a city for the next few days" and a ``days`` parameter say nothing of humidity or hours, so a
careful model says what the tool does give, and that the figure asked is not among it; it calls nothing.
"""

from __future__ import annotations

import re
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline.kinds import function_of, tool_name
from toolcall_lab.offline.schema_facts import params_of, tool_gloss

#: Figures a weather service may give, each: how a learner names it, and its name in both languages.
_FIGURES: tuple[tuple[re.Pattern[str], Text], ...] = tuple(
    (re.compile(pattern, re.I), Text(zh, en))
    for pattern, zh, en in (
        (r"湿度|humidity", "湿度", "humidity"),
        (
            r"每小时|逐小时|小时级|每个小时|\bhourly\b|by the hour|per hour|hour by hour",
            "逐小时的数据",
            "hourly figures",
        ),
        (r"风速|风力|wind speed", "风速", "wind speed"),
        (r"紫外线|\buv\b", "紫外线指数", "the UV index"),
        (r"空气质量|\baqi\b|air quality|pm ?2\.?5", "空气质量", "air quality"),
        (r"日出|日落|sunrise|sunset", "日出日落时间", "sunrise and sunset times"),
        (r"体感|feels like", "体感温度", "the feels-like temperature"),
        (r"气压|air pressure|barometric", "气压", "air pressure"),
        (r"能见度|visibility", "能见度", "visibility"),
    )
)
_ABOUT_TOOL = re.compile(
    r"(?:天气|你这个|这个|你的)(?:工具|函数)|\b(?:weather|your|this|the) (?:tool|function)\b|\b[a-z]+_[a-z_]+\b", re.I
)
_CAN_IT = re.compile(r"能|可以|会|支持|有没有|吗|\b(?:can|could|does|do|will|is|are|give|show|include)\b", re.I)


def _figure(text: str) -> Text | None:
    return next((name for pattern, name in _FIGURES if pattern.search(text)), None)


def _weather_tool(text: str, tools: list[dict[str, Any]]) -> dict[str, Any] | None:
    named = [t for t in tools if tool_name(t) and tool_name(t) in text]
    weather = [t for t in tools if "weather" in tool_name(t) or "天气" in str(function_of(t).get("description", ""))]
    return next(iter(named or weather), None)


def asked(text: str, tools: list[dict[str, Any]]) -> bool:
    """Does the learner ask whether an offered weather tool gives a figure its description does not mention?

    >>> weather = [{"function": {"name": "get_weather", "description": "查询指定城市未来几天的天气。"}}]
    >>> asked("你这个天气工具能告诉我湿度吗", weather), asked("does get_weather do hourly temps?", weather)
    (True, True)
    >>> asked("北京湿度大吗", weather), asked("what's the humidity in Paris", weather)
    (False, False)
    """
    figure = _figure(text)
    tool = _weather_tool(text, tools)
    if figure is None or tool is None or not _ABOUT_TOOL.search(text) or not _CAN_IT.search(text):
        return False
    return not _figure(str(function_of(tool).get("description", "")))


def answer(text: str, tools: list[dict[str, Any]], lang: str) -> str:
    """What the tool gives, by its schema, and that the figure asked is not among it."""
    figure = _figure(text) or Text("这项数据", "that figure")
    tool = _weather_tool(text, tools) or {}
    said = str(function_of(tool).get("description", "")).strip().rstrip("。.") if lang == "zh" else tool_gloss(tool)
    ranged = next((p for p in params_of([tool]) if p.low is not None and p.high is not None), None)
    span = (
        Text(f"：按天给出（{ranged.name} 取 {ranged.low} 到 {ranged.high}）", f": figures by day ({ranged.name} from "
             f"{ranged.low} to {ranged.high})")
        if ranged
        else Text("", "")
    )  # fmt: skip
    return Text(
        f"按 {tool_name(tool)} 的 schema，它只能查「{said}」{span.zh}，说明里没有提到{figure.zh}，"
        "所以不能指望它给这个。这个问题问的是工具本身，不用调用。",
        f'By its schema, {tool_name(tool)} only gives "{said}"{span.en}; its description does not mention '
        f"{figure.en}, so it cannot be counted on for that. This question is about the tool itself, so no call is "
        "needed.",
    )(lang)


def missing_figure(question: str, result: dict[str, Any]) -> Text | None:
    """The figure a question asks for ("what's the humidity in Paris") that a tool's result does not hold, else
    ``None``: the answer says so instead of leaving it out in silence.

    >>> missing_figure("what's the humidity in Paris", {"city": "Paris", "temperature_c": 13}).en
    'humidity'
    >>> missing_figure("paris weather", {"city": "Paris"}), missing_figure("湿度", {"humidity_pct": 70})
    (None, None)
    """
    figure = _figure(question)
    held = " ".join(str(k) for k in result).replace("_", " ")
    return figure if figure is not None and not _figure(held) else None
