"""An MCP server over LangChain tools, built with the official ``mcp`` SDK (its low-level ``Server``).

What each LangChain tool becomes on the protocol:

* ``tools/list``: ``name``, ``description`` and ``inputSchema`` = the tool's ``args_schema`` as JSON
  Schema (its call schema, if the tool has injected arguments the model never fills), and an
  ``outputSchema`` when the function's return annotation names structured data (a ``dict``, a
  Pydantic model, a ``TypedDict``);
* ``tools/call``: the tool runs as ``tool.invoke(arguments)`` (Pydantic validates as it does for a
  model's call). A structured result goes out twice, as ``structuredContent`` and as JSON text in
  ``content`` (for clients that read text only); a plain result as text;
* a *friendly* error — a tool declared to return structured data that returns a sentence instead
  ("No weather data for the city …") — is a result with ``isError: true``, so a client knows it
  failed while the model still reads why;
* arguments that do not match ``inputSchema`` (``{"city": 3}``) are refused by the SDK's JSON Schema
  check as an error result, and a ``ValidationError`` from Pydantic is one too: never a crash.

:func:`serve_stdio` and :func:`serve_http` run it (``python -m toolcall_lab.mcp serve``).
"""

from __future__ import annotations

import json
import types as pytypes
import typing
from collections.abc import Mapping, Sequence
from typing import Any

import anyio
from langchain_core.tools import BaseTool
from mcp import types
from mcp.server.lowlevel import Server
from pydantic import BaseModel, TypeAdapter, ValidationError

from toolcall_lab.redact import redact

SERVER_NAME = "toolcall-lab"
MAX_ERROR_CHARS = 2_000


def input_schema(tool: BaseTool) -> dict[str, Any]:
    """The JSON Schema a client must fill: the tool's ``args_schema``, or its call schema when they differ.

    They differ when the tool has injected arguments (the model never fills those): then the call
    schema, which leaves them out. Otherwise the ``args_schema`` itself, which keeps what the call
    schema's copy loses (``additionalProperties: false`` of a model with ``extra="forbid"``).
    """
    schema = tool.tool_call_schema
    own = tool.args_schema
    same = isinstance(own, type) and issubclass(own, BaseModel) and isinstance(schema, type)
    if same and issubclass(schema, BaseModel) and set(schema.model_fields) == set(own.model_fields):  # type: ignore[union-attr,arg-type]
        return own.model_json_schema()  # type: ignore[union-attr]
    if isinstance(schema, dict):
        return dict(schema)
    if issubclass(schema, BaseModel):
        return schema.model_json_schema()
    return dict(schema.schema())  # a pydantic.v1 model


def _structured_types(tool: BaseTool) -> list[Any]:
    func = getattr(tool, "func", None) or getattr(tool, "coroutine", None)
    if func is None:
        return []
    try:
        returned = typing.get_type_hints(func).get("return")
    except Exception:  # an annotation that does not resolve: treat the result as text
        return []
    members = typing.get_args(returned) if typing.get_origin(returned) in (typing.Union, pytypes.UnionType) else []
    found = []
    for member in members or [returned]:
        origin = typing.get_origin(member) or member
        is_model = isinstance(origin, type) and issubclass(origin, BaseModel)
        is_typed_dict = isinstance(origin, type) and typing.is_typeddict(origin)
        if is_model or is_typed_dict or origin in (dict, Mapping):
            found.append(member)
    return found


def output_schema(tool: BaseTool) -> dict[str, Any] | None:
    """The ``outputSchema`` of a tool whose function returns structured data, else ``None``.

    Built by Pydantic from the return annotation's structured member (``dict[str, Any] | str`` →
    the schema of ``dict[str, Any]``, an object).
    """
    members = _structured_types(tool)
    if not members:
        return None
    schema = TypeAdapter(members[0]).json_schema()
    return schema if schema.get("type") == "object" else None


def mcp_tool(tool: BaseTool) -> types.Tool:
    """The ``tools/list`` entry of one LangChain tool."""
    return types.Tool(
        name=tool.name,
        description=tool.description,
        inputSchema=input_schema(tool),
        outputSchema=output_schema(tool),
    )


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


def _error(message: str) -> types.CallToolResult:
    bounded = redact(message)[:MAX_ERROR_CHARS]
    return types.CallToolResult(content=[types.TextContent(type="text", text=bounded)], isError=True)


def call_result(tool: BaseTool, arguments: Mapping[str, Any] | None) -> types.CallToolResult:
    """Run ``tool`` on ``arguments`` and say the outcome as MCP does (never raises)."""
    try:
        out = tool.invoke(dict(arguments or {}))
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or '(input)'}: {e['msg']}" for e in exc.errors())
        return _error(f"Invalid arguments for {tool.name}: {problems}")
    except Exception as exc:  # a tool that raises is an error result, as a model's ToolNode reports it
        return _error(f"{tool.name} failed: {type(exc).__name__}: {exc}")
    if isinstance(out, BaseModel):
        out = out.model_dump(mode="json")
    if output_schema(tool) is not None:
        if isinstance(out, dict):
            structured = json.loads(json.dumps(out, ensure_ascii=False, default=str))
            text = [types.TextContent(type="text", text=_text(structured))]
            return types.CallToolResult(content=list(text), structuredContent=structured)
        return _error(_text(out))  # the structured tool said a sentence instead: its friendly error
    return types.CallToolResult(content=[types.TextContent(type="text", text=_text(out))])


def build_server(tools: Sequence[BaseTool], name: str = SERVER_NAME) -> Server[Any, Any]:
    """A low-level MCP ``Server`` listing ``tools`` and calling them (in a worker thread, one call at a time each)."""
    server: Server[Any, Any] = Server(name, instructions="The tools of Tool Call Lab's lessons.")
    by_name = {t.name: t for t in tools}
    listed = [mcp_tool(t) for t in tools]

    @server.list_tools()  # type: ignore[no-untyped-call,untyped-decorator]
    async def _list_tools() -> list[types.Tool]:
        return listed

    @server.call_tool(validate_input=True)  # type: ignore[untyped-decorator]
    async def _call_tool(tool_name: str, arguments: dict[str, Any]) -> types.CallToolResult:
        tool = by_name.get(tool_name)
        if tool is None:
            return _error(f"Unknown tool: {tool_name}")
        return await anyio.to_thread.run_sync(call_result, tool, arguments)

    return server


async def serve_stdio(server: Server[Any, Any]) -> None:
    """Serve on standard input and output (one JSON-RPC message per line) until the client closes."""
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def http_app(server: Server[Any, Any]) -> Any:
    """A Starlette app answering MCP's streamable HTTP transport at ``/mcp``."""
    from contextlib import asynccontextmanager

    from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
    from starlette.applications import Starlette
    from starlette.routing import Route

    manager = StreamableHTTPSessionManager(app=server)

    class _Endpoint:
        async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
            await manager.handle_request(scope, receive, send)

    @asynccontextmanager
    async def lifespan(_: Any) -> Any:
        async with manager.run():
            yield

    return Starlette(routes=[Route("/mcp", endpoint=_Endpoint(), methods=["GET", "POST", "DELETE"])], lifespan=lifespan)


def serve_http(server: Server[Any, Any], host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve streamable HTTP at ``http://host:port/mcp`` with uvicorn, until interrupted."""
    import uvicorn

    uvicorn.run(http_app(server), host=host, port=port, log_level="warning")
