"""``python -m toolcall_lab.mcp serve``: the lessons' tools as an MCP server.

    python -m toolcall_lab.mcp serve                                  # stdio, every tool set, Chinese
    python -m toolcall_lab.mcp serve --tools weather --lang en        # one set, English
    python -m toolcall_lab.mcp serve --transport streamable-http --port 8931   # http://127.0.0.1:8931/mcp

``--toolsets module:attribute`` names where the tool sets come from (default
``lessons.toolsets:TOOLSETS``, see :mod:`toolcall_lab.mcp.toolsets`): it is imported only now, at
run time, so the ground floor never imports a lesson. Inspect it with the MCP Inspector::

    npx @modelcontextprotocol/inspector --cli python -m toolcall_lab.mcp serve --method tools/list
"""

from __future__ import annotations

import argparse
import contextlib
import sys

import anyio

from toolcall_lab.mcp.server import build_server, serve_http, serve_stdio
from toolcall_lab.mcp.toolsets import DEFAULT_SPEC, ToolsetError, build_tools

ALL_SETS = "weather,tutor,search"


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and serve until the client leaves (stdio) or Ctrl+C (HTTP)."""
    parser = argparse.ArgumentParser(prog="python -m toolcall_lab.mcp")
    sub = parser.add_subparsers(dest="cmd", required=True)
    serve = sub.add_parser("serve", help="serve the lessons' tools over MCP")
    serve.add_argument("--tools", default=ALL_SETS, help=f"comma-separated tool sets (default {ALL_SETS})")
    serve.add_argument("--lang", choices=("zh", "en"), default="zh")
    serve.add_argument("--transport", choices=("stdio", "streamable-http"), default="stdio")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8931)
    serve.add_argument("--toolsets", default=DEFAULT_SPEC, help="module:attribute of the tool-set mapping")
    args = parser.parse_args(argv)
    try:
        tools = build_tools([n.strip() for n in args.tools.split(",") if n.strip()], args.lang, args.toolsets)
    except ToolsetError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    server = build_server(tools)
    if args.transport == "stdio":
        anyio.run(serve_stdio, server)
        return 0
    print(f"MCP server listening on http://{args.host}:{args.port}/mcp (Ctrl+C to stop)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        serve_http(server, args.host, args.port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
