"""``POST /v1/responses``: the built-in model on OpenAI's Responses API, read by the openai SDK and ChatOpenAI."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator

import openai
import pytest
from langchain_core.tools import tool
from langchain_openai import ChatOpenAI
from pydantic import BaseModel

from toolcall_lab.offline import BUILTIN_MODEL_ID
from toolcall_lab.offline.__main__ import make_server

WEATHER = {
    "type": "function",
    "name": "get_weather",
    "description": "查询城市天气",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
}
QUESTION = "上海和北京今天多少度"


@tool
def get_weather(city: str) -> str:
    """查询城市天气"""
    return json.dumps({"city": city, "temp_c": 30})


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    server = make_server(port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


@pytest.fixture
def client(base_url: str) -> openai.OpenAI:
    return openai.OpenAI(base_url=base_url, api_key="builtin", max_retries=0)


def test_function_calls_and_their_outputs_round_trip_by_call_id(client: openai.OpenAI) -> None:
    first = client.responses.create(model=BUILTIN_MODEL_ID, input=QUESTION, tools=[WEATHER])
    calls = [item for item in first.output if item.type == "function_call"]
    assert [json.loads(c.arguments) for c in calls] == [{"city": "Shanghai"}, {"city": "Beijing"}]
    assert first.status == "completed" and first.id.startswith("resp_")
    outputs = [{"type": "function_call_output", "call_id": c.call_id, "output": f"{c.name}: 30°C"} for c in calls]
    items = [{"role": "user", "content": QUESTION}, *[c.model_dump(exclude_none=True) for c in calls], *outputs]
    second = client.responses.create(model=BUILTIN_MODEL_ID, input=items, tools=[WEATHER])
    assert "Shanghai" in second.output_text and "Beijing" in second.output_text
    assert second.usage.total_tokens == second.usage.input_tokens + second.usage.output_tokens


def test_streamed_events_come_in_the_documented_order(client: openai.OpenAI) -> None:
    events = list(client.responses.create(model=BUILTIN_MODEL_ID, input="Hello!", stream=True))
    kinds = [e.type for e in events]
    assert kinds[:4] == [
        "response.created",
        "response.in_progress",
        "response.output_item.added",
        "response.content_part.added",
    ]
    assert kinds[-4:] == [
        "response.output_text.done",
        "response.content_part.done",
        "response.output_item.done",
        "response.completed",
    ]
    deltas = [e.delta for e in events if e.type == "response.output_text.delta"]
    assert len(deltas) > 5 and "".join(deltas) == events[-1].response.output_text
    assert [e.sequence_number for e in events] == list(range(len(events)))


def test_max_output_tokens_leaves_the_response_incomplete(client: openai.OpenAI) -> None:
    cut = client.responses.create(model=BUILTIN_MODEL_ID, input="Hello!", max_output_tokens=16)
    assert cut.status == "incomplete" and cut.incomplete_details.reason == "max_output_tokens"
    assert cut.usage.output_tokens == 16
    with pytest.raises(openai.BadRequestError) as info:
        client.responses.create(model=BUILTIN_MODEL_ID, input="Hello!", max_output_tokens=15)
    assert info.value.code == "integer_below_min_value"


def test_unknown_parameters_get_the_responses_apis_400(client: openai.OpenAI) -> None:
    with pytest.raises(openai.BadRequestError) as info:
        client.responses.create(model=BUILTIN_MODEL_ID, input="hi", extra_body={"messages": []})
    assert info.value.code == "unknown_parameter" and info.value.param == "messages"


def test_chat_openai_on_the_responses_api_calls_tools_and_parses_structured_output(base_url: str) -> None:
    llm = ChatOpenAI(base_url=base_url, api_key="builtin", model=BUILTIN_MODEL_ID, use_responses_api=True)
    reply = llm.bind_tools([get_weather]).invoke("北京天气如何")
    assert [(c["name"], c["args"]) for c in reply.tool_calls] == [("get_weather", {"city": "Beijing"})]
    streamed = None
    for chunk in llm.bind_tools([get_weather]).stream("北京天气如何"):
        streamed = chunk if streamed is None else streamed + chunk
    assert streamed is not None and streamed.tool_calls[0]["args"] == {"city": "Beijing"}

    class Query(BaseModel):
        search_query: str

    parsed = llm.with_structured_output(Query).invoke("曼谷今天多少度？")
    assert isinstance(parsed, Query) and "曼谷" in parsed.search_query
