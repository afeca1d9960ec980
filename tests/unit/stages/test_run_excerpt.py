"""A traced run cut at each chain stage: the artifact a chain page shows first."""

from __future__ import annotations

import pytest

from toolcall_lab.live import run_traced
from toolcall_lab.llm import build_chat_model
from toolcall_lab.stages.run_excerpt import stage_excerpt
from toolcall_lab.stages.weather_data import build_weather_tool


@pytest.fixture(scope="module")
def trace():
    return run_traced("What's the weather in Bangkok?", build_chat_model(), [build_weather_tool(lang="en")], lang="en")


def test_each_stage_cuts_its_own_artifact(trace):
    first, execution = trace.model_calls[0], trace.tool_executions[0]
    assert stage_excerpt(trace, "tool").value == first.request_body["tools"]
    assert stage_excerpt(trace, "schema").what == "tools"
    assert stage_excerpt(trace, "bind_tools").value == first.request_body
    assert stage_excerpt(trace, "tool_call").value == first.ai_message["tool_calls"]
    raw = stage_excerpt(trace, "validation").value
    assert raw["arguments"] == execution.raw_arguments and raw["pydantic"] == execution.validation.kwargs
    call = stage_excerpt(trace, "kwargs")
    assert call.language == "python" and call.value.startswith("get_weather(city='Bangkok'")
    assert stage_excerpt(trace, "tool_message").value == execution.tool_message
    assert stage_excerpt(trace, "round_trip").value == trace.model_calls[1].request_body["messages"]


def test_a_run_without_a_tool_call_has_no_later_stages():
    hello = run_traced("Hello", build_chat_model(), [build_weather_tool(lang="en")], lang="en")
    assert stage_excerpt(hello, "bind_tools") is not None
    for stage in ("tool_call", "validation", "kwargs", "tool_message", "round_trip"):
        assert stage_excerpt(hello, stage) is None
    assert stage_excerpt(None, "schema") is None
