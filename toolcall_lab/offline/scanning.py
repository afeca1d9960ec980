"""Linear text scanning for the built-in model: whitespace, JSON blobs, safe JSON parsing.

Every pattern the model applies to a request must take time in proportion to the text
(issue 21, finding 5: ``\\{.*\\}`` and an unanchored ``[A-Za-z]+…`` took minutes on 50 kB).
Two tools keep them so:

* :func:`squeeze_space` bounds every whitespace run to at most two characters (one space,
  one line break or one blank line), so a ``\\s*`` in any pattern scans at most two characters
  wherever a match is tried;
* :func:`json_blobs` finds the top-level ``{…}`` / ``[…]`` spans of a text in one pass (string
  and escape aware) instead of a backtracking ``\\{.*\\}``; :func:`loads` parses untrusted JSON
  and returns ``None`` instead of raising (a 300,000-deep ``[[[…`` raises ``RecursionError``).
"""

from __future__ import annotations

import json
import re
from typing import Any

_SPACE_RUN = re.compile(r"\s{2,}")
_TOKENS = re.compile(r'[{}\[\]"\\]|[^{}\[\]"\\]+')
MAX_BLOB_DEPTH = 64  # deeper than any document or schema a learner pastes; deeper spans are skipped
MAX_SCAN = 400_000  # characters of one message searched for JSON (about 100 pages of documents)


def _one_run(m: re.Match[str]) -> str:
    run = m.group(0)
    newlines = run.count("\n")
    return "\n\n" if newlines >= 2 else "\n" if newlines else " "


def squeeze_space(text: str) -> str:
    """The text with each whitespace run cut to one space, one line break or one blank line.

    >>> squeeze_space("a    b\\n\\n\\n\\nc \\n d")
    'a b\\n\\nc\\nd'
    """
    return _SPACE_RUN.sub(_one_run, text)


def json_blobs(text: str, limit: int = 16) -> list[str]:
    """The top-level balanced ``{…}`` and ``[…]`` spans of ``text``, in order (at most ``limit``).

    One pass, a stack of open brackets, quotes and backslash escapes followed: linear in the
    text. A span nested deeper than :data:`MAX_BLOB_DEPTH` or never closed is not returned; only
    the first :data:`MAX_SCAN` characters are searched.

    >>> json_blobs('see {"a": [1, "}"]} and [2] but not {3')
    ['{"a": [1, "}"]}', '[2]']
    """
    out: list[str] = []
    closing = {"{": "}", "[": "]"}
    stack: list[str] = []
    start = i = 0
    in_string = escaped = too_deep = False
    for token in _TOKENS.findall(text, 0, MAX_SCAN):  # a bracket, quote or backslash, or a run of others
        at, i = i, i + len(token)
        if in_string:
            if escaped:
                escaped = False
            elif token == "\\":
                escaped = True
            elif token == '"':
                in_string = False
            continue
        if len(token) > 1:
            continue
        if token == '"':
            in_string = bool(stack)
        elif token in closing:
            if not stack:
                start, too_deep = at, False
            stack.append(closing[token])
            too_deep = too_deep or len(stack) > MAX_BLOB_DEPTH
        elif stack and token == stack[-1]:
            stack.pop()
            if not stack and not too_deep:
                out.append(text[start:i])
                if len(out) >= limit:
                    break
        elif stack and token in "}]":
            stack.clear()  # a mismatched bracket: not JSON, start afresh
    return out


def loads(text: str) -> Any:
    """``json.loads`` for untrusted text: the value, or ``None`` when it is not JSON (or too deep)."""
    try:
        return json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return None
