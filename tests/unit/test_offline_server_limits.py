"""The built-in model's HTTP server under careless and hostile clients (issue 21, finding 9), with raw sockets."""

from __future__ import annotations

import json
import socket
import threading

import pytest

from toolcall_lab.offline.server import BACKLOG, MAX_BODY_BYTES, make_server

HI = json.dumps({"model": "builtin-teaching-model", "messages": [{"role": "user", "content": "hi"}]}).encode()


@pytest.fixture(scope="module")
def address():
    server = make_server(port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[:2]
    server.shutdown()
    server.server_close()


def _exchange(address, raw: bytes, timeout: float = 30.0) -> tuple[int, dict[str, str], bytes]:
    """Send raw bytes, read one response (head and content-length body)."""
    with socket.create_connection(address, timeout=timeout) as sock:
        sock.sendall(raw)
        stream = sock.makefile("rb")
        status = int(stream.readline().split()[1])
        headers = {}
        while (line := stream.readline().strip()) != b"":
            key, _, value = line.decode().partition(":")
            headers[key.lower()] = value.strip()
        return status, headers, stream.read(int(headers.get("content-length", 0)))


def _post(length_header: str, body: bytes = b"", path: str = "/v1/chat/completions") -> bytes:
    head = f"POST {path} HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
    return f"{head}content-length: {length_header}\r\n\r\n".encode() + body


@pytest.mark.parametrize("value", ["abc", "-5", "1e12", "12abc", "٣"])
def test_a_malformed_content_length_gets_a_provider_400(address, value):
    status, headers, body = _exchange(address, _post(value))
    assert status == 400
    assert headers["content-type"] == "application/json"
    error = json.loads(body)["error"]
    assert error["type"] == "invalid_request_error" and "Content-Length" in error["message"]


def test_a_body_over_the_cap_gets_413_before_it_is_read(address):
    status, _, body = _exchange(address, _post(str(MAX_BODY_BYTES + 1)))
    assert status == 413
    assert json.loads(body)["error"]["code"] == "request_too_large"
    assert str(MAX_BODY_BYTES) in json.loads(body)["error"]["message"]


def test_a_declared_trillion_bytes_is_413_not_memory_error(address):
    status, _, _ = _exchange(address, _post("1000000000000"))
    assert status == 413


def test_a_chunked_body_over_the_cap_is_413(address):
    head = b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\ntransfer-encoding: chunked\r\n\r\n"
    status, _, _ = _exchange(address, head + f"{MAX_BODY_BYTES + 1:x}\r\n".encode())
    assert status == 413


def test_a_broken_chunk_size_is_400(address):
    head = b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\ntransfer-encoding: chunked\r\n\r\n"
    status, _, _ = _exchange(address, head + b"zz\r\n")
    assert status == 400


def test_deeply_nested_json_gets_a_provider_400(address):
    body = b"[" * 200_000
    status, _, reply = _exchange(address, _post(str(len(body)), body))
    assert status == 400
    assert json.loads(reply)["error"]["message"] == "We could not parse the JSON body of your request."


def test_a_normal_request_is_answered_after_the_refusals(address):
    status, _, body = _exchange(address, _post(str(len(HI)), HI))
    assert status == 200 and json.loads(body)["object"] == "chat.completion"


def test_keep_alive_answers_two_requests_on_one_connection(address):
    with socket.create_connection(address, timeout=30) as sock:
        sock.sendall(_post(str(len(HI)), HI) + _post(str(len(HI)), HI))  # pipelined
        stream = sock.makefile("rb")
        for _ in range(2):
            assert stream.readline().startswith(b"HTTP/1.1 200")
            length = 0
            while (line := stream.readline().strip()) != b"":
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            assert json.loads(stream.read(length))["object"] == "chat.completion"


def test_200_stalled_connections_do_not_exhaust_the_server(address):
    stalled = [socket.create_connection(address, timeout=30) for _ in range(200)]
    try:
        for sock in stalled[:100]:
            sock.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n")  # half a head, then silence
        before = threading.active_count()
        status, _, body = _exchange(address, _post(str(len(HI)), HI))
        assert status == 200 and json.loads(body)["choices"][0]["message"]["content"]
        assert threading.active_count() - before < 20  # the workers are a bounded pool, not one per connection
    finally:
        for sock in stalled:
            sock.close()


def test_100_simultaneous_connections_are_all_answered_none_reset(address):
    assert BACKLOG >= 128
    results: list[object] = []
    barrier = threading.Barrier(100)

    def one() -> None:
        barrier.wait()
        try:
            results.append(_exchange(address, _post(str(len(HI)), HI), timeout=120)[0])
        except OSError as exc:
            results.append(type(exc).__name__)

    threads = [threading.Thread(target=one) for _ in range(100)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [200] * 100


def test_a_refusal_speaks_the_error_shape_of_the_wire_it_was_sent_to(address):
    _, _, anthropic = _exchange(address, _post(str(MAX_BODY_BYTES + 1), path="/v1/messages"))
    assert json.loads(anthropic) == {
        "type": "error",
        "error": {"type": "request_too_large", "message": json.loads(anthropic)["error"]["message"]},
    }
    gemini_path = "/v1beta/models/builtin-teaching-model:generateContent"
    status, _, gemini = _exchange(address, _post("abc", path=gemini_path))
    assert status == 400 and json.loads(gemini)["error"]["status"] == "INVALID_ARGUMENT"
    body = b"[" * 200_000
    status, _, nested = _exchange(address, _post(str(len(body)), body, path="/v1/messages"))
    assert status == 400 and json.loads(nested)["error"]["type"] == "invalid_request_error"


WEATHER_TOOL = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Weather of a city",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}


def _ask(text: str, tools: bool) -> bytes:
    body: dict[str, object] = {"model": "builtin-teaching-model", "messages": [{"role": "user", "content": text}]}
    if tools:
        body["tools"] = [WEATHER_TOOL]
    raw = json.dumps(body).encode()
    return _post(str(len(raw)), raw)


def test_huge_questions_and_a_small_one_sent_together_are_all_answered(address):
    """Issue 21, finding 5: 50 kB and 1 MB of letters with a tool, and 300,000 ``{`` without one, froze the model
    (the regexes were quadratic and held the interpreter lock, so a concurrent "hi" waited as long). Sent at the
    same moment, each gets its answer within the client's 30 s timeout: the big ones the provider's 400, "hi" 200."""
    requests = {
        "50 kB": _ask("a" * 50_000, tools=True),
        "1 MB": _ask("weather " * 131_072, tools=True),
        "braces": _ask("{" * 300_000, tools=False),
        "hi": HI_REQUEST,
    }
    answers: dict[str, int] = {}

    def send(name: str) -> None:
        answers[name] = _exchange(address, requests[name])[0]

    threads = [threading.Thread(target=send, args=(name,)) for name in requests]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert answers == {"50 kB": 400, "1 MB": 400, "braces": 400, "hi": 200}


HI_REQUEST = _post(str(len(HI)), HI)
