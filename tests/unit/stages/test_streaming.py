"""Streaming taken apart: the first delta names the call, fragments follow by index, ``+`` adds them up."""

from __future__ import annotations

import json

from toolcall_lab.stages.streaming import stream_tool_call
from toolcall_lab.stages.weather_data import build_weather_tool


def test_one_call_arrives_as_a_named_empty_delta_then_argument_fragments():
    run = stream_tool_call("What's the weather in Bangkok?", [build_weather_tool(lang="en")])
    assert run.request_body["stream"] is True
    first = run.events[0]["choices"][0]["delta"]["tool_calls"][0]
    # the first delta carries the id and the name, and arguments: "" (nothing to parse yet)
    assert first["index"] == 0 and first["function"] == {"name": "get_weather", "arguments": ""}
    assert first["id"].startswith("call_")
    fragments = [
        e["choices"][0]["delta"]["tool_calls"][0]["function"]["arguments"]
        for e in run.events[1:]
        if isinstance(e, dict) and e["choices"] and e["choices"][0]["delta"].get("tool_calls")
    ]
    assert len(fragments) > 1  # several small fragments, not one buffered body
    assert json.loads("".join(fragments)) == {"city": "Bangkok"}
    assert run.events[-1] == "[DONE]"
    assert run.tool_calls == [
        {"name": "get_weather", "args": {"city": "Bangkok"}, "id": first["id"], "type": "tool_call"}
    ]


def test_the_running_sum_parses_partial_json_and_two_calls_stay_apart_by_index():
    run = stream_tool_call("Weather in Bangkok and Paris for 3 days?", [build_weather_tool(lang="en")])
    last = run.steps[-1]
    assert sorted(last.total_arguments) == [0, 1]
    assert [json.loads(last.total_arguments[i]) for i in (0, 1)] == [c["args"] for c in run.tool_calls]
    assert {c["args"]["city"] for c in run.tool_calls} == {"Bangkok", "Paris"}
    # while the text is still incomplete JSON, LangChain's partial parse already shows what it can
    halfway = next(s for s in run.steps if s.total_arguments.get(0, "").startswith('{"city": "Ban'))
    assert halfway.total_tool_calls[0]["args"].get("city", "").startswith("Ban")
    # the bytes were read as LangChain went: each chunk had seen at least as many events as the one before
    seen = [s.events_seen for s in run.steps]
    assert seen == sorted(seen) and seen[0] < seen[-1]
