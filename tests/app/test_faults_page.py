"""The faults lesson: each fault chosen live ends explained, with every attempt listed."""

from __future__ import annotations

import pytest


def _open_step(open_page, lang: str, step: int):
    """The faults page at one of its steps (1 model faults, 2 tool faults, 3 writes), as a link opens it."""
    at = open_page("pages/faults.py", lang)
    at.query_params["step"] = str(step)
    return at.run()


def _run_model_fault(open_page, kind: str, retries: int, lang: str = "en"):
    at = open_page("pages/faults.py", lang)
    at.selectbox(key="fault_kind").set_value(kind)
    at.number_input(key="fault_retries").set_value(retries)
    at.number_input(key="fault_timeout").set_value(0.2)
    at.button(key="fault_run").click().run()
    assert not at.exception, at.exception
    return at, at.session_state["fault_trace"]


def test_rate_limit_is_retried_after_the_announced_wait(open_page):
    _, trace = _run_model_fault(open_page, "rate_limit", 2)
    log = trace.model_calls[0].attempt_log
    assert [a["outcome"] for a in log] == ["HTTP 429", "ok"]
    assert log[1]["wait_before_ms"] >= 150  # the 429 announced retry-after 0.2 s
    assert trace.stop_reason == "final"


def test_without_retries_a_500_ends_in_the_fallback_answer(open_page):
    _, trace = _run_model_fault(open_page, "server_error", 0, "zh")
    assert trace.stop_reason == "fallback"
    assert trace.error["title"]["zh"].startswith("模型服务端出错")
    assert "抱歉" in trace.answer


@pytest.mark.parametrize("kind", ["malformed_body", "timeout", "unknown_tool", "bad_arguments", "latency"])
def test_every_model_fault_ends_explained_without_exception(open_page, kind):
    _, trace = _run_model_fault(open_page, kind, 0)
    assert trace.stop_reason in ("final", "fallback")
    if trace.stop_reason == "fallback":
        assert trace.error["hint"]["en"]


def test_transient_tool_error_succeeds_with_the_retry_wrapper(open_page):
    at = _open_step(open_page, "en", 2)
    at.radio(key="tool_fault_kind").set_value("transient")
    at.toggle(key="tool_fault_retry").set_value(True)
    at.button(key="tool_fault_run").click().run()
    assert not at.exception
    trace, entries = at.session_state["tool_fault"]
    assert [e["outcome"].split(":")[0] for e in entries] == ["ConnectionError", "ConnectionError", "ok"]
    assert trace.tool_executions[0].tool_message["status"] == "success"


@pytest.mark.parametrize(("lang", "words"), [("en", "a business rule: do not retry"), ("zh", "业务规则，不要重试")])
def test_a_business_refusal_reaches_the_model_in_the_learners_language(open_page, lang, words):
    at = _open_step(open_page, lang, 2)
    at.radio(key="tool_fault_kind").set_value("business_refusal")
    at.button(key="tool_fault_run").click().run()
    assert not at.exception
    trace, entries = at.session_state["tool_fault"]
    assert entries == []  # a refusal is an answer, not an error: nothing is retried
    message = trace.tool_executions[0].tool_message
    assert message["status"] == "success" and words in message["content"]


def test_idempotent_write_keeps_one_row(open_page):
    at = _open_step(open_page, "en", 3)
    rows = [m.value for m in at.metric]
    assert rows[-2:] == ["2", "1"]


def _open_linked(lang: str, **params: str):
    """The faults page opened cold from a link carrying ``params`` (a new session)."""
    from streamlit.testing.v1 import AppTest

    from tests.app.conftest import ROOT

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params.update({"lang": lang, **params})
    at.run()
    at.switch_page("pages/faults.py").run()
    assert not at.exception, at.exception
    return at


