"""Worked examples of the store, on in-memory SQLite, a SQLite file and PostgreSQL.

The clock is set by hand, so every time below can be checked by reading the test.
"""

from __future__ import annotations

import pytest

from tests.unit.progress.conftest import ADA, BEN, Clock
from toolcall_lab.progress import (
    AnswerTooLarge,
    Attempt,
    ExerciseState,
    InvalidKey,
    PageProgress,
    ProgressStore,
)

P4 = "pages/stage_4_tool_call.py"
P5 = "pages/stage_5_json_loads.py"
E41, E42, E51 = "stage_4_tool_call/1", "stage_4_tool_call/2", "stage_5_json_loads/1"


def test_a_learner_path_worked_example(store: ProgressStore, clock: Clock) -> None:
    # t=100: Ada opens stage 4 and answers exercise 1 wrong, then right at t=130.
    store.record_visit(ADA, P4)
    clock.now = 110.0
    wrong = store.record_attempt(ADA, E41, "a-1", {"name": "weather"}, False, page_path=P4)
    clock.now = 130.0
    right = store.record_attempt(ADA, E41, "a-2", {"name": "get_weather"}, True, page_path=P4)
    # t=150: she tries exercise 2 once (wrong), then moves on to stage 5 at t=200.
    clock.now = 150.0
    store.record_attempt(ADA, E42, "a-3", ["city"], False, page_path=P4)
    clock.now = 200.0
    store.record_visit(ADA, P5)

    assert wrong == Attempt("a-1", E41, P4, {"name": "weather"}, False, 110.0, recorded=True)
    assert right.recorded and right.correct
    assert store.exercise_state(ADA, E41) == ExerciseState(
        attempts=2, solved=True, solved_at=130.0, last_answer={"name": "get_weather"}, last_correct=True, last_at=130.0
    )
    assert store.exercise_state(ADA, E42) == ExerciseState(
        attempts=1, solved=False, solved_at=None, last_answer=["city"], last_correct=False, last_at=150.0
    )
    assert store.exercise_state(ADA, E51) == ExerciseState()  # never tried: all empty
    assert store.exercise_states(ADA, [E42, E51]) == {  # only the ones asked for, tried or not
        E42: store.exercise_state(ADA, E42),
        E51: ExerciseState(),
    }
    assert set(store.exercise_states(ADA)) == {E41, E42}  # default: every exercise tried
    assert store.exercise_states(ADA, []) == {}
    assert store.page_progress(ADA) == {
        P4: PageProgress(P4, visits=1, first_visit_at=100.0, last_visit_at=100.0, tried=(E41, E42), solved=(E41,)),
        P5: PageProgress(P5, visits=1, first_visit_at=200.0, last_visit_at=200.0),
    }
    assert store.last_page(ADA) == P5
    pages = store.page_progress(ADA)
    assert pages[P4].visited and not pages[P4].is_solved([E41, E42]) and pages[P4].is_solved([E41])
    assert not pages[P5].is_solved([])  # a page without exercises is not "solved"


def test_solved_stays_solved_and_last_answer_moves_on(store: ProgressStore, clock: Clock) -> None:
    store.record_attempt(ADA, E41, "x1", "get_weather", True, page_path=P4)
    clock.now = 105.0
    store.record_attempt(ADA, E41, "x2", "oops", False, page_path=P4)
    state = store.exercise_state(ADA, E41)
    assert (state.solved, state.solved_at, state.last_answer, state.last_correct) == (True, 100.0, "oops", False)


def test_a_double_click_records_one_attempt(store: ProgressStore, clock: Clock) -> None:
    first = store.record_attempt(ADA, E41, "submit-7", "get_weather", True, page_path=P4)
    clock.now = 100.2  # the second click, 200 ms later, with the same attempt id
    second = store.record_attempt(ADA, E41, "submit-7", "get_weather", True, page_path=P4)
    assert first.recorded and not second.recorded
    assert second == Attempt("submit-7", E41, P4, "get_weather", True, 100.0, recorded=False)  # the first one's time
    assert store.exercise_state(ADA, E41).attempts == 1


def test_a_repeated_attempt_id_keeps_the_first_answer(store: ProgressStore) -> None:
    store.record_attempt(ADA, E41, "same", "first", False, page_path=P4)
    again = store.record_attempt(ADA, E41, "same", "second", True, page_path=P4)
    assert (again.recorded, again.answer, again.correct) == (False, "first", False)


def test_revisits_count_and_move_the_last_page(store: ProgressStore, clock: Clock) -> None:
    store.record_visit(ADA, P4)
    clock.now = 120.0
    store.record_visit(ADA, P5)
    clock.now = 140.0
    store.record_visit(ADA, P4)
    assert store.last_page(ADA) == P4
    assert store.page_progress(ADA)[P4] == PageProgress(P4, visits=2, first_visit_at=100.0, last_visit_at=140.0)


