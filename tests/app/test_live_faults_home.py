"""Live run, the faults lesson and home: the artifact on a cold open, English artifacts, and the exercises.

Every exercise is answered wrong (a warning and its hint) and right (a success); the right
answer is derived here from the same real artifact the page checks against (a run of the
built-in model, the trace's ToolMessage, the chain's catalog), never typed.
"""

from __future__ import annotations

import re

import pytest
from google.protobuf.text_format import MessageToString

from tests.app.conftest import open_steps

_HAN = r"[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]"
#: A run of CJK characters with the Latin letters glued to it (``小E`` is one name).
CJK = re.compile(rf"(?:{_HAN}+[A-Za-z]*)+")
#: Chinese specimen strings an English page may show, each with the gloss that must stand beside it.
GLOSSED = {"小E": "Xiao E"}
CHECK = {"en": "Check", "zh": "检查"}


pytestmark = pytest.mark.usefixtures("memory_store")  # progress in a private in-memory database


def main_text(at) -> str:
    """Every string of the main area (labels, values, options, JSON and code), as its protos carry them."""
    parts: list[str] = []

    def walk(node) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None:
            parts.append(MessageToString(proto, as_utf8=True))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at.main)
    return "\n".join(parts)


def unglossed_cjk(text: str) -> list[str]:
    """CJK runs in ``text`` that are not a glossed specimen whose gloss is on the page too."""
    return [run for run in CJK.findall(text) if not (run in GLOSSED and GLOSSED[run] in text)]


def _open(open_page, page: str, lang: str, **params: str):
    at = open_page(page, lang)
    if params:
        for key, value in params.items():
            at.query_params[key] = value
        at.run()
    assert not at.exception, at.exception
    return at


def _cold_link(page: str, **params: str):
    """A new session opening a shared link: the query parameters are there before the first run."""
    from streamlit.testing.v1 import AppTest

    from tests.app.conftest import ROOT

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def _check(at, n: int, lang: str):
    """Click the n-th exercise's Check button."""
    buttons = [b for b in at.button if b.label == CHECK[lang]]
    return buttons[n - 1].click().run()


def _judged(at, right: bool) -> None:
    assert not at.exception, at.exception
    if right:
        assert at.success, "a right answer is a success"
    else:
        assert at.warning, "a wrong answer is a warning"
        assert any(i.value.startswith(("Hint: ", "提示：")) for i in at.info), "and its hint follows"


def _builtin_run(question: str, lang: str):
    from lessons.course.live_run import system_prompt
    from toolcall_lab.live import run_traced
    from toolcall_lab.llm import build_chat_model
    from toolcall_lab.stages.weather_data import build_weather_tool

    return run_traced(question, build_chat_model(), [build_weather_tool(lang=lang)], system=system_prompt(lang))


# ---------------------------------------------------------------- cold opens and English artifacts
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_live_run_opens_on_a_real_run_and_its_link_carries_the_question(open_page, lang):
    at = _open(open_page, "pages/live_run.py", lang)
    trace = at.session_state["trace::live"]
    assert trace.stop_reason == "final" and trace.model_calls  # a real run, before the learner asked anything
    assert any(trace.tool_executions[0].tool_call_id in e.label for e in at.expander)
    question = "Weather in Paris and London" if lang == "en" else "巴黎和伦敦的天气"
    at.chat_input[0].set_value(question).run()
    assert at.query_params["q"] in (question, [question])  # the link now re-runs this question
    cold = _cold_link("pages/live_run.py", lang=lang, q=question)
    assert cold.session_state["trace::live"].question == question


def test_the_english_live_run_uses_the_english_tool_and_prompt(open_page):
    at = _open(open_page, "pages/live_run.py", "en")
    trace = at.session_state["trace::live"]
    body = trace.model_calls[0].request_body
    assert body["messages"][0]["content"].startswith("You are a weather assistant")
    assert body["tools"][0]["function"]["description"].startswith("Look up the weather")
    assert unglossed_cjk(main_text(at)) == []


@pytest.mark.parametrize("step", ["1", "2", "3"])
def test_every_faults_step_opens_on_its_artifact_in_english(open_page, step):
    at = _open(open_page, "pages/faults.py", "en", step=step)
    if step == "1":
        trace = at.session_state["fault_trace"]
        assert trace.model_calls[0].attempt_log[0]["outcome"] == "HTTP 429"  # the default fault, run for real
    elif step == "2":
        trace, _ = at.session_state["tool_fault"]
        assert trace.tool_executions[0].error.startswith("ConnectionError")
        assert not at.error  # the injected failure is framed as the lesson, not as an alarm
    else:
        assert [m.value for m in at.metric][-2:] == ["2", "1"]
    assert unglossed_cjk(main_text(at)) == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_home_shows_the_course_map_what_was_learned_and_a_real_run(open_page, lang):
    from pages.registry import SECTIONS

    at = _open(open_page, "pages/home.py", lang)
    learned = "What you learned" if lang == "en" else "你学到了什么"
    assert sum(e.label == learned for e in at.expander) == len([s for s in SECTIONS if s.key != "start"])
    # the landing page stays light: the review's real run happens when the learner asks for it
    assert f"home::review::{lang}" not in at.session_state
    at.toggle(key="home::review_on").set_value(True).run()
    review = at.session_state[f"home::review::{lang}"]
    assert any(review.model_calls[0].ai_message["tool_calls"][0]["id"] in c.value for c in at.code)
    if lang == "en":
        assert unglossed_cjk(main_text(at)) == []


