"""Answers like a model: short sentences in the question's language, from every relevant field.

The tool results here are real: ``get_weather`` runs over its dataset and its dict goes back
as the JSON string a ``ToolMessage`` carries.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.unit.model.helpers import WEATHER, answered, ask, called
from toolcall_lab.offline.phrasing import describe_plain, describe_record
from toolcall_lab.stages.weather_data import lookup_weather


def _answer(question: str, city: str, days: int = 1) -> str:
    result = json.dumps(lookup_weather(city, days), ensure_ascii=False)
    args = {"city": city} if days == 1 else {"city": city, "days": days}
    decision = ask(question, called("get_weather", args), answered(result), tools=WEATHER, system=None)
    assert decision.tool_calls == () and decision.record.kind == "answer"
    return decision.content or ""


def test_each_forecast_day_asked_for_is_answered():
    answer = _answer("What's the weather in Bangkok for the next 3 days?", "Bangkok", 3)
    assert answer == (
        "Bangkok — today: rain, 26–33°C; tomorrow: thunderstorm, 26–32°C; the day after tomorrow: showers, 27–33°C."
    )


def test_tomorrow_is_answered_from_the_forecast():
    assert _answer("What's the weather in Paris tomorrow?", "Paris", 2) == "Paris tomorrow: rain, 8–13°C."
    assert _answer("曼谷明天天气怎么样？", "Bangkok", 2) == "曼谷（Bangkok）明天雷阵雨，26～32°C。"


def test_tomorrow_without_a_forecast_says_it_only_has_today():
    answer = _answer("What's the weather in Paris tomorrow?", "Paris", 1)
    assert "only has today" in answer and "tomorrow" in answer
    assert "cloudy" in answer and "13°C" in answer  # today's facts, said to be today's


def test_an_english_question_gets_no_chinese_fields_and_no_dump():
    answer = _answer("How warm is it in Sydney right now?", "Sydney")
    assert "24°C" in answer
    assert not re.search(r"[\u4e00-\u9fff]", answer)
    assert not re.search(r"\b\w+_\w+\b|\w+: \d", answer)  # no city_zh, no "temperature_c: 24"


def test_a_rain_question_gets_a_verdict():
    assert _answer("东京明天会下雨吗", "Tokyo", 2).endswith("不会下雨，不用带伞。")
    assert _answer("Do I need an umbrella in Shanghai tomorrow?", "Shanghai", 2).endswith("take an umbrella.")


def test_an_unknown_city_is_said_plainly_without_an_invented_reading():
    answer = _answer("What's the weather in Madrid?", "Madrid")
    assert answer.startswith("Sorry") and "Madrid" in answer and "°C" not in answer


@pytest.mark.parametrize(
    ("data", "lang", "expected"),
    [
        ({"input": 5, "result": 7}, "en", "The input is 5, the result is 7."),
        ({"input": 5, "result": 7}, "zh", "input为 5，result为 7。"),
    ],
)
def test_any_other_record_becomes_a_sentence(data, lang, expected):
    assert describe_plain(data, lang) == expected


def test_a_note_in_another_language_is_quoted_as_the_tools_note():
    data = lookup_weather("Seoul", 10)
    answer = describe_record(data, "Weather in Seoul for 10 days", "en")
    assert "day 7: cloudy, 9–17°C" in answer and "(The tool noted: 只能查询 1 到 7 天" in answer


def test_text_results_are_quoted_in_the_tutor_answer():
    content = "S1001 在 2026-07-26（周日）没有排课。可以安排自习，或联系教务预约补课。"
    decision = ask(
        "我 2026-07-26 有课吗？",
        called("get_schedule", {"student_id": "S1001", "date": "2026-07-26"}),
        answered(content),
    )
    assert decision.content == f"根据工具返回的结果：\n{content}"
