"""`python -m toolcall_lab.offline serve`: the built-in model over real HTTP, for curl or the openai SDK."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import openai

from toolcall_lab.offline.server import make_server

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_answers_a_tool_call_over_http_and_the_openai_sdk_reads_it():
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "toolcall_lab.offline", "serve", "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert "listening on http://127.0.0.1:" in proc.stdout.readline()
        body = {
            "model": "builtin-teaching-model",
            "messages": [{"role": "user", "content": "曼谷天气怎么样？"}],
            "tools": [
                {
                    "type": "function",
                    "function": {
                        "name": "get_weather",
                        "description": "查询城市天气",
                        "parameters": {
                            "type": "object",
                            "properties": {"city": {"type": "string"}},
                            "required": ["city"],
                        },
                    },
                }
            ],
        }
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/v1/chat/completions",
            data=json.dumps(body).encode(),
            headers={"content-type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as resp:
            raw = json.loads(resp.read())
        call = raw["choices"][0]["message"]["tool_calls"][0]
        assert call["function"] == {"name": "get_weather", "arguments": '{"city": "Bangkok"}'}

        # the official SDK against the same server
        client = openai.OpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key="anything", max_retries=0)
        completion = client.chat.completions.create(**body)
        assert completion.choices[0].finish_reason == "tool_calls"
        assert [m.id for m in client.models.list().data] == ["builtin-teaching-model"]
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _read_chunked(sock: socket.socket) -> tuple[bytes, list[bytes]]:
    """Read one HTTP/1.1 response with chunked transfer encoding: its head, and each chunk as sent."""
    stream = sock.makefile("rb")
    head = b""
    while not head.endswith(b"\r\n\r\n"):
        head += stream.readline()
    chunks = []
    while True:
        size = int(stream.readline().strip(), 16)
        if size == 0:
            stream.readline()
            return head, chunks
        chunks.append(stream.read(size))
        stream.readline()


def test_stream_is_sent_one_event_per_http_chunk():
    server = make_server(port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        body = json.dumps(
            {"model": "builtin-teaching-model", "stream": True, "messages": [{"role": "user", "content": "hi"}]}
        ).encode()
        with socket.create_connection(server.server_address[:2], timeout=10) as sock:
            sock.sendall(
                b"POST /v1/chat/completions HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\n"
                + f"content-length: {len(body)}\r\n\r\n".encode()
                + body
            )
            head, chunks = _read_chunked(sock)
    finally:
        server.shutdown()
        server.server_close()
    assert b"transfer-encoding: chunked" in head.lower() and b"content-length" not in head.lower()
    assert len(chunks) > 3 and chunks[-1] == b"data: [DONE]\n\n"
    assert all(c.startswith(b"data: ") and c.endswith(b"\n\n") and c.count(b"data: ") == 1 for c in chunks)
