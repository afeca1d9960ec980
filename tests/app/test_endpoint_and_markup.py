"""Through the real sidebar and the real live run page: the operator's key stays home, and a
published run cannot put a link or an image in front of a class (issue 21, findings 1 and 6).

Two gateways on 127.0.0.1 (``tests/recording_gateway.py``) stand for the school's endpoint (A,
``LLM_BASE_URL``) and a server a learner types into the Base URL box (B); each records the
headers it got. The server's environment holds the operator's key.
"""

from __future__ import annotations

import json
import re

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import ROOT
from tests.recording_gateway import listener

OPERATOR_KEY = "sk-operator-5e1f0a7c9b3d2e4f6a8b"
QUESTION = "What's the weather in Paris?"


@pytest.fixture
def server_env(monkeypatch):
    """Set the server's environment (the operator's key and URL, a policy) for the app's next settings."""
    from pages._ui.session import base_settings

    def _set(**env: str) -> None:
        for name in ("LLM_API_KEY", "LLM_BASE_URL", "LLM_ENDPOINT_LOCKED", "LLM_ALLOWED_BASE_URLS"):
            monkeypatch.delenv(name, raising=False)
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        base_settings.clear()  # the server reads its environment once; this "restarts" it

    yield _set
    monkeypatch.undo()
    base_settings.clear()


def _live_run(lang: str = "en") -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)
    at.query_params["lang"] = lang
    at.run()
    at.switch_page("pages/live_run.py").run()
    assert not at.exception, at.exception
    return at


def _everything_shown(at: AppTest) -> str:
    """Every element's protobuf of the page, as text: what the browser would receive."""
    return "\n".join(str(node.proto) for node in _walk(at._tree) if getattr(node, "proto", None) is not None)


def _walk(node):
    yield node
    for child in getattr(node, "children", {}).values():
        yield from _walk(child)


def test_a_learner_endpoint_typed_in_the_sidebar_never_gets_the_operator_key(server_env):
    with listener() as (school_url, school_seen), listener() as (own_url, own_seen):
        server_env(LLM_API_KEY=OPERATOR_KEY, LLM_BASE_URL=school_url)
        at = _live_run()
        at.radio(key="provider").set_value("openai_compatible").run()
        # the school's endpoint is the default choice, and the learner's own box is not pre-filled with it
        assert at.radio(key="llm_endpoint").value == "school"
        assert not [t for t in at.text_input if t.key == "llm_base_url"]
        at.radio(key="llm_endpoint").set_value("own").run()
        assert at.text_input(key="llm_base_url").value == ""
        at.text_input(key="llm_base_url").input(own_url).run()  # the key box is left empty
        assert any("school's key only goes to the school's endpoint" in i.value for i in at.sidebar.info)
        at.chat_input[0].set_value(QUESTION).run()
        assert not at.exception, at.exception
        shown = _everything_shown(at)
    assert len(own_seen) >= 1 and school_seen == []  # the question went to B only
    assert all("authorization" not in request for request in own_seen)  # no key at all reached B
    assert OPERATOR_KEY not in json.dumps(own_seen)
    assert OPERATOR_KEY not in shown
    assert at.session_state["trace::live"].model_calls[0].status_code == 401  # B answered: the run really went out


def test_with_the_lock_the_endpoint_is_shown_read_only_and_b_gets_nothing(server_env):
    with listener() as (school_url, school_seen), listener() as (own_url, own_seen):
        server_env(LLM_API_KEY=OPERATOR_KEY, LLM_BASE_URL=school_url, LLM_ENDPOINT_LOCKED="1")
        at = _live_run()
        at.radio(key="provider").set_value("openai_compatible").run()
        shown_url = at.text_input(key="llm_school_url")
        assert shown_url.disabled and shown_url.value == school_url
        assert not [t for t in at.text_input if t.key == "llm_base_url"]  # nothing to type a URL into
        assert not [r for r in at.radio if r.key == "llm_endpoint"]
        at.chat_input[0].set_value(QUESTION).run()  # the school's endpoint, with the school's key
        assert [r["authorization"] for r in school_seen] == [f"Bearer {OPERATOR_KEY}"]
        assert OPERATOR_KEY not in _everything_shown(at)  # A echoed it in its 401: redacted on the page
        # a session that forges the widgets' state cannot leave the school's endpoint either
        at.session_state["llm_endpoint"] = "own"
        at.session_state["llm_base_url"] = own_url
        at.run()
        assert any("cannot be changed" in w.value for w in at.sidebar.warning)  # refused, and said so
        at.chat_input[0].set_value(QUESTION).run()
        assert not at.exception, at.exception
    assert own_seen == [] and len(school_seen) == 1  # refused: the built-in model answered, nothing went out


