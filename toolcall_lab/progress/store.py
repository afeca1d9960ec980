"""The learner-progress store: attempts, solved exercises, visited pages, where a learner left off.

>>> store = ProgressStore.open("memory", clock=lambda: 100.0)
>>> ada = "AAAAAAAAAAAAAAAAAAAAAA"
>>> page, exercise = "pages/stage_4_tool_call.py", "stage_4_tool_call/1"
>>> store.record_visit(ada, page)
>>> first = store.record_attempt(ada, exercise, "a1", "get_weather", False, page_path=page)
>>> again = store.record_attempt(ada, exercise, "a1", "get_weather", False, page_path=page)
>>> first.recorded, again.recorded      # the double click is the same attempt
(True, False)
>>> store.exercise_state(ada, "stage_4_tool_call/1")
ExerciseState(attempts=1, solved=False, solved_at=None, last_answer='get_weather', last_correct=False, last_at=100.0)
>>> store.last_page(ada)
'pages/stage_4_tool_call.py'

Every method takes the learner id first and refuses a malformed one
(:class:`~toolcall_lab.progress.identity.InvalidKey`); there is no method that lists
learners. Writes are idempotent where a client could repeat them (an attempt carries
its own id) and retried when the database is briefly busy.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from toolcall_lab.progress import schema, transfer
from toolcall_lab.progress.database import Database, Tx
from toolcall_lab.progress.identity import (
    check_attempt_id,
    check_exercise_id,
    check_learner_id,
    check_page_path,
)
from toolcall_lab.progress.records import Attempt, ExerciseResult, ExerciseState, PageProgress, WrongAnswer
from toolcall_lab.progress.transfer import answer_text

_CHUNK = 500  # learner ids per IN (...) list in the class view


class ProgressStore:
    """Progress of learners, kept in a :class:`~toolcall_lab.progress.database.Database`.

    Args:
        db: an open database; the progress tables are created or upgraded on first use.
        clock: the time source (seconds since the epoch); tests pass a fixed one.
    """

    def __init__(self, db: Database, *, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self._clock = clock
        db.migrate(schema.COMPONENT, schema.MIGRATIONS)

    @classmethod
    def open(cls, setting: str | None = None, *, clock: Callable[[], float] = time.time) -> ProgressStore:
        """Open the store a setting names: ``None``/``"sqlite"`` (``data/progress.sqlite``),
        a ``.sqlite`` path, a ``postgresql://`` URL, or ``"memory"`` (tests)."""
        db = Database.open(setting)
        try:
            return cls(db, clock=clock)
        except BaseException:  # e.g. SchemaTooNew: do not leave the connection or pool open
            db.close()
            raise

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> ProgressStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ writes

    def record_visit(self, learner: str, page_path: str) -> None:
        """Count a visit to a page and make it the page the learner continues from.

        Streamlit reruns a page on every widget change: call this once per arrival on the
        page (not once per rerun), or ``visits`` counts reruns.
        """
        learner, page_path, now = check_learner_id(learner), check_page_path(page_path), self._clock()

        def work(tx: Tx) -> None:
            _merge_page(tx, learner, page_path, now, now, 1, add=True)
            _move_last_page(tx, learner, page_path, now)

        self.db.write(work)

    def record_attempt(
        self,
        learner: str,
        exercise_id: str,
        attempt_id: str,
        answer: object,
        correct: bool,
        *,
        page_path: str,
    ) -> Attempt:
        """Store one submitted answer, once: a second call with the same ``attempt_id`` changes nothing.

        Args:
            learner: the learner id.
            exercise_id: ``"<page url path>/<n>"``, e.g. ``"stage_4_tool_call/1"``.
            attempt_id: made by the page when the learner submits (one per submit, not per rerun).
            answer: the learner's answer, JSON data (converted by :func:`~toolcall_lab.jsonable.to_jsonable`).
            correct: whether the page judged it right.
            page_path: the page the exercise is on, e.g. ``"pages/stage_4_tool_call.py"``.

        Returns:
            The stored :class:`Attempt` (``recorded=False`` when it was already there).
        """
        learner = check_learner_id(learner)
        row = (
            check_attempt_id(attempt_id),
            check_exercise_id(exercise_id),
            check_page_path(page_path),
            answer_text(answer),
            bool(correct),
            self._clock(),
        )

        def work(tx: Tx) -> Attempt:
            added = _add_attempt(tx, learner, row)
            stored = tx.query(  # the attempt as stored: the first submit's, if this one was a repeat
                "SELECT exercise_id, page_path, answer, correct, at FROM progress_attempts"
                " WHERE learner_id = ? AND attempt_id = ?",
                (learner, row[0]),
            )
            exercise_id, page_path, answer, correct, at = stored[0]
            return Attempt(row[0], exercise_id, page_path, json.loads(answer), bool(correct), float(at), added)

        return self.db.write(work)

    def reset(self, learner: str) -> None:
        """Forget everything about one learner: attempts, visits, where they left off."""
        learner = check_learner_id(learner)

        def work(tx: Tx) -> None:
            for table in ("progress_attempts", "progress_pages", "progress_learners"):
                tx.run(f"DELETE FROM {table} WHERE learner_id = ?", (learner,))

        self.db.write(work)

    # ------------------------------------------------------------------ reads

    def exercise_state(self, learner: str, exercise_id: str) -> ExerciseState:
        """The learner's record on one exercise."""
        learner, exercise_id = check_learner_id(learner), check_exercise_id(exercise_id)
        return self.exercise_states(learner, [exercise_id])[exercise_id]

    def exercise_states(self, learner: str, exercise_ids: Sequence[str] | None = None) -> dict[str, ExerciseState]:
        """The learner's record on each exercise asked for (default: every exercise tried)."""
        learner = check_learner_id(learner)
        wanted = None if exercise_ids is None else sorted({check_exercise_id(e) for e in exercise_ids})
        states: dict[str, ExerciseState] = {e: ExerciseState() for e in wanted or ()}
        if wanted == []:
            return states
        only = "" if wanted is None else f" AND exercise_id IN ({', '.join('?' * len(wanted))})"
        rows = self.db.read(
            lambda tx: tx.query(
                "SELECT exercise_id, answer, correct, at FROM progress_attempts"
                f" WHERE learner_id = ?{only} ORDER BY at, seq",
                (learner, *(wanted or ())),
            )
        )
        for exercise_id, answer, correct, at in rows:
            before = states.get(exercise_id, ExerciseState())
            first_solve = bool(correct) and not before.solved
            states[exercise_id] = ExerciseState(
                attempts=before.attempts + 1,
                solved=before.solved or bool(correct),
                solved_at=float(at) if first_solve else before.solved_at,
                last_answer=json.loads(answer),
                last_correct=bool(correct),
                last_at=float(at),
            )
        return states

    def page_progress(self, learner: str) -> dict[str, PageProgress]:
        """Each page the learner visited or tried an exercise on, by page path."""
        learner = check_learner_id(learner)

        def work(tx: Tx) -> tuple[list[Any], list[Any]]:
            pages = tx.query(
                "SELECT page_path, visits, first_visit_at, last_visit_at FROM progress_pages WHERE learner_id = ?",
                (learner,),
            )
            exercises = tx.query(
                "SELECT page_path, exercise_id, MAX(CASE WHEN correct THEN 1 ELSE 0 END) FROM progress_attempts"
                " WHERE learner_id = ? GROUP BY page_path, exercise_id ORDER BY page_path, exercise_id",
                (learner,),
            )
            return pages, exercises

        pages, exercises = self.db.read(work)
        found = {p: PageProgress(p, int(n), float(first), float(last)) for p, n, first, last in pages}
        tried: dict[str, list[str]] = {}
        solved: dict[str, list[str]] = {}
        for page_path, exercise_id, ok in exercises:
            tried.setdefault(page_path, []).append(exercise_id)
            if ok:
                solved.setdefault(page_path, []).append(exercise_id)
        for page_path in tried:
            base = found.get(page_path, PageProgress(page_path))
            found[page_path] = PageProgress(
                page_path,
                base.visits,
                base.first_visit_at,
                base.last_visit_at,
                tuple(tried[page_path]),
                tuple(solved.get(page_path, ())),
            )
        return dict(sorted(found.items()))

    def last_page(self, learner: str) -> str | None:
        """The page the learner visited last ("continue where you left off"), or ``None``."""
        learner = check_learner_id(learner)
        rows = self.db.read(
            lambda tx: tx.query("SELECT last_page FROM progress_learners WHERE learner_id = ?", (learner,))
        )
        return str(rows[0][0]) if rows else None

    # ------------------------------------------------------------------ export, import

    def export_json(self, learner: str) -> dict[str, Any]:
        """Everything stored about the learner, as a JSON document (see :mod:`.transfer`).

        The document does not contain the learner id: sharing the file shares the
        progress, not the key to it.
        """
        learner = check_learner_id(learner)

        def work(tx: Tx) -> dict[str, Any]:
            last = tx.query("SELECT last_page, last_visit_at FROM progress_learners WHERE learner_id = ?", (learner,))
            pages = tx.query(
                "SELECT page_path, first_visit_at, last_visit_at, visits FROM progress_pages"
                " WHERE learner_id = ? ORDER BY page_path",
                (learner,),
            )
            attempts = tx.query(
                "SELECT attempt_id, exercise_id, page_path, answer, correct, at FROM progress_attempts"
                " WHERE learner_id = ? ORDER BY at, seq",
                (learner,),
            )
            return transfer.build_export(last[0] if last else None, pages, attempts, exported_at=self._clock())

        return self.db.read(work)

    def import_json(self, learner: str, data: object) -> transfer.ImportSummary:
        """Merge an exported document into the learner's progress.

        Importing is idempotent: attempts already present (same attempt id) are kept as
        they are, a page's visits are merged (earliest first visit, latest last visit,
        the larger count), and the last page moves only if the file's is more recent.

        Args:
            learner: the learner to import into (any learner: the file names none).
            data: the document, as parsed JSON or as the JSON text/bytes of the file.

        Raises:
            transfer.InvalidImport: the data is not a progress export this code can read;
                ``reason`` says why (a key) and ``detail`` where.
        """
        learner = check_learner_id(learner)
        document = transfer.parse_import(data)

        def work(tx: Tx) -> transfer.ImportSummary:
            added = sum(_add_attempt(tx, learner, a.row()) for a in document.attempts)
            for p in document.pages:
                _merge_page(tx, learner, p.page_path, p.first_visit_at, p.last_visit_at, p.visits, add=False)
            if document.last_page is not None:
                _move_last_page(tx, learner, document.last_page.page_path, document.last_page.at)
            return transfer.ImportSummary(attempts_added=added, attempts_in_file=len(document.attempts))

        return self.db.write(work)

    # ------------------------------------------------------------------ the class view

    def class_results(self, learner_ids: Iterable[str], exercise_ids: Iterable[str] = ()) -> list[ExerciseResult]:
        """For a class (its learner ids): per exercise, how many tried, how many solved, the commonest wrong answer.

        Learners are counted once per exercise however many attempts they made; a wrong
        answer counts the learners who gave it (ties: the smaller JSON text first).
        Only totals come out: no learner's own record.

        Args:
            learner_ids: the learners of the class.
            exercise_ids: only these exercises (default: every exercise someone tried).
        """
        learners = sorted({check_learner_id(i) for i in learner_ids})
        only = {check_exercise_id(e) for e in exercise_ids}
        tried: dict[str, int] = {}
        solved: dict[str, int] = {}
        wrong: dict[str, dict[str, int]] = {}
        for start in range(0, len(learners), _CHUNK):  # chunks hold different learners: counts add up
            chunk = learners[start : start + _CHUNK]
            totals, answers = self._class_chunk(chunk)
            for exercise_id, n_tried, n_solved in totals:
                tried[exercise_id] = tried.get(exercise_id, 0) + int(n_tried)
                solved[exercise_id] = solved.get(exercise_id, 0) + int(n_solved)
            for exercise_id, answer, n in answers:
                counts = wrong.setdefault(exercise_id, {})
                counts[answer] = counts.get(answer, 0) + int(n)
        results = []
        for exercise_id in sorted(set(tried) | only):
            if only and exercise_id not in only:
                continue
            counts = wrong.get(exercise_id, {})
            common = min(counts.items(), key=lambda kv: (-kv[1], kv[0]), default=None)
            results.append(
                ExerciseResult(
                    exercise_id,
                    tried.get(exercise_id, 0),
                    solved.get(exercise_id, 0),
                    WrongAnswer(json.loads(common[0]), common[1]) if common else None,
                    counts,
                )
            )
        return results

    def _class_chunk(self, learners: list[str]) -> tuple[list[Any], list[Any]]:
        return self.db.read(lambda tx: _class_rows(tx, learners))


