"""An httpx transport that carries requests to the built-in model inside the process.

``ChatOpenAI`` builds real HTTP requests (URL, headers, JSON body) and hands them to its
``httpx.Client``; with :class:`BuiltinTransport` as that client's transport, the request
never leaves the process but is otherwise handled exactly like one sent to a provider.
"""

from __future__ import annotations

import json
from typing import Any

import httpx

from toolcall_lab.offline.endpoint import BUILTIN_MODEL_ID, BuiltinModel, stream_chunks


def handle(model: BuiltinModel, method: str, path: str, raw_body: bytes) -> tuple[int, dict[str, str], bytes]:
    """Route one HTTP request to the model: ``(status, headers, body bytes)``.

    Shared by the in-process transport and the localhost HTTP server.
    """
    json_headers = {"content-type": "application/json"}
    if method == "GET" and path.rstrip("/").endswith("/models"):
        body = {"object": "list", "data": [{"id": BUILTIN_MODEL_ID, "object": "model", "owned_by": "toolcall-lab"}]}
        return 200, json_headers, json.dumps(body).encode()
    if method != "POST" or not path.rstrip("/").endswith("/chat/completions"):
        err = {
            "error": {
                "message": f"Unknown request URL: {method} {path}.",
                "type": "invalid_request_error",
                "param": None,
                "code": "unknown_url",
            }
        }
        return 404, json_headers, json.dumps(err).encode()
    try:
        request: Any = json.loads(raw_body or b"null")
    except ValueError:
        request = None
    if model.faults is not None:
        injected = model.faults.before(request)
        if injected is not None:
            return injected
    status, body = model.complete(request)
    if model.faults is not None:
        body = model.faults.after(request, status, body)
    if status == 200 and isinstance(request, dict) and request.get("stream"):
        events = "".join(f"data: {json.dumps(c, ensure_ascii=False)}\n\n" for c in stream_chunks(body))
        return 200, {"content-type": "text/event-stream"}, (events + "data: [DONE]\n\n").encode()
    return status, json_headers, json.dumps(body, ensure_ascii=False).encode()


class BuiltinTransport(httpx.BaseTransport):
    """``httpx`` transport answering from a :class:`BuiltinModel` in-process."""

    def __init__(self, model: BuiltinModel | None = None) -> None:
        self.model = model or BuiltinModel()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        from toolcall_lab.offline.faults import InjectedTimeout

        try:
            status, headers, body = handle(self.model, request.method, request.url.path, request.read())
        except InjectedTimeout as exc:
            raise httpx.ReadTimeout(str(exc), request=request) from exc
        return httpx.Response(status, headers=headers, content=body, request=request)
