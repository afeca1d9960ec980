"""The live run on any model wire (issue 24): ``?wire=chat|responses|anthropic|gemini``, in both languages.

A cold link with ``?wire=`` opens on a real run of the built-in model reached by that wire's own client;
no ``?wire=`` is Chat Completions as before.
"""

from __future__ import annotations

import pytest

from tests.app.test_live_faults_home import _cold_link

pytestmark = pytest.mark.usefixtures("memory_store")  # progress in a private in-memory database

PAGE = "pages/live_run.py"
CLIENTS = {
    "responses": "ChatOpenAI",
    "anthropic": "ChatAnthropic",
    "gemini": "ChatGoogleGenerativeAI",
}


@pytest.mark.parametrize(("wire", "lang"), [("anthropic", "en"), ("gemini", "zh"), ("responses", "en")])
def test_a_link_with_a_wire_runs_the_question_on_that_wire(wire, lang):
    from pages._ui.live_run import wire_model
    from toolcall_lab.settings import load_settings

    at = _cold_link(PAGE, lang=lang, wire=wire, q="What's the weather in Tokyo?")
    trace = at.session_state["trace::live"]
    assert trace.stop_reason == "final" and "Tokyo" in str(trace.answer)
    assert trace.tool_executions[0].tool_name == "get_weather"
    names = {"responses": "Responses API", "anthropic": "Anthropic Messages", "gemini": "Gemini"}
    assert trace.model_label.endswith(names[wire])
    assert type(wire_model(wire, load_settings())).__name__ == CLIENTS[wire]
    assert at.query_params["wire"] == [wire] or at.query_params["wire"] == wire


def test_no_wire_is_chat_completions_as_before():
    at = _cold_link(PAGE, lang="en", q="What's the weather in Tokyo?")
    trace = at.session_state["trace::live"]
    assert "·" not in trace.model_label
    assert trace.model_calls[0].request_body["messages"], "the Chat Completions body, captured as before"
