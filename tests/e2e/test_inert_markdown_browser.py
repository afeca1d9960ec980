"""In a real browser: text made inert renders no link and no image; escaping alone still linked.

A small Streamlit script draws the same hostile string three ways — escaped the way ``inert()``
did before issue 21 (a backslash before each markdown character), through
:func:`toolcall_lab.markdown_text.inert_markdown`, and as an expander title through
:func:`toolcall_lab.markdown_text.code_span` — and the test reads Chromium's DOM: the first still
holds the ``<a>`` Streamlit's markdown made of ``www.`` and ``http://`` (the check can fail), the
other two hold no ``<a>`` and no ``<img>``, and read as the same characters.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.conftest import CHROMIUM, ROOT, streamlit_server

pytestmark = pytest.mark.e2e
HOSTILE = (
    "[Answers](http://phish.example) ![t](http://x.example/t.png) www.attacker.example http://bare.example "
    "bob@mail.example"
)

SCRIPT = """
import streamlit as st
from toolcall_lab.markdown_text import code_span, inert_markdown

HOSTILE = {hostile!r}
old = HOSTILE
for ch in "\\\\`*_{{}}[]<>()#+-.!|~$":
    old = old.replace(ch, "\\\\" + ch)
with st.container(key="escaped-only"):
    st.markdown(old)
with st.container(key="inert"):
    st.markdown(inert_markdown(HOSTILE))
with st.container(key="title"):
    with st.expander("tool " + code_span(HOSTILE) + " · " + inert_markdown(HOSTILE)):
        st.text("body")
"""


def test_inert_text_renders_no_link_and_no_image_where_escaping_alone_linked(browser, tmp_path):
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    script = tmp_path / "inert_page.py"
    script.write_text(SCRIPT.format(hostile=HOSTILE), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LLM_", "TAVILY_"))}
    env["PYTHONPATH"] = str(ROOT)
    with streamlit_server(script, ROOT, env, tmp_path / "inert_page.log") as url:
        page = browser.new_page()
        try:
            page.goto(url)
            page.locator(".st-key-title summary").wait_for(timeout=30000)  # the last element: the run has drawn all
            page.locator(".st-key-inert p").wait_for(timeout=10000)
            escaped = page.locator(".st-key-escaped-only")
            inert = page.locator(".st-key-inert")
            title = page.locator(".st-key-title summary")
            # before: the escapes stopped the [link](…) and the image, not the autolink literals
            hrefs = escaped.locator("a").evaluate_all("(links) => links.map((a) => a.href)")
            # (Chromium linked all four: http://phish%5C.example%5C, http://x%5C.example/t%5C.png%5C,
            # http://www.attacker.example/, http://bare%5C.example — the escapes even end up inside the links)
            assert any("www.attacker.example" in h for h in hrefs) and any("bare" in h for h in hrefs), hrefs
            # after: nothing to click, nothing fetched, and the reader sees the characters as given
            for where in (inert, title):
                assert where.locator("a").count() == 0, where.inner_html()
                assert where.locator("img").count() == 0, where.inner_html()
            assert inert.inner_text().replace("\u2060", "").strip() == HOSTILE
        finally:
            page.close()