def _add_attempt(tx: Tx, learner: str, row: tuple[str, str, str, str, bool, float]) -> bool:
    """Insert an attempt unless the learner already has one with its id; say whether it was new."""
    added = tx.run(
        "INSERT INTO progress_attempts (learner_id, attempt_id, exercise_id, page_path, answer, correct, at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (learner_id, attempt_id) DO NOTHING",
        (learner, *row),
    )
    return added == 1


def _merge_page(tx: Tx, learner: str, page: str, first: float, last: float, visits: int, *, add: bool) -> None:
    """Upsert a page's visits: earliest first visit, latest last visit.

    ``add`` sums the visit counts (a new visit); otherwise the larger count stays (an import).
    """
    count = "progress_pages.visits + excluded.visits" if add else _larger("progress_pages.visits", "excluded.visits")
    tx.run(
        "INSERT INTO progress_pages (learner_id, page_path, first_visit_at, last_visit_at, visits)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (learner_id, page_path) DO UPDATE SET"
        f" first_visit_at = {_smaller('progress_pages.first_visit_at', 'excluded.first_visit_at')},"
        f" last_visit_at = {_larger('progress_pages.last_visit_at', 'excluded.last_visit_at')},"
        f" visits = {count}",
        (learner, page, first, last, visits),
    )


