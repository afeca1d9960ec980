"""Issue 11: each page's own artifact is on the first screen, without a scroll or a click.

Every page marks the artifact it is about with ``st.container(key="artifact")`` (Streamlit
gives it the CSS class ``st-key-artifact``). For every page of ``pages.registry.PAGES``, in
both languages, a new visitor (no cookies; ``tests/e2e/context_pool.py``) opens the page at 1280×720,
waits for its own run to finish, and checks that the artifact's top edge is inside the viewport and that
no traceback shows.
The same page is then resized to 1024×768 and to a 390×844 phone for a smoke run (it lays out again,
works and is screenshotted; a stacked layout at 1024 may put the artifact lower), axe-core checks it (the sidebar,
the same on every page, on home's load only)
(``tests/e2e/accessibility.py``), the readable-screen measures run at every size
(``tests/e2e/readable.py``: no code cut, nothing sideways, no code column under 360 px at 1024), and
its title, artifact text and graph are those of ``tests/e2e/page_content.py``: one load per page
and language serves all of it (the chain, tutor and LangGraph walks open no page of their own for those).
The sizes are the three the product is judged at (1280×720, 1024×768, 390×844); a wider screen only
gives the same layout more room.
On the same load (issue 22): at 1280×720 a page's exercises start within five screens (3600 px, measured
from the top of Streamlit's scrolling main area to the first ``exercise-<url_path>-…`` container; figures in
``test-output/screens-before-exercises.json``), and at 390×844, a phone, the page does not scroll sideways.
Screenshots: ``test-output/screenshots/first-*``.
"""

from __future__ import annotations

import pytest

from pages.registry import PAGES, PageSpec
from tests.e2e.accessibility import check_page, described, record
from tests.e2e.conftest import new_context, settle_layout, shot, wait_idle
from tests.e2e.page_content import check_content
from tests.e2e.readable import assert_readable

pytestmark = pytest.mark.e2e

FIRST_SCREEN = {"width": 1280, "height": 720}
# Every page's artifact is on the first 1280×720 screen, in both languages. The last pages to get there:
# the eight chain pages (marked runs at y≈1110–3168 before; their own artifacts, first under the steps,
# at 363–503 px since), graph 3 (≈2251 → ≈540) and graph 4 (≈780 → ≈400).


def _first_screen_cases() -> list[object]:
    return [pytest.param(spec, id=spec.url_path) for spec in PAGES]


SKELETON = '[data-testid="stSkeleton"]'
SMOKE = [{"width": 1024, "height": 768}, {"width": 390, "height": 844}]
#: At most five 1280×720 screens of a page before its first exercise (issue 22).
SCREENS_BEFORE_EXERCISES = 5
#: Where the first exercise starts in the page (px from the top of the scrolling main area; null: none drawn, as
#: on home, whose review waits behind a switch), and how far the page scrolls sideways.
_LAYOUT_JS = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  const first = document.querySelector('[class*="st-key-exercise-"]');
  const doc = document.documentElement;
  const top = main.getBoundingClientRect().top - main.scrollTop;
  return {
    exercises: first ? Math.round(first.getBoundingClientRect().top - top) : null,
    sideways: Math.max(doc.scrollWidth - window.innerWidth, main.scrollWidth - main.clientWidth),
  };
}"""


def _url(app_url: str, spec: PageSpec, lang: str) -> str:
    path = "" if spec.path == "pages/home.py" else spec.url_path
    return f"{app_url}/{path}?lang={lang}"


def _open_cold(browser, app_url: str, spec: PageSpec, lang: str, size: dict[str, int]):
    context = new_context(browser, viewport=size, locale="en-US" if lang == "en" else "zh-CN")
    page = context.new_page()
    page.goto(_url(app_url, spec, lang))
    wait_idle(page, timeout=120000)
    # a browser draws some elements (code, links, pills) as grey skeletons while their code loads: wait them out
    page.wait_for_function(f"() => document.querySelector('{SKELETON}') === null", timeout=60000)
    settle_layout(page, frames=30)  # code blocks and columns settle after the run: measure the drawn page
    return context, page


def _artifact_top(page) -> float:
    artifact = page.locator(".st-key-artifact").first
    artifact.wait_for(state="attached", timeout=30000)
    box = artifact.bounding_box()
    assert box is not None, "the artifact is not drawn"
    return box["y"]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("spec", _first_screen_cases())
def test_the_artifact_is_on_the_first_screen(app_url, browser, spec: PageSpec, lang: str):
    context, page = _open_cold(browser, app_url, spec, lang, FIRST_SCREEN)
    try:
        shot_path = f"first-{spec.url_path}-{lang}-1280x720"
        shot(page, shot_path)  # Streamlit scrolls inside stMain: this is the first screen
        assert page.get_by_text("Traceback").count() == 0
        top = _artifact_top(page)
        assert top < FIRST_SCREEN["height"], f"{spec.path} ({lang}): the artifact starts at y={top:.0f}"
        scrolled = page.evaluate(
            "() => { const m = document.querySelector('[data-testid=\"stMain\"]'); return m ? m.scrollTop : 0; }"
        )
        assert scrolled == 0, "the page opened scrolled: the check must be on the first screen"
        check_content(page, spec.url_path, lang)  # its title, its artifact's text, its graph (page_content.py)
        # axe-core on the same page: no serious or critical WCAG 2.1 A/AA violation outside Streamlit's markup
        # the sidebar is the same on every page: checked on home's, in both languages (accessibility.SIDEBAR)
        ours = check_page(page, f"{spec.url_path}-{lang}", sidebar=spec.path == "pages/home.py")
        assert ours == [], f"{spec.path} ({lang}): axe found {described(ours)}"
        assert_readable(page, f"{spec.url_path}-{lang}-1280x720", narrow=False)  # no code cut, nothing sideways
        # the page's exercises within five screens (issue 22): what comes before them is folded or said once
        before = page.evaluate(_LAYOUT_JS)["exercises"]
        record("screens-before-exercises.json", f"{spec.url_path}-{lang}", before)
        limit = SCREENS_BEFORE_EXERCISES * FIRST_SCREEN["height"]
        assert before is None or before <= limit, f"{spec.path} ({lang}): the first exercise starts at {before} px"
        for size in SMOKE:  # the other screens: the same page laid out again at their size
            page.set_viewport_size(size)
            settle_layout(page, frames=30)
            shot(page, f"first-{spec.url_path}-{lang}-{size['width']}x{size['height']}")
            assert page.get_by_text("Traceback").count() == 0
            assert _artifact_top(page) >= 0, f"{spec.path} ({lang}) at {size}: the artifact is not drawn"
            name = f"{spec.url_path}-{lang}-{size['width']}x{size['height']}"
            assert_readable(page, name, narrow=size["width"] == 1024)  # at 1024: no code column under 360 px
            if size["width"] < 640:  # a phone: nothing scrolls sideways (issue 22)
                sideways = page.evaluate(_LAYOUT_JS)["sideways"]
                assert sideways <= 1, f"{spec.path} ({lang}) at {size}: the page scrolls sideways by {sideways} px"
    finally:
        context.close()
