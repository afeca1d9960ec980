"""The weather tool's English edition: the same tool and data, English schema and service text."""

from __future__ import annotations

import re

from langchain_core.utils.function_calling import convert_to_openai_tool

from toolcall_lab.stages.weather_data import build_weather_tool

CJK = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]")


def test_english_schema_has_the_same_shape_and_no_chinese():
    zh, en = (convert_to_openai_tool(build_weather_tool(lang=lang)) for lang in ("zh", "en"))
    assert en["function"]["name"] == zh["function"]["name"] == "get_weather"
    assert en["function"]["parameters"]["required"] == zh["function"]["parameters"]["required"] == ["city"]
    assert set(en["function"]["parameters"]["properties"]) == {"city", "days"}
    assert not CJK.search(str(en)) and CJK.search(str(zh))


def test_english_service_answers_in_english_from_the_same_numbers():
    zh = build_weather_tool().invoke({"city": "曼谷", "days": 3})
    en = build_weather_tool(lang="en").invoke({"city": "曼谷", "days": 3})
    assert en["temperature_c"] == zh["temperature_c"] == 31
    assert en["forecast"] == zh["forecast"] and len(en["forecast"]) == 3
    assert "city_zh" not in en and not CJK.search(str(en))
    refusal = build_weather_tool(lang="en").invoke({"city": "FakeCity"})
    assert refusal.startswith('No weather data for the city "FakeCity"') and not CJK.search(refusal)
    assert build_weather_tool(lang="en").invoke({"city": "Paris", "days": 9})["note"].startswith("Only 1 to 7 days")
