"""The weather dataset and the get_weather tool the chain pages follow."""

from __future__ import annotations

from langchain_core.tools import StructuredTool

from toolcall_lab.stages.models import WeatherInput
from toolcall_lab.stages.weather_data import CITIES, MAX_DAYS, build_weather_tool, find_city, lookup_weather


def test_every_city_has_a_week_of_forecast_and_both_names():
    assert len(CITIES) >= 8
    for city in CITIES:
        assert len(city.forecast) == MAX_DAYS
        assert city.name.isascii() and not city.name_zh.isascii()


def test_find_city_matches_english_chinese_alias_case_and_spaces():
    assert find_city("Bangkok").name == "Bangkok"
    assert find_city("曼谷").name == "Bangkok"
    assert find_city("  new york ").name == "New York"
    assert find_city("NYC").name == "New York"
    assert find_city("北京市").name == "Beijing"
    assert find_city("FakeCity") is None
    assert find_city("") is None


def test_bangkok_is_the_articles_31_degrees_and_rain():
    result = lookup_weather("Bangkok", 3)
    assert result["city"] == "Bangkok"
    assert result["temperature_c"] == 31
    assert result["condition"] == "rain"
    assert [d["day"] for d in result["forecast"]] == [1, 2, 3]


def test_days_out_of_range_are_clamped_and_said_so():
    too_many = lookup_weather("Tokyo", 30)
    assert len(too_many["forecast"]) == 7 and "7" in too_many["note"]
    too_few = lookup_weather("Tokyo", 0)
    assert len(too_few["forecast"]) == 1 and "note" in too_few
    assert "note" not in lookup_weather("Tokyo", 2)


def test_unknown_city_is_friendly_text_not_an_exception():
    text = lookup_weather("FakeCity")
    assert isinstance(text, str)
    assert "FakeCity" in text and "曼谷" in text


def test_weird_days_value_never_raises():
    assert len(lookup_weather("Paris", float("nan"))["forecast"]) == 1  # type: ignore[arg-type]
    assert len(lookup_weather("Paris", "abc")["forecast"]) == 1  # type: ignore[arg-type]


def test_build_weather_tool_is_a_structured_tool_with_parsed_arg_descriptions():
    tool = build_weather_tool()
    assert isinstance(tool, StructuredTool)
    assert tool.name == "get_weather"
    assert tool.description == "查询指定城市未来几天的天气。"
    schema = tool.args_schema.model_json_schema()
    assert schema["required"] == ["city"]
    assert schema["properties"]["days"]["default"] == 1
    assert "Bangkok" in schema["properties"]["city"]["description"]
    assert tool.invoke({"city": "曼谷", "days": 2})["city"] == "Bangkok"


def test_build_weather_tool_with_the_articles_model_forbids_extra():
    tool = build_weather_tool(args_schema=WeatherInput)
    assert tool.args_schema is WeatherInput
    assert tool.args_schema.model_json_schema()["additionalProperties"] is False


def test_build_weather_tool_over_injected_data():
    only_paris = [c for c in CITIES if c.name == "Paris"]
    tool = build_weather_tool(only_paris)
    assert tool.invoke({"city": "Paris"})["city"] == "Paris"
    assert isinstance(tool.invoke({"city": "Bangkok"}), str)
