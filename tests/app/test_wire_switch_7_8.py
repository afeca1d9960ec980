"""The wire switch on stages ⑦ and ⑧ (issue 13): the result going back on Chat Completions and the Responses API.

⑦ shows the last item of each wire's second request: ``role: "tool"`` + ``tool_call_id`` next to
``function_call_output`` + ``call_id``, carrying the same tool output. ⑧ shows each second
request whole, where each wire pairs the call and its answer by its own id field.
"""

from __future__ import annotations

import json

import pytest

from pages.registry import chain_page
from tests.app.test_chain_5_8 import unglossed_cjk

P7, P8 = chain_page("tool_message").path, chain_page("round_trip").path


def _bodies(at) -> list[object]:
    return [json.loads(j.value) if isinstance(j.value, str) else j.value for j in at.json]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_stage7_shows_the_result_on_both_wires(open_page, lang):
    at = open_page(P7, lang)
    assert not at.exception, at.exception
    bodies = _bodies(at)
    chat = next(
        b[0] for b in bodies if isinstance(b, list) and b and isinstance(b[0], dict) and b[0].get("role") == "tool"
    )
    responses = next(
        b[0]
        for b in bodies
        if isinstance(b, list) and b and isinstance(b[0], dict) and b[0].get("type") == "function_call_output"
    )
    assert chat["tool_call_id"].startswith("call_") and responses["call_id"].startswith("call_")
    assert chat["content"] == responses["output"]  # one ToolMessage, two wire shapes
    if lang == "en":
        assert unglossed_cjk(at) == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_stage8_shows_the_second_request_on_both_wires(open_page, lang):
    at = open_page(P8, lang)
    assert not at.exception, at.exception
    bodies = [b for b in _bodies(at) if isinstance(b, dict)]
    at_responses = next(i for i, b in enumerate(bodies) if "input" in b)
    chat, responses = bodies[at_responses - 1], bodies[at_responses]  # side by side: Chat Completions first
    assistant = next(m for m in chat["messages"] if m.get("tool_calls"))
    tool = next(m for m in chat["messages"] if m.get("role") == "tool")
    assert tool["tool_call_id"] == assistant["tool_calls"][0]["id"]
    call = next(i for i in responses["input"] if i.get("type") == "function_call")
    output = next(i for i in responses["input"] if i.get("type") == "function_call_output")
    assert output["call_id"] == call["call_id"]
    if lang == "en":
        assert unglossed_cjk(at) == []
