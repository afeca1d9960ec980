"""The teacher's totals for a class: per exercise, how many tried, solved, and the commonest wrong answer."""

from __future__ import annotations

from tests.unit.progress.conftest import ADA, BEN, CY
from toolcall_lab.progress import ExerciseResult, ProgressStore, WrongAnswer, new_learner_id

P4 = "pages/stage_4_tool_call.py"
E41, E42 = "stage_4_tool_call/1", "stage_4_tool_call/2"


def test_class_results_worked_example(store: ProgressStore) -> None:
    # Exercise 1: Ada is wrong twice ("weather", then "Weather") then right; Ben is wrong with
    # "weather" three times; Cy is right at once.  -> tried 3, solved 2; "weather" was given by
    # 2 learners (Ada, Ben: Ben's three clicks count once), "Weather" by 1.
    store.record_attempt(ADA, E41, "1", "weather", False, page_path=P4)
    store.record_attempt(ADA, E41, "2", "Weather", False, page_path=P4)
    store.record_attempt(ADA, E41, "3", "get_weather", True, page_path=P4)
    for n in range(3):
        store.record_attempt(BEN, E41, f"b{n}", "weather", False, page_path=P4)
    store.record_attempt(CY, E41, "c", "get_weather", True, page_path=P4)
    # Exercise 2: only Ben tried, right at once.  -> tried 1, solved 1, no wrong answer.
    store.record_attempt(BEN, E42, "b9", {"city": "曼谷"}, True, page_path=P4)
    # Someone outside the class, wrong with "weather": not counted.
    outsider = new_learner_id()
    for n in range(5):
        store.record_attempt(outsider, E41, f"o{n}", f"noise{n}", False, page_path=P4)

    results = store.class_results([ADA, BEN, CY, ADA])  # a repeated id counts once
    assert results == [
        ExerciseResult(
            E41,
            tried=3,
            solved=2,
            common_wrong_answer=WrongAnswer("weather", learners=2),
            wrong_answers={'"weather"': 2, '"Weather"': 1},  # every wrong answer, as stored JSON text
        ),
        ExerciseResult(E42, tried=1, solved=1, common_wrong_answer=None, wrong_answers={}),
    ]


def test_structured_wrong_answers_are_counted_as_equal_json(store: ProgressStore) -> None:
    store.record_attempt(ADA, E41, "1", {"a": 1, "b": 2}, False, page_path=P4)
    store.record_attempt(BEN, E41, "1", {"b": 2, "a": 1}, False, page_path=P4)  # same object, keys reordered
    store.record_attempt(CY, E41, "1", {"a": 1}, False, page_path=P4)
    (result,) = store.class_results([ADA, BEN, CY])
    assert result.common_wrong_answer == WrongAnswer({"a": 1, "b": 2}, 2)


def test_a_tie_is_broken_by_the_smaller_json_text(store: ProgressStore) -> None:
    store.record_attempt(ADA, E41, "1", "zebra", False, page_path=P4)
    store.record_attempt(BEN, E41, "1", "apple", False, page_path=P4)
    assert store.class_results([ADA, BEN])[0].common_wrong_answer == WrongAnswer("apple", 1)


def test_named_exercises_are_reported_even_when_nobody_tried_them(store: ProgressStore) -> None:
    store.record_attempt(ADA, E41, "1", "x", True, page_path=P4)
    assert store.class_results([ADA], exercise_ids=[E42]) == [ExerciseResult(E42, 0, 0, None)]
    assert store.class_results([]) == []


def test_a_large_class_is_counted_across_chunks(store: ProgressStore) -> None:
    learners = [new_learner_id() for _ in range(1_203)]  # more than two chunks of 500
    solvers = set(learners[::3])

    def work(tx) -> None:  # one transaction, so the setup stays fast on every backend
        for n, learner in enumerate(learners):
            tx.run(
                "INSERT INTO progress_attempts (learner_id, attempt_id, exercise_id, page_path, answer, correct, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (learner, "t", E41, P4, '"ok"' if learner in solvers else '"no"', learner in solvers, float(n)),
            )

    store.db.write(work)
    (result,) = store.class_results(learners)
    assert (result.tried, result.solved) == (1_203, 401)
    assert result.common_wrong_answer == WrongAnswer("no", 802)
