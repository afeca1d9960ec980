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


FOREIGN_FILES = [  # (file name, bytes, the reason the page must give)
    ("foreign.json", b'{"schema": "something-else", "events": []}', "not a run trace exported by Tool Call Lab"),
    ("not-json.json", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "Not valid JSON"),
    ("future.json", b'{"schema": "toolcall-lab/run-trace", "schema_version": 99}', "Trace version 99 is not supported"),
]


@pytest.mark.parametrize(("name", "content", "reason"), FOREIGN_FILES, ids=[f[0] for f in FOREIGN_FILES])
def test_uploading_a_foreign_file_explains_instead_of_crashing(open_page, name, content, reason):
    """The uploader hands the bytes to ``trace.loads``; its refusal is shown as an explanation, the page lives on."""
    from toolcall_lab import trace as trace_io

    with pytest.raises(trace_io.TraceFormatError) as refused:  # the pure function the uploader calls
        trace_io.loads(content)
    assert reason in refused.value.en

    at = open_page("pages/live_run.py", "en")
    assert not at.exception
    # issue 11: a cold page opens on a real run of its first example (it used to open empty)
    cold_run = at.session_state["trace::live"].run_id
    at.file_uploader[0].upload(name, content, "application/json").run()
    assert not at.exception, at.exception
    from toolcall_lab.markdown_text import shown_text

    errors = [shown_text(e.value) for e in at.error]  # the file's words are escaped: shown as typed
    assert errors == [f"Cannot open this file: {refused.value.en}"]
    assert at.session_state["trace::live"].run_id == cold_run  # the refused file did not become the page's trace
    at.chat_input[0].set_value("What's the weather in Paris?").run()  # and the page keeps working
    assert not at.exception, at.exception
    assert at.session_state["trace::live"].stop_reason == "final"


def test_the_router_starts_the_paced_collection_when_streamlits_own_is_off(monkeypatch):
    """With ``runner.postScriptGC`` off (the project's config), the router's first run starts the process's
    paced full collection, once: a plain ``streamlit run app.py`` still frees cyclic garbage."""
    import threading

    from streamlit import config
    from streamlit.testing.v1 import AppTest

    from tests.app.conftest import ROOT
    from toolcall_lab import gc_pacing

    started: list[threading.Thread] = []
    stop = threading.Event()

    def recorded(every_s: float = gc_pacing.COLLECT_EVERY_S) -> threading.Thread:
        thread = threading.Thread(target=stop.wait, name=gc_pacing.THREAD_NAME, daemon=True)
        thread.start()
        started.append(thread)
        return thread

    monkeypatch.setattr(gc_pacing, "_running", None)  # as in a new process
    monkeypatch.setattr(gc_pacing, "paced_collection", recorded)
    before = config.get_option("runner.postScriptGC")
    try:
        config.set_option("runner.postScriptGC", True)  # Streamlit's own collection: the router starts nothing
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
        at.run()
        assert not at.exception and started == []
        config.set_option("runner.postScriptGC", False)
        at.run()
        at.run()  # a rerun finds the thread running
        assert not at.exception and len(started) == 1
    finally:
        config.set_option("runner.postScriptGC", before)
        stop.set()
