"""A gateway on 127.0.0.1 that records what it was sent and refuses every key, echoing it.

Stands for a model endpoint in the tests of the endpoint rule (issue 21): the school's, or one a
learner typed. Each request's headers (lower-cased) and body are appended to the list
:func:`listener` yields; the answer is what a gateway says to a key it refuses — HTTP 401 with
``Invalid key <the key it got>`` (``(none)`` for no key) — so a test sees whether the key came
back in the trace.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class _Gateway(BaseHTTPRequestHandler):
    """Records each request's headers and body; answers 401 ``Invalid key <the key it was sent>``."""

    seen: list[dict[str, str]]

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.server.seen.append({**{k.lower(): v for k, v in self.headers.items()}, "_body": body.decode()})  # type: ignore[attr-defined]
        sent = (self.headers.get("Authorization") or "").removeprefix("Bearer ") or "(none)"
        reply = json.dumps({"error": {"message": f"Invalid key {sent}", "type": "invalid_request_error"}}).encode()
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    def log_message(self, *args: object) -> None:  # quiet
        pass


@contextmanager
def listener() -> Iterator[tuple[str, list[dict[str, str]]]]:
    """Serve the gateway on a free port of 127.0.0.1; yields its base URL and the requests it records."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Gateway)
    server.seen = []  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", server.seen  # type: ignore[attr-defined]
    finally:
        server.shutdown()
        server.server_close()
