"""Serve the built-in teaching model over real HTTP on localhost.

    python -m toolcall_lab.offline serve --port 8765

Then point any OpenAI-compatible client at ``http://127.0.0.1:8765/v1`` (any api key):

    curl http://127.0.0.1:8765/v1/chat/completions -H 'content-type: application/json' \\
      -d '{"model": "builtin-teaching-model", "messages": [{"role": "user", "content": "hi"}]}'

Add ``"stream": true`` to watch the answer arrive as server-sent events (``curl -N``).

The same server speaks Anthropic Messages (``POST /v1/messages``, base URL ``http://127.0.0.1:8765``
for the anthropic SDK or ``ChatAnthropic(base_url=…)``) and Gemini (``POST /v1beta/models/
builtin-teaching-model:generateContent`` and ``:streamGenerateContent?alt=sse``, base URL
``http://127.0.0.1:8765`` in google-genai's ``HttpOptions``). Bodies are capped at 8 MiB (413).
"""

from __future__ import annotations

import argparse

from toolcall_lab.offline.server import make_server

__all__ = ["main", "make_server"]


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and serve until interrupted."""
    parser = argparse.ArgumentParser(prog="python -m toolcall_lab.offline")
    sub = parser.add_subparsers(dest="cmd", required=True)
    serve = sub.add_parser("serve", help="serve the built-in model on localhost")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8765)
    args = parser.parse_args(argv)
    server = make_server(args.host, args.port)
    host, port = server.server_address[:2]
    print(f"built-in teaching model listening on http://{host!s}:{port}/v1 (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
