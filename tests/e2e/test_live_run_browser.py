"""A learner's first path: open the app, ask one question in each language, find the tool result."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import new_context, rerun, shot, wait_idle

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


#: Where the last chat message (the answer) sits in the main area, and how tall that area is, in CSS pixels.
_ANSWER_JS = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  const top = main.getBoundingClientRect().top;
  const said = [...main.querySelectorAll('[data-testid="stChatMessage"]')];
  const box = said[said.length - 1].getBoundingClientRect();
  return {top: box.top - top + main.scrollTop, bottom: box.bottom - top + main.scrollTop,
          scrolled: main.scrollTop, height: main.scrollHeight, text: said[said.length - 1].innerText};
}"""


@pytest.mark.parametrize(
    ("lang", "question", "answer"),
    [("en", "What's the weather in Paris?", "Paris"), ("zh", "曼谷天气怎么样？", "曼谷")],
)
@pytest.mark.parametrize("size", [(1280, 720), (390, 844)], ids=["1280x720", "390x844"])
def test_after_asking_the_answer_is_on_the_first_screen(app_url, browser, lang, question, answer, size):
    width, height = size
    context = new_context(browser, viewport={"width": width, "height": height}, locale="en-US")
    try:
        pg = context.new_page()
        pg.goto(f"{app_url}/live_run?lang={lang}")
        pg.get_by_test_id("stChatInputTextArea").wait_for(timeout=30000)
        wait_idle(pg)
        pg.get_by_test_id("stChatInputTextArea").fill(question)
        with rerun(pg, timeout=60000):
            pg.keyboard.press("Enter")
        where = pg.evaluate(_ANSWER_JS)
        shot(pg, f"live_run_{lang}_answer_first_{width}x{height}")
        assert answer in where["text"] and where["scrolled"] == 0, where
        if width == 1280:  # the phone's first screen holds the question box and the tool choice; the answer follows
            assert where["bottom"] <= height, f"the answer ends {where['bottom']:.0f} px down the main area: {where}"
        wire = pg.locator("[data-testid=stExpander] details[open] [data-testid=stCode]")
        assert wire.count() == 0, "no request body or raw response is open before a click"
    finally:
        context.close()


def test_home_page_opens_in_the_browser_language(app_url, page):
    page.goto(app_url)
    page.get_by_text("Tool Call Lab").first.wait_for(timeout=30000)
    wait_idle(page)
    assert "When a large language model" in page.locator("body").inner_text()
    shot(page, "home_en_from_locale")
