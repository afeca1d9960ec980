"""Issue 21, finding 8: every forged import is refused or neutralised; a reset can be undone.

Each test is one forgery from the finding, on in-memory SQLite, a SQLite file and PostgreSQL
(in a schema named after the branch that wrote these tests, dropped afterwards).
"""

from __future__ import annotations

import json

import pytest

from tests.unit.progress.conftest import ADA, BEN, Clock
from toolcall_lab.progress import InvalidImport, ProgressStore, attempt_id_for
from toolcall_lab.progress.transfer import CLOCK_SKEW_S, MAX_DEPTH

# Page files no page of the course has any more (old names): their numbered ids are never renamed, so an
# import keeps them as they are (a page's own ids become slugs when its exercises become data, issue 20)
P4, P5 = "pages/stage_4_tool_args.py", "pages/stage_5_json_loads.py"
E41, E42, E51 = "stage_4_tool_args/1", "stage_4_tool_args/2", "stage_5_json_loads/1"
RIGHT = {E41: "get_weather", E42: ["city"], E51: {"days": 3}}  # what this test's re-check accepts


def recheck(exercise_id: str, answer: object) -> bool | None:
    """The exercises' "real check" for these tests: right only with the answer above."""
    return answer == RIGHT[exercise_id] if exercise_id in RIGHT else None


def _file(*attempts: dict, last_page: dict | None = None, pages: list | None = None) -> bytes:
    """A progress file as the learner would upload it: bytes."""
    doc = {
        "format": "toolcall-lab/progress",
        "version": 1,
        "exported_at": 100.0,
        "last_page": last_page,
        "pages": pages or [],
        "attempts": list(attempts),
    }
    return json.dumps(doc, ensure_ascii=False).encode()


def _attempt(exercise_id: str, answer: object, correct: bool, *, at: float = 50.0, attempt_id: str = "x") -> dict:
    page = P5 if exercise_id.startswith("stage_5") else P4
    return {
        "attempt_id": attempt_id,
        "exercise_id": exercise_id,
        "page_path": page,
        "answer": answer,
        "correct": correct,
        "at": at,
    }


def test_a_file_claiming_every_exercise_correct_solves_nothing_and_moves_no_class_figure(store: ProgressStore) -> None:
    forged = _file(*(_attempt(e, "anything", True, attempt_id=f"f{n}") for n, e in enumerate(RIGHT)))
    summary = store.import_json(ADA, forged)  # no re-check wired: kept, unchecked
    assert (summary.attempts_added, summary.unchecked, summary.rechecked) == (3, 3, 0)
    states = store.exercise_states(ADA)
    assert not any(s.solved for s in states.values()) and all(s.unchecked == 1 for s in states.values())
    # With the real check: the claim is judged wrong.
    store.import_json(BEN, forged, recheck=recheck)
    assert not any(s.solved for s in store.exercise_states(BEN).values())
    assert all(s.unchecked == 0 for s in store.exercise_states(BEN).values())
    # The class view counts neither learner: imported attempts never enter class statistics.
    assert all((r.tried, r.solved) == (0, 0) for r in store.class_results([ADA, BEN], list(RIGHT)))


def test_a_right_answer_imported_counts_for_the_learner_only_when_the_check_agrees(store: ProgressStore) -> None:
    store.import_json(ADA, _file(_attempt(E41, "get_weather", False)), recheck=recheck)  # the file even says wrong
    assert store.exercise_state(ADA, E41).solved  # the check's verdict, not the file's
    assert store.page_progress(ADA)[P4].solved == (E41,)
    assert [(r.tried, r.solved) for r in store.class_results([ADA], [E41])] == [(0, 0)]  # still not the class's


def test_an_attempt_id_chosen_by_the_file_cannot_block_the_right_answer(store: ProgressStore) -> None:
    blocking = attempt_id_for(E41, "get_weather")  # the id the page makes for the right answer
    store.import_json(ADA, _file(_attempt(E41, "wrong", False, attempt_id=blocking)), recheck=recheck)
    answer_ids = [a["attempt_id"] for a in store.export_json(ADA)["attempts"]]
    assert answer_ids == [attempt_id_for(E41, "wrong")]  # recomputed from the answer, not the file's
    # The learner now answers right on the page: recorded, solved.
    assert store.record_attempt(ADA, E41, blocking, "get_weather", True, page_path=P4).recorded
    assert store.exercise_state(ADA, E41).solved


