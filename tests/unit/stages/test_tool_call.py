"""Stage 4: a scripted reply with tool_calls, raw on the wire and parsed by langchain-openai."""

from __future__ import annotations

from toolcall_lab.errors import ExplainedError
from toolcall_lab.stages._common import MAX_SOURCE_CHARS
from toolcall_lab.stages.tool_call import ScriptedCall, ToolCallResult, scripted_tool_call


def test_articles_call_raw_and_normalised():
    r = scripted_tool_call('{"city":"Bangkok","days":3}')
    assert isinstance(r, ToolCallResult)
    message = r.response_body["choices"][0]["message"]
    assert message["role"] == "assistant" and message["content"] is None
    assert message["tool_calls"] == [
        {
            "type": "function",
            "function": {"name": "get_weather", "arguments": '{"city":"Bangkok","days":3}'},
            "id": "call_123",
        }
    ]
    # On the wire the arguments are a string; after langchain-openai, a dict.
    assert isinstance(r.raw_tool_calls[0]["function"]["arguments"], str)
    assert r.tool_calls == [
        {"name": "get_weather", "args": {"city": "Bangkok", "days": 3}, "id": "call_123", "type": "tool_call"}
    ]
    assert r.invalid_tool_calls == []
    assert r.request_body["tools"][0]["function"]["name"] == "get_weather"


def test_malformed_json_lands_in_invalid_tool_calls_with_its_error():
    r = scripted_tool_call('{"city": "Bangkok", "days": }')
    assert r.tool_calls == []
    assert len(r.invalid_tool_calls) == 1
    bad = r.invalid_tool_calls[0]
    assert bad["type"] == "invalid_tool_call" and bad["id"] == "call_123"
    assert bad["args"] == '{"city": "Bangkok", "days": }'
    assert "are not valid JSON" in bad["error"] and "Expecting value" in bad["error"]
    assert r.calls[0]["valid"] is False and r.calls[0]["error"] == bad["error"]


def test_several_calls_keep_their_order_and_ids():
    r = scripted_tool_call(
        [
            '{"city": "Beijing"}',
            ScriptedCall("{'city': 'Shanghai'}", id="call_b"),
            ScriptedCall('{"word": "accord"}', name="lookup_word"),
        ]
    )
    assert [(c["id"], c["name"], c["valid"]) for c in r.calls] == [
        ("call_123", "get_weather", True),
        ("call_b", "get_weather", False),
        ("call_125", "lookup_word", True),
    ]
    assert [c["id"] for c in r.tool_calls] == ["call_123", "call_125"]
    assert [c["id"] for c in r.invalid_tool_calls] == ["call_b"]


def test_empty_arguments_become_an_empty_dict():
    assert scripted_tool_call("").tool_calls[0]["args"] == {}


def test_json_that_is_not_an_object_breaks_the_client_and_is_explained():
    err = scripted_tool_call("[1, 2]")
    assert isinstance(err, ExplainedError)
    assert err.stage == "tool_call" and err.kind == "ValidationError"
    assert err.data["status_code"] == 200
    assert err.data["response_body"]["choices"][0]["message"]["tool_calls"][0]["function"]["arguments"] == "[1, 2]"


def test_bad_inputs_are_explained():
    assert isinstance(scripted_tool_call(ScriptedCall(arguments={"city": "x"})), ExplainedError)  # type: ignore[arg-type]
    assert isinstance(scripted_tool_call("x" * (MAX_SOURCE_CHARS + 1)), ExplainedError)
    assert isinstance(scripted_tool_call(42), ExplainedError)  # type: ignore[arg-type]
