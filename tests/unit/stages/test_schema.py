"""Stage 2: three real schemas of one tool, and the pointer-addressed differences."""

from __future__ import annotations

from collections.abc import Callable

from pydantic import create_model

from toolcall_lab.errors import ExplainedError
from toolcall_lab.stages.models import WeatherInput
from toolcall_lab.stages.schema import json_diff, pointer, schema_views
from toolcall_lab.stages.tool_source import parse_tool_source
from toolcall_lab.stages.weather_data import build_weather_tool


def test_pointer_escapes_tilde_and_slash():
    assert pointer(["properties", "a/b", "c~d", 0]) == "/properties/a~1b/c~0d/0"


def test_json_diff_worked_example():
    before = {"title": "X", "required": ["city"], "properties": {"days": {"default": 1}}}
    after = {"required": ["city", "days"], "properties": {"days": {"default": 2}}, "strict": True}
    assert json_diff(before, after) == [
        {"op": "removed", "path": "/title", "before": "X", "after": None},
        {"op": "added", "path": "/required/1", "before": None, "after": "days"},
        {"op": "changed", "path": "/properties/days/default", "before": 1, "after": 2},
        {"op": "added", "path": "/strict", "before": None, "after": True},
    ]


def test_json_diff_tells_true_from_one_and_equal_documents_have_no_diff():
    assert json_diff({"a": 1}, {"a": True}) == [{"op": "changed", "path": "/a", "before": 1, "after": True}]
    assert json_diff({"a": [1, {"b": None}]}, {"a": [1, {"b": None}]}) == []


def test_weather_tool_three_views():
    views = schema_views(build_weather_tool())
    assert views["args_schema"]["title"] == "get_weather"
    assert views["args_schema"]["required"] == ["city"]
    fn = views["openai"]["function"]
    assert fn["name"] == "get_weather"
    assert fn["description"] == "查询指定城市未来几天的天气。"
    assert fn["parameters"]["required"] == ["city"]
    strict = views["openai_strict"]["function"]
    assert strict["strict"] is True
    assert strict["parameters"]["required"] == ["city", "days"]
    assert strict["parameters"]["additionalProperties"] is False


def test_weather_tool_diffs_show_titles_removed_and_strict_additions():
    diffs = schema_views(build_weather_tool())["diffs"]
    removed = {d["path"] for d in diffs["model_vs_openai"] if d["op"] == "removed"}
    assert removed == {"/title", "/description", "/properties/city/title", "/properties/days/title"}
    assert diffs["openai_vs_strict"] == [
        {"op": "added", "path": "/function/parameters/required/1", "before": None, "after": "days"},
        {"op": "added", "path": "/function/parameters/additionalProperties", "before": None, "after": False},
        {"op": "added", "path": "/function/strict", "before": None, "after": True},
    ]


def test_views_of_a_bare_model_and_of_a_learner_tool():
    views = schema_views(WeatherInput)
    assert views["openai"]["function"]["name"] == "WeatherInput"
    assert views["args_schema"]["properties"]["days"]["maximum"] == 7
    learner = parse_tool_source("def lookup(word: str, limit: int = 5):\n    '''Look a word up.'''\n")
    assert schema_views(learner.tool)["openai"]["function"]["parameters"]["required"] == ["word"]


def test_a_default_without_json_form_is_left_out_with_pydantics_warning():
    # b"\xff" is a literal, so the tool builds; it is not JSON, so Pydantic warns and
    # leaves the default out of the schema instead of failing.
    learner = parse_tool_source('def f(x: str = b"\\xff"):\n    """Doc."""\n')
    views = schema_views(learner.tool)
    assert "default" not in views["args_schema"]["properties"]["x"]
    assert any("non-serializable-default" in w for w in views["warnings"])
    assert schema_views(build_weather_tool())["warnings"] == []


def test_a_type_without_json_schema_is_an_explained_error():
    bad = create_model("Bad", callback=(Callable[[int], int], ...))
    result = schema_views(bad)
    assert isinstance(result, ExplainedError)
    assert result.stage == "schema"
    assert result.data["step"] == "model_json_schema()"
    assert result.kind == "PydanticInvalidForJsonSchema"
