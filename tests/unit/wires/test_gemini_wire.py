"""Gemini generateContent on the built-in model, judged by the real ``google-genai`` SDK over HTTP."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from google import genai
from google.genai import errors, types

from toolcall_lab.offline import BUILTIN_MODEL_ID
from toolcall_lab.offline.server import make_server

DECLARATION = types.FunctionDeclaration(
    name="get_weather",
    description="Get the weather for a city",
    parameters=types.Schema(
        type="OBJECT", properties={"city": types.Schema(type="STRING", description="the city")}, required=["city"]
    ),
)
CONFIG = types.GenerateContentConfig(
    tools=[types.Tool(function_declarations=[DECLARATION])],
    automatic_function_calling=types.AutomaticFunctionCallingConfig(disable=True),
)
QUESTION = types.Content(role="user", parts=[types.Part(text="What's the weather in Paris?")])


@pytest.fixture(scope="module")
def client() -> Iterator[genai.Client]:
    server = make_server(port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    yield genai.Client(api_key="builtin", http_options=types.HttpOptions(base_url=base))
    server.shutdown()
    server.server_close()


def test_a_function_call_part_with_object_args(client):
    reply = client.models.generate_content(model=BUILTIN_MODEL_ID, contents=[QUESTION], config=CONFIG)
    (call,) = reply.function_calls
    assert call.name == "get_weather" and call.args == {"city": "Paris"}
    assert reply.candidates[0].finish_reason == types.FinishReason.STOP
    assert reply.usage_metadata.prompt_token_count > 0


def test_a_function_response_is_answered_in_text(client):
    first = client.models.generate_content(model=BUILTIN_MODEL_ID, contents=[QUESTION], config=CONFIG)
    answer = types.Part.from_function_response(name="get_weather", response={"result": "Sunny, 21 °C"})
    contents = [QUESTION, first.candidates[0].content, types.Content(role="user", parts=[answer])]
    second = client.models.generate_content(model=BUILTIN_MODEL_ID, contents=contents, config=CONFIG)
    assert not second.function_calls and "21" in second.text


def test_the_stream_arrives_in_pieces_that_add_up(client):
    chunks = list(client.models.generate_content_stream(model=BUILTIN_MODEL_ID, contents="hi"))
    assert len(chunks) > 2
    whole = client.models.generate_content(model=BUILTIN_MODEL_ID, contents="hi")
    assert "".join(c.text or "" for c in chunks) == whole.text
    assert chunks[-1].candidates[0].finish_reason == types.FinishReason.STOP


def test_a_function_response_after_no_call_is_the_apis_400(client):
    stray = types.Part.from_function_response(name="get_weather", response={"result": "x"})
    with pytest.raises(errors.ClientError) as info:
        client.models.generate_content(model=BUILTIN_MODEL_ID, contents=[types.Content(role="user", parts=[stray])])
    assert info.value.code == 400 and info.value.status == "INVALID_ARGUMENT"
    assert "function response turn comes immediately after a function call turn" in info.value.message


def test_an_unknown_model_is_the_apis_404(client):
    with pytest.raises(errors.ClientError) as info:
        client.models.generate_content(model="gemini-nope", contents="hi")
    assert info.value.code == 404 and info.value.status == "NOT_FOUND"


def test_in_process_through_the_httpx2_transport():
    import httpx2

    from toolcall_lab.offline import BuiltinModel
    from toolcall_lab.offline.transport2 import BuiltinTransport2

    http = httpx2.Client(transport=BuiltinTransport2(BuiltinModel(model_ids=(BUILTIN_MODEL_ID,))))
    options = types.HttpOptions(base_url="http://builtin", httpx_client=http)
    local = genai.Client(api_key="builtin", http_options=options)
    reply = local.models.generate_content(model=BUILTIN_MODEL_ID, contents=[QUESTION], config=CONFIG)
    assert reply.function_calls[0].args == {"city": "Paris"}


def test_the_v1beta_path_answers_as_google_s_host_does():
    import httpx

    from toolcall_lab.offline import BuiltinModel, BuiltinTransport

    http = httpx.Client(transport=BuiltinTransport(BuiltinModel()), base_url="http://builtin")
    body = {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}
    reply = http.post(f"/v1beta/models/{BUILTIN_MODEL_ID}:generateContent", json=body).json()
    assert reply["candidates"][0]["content"]["role"] == "model" and reply["candidates"][0]["finishReason"] == "STOP"
    refused = http.post(f"/v1beta/models/{BUILTIN_MODEL_ID}:generateContent", json={"contents": []})
    assert refused.status_code == 400 and refused.json()["error"]["status"] == "INVALID_ARGUMENT"
    unknown = http.post(f"/v1beta/models/{BUILTIN_MODEL_ID}:embedContent", json=body)
    assert unknown.status_code == 404 and unknown.json()["error"]["status"] == "NOT_FOUND"
