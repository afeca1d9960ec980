"""The app shell and the Live run page under Streamlit's AppTest."""

from __future__ import annotations

import pytest

from tests.app.conftest import page_files


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("page", page_files())
def test_every_page_renders_without_exception(open_page, page, lang):
    at = open_page(page, lang)
    assert not at.exception, at.exception
    assert at.title, "each page has a title"


def test_language_comes_from_the_query_parameter(open_page):
    at = open_page("pages/home.py", "en")
    assert "When a large language model" in at.markdown[0].value
    at = open_page("pages/home.py", "zh")
    assert "大模型" in at.markdown[0].value


def test_sidebar_badge_names_the_builtin_model():
    from streamlit.testing.v1 import AppTest

    from tests.app.conftest import ROOT

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = "en"
    at.run()
    assert any("badge[" in m.value and "Active: built-in teaching model" in m.value for m in at.sidebar.markdown)
    assert at.sidebar.radio[0].value == "builtin"


@pytest.mark.parametrize(("lang", "question"), [("zh", "曼谷天气怎么样？"), ("en", "What's the weather in Paris?")])
def test_live_run_question_yields_a_tool_message_matching_its_call(open_page, lang, question):
    at = open_page("pages/live_run.py", lang)
    at.chat_input[0].set_value(question).run()
    assert not at.exception, at.exception
    trace = at.session_state["trace::live"]
    call = trace.model_calls[0].ai_message["tool_calls"][0]
    execution = trace.tool_executions[0]
    assert execution.tool_message["tool_call_id"] == call["id"]
    labels = [e.label for e in at.expander]
    assert any("get_weather" in label and call["id"] in label for label in labels)
    assert trace.stop_reason == "final"


def test_uploading_a_foreign_file_explains_instead_of_crashing(open_page):
    from toolcall_lab.live import run_traced  # noqa: F401 - warm import outside the timed page run

    at = open_page("pages/live_run.py", "en")
    assert not at.exception
