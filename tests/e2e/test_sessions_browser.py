"""Five browser sessions asking different questions at the same time see only their own runs."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import finished_runs, new_context, shot, wait_idle

pytestmark = pytest.mark.e2e
CITIES = ["Bangkok", "Tokyo", "London", "Paris", "Singapore"]


def test_five_browser_sessions_do_not_leak(app_url, browser):
    contexts = [new_context(browser, viewport={"width": 1200, "height": 900}) for _ in CITIES]
    pages = [c.new_page() for c in contexts]
    try:
        for pg in pages:
            pg.goto(f"{app_url}/live_run?lang=en")
        for pg in pages:
            pg.get_by_text("Language / 语言").wait_for(timeout=30000)
            wait_idle(pg)
        before = [finished_runs(pg) for pg in pages]
        for pg, city in zip(pages, CITIES, strict=True):  # all five questions in flight together
            pg.get_by_test_id("stChatInputTextArea").fill(f"What's the weather in {city}?")
            pg.keyboard.press("Enter")
        for n, (pg, city) in enumerate(zip(pages, CITIES, strict=True)):
            wait_idle(pg, timeout=60000, after=before[n])  # this session's own run has finished
            pg.locator("[data-testid=stExpander] summary").filter(has_text="get_weather").first.wait_for(timeout=10000)
            answer = pg.get_by_test_id("stChatMessage").last.inner_text()
            assert city in answer  # the model's answer quotes this session's own tool result
            for other in CITIES:
                if other != city:
                    assert other not in answer
            shot(pg, f"session_{n}_{city}")
    finally:
        for c in contexts:
            c.close()
