"""Serve the built-in teaching model over real HTTP on localhost.

    python -m toolcall_lab.offline serve --port 8765

Then point any OpenAI-compatible client at ``http://127.0.0.1:8765/v1`` (any api key):

    curl http://127.0.0.1:8765/v1/chat/completions -H 'content-type: application/json' \\
      -d '{"model": "builtin-teaching-model", "messages": [{"role": "user", "content": "hi"}]}'
"""

from __future__ import annotations

import argparse
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from toolcall_lab.offline.endpoint import BuiltinModel
from toolcall_lab.offline.transport import handle


def make_server(host: str = "127.0.0.1", port: int = 8765, model: BuiltinModel | None = None) -> ThreadingHTTPServer:
    """Build (not start) an HTTP server answering with ``model``; port 0 picks a free port."""
    the_model = model or BuiltinModel()

    class Handler(BaseHTTPRequestHandler):
        server_version = "toolcall-lab-builtin/1"

        def _answer(self, method: str) -> None:
            length = int(self.headers.get("content-length") or 0)
            raw = self.rfile.read(length) if length else b""
            status, headers, body = handle(the_model, method, self.path, raw)
            self.send_response(status)
            for key, value in headers.items():
                self.send_header(key, value)
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self) -> None:
            self._answer("POST")

        def do_GET(self) -> None:
            self._answer("GET")

        def log_message(self, fmt: str, *args: object) -> None:
            # one line per request, never the headers (they may carry a key)
            sys.stderr.write(f"{self.command} {self.path} -> {args[1] if len(args) > 1 else ''}\n")

    return ThreadingHTTPServer((host, port), Handler)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m toolcall_lab.offline")
    sub = parser.add_subparsers(dest="cmd", required=True)
    serve = sub.add_parser("serve", help="serve the built-in model on localhost")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8765)
    args = parser.parse_args(argv)
    server = make_server(args.host, args.port)
    host, port = server.server_address[:2]
    print(f"built-in teaching model listening on http://{host}:{port}/v1 (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
