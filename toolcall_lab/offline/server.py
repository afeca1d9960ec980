"""The built-in model over real HTTP/1.1 on localhost, for curl, the openai SDK or any client.

Answers are sent as :func:`toolcall_lab.offline.transport.handle` produces them: a JSON body
with its ``content-length``, or, for ``stream: true``, server-sent events in chunked
transfer encoding, each event flushed to the socket as soon as the model produces it.

Limits, so that one careless or hostile client cannot take the server from a class:

* a body of at most :data:`MAX_BODY_BYTES` (8 MiB); a longer one is refused with ``413`` before it
  is read (the declared ``Content-Length``, or the running total of a chunked body);
* a ``Content-Length`` that is not a decimal number of bytes (``abc``, ``-5``, ``1e12``), a broken
  chunk size or a body nested too deeply is a provider-style ``400``, never a closed connection;
* a connection holds no thread until its request head has arrived: it waits in one selector
  (:class:`~.connections.Waiting`) and is handed to a worker with the head; between keep-alive
  requests it waits there again (closed after 60 s of silence, or 15 s into an unfinished head);
* a bounded pool of :data:`WORKERS` worker threads answers requests; a body must arrive within
  15 s (:data:`~.connections.READ_TIMEOUT_S`), or the request is dropped;
* the listening socket's backlog is :data:`BACKLOG` (a class of 100 connecting at once is queued, not reset).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler
from socketserver import TCPServer
from typing import Any

from toolcall_lab.offline.connections import (
    READ_TIMEOUT_S,
    Conn,
    DeadlineReader,
    SocketWriter,
    Waiting,
    close,
    linger_close,
)
from toolcall_lab.offline.endpoint import BuiltinModel
from toolcall_lab.offline.protocol import BUILTIN_MODEL_ID, JSON_HEADERS, json_bytes, new_id
from toolcall_lab.offline.transport import error_for_path, handle

MAX_BODY_BYTES = 8 * 1024 * 1024
WORKERS = 16
BACKLOG = 256


TOO_LARGE = f"Request body too large: this server accepts at most {MAX_BODY_BYTES} bytes."


Tap = Callable[[str, str, bytes, int, bytes], None]
"""``tap(method, path, request_body, status, response_body)``: called once a reply is complete (a stream too)."""


def _tapped(events: Iterator[bytes], done: Callable[[bytes], None]) -> Iterator[bytes]:
    kept: list[bytes] = []
    for event in events:
        kept.append(event)
        yield event
    done(b"".join(kept))


class BadRequest(Exception):
    """A request the server refuses before the model sees it: its status and message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def content_length(value: str | None) -> int:
    """The declared body length; a provider-style 400 or 413 for anything but a decimal within the cap.

    >>> content_length("12")
    12
    """
    if value is None or value.strip() == "":
        return 0
    text = value.strip()
    if not text.isascii() or not text.isdigit():
        raise BadRequest(400, f"Invalid Content-Length header: {text[:40]!r} is not a number of bytes.")
    if len(text) > 12 or int(text) > MAX_BODY_BYTES:
        raise BadRequest(413, TOO_LARGE)
    return int(text)


