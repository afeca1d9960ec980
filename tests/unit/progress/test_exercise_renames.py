"""Issue 20: exercises given as data are stored by slug; what a learner did before keeps its meaning.

Both fixtures were made by the code of the day before the change (commit d27b4d5), through its own
ProgressStore: ``progress_before_issue20.sqlite`` (a database at schema version 2) and
``export_before_issue20.json`` (its "Export my progress" file). In them, the learner had solved ①'s
two exercises, ②'s first, ④'s two and tutor 4's first (then positional: ``stage_1_tool/1`` …).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from pages.registry import PAGES, page, recheck_from_data
from toolcall_lab.progress import ProgressStore, new_learner_id
from toolcall_lab.progress.renames import RENAMED, current_id

FIXTURES = Path(__file__).with_name("fixtures")
LEARNER = "A" * 22  # the learner of the database fixture
SOLVED_BEFORE = {
    "pages/stage_1_tool.py": ["stage_1_tool/1", "stage_1_tool/2"],
    "pages/stage_2_schema.py": ["stage_2_schema/1"],
    "pages/stage_4_tool_call.py": ["stage_4_tool_call/1", "stage_4_tool_call/2"],
    "pages/tutor_4_loop_guard.py": ["tutor_4_loop_guard/1"],
}


def _solved(store: ProgressStore, learner: str) -> dict[str, list[str]]:
    return {path: sorted(p.solved) for path, p in store.page_progress(learner).items() if p.solved}


def _expected_now() -> dict[str, list[str]]:
    return {path: sorted(current_id(e) for e in ids) for path, ids in SOLVED_BEFORE.items()}


def test_every_rename_names_the_exercise_that_stood_at_that_position():
    """The renames are history, but they must agree with the lessons' data: position n → the n-th slug.

    An exercise added since (issue 24: ②'s inspector exercises, the MCP page's) was never stored by
    position: it has a slug and no rename, and it comes after every renamed one of its page.
    """
    for spec in PAGES:
        if not spec.exercise_module:
            continue
        for n, new in enumerate(spec.exercise_ids, 1):
            old = f"{spec.url_path}/{n}"
            if old in RENAMED:
                assert RENAMED[old] == new
            else:
                assert not any(k.startswith(f"{spec.url_path}/") and int(k.rpartition("/")[2]) > n for k in RENAMED)
    assert set(RENAMED.values()) <= {e for spec in PAGES for e in spec.exercise_ids}
    kept = [e for spec in PAGES if spec.exercise_module for e in spec.exercise_ids if e.rpartition("/")[2].isdigit()]
    assert kept == []  # no page whose exercises are data keeps a position id (⑧'s review was the last, until 7)


def test_a_database_from_before_is_migrated_to_the_slugs(tmp_path):
    db = tmp_path / "progress.sqlite"
    shutil.copy(FIXTURES / "progress_before_issue20.sqlite", db)
    store = ProgressStore.open(str(db))
    assert _solved(store, LEARNER) == _expected_now()
    # ①'s first exercise is solved under its slug: the page's own list of ids says the page is done
    assert page("pages/stage_1_tool.py").exercise_ids == ("stage_1_tool/required-params", "stage_1_tool/make-get-time")
    assert store.page_progress(LEARNER)["pages/stage_1_tool.py"].is_solved(page("pages/stage_1_tool.py").exercise_ids)
    assert store.exercise_state(LEARNER, "stage_1_tool/required-params").attempts == 2  # one wrong try, one right


def test_an_export_from_before_imports_with_the_same_solved_exercises(tmp_path):
    store = ProgressStore.open(str(tmp_path / "progress.sqlite"))
    me = new_learner_id()
    data = json.loads((FIXTURES / "export_before_issue20.json").read_text(encoding="utf-8"))
    assert {a["exercise_id"] for a in data["attempts"]} >= {"stage_1_tool/1", "stage_4_tool_call/2"}  # old ids
    store.import_json(me, data, recheck=recheck_from_data)
    # the file's "correct" is never believed (issue 21): each answer is judged again by its exercise's own check.
    # Exercises given as data judge it at once; tutor 4's (it needs the page's slider) when its page draws it
    now = _expected_now()
    assert _solved(store, me) == {p: ids for p, ids in now.items() if p != "pages/tutor_4_loop_guard.py"}
    store.recheck_imported(
        me, lambda exercise_id, answer: exercise_id == current_id("tutor_4_loop_guard/1") and answer == 3
    )
    assert _solved(store, me) == now
    # exported again, it carries the new ids, and imports into another learner unchanged
    again = store.export_json(me)
    assert "stage_4_tool_call/count-calls" in {a["exercise_id"] for a in again["attempts"]}
    other = new_learner_id()
    store.import_json(other, again, recheck=recheck_from_data)
    assert set(_solved(store, other)) == set(_expected_now()) - {"pages/tutor_4_loop_guard.py"}


def test_an_export_with_the_old_ids_of_pages_5_to_8_imports_under_their_slugs(tmp_path):
    """⑤'s predict, ⑥'s make and ⑧'s third (the chain review), exported under their positions, solve their
    slugs, judged by the data's checks (the review became data with step 7: it needs no page to be judged)."""
    from lessons.chain import stage_5_validation as s5
    from lessons.chain import stage_6_kwargs as s6
    from lessons.course import review as rv

    data = json.loads((FIXTURES / "export_before_issue20.json").read_text(encoding="utf-8"))
    template = data["attempts"][0]
    right_5 = s5.check_stop_layers(None, "en").expected  # computed by the real layers, not typed
    right_6 = s6.check_invoke_but_not_python(None, "en").expected
    right_8 = rv.check_chain(None, "en").expected  # from the real run's artifacts
    old = {
        ("pages/stage_5_validation.py", "stage_5_validation/1"): right_5,
        ("pages/stage_6_kwargs.py", "stage_6_kwargs/2"): right_6,
        ("pages/stage_8_round_trip.py", "stage_8_round_trip/3"): right_8,
    }
    data["attempts"] = [
        {**template, "attempt_id": f"old{n}", "exercise_id": e, "page_path": p, "answer": a, "correct": True}
        for n, ((p, e), a) in enumerate(old.items())
    ]
    store = ProgressStore.open(str(tmp_path / "progress.sqlite"))
    me = new_learner_id()
    store.import_json(me, data, recheck=recheck_from_data)
    assert _solved(store, me) == {
        "pages/stage_5_validation.py": ["stage_5_validation/stop-layer"],
        "pages/stage_6_kwargs.py": ["stage_6_kwargs/invoke-not-python"],
        "pages/stage_8_round_trip.py": ["stage_8_round_trip/section-review"],
    }
    assert store.exercise_state(me, "stage_8_round_trip/3").attempts == 0


