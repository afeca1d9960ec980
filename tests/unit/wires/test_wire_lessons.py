"""The every-wire extracts for ③ ④ ⑦ and the schema inspector's exercises on ② (issue 24), on the real libraries."""

from __future__ import annotations

import json

import pytest

from lessons.wires import every_wire_lesson, schema_lesson


def test_every_wire_parts_carry_one_call_five_ways():
    found = every_wire_lesson.parts("en")
    assert list(found) == list(every_wire_lesson.WIRE_NAMES)
    chat = json.loads(found["chat_completions"]["tool_call"]["function"]["arguments"])  # a string on OpenAI
    assert found["anthropic"]["tool_call"]["input"] == chat  # an object on Anthropic
    assert found["gemini"]["tool_call"]["functionCall"]["args"] == chat
    assert found["mcp"]["tool_call"]["arguments"] == chat
    assert found["anthropic"]["where"] == "POST /v1/messages"
    assert (
        found["mcp"]["tool_result"]["structuredContent"]
        == found["gemini"]["tool_result"]["functionResponse"]["response"]
    )


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_strict_compatible_refuses_the_specimen_and_accepts_its_computed_answer(lang):
    refused = schema_lesson.check_strict_compatible(schema_lesson.SPECIMEN, lang)
    assert not refused.correct and {r["path"] for r in refused.shown["rejections"]} == {"city", "days"}
    assert schema_lesson.check_strict_compatible(refused.expected, lang).correct
    renamed = refused.expected.replace("city:", "town:")
    assert not schema_lesson.check_strict_compatible(renamed, lang).correct, "the fields are kept"
    broken = schema_lesson.check_strict_compatible("class (", lang)
    assert not broken.correct and broken.error is not None


def test_gemini_drops_are_a_subset_of_the_options_and_the_check_wants_exactly_them():
    options, dropped = schema_lesson.keyword_options(), schema_lesson.gemini_dropped()
    assert dropped and set(dropped) < set(options)
    assert "days: default" in dropped and "city: description" not in dropped
    assert schema_lesson.check_gemini_drops(dropped).correct
    assert not schema_lesson.check_gemini_drops(dropped[:-1]).correct
    assert not schema_lesson.check_gemini_drops(None).correct
