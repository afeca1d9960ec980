"""Issue 23: the learner answers what the model asked for ("what's the weather?" → "which city?" → "Seoul").

The first turn lacks an argument, so the model asks instead of guessing; the next message is only the value.
Each test runs the model's real decision on the app's real tool schemas, with the model's own reply to the
first turn in between, as a chat client sends it."""

from __future__ import annotations

from typing import Any

from lessons.tutor.agent import SYSTEM_PROMPT
from tests.unit.model.helpers import TUTOR, WEATHER, ask, calls
from toolcall_lab.offline.brain import Decision, decide
from toolcall_lab.offline.reading import read_context


def _after_asking(first: str, then: str, tools: list[dict[str, Any]] = WEATHER, system: str | None = None) -> Decision:
    """The model's turn on ``then``, after it answered ``first`` as it does."""
    reply = ask(first, tools=tools, system=system)
    assert not reply.tool_calls, "the first turn must be one the model could not call for"
    return ask(first, {"role": "assistant", "content": reply.content}, then, tools=tools, system=system)


def test_a_city_sent_alone_completes_the_weather_question_it_answers():
    assert calls(_after_asking("how's the weather looking?", "Seoul")) == [("get_weather", {"city": "Seoul"})]
    assert calls(_after_asking("会下雨吗", "伦敦的")) == [("get_weather", {"city": "London"})]


def test_the_days_of_the_earlier_question_stay_with_the_city_sent_later():
    assert calls(_after_asking("will it rain tomorrow?", "in sydney")) == [
        ("get_weather", {"city": "Sydney", "days": 2})
    ]


def test_an_id_or_a_date_sent_alone_completes_a_tutor_question():
    # no system prompt: the model does not know whose record is meant until the id comes
    record = _after_asking("how is that student getting on?", "S1004", tools=TUTOR)
    assert calls(record) == [("get_learning_record", {"student_id": "S1004"})]
    schedule = _after_asking("那天我有课吗", "2026-07-25", tools=TUTOR, system=SYSTEM_PROMPT)
    assert calls(schedule) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-25"})]


def test_the_completed_call_says_in_the_record_what_it_was_read_with():
    decision = _after_asking("what's the weather like", "paris")
    steps = [s for s in decision.record.steps if s.kind == "normalised"]
    assert steps and steps[0].typed == "paris" and "weather" in steps[0].read_as


def test_a_new_question_or_thanks_after_the_ask_is_not_taken_for_the_value():
    assert calls(_after_asking("what's the weather", "tell me a joke")) == []
    assert calls(_after_asking("what's the weather", "ok thanks")) == []
    assert calls(_after_asking("what's the weather", "never mind, I was just curious how this works")) == []


def test_a_value_that_still_does_not_fill_the_gap_makes_no_call():
    assert calls(_after_asking("what's the weather", "tomorrow")) == []


def test_a_message_with_no_language_of_its_own_is_answered_in_the_language_of_the_one_before():
    def lang(*users: str) -> str:
        return read_context([{"role": "user", "content": u} for u in users]).lang

    assert lang("他的学习进度怎么样", "S1003") == "zh"
    assert lang("天气怎么样", "paris") == "zh"
    assert lang("how is she doing", "S1003") == "en"
    assert lang("天气怎么样", "what about paris") == "en"


def test_the_completed_turn_is_the_same_every_time():
    body = {
        "model": "m",
        "messages": [
            {"role": "user", "content": "what's the weather"},
            {"role": "assistant", "content": "Which city?"},
            {"role": "user", "content": "Bangkok"},
        ],
        "tools": WEATHER,
    }
    assert decide(body).tool_calls == decide(body).tool_calls == (("get_weather", {"city": "Bangkok"}),)
