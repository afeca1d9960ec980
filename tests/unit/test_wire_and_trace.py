"""Wire capture, the run trace, and redaction — each checked on a real run."""

from __future__ import annotations

import json
import socket
import threading

import pytest
from langchain_core.messages import HumanMessage
from pydantic import BaseModel

from toolcall_lab import trace as trace_io
from toolcall_lab.capture import recording
from toolcall_lab.live import run_traced
from toolcall_lab.llm import build_chat_model
from toolcall_lab.redact import REDACTED, redact
from toolcall_lab.settings import Settings, load_settings
from toolcall_lab.stages.weather_data import build_weather_tool


def test_captured_body_is_what_chatopenai_sent_and_arguments_is_a_string():
    tool = build_weather_tool()
    with recording() as rec:
        reply = build_chat_model().bind_tools([tool]).invoke([HumanMessage("曼谷天气怎么样？")])
    (exchange,) = rec.exchanges
    body = exchange.request_body
    # the request: model, the user's message, and the tool schema as bind_tools converted it
    assert body["model"] == "builtin-teaching-model"
    assert body["messages"] == [{"content": "曼谷天气怎么样？", "role": "user"}]
    assert body["tools"][0]["function"]["name"] == "get_weather"
    assert body["tools"][0]["function"]["parameters"]["required"] == ["city"]
    # the raw response: arguments travel as a JSON *string*; LangChain parsed it into a dict
    raw_call = exchange.response_body["choices"][0]["message"]["tool_calls"][0]
    assert raw_call["function"]["arguments"] == '{"city": "Bangkok"}'
    assert isinstance(raw_call["function"]["arguments"], str)
    assert reply.tool_calls[0]["args"] == {"city": "Bangkok"}
    assert reply.tool_calls[0]["id"] == raw_call["id"]
    assert exchange.status_code == 200 and exchange.latency_ms >= 0


def test_nothing_is_recorded_outside_a_recording_block():
    with recording() as rec:
        pass
    build_chat_model().invoke("hi")
    assert rec.exchanges == []


def test_live_run_tool_message_answers_the_call_it_belongs_to():
    trace = run_traced("曼谷和东京未来3天的天气", build_chat_model(), [build_weather_tool()])
    assert trace.stop_reason == "final"
    first_call, *executions, last_call = trace.events
    ids = [c["id"] for c in first_call.ai_message["tool_calls"]]
    assert [e.tool_call_id for e in executions] == ids  # one ToolMessage per call, same ids
    for execution in executions:
        assert execution.tool_message["tool_call_id"] == execution.tool_call_id
        assert execution.tool_message["status"] == "success"
        assert execution.raw_arguments == json.dumps(execution.parsed_args, ensure_ascii=False)
        assert execution.kwargs_passed == {**execution.parsed_args}
        assert execution.result_type == "dict"
    # the second request carries both results back, each with its tool_call_id
    sent = [m for m in last_call.request_body["messages"] if m["role"] == "tool"]
    assert [m["tool_call_id"] for m in sent] == ids
    assert "Bangkok" in trace.answer and "Tokyo" in trace.answer


def test_validation_notes_coercion_and_defaults():
    script = [
        {
            "content": None,
            "tool_calls": [
                {
                    "id": "call_x",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city": "Bangkok", "days": "3"}'},
                }
            ],
        }
    ]
    trace = run_traced("weather", build_chat_model(script=script), [build_weather_tool()])
    execution = trace.tool_executions[0]
    assert execution.parsed_args == {"city": "Bangkok", "days": "3"}
    assert execution.validation.ok
    assert execution.validation.coercions == [
        {"field": "days", "input": "3", "input_type": "str", "output": 3, "output_type": "int"}
    ]
    assert execution.kwargs_passed == {"city": "Bangkok", "days": 3}


class _Where(BaseModel):
    city: str
    days: int = 1


class _ForecastArgs(BaseModel):
    where: _Where
    unit: str = "C"


def test_a_nested_model_is_not_a_coercion_but_a_string_inside_it_is():
    """Validation notes only what Pydantic changed, at its path: here ``where/days``."""
    from langchain_core.tools import StructuredTool

    from toolcall_lab.live import validate_arguments

    def forecast(where: _Where, unit: str = "C") -> str:
        return f"{where.city} {where.days} {unit}"

    tool = StructuredTool.from_function(forecast, description="Forecast for a place.", args_schema=_ForecastArgs)
    clean = validate_arguments(tool, {"where": {"city": "Bangkok", "days": 2}})
    assert clean.ok and clean.coercions == [] and clean.defaults == ["unit"]
    assert clean.kwargs == {"where": {"city": "Bangkok", "days": 2}, "unit": "C"}
    coerced = validate_arguments(tool, {"where": {"city": "Bangkok", "days": "2"}, "unit": "F"})
    assert coerced.coercions == [
        {"field": "where/days", "input": "2", "input_type": "str", "output": 2, "output_type": "int"}
    ]
    assert coerced.defaults == []


