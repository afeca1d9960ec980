"""The checks of chain exercises ① – ④: each judges with the real library call, and its answer is computed.

For each check: the answer it computes is the one the real artifact gives (re-derived here
from the library, not typed), a right answer passes, a wrong one fails and says what the
artifact shows, and an input that makes no artifact is explained, not raised.
"""

from __future__ import annotations

import json

import pytest
from langchain_core.utils.function_calling import convert_to_openai_tool

from lessons.chain import exercises_request as pr
from toolcall_lab.errors import ExplainedError
from toolcall_lab.stages.args_model import default_model_source, parse_args_model
from toolcall_lab.stages.tool_call import scripted_tool_call
from toolcall_lab.stages.tool_source import default_source, parse_tool_source

QUESTION = "What's the weather in Bangkok?"


def test_required_prediction_is_judged_against_args_schema():
    built = parse_tool_source(pr.PREDICT_TOOL_SOURCE)
    assert not isinstance(built, ExplainedError)
    required = built.tool.args_schema.model_json_schema()["required"]
    assert pr.check_required_prediction(required).correct
    assert pr.check_required_prediction(list(reversed(required))).correct  # order does not matter
    wrong = pr.check_required_prediction(["restaurant"])
    assert not wrong.correct and wrong.shown == ["restaurant"] and wrong.expected == sorted(required)
    assert "notes" in required  # str | None without a default: nullable, still required
    assert not pr.check_required_prediction(None).correct


def test_make_tool_reaches_the_goal_only_with_types_and_a_default():
    start = pr.check_make_tool(pr.MAKE_TOOL_START)
    assert not start.correct and start.shown["required"] == ["zone", "offset"]
    good = pr.check_make_tool('def get_time(zone: str, offset: int = 0) -> str:\n    """Time."""\n')
    assert good.correct and good.expected == pr.MAKE_TOOL_GOAL
    assert not pr.check_make_tool('def get_time(zone: str, offset: str = "0") -> str:\n    """Time."""\n').correct
    broken = pr.check_make_tool("def get_time(zone: str\n")
    assert not broken.correct and isinstance(broken.error, ExplainedError)


def test_visible_rules_follow_the_real_schema():
    built = parse_args_model(pr.PREDICT_MODEL_SOURCE)
    assert not isinstance(built, ExplainedError)
    props = built.json_schema["properties"]
    assert props["city"]["maxLength"] == 20 and props["days"]["exclusiveMinimum"] == 0
    options = pr.rule_options()
    assert options == {"city.max_length": True, "days.gt": True, "days.strict": False, "city.known_city()": False}
    assert pr.check_visible_rules(["days.gt", "city.max_length"]).correct
    assert not pr.check_visible_rules(list(options)).correct


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_schema_limits_are_read_from_model_json_schema(lang):
    start = default_model_source(lang)
    assert not pr.check_make_schema_limits(start, start).correct
    done = pr.check_make_schema_limits(start.replace("le=7", "le=5").replace("min_length=1", "min_length=2"), start)
    assert done.correct and done.shown == pr.SCHEMA_GOAL
    # a validator that refuses days > 5 is invisible: the schema still says 7
    hidden = start.replace("min_length=1", "min_length=2").replace(
        "    @field_validator",
        '    @field_validator("days")\n    @classmethod\n    def five(cls, v: int) -> int:\n'
        "        return v\n\n    @field_validator",
    )
    assert not pr.check_make_schema_limits(hidden, start).correct
    assert pr.check_make_schema_limits("class X(BaseModel)\n", start).error is not None


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_bind_choice_is_what_went_on_the_wire(lang):
    built = parse_tool_source(default_source(lang))
    assert not isinstance(built, ExplainedError)
    # what the protocol asks for, derived from LangChain's own converter
    name = convert_to_openai_tool(built.tool)["function"]["name"]
    right = json.dumps({"type": "function", "function": {"name": name}})
    assert pr.check_bind_choice(right, lang, QUESTION).correct
    options = pr.bind_choice_options(lang, QUESTION)
    assert right in options and len(options) == 4
    assert not pr.check_bind_choice('"get_weather"', lang, QUESTION).correct


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_bad_name_is_fixed_when_the_endpoint_accepts_it(lang):
    broken = pr.check_fix_bad_name(pr.bad_name_source(lang), lang, QUESTION)
    assert not broken.correct and broken.shown == {"status_code": 400, "name": "get weather!"}
    assert broken.error is not None
    fixed = pr.check_fix_bad_name(pr.bad_name_source(lang).replace("get weather!", "weather-now"), lang, QUESTION)
    assert fixed.correct and fixed.shown == {"status_code": 200, "name": "weather-now"}
    assert pr.check_fix_bad_name("def f(:\n", lang, QUESTION).error is not None


def test_call_count_comes_from_langchain_parsing_the_reply():
    result = scripted_tool_call(list(pr.CALLS_SPECIMEN))
    assert not isinstance(result, ExplainedError)
    count = str(len(result.tool_calls))
    assert pr.check_call_count(count).correct
    wrong = pr.check_call_count("2")
    assert not wrong.correct and wrong.shown["invalid_tool_calls"] == [c["id"] for c in result.invalid_tool_calls]


def test_fixed_arguments_must_parse_into_the_goal():
    start = pr.check_fix_arguments(pr.FIX_ARGUMENTS_START)
    assert not start.correct and start.shown["args"] is None and start.shown["invalid"]
    assert pr.check_fix_arguments('{"days": 3, "city": "Paris"}').correct  # key order is JSON's business
    assert not pr.check_fix_arguments('{"city": "Paris", "days": "3"}').correct  # a string is not 3
    assert not pr.check_fix_arguments('{"city": "Paris", "days": 3}\n{"city": "Paris", "days": 3}').correct
    assert pr.check_fix_arguments(None).expected["args"] == pr.FIX_ARGUMENTS_GOAL
