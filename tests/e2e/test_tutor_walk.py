"""A learner walks through the six 小E tutor lessons in a real browser, in both languages.

Each page's title and key artifact, in both languages, are checked by the first-screen test on the load
it already makes (``page_content.py``); pitfall 4's artifact (a step of its own) is checked here, where
the walk reaches it. Screenshots: ``test-output/screenshots/tutor_*.png``.
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import rerun, shot, shot_whole, wait_idle

pytestmark = pytest.mark.e2e


def open_lesson(
    page, app_url: str, stem: str, lang: str, title: str, expect: str | None = None, step: int | None = None
) -> str:
    """Open a lesson by URL (at a step, if given) and wait until it has rendered (and ``expect`` is on screen)."""
    page.goto(f"{app_url}/{stem}?lang={lang}" + (f"&step={step}" if step else ""))
    page.get_by_text("Language / 语言").wait_for(timeout=30000)  # the router (app.py) has run
    page.get_by_role("heading", name=title).first.wait_for(timeout=60000)
    page.get_by_text("Ask 小E live" if lang == "en" else "现场问小E").first.wait_for(timeout=60000)
    if expect:
        page.get_by_text(expect).first.wait_for(state="attached", timeout=60000)
    wait_idle(page, timeout=60000)
    return page.locator("body").inner_text()


def test_lesson5_draws_the_graph_in_the_browser(app_url, page):
    open_lesson(page, app_url, "tutor_5_manual_vs_react", "en", "The loop by hand, and the prebuilt one")
    # the chart is drawn again when the page's own run lands: find it once the page is idle
    image = page.get_by_test_id("stMermaidChart").first.locator("img").first  # rendered offline, to an SVG image
    image.wait_for(timeout=60000)
    wait_idle(page, timeout=60000)
    image.scroll_into_view_if_needed()
    assert image.evaluate("img => img.complete && img.naturalWidth > 0")
    assert "agent" in image.get_attribute("alt")
    shot(page, "tutor_5_en_graph")


def test_lesson6_flip_a_pitfall_to_its_fix(app_url, page):
    # pitfall 3's outcomes as the page words them (the lesson returns their keys; tests/app checks both)
    # (the English edition of 小E looks up "tomorrow"; pitfall 3 is the page's third step)
    broken = (
        "The tool looked up the string “tomorrow” and said no class; the model repeated it: wrong, and nothing errored."
    )
    fixed = "The tool replied with the format rule; the model admits it cannot tell the date and asks for one."
    body = open_lesson(page, app_url, "tutor_6_pitfalls", "en", "Seven pitfalls, broken and fixed", broken, step=3)
    assert "S1001 has no lesson on tomorrow." in body and fixed not in body
    # pitfall 3's own "fixed" switch ("tomorrow" straight into date)
    with rerun(page, timeout=60000):
        page.locator(".st-key-fixed [data-testid=stCheckbox]").first.click()
    page.get_by_text(fixed).wait_for(timeout=30000)
    body = page.locator("body").inner_text()
    assert "The date 'tomorrow' is invalid: it must be YYYY-MM-DD" in body
    assert "S1001 has no lesson on tomorrow." not in body
    assert "Traceback" not in body
    shot_whole(page, "tutor_6_en_pitfall3_fixed")
    # the switch is in the link: pasted into a new tab, it opens pitfall 3 fixed
    page.wait_for_function("() => new URLSearchParams(location.search).get('fixed') === 'true'", timeout=10000)
    link = page.url
    assert "step=3" in link
    other = page.context.new_page()
    other.goto(link)
    other.get_by_text(fixed).wait_for(timeout=60000)
    wait_idle(other, timeout=60000)
    assert "S1001 has no lesson on tomorrow." not in other.locator("body").inner_text()
    other.close()
    # the next pitfall starts broken, and the link no longer says "fixed"
    with rerun(page, timeout=60000):
        page.get_by_text("4. The stock FakeListChatModel", exact=False).first.click()
    page.wait_for_function("() => new URLSearchParams(location.search).get('step') === '4'", timeout=10000)
    wait_idle(page, timeout=60000)
    assert "fixed=" not in page.url
    assert not page.locator(".st-key-fixed input[type=checkbox]").first.is_checked()
    page.get_by_text("NotImplementedError").first.wait_for(state="attached", timeout=60000)  # pitfall 4's artifact


def test_lesson1_ask_the_live_tutor(app_url, page):
    open_lesson(page, app_url, "tutor_1_model_talks", "zh", "模型动嘴，代码动手")
    page.get_by_role("tab", name="提问，看每一步").click()  # the live tutor waits one tab away from the lesson
    with rerun(page, timeout=60000):
        page.get_by_test_id("stButtonGroup").locator("button").filter(has_text="下周三我有课吗").click()
    row = (
        page.locator("[data-testid=stExpander] summary")
        .filter(has_text="get_schedule")
        .filter(has_text="执行工具")
        .first
    )
    row.wait_for(timeout=60000)
    body = page.locator("body").inner_text()
    assert "下周三" in body and "Traceback" not in body
    shot_whole(page, "tutor_1_zh_live")
