"""Issue 21, finding 3 in a real browser: the learner lives in the browser, not in the link.

* A learner solves an exercise, opens the plain address in a new tab of the same browser,
  and finds the exercise still solved; no address bar shows ``?learner=``.
* A second browser opening the first one's continuation link is asked before it switches,
  and only switches when it says so.

The server is this file's own (port 8761, its own SQLite file), so the progress it checks is
only what these tests made. The right answer is computed from the real artifact the page
checks against (``lessons.chain.stage_4_tool_call``), never typed.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import tests.e2e.conftest as e2e
from lessons.chain.stage_4_tool_call import check_call_count
from tests.e2e.conftest import new_context, rerun, wait_idle

pytestmark = pytest.mark.e2e

PORT = 8761
COOKIE = "toolcall_lab_learner"
SOLVED_BEFORE = "You have solved this one before."


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``streamlit run app.py`` on this file's port, with a fresh progress database."""
    if not Path(e2e.CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (bash scripts/test.sh installs it)")
    data = tmp_path_factory.mktemp("learner")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LLM_", "TAVILY_", "CHECKPOINTER"))}
    env["CHECKPOINTER"] = str(data / "lab.sqlite")
    # the helper's port range, not a random one
    with e2e.streamlit_server(Path("app.py"), e2e.ROOT, env, data / "streamlit.log", port=PORT) as url:
        yield url


def _first_exercise(page):
    return page.locator(".st-key-exercise-stage_4_tool_call-1")


def _solve_stage4_first(page) -> None:
    first = _first_exercise(page)
    first.scroll_into_view_if_needed()
    first.get_by_text(check_call_count(None).expected, exact=True).click()
    with rerun(page, timeout=60000):
        first.get_by_role("button").filter(has_text=re.compile(r"Check")).click()
    first.locator("[data-testid=stAlertContentSuccess]").wait_for(timeout=30000)


def _cookie(context) -> str | None:
    return next((c["value"] for c in context.cookies() if c["name"] == COOKIE), None)


def _wait_for_cookie(page) -> None:
    """The writer's script runs once the page has loaded the component: wait for the cookie it writes."""
    page.wait_for_function(f"() => document.cookie.includes('{COOKIE}=')", timeout=30000)


def _open(page, url: str) -> None:
    page.goto(url)
    wait_idle(page, timeout=90000)


def test_the_plain_address_in_a_new_tab_continues_as_the_same_learner(lab_url, browser) -> None:
    context = new_context(browser, viewport={"width": 1440, "height": 900}, locale="en-US")
    try:
        page = context.new_page()
        _open(page, f"{lab_url}/stage_4_tool_call?lang=en")
        assert "learner=" not in page.url
        _solve_stage4_first(page)
        _wait_for_cookie(page)
        learner = _cookie(context)
        assert learner and re.fullmatch(r"[A-Za-z0-9_-]{22}", learner)  # 128 random bits, in the browser
        tab = context.new_page()  # the same browser, a new tab, the plain address
        _open(tab, f"{lab_url}/stage_4_tool_call?lang=en")
        assert "learner=" not in tab.url
        _first_exercise(tab).get_by_text(SOLVED_BEFORE).wait_for(timeout=30000)
        assert _cookie(context) == learner
    finally:
        context.close()


def test_someone_elses_continuation_link_asks_before_switching(lab_url, browser) -> None:
    first = new_context(browser, viewport={"width": 1440, "height": 900}, locale="en-US")
    second = new_context(browser, viewport={"width": 1440, "height": 900}, locale="en-US")
    try:
        ada = first.new_page()
        _open(ada, f"{lab_url}/stage_4_tool_call?lang=en")
        _solve_stage4_first(ada)
        _open(ada, f"{lab_url}/?lang=en")  # home: "Continue on another device"
        ada.get_by_text("Continue on another device", exact=True).click()
        link = ada.locator("[data-testid=stCode]").filter(has_text="learner=").first.inner_text().strip()
        assert link.startswith(lab_url) and link.endswith(f"?learner={_cookie(first)}")

        ben = second.new_page()
        _open(ben, f"{lab_url}/stage_4_tool_call?lang=en")  # Ben has his own learner first
        _wait_for_cookie(ben)
        ben_id = _cookie(second)
        assert ben_id and ben_id != _cookie(first)
        _open(ben, link)
        prompt = ben.locator(".st-key-learner-switch")
        prompt.get_by_text("This link belongs to another learner's progress").wait_for(timeout=30000)
        assert "learner=" not in ben.url  # the id left the address bar at once
        with rerun(ben):
            prompt.get_by_role("button", name="Stay as yourself").click()
        assert ben.locator(".st-key-learner-switch").count() == 0
        _open(ben, f"{lab_url}/stage_4_tool_call?lang=en")
        assert _first_exercise(ben).get_by_text(SOLVED_BEFORE).count() == 0  # still Ben: nothing solved
        assert _cookie(second) == ben_id

        _open(ben, link)  # the same link again, and this time he takes it
        with rerun(ben):
            ben.locator(".st-key-learner-switch").get_by_role("button", name="Continue as them").click()
        ben.wait_for_function(f"() => document.cookie.includes('{COOKIE}={_cookie(first)}')", timeout=30000)
        _open(ben, f"{lab_url}/stage_4_tool_call?lang=en")
        _first_exercise(ben).get_by_text(SOLVED_BEFORE).wait_for(timeout=30000)
        assert _cookie(second) == _cookie(first)  # this browser now remembers that progress
    finally:
        first.close()
        second.close()
