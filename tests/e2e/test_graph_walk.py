"""A learner walks through the seven LangGraph lessons in a real browser, in both languages.

The test browser has no network: every graph picture must be rendered in the page by
Streamlit's bundled Graphviz (and Mermaid) renderer. Each page's title, key artifact and first
graph (a real SVG with the node names of the compiled graph) are checked, in both languages, by the
first-screen test on the load it already makes (``page_content.py``); here the lessons are driven.
Screenshots: ``test-output/screenshots/graph_<n>_<lang>*.png``.
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import new_context, rerun, shot, shot_whole, wait_idle

pytestmark = pytest.mark.e2e


def open_lesson(
    page, app_url: str, stem: str, lang: str, title: str, expect: str | None = None, query: str = ""
) -> str:
    """Open a lesson by URL (``query``: more of the link, e.g. ``&step=4``) and wait until it and its first graph
    picture have rendered."""
    page.goto(f"{app_url}/{stem}?lang={lang}{query}")
    page.get_by_text("Language / 语言").wait_for(timeout=30000)  # the router (app.py) has run
    page.get_by_role("heading", name=title).first.wait_for(timeout=60000)
    if expect:
        page.get_by_text(expect).first.wait_for(state="attached", timeout=60000)
    wait_graph(page)
    wait_idle(page, timeout=60000)
    return page.locator("body").inner_text()


def wait_graph(page, nth: int = 0) -> list[str]:
    """Wait for the ``nth`` Graphviz chart to be an SVG with nodes; return their names."""
    svg = page.locator("[data-testid=stGraphVizChart] svg").nth(nth)
    svg.locator(".node").first.wait_for(timeout=60000)
    return svg.evaluate("svg => Array.from(svg.querySelectorAll('.node title')).map(t => t.textContent.trim())")


def amber_nodes(page, nth: int = 0) -> list[str]:
    """Names of the nodes drawn amber (highlighted) in the ``nth`` Graphviz chart."""
    return (
        page.locator("[data-testid=stGraphVizChart] svg")
        .nth(nth)
        .evaluate(
            "svg => Array.from(svg.querySelectorAll('.node')).filter(n => n.innerHTML.includes('#ffd54f'))"
            ".map(n => n.querySelector('title').textContent)"
        )
    )


def press(page, name: str) -> None:
    with rerun(page, timeout=60000):
        page.get_by_role("button", name=name, exact=True).first.click()


def test_lesson1_hello_only_the_workflow_searches(app_url, page):
    open_lesson(page, app_url, "graph_1_workflow_vs_agent", "en", "Fixed workflow vs agent")
    with rerun(page, timeout=60000):
        page.get_by_role("radio", name="Hello", exact=True).click()  # an example pill: fills and runs
    page.get_by_text("no · the model").wait_for(timeout=60000)
    wait_graph(page, 1)
    assert amber_nodes(page, 0) == ["answer"] and amber_nodes(page, 1) == ["model"]
    body = page.locator("body").inner_text()
    assert "yes · the code" in body and "Traceback" not in body
    shot_whole(page, "graph_1_en_hello")


def test_lesson3_mermaid_picture_renders_offline(app_url, page):
    open_lesson(page, app_url, "graph_3_state", "zh", "State、节点、边", query="&step=4")  # step 4: the compiled graph
    page.get_by_role("tab", name="Mermaid 图").click()
    image = page.get_by_test_id("stMermaidChart").first.locator("img").first
    image.wait_for(timeout=60000)
    assert image.evaluate("img => img.complete && img.naturalWidth > 0")
    shot(page, "graph_3_zh_mermaid")


def test_lesson4_three_turns_then_history(app_url, page):
    open_lesson(page, app_url, "graph_4_threads", "en", "thread_id and checkpointers")
    press(page, "New thread")  # the cold page already ran the three turns once; start from an empty thread
    press(page, "Run the three turns here")
    page.get_by_text("15 checkpoints, see step 2", exact=False).wait_for(timeout=60000)
    wait_idle(page, timeout=60000)
    body = page.locator("body").inner_text()
    for said in ("How hot is Bangkok today?", "And tomorrow?", "Do I need an umbrella?"):
        assert said in body
    assert "Traceback" not in body
    shot_whole(page, "graph_4_en_three_turns")
    with rerun(page, timeout=60000):
        page.get_by_text("2. Checkpoint history and time travel").first.click()  # the step pill
    page.get_by_text("lists 15 checkpoints", exact=False).wait_for(timeout=60000)
    wait_idle(page, timeout=60000)
    shot(page, "graph_4_en_history")


def test_lesson4_a_link_reopens_the_thread(app_url, page, browser):
    """``?thread=`` follows the session's thread; the link, opened in a new session, reads that thread back."""
    open_lesson(page, app_url, "graph_4_threads", "en", "thread_id and checkpointers", "15 checkpoints")
    press(page, "New thread")
    page.get_by_text("An empty thread.").wait_for(timeout=60000)
    with rerun(page, timeout=60000):
        page.get_by_role("radio", name="Do I need an umbrella?", exact=True).click()  # an example pill: runs it
    page.get_by_text("(2 messages, from get_state", exact=False).wait_for(timeout=60000)
    wait_idle(page, timeout=60000)
    thread = page.evaluate("() => new URLSearchParams(location.search).get('thread')")
    assert thread and thread.startswith("lab-") and thread in page.locator("body").inner_text()
    other = new_context(browser, viewport={"width": 1280, "height": 720}, locale="en-US")  # a new session
    try:
        again = other.new_page()
        again.goto(f"{app_url}/graph_4_threads?lang=en&thread={thread}")
        again.get_by_text("This thread was opened from a link", exact=False).wait_for(timeout=60000)
        wait_idle(again, timeout=60000)
        body = again.locator("body").inner_text()
        assert "(2 messages, from get_state" in body and "Do I need an umbrella?" in body
        assert "Traceback" not in body
        assert again.evaluate("() => new URLSearchParams(location.search).get('thread')") == thread
        shot(again, "graph_4_en_reopened_from_link")
    finally:
        other.close()