def _move_last_page(tx: Tx, learner: str, page: str, at: float) -> None:
    """Make ``page`` where the learner left off, unless a later visit is already recorded."""
    tx.run(
        "INSERT INTO progress_learners (learner_id, last_page, last_visit_at) VALUES (?, ?, ?)"
        " ON CONFLICT (learner_id) DO UPDATE SET last_page = excluded.last_page, last_visit_at = excluded.last_visit_at"
        " WHERE excluded.last_visit_at >= progress_learners.last_visit_at",
        (learner, page, at),
    )


def _larger(a: str, b: str) -> str:  # GREATEST() in PostgreSQL, MAX(a, b) in SQLite: CASE reads the same in both
    return f"CASE WHEN {b} > {a} THEN {b} ELSE {a} END"


def _smaller(a: str, b: str) -> str:
    return f"CASE WHEN {b} < {a} THEN {b} ELSE {a} END"


def _class_rows(tx: Tx, learners: list[str]) -> tuple[list[Any], list[Any]]:
    marks = ", ".join("?" * len(learners))
    totals = tx.query(
        "SELECT exercise_id, COUNT(DISTINCT learner_id), COUNT(DISTINCT CASE WHEN correct THEN learner_id END)"
        f" FROM progress_attempts WHERE learner_id IN ({marks}) GROUP BY exercise_id",
        learners,
    )
    answers = tx.query(
        "SELECT exercise_id, answer, COUNT(DISTINCT learner_id) FROM progress_attempts"
        f" WHERE learner_id IN ({marks}) AND NOT correct GROUP BY exercise_id, answer",
        learners,
    )
    return totals, answers
