"""Issue 20, home, the live run and the faults page: their exercises are data, stored by slug (migration 6).

The fixture ``export_f48bab0_start_faults.json`` was made by the code of the day before the change
(commit f48bab0, checked out in a temporary worktree) with a script kept out of the repo: through that
commit's own ProgressStore, one learner answered each of the seven exercises wrong, then right (every
answer computed by that commit's checks in ``lessons.course``, in English, and stored in the format its
page stored it: live run 1's as the pair ``[question, calls]``), and the store's ``export_json`` wrote the
file. Home's predict is judged against the run its page showed, and a run's ids are new every time, so the
script also saved that run (``toolcall_lab.trace.dumps``) as ``export_f48bab0_start_faults.review_trace.json``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pages.registry import data_exercise, page, recheck_from_data
from toolcall_lab import trace as trace_io
from toolcall_lab.progress import ProgressStore, new_learner_id
from toolcall_lab.progress.renames import RENAMED, START_AND_FAULTS_SLUGS, current_id

FIXTURES = Path(__file__).with_name("fixtures")
EXPORT = FIXTURES / "export_f48bab0_start_faults.json"
REVIEW_RUN = FIXTURES / "export_f48bab0_start_faults.review_trace.json"
PAGES = ("pages/home.py", "pages/live_run.py", "pages/faults.py")


def _export() -> dict[str, Any]:
    return json.loads(EXPORT.read_text(encoding="utf-8"))


def _solved(store: ProgressStore, learner: str) -> dict[str, list[str]]:
    return {path: sorted(p.solved) for path, p in store.page_progress(learner).items() if p.solved}


def test_the_three_pages_number_nothing_any_more_and_the_renames_follow_their_order():
    for path in PAGES:
        spec = page(path)
        assert spec.exercise_module
        old = [f"{spec.url_path}/{n}" for n in range(1, len(spec.exercise_ids) + 1)]
        assert [START_AND_FAULTS_SLUGS[e] for e in old] == list(spec.exercise_ids)  # position n -> the n-th slug
        assert all(RENAMED[e] == current_id(e) for e in old)  # in RENAMED, so imports and migration 6 use it
    assert len(page("pages/faults.py").exercise_ids) == 3  # the truncation exercise is the page's third


def test_an_export_from_f48bab0_imports_with_the_same_exercises_solved(tmp_path):
    data = _export()
    old_ids = [a["exercise_id"] for a in data["attempts"]]
    assert sorted(set(old_ids)) == sorted(START_AND_FAULTS_SLUGS)  # the seven old positions, each tried twice
    solved_then = {current_id(a["exercise_id"]) for a in data["attempts"] if a["correct"]}
    store = ProgressStore.open(str(tmp_path / "progress.sqlite"))
    me = new_learner_id()
    store.import_json(me, data, recheck=recheck_from_data)
    # the file's "correct" is never believed: each answer is judged again by its exercise's own check, at once
    # when that check needs nothing from its page (six of seven; the live run's and the faults' run for real)
    states = store.exercise_states(me)
    assert set(states) == set(START_AND_FAULTS_SLUGS.values())
    assert all(s.attempts == 2 for s in states.values())  # one wrong try, one right, under the new ids
    home_predict = current_id("home/1")
    assert {e for e, s in states.items() if s.solved} == solved_then - {home_predict}
    assert states[home_predict].unchecked == 2 and not states[home_predict].solved  # it waits for its page's run

    # home's page judges it when it draws the review: the exercise's check, with the run that page showed
    review = trace_io.loads(REVIEW_RUN.read_text(encoding="utf-8"))

    def on_the_page(exercise_id: str, answer: object) -> bool | None:
        item = data_exercise(exercise_id)
        assert item is not None and item.needs == ("review",)
        return item.check(answer, {"lang": "en", "review": review}).correct

    assert store.recheck_imported(me, on_the_page, exercise_ids=[home_predict]) == 2
    assert _solved(store, me) == {
        path: sorted(e for e in page(path).exercise_ids if e in solved_then) for path in PAGES
    }
    assert all(store.page_progress(me)[path].is_solved(page(path).exercise_ids) for path in PAGES)


def test_each_old_answer_gets_its_old_verdict_from_the_new_check():
    """Every answer of the file, in its old format, judged by the new exercise's check: the verdict f48bab0 gave."""
    review = trace_io.loads(REVIEW_RUN.read_text(encoding="utf-8"))
    for attempt in _export()["attempts"]:
        item = data_exercise(current_id(attempt["exercise_id"]))
        assert item is not None
        verdict = item.check(attempt["answer"], {"lang": "en", "review": review}).correct
        assert verdict == attempt["correct"], attempt["exercise_id"]


@pytest.mark.parametrize("old", sorted(START_AND_FAULTS_SLUGS))
def test_attempts_stored_by_position_are_renamed_by_step_6(tmp_path, old):
    """A database at v5 holding an answer by position: migration 6 gives it the slug."""
    from toolcall_lab.progress import schema
    from toolcall_lab.progress.database import Database

    path = str(tmp_path / "progress.sqlite")
    db = Database.open(path)
    assert db.migrate(schema.COMPONENT, schema.MIGRATIONS, target=5) == 5
    learner = "A" * 22
    db.write(
        lambda tx: tx.run(
            "INSERT INTO progress_attempts (learner_id, attempt_id, exercise_id, page_path, answer, correct, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (learner, "a1", old, f"pages/{old.split('/')[0]}.py", "null", True, 1.0),
        )
    )
    db.close()
    store = ProgressStore.open(path)
    assert store.exercise_state(learner, START_AND_FAULTS_SLUGS[old]).solved
    assert store.exercise_state(learner, old).attempts == 0