def test_a_live_answer_replaces_an_unchecked_import_of_the_same_answer(store: ProgressStore) -> None:
    store.import_json(ADA, _file(_attempt(E41, "get_weather", False)))  # no check: kept, unsolved
    assert not store.exercise_state(ADA, E41).solved
    live = store.record_attempt(ADA, E41, attempt_id_for(E41, "get_weather"), "get_weather", True, page_path=P4)
    assert live.recorded and live.correct
    assert store.exercise_state(ADA, E41).solved and store.exercise_state(ADA, E41).unchecked == 0
    assert [(r.tried, r.solved) for r in store.class_results([ADA], [E41])] == [(1, 1)]  # now the page judged it


def test_a_future_time_cannot_freeze_continue(store: ProgressStore, clock: Clock) -> None:
    far = _file(
        _attempt(E41, "wrong", False, at=1e300),
        last_page={"page_path": P4, "at": 1e300},
        pages=[{"page_path": P4, "first_visit_at": 1e300, "last_visit_at": 1e300, "visits": 1}],
    )
    store.import_json(ADA, far)
    exported = store.export_json(ADA)
    assert exported["last_page"]["at"] == clock.now + CLOCK_SKEW_S
    assert exported["attempts"][0]["at"] == exported["pages"][0]["last_visit_at"] == clock.now + CLOCK_SKEW_S
    clock.now += CLOCK_SKEW_S + 1
    store.record_visit(ADA, P5)  # the learner moves on: "continue" follows
    assert store.last_page(ADA) == P5


@pytest.mark.parametrize(
    "attempt",
    [
        dict(_attempt(E41, "x", True), page_path=P5),  # exercise of stage 4 on stage 5's page
        dict(_attempt(E41, "x", True), page_path="lessons/stage_4_tool_call.py"),  # not a page file
        dict(_attempt(E41, "x", True), exercise_id="stage_4_tool_args/0"),  # exercises count from 1
    ],
    ids=["other-page", "not-a-page", "number-0"],
)
def test_a_page_that_is_not_the_exercises_page_is_refused(store: ProgressStore, attempt: dict) -> None:
    with pytest.raises(InvalidImport) as refused:
        store.import_json(ADA, _file(attempt))
    assert refused.value.reason == "malformed"
    assert store.export_json(ADA)["attempts"] == []


def test_a_numbered_page_file_matches_its_exercise() -> None:
    from toolcall_lab.progress.export_schema import page_of_exercise_matches

    assert page_of_exercise_matches("stage_4_tool_call/1", "pages/04_stage_4_tool_call.py")
    assert not page_of_exercise_matches("stage_4_tool_call/1", "pages/stage_5_json_loads.py")


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 100_000])
def test_deep_nesting_is_refused_before_parsing(store: ProgressStore, depth: int) -> None:
    deep = b'{"format": "toolcall-lab/progress", "x": ' + b"[" * depth + b"]" * depth + b"}"
    with pytest.raises(InvalidImport) as refused:
        store.import_json(ADA, deep)
    assert refused.value.reason == "too_deep"


def test_a_deep_answer_as_parsed_json_is_refused_too(store: ProgressStore) -> None:
    answer: list = []
    for _ in range(5_000):
        answer = [answer]
    doc = json.loads(_file(_attempt(E41, None, False)))
    doc["attempts"][0]["answer"] = answer
    with pytest.raises(InvalidImport) as refused:
        store.import_json(ADA, doc)
    assert refused.value.reason == "too_deep"


def test_a_bracket_inside_a_string_does_not_count_as_nesting(store: ProgressStore) -> None:
    store.import_json(ADA, _file(_attempt(E41, "[" * 1000 + '\\"{', False)))
    assert store.exercise_state(ADA, E41).attempts == 1


def test_one_bad_row_changes_nothing(store: ProgressStore) -> None:
    store.record_attempt(ADA, E42, attempt_id_for(E42, ["city"]), ["city"], True, page_path=P4)
    before = store.export_json(ADA)
    good = [_attempt(E41, f"try {n}", False, attempt_id=f"g{n}") for n in range(50)]
    bad = dict(_attempt(E51, "x", True), at="yesterday")
    with pytest.raises(InvalidImport):
        store.import_json(ADA, _file(*good, bad, last_page={"page_path": P5, "at": 90.0}), recheck=recheck)
    assert store.export_json(ADA) == before


def test_a_check_that_raises_leaves_the_attempt_unchecked(store: ProgressStore) -> None:
    def broken(exercise_id: str, answer: object) -> bool | None:
        raise RecursionError("the check choked on a hostile answer")

    summary = store.import_json(ADA, _file(_attempt(E41, "get_weather", True)), recheck=broken)
    assert summary.unchecked == 1 and not store.exercise_state(ADA, E41).solved


