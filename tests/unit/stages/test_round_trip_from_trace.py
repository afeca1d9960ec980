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


def test_stages_5_and_6_show_what_the_run_recorded_not_a_second_validation():
    """A run with a stricter tool (days ≤ 2): the step-through must show that run's verdict."""
    from toolcall_lab.reliability import make_faulty_weather_tool

    trace = run_traced("曼谷未来3天天气", build_chat_model(), [make_faulty_weather_tool("bad_arguments")])
    execution = trace.tool_executions[0]
    assert execution.validation.ok is False  # the strict schema refused days=3
    steps = {s["key"]: s for s in step_through(round_trip_from_trace(trace))}
    recorded = steps["validation"]["artifact"][0]
    assert recorded["id"] == execution.tool_call_id and recorded["arguments"] == execution.raw_arguments
    assert recorded["validation"]["ok"] is False
    assert recorded["validation"]["errors"][0]["loc"] == ["days"]
    assert steps["kwargs"]["reached"] is False  # the function never ran
    # the lab's own weather tool is not the one this run bound: stages 1 and 2 are not faked with it
    assert steps["tool_source"]["reached"] is False and steps["schema"]["reached"] is False


def test_a_standard_run_keeps_the_rebuilt_tool_and_the_recorded_kwargs():
    trace = run_traced("曼谷未来3天天气", build_chat_model(), [build_weather_tool()])
    steps = {s["key"]: s for s in step_through(round_trip_from_trace(trace))}
    assert steps["schema"]["artifact"]["openai"] == tools_on_wire(trace)[0]
    call = steps["kwargs"]["artifact"][0]
    assert call["kwargs"] == trace.tool_executions[0].kwargs_passed == {"city": "Bangkok", "days": 3}
    assert call["call"] == "get_weather(city='Bangkok', days=3)"
