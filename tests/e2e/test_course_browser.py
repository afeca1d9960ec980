"""A learner completes ④'s exercises in the browser, sees ④ marked solved, and finds it still marked from the link.

The right answers are computed here from the same real artifacts the page checks against
(``lessons.chain.stage_4_tool_call``), never typed.
"""

from __future__ import annotations

import json
import re

import pytest

from lessons.chain.stage_4_tool_call import FIX_ARGUMENTS_GOAL, check_call_count
from tests.e2e.conftest import new_context, rerun, shot, wait_idle

pytestmark = pytest.mark.e2e

SOLVED_MARK = "✓"


def _exercise(page, n: int):
    return page.locator(f".st-key-exercise-stage_4_tool_call-{n}")


def _solve_stage4(page) -> None:
    first = _exercise(page, 1)
    first.scroll_into_view_if_needed()
    right = check_call_count(None).expected  # what LangChain really makes of the page's two lines
    first.get_by_text(right, exact=True).click()
    with rerun(page, timeout=60000):
        first.get_by_role("button").filter(has_text=re.compile(r"Check|检查")).click()
    first.locator("[data-testid=stAlertContentSuccess]").wait_for(timeout=30000)
    second = _exercise(page, 2)
    second.scroll_into_view_if_needed()
    area = second.locator("textarea")
    area.fill(json.dumps(FIX_ARGUMENTS_GOAL))
    with rerun(page, timeout=60000):
        second.get_by_role("button").filter(has_text=re.compile(r"Check|检查")).click()
    second.locator("[data-testid=stAlertContentSuccess]").wait_for(timeout=30000)


def _sidebar_entry(page, title: str):
    return page.locator("[data-testid=stSidebarNav] a").filter(has_text=title)


def _learner_cookie(page) -> str:
    """The learner id the browser keeps (the app writes it once the page has loaded its cookie writer)."""
    page.wait_for_function("() => document.cookie.includes('toolcall_lab_learner=')", timeout=30000)
    return next(c["value"] for c in page.context.cookies() if c["name"] == "toolcall_lab_learner")


# Chinese here; the English course mark is walked by test_learner_browser.py
@pytest.mark.parametrize(("lang", "title"), [("zh", "④ tool_call")])
def test_a_learner_solves_stage4_and_keeps_the_mark_through_the_personal_link(app_url, browser, lang, title):
    context = new_context(browser, viewport={"width": 1440, "height": 900})
    page = context.new_page()
    page.goto(f"{app_url}/stage_4_tool_call?lang={lang}")
    wait_idle(page, timeout=90000)
    assert "learner=" not in page.url  # the learner lives in the browser, not the address bar
    learner = _learner_cookie(page)
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", learner)  # an anonymous learner id
    assert SOLVED_MARK not in _sidebar_entry(page, title).inner_text()
    _solve_stage4(page)
    # the sidebar is drawn by the router on the next run: open the plain address again
    page.goto(f"{app_url}/stage_4_tool_call?lang={lang}")
    wait_idle(page, timeout=90000)
    assert SOLVED_MARK in _sidebar_entry(page, title).inner_text()
    shot(page, f"course_stage4_solved_{lang}")
    context.close()
    # a new browser (another device): the continuation link, once the learner says "continue as them"
    other = new_context(browser, viewport={"width": 1280, "height": 720})
    page = other.new_page()
    page.goto(f"{app_url}/stage_4_tool_call?lang={lang}&learner={learner}")
    wait_idle(page, timeout=90000)
    with rerun(page, timeout=60000):
        page.locator(".st-key-learner-switch button").first.click()  # "continue as them" comes first
    # the browser remembers the switch once the page's cookie writer has run (a moment after the rerun ends)
    page.wait_for_function(f"() => document.cookie.includes('toolcall_lab_learner={learner}')", timeout=30000)
    page.goto(f"{app_url}/stage_4_tool_call?lang={lang}")
    wait_idle(page, timeout=90000)
    assert SOLVED_MARK in _sidebar_entry(page, title).inner_text()
    assert "You have solved this one before" in page.locator("body").inner_text() or (
        "你已经做对过这道题" in page.locator("body").inner_text()
    )
    other.close()
