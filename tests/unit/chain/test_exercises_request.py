"""The checks of chain exercises ① – ④: each judges with the real library call, and its answer is computed.

For each check: the answer it computes is the one the real artifact gives (re-derived here
from the library, not typed), a right answer passes, a wrong one fails and says what the
artifact shows, and an input that makes no artifact is explained, not raised.
"""

from __future__ import annotations

import json

import pytest
from langchain_core.utils.function_calling import convert_to_openai_tool

from lessons.chain import stage_1_tool as s1
from lessons.chain import stage_2_schema as s2
from lessons.chain import stage_3_bind_tools as s3
from lessons.chain import stage_4_tool_call as s4
from toolcall_lab.errors import ExplainedError
from toolcall_lab.stages.args_model import default_model_source, parse_args_model
from toolcall_lab.stages.tool_call import scripted_tool_call
from toolcall_lab.stages.tool_source import default_source, parse_tool_source

QUESTION = "What's the weather in Bangkok?"


def test_required_prediction_is_judged_against_args_schema():
    built = parse_tool_source(s1.PREDICT_TOOL_SOURCE)
    assert not isinstance(built, ExplainedError)
    required = built.tool.args_schema.model_json_schema()["required"]
    assert s1.check_required_prediction(required).correct
    assert s1.check_required_prediction(list(reversed(required))).correct  # order does not matter
    wrong = s1.check_required_prediction(["restaurant"])
    assert not wrong.correct and wrong.shown == ["restaurant"] and wrong.expected == sorted(required)
    assert "notes" in required  # str | None without a default: nullable, still required
    assert not s1.check_required_prediction(None).correct


def test_make_tool_reaches_the_goal_only_with_types_and_a_default():
    start = s1.check_make_tool(s1.MAKE_TOOL_START)
    assert not start.correct and start.shown["required"] == ["zone", "offset"]
    good = s1.check_make_tool('def get_time(zone: str, offset: int = 0) -> str:\n    """Time."""\n')
    # the goal as the schema says it, computed by @tool from the worked solution
    assert good.correct and good.expected == {
        "name": "get_time",
        "required": ["zone"],
        "offset": {"type": "integer", "default": 0},
    }
    assert not s1.check_make_tool('def get_time(zone: str, offset: str = "0") -> str:\n    """Time."""\n').correct
    broken = s1.check_make_tool("def get_time(zone: str\n")
    assert not broken.correct and isinstance(broken.error, ExplainedError)


def test_visible_rules_follow_the_real_schema():
    built = parse_args_model(s2.PREDICT_MODEL_SOURCE)
    assert not isinstance(built, ExplainedError)
    props = built.json_schema["properties"]
    assert props["city"]["maxLength"] == 20 and props["days"]["exclusiveMinimum"] == 0
    options = s2.rule_options()
    assert options == {"city.max_length": True, "days.gt": True, "days.strict": False, "city.known_city()": False}
    assert s2.check_visible_rules(["days.gt", "city.max_length"]).correct
    assert not s2.check_visible_rules(list(options)).correct


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_schema_limits_are_read_from_model_json_schema(lang):
    start = default_model_source(lang)
    assert not s2.check_make_schema_limits(start).correct
    # the learner's edit (a test may edit the start text: the answer is computed from the goal, not from the start)
    done = s2.check_make_schema_limits(start.replace("le=7", "le=5").replace("min_length=1", "min_length=2"))
    assert done.correct and done.shown == {"days": {"maximum": 5}, "city": {"minLength": 2}} == s2.schema_goal()
    # a validator that refuses days > 5 is invisible: the schema still says 7
    hidden = start.replace("min_length=1", "min_length=2").replace(
        "    @field_validator",
        '    @field_validator("days")\n    @classmethod\n    def five(cls, v: int) -> int:\n'
        "        return v\n\n    @field_validator",
    )
    assert not s2.check_make_schema_limits(hidden).correct
    assert s2.check_make_schema_limits("class X(BaseModel)\n").error is not None


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_bind_choice_is_what_went_on_the_wire(lang):
    built = parse_tool_source(default_source(lang))
    assert not isinstance(built, ExplainedError)
    # what the protocol asks for, derived from LangChain's own converter
    name = convert_to_openai_tool(built.tool)["function"]["name"]
    right = json.dumps({"type": "function", "function": {"name": name}})
    assert s3.check_bind_choice(right, lang, QUESTION).correct
    options = s3.bind_choice_options(lang, QUESTION)
    assert right in options and len(options) == 4
    assert not s3.check_bind_choice('"get_weather"', lang, QUESTION).correct


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_bad_name_is_fixed_when_the_endpoint_accepts_it(lang):
    broken = s3.check_fix_bad_name(s3.bad_name_source(lang), lang, QUESTION)
    assert not broken.correct and broken.shown == {"status_code": 400, "name": "get weather!"}
    assert broken.error is not None
    fixed = s3.check_fix_bad_name(s3.bad_name_source(lang).replace("get weather!", "weather-now"), lang, QUESTION)
    assert fixed.correct and fixed.shown == {"status_code": 200, "name": "weather-now"}
    assert s3.check_fix_bad_name("def f(:\n", lang, QUESTION).error is not None


def test_call_count_comes_from_langchain_parsing_the_reply():
    result = scripted_tool_call(list(s4.CALLS_SPECIMEN))
    assert not isinstance(result, ExplainedError)
    count = str(len(result.tool_calls))
    assert s4.check_call_count(count).correct
    wrong = s4.check_call_count("2")
    assert not wrong.correct and wrong.shown["invalid_tool_calls"] == [c["id"] for c in result.invalid_tool_calls]


def test_fixed_arguments_must_parse_into_the_goal():
    start = s4.check_fix_arguments(s4.FIX_ARGUMENTS_START)
    assert not start.correct and start.shown["args"] is None and start.shown["invalid"]
    assert s4.check_fix_arguments('{"days": 3, "city": "Paris"}').correct  # key order is JSON's business
    assert not s4.check_fix_arguments('{"city": "Paris", "days": "3"}').correct  # a string is not 3
    assert not s4.check_fix_arguments('{"city": "Paris", "days": 3}\n{"city": "Paris", "days": 3}').correct
    assert s4.check_fix_arguments(None).expected["args"] == s4.FIX_ARGUMENTS_GOAL


def test_the_schema_goal_does_not_depend_on_the_start_text():
    """Issue 20: the right answer used to be the start text with two str.replace calls; change the start and no
    answer could be right. Now any model that carries the two limits is right, whatever the start said."""
    other = (
        "from pydantic import BaseModel, Field\n\n\nclass WeatherInput(BaseModel):\n"
        "    city: str = Field(min_length=2, max_length=30)\n    days: int = Field(default=2, ge=1, le=5)\n"
    )
    assert s2.check_make_schema_limits(other).correct
