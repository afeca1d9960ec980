"""The narrated cores: each one gives its documented result on its own, and the machinery really calls it.

For every stage there are two tests: the core alone, on an input whose answer can be worked
out by hand, and the stage machinery with the core replaced (``monkeypatch``) — the stage's
result changes, so the code a page shows as "the lines that matter" is the code that runs.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from langchain_core.messages import HumanMessage
from pydantic import ValidationError

from toolcall_lab.capture import recording
from toolcall_lab.live import run_traced
from toolcall_lab.llm import build_chat_model
from toolcall_lab.stages import core
from toolcall_lab.stages.kwargs import call_plain, invoke_vs_call
from toolcall_lab.stages.models import WeatherInput
from toolcall_lab.stages.round_trip import round_trip_from_trace, run_round_trip
from toolcall_lab.stages.schema import schema_views
from toolcall_lab.stages.tool_call import scripted_tool_call
from toolcall_lab.stages.tool_message import DEFAULT_CALL, pairing_messages, run_tool_node
from toolcall_lab.stages.tool_source import parse_tool_source
from toolcall_lab.stages.validation import validate_stage
from toolcall_lab.stages.weather_data import build_weather_tool, lookup_weather
from toolcall_lab.stages.wire import bind_tools_payload


def get_weather(city: str, days: int = 1) -> dict[str, Any]:
    """Weather for a city."""
    return {"city": city, "days": days}


# ---------------------------------------------------------------- ① make_tool
def test_make_tool_alone_builds_the_tool_and_its_schema():
    made, schema = core.make_tool(get_weather)
    assert made.name == "get_weather" and made.description == "Weather for a city."
    assert schema["required"] == ["city"]
    assert schema["properties"]["days"] == {"default": 1, "title": "Days", "type": "integer"}
    named, _ = core.make_tool(get_weather, "forecast")
    assert named.name == "forecast"


def test_stage_1_builds_its_tool_with_make_tool(monkeypatch):
    real = core.make_tool
    monkeypatch.setattr(core, "make_tool", lambda func, name=None, **options: real(func, "from_core", **options))
    assert parse_tool_source().name == "from_core"


# ---------------------------------------------------------------- ② openai_tool
def test_openai_tool_alone_wraps_the_schema_for_the_wire():
    plain = core.openai_tool(WeatherInput)
    assert plain["type"] == "function" and plain["function"]["name"] == "WeatherInput"
    assert plain["function"]["parameters"]["required"] == ["city"]
    assert "strict" not in plain["function"]  # left out unless asked for
    strict = core.openai_tool(WeatherInput, strict=True)
    assert strict["function"]["parameters"]["required"] == ["city", "days"]
    assert strict["function"]["parameters"]["additionalProperties"] is False


def test_stage_2_views_come_from_openai_tool(monkeypatch):
    real = core.openai_tool
    monkeypatch.setattr(core, "openai_tool", lambda subject, strict=None: {**real(subject, strict=strict), "x": 1})
    views = schema_views(build_weather_tool())
    assert views["openai"]["x"] == 1 and views["openai_strict"]["x"] == 1


# ---------------------------------------------------------------- ③ ask_with_tools
def test_ask_with_tools_alone_sends_the_tools_in_the_body():
    with recording() as rec:
        reply = core.ask_with_tools(build_chat_model(), [build_weather_tool()], [HumanMessage("曼谷天气怎么样？")])
    body = rec.exchanges[0].request_body
    assert [t["function"]["name"] for t in body["tools"]] == ["get_weather"]
    assert body["messages"] == [{"content": "曼谷天气怎么样？", "role": "user"}]
    assert [(c["name"], c["args"]) for c in reply.tool_calls] == [("get_weather", {"city": "Bangkok"})]


def test_stage_3_sends_its_request_with_ask_with_tools(monkeypatch):
    seen: list[dict[str, Any]] = []
    real = core.ask_with_tools

    def spy(llm, tools, messages, **options):
        seen.append(options)
        return real(llm, tools, messages, **options)

    monkeypatch.setattr(core, "ask_with_tools", spy)
    payload = bind_tools_payload(tool_choice="required")
    assert seen == [{"tool_choice": "required"}]
    assert payload.tool_choice_on_wire == "required"


# ---------------------------------------------------------------- ④ read_arguments
def test_read_arguments_alone_parses_the_string():
    call = {"id": "call_123", "type": "function", "function": {"name": "get_weather", "arguments": '{"days": 3}'}}
    assert core.read_arguments(call) == {"days": 3}
    with pytest.raises(json.JSONDecodeError):
        core.read_arguments({"function": {"arguments": '{"days": }'}})


def test_stage_4_and_the_live_run_read_arguments_with_the_core(monkeypatch):
    monkeypatch.setattr(core, "read_arguments", lambda call: {"read_by": "core"})
    assert scripted_tool_call('{"city": "Bangkok"}').calls[0]["args"] == {"read_by": "core"}
    trace = run_traced("曼谷天气怎么样？", build_chat_model(), [build_weather_tool()])
    assert trace.tool_executions[0].parsed_args == {"read_by": "core"}


# ---------------------------------------------------------------- ⑤ to_kwargs
def test_to_kwargs_alone_validates_and_dumps():
    assert core.to_kwargs(WeatherInput, {"city": "Bangkok", "days": "3"}) == {"city": "Bangkok", "days": 3}
    with pytest.raises(ValidationError):
        core.to_kwargs(WeatherInput, {"city": "Bangkok", "days": "3"}, strict=True)


def test_stage_5_validates_with_to_kwargs(monkeypatch):
    monkeypatch.setattr(core, "to_kwargs", lambda model, args, strict=False: {"city": "from core"})
    assert validate_stage({"city": "Bangkok"}).kwargs == {"city": "from core"}


# ---------------------------------------------------------------- ⑥ call_function
def test_call_function_alone_binds_by_name():
    assert core.call_function(get_weather, {"days": 3, "city": "Bangkok"}) == {"city": "Bangkok", "days": 3}
    with pytest.raises(TypeError):
        core.call_function(get_weather, {"location": "Bangkok"})


def test_stage_6_calls_with_call_function(monkeypatch):
    monkeypatch.setattr(core, "call_function", lambda func, kwargs: "called by core")
    assert call_plain({"city": "Bangkok"})["result"] == "called by core"
    assert invoke_vs_call()["func"]["result"] == "called by core"


# ---------------------------------------------------------------- ⑦ answer_call
def test_answer_call_alone_is_what_tool_node_makes_of_a_dict():
    message = core.answer_call({"id": "call_123", "name": "get_weather"}, {"city": "曼谷"})
    assert (message.content, message.tool_call_id, message.name, message.status) == (
        '{"city": "曼谷"}',
        "call_123",
        "get_weather",
        "success",
    )
    # the comment says ToolNode serialises a dict the same way: check it on the real ToolNode
    assert core.answer_call(DEFAULT_CALL, lookup_weather("Bangkok")).content == run_tool_node().tool_messages[0].content


def test_stage_7_and_the_step_through_build_answers_with_answer_call(monkeypatch):
    real = core.answer_call
    monkeypatch.setattr(core, "answer_call", lambda call, result, **kw: real(call, "answered by core", **kw))
    assert pairing_messages("mismatch")[-1].content == "answered by core"
    trace = run_traced("曼谷天气怎么样？", build_chat_model(), [build_weather_tool()])
    assert round_trip_from_trace(trace).tool_messages[0]["content"] == "answered by core"


# ---------------------------------------------------------------- ⑧ second_request
def test_second_request_alone_sends_everything_again():
    llm, tool, history = build_chat_model(), build_weather_tool(), [HumanMessage("曼谷天气怎么样？")]
    ai = core.ask_with_tools(llm, [tool], history)
    answers = run_tool_node(ai.tool_calls, [tool]).tool_messages
    with recording() as rec:
        final = core.second_request(llm, [tool], history, ai, answers)
    roles = [m["role"] for m in rec.exchanges[0].request_body["messages"]]
    assert roles == ["user", "assistant", "tool"]
    assert "31" in final.text  # Bangkok is 31 °C in the lab's dataset


def test_stage_8_sends_its_second_request_with_the_core(monkeypatch):
    seen: list[int] = []
    real = core.second_request

    def spy(llm, tools, history, ai, answers):
        seen.append(len(answers))
        return real(llm, tools, history, ai, answers)

    monkeypatch.setattr(core, "second_request", spy)
    run = run_round_trip()
    assert seen == [1] and "31" in (run.answer or "")
