"""The share-link state: text and switches survive a trip through the URL; damaged or hostile links do not crash."""

from __future__ import annotations

import base64
import doctest
import zlib

from hypothesis import given
from hypothesis import strategies as st

from toolcall_lab import link_state
from toolcall_lab.link_state import MAX_TEXT, decode_flag, decode_text, encode_flag, encode_text, share_url


def test_doctests():
    assert doctest.testmod(link_state).failed == 0


@given(st.text(max_size=400))
def test_any_text_round_trips(text):
    assert decode_text(encode_text(text)) == text


def test_short_text_stays_readable_and_long_text_is_compressed():
    assert encode_text('{"city": "Bangkok"}') == '{"city": "Bangkok"}'
    packed = encode_text("def f():\n    pass\n")
    assert packed.startswith("z:") and "\n" not in packed
    assert encode_text("z:literal").startswith("z:") and decode_text(encode_text("z:literal")) == "z:literal"


def test_a_zip_bomb_link_is_refused():
    bomb = base64.urlsafe_b64encode(zlib.compress(b"a" * (MAX_TEXT * 10), 9)).decode().rstrip("=")
    assert len(bomb) < 1000  # tiny on the wire …
    assert decode_text("z:" + bomb) is None  # … and refused instead of unpacked


def test_flags_and_urls():
    assert [decode_flag(encode_flag(v)) for v in (True, False)] == [True, False]
    assert decode_flag("maybe") is None
    assert share_url(None, "stage_5_validation", {"lang": "en", "args": '{"a": 1}'}) == (
        "/stage_5_validation?lang=en&args=%7B%22a%22%3A+1%7D"
    )
    assert share_url("https://lab.example/stage_5_validation", "stage_5_validation", {"lang": "zh"}) == (
        "https://lab.example/stage_5_validation?lang=zh"
    )
