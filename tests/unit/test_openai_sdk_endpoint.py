"""The official openai SDK against the built-in model, over real HTTP and over the in-process wire.

Every test runs twice (``client`` is parametrized): once against ``python -m toolcall_lab.offline
serve`` on a free localhost port, once through :class:`BuiltinTransport` inside the process.
Both must speak the chat-completions wire exactly as the OpenAI API documents it: streaming
shape, tool_choice, stream_options, stop and length, n, logprobs, error bodies and statuses.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import openai
import pytest

from toolcall_lab.offline import BUILTIN_MODEL_ID, BuiltinModel, BuiltinTransport
from toolcall_lab.offline.__main__ import make_server
from toolcall_lab.offline.tokens import TOKEN_HEADER
from toolcall_lab.offline.transport import handle

WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "查询城市天气 weather of a city",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string", "description": "city name"}},
            "required": ["city"],
        },
    },
}
TWO_CITIES = [{"role": "user", "content": "上海和北京今天多少度"}]
HELLO = [{"role": "user", "content": "Hello!"}]


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    server = make_server(port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


@pytest.fixture(params=["http", "in_process"])
def client(request: pytest.FixtureRequest, base_url: str) -> openai.OpenAI:
    if request.param == "http":
        return openai.OpenAI(base_url=base_url, api_key="builtin", max_retries=0)
    transport = BuiltinTransport(BuiltinModel(model_ids=(BUILTIN_MODEL_ID,)))
    return openai.OpenAI(
        base_url="http://builtin-model.local/v1",
        api_key="builtin",
        max_retries=0,
        http_client=httpx.Client(transport=transport),
    )


def create(client: openai.OpenAI, **params: Any) -> Any:
    return client.chat.completions.create(model=BUILTIN_MODEL_ID, **params)


def chunks_of(client: openai.OpenAI, **params: Any) -> list[Any]:
    return list(create(client, stream=True, **params))


# ---------------------------------------------------------------- streaming
def test_streamed_tool_calls_assemble_to_the_same_calls(client: openai.OpenAI) -> None:
    whole = create(client, messages=TWO_CITIES, tools=[WEATHER]).choices[0].message.tool_calls
    chunks = chunks_of(client, messages=TWO_CITIES, tools=[WEATHER])
    calls: dict[int, dict[str, str]] = {}
    for chunk in chunks:
        for delta in chunk.choices[0].delta.tool_calls or []:
            if delta.id is not None:  # the opening delta: id, type, name, empty arguments
                assert delta.index not in calls and delta.type == "function"
                assert delta.function.arguments == ""
                calls[delta.index] = {"id": delta.id, "name": delta.function.name, "arguments": ""}
            else:  # a fragment: index and arguments only
                assert delta.function.name is None and delta.type is None
                calls[delta.index]["arguments"] += delta.function.arguments
    assert sorted(calls) == [0, 1]
    order = [d.index for c in chunks for d in c.choices[0].delta.tool_calls or []]
    assert order[:4] == [0, 1, 0, 1]  # the calls interleave: only the index tells them apart
    assert [json.loads(calls[i]["arguments"]) for i in (0, 1)] == [{"city": "Shanghai"}, {"city": "Beijing"}]
    assert [(c.function.name, c.function.arguments) for c in whole] == [
        (calls[i]["name"], calls[i]["arguments"]) for i in (0, 1)
    ]
    fragments = [c for c in chunks if c.choices[0].delta.tool_calls and c.choices[0].delta.tool_calls[0].id is None]
    assert len(fragments) > 4  # small fragments, not one blob
    assert chunks[-1].choices[0].finish_reason == "tool_calls"
    assert all(c.choices[0].finish_reason is None for c in chunks[:-1])


def test_streamed_text_arrives_in_small_deltas_and_joins_to_the_whole_answer(client: openai.OpenAI) -> None:
    whole = create(client, messages=HELLO).choices[0].message.content
    chunks = chunks_of(client, messages=HELLO)
    assert chunks[0].choices[0].delta.role == "assistant" and chunks[0].choices[0].delta.content == ""
    texts = [c.choices[0].delta.content for c in chunks[1:-1]]
    assert "".join(texts) == whole and len(texts) > 5 and max(len(t) for t in texts) <= 9
    assert len({c.id for c in chunks}) == 1 and chunks[0].object == "chat.completion.chunk"
    assert chunks[-1].choices[0].finish_reason == "stop" and chunks[-1].choices[0].delta.content is None


def test_the_sdks_stream_helper_accumulates_a_final_completion(client: openai.OpenAI) -> None:
    with client.chat.completions.stream(model=BUILTIN_MODEL_ID, messages=TWO_CITIES, tools=[WEATHER]) as stream:
        final = stream.get_final_completion()
    calls = final.choices[0].message.tool_calls
    assert [json.loads(c.function.arguments)["city"] for c in calls] == ["Shanghai", "Beijing"]


def test_usage_chunk_only_when_include_usage(client: openai.OpenAI) -> None:
    with_usage = chunks_of(client, messages=HELLO, stream_options={"include_usage": True})
    last = with_usage[-1]
    assert last.choices == [] and last.usage is not None
    assert last.usage.total_tokens == last.usage.prompt_tokens + last.usage.completion_tokens
    assert all(c.usage is None and c.choices for c in with_usage[:-1])
    without = chunks_of(client, messages=HELLO)
    assert all(c.choices and c.usage is None for c in without)
    assert len(without) == len(with_usage) - 1


def test_stream_is_chunked_sse_without_content_length(base_url: str) -> None:
    body = {"model": BUILTIN_MODEL_ID, "messages": HELLO, "stream": True}
    with httpx.stream("POST", f"{base_url}/chat/completions", json=body, timeout=10) as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        assert response.headers["transfer-encoding"] == "chunked" and "content-length" not in response.headers
        events = [line for line in response.iter_lines() if line]
    assert events[-1] == "data: [DONE]" and all(e.startswith("data: ") for e in events)


def test_in_process_stream_is_produced_lazily() -> None:
    body = json.dumps({"model": BUILTIN_MODEL_ID, "messages": HELLO, "stream": True}).encode()
    status, headers, events = handle(BuiltinModel(), "POST", "/v1/chat/completions", body)
    assert status == 200 and headers["content-type"].startswith("text/event-stream")
    assert not isinstance(events, bytes)
    first = next(iter(events))  # one event at a time, as produced
    assert first.startswith(b"data: {") and first.endswith(b"\n\n")


# ---------------------------------------------------------------- tool_choice
def test_tool_choice_modes(client: openai.OpenAI) -> None:
    none = create(client, messages=TWO_CITIES, tools=[WEATHER], tool_choice="none").choices[0]
    assert none.message.tool_calls is None and none.finish_reason == "stop"
    auto = create(client, messages=HELLO, tools=[WEATHER], tool_choice="auto").choices[0]
    assert auto.message.tool_calls is None  # a greeting needs no weather
    required = create(client, messages=HELLO, tools=[WEATHER], tool_choice="required").choices[0]
    assert required.finish_reason == "tool_calls" and required.message.tool_calls[0].function.name == "get_weather"
    assert "city" in json.loads(required.message.tool_calls[0].function.arguments)  # filled as best it can
    named = {"type": "function", "function": {"name": "get_weather"}}
    forced = create(client, messages=[{"role": "user", "content": "Paris?"}], tools=[WEATHER], tool_choice=named)
    assert forced.choices[0].message.tool_calls[0].function.name == "get_weather"


# ---------------------------------------------------------------- stop, length, n, logprobs
def test_stop_cuts_before_the_stop_sequence(client: openai.OpenAI) -> None:
    whole = create(client, messages=HELLO).choices[0].message.content
    cut = create(client, messages=HELLO, stop=["teaching"]).choices[0]
    assert cut.finish_reason == "stop" and cut.message.content == whole[: whole.index("teaching")]


def test_max_tokens_ends_with_length(client: openai.OpenAI) -> None:
    whole = create(client, messages=HELLO).choices[0].message.content
    for budget in ({"max_tokens": 3}, {"max_completion_tokens": 3}):
        cut = create(client, messages=HELLO, **budget)
        assert cut.choices[0].finish_reason == "length" and cut.usage.completion_tokens == 3
        assert whole.startswith(cut.choices[0].message.content) and len(cut.choices[0].message.content) < len(whole)


def test_length_can_cut_a_tool_calls_arguments_mid_json(client: openai.OpenAI) -> None:
    cut = create(client, messages=TWO_CITIES, tools=[WEATHER], max_tokens=6).choices[0]
    assert cut.finish_reason == "length"
    arguments = cut.message.tool_calls[0].function.arguments
    assert '{"city": "Shanghai"}'.startswith(arguments) and arguments != '{"city": "Shanghai"}'
    with pytest.raises(json.JSONDecodeError):
        json.loads(arguments)
    streamed = chunks_of(client, messages=TWO_CITIES, tools=[WEATHER], max_tokens=6)
    assert streamed[-1].choices[0].finish_reason == "length"


def test_n_returns_n_choices_with_their_own_call_ids(client: openai.OpenAI) -> None:
    reply = create(client, messages=TWO_CITIES, tools=[WEATHER], n=3)
    assert [c.index for c in reply.choices] == [0, 1, 2]
    arguments = {tuple(t.function.arguments for t in c.message.tool_calls) for c in reply.choices}
    assert len(arguments) == 1  # deterministic content
    ids = [t.id for c in reply.choices for t in c.message.tool_calls]
    assert len(set(ids)) == len(ids) == 6
    streamed = chunks_of(client, messages=HELLO, n=2)
    assert {c.choices[0].index for c in streamed} == {0, 1}


def test_logprobs_of_a_deterministic_model_are_zero(client: openai.OpenAI) -> None:
    choice = create(client, messages=HELLO, logprobs=True, top_logprobs=2).choices[0]
    tokens = choice.logprobs.content
    assert "".join(t.token for t in tokens) == choice.message.content
    assert all(t.logprob == 0.0 and [x.token for x in t.top_logprobs] == [t.token] for t in tokens)


# ---------------------------------------------------------------- ids, headers, models
def test_ids_are_unique_per_response_while_the_content_is_deterministic(client: openai.OpenAI) -> None:
    first, second = (create(client, messages=TWO_CITIES, tools=[WEATHER]) for _ in range(2))
    assert first.id != second.id and first.id.startswith("chatcmpl-")
    a, b = first.choices[0].message.tool_calls[0], second.choices[0].message.tool_calls[0]
    assert a.id != b.id and a.id.startswith("call_") and a.function == b.function


def test_headers_carry_a_request_id_and_the_token_note(client: openai.OpenAI) -> None:
    raw = client.chat.completions.with_raw_response.create(model=BUILTIN_MODEL_ID, messages=HELLO)
    assert raw.headers["x-request-id"].startswith("req_")
    assert raw.headers[TOKEN_HEADER].startswith("approximate")
    usage = raw.parse().usage.model_dump()
    assert "approximation" not in usage
    assert usage["prompt_tokens_details"]["cached_tokens"] == 0
    assert usage["completion_tokens_details"]["reasoning_tokens"] == 0


def test_models_are_listed_and_retrieved(client: openai.OpenAI) -> None:
    listed = client.models.list().data
    assert [(m.id, m.object, m.owned_by) for m in listed] == [(BUILTIN_MODEL_ID, "model", "toolcall-lab")]
    assert client.models.retrieve(BUILTIN_MODEL_ID).created == listed[0].created
    with pytest.raises(openai.NotFoundError) as info:
        client.models.retrieve("gpt-4o")
    assert info.value.code == "model_not_found"


# ---------------------------------------------------------------- errors
BAD_REQUESTS = [
    ({"temperature": 3}, "temperature", "decimal_above_max_value"),
    ({"n": 0}, "n", "integer_below_min_value"),
    ({"max_tokens": "lots"}, "max_tokens", "invalid_type"),
    ({"top_p": -1}, "top_p", "decimal_below_min_value"),
    ({"stream_options": {"include_usage": True}}, "stream_options", None),
    ({"stop": ["a", "b", "c", "d", "e"]}, "stop", "array_above_max_length"),
    ({"response_format": {"type": "json_object"}}, "messages", None),
    ({"messages": [{"role": "user"}]}, "messages.[0].content", None),
    ({"messages": [{"role": "user", "content": None}]}, "messages.[0].content", None),
    ({"top_logprobs": 3}, "top_logprobs", None),
    ({"reasoning_effort": "high"}, "reasoning_effort", "unsupported_parameter"),
]


@pytest.mark.parametrize(("params", "param", "code"), BAD_REQUESTS, ids=[b[1] for b in BAD_REQUESTS])
def test_bad_requests_get_the_providers_400(client: openai.OpenAI, params: dict[str, Any], param: str, code: Any):
    params = {"messages": HELLO, **params}
    with pytest.raises(openai.BadRequestError) as info:
        create(client, **params)
    error = info.value
    assert error.status_code == 400 and error.param == param and error.code == code
    assert error.type == "invalid_request_error" and error.message
    assert error.response.headers["x-request-id"].startswith("req_")


def test_an_unknown_parameter_is_unrecognized(client: openai.OpenAI) -> None:
    with pytest.raises(openai.BadRequestError) as info:
        create(client, messages=HELLO, extra_body={"top_k": 5})
    assert "Unrecognized request argument supplied: top_k" in info.value.message
    assert info.value.param is None and info.value.code is None


def test_an_unknown_model_is_not_found(client: openai.OpenAI) -> None:
    with pytest.raises(openai.NotFoundError) as info:
        client.chat.completions.create(model="gpt-4o", messages=HELLO)
    assert info.value.status_code == 404 and info.value.code == "model_not_found"
    assert info.value.body == {
        "message": "The model `gpt-4o` does not exist or you do not have access to it.",
        "type": "invalid_request_error",
        "param": None,
        "code": "model_not_found",
    }


def test_an_unknown_url_is_404(base_url: str) -> None:
    response = httpx.post(f"{base_url}/chat/completion", json={}, timeout=10)
    assert response.status_code == 404
    assert response.json()["error"]["message"] == "Invalid URL (POST /v1/chat/completion)"
