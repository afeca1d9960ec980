"""A learner's first path: open the app, ask one question in each language, find the tool result."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import rerun, shot, wait_idle

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(
    ("lang", "question", "expect"),
    [
        ("zh", "曼谷天气怎么样？", "执行工具"),
        ("en", "What's the weather in Paris?", "· tool"),
    ],
)
def test_ask_and_find_the_tool_result_in_the_timeline(app_url, page, lang, question, expect):
    page.goto(f"{app_url}/live_run?lang={lang}")
    page.get_by_text("Language / 语言").wait_for(timeout=30000)  # the router (app.py) has run
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=30000)
    wait_idle(page)
    shot(page, f"live_run_{lang}_empty")
    page.get_by_test_id("stChatInputTextArea").fill(question)
    with rerun(page, timeout=60000):
        page.keyboard.press("Enter")
    tool_row = (
        page.locator("[data-testid=stExpander] summary").filter(has_text="get_weather").filter(has_text=expect).first
    )
    tool_row.wait_for(timeout=10000)
    tool_row.click()  # open the tool execution: its ToolMessage is inside
    page.get_by_text("tool_call_id", exact=False).first.wait_for(timeout=10000)
    body = page.locator("body").inner_text()
    assert "tool_call_id" in body
    assert ("Bangkok" in body) if lang == "zh" else ("Paris" in body)
    assert "Traceback" not in body
    shot(page, f"live_run_{lang}_answered")


def test_home_page_opens_in_the_browser_language(app_url, page):
    page.goto(app_url)
    page.get_by_text("Tool Call Lab").first.wait_for(timeout=30000)
    wait_idle(page)
    assert "When a large language model" in page.locator("body").inner_text()
    shot(page, "home_en_from_locale")
