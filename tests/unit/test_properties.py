"""Bad input everywhere: generated inputs never crash the endpoint, the model or the trace reader.

Each property runs 1000 generated examples: random unicode, huge strings, deep nesting,
wrong JSON types, NaN and infinities.
"""

from __future__ import annotations

import json
import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolcall_lab import trace as trace_io
from toolcall_lab.jsonable import to_jsonable
from toolcall_lab.offline import BuiltinModel
from toolcall_lab.offline.transport import handle

SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=200),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=20), children, max_size=5),
    max_leaves=30,
)
roles = st.sampled_from(["system", "user", "assistant", "tool", "developer", "robot", ""])
messages = st.lists(
    st.fixed_dictionaries(
        {"role": roles, "content": st.one_of(st.text(max_size=300), st.none(), json_values)},
        optional={"tool_call_id": st.text(max_size=12), "tool_calls": json_values},
    ),
    max_size=6,
)
tools = st.lists(
    st.fixed_dictionaries(
        {
            "type": st.sampled_from(["function", "other"]),
            "function": st.fixed_dictionaries(
                {"name": st.text(max_size=70), "description": st.text(max_size=200), "parameters": json_values}
            ),
        }
    ),
    max_size=4,
)
bodies = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {"model": st.text(max_size=20), "messages": messages},
        optional={
            "tools": tools,
            "tool_choice": json_values,
            "parallel_tool_calls": json_values,
            "response_format": json_values,
            "stream": st.booleans(),
        },
    ),
)


def _dump(value) -> bytes:
    return json.dumps(value, allow_nan=True).encode()


@SETTINGS
@given(bodies)
def test_endpoint_answers_every_body_with_a_completion_or_a_provider_error(body):
    status, headers, raw = handle(BuiltinModel(), "POST", "/v1/chat/completions", _dump(body))
    assert status in (200, 400)
    if headers["content-type"] == "application/json":
        parsed = json.loads(raw)
        if status == 200:
            assert parsed["object"] == "chat.completion"
            assert parsed["choices"][0]["finish_reason"] in ("stop", "tool_calls")
            for call in parsed["choices"][0]["message"].get("tool_calls") or []:
                assert isinstance(call["function"]["arguments"], str)
        else:
            assert parsed["error"]["type"] == "invalid_request_error" and parsed["error"]["message"]


@SETTINGS
@given(st.text(max_size=2000), st.text(max_size=300))
def test_model_decides_on_any_question(question, system):
    body = {
        "model": "m",
        "messages": [{"role": "system", "content": system}, {"role": "user", "content": question}],
        "tools": [
            {
                "type": "function",
                "function": {
                    "name": "get_weather",
                    "description": "查询城市天气 weather",
                    "parameters": {
                        "type": "object",
                        "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
                        "required": ["city"],
                    },
                },
            }
        ],
    }
    status, completion = BuiltinModel().complete(body)
    assert status == 200
    message = completion["choices"][0]["message"]
    assert message.get("content") or message.get("tool_calls")


@SETTINGS
@given(st.one_of(json_values, st.text(max_size=500), st.binary(max_size=300)))
def test_trace_import_refuses_anything_that_is_not_a_trace_with_a_reason(blob):
    raw = blob if isinstance(blob, (str, bytes)) else json.dumps(blob, allow_nan=True)
    try:
        trace_io.loads(raw)
    except trace_io.TraceFormatError as exc:
        assert exc.zh and exc.en


def test_hostile_trace_strings_stay_data():
    """HTML and script in an imported trace round-trip as plain strings (pages render them as text)."""
    evil = "<script>alert(1)</script><img src=x onerror=alert(2)>"
    data = {
        "schema": trace_io.SCHEMA,
        "schema_version": 1,
        "run_id": evil,
        "question": evil,
        "model_label": evil,
        "lang": "en",
        "started_at": 0.0,
        "events": [],
        "answer": evil,
        "stop_reason": "final",
    }
    trace = trace_io.loads(json.dumps(data))
    assert trace.question == evil and trace.answer == evil


def test_fifty_megabyte_trace_is_refused_before_parsing():
    big = '{"schema": "toolcall-lab/run-trace", "pad": "' + "x" * (50 * 1024 * 1024) + '"}'
    try:
        trace_io.loads(big)
    except trace_io.TraceFormatError as exc:
        assert "too large" in exc.en
    else:  # pragma: no cover - must not happen
        raise AssertionError("a 50 MB file was accepted")


def test_nan_and_infinity_in_results_are_made_json_safe():
    safe = to_jsonable({"a": math.nan, "b": [math.inf, -math.inf], "c": object()})
    json.dumps(safe, allow_nan=False)


@SETTINGS
@given(
    st.lists(
        st.fixed_dictionaries(
            {
                "type": st.just("function"),
                "function": st.fixed_dictionaries(
                    {
                        "name": st.from_regex(r"[a-z_]{1,20}", fullmatch=True),
                        "description": st.text(max_size=100),
                        "parameters": json_values,
                    }
                ),
            }
        ),
        min_size=1,
        max_size=3,
    ),
    st.text(max_size=200),
)
def test_any_tool_schema_gets_a_completion_or_a_schema_error(tools_list, question):
    body = {"model": "m", "messages": [{"role": "user", "content": question}], "tools": tools_list}
    status, completion = BuiltinModel().complete(body)
    assert status in (200, 400)
    if status == 200:
        for call in completion["choices"][0]["message"].get("tool_calls") or []:
            assert isinstance(json.loads(call["function"]["arguments"]), dict)


@SETTINGS
@given(json_values, st.text(max_size=200))
def test_structured_output_with_any_schema_answers_json(schema, question):
    body = {
        "model": "m",
        "messages": [{"role": "user", "content": question}],
        "response_format": {"type": "json_schema", "json_schema": {"name": "x", "schema": schema}},
    }
    status, completion = BuiltinModel().complete(body)
    assert status in (200, 400)
    if status == 200:
        assert isinstance(json.loads(completion["choices"][0]["message"]["content"]), dict)
