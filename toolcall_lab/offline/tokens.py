"""Tokens, approximately: how the built-in model cuts text into the pieces it "generates".

No tokenizer file can be downloaded offline, so a token here is a rule anyone can check:
one CJK character, one run of up to eight letters (with the space before it), one run of
up to three digits, one punctuation mark, or one run of whitespace. The model's output is
produced as these pieces: a stream carries one piece per delta, ``max_tokens`` cuts after
that many pieces, and ``usage`` counts them. The approximation is announced in the
``x-builtin-token-count`` response header, never inside the provider's ``usage`` object.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any

TOKEN_NOTE = (
    "approximate; 1 token per CJK character, per run of up to 8 letters, per run of up to 3 digits, "
    "per punctuation mark and per whitespace run; +4 per message, +3 per request"
)
TOKEN_HEADER = "x-builtin-token-count"

_PIECE = re.compile(
    r"[\u3400-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af\uff00-\uffef\u3000-\u303f]"  # one CJK / kana / hangul
    r"| ?[A-Za-z]{1,8}"  # a word piece, with the space before it
    r"| ?\d{1,3}"  # a number piece
    r"|\s+"  # whitespace
    r"|.",  # any other character (punctuation, emoji …)
    re.S,
)


def pieces(text: str) -> list[str]:
    """Cut text into the model's tokens; ``"".join(pieces(t)) == t`` always.

    >>> pieces("Hello, 曼谷 2026")
    ['Hello', ',', ' ', '曼', '谷', ' 202', '6']
    """
    return _PIECE.findall(text)


@functools.lru_cache(maxsize=256)
def approx_tokens(text: str) -> int:
    """How many tokens :func:`pieces` cuts ``text`` into.

    Cached: a conversation resends its tools, system prompt and history with every request.
    """
    return len(_PIECE.findall(text))


def prompt_tokens(body: dict[str, Any]) -> int:
    """Prompt tokens of a request: every message's content and calls, plus the tools offered."""
    total = 3
    for m in body.get("messages") or []:
        content = m.get("content") or ""
        total += 4 + approx_tokens(content if isinstance(content, str) else json.dumps(content, ensure_ascii=False))
        if m.get("tool_calls"):
            total += approx_tokens(json.dumps(m["tool_calls"], ensure_ascii=False))
    if body.get("tools"):
        total += approx_tokens(json.dumps(body["tools"], ensure_ascii=False))
    return total


def usage(prompt: int, completion: int) -> dict[str, Any]:
    """The provider's ``usage`` object, with its detail fields (this model caches, hears and reasons nothing)."""
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
        "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
        "completion_tokens_details": {
            "reasoning_tokens": 0,
            "audio_tokens": 0,
            "accepted_prediction_tokens": 0,
            "rejected_prediction_tokens": 0,
        },
    }


def logprob_entry(piece: str, top: int = 0) -> dict[str, Any]:
    """One token of ``logprobs.content``: a deterministic model is certain of it (logprob 0.0, p = 1).

    ``top_logprobs`` lists the ``top`` likeliest tokens; every other token has probability 0,
    so the list never holds more than the chosen token itself.
    """
    entry: dict[str, Any] = {"token": piece, "logprob": 0.0, "bytes": list(piece.encode())}
    entry["top_logprobs"] = [dict(entry)] if top > 0 else []
    return entry
