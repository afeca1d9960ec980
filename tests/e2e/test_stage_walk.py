"""A learner walks the eight chain pages in a real browser, in both languages, with screenshots.

Each page's title and artifact, in both languages, are checked by the first-screen test on the load it
already makes (``page_content.py``). Here one session walks the chain with the Next links: a question
asked on page ① is the same run the following pages open at their own stage.
"""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import rerun, shot, shot_whole, wait_idle

pytestmark = pytest.mark.e2e

WHOLE_RUN = "The whole run: ask, answer, steps"  # the shared run's tab on every chain page
TITLES = {
    "zh": [
        "@tool",
        "JSON Schema",
        "bind_tools",
        "tool_call",
        "JSON 与 Pydantic",
        "func(**kwargs)",
        "ToolMessage",
        "第二次请求",
    ],
    "en": [
        "@tool",
        "JSON Schema",
        "bind_tools",
        "tool_call",
        "JSON and Pydantic",
        "func(**kwargs)",
        "ToolMessage",
        "The second request",
    ],
}


def open_stage(pg, app_url: str, stem: str, lang: str, query: str = "") -> None:
    pg.goto(f"{app_url}/{stem}?lang={lang}{query}")
    pg.get_by_text("Language / 语言").wait_for(timeout=30000)  # the router (app.py) has run
    pg.locator("h1").first.wait_for(timeout=30000)
    wait_idle(pg, timeout=60000)


def test_one_run_walks_the_chain_with_the_next_links(app_url, page):
    open_stage(page, app_url, "stage_1_tool", "en")
    # Ask once, on page ①, in the shared live-run panel: the whole run is one tab away from this stage's excerpt.
    page.get_by_role("tab", name=WHOLE_RUN).click()
    page.get_by_label("Question").fill("What's the weather in Tokyo?")
    with rerun(page, timeout=60000):
        page.get_by_role("button", name="Run").click()
    page.locator("[data-testid=stExpander] summary").filter(has_text="get_weather").first.wait_for(timeout=60000)
    page.get_by_role("tab", name="This stage").click()
    page.get_by_text("In this run, the tool as the model received it").wait_for(timeout=30000)
    wait_idle(page)
    shot(page, "stage_walk_1_asked")
    for n in range(2, 9):
        with rerun(page, timeout=60000):
            page.get_by_role("link", name="Next:").first.click()
        page.locator("h1").filter(has_text=TITLES["en"][n - 1]).wait_for(timeout=30000)
        wait_idle(page, timeout=60000)
        page.get_by_role("tab", name=WHOLE_RUN).click()  # the shared run's question, one tab away
        page.get_by_text("What's the weather in Tokyo?").filter(visible=True).first.wait_for(timeout=30000)
        body = page.locator("body").inner_text()
        assert "Tokyo" in body, f"page {n} should show the same shared run"
        assert "Traceback" not in body
    # Page ⑧ steps through that very run (its steps are the eight stages, kept in the link):
    # stage ④ holds its raw tool call for Tokyo.
    with rerun(page, timeout=60000):
        page.get_by_test_id("stButtonGroup").locator("button").filter(has_text=re.compile(r"^4\. ")).first.click()
    page.wait_for_url(re.compile(r"step=4"), timeout=30000)
    wait_idle(page)
    page.get_by_text("raw_tool_calls").first.wait_for(timeout=30000)
    assert "Tokyo" in page.locator("body").inner_text()
    shot(page, "stage_walk_8_step_4")


def test_a_shared_link_reopens_the_editor_contents(app_url, page):
    open_stage(page, app_url, "stage_5_validation", "en", "&args=%7B%22city%22%3A+%22Bangkok%22%2C+%22days%22%3A+30%7D")
    page.get_by_text("WeatherInput rejected these arguments (1 error)").first.wait_for(timeout=30000)
    assert page.get_by_label("function.arguments").input_value() == '{"city": "Bangkok", "days": 30}'
    page.get_by_text("Share this page", exact=False).first.click()  # an expander opens in the browser: no rerun
    link = page.get_by_test_id("stCode").filter(has_text="/stage_5_validation?").first.inner_text().strip()
    assert link.startswith(f"{app_url}/stage_5_validation?lang=en&args=")
    assert "days%22%3A+30" in link
    shot(page, "stage_5_en_shared_link_days_30")


def test_switching_language_keeps_the_editor_and_follows_the_default_question(app_url, page):
    open_stage(page, app_url, "stage_3_bind_tools", "zh")
    page.get_by_text("曼谷天气怎么样？").first.wait_for(timeout=30000)
    with rerun(page, timeout=60000):
        page.get_by_test_id("stSidebar").get_by_text("English", exact=True).click()
    page.locator("h1").filter(has_text="bind_tools: the tools in the request").wait_for(timeout=30000)
    wait_idle(page)
    assert (
        page.get_by_label("The user message (the only one in messages)").input_value()
        == "What's the weather in Bangkok?"
    )
    shot_whole(page, "stage_3_zh_to_en")
