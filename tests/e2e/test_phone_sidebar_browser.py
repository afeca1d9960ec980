"""Issue 22, on a phone: the sidebar a learner opened to pick a page folds once that page is reached.

Streamlit folds its sidebar after a click on its own navigation only when the browser names itself a mobile
device; a narrow desktop window (and a phone in desktop mode) kept it open over the next page, hiding it.
``pages._ui.frame.fold_sidebar_after_navigation`` folds it when the window is phone-narrow. Here a 390×844
browser that does not name itself mobile opens the sidebar, follows a link in it, and the sidebar is folded
on the next page, in both languages; at 1280×720 the same click leaves the sidebar open (a wide screen keeps it).
The script itself, on a page of its own: it folds once per click on a sidebar link, however late it runs, and
never after the learner opened the sidebar again.
Screenshots: ``test-output/screenshots/phone-sidebar-*``.
"""

from __future__ import annotations

import pytest

from pages._ui.frame import _FOLD_SIDEBAR_JS
from tests.e2e.conftest import new_context, shot, wait_idle

pytestmark = pytest.mark.e2e

#: the sidebar link followed, by language: the live run, the page a newcomer is sent to first
LIVE_RUN = {"en": "Live run", "zh": "实时运行"}


def _follow_sidebar_link(browser, app_url: str, lang: str, size: dict[str, int]):
    """Open home at ``size``, open the sidebar, follow its live-run link; the browser context and its page."""
    context = new_context(browser, viewport=size, locale="en-US" if lang == "en" else "zh-CN")
    page = context.new_page()
    page.goto(f"{app_url}/?lang={lang}")
    wait_idle(page, timeout=120000)
    bar = page.get_by_test_id("stSidebar")
    if bar.get_attribute("data-collapsed") == "true":
        page.get_by_test_id("stExpandSidebarButton").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=\"stSidebar\"]').getAttribute('data-collapsed') === 'false'",
        timeout=10000,
    )
    bar.get_by_role("link", name=LIVE_RUN[lang]).click()
    page.wait_for_url("**/live_run**", timeout=30000)
    wait_idle(page, timeout=120000)
    return context, page


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_on_a_phone_the_sidebar_folds_after_a_navigation(app_url, browser, lang):
    phone = {"width": 390, "height": 844}
    context, page = _follow_sidebar_link(browser, app_url, lang, phone)
    try:
        page.wait_for_function(  # the fold runs in the next page's first script run
            "() => document.querySelector('[data-testid=\"stSidebar\"]').getAttribute('data-collapsed') === 'true'",
            timeout=15000,
        )
        shot(page, f"phone-sidebar-{lang}-390x844")
        box = page.get_by_test_id("stSidebar").bounding_box()
        assert box is None or box["x"] + box["width"] <= 0, f"the sidebar still covers the page: {box}"
        page.get_by_test_id("stChatInputTextArea").wait_for(timeout=30000)  # the live run's question box shows
    finally:
        context.close()


def test_on_a_wide_screen_the_sidebar_stays_open(app_url, browser):
    context, page = _follow_sidebar_link(browser, app_url, "en", {"width": 1280, "height": 720})
    try:
        page.wait_for_timeout(2000)  # as long as the phone's fold may take: nothing folds it here
        page.get_by_test_id("stChatInputTextArea").wait_for(timeout=30000)  # the live run is drawn
        assert page.get_by_test_id("stSidebar").get_attribute("data-collapsed") == "false"
    finally:
        context.close()


#: A sidebar with the parts the script looks for; folding and opening it count and flip ``data-collapsed``.
_FAKE_SIDEBAR = """
<div data-testid="stSidebar" data-collapsed="false">
  <div data-testid="stSidebarCollapseButton"><button id="fold"
    onclick="this.closest('[data-testid=stSidebar]').setAttribute('data-collapsed', 'true'); window.folds += 1">
    fold</button></div>
  <a data-testid="stSidebarNavLink" href="#next" id="link"><span>Live run</span></a>
</div>
<button data-testid="stExpandSidebarButton" id="open"
  onclick="document.querySelector('[data-testid=stSidebar]').setAttribute('data-collapsed', 'false')">open</button>
<script>window.folds = 0;</script>
"""


def _run_fold_script(page) -> int:
    """Run the lab's fold script as a new page's first run would; the folds so far."""
    body = _FOLD_SIDEBAR_JS.removeprefix("<script>").removesuffix("</script>")
    page.evaluate(body)
    return page.evaluate("() => window.folds")


def test_the_fold_script_folds_once_per_sidebar_link_click(browser):
    context = new_context(browser, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.set_content(_FAKE_SIDEBAR)
        assert _run_fold_script(page) == 0  # a first visit: nothing asked to fold
        page.locator("#link span").click()  # a learner follows a link of the sidebar
        page.wait_for_timeout(50)
        assert _run_fold_script(page) == 1  # the next page's first run folds it, however late
        page.locator("#open").click()
        assert _run_fold_script(page) == 1  # the ask was used once: a later page's run keeps it open
        page.locator("#link").click()
        page.locator("#open").click()  # the learner opened the sidebar before the late first run arrived
        assert _run_fold_script(page) == 1
        assert page.locator("[data-testid=stSidebar]").get_attribute("data-collapsed") == "false"
        page.set_viewport_size({"width": 1280, "height": 720})
        page.locator("#link").click()
        assert _run_fold_script(page) == 1  # a wide screen keeps its sidebar
    finally:
        context.close()
