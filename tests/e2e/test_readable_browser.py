"""Issue 22, the readable screen: no code cut at the right edge, no sideways scroll, axe-core clean.

(a) No code cut at the right edge, no sideways scroll, no narrow code column (``tests/e2e/readable.py``):
    every page, both languages, at 1280×720 and 1024×768 is measured by ``test_first_screen.py`` on the
    load it already makes; here ①, ④, ⑧, tutor 1, graph 1 and the live run on a 390×844 phone, and ④
    projected at 1280×720. Screenshots: ``test-output/screenshots/readable-*``; figures:
    ``test-output/readable-cuts.json``.
(b) axe-core (axe-playwright-python) over every page of the registry, both languages, 1280×720:
    no serious or critical WCAG 2.1 A/AA violation outside Streamlit's own markup — checked by
    ``test_first_screen.py`` on the page it already opened (``tests/e2e/accessibility.py``). What is
    Streamlit's own is :data:`STREAMLIT_OWN`: each entry is also found by the same rule on a bare
    Streamlit app started by :func:`test_allowlist_is_streamlits_own` (its evidence). Per-page
    counts (all serious/critical, and those left after the allowlist): ``test-output/axe-counts.json``.
(c) The keyboard: the first Tab reaches the skip link, which leads past the sidebar; a focus ring
    shows on sidebar links; the graphs carry an accessible name.

One browser context per case; pages load from the shared ``app_url`` server.
"""

from __future__ import annotations

import os
import re
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pages.registry import PageSpec, page
from tests.e2e.accessibility import OUT, STREAMLIT_OWN, axe
from tests.e2e.conftest import new_context, settle_layout, shot, streamlit_server, wait_idle
from tests.e2e.readable import assert_readable

pytestmark = pytest.mark.e2e

SIZES = {"1280x720": (1280, 720), "1024x768": (1024, 768), "390x844": (390, 844)}
#: the sizes this file opens the read pages at: the phone (1280×720 and 1024×768: the first-screen test)
PHONE = ["390x844"]
READ_PAGES = [
    "pages/stage_1_tool.py",
    "pages/stage_4_tool_call.py",
    "pages/stage_8_round_trip.py",
    "pages/tutor_1_model_talks.py",
    "pages/graph_1_workflow_vs_agent.py",
    "pages/live_run.py",
    "pages/who_decides.py",  # the decision record's tables stand open beside the injected call
]
SKELETON = '[data-testid="stSkeleton"]'


def _url(app_url: str, spec: PageSpec, lang: str, extra: str = "") -> str:
    path = "" if spec.path == "pages/home.py" else spec.url_path
    return f"{app_url}/{path}?lang={lang}{extra}"


@pytest.fixture
def tab(browser) -> Iterator[Any]:
    """A browser context and tab per case (so the cases spread over the workers); each sets its own viewport."""
    context = new_context(browser, viewport={"width": 1280, "height": 720}, locale="en-US")
    try:
        yield context.new_page()
    finally:
        context.close()


def _open(pg: Any, url: str, size: tuple[int, int]) -> None:
    pg.set_viewport_size({"width": size[0], "height": size[1]})
    pg.goto(url)
    wait_idle(pg, timeout=120000)
    pg.wait_for_function(f"() => document.querySelector('{SKELETON}') === null", timeout=60000)
    settle_layout(pg, frames=10)


def _read_cases() -> list[Any]:
    cases = [
        pytest.param(path, lang, size, "", id=f"{page(path).url_path}-{lang}-{size}")
        for path in READ_PAGES
        for lang in ("en", "zh")
        for size in PHONE
    ]
    cases += [
        pytest.param("pages/stage_4_tool_call.py", lang, "1280x720", "&present=1&step=2", id=f"present-4-{lang}")
        for lang in ("en", "zh")
    ]
    return cases


@pytest.mark.parametrize(("path", "lang", "size", "extra"), _read_cases())
def test_no_code_is_cut_and_nothing_scrolls_sideways(app_url, tab, path: str, lang: str, size: str, extra: str):
    spec = page(path)
    _open(tab, _url(app_url, spec, lang, extra), SIZES[size])
    name = f"{spec.url_path}{'-present' if extra else ''}-{lang}-{size}"
    shot(tab, f"readable-{name}")
    assert tab.get_by_text("Traceback").count() == 0
    assert_readable(tab, name, narrow=False)


#: the ``data-testid`` path from a node up to the document: where in Streamlit's markup the node is


_BARE_APP = """
import streamlit as st

st.navigation({"One": [st.Page(lambda: st.write("a"), title="A", url_path="a")],
               "Two": [st.Page(lambda: st.write("b"), title="B", url_path="b")]}).run()
"""


def test_allowlist_isstreamlits_own(tab, tmp_path: Path):
    """Each allowlist entry's rule fires on a bare Streamlit app too: it is Streamlit's markup, not the lab's."""
    if not STREAMLIT_OWN:
        pytest.skip("nothing is allowlisted")
    script = tmp_path / "bare.py"
    script.write_text(textwrap.dedent(_BARE_APP))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LLM_", "TAVILY_"))}
    with streamlit_server(script, tmp_path, env, OUT / "streamlit-bare-axe.log") as url:
        _open(tab, f"{url}/", SIZES["1280x720"])
        bare = axe(tab)
    for rule, pattern in STREAMLIT_OWN:
        assert any(f["rule"] == rule and re.search(pattern, f["within"]) for f in bare), (
            f"{rule} on {pattern!r} is not found on a bare Streamlit app: it is not Streamlit's own. Bare app: {bare}"
        )


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_keyboard_skip_link_focus_ring_and_named_graphs(app_url, tab, lang: str):
    """The first Tab reaches the skip link, Enter moves past the sidebar; focus shows; graphs have a name."""
    _open(tab, _url(app_url, page("pages/graph_1_workflow_vs_agent.py"), lang), SIZES["1280x720"])
    tab.keyboard.press("Tab")
    first = tab.evaluate("() => [document.activeElement.className, document.activeElement.innerText]")
    assert first == ["lab-skip", "Skip to the page's content" if lang == "en" else "跳到本页内容"], first
    tab.keyboard.press("Enter")
    tab.keyboard.press("Tab")
    assert tab.evaluate("() => !!document.activeElement.closest('[data-testid=\"stMain\"]')"), (
        "Tab stays in the sidebar"
    )
    tab.locator('[data-testid="stSidebarNavLink"]').first.focus()
    tab.keyboard.press("Tab")  # keyboard focus: :focus-visible applies
    ring = tab.evaluate(
        "() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth]; }"
    )
    assert ring[0] == "solid" and float(ring[1].removesuffix("px")) >= 2, ring
    names = tab.evaluate(
        "() => [...document.querySelectorAll('[data-testid=\"stGraphVizChart\"]')].map(g => g.ariaLabel)"
    )
    assert names and all(n and "START" in n for n in names), names
