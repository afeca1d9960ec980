"""Class results for a live class: the struggling exercises first, the wrong answer in words, shown from 3 students."""

from __future__ import annotations

import pytest

from toolcall_lab.classroom.live_results import (
    MAX_ANSWER_CHARS,
    MIN_STUDENTS_FOR_WRONG_ANSWER,
    answer_words,
    shown_wrong_answer,
    solved_share,
    struggle_first,
)
from toolcall_lab.progress.records import ExerciseResult, WrongAnswer


def test_the_exercises_the_class_struggles_with_come_first_and_untried_ones_last():
    rows = [
        ExerciseResult("stage_4_tool_call/1", 0, 0),
        ExerciseResult("stage_4_tool_call/2", 12, 11),  # 1 stuck
        ExerciseResult("stage_4_tool_call/3", 10, 2),  # 8 stuck
        ExerciseResult("stage_4_tool_call/4", 3, 3),  # none stuck, 3 tried
        ExerciseResult("stage_4_tool_call/5", 9, 1),  # 8 stuck, fewer tried than /3
    ]
    order = [r.exercise_id.rsplit("/", 1)[1] for r in struggle_first(rows)]
    assert order == ["3", "5", "2", "4", "1"]
    assert struggle_first([]) == []


def test_equal_rows_keep_the_course_order():
    rows = [ExerciseResult(f"p/{n}", 2, 1) for n in range(5)]
    assert struggle_first(rows) == rows


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ("What's the weather in Paris?", "What's the weather in Paris?"),
        ("two\nlines\t and\u200b tabs", "two lines and tabs"),
        (["city", "unit"], "city, unit"),
        ({"down": "error", "fake": "error"}, "down → error · fake → error"),
        ({"q1": ["a", "b"], "q2": True}, "q1 → a, b · q2 → true"),
        (42, "42"),
        (None, "—"),
        ("", '""'),
        ([], "—"),
    ],
)
def test_an_answer_reads_as_the_learner_gave_it(answer, words):
    assert answer_words(answer) == words


def test_an_answer_is_bounded_and_never_a_json_dict():
    long = {f"tool_{n}": "error" for n in range(40)}
    text = answer_words(long)
    assert len(text) == MAX_ANSWER_CHARS and text.endswith("…")
    assert "{" not in text and '"' not in text
    nested: object = "deep"
    for _ in range(10):
        nested = [nested]
    assert answer_words(nested) == "…"  # nesting stops: no recursion a crafted answer could exhaust


def test_the_commonest_wrong_answer_is_shown_only_from_three_students():
    assert MIN_STUDENTS_FOR_WRONG_ANSWER == 3
    two = ExerciseResult("p/1", 5, 1, WrongAnswer("London", 2))
    three = ExerciseResult("p/1", 5, 1, WrongAnswer("London", 3))
    assert shown_wrong_answer(two) is None
    assert shown_wrong_answer(three) == ("London", 3)
    assert shown_wrong_answer(two, min_students=2) == ("London", 2)
    assert shown_wrong_answer(ExerciseResult("p/1", 5, 5)) is None


def test_the_bar_is_solved_among_those_who_tried():
    assert solved_share(ExerciseResult("p/1", 8, 2)) == 0.25
    assert solved_share(ExerciseResult("p/1", 0, 0)) == 0.0
