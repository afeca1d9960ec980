"""Streaming: a ``chat.completion`` written out as ``chat.completion.chunk`` server-sent events.

The byte shape is the one the OpenAI API documents and its SDKs parse:

* a first delta with ``role`` (and ``content: ""``, or the first tool call);
* text in small deltas, one token each (:func:`toolcall_lab.offline.tokens.pieces`);
* each tool call opened by a delta with its ``index``, ``id``, ``type``, ``name`` and
  ``arguments: ""``, followed by argument fragments keyed by the same ``index`` only;
  several calls interleave, so only the ``index`` says which call a fragment extends;
* a last delta ``{}`` carrying the ``finish_reason``;
* with ``stream_options.include_usage``, one more chunk with ``choices: []`` and the
  ``usage`` (every earlier chunk then carries ``"usage": null``);
* ``data: [DONE]``.

Chunks are produced lazily: a client reads the first one before the last is written.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from toolcall_lab.offline.tokens import logprob_entry, pieces

DONE = b"data: [DONE]\n\n"


def stream_chunks(
    completion: dict[str, Any], *, include_usage: bool = False, top_logprobs: int | None = None
) -> Iterator[dict[str, Any]]:
    """The chunks of one completion, in order (``top_logprobs`` not None = ``logprobs`` was asked)."""
    base: dict[str, Any] = {"id": completion.get("id"), "object": "chat.completion.chunk"}
    base.update(
        (k, completion[k]) for k in ("created", "model", "service_tier", "system_fingerprint") if k in completion
    )

    def chunk(index: int, delta: dict[str, Any], finish: str | None = None, logprobs: Any = None) -> dict[str, Any]:
        out = {**base, "choices": [{"index": index, "delta": delta, "logprobs": logprobs, "finish_reason": finish}]}
        if include_usage:
            out["usage"] = None
        return out

    for choice in completion.get("choices") or []:
        index = choice.get("index", 0)
        message = choice.get("message") or {}
        calls = message.get("tool_calls") or []
        if not calls:
            yield chunk(index, {"role": "assistant", "content": "", "refusal": None})
            for piece in pieces(message.get("content") or ""):
                logprobs = None
                if top_logprobs is not None:
                    logprobs = {"content": [logprob_entry(piece, top_logprobs)], "refusal": None}
                yield chunk(index, {"content": piece}, logprobs=logprobs)
        for position, delta in _interleaved(calls):
            if position == 0:  # the very first delta also says who speaks
                delta = {"role": "assistant", "content": None, **delta, "refusal": None}
            yield chunk(index, delta)
        yield chunk(index, {}, choice.get("finish_reason") or "stop")
    if include_usage:
        yield {**base, "choices": [], "usage": completion.get("usage")}


def _interleaved(calls: list[dict[str, Any]]) -> Iterator[tuple[int, dict[str, Any]]]:
    """The tool-call deltas of one message, the calls taking turns: ``(position in stream, delta)``.

    Each call opens with ``index``, ``id``, ``type``, ``name`` and ``arguments: ""``; its
    argument fragments then carry only ``index``. Several calls interleave, so a client must
    merge the fragments by ``index`` (OpenAI itself tends to send one call after another;
    both orders are valid on this wire).
    """
    per_call: list[list[dict[str, Any]]] = []
    for i, call in enumerate(calls):
        fn = call.get("function") or {}
        opening = {"index": i, "id": call.get("id"), "type": "function"}
        opening["function"] = {"name": fn.get("name"), "arguments": ""}
        fragments = [{"index": i, "function": {"arguments": f}} for f in pieces(str(fn.get("arguments") or ""))]
        per_call.append([{"tool_calls": [opening]}, *({"tool_calls": [f]} for f in fragments)])
    position = 0
    for turn in range(max((len(deltas) for deltas in per_call), default=0)):
        for deltas in per_call:
            if turn < len(deltas):
                yield position, deltas[turn]
                position += 1


def sse_events(chunks: Iterator[dict[str, Any]]) -> Iterator[bytes]:
    """Each chunk as one server-sent event (``data: {...}\\n\\n``), then ``data: [DONE]``."""
    for c in chunks:
        yield b"data: " + json.dumps(c, ensure_ascii=False, separators=(",", ":")).encode() + b"\n\n"
    yield DONE
