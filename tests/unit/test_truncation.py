"""finish_reason "length" (issue 13): a max_tokens budget that cuts a tool call's arguments mid-JSON.

The demo is one real request to the built-in model; these tests hold what it shows: the cut
string ``json.loads`` rejects, LangChain's ``invalid_tool_calls``, ``tools_condition``'s END,
and the check that catches it; and the exercise's right answer, found by asking the model.
"""

from __future__ import annotations

import json

import pytest
from langchain_core.messages import AIMessage

from lessons.course import faults as lesson
from toolcall_lab.reliability import cut_off, truncated_call
from toolcall_lab.stages.weather_data import build_weather_tool


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_small_budget_cuts_the_arguments_and_nothing_runs(lang):
    demo = truncated_call(lesson.question(lang), [build_weather_tool(lang=lang)], lesson.DEFAULT_MAX_TOKENS)
    assert demo.request_body["max_completion_tokens"] == lesson.DEFAULT_MAX_TOKENS
    assert demo.finish_reason == "length" and demo.cut_off
    with pytest.raises(json.JSONDecodeError):
        json.loads(demo.arguments or "")
    assert demo.json_error is not None and demo.json_error.startswith("JSONDecodeError")
    assert demo.tool_calls == []
    [bad] = demo.invalid_tool_calls
    assert bad["args"] == demo.arguments and "are not valid JSON" in bad["error"]
    assert demo.next_node == "__end__"  # tools_condition: no tool node, the run just ends


def test_the_fewest_budget_is_whole_and_one_less_is_cut():
    fewest = lesson.fewest_max_tokens("en")
    assert fewest is not None
    whole, cut = lesson.truncation(fewest, "en"), lesson.truncation(fewest - 1, "en")
    assert whole.finish_reason == "tool_calls" and whole.tool_calls and whole.next_node == "tools"
    assert json.loads(whole.arguments or "") == whole.tool_calls[0]["args"]
    assert cut.finish_reason == "length" and (whole.arguments or "").startswith(cut.arguments or "")
    assert fewest > lesson.DEFAULT_MAX_TOKENS  # the demo's default is a cut


def test_enough_tokens_judges_by_asking_the_model():
    fewest = lesson.fewest_max_tokens("en")
    assert fewest is not None
    assert lesson.enough_tokens(None, "en").expected == fewest
    assert lesson.enough_tokens(fewest, "en").correct
    assert not lesson.enough_tokens(fewest - 1, "en").correct  # still cut
    assert not lesson.enough_tokens(fewest + 1, "en").correct  # whole, but one less would do
    assert lesson.enough_tokens(fewest - 1, "en").shown["finish_reason"] == "length"


def test_cut_off_reads_the_finish_reason():
    assert cut_off(AIMessage("", response_metadata={"finish_reason": "length"}))
    assert not cut_off(AIMessage("", response_metadata={"finish_reason": "tool_calls"}))
    assert not cut_off(AIMessage("hi"))