def test_invalid_arguments_reach_the_model_as_an_error_toolmessage():
    script = [
        {
            "content": None,
            "tool_calls": [
                {
                    "id": "call_bad",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"location": "Bangkok"}'},
                }
            ],
        }
    ]
    trace = run_traced("weather", build_chat_model(script=script), [build_weather_tool()])
    execution = trace.tool_executions[0]
    assert not execution.validation.ok
    assert {e["type"] for e in execution.validation.errors} >= {"missing"}
    assert execution.kwargs_passed is None  # the function never ran
    assert execution.tool_message["status"] == "error"


def test_a_failed_model_call_ends_the_trace_with_an_explained_error():
    """Nothing listens on the port: the run ends with an explained error, not an exception."""
    settings = Settings(
        provider="openai_compatible",
        llm_api_key="sk-x-123456789",
        llm_base_url=f"http://127.0.0.1:{_free_port()}/v1",
        max_retries=0,
    )
    trace = run_traced("weather", build_chat_model(settings), [build_weather_tool()])
    assert trace.stop_reason == "error"
    assert trace.error["stage"] == "model_call"
    assert trace.error["title"]["en"] == "Could not connect to the model endpoint."
    assert trace.model_calls[0].status_code is None and trace.model_calls[0].error is not None


def test_trace_round_trips_exactly():
    trace = run_traced("我明天（2026-07-25）有什么课？", build_chat_model(), [build_weather_tool()])
    text = trace_io.dumps(trace)
    again = trace_io.loads(text)
    assert again.to_dict() == trace.to_dict()
    assert trace_io.dumps(again) == text


@pytest.mark.parametrize(
    "bad",
    [
        "not json",
        "[]",
        '{"schema": "x"}',
        '{"schema": "toolcall-lab/run-trace", "schema_version": 99}',
        '{"schema": "toolcall-lab/run-trace", "schema_version": 1, "events": [{"kind": "evil"}]}',
    ],
)
def test_foreign_or_broken_trace_files_are_refused_with_a_reason(bad):
    with pytest.raises(trace_io.TraceFormatError) as info:
        trace_io.loads(bad)
    assert info.value.zh and info.value.en


def test_oversized_trace_is_refused():
    with pytest.raises(trace_io.TraceFormatError, match="too large"):
        trace_io.loads("x" * (trace_io.MAX_IMPORT_BYTES + 1))


def test_redaction_of_a_key_in_headers_urls_and_errors():
    key = "sk-test-SECRET-1234567890"
    data = {
        "Authorization": f"Bearer {key}",
        "api_key": key,
        "url": f"https://h/v1?key={key}",
        "note": f"failed with {key}",
        "usage": {"total_tokens": 12},
    }
    clean = redact(data, [key])
    assert key not in json.dumps(clean)
    assert clean["Authorization"] == REDACTED and clean["usage"]["total_tokens"] == 12


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_real_provider_path_captures_and_redacts_the_key():
    """Point the OpenAI-compatible path at the built-in model served on localhost."""
    from toolcall_lab.offline.__main__ import make_server

    server = make_server(port=_free_port())
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        key = "sk-lab-RECOGNISABLE-0000111122223333"
        settings = Settings(
            provider="openai_compatible",
            llm_api_key=key,
            llm_base_url=f"http://127.0.0.1:{server.server_address[1]}/v1",
            llm_model_id="builtin-teaching-model",
        )
        trace = run_traced(
            "曼谷天气怎么样？", build_chat_model(settings), [build_weather_tool()], secrets=settings.secrets
        )
    finally:
        server.shutdown()
        server.server_close()
    assert trace.stop_reason == "final" and "Bangkok" in trace.answer
    assert key not in trace_io.dumps(trace)


def test_settings_come_from_the_environment_without_touching_it(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text("LLM_API_KEY=sk-from-dotenv\nLLM_MODEL_ID=qwen\n", encoding="utf-8")
    s = load_settings(env={"LLM_BASE_URL": "http://127.0.0.1:1/v1"}, dotenv_path=env_file)
    assert s.provider == "openai_compatible" and s.llm_api_key == "sk-from-dotenv" and s.llm_model_id == "qwen"
    assert load_settings(env={}, dotenv_path=tmp_path / "missing").provider == "builtin"
