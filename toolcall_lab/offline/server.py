"""The built-in model over real HTTP/1.1 on localhost, for curl, the openai SDK or any client.

Answers are sent as :func:`toolcall_lab.offline.transport.handle` produces them: a JSON body
with its ``content-length``, or, for ``stream: true``, server-sent events in chunked
transfer encoding, each event flushed to the socket as soon as the model produces it.
"""

from __future__ import annotations

import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from toolcall_lab.offline.endpoint import BuiltinModel
from toolcall_lab.offline.protocol import BUILTIN_MODEL_ID
from toolcall_lab.offline.transport import handle


class BuiltinHandler(BaseHTTPRequestHandler):
    """One HTTP/1.1 connection to the model (keep-alive, chunked streaming)."""

    protocol_version = "HTTP/1.1"
    server_version = "toolcall-lab-builtin/1"
    model: BuiltinModel  # set on the subclass made by make_server

    def _read_body(self) -> bytes:
        if "chunked" in (self.headers.get("transfer-encoding") or "").lower():
            data = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    self.rfile.readline()
                    return data
                data += self.rfile.read(size)
                self.rfile.readline()
        length = int(self.headers.get("content-length") or 0)
        return self.rfile.read(length) if length else b""

    def _answer(self, method: str) -> None:
        status, headers, body = handle(self.model, method, self.path, self._read_body())
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
        self._answer("POST")

    def do_GET(self) -> None:
        self._answer("GET")

    def log_message(self, format: str, *args: object) -> None:
        # one line per request, never the headers (they may carry a key)
        status = args[1] if len(args) > 1 else ""
        sys.stderr.write(f"{self.command} {self.path} -> {status!s}\n")


def make_server(host: str = "127.0.0.1", port: int = 8765, model: BuiltinModel | None = None) -> ThreadingHTTPServer:
    """Build (not start) an HTTP server answering with ``model``; port 0 picks a free port.

    The default model serves exactly one id, ``builtin-teaching-model``; a request naming
    another model gets the provider's 404 ``model_not_found``.
    """
    the_model = model or BuiltinModel(model_ids=(BUILTIN_MODEL_ID,))
    handler = type("Handler", (BuiltinHandler,), {"model": the_model})
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server
