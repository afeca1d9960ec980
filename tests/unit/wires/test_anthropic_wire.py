"""Anthropic Messages on the built-in model, judged by the real ``anthropic`` SDK and ``ChatAnthropic``.

In process (an ``httpx2`` transport, the SDK's own HTTP package) and over real HTTP (the served model).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import anthropic
import httpx2
import pytest
from langchain_anthropic import ChatAnthropic
from langchain_core.messages import HumanMessage, ToolMessage
from langchain_core.tools import tool

from toolcall_lab.offline import BUILTIN_MODEL_ID, BuiltinModel
from toolcall_lab.offline.server import make_server
from toolcall_lab.offline.transport2 import BuiltinTransport2

WEATHER = {
    "name": "get_weather",
    "description": "Get the weather for a city",
    "input_schema": {
        "type": "object",
        "properties": {"city": {"type": "string", "description": "the city"}},
        "required": ["city"],
    },
}
ASK = {"role": "user", "content": "What's the weather in Paris?"}


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    server = make_server(port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def client() -> anthropic.Anthropic:
    model = BuiltinModel(model_ids=(BUILTIN_MODEL_ID,))
    http = httpx2.Client(transport=BuiltinTransport2(model))
    return anthropic.Anthropic(api_key="builtin", base_url="http://builtin", http_client=http, max_retries=0)


def test_create_returns_a_tool_use_block_with_an_object_input(client):
    message = client.messages.create(model=BUILTIN_MODEL_ID, max_tokens=512, tools=[WEATHER], messages=[ASK])
    assert message.stop_reason == "tool_use"
    (use,) = [b for b in message.content if b.type == "tool_use"]
    assert use.id.startswith("toolu_") and use.name == "get_weather"
    assert use.input == {"city": "Paris"}  # an object, not a JSON string


def test_a_tool_result_is_answered_with_end_turn_text(client):
    first = client.messages.create(model=BUILTIN_MODEL_ID, max_tokens=512, tools=[WEATHER], messages=[ASK])
    use = next(b for b in first.content if b.type == "tool_use")
    result = {"type": "tool_result", "tool_use_id": use.id, "content": "Sunny, 21 °C"}
    messages = [ASK, {"role": "assistant", "content": first.content}, {"role": "user", "content": [result]}]
    second = client.messages.create(model=BUILTIN_MODEL_ID, max_tokens=512, tools=[WEATHER], messages=messages)
    assert second.stop_reason == "end_turn"
    assert "21" in second.content[0].text


def test_max_tokens_cuts_the_answer_with_stop_reason_max_tokens(client):
    message = client.messages.create(
        model=BUILTIN_MODEL_ID, max_tokens=2, messages=[{"role": "user", "content": "Tell me about yourself"}]
    )
    assert message.stop_reason == "max_tokens" and message.usage.output_tokens == 2


def test_the_stream_is_anthropic_events_the_sdk_assembles(client):
    with client.messages.stream(model=BUILTIN_MODEL_ID, max_tokens=512, tools=[WEATHER], messages=[ASK]) as stream:
        kinds = [event.type for event in stream]
        final = stream.get_final_message()
    assert kinds[0] == "message_start" and kinds[-1] == "message_stop"
    assert {"content_block_start", "content_block_stop", "message_delta"} <= set(kinds)
    assert final.stop_reason == "tool_use" and final.content[0].input == {"city": "Paris"}


def test_a_tool_result_answering_no_tool_use_is_the_providers_400(client):
    stray = {"type": "tool_result", "tool_use_id": "toolu_nothing", "content": "x"}
    messages = [ASK, {"role": "assistant", "content": "ok"}, {"role": "user", "content": [stray]}]
    with pytest.raises(anthropic.BadRequestError) as info:
        client.messages.create(model=BUILTIN_MODEL_ID, max_tokens=64, messages=messages)
    assert info.value.body["type"] == "error"
    assert info.value.body["error"]["type"] == "invalid_request_error"
    assert (
        "unexpected `tool_use_id` found in `tool_result` blocks: toolu_nothing" in info.value.body["error"]["message"]
    )


def test_a_tool_use_left_unanswered_is_the_providers_400(client):
    first = client.messages.create(model=BUILTIN_MODEL_ID, max_tokens=512, tools=[WEATHER], messages=[ASK])
    messages = [ASK, {"role": "assistant", "content": first.content}, {"role": "user", "content": "and?"}]
    with pytest.raises(anthropic.BadRequestError) as info:
        client.messages.create(model=BUILTIN_MODEL_ID, max_tokens=64, tools=[WEATHER], messages=messages)
    assert "`tool_use` ids were found without `tool_result` blocks immediately after" in str(info.value)


def test_missing_max_tokens_and_an_unknown_model(client):
    with pytest.raises(anthropic.BadRequestError, match="max_tokens: Field required"):
        client.post("/v1/messages", body={"model": BUILTIN_MODEL_ID, "messages": [ASK]}, cast_to=object)
    with pytest.raises(anthropic.NotFoundError) as info:
        client.messages.create(model="claude-nope", max_tokens=8, messages=[ASK])
    assert info.value.body["error"] == {"type": "not_found_error", "message": "model: claude-nope"}


@tool
def get_weather(city: str) -> str:
    """Get the weather for a city.

    Args:
        city: the city
    """
    return f"{city}: sunny, 21 °C"


def test_chat_anthropic_runs_a_tool_calling_round_trip_over_http(base_url):
    llm = ChatAnthropic(model=BUILTIN_MODEL_ID, base_url=base_url, api_key="builtin", max_tokens=512, max_retries=0)
    bound = llm.bind_tools([get_weather])
    question = HumanMessage("What's the weather in Paris?")
    reply = bound.invoke([question])
    (call,) = reply.tool_calls
    assert call["name"] == "get_weather" and call["args"] == {"city": "Paris"} and call["id"].startswith("toolu_")
    result = get_weather.invoke(call)
    assert isinstance(result, ToolMessage)
    final = bound.invoke([question, reply, result])
    assert not final.tool_calls and "21" in final.text
    assert final.response_metadata["stop_reason"] == "end_turn"