def test_an_unchecked_import_is_judged_later_when_its_check_is_at_hand(store: ProgressStore) -> None:
    store.import_json(ADA, _file(_attempt(E41, "get_weather", True), _attempt(E42, "nope", True)))
    assert store.recheck_imported(ADA, recheck, exercise_ids=[E41]) == 1  # the page of E41 rendered
    assert store.exercise_state(ADA, E41).solved and store.exercise_state(ADA, E42).unchecked == 1
    assert store.recheck_imported(ADA, recheck) == 1  # the rest: E42 is judged wrong
    assert not store.exercise_state(ADA, E42).solved and store.exercise_state(ADA, E42).unchecked == 0
    assert store.recheck_imported(ADA, recheck) == 0  # nothing left to judge


def test_the_store_default_recheck_is_used_when_the_call_gives_none(setting: str, clock: Clock) -> None:
    with ProgressStore.open(setting, clock=clock, recheck=recheck) as wired:
        wired.import_json(ADA, _file(_attempt(E41, "get_weather", False)))
        assert wired.exercise_state(ADA, E41).solved


def test_reset_then_undo_restores_exactly(store: ProgressStore, clock: Clock) -> None:
    store.record_visit(ADA, P4)
    clock.now = 110.0
    store.record_attempt(ADA, E41, attempt_id_for(E41, "weather"), "weather", False, page_path=P4)
    store.record_attempt(ADA, E41, attempt_id_for(E41, "get_weather"), "get_weather", True, page_path=P4)
    store.import_json(ADA, _file(_attempt(E51, {"days": 3}, True)))  # one imported, unchecked
    clock.now = 120.0
    store.record_visit(ADA, P5)
    before = (store.export_json(ADA), store.exercise_states(ADA), store.page_progress(ADA), store.last_page(ADA))
    class_before = store.class_results([ADA], list(RIGHT))

    snapshot = store.reset(ADA)
    assert store.export_json(ADA)["attempts"] == [] and store.last_page(ADA) is None
    assert ADA not in repr(snapshot) and "weather" not in repr(snapshot)
    assert store.undo_reset(snapshot) == 3
    after = (store.export_json(ADA), store.exercise_states(ADA), store.page_progress(ADA), store.last_page(ADA))
    assert after == before
    assert store.class_results([ADA], list(RIGHT)) == class_before  # the imported one still not the class's
    assert store.undo_reset(snapshot) == 0  # a double click on "Undo" restores once
    assert store.page_progress(ADA) == before[2]


def test_undo_after_new_work_keeps_the_new_work(store: ProgressStore, clock: Clock) -> None:
    store.record_visit(ADA, P4)
    store.record_attempt(ADA, E41, "a-old", "weather", False, page_path=P4)
    snapshot = store.reset(ADA)
    clock.now = 200.0
    store.record_visit(ADA, P4)
    store.record_attempt(ADA, E41, "a-new", "get_weather", True, page_path=P4)
    store.undo_reset(snapshot)
    state = store.exercise_state(ADA, E41)
    assert (state.attempts, state.solved, state.last_answer) == (2, True, "get_weather")
    assert store.page_progress(ADA)[P4].visits == 2 and store.last_page(ADA) == P4


def test_an_undo_puts_back_only_the_learner_it_was_taken_from(store: ProgressStore) -> None:
    store.record_attempt(ADA, E41, "a", "x", False, page_path=P4)
    store.record_attempt(BEN, E41, "b", "y", False, page_path=P4)
    snapshot = store.reset(ADA)
    assert store.exercise_state(BEN, E41).attempts == 1  # Ben's progress was never touched
    store.undo_reset(snapshot)
    assert store.exercise_state(ADA, E41).last_answer == "x" and store.exercise_state(BEN, E41).last_answer == "y"


def test_an_exercise_named_by_a_slug_is_matched_to_its_page_too() -> None:
    """Exercises kept as data are named ``<page>/<slug>``: the page check reads the page part only."""
    from toolcall_lab.progress.export_schema import AttemptRecord

    fields = {"attempt_id": "a", "answer": 1, "correct": True, "at": 1.0}
    slug = AttemptRecord.model_validate(
        {**fields, "exercise_id": "stage_4_tool_call/count-calls", "page_path": "pages/stage_4_tool_call.py"}
    )
    assert slug.exercise_id == "stage_4_tool_call/count-calls"
    with pytest.raises(Exception, match="not on page"):
        AttemptRecord.model_validate({**fields, "exercise_id": "stage_4_tool_call/1", "page_path": P5})
