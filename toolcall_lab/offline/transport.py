"""Routing, and the httpx transports that carry requests to the built-in model inside the process.

``ChatOpenAI`` builds real HTTP requests (URL, headers, JSON body) and hands them to its
``httpx.Client``; with :class:`BuiltinTransport` as that client's transport, the request
never leaves the process but is otherwise handled exactly like one sent to a provider, and
a streamed answer arrives chunk by chunk as it is produced. :func:`handle` is shared with
the localhost HTTP server (:mod:`.server`), so both answer byte for byte alike.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx

from toolcall_lab.offline import anthropic_wire, gemini_wire
from toolcall_lab.offline.endpoint import BuiltinModel
from toolcall_lab.offline.faults import InjectedTimeout
from toolcall_lab.offline.protocol import (
    JSON_HEADERS,
    SSE_HEADERS,
    EndpointError,
    invalid_url,
    json_bytes,
    model_not_found,
    model_object,
    new_id,
)
from toolcall_lab.offline.record import DECISION_HEADER, to_header
from toolcall_lab.offline.responses import response_events, response_object, to_chat_body
from toolcall_lab.offline.streaming import sse_events, stream_chunks
from toolcall_lab.offline.tokens import TOKEN_HEADER, TOKEN_NOTE

Body = bytes | Iterator[bytes]


def load_json(raw_body: bytes) -> Any:
    """The parsed body, or ``None`` when it is not JSON (too deeply nested counts as not JSON).

    ``json.loads`` raises ``RecursionError`` on some thousands of nested ``[`` — not a ``ValueError`` —
    so a body like that would otherwise end the connection without an answer.
    """
    try:
        return json.loads(raw_body or b"null")
    except (ValueError, RecursionError):
        return None


def error_for_path(path: str, status: int, message: str) -> tuple[int, dict[str, str], bytes]:
    """A refusal made before routing (body too large, bad header), in the error shape of the path's wire."""
    route = path.split("?", 1)[0].rstrip("/")
    if route.endswith("/messages"):
        return status, dict(JSON_HEADERS), json_bytes(anthropic_wire.anthropic_error(status, message))
    if gemini_wire.split_route(route) is not None:
        return status, dict(JSON_HEADERS), json_bytes(gemini_wire.gemini_error(status, message))
    code = "request_too_large" if status == 413 else None
    err = EndpointError(status, message, code=code)
    return status, dict(JSON_HEADERS), json_bytes(err.body)


def handle(model: BuiltinModel, method: str, path: str, raw_body: bytes) -> tuple[int, dict[str, str], Body]:
    """Route one HTTP request to the model: ``(status, headers, body)``.

    The body is bytes, or an iterator of server-sent-event bytes for ``stream: true``. Every
    response carries an ``x-request-id``.
    """
    request_id = {"x-request-id": new_id("req_", 32)}
    route = path.split("?", 1)[0].rstrip("/")
    try:
        if method == "GET" and route.endswith("/models"):
            listed = {"object": "list", "data": [model_object(m) for m in model.served_ids()]}
            return 200, {**JSON_HEADERS, **request_id}, json_bytes(listed)
        if method == "GET" and "/models/" in route:
            wanted = route.rsplit("/models/", 1)[1]
            if wanted not in model.served_ids():
                raise model_not_found(wanted)
            return 200, {**JSON_HEADERS, **request_id}, json_bytes(model_object(wanted))
        if method == "POST" and route.endswith("/chat/completions"):
            status, headers, body = _chat(model, raw_body)
            return status, {**headers, **request_id}, body
        if method == "POST" and route.endswith("/responses"):
            status, headers, body = _responses(model, raw_body)
            return status, {**headers, **request_id}, body
        if route.endswith("/messages"):
            request_id["request-id"] = request_id["x-request-id"]  # the header the anthropic SDK reads
            if method != "POST":
                raise anthropic_wire.AnthropicError(405, f"Method Not Allowed ({method} {path})")
            status, headers, body = _messages(model, raw_body)
            return status, {**headers, **request_id}, body
        gemini_route = gemini_wire.split_route(route)
        if gemini_route is not None and method == "POST":
            status, headers, body = _generate(model, raw_body, *gemini_route)
            return status, {**headers, **request_id}, body
        raise invalid_url(method, path)
    except EndpointError as err:
        return err.status, {**JSON_HEADERS, **request_id}, json_bytes(err.body)


def _chat(model: BuiltinModel, raw_body: bytes) -> tuple[int, dict[str, str], Body]:
    payload = load_json(raw_body)
    if model.faults is not None:
        injected = model.faults.before(payload)
        if injected is not None:
            status, headers, raw = injected
            return status, headers, raw
    request = model.parse(payload)
    completion, record = model.respond(request)
    if model.faults is not None:
        completion = model.faults.after(payload, 200, completion)
    note = {TOKEN_HEADER: TOKEN_NOTE, DECISION_HEADER: to_header(record)}
    if request.stream:
        chunks = stream_chunks(
            completion,
            include_usage=request.include_usage,
            top_logprobs=request.top_logprobs if request.logprobs else None,
        )
        return 200, {**SSE_HEADERS, **note}, sse_events(chunks)
    return 200, {**JSON_HEADERS, **note}, json_bytes(completion)


def _responses(model: BuiltinModel, raw_body: bytes) -> tuple[int, dict[str, str], Body]:
    """The Responses API: translated to a chat request, answered by the same model, translated back."""
    payload = load_json(raw_body)
    request = model.parse(to_chat_body(payload))
    completion, record = model.respond(request)
    response = response_object(payload, completion)
    note = {TOKEN_HEADER: TOKEN_NOTE, DECISION_HEADER: to_header(record)}
    if request.stream:
        return 200, {**SSE_HEADERS, **note}, response_events(response)
    return 200, {**JSON_HEADERS, **note}, json_bytes(response)


def _messages(model: BuiltinModel, raw_body: bytes) -> tuple[int, dict[str, str], Body]:
    """Anthropic Messages: translated to a chat request, answered by the same model, translated back."""
    payload = load_json(raw_body)
    try:
        request = model.parse(anthropic_wire.to_chat_body(payload))
    except anthropic_wire.AnthropicError:
        raise
    except EndpointError as err:
        raise anthropic_wire.from_chat_error(err) from err
    completion, record = model.respond(request)
    message = anthropic_wire.message_object(payload, completion)
    note = {TOKEN_HEADER: TOKEN_NOTE, DECISION_HEADER: to_header(record)}
    if request.stream:
        return 200, {**SSE_HEADERS, **note}, anthropic_wire.message_events(message)
    return 200, {**JSON_HEADERS, **note}, json_bytes(message)


def _generate(model: BuiltinModel, raw_body: bytes, model_id: str, method: str) -> tuple[int, dict[str, str], Body]:
    """Gemini generateContent / streamGenerateContent: translated, answered by the same model, translated back."""
    if method not in ("generateContent", "streamGenerateContent"):
        raise gemini_wire.GeminiError(404, f"Method not found: {method}")
    stream = method == "streamGenerateContent"
    payload = load_json(raw_body)
    try:
        request = model.parse(gemini_wire.to_chat_body(payload, model_id, stream))
    except gemini_wire.GeminiError:
        raise
    except EndpointError as err:
        raise gemini_wire.from_chat_error(err, model_id) from err
    completion, record = model.respond(request)
    response = gemini_wire.gemini_response(completion)
    note = {TOKEN_HEADER: TOKEN_NOTE, DECISION_HEADER: to_header(record)}
    if stream:
        return 200, {**SSE_HEADERS, **note}, gemini_wire.gemini_events(response)
    return 200, {**JSON_HEADERS, **note}, json_bytes(response)


class _Events(httpx.SyncByteStream, httpx.AsyncByteStream):
    """A response body handed to the client event by event, as the model produces it."""

    def __init__(self, events: Iterator[bytes]) -> None:
        self._events = events

    def __iter__(self) -> Iterator[bytes]:
        yield from self._events

    async def __aiter__(self) -> AsyncIterator[bytes]:
        for event in self._events:
            yield event


def _response(request: httpx.Request, model: BuiltinModel) -> httpx.Response:
    try:
        status, headers, body = handle(model, request.method, request.url.path, request.content)
    except InjectedTimeout as exc:
        raise httpx.ReadTimeout(str(exc), request=request) from exc
    if isinstance(body, bytes):
        return httpx.Response(status, headers=headers, content=body, request=request)
    return httpx.Response(status, headers=headers, stream=_Events(body), request=request)


class BuiltinTransport(httpx.BaseTransport):
    """``httpx`` transport answering from a :class:`BuiltinModel` in-process."""

    def __init__(self, model: BuiltinModel | None = None) -> None:
        self.model = model or BuiltinModel()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        request.read()
        return _response(request, self.model)


class AsyncBuiltinTransport(httpx.AsyncBaseTransport):
    """The same, for an ``httpx.AsyncClient`` (``ainvoke`` / ``astream``)."""

    def __init__(self, model: BuiltinModel | None = None) -> None:
        self.model = model or BuiltinModel()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        await request.aread()
        return _response(request, self.model)