class BuiltinHandler(BaseHTTPRequestHandler):
    """One request of an HTTP/1.1 connection to the model (keep-alive, chunked streaming).

    The server hands a connection to a handler for one request at a time (``rbufsize = 0``: no
    bytes of the next request are read ahead, so the connection can wait in the selector between requests).
    """

    protocol_version = "HTTP/1.1"
    server_version = "toolcall-lab-builtin/1"
    model: BuiltinModel  # set on the subclass made by make_server
    tap: Tap | None = None  # set by make_server(tap=…): sees every answered request and its reply
    refused = False
    quiet = False  # no request log line (a page capturing wires in the background)

    def setup(self) -> None:
        """Read from the gathered head, then the socket, under the request's deadline."""
        conn: Conn = self.request
        self.rfile = DeadlineReader(conn, READ_TIMEOUT_S)  # type: ignore[assignment]
        self.wfile = SocketWriter(conn.sock)  # type: ignore[assignment]

    def finish(self) -> None:
        """Nothing to flush: every write went out whole."""

    def handle(self) -> None:
        """Answer exactly one request (the server parks the connection again if it stays open)."""
        self.handle_one_request()

    def _read_exact(self, size: int) -> bytes:
        parts: list[bytes] = []
        left = size
        while left > 0:
            piece = self.rfile.read(min(left, 1 << 16))
            if not piece:
                raise BadRequest(400, "The request body ended before its Content-Length.")
            parts.append(piece)
            left -= len(piece)
        return b"".join(parts)

    def _read_body(self) -> bytes:
        if "chunked" in (self.headers.get("transfer-encoding") or "").lower():
            data = bytearray()
            while True:
                line = self.rfile.readline(80).split(b";")[0].strip()
                try:
                    size = int(line or b"0", 16)
                except ValueError:
                    raise BadRequest(400, "Invalid chunk size in a chunked request body.") from None
                if size < 0 or len(data) + size > MAX_BODY_BYTES:
                    raise BadRequest(413, TOO_LARGE)
                if size == 0:
                    self.rfile.readline(80)
                    return bytes(data)
                data += self._read_exact(size)
                self.rfile.readline(80)
        length = content_length(self.headers.get("content-length"))
        return self._read_exact(length) if length else b""

    def _refuse(self, err: BadRequest) -> None:
        status, headers, body = error_for_path(self.path, err.status, str(err))
        self.refused = True  # the rest of the body is not read: the connection cannot be reused
        self.send_response(status)
        for key, value in {**headers, "x-request-id": new_id("req_", 32), "connection": "close"}.items():
            self.send_header(key, value)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _answer(self, method: str) -> None:
        try:
            raw = self._read_body()
        except BadRequest as err:
            self._refuse(err)
            return
        try:
            status, headers, body = handle(self.model, method, self.path, raw)
        except Exception:  # a bug must still be an answer, as a provider's 500 is
            self.close_connection = True
            status, headers = 500, {**JSON_HEADERS, "connection": "close"}
            body = json_bytes({"error": {"message": "The server had an error.", "type": "server_error"}})
        tap = type(self).tap
        if tap is not None:
            path, code = self.path, status
            if isinstance(body, bytes):
                tap(method, path, raw, code, body)
            else:
                body = _tapped(body, lambda whole: tap(method, path, raw, code, whole))
        self.send_response(status)
        for key, value in headers.items():
            self.send_header(key, value)
        if isinstance(body, bytes):
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        self.send_header("transfer-encoding", "chunked")
        self.end_headers()
        for event in body:  # one chunk per event, flushed as produced
            self.wfile.write(f"{len(event):x}\r\n".encode() + event + b"\r\n")
            self.wfile.flush()
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def do_POST(self) -> None:
        """Answer a POST (chat completions, responses, messages, generateContent)."""
        self._answer("POST")

    def do_GET(self) -> None:
        """Answer a GET (the model list)."""
        self._answer("GET")

    def log_message(self, format: str, *args: object) -> None:
        """One line per request, never the headers (they may carry a key)."""
        if self.quiet:
            return
        status = args[1] if len(args) > 1 else ""
        sys.stderr.write(f"{self.command} {self.path} -> {status!s}\n")


class BuiltinServer(TCPServer):
    """A TCP server whose connections wait in a selector and whose requests run on a bounded pool."""

    allow_reuse_address = True
    request_queue_size = BACKLOG

    def __init__(self, address: tuple[str, int], handler: type[BuiltinHandler], workers: int = WORKERS) -> None:
        super().__init__(address, handler)
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="builtin-worker")
        self.waiting = Waiting(lambda conn: self.pool.submit(self._serve_one, conn))

    def process_request(self, request: Any, client_address: Any) -> None:
        """A new connection waits for its request head without holding a thread."""
        self.waiting.park(Conn(request))

    def _serve_one(self, conn: Conn) -> None:
        try:
            handler = self.RequestHandlerClass(conn, conn.sock.getpeername(), self)  # type: ignore[arg-type]
        except Exception:  # the peer went away, or its bytes stopped coming: nothing left to answer
            close(conn.sock)
            return
        if isinstance(handler, BuiltinHandler) and handler.refused:
            linger_close(conn.sock)
        elif isinstance(handler, BuiltinHandler) and not handler.close_connection:
            self.waiting.park(conn)
        else:
            close(conn.sock)

    def server_close(self) -> None:
        """Close the listening socket, the parked connections and the pool."""
        super().server_close()
        self.waiting.close()
        self.pool.shutdown(wait=False, cancel_futures=True)


def make_server(
    host: str = "127.0.0.1",
    port: int = 8765,
    model: BuiltinModel | None = None,
    workers: int = WORKERS,
    tap: Tap | None = None,
    quiet: bool = False,
) -> BuiltinServer:
    """Build (not start) an HTTP server answering with ``model``; port 0 picks a free port.

    The default model serves exactly one id, ``builtin-teaching-model``; a request naming
    another model gets the provider's 404 ``model_not_found``. ``tap`` sees each request's body and
    its complete reply as they crossed the socket (how :mod:`toolcall_lab.wires` captures every wire).
    """
    the_model = model or BuiltinModel(model_ids=(BUILTIN_MODEL_ID,))
    attributes = {"model": the_model, "tap": staticmethod(tap) if tap else None, "quiet": quiet}
    handler = type("Handler", (BuiltinHandler,), attributes)
    return BuiltinServer((host, port), handler, workers)
