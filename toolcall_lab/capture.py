"""Wire capture: record the exact HTTP bodies a chat model client sends and receives.

``ChatOpenAI`` talks to its endpoint through an ``httpx.Client``. We give that client two
event hooks (:func:`event_hooks`); whenever a :func:`recording` block is active in the
current context, each request body and its raw response body are stored as a
:class:`WireExchange`. The same hooks serve the built-in model (in-process transport) and
a real provider (network), so both are captured the same way.

Headers are stored redacted; bodies never carry the key (it travels in a header).

Example::

    with recording() as rec:
        llm.invoke("hi")
    rec.exchanges[0].request_body["messages"]
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import asdict, dataclass, field
from typing import Any

import httpx

from toolcall_lab.redact import redact

_ACTIVE: ContextVar[WireRecorder | None] = ContextVar("toolcall_lab_wire_recorder", default=None)


@dataclass
class WireExchange:
    """One HTTP round trip between the chat client and its endpoint.

    Attributes:
        method: HTTP method (``POST``).
        url: the full URL the client called.
        request_headers: request headers, with ``Authorization`` redacted.
        request_body: the JSON body exactly as the client put it on the wire.
        status_code: HTTP status, or ``None`` when no response arrived (timeout, refused).
        response_headers: response headers.
        response_body: the raw JSON body of the response (``None`` if unreadable).
        response_text: the raw text when the body was not JSON (a malformed reply, or the
            server-sent events of a streamed reply, complete, exactly as they arrived).
        latency_ms: wall time from request sent to response read (for a stream: to its last byte).
        started_at: epoch seconds when the request left.
        streamed: the reply was a ``text/event-stream`` (the client asked ``stream: true``).
    """

    method: str
    url: str
    request_headers: dict[str, str]
    request_body: Any
    status_code: int | None = None
    response_headers: dict[str, str] = field(default_factory=dict)
    response_body: Any = None
    response_text: str | None = None
    latency_ms: float | None = None
    started_at: float = 0.0
    streamed: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class WireRecorder:
    """Collects :class:`WireExchange` records while a :func:`recording` block is active."""

    exchanges: list[WireExchange] = field(default_factory=list)
    secrets: tuple[str, ...] = ()

    def _on_request(self, request: httpx.Request) -> None:
        try:
            body: Any = json.loads(request.content or b"null")
        except (ValueError, httpx.RequestNotRead):
            body = None
        exchange = WireExchange(
            method=request.method,
            url=redact(str(request.url), self.secrets),
            request_headers=redact(dict(request.headers), self.secrets),
            request_body=redact(body, self.secrets),
            started_at=time.time(),
        )
        request.extensions["toolcall_lab_exchange"] = exchange
        request.extensions["toolcall_lab_t0"] = time.perf_counter()
        self.exchanges.append(exchange)

    def _on_response(self, response: httpx.Response) -> None:
        exchange: WireExchange | None = response.request.extensions.get("toolcall_lab_exchange")
        if exchange is None:
            return
        t0 = response.request.extensions.get("toolcall_lab_t0", time.perf_counter())
        if response.headers.get("content-type", "").startswith("text/event-stream") and isinstance(
            response.stream, httpx.SyncByteStream
        ):
            # a stream is not read here: the client gets each event as it arrives, and the copy is kept at the end
            exchange.streamed, exchange.status_code = True, response.status_code
            exchange.response_headers = redact(dict(response.headers), self.secrets)
            response.stream = _TeeStream(response.stream, lambda raw: self._on_stream_end(exchange, response, raw, t0))
            return
        response.read()
        exchange.latency_ms = round((time.perf_counter() - t0) * 1000, 3)
        exchange.status_code = response.status_code
        exchange.response_headers = redact(dict(response.headers), self.secrets)
        try:
            exchange.response_body = redact(response.json(), self.secrets)
        except ValueError:
            exchange.response_text = redact(response.text[:20000], self.secrets)

    def _on_stream_end(self, exchange: WireExchange, response: httpx.Response, raw: bytes, t0: float) -> None:
        """A streamed reply ended: keep its events, decoded as the client read them, and its full latency."""
        exchange.latency_ms = round((time.perf_counter() - t0) * 1000, 3)
        decoded = httpx.Response(response.status_code, headers=response.headers, content=raw)  # undoes gzip if any
        exchange.response_text = redact(decoded.text, self.secrets)


class _TeeStream(httpx.SyncByteStream):
    """Hands a response's bytes on as they arrive and keeps a copy; ``done`` gets the copy when the stream ends."""

    def __init__(self, inner: httpx.SyncByteStream, done: Callable[[bytes], None]) -> None:
        self.inner = inner
        self.done = done
        self.pieces: list[bytes] = []
        self.finished = False

    def __iter__(self) -> Iterator[bytes]:
        for piece in self.inner:
            self.pieces.append(piece)
            yield piece
        self._finish()

    def _finish(self) -> None:
        if not self.finished:
            self.finished = True
            self.done(b"".join(self.pieces))

    def close(self) -> None:
        self.inner.close()
        self._finish()  # a stream closed early still records what arrived


def active_recorder() -> WireRecorder | None:
    """The recorder of the :func:`recording` block this context is in (``None`` outside one)."""
    return _ACTIVE.get()


def _hook_request(request: httpx.Request) -> None:
    recorder = _ACTIVE.get()
    if recorder is not None:
        recorder._on_request(request)


def _hook_response(response: httpx.Response) -> None:
    recorder = _ACTIVE.get()
    if recorder is not None:
        recorder._on_response(response)


def event_hooks() -> dict[str, list[Any]]:
    """The ``event_hooks`` argument for every ``httpx.Client`` the lab builds."""
    return {"request": [_hook_request], "response": [_hook_response]}


@contextmanager
def recording(secrets: tuple[str, ...] = ()) -> Iterator[WireRecorder]:
    """Record every exchange made by lab-built clients inside the ``with`` block.

    Args:
        secrets: extra strings (the session's keys) to scrub from anything recorded.
    """
    recorder = WireRecorder(secrets=tuple(secrets))
    token = _ACTIVE.set(recorder)
    try:
        yield recorder
    finally:
        _ACTIVE.reset(token)


def response_tool_calls(body: Any) -> list[dict[str, Any]]:
    """``choices[0].message.tool_calls`` of a chat-completion body, exactly as on the wire.

    Each entry keeps ``function.arguments`` as the JSON *string* the model wrote. Anything
    that is not a completion with tool calls gives ``[]``; the list returned is the body's own.
    """
    if not isinstance(body, dict):
        return []
    choices = body.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        return []
    message = choices[0].get("message")
    calls = message.get("tool_calls") if isinstance(message, dict) else None
    return calls if isinstance(calls, list) else []
