"""A traced live run becomes the same RoundTrip the step-through walks."""

from toolcall_lab.live import run_traced
from toolcall_lab.llm import build_chat_model
from toolcall_lab.stages.round_trip import round_trip_from_trace, step_through, tools_on_wire
from toolcall_lab.stages.weather_data import build_weather_tool


def test_a_live_trace_walks_all_eight_stages():
    trace = run_traced("曼谷天气怎么样？", build_chat_model(), [build_weather_tool()])
    assert [t["function"]["name"] for t in tools_on_wire(trace)] == ["get_weather"]
    run = round_trip_from_trace(trace)
    assert run.answer == trace.answer
    call_id = trace.model_calls[0].ai_message["tool_calls"][0]["id"]
    roles = [m["role"] for m in run.second_request_messages]
    assert roles == ["user", "assistant", "tool"]
    assert run.second_request_messages[2]["tool_call_id"] == call_id
    steps = step_through(run)
    assert len(steps) == 8 and all(s["reached"] for s in steps)