def test_a_url_off_the_allowed_list_is_refused_in_the_sidebar(server_env):
    with listener() as (school_url, school_seen), listener() as (own_url, own_seen):
        server_env(LLM_API_KEY=OPERATOR_KEY, LLM_BASE_URL=school_url, LLM_ALLOWED_BASE_URLS="http://127.0.0.1:1/v1")
        at = _live_run("zh")
        at.radio(key="provider").set_value("openai_compatible").run()
        at.radio(key="llm_endpoint").set_value("own").run()
        at.text_input(key="llm_base_url").input(own_url).run()
        assert any("不在学校允许的列表里" in w.value for w in at.sidebar.warning), [w.value for w in at.sidebar.warning]
        at.chat_input[0].set_value("巴黎天气怎么样？").run()
        assert not at.exception, at.exception
    assert own_seen == [] and school_seen == []  # refused: the built-in model answered
    trace = at.session_state["trace::live"]
    assert trace.stop_reason == "final" and trace.model_label.startswith("内置教学模型")


HOSTILE_ID = "[Answers](http://phish.example) ![t](http://x.example/t.png) www.attacker.example"
_MARKDOWN_TYPES = ("markdown", "caption", "info", "warning", "error", "success", "expander", "tab")


def _published_hostile_run(memory_store) -> tuple[AppTest, str]:
    """A teacher's class whose published run carries a tool_call_id a hostile endpoint chose."""
    from tests.app.test_classroom import _join, _start_class, classroom_of
    from toolcall_lab import trace as trace_io
    from toolcall_lab.live import run_traced
    from toolcall_lab.llm import build_chat_model
    from toolcall_lab.stages.weather_data import build_weather_tool

    teacher, code = _start_class("en")
    # the endpoint's reply names the call; the real agent runs it and records it as it came
    call = {"id": HOSTILE_ID, "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}}
    reply = {"role": "assistant", "content": None, "tool_calls": [call]}
    trace = run_traced(QUESTION, build_chat_model(script=[reply]), [build_weather_tool()], lang="en")
    assert trace.tool_executions[0].tool_call_id == HOSTILE_ID
    # what the teacher's page does when its run ends (pages/_ui/classroom.py publish_run)
    _, token = teacher.session_state["class_teacher_token"]  # the teacher's authority: the class's token
    classroom_of(memory_store).publish_run(code, token, QUESTION, trace_io.dumps(trace), {"panel": "live"})
    student = _join("en", code)
    student.switch_page("pages/live_run.py").run()
    student.session_state["class-teacher-run"] = True  # the student opens the teacher's run
    student.run()
    assert not student.exception, student.exception
    return student, HOSTILE_ID


def _outside_code_spans(text: str) -> str:
    """``text`` without its inline code spans (a run of backticks to the next run of the same length).

    Markdown reads nothing inside a code span — no link, no image, no autolink — so what could
    render as a link is only what lies outside them.
    """
    return re.sub(r"(?<!`)(`+)(?!`).*?(?<!`)\1(?!`)", " ", text)


def test_a_published_run_with_a_hostile_call_id_renders_no_link_and_no_image(memory_store):
    student, hostile = _published_hostile_run(memory_store)
    texts: list[tuple[str, str]] = []
    for node in _walk(student._tree):
        kind = getattr(node, "type", "")
        if kind in _MARKDOWN_TYPES:
            texts.append((kind, getattr(node, "label", None) or getattr(node, "value", "") or ""))
    (title,) = [t for kind, t in texts if kind == "expander" and "Answers" in t]  # the tool's step in the timeline
    assert f"`{hostile}`" in title  # drawn as one code span: shown literally, in code type
    for kind, text in texts:
        outside = _outside_code_spans(text)
        unescaped = re.sub(r"\\.", "", outside)  # what is left once markdown's escapes are read
        assert "](" not in unescaped and "![" not in unescaped, (kind, text)
        assert not re.search(r"(?i)www\.", outside), (kind, text)
        assert not re.search(r"(?i)https?://", outside), (kind, text)
    kinds = {getattr(node, "type", "") for node in _walk(student._tree)}
    assert "imgs" not in kinds and "image" not in kinds  # no image element either
    # where the id is drawn outside markdown, it is JSON or code: text, never markup
    raw = {getattr(node, "type", "") for node in _walk(student._tree) if hostile in str(getattr(node, "proto", ""))}
    assert raw <= {"json", "code", "expander"}, raw


def test_before_the_fix_the_same_title_would_have_linked():
    """The check above can fail: the title as the timeline wrote it before (the id as bare markdown) links."""
    old_title = f"Step 1 · tool `get_weather` · {HOSTILE_ID} · success · 1.8 ms"
    assert "](" in re.sub(r"\\.", "", _outside_code_spans(old_title))


def test_the_model_choice_survives_switching_the_language_back_and_forth():
    """The sidebar's Model radio showed no choice in the browser after a second switch of language (the browser
    keeps a radio's value as its label): each run sends the kept choice with the widget again. The browser's side
    is walked by tests/e2e/test_language_switch_browser.py."""
    at = _live_run("en")
    at.radio(key="provider").set_value("openai_compatible").run()
    for lang in ["zh", "en", "zh", "en"]:
        at.sidebar.segmented_control(key="lang_picker").set_value(lang).run()
        assert not at.exception, at.exception
        assert at.radio(key="provider").value == "openai_compatible", lang
    at.radio(key="provider").set_value("builtin").run()
    at.sidebar.segmented_control(key="lang_picker").set_value("zh").run()
    assert at.radio(key="provider").value == "builtin"  # the choice made in English carries to Chinese
