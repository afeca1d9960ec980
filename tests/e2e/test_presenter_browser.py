"""Presenter mode in a real browser (issue 11): chain pages ④ and ⑧ on a projector, step by step.

A teacher opens ``?present=1&step=1``: the sidebar is folded, the page shows one step with
◀ ▶ and the step's own artifact (``st.container(key="artifact")``). ▶ moves to step 2 and
writes it in the link; that link, opened cold in a new browser session, shows the same step.
④ in English, ⑧ in Chinese, 1280×720. Pages without steps of their own, a tutor page and a LangGraph page, are projected
too (issue 25): large type, the sidebar folded, the page's controls folded under "Settings", and the page row's
◀ ▶ leading to the neighbouring pages, still projected (a click on ▶ reaches the link: the header drawn over the
page's top lets it through). Screenshots: ``test-output/screenshots/present-*``.

What each step shows, worked out by hand from the default run ("What's the weather in Bangkok?"):

* ④ step 1 — the reply at both levels: ``choices[0].message.tool_calls`` on the wire and
  ``AIMessage.tool_calls``; step 2 — ``arguments`` is a string, so its quotes are escaped
  (``\\"city\\"``).
* ⑧ walks the shared run stage by stage: step 1 is stage ① (its title, the tool the run
  bound: ``get_weather``), step 2 is stage ② (its title, the schema: ``"city"`` is required).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from pages.registry import in_section
from tests.e2e.conftest import new_context, rerun, shot, wait_idle

pytestmark = pytest.mark.e2e

SIZE = {"width": 1280, "height": 720}
CIRCLED = "①②③④⑤⑥⑦⑧"


def _stage_heading(n: int, lang: str) -> str:
    spec = in_section("chain")[n - 1]
    return f"{CIRCLED[n - 1]} {spec.heading(lang)}"


#: page stem, number of steps, and for steps 1 and 2: texts the step's artifact must hold (by language)
CASES = {
    "stage_4_tool_call": (
        5,
        {1: ["choices[0].message.tool_calls", "AIMessage.tool_calls"], 2: ['\\"city\\"', '\\"Bangkok\\"']},
    ),
    "stage_8_round_trip": (8, {1: ["get_weather"], 2: ['"city"', '"required"']}),
}


def _artifact(pg):
    artifact = pg.locator(".st-key-artifact").first
    artifact.wait_for(state="visible", timeout=30000)
    box = artifact.bounding_box()
    assert box is not None and box["y"] < SIZE["height"], "the step's artifact is on the projected screen"
    return artifact


def _check_step(pg, stem: str, lang: str, n: int) -> None:
    count, texts = CASES[stem]
    assert f"step={n}" in pg.url and "present=1" in pg.url, pg.url
    title = pg.get_by_role("heading", level=3).filter(has_text=f"{n} / {count}")
    assert title.count() == 1, f"the projector title says step {n} of {count}"
    artifact = _artifact(pg)
    if stem == "stage_8_round_trip":
        texts = {n: [_stage_heading(n, lang), *texts[n]]}  # ⑧'s step n is stage n of the run
    for text in texts[n]:  # code blocks are drawn a moment after the run: wait for their text
        expect(artifact, f"{stem} step {n} ({lang}): {text!r}").to_contain_text(text, timeout=30000)
    # the sidebar is folded: the page is all artifact (the expand control stays on screen)
    sidebar = pg.locator('[data-testid="stSidebar"]').bounding_box()
    assert sidebar is None or sidebar["x"] + sidebar["width"] <= 0, sidebar
    assert pg.locator('[data-testid="stExpandSidebarButton"]').is_visible()
    assert pg.get_by_text("Traceback").count() == 0


# one language per page, both languages between them (the step texts of both are in CASES)
@pytest.mark.parametrize(("stem", "lang"), [("stage_4_tool_call", "en"), ("stage_8_round_trip", "zh")])
def test_presenter_steps_forward_by_button_and_by_link(app_url, browser, stem: str, lang: str):
    context = new_context(browser, viewport=SIZE, locale="en-US" if lang == "en" else "zh-CN")
    try:
        pg = context.new_page()
        pg.goto(f"{app_url}/{stem}?lang={lang}&present=1&step=1")
        wait_idle(pg, timeout=120000)
        _check_step(pg, stem, lang, 1)
        assert pg.get_by_role("button", name="◀", exact=True).is_disabled()  # nothing before step 1
        shot(pg, f"present-{stem}-{lang}-step1")

        with rerun(pg, timeout=60000):
            pg.get_by_role("button", name="▶", exact=True).click()
        _check_step(pg, stem, lang, 2)
        shot(pg, f"present-{stem}-{lang}-step2")
        link = pg.url
    finally:
        context.close()

    # The link the ▶ button wrote, pasted into a new session: the same step, still projected.
    cold = new_context(browser, viewport=SIZE, locale="en-US" if lang == "en" else "zh-CN")
    try:
        pg = cold.new_page()
        pg.goto(link)
        wait_idle(pg, timeout=120000)
        _check_step(pg, stem, lang, 2)
        shot(pg, f"present-{stem}-{lang}-step2-by-link")
    finally:
        cold.close()


#: Pages without steps of their own, projected: a tutor page (its edition switch folds) and a LangGraph page (its
#: question box folds). The control each page folds under "Settings" on a projector: (ARIA role, name).
UNSTEPPED = {
    "tutor_4_loop_guard": ("switch", "Run the article's Chinese original instead (小E as the article wrote it)"),
    "graph_1_workflow_vs_agent": ("textbox", "Question"),
}


@pytest.mark.parametrize("stem", list(UNSTEPPED))
def test_a_tutor_and_a_langgraph_page_are_projected_and_walked_to_the_next_page(app_url, browser, stem: str):
    from pages.registry import neighbours, page_by_url

    spec = page_by_url(stem)
    before, after = neighbours(spec.path)
    assert before is not None and after is not None
    context = new_context(browser, viewport=SIZE, locale="en-US")
    try:
        pg = context.new_page()
        pg.goto(f"{app_url}/{stem}?lang=en&present=1")
        wait_idle(pg, timeout=120000)
        main = pg.locator('[data-testid="stMain"]')
        sidebar = pg.locator('[data-testid="stSidebar"]').bounding_box()
        assert sidebar is None or sidebar["x"] + sidebar["width"] <= 0, sidebar  # folded: the page is the room's
        # large type: presenter mode's root size (the page's text and code grow with it)
        assert pg.evaluate("() => getComputedStyle(document.documentElement).fontSize") == "21px"
        # the page's control is folded under "Settings": not on screen until the teacher opens it
        role, name = UNSTEPPED[stem]
        settings = main.locator("details").filter(has=pg.locator("summary", has_text="Settings")).first
        expect(settings).not_to_have_attribute("open", "")  # folded: the room reads the run, not the controls
        settings.locator("summary").click()  # one click shows them to the teacher
        expect(settings.get_by_role(role, name=name)).to_be_visible()  # type: ignore[arg-type]
        # ◀ ▶ to the neighbouring pages, kept projected
        row = pg.locator(".st-key-presenter-pages")
        back = row.locator("a", has_text="◀ " + before.title("en"))
        ahead = row.locator("a", has_text=after.title("en") + " ▶")
        expect(back).to_be_visible()
        expect(ahead).to_be_visible()
        assert "present=1" in (ahead.get_attribute("href") or "")
        assert pg.get_by_text("Traceback").count() == 0
        shot(pg, f"present-{stem}-en")
        ahead.click()
        pg.wait_for_url(f"**/{after.url_path}?*present=1*", timeout=60000)
        wait_idle(pg, timeout=120000)
        assert pg.evaluate("() => getComputedStyle(document.documentElement).fontSize") == "21px"
        expect(pg.locator(".st-key-presenter-pages a", has_text="◀ " + spec.title("en"))).to_be_visible()
    finally:
        context.close()
