"""The app shell and the Live run page under Streamlit's AppTest."""

from __future__ import annotations

import pytest

from tests.app.conftest import open_steps, page_files


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


# ---------------------------------------------------------------- the live run: the outcome first, the tools chosen
WHY = {
    "en": "Why the built-in model chose this — a real model gives no such record",
    "zh": "内置模型为什么这样选——真实模型不会给出这样的记录",
}
#: A question about the timetable, on a date the tutor's data has.
SCHEDULE = {"en": "What's on my schedule on 2026-07-25?", "zh": "我 2026-07-25 有什么课？"}


def _in_order(at):
    """Every element of the main area in page order, each with its ancestors (outermost first)."""
    found: list[tuple[object, tuple[object, ...]]] = []

    def walk(node, ancestors: tuple[object, ...]) -> None:
        found.append((node, ancestors))
        for child in getattr(node, "children", {}).values():
            walk(child, (*ancestors, node))

    walk(at.main, ())
    return found


def _kind(node) -> str:
    return type(node).__name__


def _tool_names(body) -> list[str]:
    return [t["function"]["name"] for t in (body or {}).get("tools") or []]


def _ask(open_page, lang: str, question: str, **params: str):
    """Open the live run (on a link carrying ``params``, as a new session does) and ask ``question``."""
    if params:
        from streamlit.testing.v1 import AppTest

        from tests.app.conftest import ROOT

        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
        for key, value in {"lang": lang, **params}.items():
            at.query_params[key] = value
        at.run()
        at.switch_page("pages/live_run.py").run()
    else:
        at = open_page("pages/live_run.py", lang)
    at.chat_input[0].set_value(question).run()
    assert not at.exception, at.exception
    return at, at.session_state["trace::live"]


@pytest.mark.parametrize(("lang", "question"), [("en", "What's the weather in Paris?"), ("zh", "曼谷天气怎么样？")])
def test_after_asking_the_answer_and_why_come_first_and_the_wire_is_folded_and_wrapped(open_page, lang, question):
    import json

    at, trace = _ask(open_page, lang, question)
    assert trace.question == question and trace.tool_executions, "the run called its tool"
    steps = [e for e in at.expander if "Step " in e.label or "第 " in e.label]
    assert len(steps) == len(trace.events) and not any(e.proto.expanded for e in steps), "every step is folded"
    open_steps(at, trace)  # a folded step draws its wire once the learner opens it: below, the wire is all there
    order = _in_order(at)
    position = {id(node): n for n, (node, _) in enumerate(order)}
    answer = [
        n
        for n, (node, _) in enumerate(order)
        if _kind(node) == "ChatMessage" and node.name == "assistant" and node.children[0].value == trace.answer
    ]
    why = [n for n, (node, _) in enumerate(order) if _kind(node) == "Expander" and node.label == WHY[lang]]
    bodies = [json.dumps(call.request_body, ensure_ascii=False) for call in trace.model_calls]
    responses = [call.response_body.rstrip() for call in trace.model_calls]
    wire = [
        (node, ancestors)
        for node, ancestors in order
        if (_kind(node) == "Code" and node.value.rstrip() in responses)
        or (_kind(node) == "Json" and json.dumps(json.loads(node.value), ensure_ascii=False) in bodies)
    ]
    assert len(answer) == 1 and why and len(wire) == 2 * len(trace.model_calls), "every request and response is kept"
    first_wire = min(position[id(node)] for node, _ in wire)
    assert answer[0] < why[0] < first_wire, "the answer, then why the model chose its tool, then the wire"
    for node, ancestors in wire:
        assert [a for a in ancestors if _kind(a) == "Expander"], "the wire sits in a step"
        tab = next(a for a in reversed(ancestors) if _kind(a) == "Tab")
        tabs = ancestors[ancestors.index(tab) - 1]  # the tab container
        shown = tabs.proto.tab_container.default_tab_index
        assert list(tabs.children.values()).index(tab) != shown, "not the tab that is shown"
        if _kind(node) == "Code":
            assert node.proto.wrap_lines, "the streamed chunks wrap instead of running off the right edge"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_tutor_tools_answer_a_schedule_question_with_get_schedule(open_page, lang):
    from lessons.toolsets import tutor

    at, trace = _ask(open_page, lang, SCHEDULE[lang], tools="tutor")
    names = [tool.name for tool in tutor(lang)]
    assert _tool_names(trace.model_calls[0].request_body) == names, "the model was offered the tutor's three tools"
    assert [e.tool_name for e in trace.tool_executions] == ["get_schedule"]
    assert trace.tool_executions[0].parsed_args["date"] == "2026-07-25"
    listed = [c.value for c in at.caption if all(f"`{n}`" in c.value for n in names)]
    assert listed, "the page says which tools the model has"
    assert at.query_params["tools"] in ("tutor", ["tutor"]), "the link keeps the tool set"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_with_only_the_weather_tool_the_page_says_none_fits(open_page, lang):
    at, trace = _ask(open_page, lang, SCHEDULE[lang])
    assert _tool_names(trace.model_calls[0].request_body) == ["get_weather"] and not trace.tool_executions
    said = [i.value for i in at.info]
    none_fits = "none of them fits this question" if lang == "en" else "没有一个对得上这个问题"
    assert any(none_fits in text and "get_weather" in text for text in said), said
    assert any(("Pick another set" if lang == "en" else "换一组工具") in text for text in said), "another set may fit"
    if lang == "zh":  # the built-in model's reason, in the page's language too
        assert not any("no tool fits" in text for text in said), said


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_with_every_tool_given_a_question_none_fits_is_not_sent_to_another_set(open_page, lang):
    """A learner on "All" who typed a bare word (after "what's the weather?" asked for a city) was told to pick another
    set; every tool is already given: the page says each question is a new run and to ask it whole."""
    at, trace = _ask(open_page, lang, "blue", tools="all")  # a word no tool takes: the built-in model says none fits
    assert not trace.tool_executions
    said = [i.value for i in at.info if "get_weather" in i.value and "search_web" in i.value]
    assert said, [i.value for i in at.info]
    assert not any("Pick another set" in text or "换一组工具" in text for text in said), said
    assert all(
        ("each question is a new run" if lang == "en" else "每个问题都是一次新的运行") in text.lower() for text in said
    )


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_old_link_without_tools_runs_the_weather_tool(lang):
    from streamlit.testing.v1 import AppTest

    from tests.app.conftest import ROOT

    question = SCHEDULE[lang]  # made before the page had tool sets: it still means the weather tool
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = lang
    at.query_params["q"] = question
    at.run()
    at.switch_page("pages/live_run.py").run()
    assert not at.exception, at.exception
    trace = at.session_state["trace::live"]
    assert trace.question == question and _tool_names(trace.model_calls[0].request_body) == ["get_weather"]
    assert "tools" not in at.query_params


