"""A page's state in its link: editor text and switches as query parameters, and back.

The chain pages keep every editor and switch in the URL, so a shared link reopens the
same page. Short single-line text travels as it is; anything longer becomes ``z:`` +
base64url(zlib(text)). Decoding is bounded: a tiny link must not unpack into megabytes.
Everything here is pure: the Streamlit side (``pages/_ui/chain_widgets.py``) only reads and
writes ``st.query_params`` with it.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Mapping
from urllib.parse import urlencode

#: Editor text longer than this is refused by the stage functions; links never carry more.
MAX_TEXT = 20_000
#: A query parameter longer than this is not written (browsers and proxies cut long URLs).
MAX_PARAM = 6_000
COMPRESSED = "z:"


def encode_text(text: str) -> str:
    """A compact, URL-safe form of ``text`` for a query parameter.

    Short single-line text stays readable; anything else becomes ``z:`` followed by the
    base64url form of its zlib compression (no padding).

    >>> encode_text('{"city": "Bangkok"}')
    '{"city": "Bangkok"}'
    >>> decode_text(encode_text("def f():\\n    pass\\n"))
    'def f():\\n    pass\\n'
    """
    if len(text) <= 80 and "\n" not in text and not text.startswith(COMPRESSED):
        return text
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")
    return COMPRESSED + packed


def decode_text(raw: str) -> str | None:
    """Undo :func:`encode_text`; ``None`` when the parameter is damaged or would unpack too big.

    >>> decode_text("z:not-base64-zlib!!") is None
    True
    """
    if not raw.startswith(COMPRESSED):
        return raw[: MAX_TEXT * 2]
    body = raw[len(COMPRESSED) :]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj()
        # A bounded unpack: a tiny link must not expand into megabytes (a "zip bomb").
        data = unpacker.decompress(packed, MAX_TEXT * 4 + 1)
        if len(data) > MAX_TEXT * 4 or unpacker.unconsumed_tail:
            return None
        return data.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        return None


def encode_flag(value: bool) -> str:
    """``"1"`` / ``"0"``: an on/off switch in a link."""
    return "1" if value else "0"


def decode_flag(raw: str) -> bool | None:
    """Undo :func:`encode_flag`; ``None`` for anything else.

    >>> decode_flag("1"), decode_flag("0"), decode_flag("yes")
    (True, False, None)
    """
    return {"1": True, "0": False}.get(raw)


def fits(value: str) -> bool:
    """Whether ``value`` is short enough to travel as one query parameter."""
    return len(value) <= MAX_PARAM


def share_url(base: str | None, stem: str, query: Mapping[str, str]) -> str:
    """The link that reopens page ``stem`` with ``query``.

    Args:
        base: the URL the browser told the server (``None`` when unknown: the link is relative).
        stem: the page's URL path (``stage_1_tool``).
        query: the query parameters to carry.

    >>> share_url(None, "stage_1_tool", {"lang": "en"})
    '/stage_1_tool?lang=en'
    >>> share_url("http://host:8501/", "stage_1_tool", {"lang": "zh", "pd": "1"})
    'http://host:8501/stage_1_tool?lang=zh&pd=1'
    """
    if not base:
        base = f"/{stem}"
    elif not base.rstrip("/").endswith(stem):
        base = base.rstrip("/") + f"/{stem}"
    return f"{base}?{urlencode(dict(query))}"
