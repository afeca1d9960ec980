"""Splitting a message into asks: clauses at sentence ends and joiners, list items inside a clause."""

from __future__ import annotations

import pytest

from tests.unit.model.helpers import TUTOR, WEATHER, ask, calls
from toolcall_lab.offline.clauses import split_clauses, split_segments


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "What's the weather in Paris? Also, what level is accord?",
            ["What's the weather in Paris", "what level is accord"],
        ),
        ("Look up meticulous. Then check my classes.", ["Look up meticulous", "check my classes"]),
        ("我明天有什么课？顺便告诉我学到哪了。", ["我明天有什么课", "告诉我学到哪了"]),
        ("How am I doing, and what's the weather in Tokyo?", ["How am I doing", "what's the weather in Tokyo"]),
        ("Search news about Python 3.14", ["Search news about Python 3.14"]),  # no split inside a number
    ],
)
def test_clauses_split_at_sentence_ends_and_joiners(text, expected):
    assert list(split_clauses(text)) == expected


def test_list_items_split_at_separators():
    assert split_segments("accord 和 abandon 分别是几级") == ("accord", "abandon 分别是几级")
    assert split_segments("Bangkok, Sydney or Paris") == ("Bangkok", "Sydney", "Paris")
    assert split_segments("查一下 resilient、coherent") == ("查一下 resilient", "coherent")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("accord 和 abandon 分别是几级？", [("lookup_word", {"word": "accord"}), ("lookup_word", {"word": "abandon"})]),
        (
            "What levels are 'benefit' and 'leisure'?",
            [("lookup_word", {"word": "benefit"}), ("lookup_word", {"word": "leisure"})],
        ),
        (
            "S1002 和 S1003 的学习进度怎么样？",
            [("get_learning_record", {"student_id": "S1002"}), ("get_learning_record", {"student_id": "S1003"})],
        ),
        (
            "Check my schedule on 2026-07-25 and my progress",
            [
                ("get_schedule", {"student_id": "S1001", "date": "2026-07-25"}),
                ("get_learning_record", {"student_id": "S1001"}),
            ],
        ),
        (
            "Is 'abandon' on the kaoyan list? And 'diligent'?",  # the second clause only names a word
            [("lookup_word", {"word": "abandon"}), ("lookup_word", {"word": "diligent"})],
        ),
    ],
)
def test_each_listed_thing_gets_its_own_call(question, expected):
    assert calls(ask(question, tools=TUTOR)) == expected


def test_cities_fan_out_and_share_the_days():
    decision = ask("Check the weather in London and Paris for 2 days", tools=WEATHER, system=None)
    assert calls(decision) == [
        ("get_weather", {"city": "London", "days": 2}),
        ("get_weather", {"city": "Paris", "days": 2}),
    ]


def test_a_later_clause_naming_only_a_city_joins_the_weather_ask():
    assert calls(ask("北京天气怎么样，顺便看看上海", tools=WEATHER, system=None)) == [
        ("get_weather", {"city": "Beijing"}),
        ("get_weather", {"city": "Shanghai"}),
    ]


def test_the_decision_record_lists_the_clauses():
    record = ask("What's the weather in Paris? Also, what level is accord?").record
    assert [c.text for c in record.clauses] == ["What's the weather in Paris", "what level is accord"]
    assert [c.chosen for c in record.clauses] == [("get_weather",), ("lookup_word",)]


def test_an_english_ask_is_joined_back_with_an_english_comma():
    """Free-text arguments quote the learner: an English clause never gains a full-width comma."""
    from toolcall_lab.offline.choosing import Ask

    english = Ask(info=None, clause=0, segments=["has a fever", "is absent today"])  # type: ignore[arg-type]
    chinese = Ask(info=None, clause=0, segments=["发烧", "请假一天"])  # type: ignore[arg-type]
    assert english.text == "has a fever, is absent today"
    assert chinese.text == "发烧，请假一天"