def test_lesson3_and_7_links_keep_the_graph_and_the_budget(app_url, page):
    open_lesson(page, app_url, "graph_3_state", "en", "State, nodes, edges")
    with rerun(page, timeout=60000):
        page.get_by_role("radio", name="tool-calling agent", exact=True).click()  # a segmented-control option
    page.wait_for_function("() => new URLSearchParams(location.search).get('graph') === 'agent'", timeout=10000)
    assert {"model", "tools"} <= set(wait_graph(page))
    open_lesson(page, app_url, "graph_7_context", "en", "Context control")
    slider = page.get_by_role("slider").first
    with rerun(page, timeout=60000):
        slider.focus()
        page.keyboard.press("ArrowLeft")  # 7 → 6 messages
    page.wait_for_function("() => new URLSearchParams(location.search).get('max_messages') === '6'", timeout=10000)
    page.get_by_text("budget 6 messages", exact=False).wait_for(timeout=60000)
    link = page.url
    again = page.context.new_page()
    again.goto(link)
    again.get_by_text("budget 6 messages", exact=False).wait_for(timeout=60000)
    wait_idle(again, timeout=60000)
    assert "Traceback" not in again.locator("body").inner_text()
    again.close()


@pytest.mark.parametrize(
    ("lang", "send", "decide", "resume", "expect"),
    [
        ("en", "Send to the agent", None, "Approve and resume", "The side effect happened"),
        ("zh", "发给 Agent", "拒绝", "拒绝并继续", "没有发出任何消息"),
    ],
)
def test_lesson6_pause_then_resume(app_url, page, lang, send, decide, resume, expect):
    # a cold page starts the default round itself: it opens paused before the side effect (issue 11)
    open_lesson(page, app_url, "graph_6_approval", lang, "Human approval" if lang == "en" else "人工审批")
    wait_graph(page)
    assert amber_nodes(page) == ["approve"]  # paused inside the node that called interrupt()
    shot_whole(page, f"graph_6_{lang}_paused")
    if decide:
        with rerun(page):
            page.get_by_role("radio", name=decide, exact=True).first.click()  # a segmented-control option
    press(page, resume)
    # the outcome is an alert (the lesson, folded above the artifact, may use the same words)
    page.locator("[data-testid=stAlert]").filter(has_text=expect).first.wait_for(timeout=60000)
    assert "Traceback" not in page.locator("body").inner_text()
    shot_whole(page, f"graph_6_{lang}_resumed")
    # a round of the learner's own: start again, send, and it pauses in approve again
    press(page, "Start again" if lang == "en" else "重新开始")
    press(page, send)
    page.get_by_text("approve", exact=False).first.wait_for(timeout=60000)
    wait_graph(page)
    assert amber_nodes(page) == ["approve"]


def test_lesson7_live_run_keeps_the_pair(app_url, page):
    open_lesson(page, app_url, "graph_7_context", "en", "Context control")
    press(page, "Run three turns with the active model, then send both cuts")
    page.get_by_text("graph runs in this action").first.wait_for(timeout=60000)
    wait_idle(page, timeout=60000)
    page.get_by_text("orphaned ToolMessage").first.wait_for(timeout=60000)
    body = page.locator("body").inner_text()
    assert "pair intact" in body and "orphaned ToolMessage" in body and "HTTP 400" in body
    shot_whole(page, "graph_7_en_live")
