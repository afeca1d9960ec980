"""Streaming, taken apart: the deltas on the wire, and how LangChain adds them up into a tool call.

With ``stream=True`` a provider does not send one reply. It sends server-sent events, each a
small ``chat.completion.chunk``: a tool call arrives as a first delta carrying its ``id``,
``name`` and ``arguments: ""``, then fragments of the arguments text keyed by ``index``.
``ChatOpenAI.stream`` turns each event into an ``AIMessageChunk`` whose ``tool_call_chunks``
hold those fragments; ``chunk_a + chunk_b`` concatenates fragments with the same ``index``,
and the sum's ``tool_calls`` are LangChain's *partial-JSON* parse of the text so far.

:func:`stream_tool_call` runs one real streamed request to the built-in model and records,
from the same run, the raw bytes as they arrived and every step of that sum.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx

from toolcall_lab.jsonable import to_jsonable


@dataclass
class StreamStep:
    """One ``AIMessageChunk`` as LangChain yielded it, and the running sum after it.

    Attributes:
        events_seen: how many server-sent events had arrived when LangChain yielded this chunk.
        content: the chunk's own text.
        tool_call_chunks: the chunk's own fragments (``name``, ``args`` text, ``id``, ``index``).
        total_content: the sum's text so far.
        total_arguments: per call index, the arguments text accumulated so far.
        total_tool_calls: the sum's ``tool_calls``: LangChain's partial-JSON parse of that text.
    """

    events_seen: int
    content: str
    tool_call_chunks: list[dict[str, Any]]
    total_content: str
    total_arguments: dict[int, str]
    total_tool_calls: list[dict[str, Any]]


@dataclass
class StreamingRun:
    """Everything one streamed request showed.

    Attributes:
        request_body: the JSON body ChatOpenAI sent (``"stream": true``).
        raw: the response bytes, decoded, exactly as they arrived (``data: {...}`` lines).
        events: each event's JSON (``[DONE]`` kept as the string).
        steps: one :class:`StreamStep` per chunk LangChain yielded.
        tool_calls: the finished ``tool_calls`` of the summed message.
        content: the finished text.
    """

    request_body: dict[str, Any]
    raw: str
    events: list[Any]
    steps: list[StreamStep] = field(default_factory=list)
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    content: str = ""


class _Tee(httpx.BaseTransport):
    """A transport that hands every request to ``inner`` and keeps a copy of the bytes coming back."""

    def __init__(self, inner: httpx.BaseTransport) -> None:
        self.inner = inner
        self.pieces: list[bytes] = []
        self.request_body: dict[str, Any] = {}

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.request_body = json.loads(request.read() or b"{}")
        response = self.inner.handle_request(request)
        return httpx.Response(
            response.status_code,
            headers=response.headers,
            stream=_TeeStream(response, self.pieces),
            request=request,
        )


class _TeeStream(httpx.SyncByteStream):
    def __init__(self, response: httpx.Response, pieces: list[bytes]) -> None:
        self.response = response
        self.pieces = pieces

    def __iter__(self) -> Iterator[bytes]:
        for piece in self.response.stream:  # type: ignore[union-attr]  # a sync stream from our own transport
            self.pieces.append(piece)
            yield piece

    def close(self) -> None:
        self.response.close()


def _events(pieces: Sequence[bytes]) -> list[Any]:
    """The server-sent events in the bytes so far: each ``data:`` line's JSON (``"[DONE]"`` as text)."""
    out: list[Any] = []
    for line in b"".join(pieces).decode("utf-8").splitlines():
        if line.startswith("data: "):
            data = line[len("data: ") :]
            out.append(data if data == "[DONE]" else json.loads(data))
    return out


def stream_tool_call(question: str, tools: Sequence[Any], *, system: str | None = None) -> StreamingRun:
    """Stream one request to the built-in model and record the wire and LangChain's running sum.

    Args:
        question: the user's words.
        tools: the tools to bind (real LangChain tools).
        system: an optional system prompt.

    Returns:
        A :class:`StreamingRun`: the raw events and, for each chunk, what ``+`` had made so far.
    """
    from langchain_core.messages import AIMessageChunk, BaseMessage, HumanMessage, SystemMessage
    from langchain_openai import ChatOpenAI
    from pydantic import SecretStr

    from toolcall_lab.llm import BUILTIN_API_KEY, BUILTIN_BASE_URL
    from toolcall_lab.offline import BUILTIN_MODEL_ID, BuiltinModel, BuiltinTransport

    tee = _Tee(BuiltinTransport(BuiltinModel()))
    llm = ChatOpenAI(
        model=BUILTIN_MODEL_ID,
        api_key=SecretStr(BUILTIN_API_KEY),
        base_url=BUILTIN_BASE_URL,
        http_client=httpx.Client(transport=tee),
        use_responses_api=False,
        max_retries=0,
        timeout=10.0,
    )
    messages: list[BaseMessage] = [SystemMessage(system)] if system else []
    messages.append(HumanMessage(question))
    total: AIMessageChunk | None = None
    steps: list[StreamStep] = []
    for chunk in llm.bind_tools(list(tools)).stream(messages):
        assert isinstance(chunk, AIMessageChunk)  # what ChatOpenAI.stream yields
        # the heart of it: chunks add up; fragments with the same index are concatenated
        summed = chunk if total is None else total + chunk
        assert isinstance(summed, AIMessageChunk)
        total = summed
        arguments: dict[int, str] = {}
        for piece in total.tool_call_chunks:
            arguments[int(piece.get("index") or 0)] = str(piece.get("args") or "")
        steps.append(
            StreamStep(
                events_seen=len(_events(tee.pieces)),
                content=str(chunk.content),
                tool_call_chunks=to_jsonable(list(chunk.tool_call_chunks)),
                total_content=str(total.content),
                total_arguments=arguments,
                total_tool_calls=to_jsonable(list(total.tool_calls)),
            )
        )
    raw = b"".join(tee.pieces).decode("utf-8")
    return StreamingRun(
        request_body=tee.request_body,
        raw=raw,
        events=_events(tee.pieces),
        steps=steps,
        tool_calls=[] if total is None else to_jsonable(list(total.tool_calls)),
        content="" if total is None else str(total.content),
    )
