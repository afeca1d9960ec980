"""Issue 21, finding 8: an imported trace is checked field by field, nested ones too; a wrong one is refused, explained.

The traces are real runs (the built-in model through ChatOpenAI, and a call to a port nobody
listens on); each forgery changes one nested field of a real trace's JSON.
"""

from __future__ import annotations

import copy
import json
import socket

import pytest

from toolcall_lab import trace as trace_io
from toolcall_lab.live import run_traced
from toolcall_lab.llm import build_chat_model
from toolcall_lab.settings import Settings
from toolcall_lab.stages.weather_data import build_weather_tool


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def answered() -> dict:
    """A run that called the weather tool and answered (built-in model)."""
    return run_traced("曼谷明天天气怎么样？", build_chat_model(), [build_weather_tool()]).to_dict()


@pytest.fixture(scope="module")
def failed() -> dict:
    """A run whose model call failed: its errors are explained errors."""
    settings = Settings(
        provider="openai_compatible",
        llm_api_key="sk-x-123456789",
        llm_base_url=f"http://127.0.0.1:{_free_port()}/v1",
        max_retries=0,
    )
    return run_traced("weather", build_chat_model(settings), [build_weather_tool()]).to_dict()


def _event(doc: dict, kind: str) -> dict:
    return next(e for e in doc["events"] if e["kind"] == kind)


def test_real_traces_pass_the_field_checks_and_round_trip(answered: dict, failed: dict) -> None:
    for doc in (answered, failed):
        text = json.dumps(doc, ensure_ascii=False)
        assert trace_io.loads(text).to_dict() == doc
    assert _event(answered, "tool_execution")["validation"]["ok"]
    assert failed["error"] is not None and _event(failed, "model_call")["error"] is not None


def _forge(doc: dict, change) -> bytes:
    forged = copy.deepcopy(doc)
    change(forged)
    return json.dumps(forged, ensure_ascii=False).encode()


FORGERIES = {
    "latency_ms is a word": ("answered", lambda d: _event(d, "model_call").update(latency_ms="fast"), "latency_ms"),
    "usage is a list": ("answered", lambda d: _event(d, "model_call").update(usage=[1, 2]), "usage"),
    "a token count is text": (
        "answered",
        lambda d: _event(d, "model_call")["usage"].update(total_tokens="many"),
        "usage.total_tokens",
    ),
    "extra keys in a model call's error": (
        "failed",
        lambda d: _event(d, "model_call")["error"].update(evil=1, more=2),
        "error.evil",
    ),
    "extra keys in the run's error": ("failed", lambda d: d["error"].update(evil=1), "error.evil"),
    "a title without its English": ("failed", lambda d: d["error"]["title"].pop("en"), "error.title.en"),
    "tool_calls is a number": (
        "answered",
        lambda d: _event(d, "model_call")["ai_message"].update(tool_calls=5),
        "ai_message.tool_calls",
    ),
    "an attempt log row is text": (
        "answered",
        lambda d: _event(d, "model_call").update(attempt_log=["ok"]),
        "attempt_log.0",
    ),
    "a coercion without its field": (
        "answered",
        lambda d: _event(d, "tool_execution")["validation"].update(coercions=[{"input": 1}]),
        "validation.coercions.0",
    ),
    "kwargs is a list": ("answered", lambda d: _event(d, "tool_execution").update(kwargs_passed=[1]), "kwargs_passed"),
    "duration is negative": ("answered", lambda d: _event(d, "tool_execution").update(duration_ms=-1), "duration_ms"),
    "a tool error is an object": ("answered", lambda d: _event(d, "tool_execution").update(error={"x": 1}), "error"),
    "the step is text": ("answered", lambda d: _event(d, "tool_execution").update(step="2"), "step"),
}


@pytest.mark.parametrize("name", list(FORGERIES))
def test_a_wrongly_typed_nested_field_is_refused_and_named(name: str, request: pytest.FixtureRequest) -> None:
    source, change, where = FORGERIES[name]
    forged = _forge(request.getfixturevalue(source), change)
    with pytest.raises(trace_io.TraceFormatError) as refused:
        trace_io.loads(forged)
    assert where in refused.value.en and where in refused.value.zh
    assert refused.value.en.startswith("A field of the trace file is wrong: events.") or where.startswith("error")


@pytest.mark.parametrize("depth", [900, 50_000])
def test_a_deeply_nested_body_is_refused_not_raised(answered: dict, depth: int) -> None:
    marked = _forge(answered, lambda d: _event(d, "model_call").update(request_body="DEEP")).decode()
    text = marked.replace('"DEEP"', "[" * depth + "]" * depth, 1)
    with pytest.raises(trace_io.TraceFormatError) as refused:
        trace_io.loads(text)
    assert "deep" in refused.value.en
