"""End to end in process: the operator's key never reaches a learner's endpoint, and never shows.

Two listeners on 127.0.0.1 stand for the two endpoints (``tests/recording_gateway.py``): A is the
school's (``LLM_BASE_URL``), B a server a learner typed into the Base URL box. Each records the
headers it got and answers the way a gateway does to a key it refuses: HTTP 401 with the key it
was sent echoed in the message. The real chain runs: ``load_settings`` → the endpoint rule →
``build_chat_model`` → ``ChatOpenAI`` → one request.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.recording_gateway import listener
from toolcall_lab import trace as trace_io
from toolcall_lab.endpoint_policy import EndpointRequest, decide
from toolcall_lab.live import run_traced
from toolcall_lab.llm import build_chat_model, model_label
from toolcall_lab.settings import load_settings
from toolcall_lab.stages.weather_data import build_weather_tool

OPERATOR_KEY = "sk-operator-7f3a9c2e5b1d4f6a8c0e"


def _server_settings(school_url: str):
    env = {"LLM_API_KEY": OPERATOR_KEY, "LLM_BASE_URL": school_url}
    return load_settings(env=env, dotenv_path=Path(__file__).with_name("no-such.env"))


def _ask(settings) -> trace_io.RunTrace:
    llm = build_chat_model(settings, max_retries=0)
    return run_traced(
        "weather in Bangkok?",
        llm,
        [build_weather_tool()],
        lang="en",
        model_label=model_label(settings),
        secrets=settings.secrets,
    )


def test_a_learner_endpoint_gets_no_operator_key():
    with listener() as (school_url, school_seen), listener() as (own_url, own_seen):
        base = _server_settings(school_url)
        # the sidebar: the OpenAI-compatible endpoint, the key box left empty, listener B typed
        decision = decide(base, EndpointRequest(provider="openai_compatible", endpoint="own", base_url=own_url))
        trace = _ask(decision.settings)
    assert len(own_seen) == 1 and school_seen == []  # the one request went to B, none to the school's A
    request = own_seen[0]
    assert "authorization" not in request  # no key at all: not the operator's, not a placeholder
    assert OPERATOR_KEY not in json.dumps(request)
    assert trace.stop_reason == "error" and trace.error is not None
    assert "Invalid key (none)" in trace.error["detail"]  # what B saw, as B said it


def test_a_gateway_echoing_the_operator_key_leaves_it_nowhere():
    with listener() as (school_url, school_seen):
        decision = decide(
            _server_settings(school_url), EndpointRequest(provider="openai_compatible", endpoint="school")
        )
        assert decision.key_source == "operator"
        trace = _ask(decision.settings)
    assert school_seen[0]["authorization"] == f"Bearer {OPERATOR_KEY}"  # the school's endpoint did get it
    assert trace.stop_reason == "error" and trace.error is not None and trace.model_calls[0].status_code == 401
    exported = trace_io.dumps(trace)  # "Download trace JSON", and the run a teacher publishes
    assert OPERATOR_KEY not in exported
    assert OPERATOR_KEY not in trace.error["detail"]  # the "Raw error" box
    assert OPERATOR_KEY not in json.dumps(trace.model_calls[0].error)  # the model call's error
    assert "Invalid key ***redacted***" in trace.error["detail"]


def test_credentials_in_the_base_url_reach_neither_the_label_nor_the_trace():
    with listener() as (school_url, school_seen):
        url = school_url.replace("http://", "http://bob:hunter22@") + "?api-key=qs-secret-1"
        decision = decide(_server_settings(url), EndpointRequest(provider="openai_compatible", endpoint="school"))
        trace = _ask(decision.settings)
    assert school_seen, "the request went out"
    exported = trace_io.dumps(trace)
    # httpx turns the userinfo into a Basic header, which the gateway echoes back
    basic = school_seen[0]["authorization"].removeprefix("Basic ")
    for secret in ("hunter22", "qs-secret-1", basic):
        assert secret not in exported
        assert secret not in trace.model_label
        assert secret not in trace.error["detail"]
    assert trace.model_label.startswith("gpt-4o-mini @ http://***redacted***@127.0.0.1:")
