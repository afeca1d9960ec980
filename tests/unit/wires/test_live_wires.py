"""The live run's wires (:mod:`toolcall_lab.wires.live_wires`): each client reaches the built-in model."""

from __future__ import annotations

import pytest

from toolcall_lab.live import run_traced
from toolcall_lab.stages.weather_data import build_weather_tool
from toolcall_lab.wires.live_wires import LIVE_WIRES, served_url, wire_chat_model


@pytest.mark.parametrize("wire", LIVE_WIRES)
def test_every_wire_runs_the_weather_question_to_an_answer(wire):
    tools = [build_weather_tool(lang="en")]
    trace = run_traced("What is the weather in Paris?", wire_chat_model(wire), tools, lang="en")
    assert trace.stop_reason == "final" and trace.error is None
    assert [e.tool_name for e in trace.tool_executions] == ["get_weather"]
    assert "13" in str(trace.answer)  # Paris's temperature, from the tool's result
    # the answer is the reply's text on every wire, never a dump of content blocks (Responses, Anthropic)
    assert isinstance(trace.answer, str) and not trace.answer.lstrip().startswith(("[", "{"))


def test_the_server_starts_once_and_an_unknown_wire_is_chat():
    assert served_url() == served_url()
    assert type(wire_chat_model("carrier-pigeon")).__name__ == "ChatOpenAI"
    assert wire_chat_model("responses").use_responses_api is True
    assert wire_chat_model("chat").use_responses_api is False