def test_answers_are_kept_as_json_with_their_keys_sorted(store: ProgressStore) -> None:
    answer = {"days": 2, "city": "曼谷", "units": ("C", "F")}  # a tuple goes through the lab's JSON converter
    stored = store.record_attempt(ADA, E41, "j1", answer, False, page_path=P4)
    assert stored.answer == {"city": "曼谷", "days": 2, "units": ["C", "F"]}
    assert list(store.exercise_state(ADA, E41).last_answer) == ["city", "days", "units"]


def test_an_oversized_answer_is_refused(store: ProgressStore) -> None:
    with pytest.raises(AnswerTooLarge):
        store.record_attempt(ADA, E41, "big", "x" * 20_001, False, page_path=P4)
    assert store.exercise_state(ADA, E41).attempts == 0


def test_learner_a_cannot_see_learner_b(store: ProgressStore) -> None:
    store.record_visit(ADA, P4)
    store.record_attempt(ADA, E41, "a-1", "get_weather", True, page_path=P4)
    # Ben asks about the same exercise and the same page: he sees nothing of Ada's.
    assert store.exercise_state(BEN, E41) == ExerciseState()
    assert store.exercise_states(BEN) == {}
    assert store.page_progress(BEN) == {}
    assert store.last_page(BEN) is None
    assert store.export_json(BEN)["attempts"] == []
    # Ben reusing Ada's attempt id records his own attempt, and does not touch hers.
    assert store.record_attempt(BEN, E41, "a-1", "nope", False, page_path=P4).recorded
    assert store.exercise_state(ADA, E41).last_answer == "get_weather"
    # Resetting Ben leaves Ada alone.
    store.reset(BEN)
    assert store.exercise_state(ADA, E41).solved and store.last_page(ADA) == P4
    assert not hasattr(store, "learners") and not hasattr(store, "list_learners")


MALFORMED_LEARNERS = [
    "",
    "ada",
    "AAAAAAAAAAAAAAAAAAAAA",  # 21 characters
    "AAAAAAAAAAAAAAAAAAAAAB",  # 22 characters that do not decode to exactly 16 bytes
    "AAAAAAAAAAAAAAAAAAAAA=",  # padding
    "AAAAAAAAAAAAAAAAAAAA+A",  # not the URL-safe alphabet
    "'; DROP TABLE progress_attempts; --",
    "oidc.ada",
    None,
    42,
]


@pytest.mark.parametrize("learner", MALFORMED_LEARNERS)
def test_a_malformed_learner_id_is_refused_and_nothing_is_stored(store: ProgressStore, learner: object) -> None:
    for call in (
        lambda: store.record_visit(learner, P4),
        lambda: store.record_attempt(learner, E41, "t", 1, True, page_path=P4),
        lambda: store.exercise_state(learner, E41),
        lambda: store.page_progress(learner),
        lambda: store.last_page(learner),
        lambda: store.export_json(learner),
        lambda: store.reset(learner),
        lambda: store.class_results([ADA, learner]),
    ):
        with pytest.raises(InvalidKey) as refused:
            call()
        assert refused.value.kind == "learner"
    rows = store.db.read(lambda tx: tx.query("SELECT COUNT(*) FROM progress_attempts")[0][0])
    assert rows == 0


@pytest.mark.parametrize(
    ("kind", "exercise", "page", "attempt"),
    [
        ("exercise", "stage_4_tool_call", P4, "t"),  # no number
        ("exercise", "../stage_4/1", P4, "t"),
        ("page", E41, "../secrets.py", "t"),
        ("page", E41, "/etc/passwd", "t"),
        ("attempt", E41, P4, ""),
        ("attempt", E41, P4, "a b"),
        ("attempt", E41, P4, "x" * 201),
    ],
)
def test_malformed_exercise_page_and_attempt_ids_are_refused(
    store: ProgressStore, kind: str, exercise: str, page: str, attempt: str
) -> None:
    with pytest.raises(InvalidKey) as refused:
        store.record_attempt(ADA, exercise, attempt, "x", True, page_path=page)
    assert refused.value.kind == kind
    assert store.exercise_states(ADA) == {}


def test_reset_forgets_everything_about_the_learner(store: ProgressStore) -> None:
    store.record_visit(ADA, P4)
    store.record_attempt(ADA, E41, "r1", "x", True, page_path=P4)
    store.reset(ADA)
    assert store.page_progress(ADA) == {} and store.last_page(ADA) is None
    assert store.exercise_state(ADA, E41) == ExerciseState()
    # After a reset the same attempt id can be submitted again (it is a new start).
    assert store.record_attempt(ADA, E41, "r1", "x", True, page_path=P4).recorded
