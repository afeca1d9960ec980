"""What went over the wire, seen from the served built-in model's side of the socket.

Some clients build their HTTP client themselves (``ChatAnthropic`` takes no ``http_client``), so the
lab's client-side hooks (:mod:`toolcall_lab.capture`) cannot see them. :func:`served` starts the
built-in model on a free localhost port with a *tap* (:func:`toolcall_lab.offline.server.make_server`)
that records each request body and its complete reply — a stream too — exactly as they crossed the
socket, as :class:`TappedExchange` records.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from toolcall_lab.offline.server import make_server
from toolcall_lab.redact import redact


@dataclass(frozen=True)
class TappedExchange:
    """One request to the served model and its reply.

    Attributes:
        method: ``POST`` or ``GET``.
        path: the path with its query (``/v1/messages``, ``/v1beta/models/…:generateContent``).
        request_body: the JSON body as sent (``None`` if it was not JSON).
        status: the reply's HTTP status.
        response_body: the JSON reply (``None`` for a stream, see ``response_text``).
        response_text: a streamed reply's server-sent events, whole, as sent.
    """

    method: str
    path: str
    request_body: Any
    status: int
    response_body: Any = None
    response_text: str | None = None


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return None


@dataclass
class Tap:
    """Collects the exchanges of one :func:`served` block, in the order their replies completed."""

    exchanges: list[TappedExchange] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def __call__(self, method: str, path: str, request: bytes, status: int, response: bytes) -> None:
        """Record one exchange (the server's tap signature)."""
        body = _json(response)
        text = None if body is not None else response.decode("utf-8", "replace")
        exchange = TappedExchange(method, path, redact(_json(request)), status, redact(body), text)
        with self._lock:
            self.exchanges.append(exchange)


@contextmanager
def served() -> Iterator[tuple[str, Tap]]:
    """The built-in model on ``http://127.0.0.1:<free port>`` and the tap that records its exchanges."""
    tap = Tap()
    server = make_server(port=0, tap=tap, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", tap
    finally:
        server.shutdown()
        server.server_close()