def test_graph_attempts_stored_by_position_are_renamed_by_step_5(tmp_path):
    """A database at v4 holding answers to the LangGraph pages by position: step 5 gives them their slugs."""
    from toolcall_lab.progress import schema
    from toolcall_lab.progress.database import Database
    from toolcall_lab.progress.renames import GRAPH_SLUGS

    path = str(tmp_path / "progress.sqlite")
    db = Database.open(path)
    assert db.migrate(schema.COMPONENT, schema.MIGRATIONS, target=4) == 4
    old = ["graph_1_workflow_vs_agent/1", "graph_4_threads/2", "graph_7_context/3"]

    def write(tx):
        for n, exercise_id in enumerate(old):
            tx.run(
                "INSERT INTO progress_attempts (learner_id, attempt_id, exercise_id, page_path, answer, correct, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (LEARNER, f"a{n}", exercise_id, f"pages/{exercise_id.split('/')[0]}.py", "null", True, 1.0 + n),
            )

    db.write(write)
    db.close()
    store = ProgressStore.open(path)
    # the slugs are the pages' own: graph 7's third exercise is the section review, appended to its EXERCISES
    assert page("pages/graph_7_context.py").exercise_ids[-1] == GRAPH_SLUGS["graph_7_context/3"]
    for exercise_id in old:
        assert store.exercise_state(LEARNER, GRAPH_SLUGS[exercise_id]).solved
        assert store.exercise_state(LEARNER, exercise_id).attempts == 0


# ---------------------------------------------------------------- step 7: tutor 6, who decides, the section reviews
FIXTURE_7 = "export_f48bab0_reviews.json"