def test_the_chosen_fault_is_in_the_link_and_a_link_reruns_it(open_page):
    at = open_page("pages/faults.py", "en")
    assert at.session_state["fault_trace"].model_calls[0].attempt_log[0]["outcome"] == "HTTP 429"  # the cold run
    at.selectbox(key="fault_kind").set_value("server_error").run()
    assert at.query_params["fault_kind"] == "server_error"
    # a new session opened on that link (and a retry count of 0) runs that fault with those settings, no click
    linked = _open_linked("en", fault_kind="server_error", fault_retries="0")
    assert linked.selectbox(key="fault_kind").value == "server_error"
    assert linked.number_input(key="fault_retries").value == 0
    trace = linked.session_state["fault_trace"]
    assert [a["outcome"] for a in trace.model_calls[0].attempt_log] == ["HTTP 500"]
    assert trace.stop_reason == "fallback"
    assert list(linked.dataframe[0].value["status_code"]) == [500]  # the attempts table, first on the step


def test_a_link_to_a_tool_fault_opens_on_that_fault(open_page):
    linked = _open_linked("en", step="2", tool_fault="business_refusal")
    assert linked.radio(key="tool_fault_kind").value == "business_refusal"
    trace, entries = linked.session_state["tool_fault"]
    assert entries == [] and "a business rule: do not retry" in trace.tool_executions[0].tool_message["content"]


# ---------------------------------------------------------------- step 4: finish_reason "length"
def _truncation(budget: int, lang: str):
    """The same request the page makes, asked here of the built-in model (never typed)."""
    from lessons.course.faults import question
    from toolcall_lab.reliability import truncated_call
    from toolcall_lab.stages.weather_data import build_weather_tool

    return truncated_call(question(lang), [build_weather_tool(lang=lang)], budget)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_length_step_shows_the_cut_arguments_and_invalid_tool_calls(open_page, lang):
    from lessons.course.faults import DEFAULT_MAX_TOKENS
    from tests.app.test_live_faults_home import main_text, unglossed_cjk

    demo = _truncation(DEFAULT_MAX_TOKENS, lang)
    assert demo.finish_reason == "length" and demo.json_error and demo.invalid_tool_calls and not demo.tool_calls
    at = _open_step(open_page, lang, 4)
    assert not at.exception, at.exception
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["finish_reason"] == "length"
    assert metrics["tool_calls"] == "0" and metrics["invalid_tool_calls"] == str(len(demo.invalid_tool_calls))
    assert any(c.value == demo.arguments for c in at.code)  # the cut string, as it came back
    assert not at.error  # the truncation is the lesson: a neutral box, no red
    assert any(("Expected: this is the lesson" in i.value) or ("预期之中" in i.value) for i in at.info)
    if lang == "en":
        assert unglossed_cjk(main_text(at)) == []


def test_a_link_with_a_budget_that_fits_opens_on_a_whole_call(open_page):
    from lessons.course.faults import fewest_max_tokens

    fewest = fewest_max_tokens("en")
    assert fewest is not None and not _truncation(fewest, "en").cut_off and _truncation(fewest - 1, "en").cut_off
    at = open_page("pages/faults.py", "en")
    at.query_params["step"] = "4"
    at.query_params["fault_max_tokens"] = str(fewest)
    at.run()
    assert not at.exception, at.exception
    assert {m.label: m.value for m in at.metric}["finish_reason"] == "tool_calls"
    assert at.success


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_faults_fix_the_fewest_max_tokens(open_page, lang):
    from lessons.course.faults import MAX_TOKENS_RANGE

    fewest = next(n for n in range(MAX_TOKENS_RANGE[0], MAX_TOKENS_RANGE[1] + 1) if not _truncation(n, lang).cut_off)
    at = open_page("pages/faults.py", lang)
    check = "Check" if lang == "en" else "检查"
    at.number_input(key="exercise-faults-3::answer").set_value(fewest - 1)
    at = [b for b in at.button if b.label == check][2].click().run()
    assert not at.exception and at.warning
    assert any(i.value.startswith(("Hint: ", "提示：")) for i in at.info)
    at.number_input(key="exercise-faults-3::answer").set_value(fewest)
    at = [b for b in at.button if b.label == check][2].click().run()
    assert not at.exception and at.success
