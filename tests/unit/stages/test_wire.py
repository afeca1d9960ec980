"""Stage 3: the request body bind_tools really puts on the wire (built-in model)."""

from __future__ import annotations

import pytest

from toolcall_lab.errors import ExplainedError
from toolcall_lab.stages.tool_source import parse_tool_source
from toolcall_lab.stages.weather_data import build_weather_tool
from toolcall_lab.stages.wire import WirePayload, bind_tools_payload, describe_tools


def test_default_body_has_messages_and_the_weather_tool_only():
    p = bind_tools_payload()
    assert isinstance(p, WirePayload)
    body = p.request_body
    assert body["messages"] == [{"content": "曼谷天气怎么样？", "role": "user"}]
    assert "tool_choice" not in body and "parallel_tool_calls" not in body
    assert p.tools_on_wire == [
        {
            "type": "function",
            "function": {
                "name": "get_weather",
                "description": "查询指定城市未来几天的天气。",
                "parameters": {
                    "properties": {
                        "city": {
                            "description": '城市名（city），中文或英文均可，例如 "Bangkok" 或 "曼谷"。',
                            "type": "string",
                        },
                        "days": {
                            "default": 1,
                            "description": "查询的天数（days），1 到 7，默认 1 表示只看今天。",
                            "type": "integer",
                        },
                    },
                    "required": ["city"],
                    "type": "object",
                },
            },
        }
    ]
    assert p.matches_convert == {"get_weather": True}
    assert p.status_code == 200
    assert p.reply["tool_calls"][0]["args"] == {"city": "Bangkok"}


@pytest.mark.parametrize(
    ("choice", "on_wire"),
    [
        ("auto", "auto"),
        ("required", "required"),
        ("none", "none"),
        ("get_weather", {"type": "function", "function": {"name": "get_weather"}}),
    ],
)
def test_tool_choice_on_the_wire(choice, on_wire):
    p = bind_tools_payload(tool_choice=choice)
    assert p.request_body["tool_choice"] == on_wire
    assert p.tool_choice_on_wire == on_wire


def test_tool_choice_none_means_no_call():
    assert bind_tools_payload(tool_choice="none").reply["tool_calls"] == []


@pytest.mark.parametrize("flag", [True, False])
def test_parallel_tool_calls_on_the_wire(flag):
    p = bind_tools_payload(parallel_tool_calls=flag)
    assert p.request_body["parallel_tool_calls"] is flag
    assert p.bind_kwargs == {"parallel_tool_calls": flag}


def test_an_unknown_tool_choice_gets_the_endpoints_400():
    p = bind_tools_payload(tool_choice="nope")
    assert p.status_code == 400
    assert p.error is not None and p.error.stage == "bind_tools"
    assert p.error.data["response_body"]["error"]["param"] == "tool_choice"
    assert p.reply is None


def test_a_learner_tool_and_a_question_string():
    learner = parse_tool_source("def lookup_word(word: str):\n    '''Look up an English word.'''\n")
    p = bind_tools_payload([learner.tool, build_weather_tool()], "What does accord mean?")
    assert [t["function"]["name"] for t in p.tools_on_wire] == ["lookup_word", "get_weather"]
    assert p.request_body["messages"][0]["content"] == "What does accord mean?"


def test_a_tool_name_the_protocol_rejects():
    learner = parse_tool_source("def 天气(city: str):\n    '''Weather.'''\n")
    p = bind_tools_payload([learner.tool])
    assert p.status_code == 400
    assert "does not match pattern" in p.error.data["response_body"]["error"]["message"]


def test_describe_tools_reads_what_the_model_reads():
    rows = describe_tools(bind_tools_payload().tools_on_wire)
    assert rows[0]["name"] == "get_weather"
    assert [(p["name"], p["type"], p["required"], p["default"]) for p in rows[0]["parameters"]] == [
        ("city", "string", True, None),
        ("days", "integer", False, 1),
    ]


def test_bind_tools_refusing_locally_is_explained():
    class NotATool:
        pass

    err = bind_tools_payload([NotATool()])  # type: ignore[list-item]
    assert isinstance(err, ExplainedError) and err.stage == "bind_tools"


def test_a_bad_key_on_a_stage_page_is_explained_as_a_bad_key_not_a_malformed_request():
    """Stage pages keep their own words for 400s; a 401 reads as on the live run."""
    import httpx
    import openai

    from toolcall_lab.capture import WireExchange
    from toolcall_lab.stages.wire import model_error

    body = {"error": {"message": "Incorrect API key provided", "type": "invalid_request_error"}}
    response = httpx.Response(401, json=body, request=httpx.Request("POST", "http://127.0.0.1/v1/chat/completions"))
    exc = openai.AuthenticationError("Incorrect API key provided", response=response, body=body)
    exchange = WireExchange(
        method="POST",
        url="http://127.0.0.1/v1/chat/completions",
        request_headers={},
        request_body={},
        status_code=401,
        response_body=body,
    )
    err = model_error("bind_tools", exc, [exchange])
    assert err.stage == "bind_tools"
    assert err.title["en"].startswith("The key is invalid") and err.data["response_body"] == body
    malformed = model_error(
        "bind_tools",
        exc,
        [WireExchange(method="POST", url="", request_headers={}, request_body={}, status_code=400, response_body=body)],
    )
    assert malformed.title["en"] == "The model endpoint rejected the request (HTTP 400)."