def test_picking_a_tool_set_reruns_the_links_question_with_those_tools(open_page):
    at, before = _ask(open_page, "en", SCHEDULE["en"])
    assert not before.tool_executions
    at.segmented_control(key="live::toolset").set_value("all").run()
    assert not at.exception, at.exception
    trace = at.session_state["trace::live"]
    assert trace.question == SCHEDULE["en"] and at.query_params["tools"] in ("all", ["all"])
    assert "get_weather" in _tool_names(trace.model_calls[0].request_body)
    assert [e.tool_name for e in trace.tool_executions] == ["get_schedule"]


@pytest.mark.parametrize("page", ["pages/stage_4_tool_call.py", "pages/tutor_1_model_talks.py"])
def test_the_shared_panel_on_a_lesson_page_answers_before_its_steps(open_page, page):
    at = open_page(page, "en")
    assert not at.exception, at.exception
    order = [node for node, _ in _in_order(at)]
    answers = [n for n, node in enumerate(order) if _kind(node) == "ChatMessage" and node.name == "assistant"]
    steps = [n for n, node in enumerate(order) if _kind(node) == "Expander" and " · model call" in node.label]
    assert answers and steps, "the page's live run ran (a cold page runs its first example)"
    assert answers[-1] < steps[0], "the panel's answer comes before the steps of its run"
    why = [n for n, node in enumerate(order) if _kind(node) == "Expander" and node.label == WHY["en"]]
    assert why and all(answers[-1] < n < steps[0] for n in why), "and why the model chose, between the two"
    assert not any(order[n].proto.expanded for n in why), "folded on a lesson page"


def _step_box(at, text: str):
    """The timeline step whose title holds ``text`` (the first one)."""
    return next(e for e in at.expander if text in e.label)


def _kinds(node) -> set[str]:
    """Every element type drawn inside ``node``."""
    found = {getattr(node, "type", "")}
    for child in getattr(node, "children", {}).values():
        found |= _kinds(child)
    return found


def test_a_folded_step_of_the_live_run_draws_its_artifacts_when_opened(open_page):
    """/live_run sends a step's request body and raw response only once the learner opens it (issue 25's load).

    Folded, the step holds one line; opened (its state under its key, as the browser's click sets it), it holds
    the request body and the raw response as JSON and the ToolMessage of its tool run.
    """
    at = open_page("pages/live_run.py", "en")
    at.chat_input[0].set_value("What's the weather in Paris?").run()
    assert not at.exception, at.exception
    trace = at.session_state["trace::live"]
    call, tool = _step_box(at, "model call"), _step_box(at, "get_weather")
    assert "json" not in _kinds(call) and "json" not in _kinds(tool)  # folded: nothing of the wire was sent
    assert any("Opening this step" in c.value for c in call.caption)
    open_steps(at, trace)
    call, tool = _step_box(at, "model call"), _step_box(at, "get_weather")
    assert "json" in _kinds(call) and "tab" in _kinds(call)
    assert tool.json and any(trace.tool_executions[0].tool_call_id in str(j.value) for j in tool.json)
    assert not any("Opening this step" in c.value for c in call.caption)