# ---------------------------------------------------------------- the exercises, wrong then right
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_live_run_predict_the_number_of_model_calls(open_page, lang):
    from lessons.course.live_run import PREDICT_QUESTIONS

    question = PREDICT_QUESTIONS[-1](lang)
    calls = len(_builtin_run(question, lang).model_calls)
    at = _open(open_page, "pages/live_run.py", lang)
    at.selectbox(key="exercise-live_run-1::answer::q").set_value(question)
    at.number_input(key="exercise-live_run-1::answer::n").set_value(calls + 1)
    _judged(_check(at, 1, lang), right=False)
    at.number_input(key="exercise-live_run-1::answer::n").set_value(calls)
    _judged(_check(at, 1, lang), right=True)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_live_run_make_two_tool_calls_in_one_reply(open_page, lang):
    one, two = (
        ("What's the weather in Rome?", "Weather in Tokyo and Paris")
        if lang == "en"
        else ("罗马天气", "东京和巴黎的天气")
    )
    per_reply = [len(c.ai_message.get("tool_calls") or []) for c in _builtin_run(two, lang).model_calls]
    assert (
        max(per_reply) >= 2
        and max(len(c.ai_message.get("tool_calls") or []) for c in _builtin_run(one, lang).model_calls) < 2
    )
    at = _open(open_page, "pages/live_run.py", lang)
    at.text_input(key="exercise-live_run-2::answer").set_value(one)
    _judged(_check(at, 2, lang), right=False)
    at.text_input(key="exercise-live_run-2::answer").set_value(two)
    _judged(_check(at, 2, lang), right=True)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_faults_predict_the_attempts_for_a_429(open_page, lang):
    from lessons.course.faults import PREDICT_FAILS, PREDICT_RETRIES
    from toolcall_lab.live import run_traced
    from toolcall_lab.reliability import faulty_chat_model
    from toolcall_lab.stages.weather_data import build_weather_tool

    llm = faulty_chat_model("rate_limit", times=PREDICT_FAILS, retries=PREDICT_RETRIES, timeout_s=0.5)
    attempts = run_traced("Bangkok", llm, [build_weather_tool(lang=lang)]).model_calls[0].attempts
    at = _open(open_page, "pages/faults.py", lang)
    at.number_input(key="exercise-faults-1::answer").set_value(attempts + 1)
    _judged(_check(at, 1, lang), right=False)
    at.number_input(key="exercise-faults-1::answer").set_value(attempts)
    _judged(_check(at, 1, lang), right=True)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_faults_fix_the_fewest_retries_for_a_500(open_page, lang):
    from lessons.course.faults import FIX_FAILS, RETRY_CHOICES
    from toolcall_lab.live import run_traced
    from toolcall_lab.reliability import faulty_chat_model
    from toolcall_lab.stages.weather_data import build_weather_tool

    def answers(n: int) -> bool:
        llm = faulty_chat_model("server_error", times=FIX_FAILS, retries=n, timeout_s=0.5)
        return run_traced("Bangkok", llm, [build_weather_tool(lang="en")]).stop_reason == "final"

    fewest = next(n for n in RETRY_CHOICES if answers(n))
    at = _open(open_page, "pages/faults.py", lang)
    at.segmented_control(key="exercise-faults-2::answer").set_value(fewest + 1)
    _judged(_check(at, 2, lang), right=False)  # it answers, but one retry fewer would too
    at.segmented_control(key="exercise-faults-2::answer").set_value(fewest)
    _judged(_check(at, 2, lang), right=True)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_home_predict_the_tool_call_id_and_order_the_chain(open_page, lang):
    from toolcall_lab.stages.catalog import STAGES

    at = _open(open_page, "pages/home.py", lang)
    at.toggle(key="home::review_on").set_value(True).run()
    review = at.session_state[f"home::review::{lang}"]
    tokyo = next(e for e in review.tool_executions if e.parsed_args.get("city") == "Tokyo")
    other = next(e for e in review.tool_executions if e is not tokyo)
    at.radio(key="exercise-home-1::answer").set_value(other.tool_message["tool_call_id"])
    _judged(_check(at, 1, lang), right=False)
    at.radio(key="exercise-home-1::answer").set_value(tokyo.tool_message["tool_call_id"])
    _judged(_check(at, 1, lang), right=True)

    order = [s.key for s in STAGES]
    at.multiselect(key="exercise-home-2::answer").set_value(order[::-1])
    _judged(_check(at, 2, lang), right=False)
    at.multiselect(key="exercise-home-2::answer").set_value(order)
    _judged(_check(at, 2, lang), right=True)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_live_run_streams_and_its_timeline_keeps_the_streamed_wire(open_page, lang):
    question = "Weather in Paris and London" if lang == "en" else "巴黎和伦敦的天气"
    plain = _builtin_run(question, lang)  # the same question, not streamed: the answer the stream must add up to
    at = _open(open_page, "pages/live_run.py", lang)
    at.chat_input[0].set_value(question).run()
    assert not at.exception, at.exception
    trace = at.session_state["trace::live"]
    assert trace.question == question and trace.answer == plain.answer
    for call in trace.model_calls:
        assert call.request_body["stream"] is True  # every model call asked for a stream
        assert call.response_body.startswith("data: ") and call.response_body.rstrip().endswith("data: [DONE]")
        assert call.usage and call.usage["total_tokens"] > 0  # the built-in stream carries its usage, asked for
    assert [e.raw_arguments for e in trace.tool_executions] == [e.raw_arguments for e in plain.tool_executions]
    open_steps(at, trace)  # a folded step draws its wire once opened
    assert any(c.value.rstrip() == trace.model_calls[0].response_body.rstrip() for c in at.code)  # the events
    assert any("server-sent events" in c.value or "SSE" in c.value for c in at.caption)
    assert not at.status  # the progress box and the streamed draft are gone; the timeline holds the answer
