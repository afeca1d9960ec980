"""The exercise checks of chain pages ⑤–⑧: right and wrong answers, the right one derived from the real stage."""

from __future__ import annotations

import json

import pytest

from lessons.chain import stage_5_validation as s5
from lessons.chain import stage_6_kwargs as s6
from lessons.chain import stage_7_tool_message as s7
from lessons.chain import stage_8_round_trip as s8
from lessons.chain.examples import SYSTEM_PROMPT
from toolcall_lab.stages.json_layer import json_stage
from toolcall_lab.stages.kwargs import call_plain
from toolcall_lab.stages.round_trip import run_round_trip
from toolcall_lab.stages.shape_layer import validate_stage
from toolcall_lab.stages.tool_node import run_from_text


# ---------------------------------------------------------------- ⑤
def test_each_layer_stops_one_sample_and_one_passes():
    layers = {s5.layers_verdict(text)["layer"] for text in s5.STOP_SAMPLES}
    assert layers == set(s5.LAYERS)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_stop_layers_right_and_wrong(lang):
    expected = s5.check_stop_layers(None, lang).expected
    # derived here from the layers themselves: json.loads, then WeatherInput
    for text, layer in expected.items():
        parsed = json_stage(text)
        if layer == "json":
            assert not hasattr(parsed, "value")
        elif layer == "shape":
            assert not validate_stage(parsed.value, "WeatherInput").ok
    assert s5.check_stop_layers(expected, lang).correct
    wrong = dict(expected, **{s5.STOP_SAMPLES[0]: "none"})
    verdict = s5.check_stop_layers(wrong, lang)
    assert not verdict.correct and verdict.shown["wrong"] == [s5.STOP_SAMPLES[0]]
    assert not s5.check_stop_layers(None, lang).correct


def test_fixed_arguments():
    broken = s5.check_fixed_arguments(s5.BROKEN_ARGUMENTS, "en")
    assert not broken.correct and broken.shown["layer"] == "json"
    assert s5.check_fixed_arguments(broken.expected, "en").correct
    assert validate_stage(json.loads(broken.expected), "WeatherInput").kwargs == s5.FIX_GOAL
    still_extra = s5.check_fixed_arguments('{"city": "Tokyo", "days": 5, "country": "Japan"}', "en")
    assert not still_extra.correct and still_extra.shown["errors"][0]["type"] == "extra_forbidden"
    assert not s5.check_fixed_arguments('{"city": "Tokyo", "days": 4}', "en").correct
    assert not s5.check_fixed_arguments("", "en").correct


# ---------------------------------------------------------------- ⑥
def test_call_outcomes_right_and_wrong():
    expected = s6.check_call_outcomes(None).expected
    for text, outcome in expected.items():
        assert call_plain(json.loads(text))["ok"] is (outcome == "returns")
    assert sorted(expected.values()) == sorted(s6.OUTCOMES)
    assert s6.check_call_outcomes(expected).correct
    assert not s6.check_call_outcomes(dict.fromkeys(expected, "returns")).correct


def test_invoke_but_not_python():
    verdict = s6.check_invoke_but_not_python(None, "en")
    assert verdict.expected is not None
    assert s6.check_invoke_but_not_python(verdict.expected, "en").correct
    both_fine = s6.check_invoke_but_not_python('{"city": "Bangkok"}', "en")
    assert not both_fine.correct and both_fine.shown["python_ok"]
    both_fail = s6.check_invoke_but_not_python('{"location": "Bangkok"}', "en")
    assert not both_fail.correct and not both_fail.shown["invoke_ok"]
    assert s6.check_invoke_but_not_python("[1]", "en").shown == {"not_object": True}


# ---------------------------------------------------------------- ⑦
def test_statuses_right_and_wrong():
    expected = s7.check_statuses(None, "en").expected
    tokyo = run_from_text('{"city": "Tokyo"}', "call_1", False, "default", "en")
    assert expected["tokyo"] == tokyo["messages"][0]["status"] == "success"
    assert expected["fake"] == "success"  # a wrong fact is an answer, not an error
    assert expected["down"] == "stops"
    assert s7.check_statuses(expected, "en").correct
    assert not s7.check_statuses(dict(expected, fake="error"), "en").correct


def test_answer_id_reads_the_real_reply():
    reply = s7.first_reply("What's the weather in Tokyo?", "en")
    real_id = reply["raw_tool_calls"][0]["id"]
    right = s7.check_answer_id(reply, real_id, "en")
    assert right.correct and right.expected == real_id and right.shown["status_code"] == 200
    wrong = s7.check_answer_id(reply, "call_123", "en")
    assert not wrong.correct and wrong.shown["status_code"] == 400
    assert not s7.check_answer_id(reply, "", "en").correct


# ---------------------------------------------------------------- ⑧
def test_second_request_size():
    question = "Weather in Beijing, and also Shanghai"
    # the exercise runs as the page's runs do: the chain's system prompt first (issue 22)
    run = run_round_trip(question, lang="en", system=SYSTEM_PROMPT("en"))
    count = len(run.second_request_messages or [])
    assert (run.second_request_messages or [{}])[0].get("role") == "system"
    assert s8.check_second_request_size(count, question, "en").correct
    assert not s8.check_second_request_size(count + 1, question, "en").correct
    assert s8.check_second_request_size(None, "Hello", "en").expected == 0


def test_three_tool_messages():
    verdict = s8.check_three_tool_messages(None, "en")
    roles = [m["role"] for m in run_round_trip(verdict.expected, lang="en").second_request_messages or []]
    assert roles.count("tool") == 3
    assert s8.check_three_tool_messages(verdict.expected, "en").correct
    one = s8.check_three_tool_messages("What's the weather in Tokyo?", "en")
    assert not one.correct and one.shown["roles"].count("tool") == 1


# ---------------------------------------------------------------- the English edition reaches every ⑤–⑧ artifact
def _cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def test_english_artifacts_of_stages_5_to_8_have_no_chinese():
    from toolcall_lab.stages import fact_layer, kwargs, tool_message

    en = json.dumps
    assert not _cjk(en(fact_layer.fact_stage(fact_layer.weather_subject("en")), ensure_ascii=False))
    assert not _cjk(en(kwargs.invoke_vs_call(lang="en"), ensure_ascii=False))
    assert not _cjk(en(kwargs.wrong_name_demo({"city": "Bangkok"}, "en"), ensure_ascii=False))
    assert not _cjk(en(run_from_text('{"city": "Tokyo"}', "c1", True, "true", "en"), ensure_ascii=False))
    assert not _cjk(en(tool_message.artifact_demo("Tokyo", "en")["content"], ensure_ascii=False))
    assert not _cjk(en(tool_message.output_cases("en"), ensure_ascii=False))
    paired = tool_message.pairing_demo("paired", question="What's the weather in Bangkok?", lang="en")
    assert not _cjk(en(paired["exchange"]["request_body"]["messages"], ensure_ascii=False))
    run = run_round_trip("What's the weather in Bangkok?", lang="en")
    assert not _cjk(en(run.to_dict(), ensure_ascii=False))
    # the Chinese edition is still the article's
    assert _cjk(en(run_round_trip().to_dict(), ensure_ascii=False))