def _context_recheck(exercise_id: str, answer: object) -> bool | None:
    """What the page does for an exercise that needs its context: the data's own check, with the page's context."""
    from pages.registry import data_exercise

    item = data_exercise(exercise_id)
    if item is None:
        return None
    return item.check(answer, {"lang": "en", "ed": "en"}).correct  # the English page, the English edition


def test_an_export_from_f48bab0_solves_the_pitfalls_who_decides_and_reviews_under_their_slugs(tmp_path):
    """Step 7's exercises, exported by the code of the day before (commit f48bab0), solve the same exercises now.

    The fixture was made with f48bab0 checked out in a temporary worktree: through ITS ``ProgressStore`` (memory),
    an English learner visited the pages and recorded, for each of ``tutor_6_pitfalls/1..3``, ``who_decides/1..3``
    and ``stage_8_round_trip/3``, first a wrong answer and then the right one, each judged by that day's own check
    (answers as its widgets gave them; right answers computed by its checks), then ``store.export_json``.
    """
    data = json.loads((FIXTURES / FIXTURE_7).read_text(encoding="utf-8"))
    old = [a["exercise_id"] for a in data["attempts"]]
    assert set(old) == {
        "stage_8_round_trip/3",
        *(f"{p}/{n}" for p in ("tutor_6_pitfalls", "who_decides") for n in (1, 2, 3)),
    }
    # what the code of that day judged right, under today's ids (the file's claim, used only as the reference here)
    then: dict[str, set[str]] = {}
    for a in data["attempts"]:
        if a["correct"]:
            then.setdefault(a["page_path"], set()).add(current_id(a["exercise_id"]))
    assert sum(map(len, then.values())) == 7 and not {e for ids in then.values() for e in ids} & set(old)
    store = ProgressStore.open(str(tmp_path / "progress.sqlite"))
    me = new_learner_id()
    store.import_json(me, data, recheck=recheck_from_data)
    needs_page = {"tutor_6_pitfalls/predict-pitfall", "tutor_6_pitfalls/fix-decorator"}  # they read the edition
    now = {p: sorted(ids - needs_page) for p, ids in then.items()}
    assert _solved(store, me) == now  # the reviews and who-decides judged at once, by the data's checks
    for exercise_id in needs_page:
        assert store.exercise_state(me, exercise_id).unchecked == 2
    store.recheck_imported(me, _context_recheck)  # as the page does when it draws them
    assert _solved(store, me) == {p: sorted(ids) for p, ids in then.items()}
    for exercise_id in {e for ids in then.values() for e in ids}:
        state = store.exercise_state(me, exercise_id)
        assert state.attempts == 2 and state.solved and state.unchecked == 0  # one wrong try, one right
    assert not any(store.exercise_state(me, e).attempts for e in old)  # nothing is left under a position id


def test_attempts_stored_by_position_are_renamed_by_step_7(tmp_path):
    """A database at v6 holding answers to tutor 6, who decides and ⑧'s review by position: step 7 gives them slugs."""
    from toolcall_lab.progress import schema
    from toolcall_lab.progress.database import Database
    from toolcall_lab.progress.renames import TUTOR_RELIABILITY_REVIEW_SLUGS as SLUGS

    path = str(tmp_path / "progress.sqlite")
    db = Database.open(path)
    assert db.migrate(schema.COMPONENT, schema.MIGRATIONS, target=6) == 6

    def write(tx):
        for n, exercise_id in enumerate(SLUGS):
            tx.run(
                "INSERT INTO progress_attempts (learner_id, attempt_id, exercise_id, page_path, answer, correct, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (LEARNER, f"a{n}", exercise_id, f"pages/{exercise_id.split('/')[0]}.py", "null", True, 1.0 + n),
            )

    db.write(write)
    db.close()
    store = ProgressStore.open(path)
    # the section review is the last exercise of each of the three pages, given as data
    for url_path in ("stage_8_round_trip", "tutor_6_pitfalls", "who_decides"):
        assert page(f"pages/{url_path}.py").exercise_ids[-1] == SLUGS[f"{url_path}/3"] == f"{url_path}/section-review"
    for exercise_id, new in SLUGS.items():
        assert store.exercise_state(LEARNER, new).solved
        assert store.exercise_state(LEARNER, exercise_id).attempts == 0
