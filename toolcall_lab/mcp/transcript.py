"""The JSON-RPC transcript of one MCP session, captured as it went over the wire (for the MCP lesson page).

A real client (the SDK's ``ClientSession``) talks to the lab's MCP server: ``initialize``, the
``notifications/initialized`` that follows it, ``tools/list``, then one ``tools/call`` per call asked.
Every message between them is recorded on its way, in order, as a :class:`RpcRecord`:

* :func:`capture_in_process` — the server runs in this process, connected by memory streams; each
  message is recorded as the stdio transport would write it (``model_dump_json(by_alias=True,
  exclude_none=True)``, one line);
* :func:`capture_stdio` — the server is ``python -m toolcall_lab.mcp serve`` in a child process; the
  lines are recorded byte for byte as they crossed its standard input and output.

Example::

    transcript = capture_in_process(build_tools(["weather"], "en"), [("get_weather", {"city": "Paris"})])
    [r.method for r in transcript.records]   # ['initialize', 'initialize', 'notifications/initialized', …]
"""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from langchain_core.tools import BaseTool
from mcp import ClientSession, types
from mcp.shared.message import SessionMessage

from toolcall_lab.mcp.server import build_server

ROOT = Path(__file__).resolve().parents[2]
Call = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class RpcRecord:
    """One JSON-RPC message on the wire.

    Attributes:
        direction: ``"client→server"`` or ``"server→client"``.
        method: the request's or notification's method; for a response, the method it answers.
        id: the JSON-RPC id (``None`` for a notification).
        raw: the line as sent (JSON text).
        message: the same, parsed.
    """

    direction: str
    method: str
    id: int | str | None
    raw: str
    message: dict[str, Any]


@dataclass
class Transcript:
    """A session's messages in order, and the results of the calls as the client read them."""

    transport: str
    records: list[RpcRecord] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)

    def add(self, direction: str, raw: str) -> None:
        """Record one line (responses are labelled with the method of the request they answer)."""
        message = json.loads(raw)
        method = message.get("method")
        if method is None:
            asked = [r for r in self.records if r.id == message.get("id") and r.direction != direction]
            method = asked[-1].method if asked else "(response)"
        self.records.append(RpcRecord(direction, str(method), message.get("id"), raw, message))


def _line(message: SessionMessage) -> str:
    return message.message.model_dump_json(by_alias=True, exclude_none=True)


async def _relay(
    source: MemoryObjectReceiveStream[Any],
    sink: MemoryObjectSendStream[Any],
    transcript: Transcript,
    direction: str,
) -> None:
    async with source, sink:
        async for message in source:
            if isinstance(message, SessionMessage):
                transcript.add(direction, _line(message))
            await sink.send(message)


async def _session_script(session: ClientSession, calls: Sequence[Call], transcript: Transcript) -> None:
    await session.initialize()
    await session.list_tools()
    for name, arguments in calls:
        result = await session.call_tool(name, arguments)
        transcript.results.append(result.model_dump(by_alias=True, exclude_none=True, mode="json"))


async def _script(read: Any, write: Any, calls: Sequence[Call], transcript: Transcript) -> None:
    async with ClientSession(read, write) as session:
        await _session_script(session, calls, transcript)


@asynccontextmanager
async def tapped_session(tools: Sequence[BaseTool]) -> AsyncIterator[tuple[ClientSession, Transcript]]:
    """A client session (not yet initialized) to a server in this process, and the transcript it fills.

    Hand the session to any client library (``langchain_mcp_adapters.tools.load_mcp_tools(session)``):
    whatever it sends and receives is recorded.
    """
    transcript = Transcript("in process")
    server = build_server(tools)
    client_out_send, client_out_recv = anyio.create_memory_object_stream[Any](16)
    server_in_send, server_in_recv = anyio.create_memory_object_stream[Any](16)
    server_out_send, server_out_recv = anyio.create_memory_object_stream[Any](16)
    client_in_send, client_in_recv = anyio.create_memory_object_stream[Any](16)
    async with anyio.create_task_group() as group:
        group.start_soon(_relay, client_out_recv, server_in_send, transcript, "client→server")
        group.start_soon(_relay, server_out_recv, client_in_send, transcript, "server→client")
        options = server.create_initialization_options()
        group.start_soon(lambda: server.run(server_in_recv, server_out_send, options))
        async with client_in_recv, client_out_send, ClientSession(client_in_recv, client_out_send) as session:
            yield session, transcript
        group.cancel_scope.cancel()


async def _in_process(tools: Sequence[BaseTool], calls: Sequence[Call]) -> Transcript:
    async with tapped_session(tools) as (session, transcript):
        await _session_script(session, calls, transcript)
    return transcript


def capture_in_process(tools: Sequence[BaseTool], calls: Sequence[Call]) -> Transcript:
    """The transcript of ``initialize``, ``tools/list`` and ``calls`` against a server in this process."""
    return anyio.run(_in_process, tools, calls)


async def _stdio(args: Sequence[str], calls: Sequence[Call]) -> Transcript:
    transcript = Transcript("stdio")
    command = [sys.executable, "-m", "toolcall_lab.mcp", "serve", *args]
    to_client_send, to_client_recv = anyio.create_memory_object_stream[Any](16)
    from_client_send, from_client_recv = anyio.create_memory_object_stream[Any](16)
    async with await anyio.open_process(command, cwd=ROOT, stderr=None) as process:
        assert process.stdin is not None and process.stdout is not None
        stdin, stdout = process.stdin, process.stdout

        async def pump_out() -> None:
            async with from_client_recv:
                async for message in from_client_recv:
                    raw = _line(message)
                    transcript.add("client→server", raw)
                    await stdin.send((raw + "\n").encode())

        async def pump_in() -> None:
            buffer = b""
            async with to_client_send:
                async for chunk in stdout:
                    buffer += chunk
                    while b"\n" in buffer:
                        line, buffer = buffer.split(b"\n", 1)
                        raw = line.decode().strip()
                        if raw:
                            transcript.add("server→client", raw)
                            await to_client_send.send(SessionMessage(types.JSONRPCMessage.model_validate_json(raw)))

        async with anyio.create_task_group() as group:
            group.start_soon(pump_out)
            group.start_soon(pump_in)
            async with to_client_recv, from_client_send:
                await _script(to_client_recv, from_client_send, calls, transcript)
            group.cancel_scope.cancel()
        await stdin.aclose()
    return transcript


def capture_stdio(
    calls: Sequence[Call], serve_args: Sequence[str] = ("--tools", "weather", "--lang", "en")
) -> Transcript:
    """The transcript over stdio with ``python -m toolcall_lab.mcp serve *serve_args`` as a child process."""
    return anyio.run(_stdio, list(serve_args), calls)
