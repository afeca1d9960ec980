"""The learner-progress store: attempts, solved exercises, visited pages, where a learner left off.

>>> store = ProgressStore.open("memory", clock=lambda: 100.0)
>>> ada = "AAAAAAAAAAAAAAAAAAAAAA"
>>> page, exercise = "pages/stage_4_tool_call.py", "stage_4_tool_call/1"
>>> store.record_visit(ada, page)
>>> first = store.record_attempt(ada, exercise, "a1", "get_weather", False, page_path=page)
>>> again = store.record_attempt(ada, exercise, "a1", "get_weather", False, page_path=page)
>>> first.recorded, again.recorded      # the double click is the same attempt
(True, False)
>>> store.exercise_state(ada, "stage_4_tool_call/1")  # doctest: +NORMALIZE_WHITESPACE
ExerciseState(attempts=1, solved=False, solved_at=None, last_answer='get_weather', last_correct=False,
              last_at=100.0, unchecked=0)
>>> store.last_page(ada)
'pages/stage_4_tool_call.py'

Every method takes the learner id first and refuses a malformed one
(:class:`~toolcall_lab.progress.identity.InvalidKey`); there is no method that lists
learners. Writes are idempotent where a client could repeat them (an attempt carries
its own id) and retried when the database is briefly busy.

An import is re-judged, never believed (:mod:`.rechecking`): its attempts are stored as
``source = 'import'``, solved only when a re-check agrees, and never counted in class
results. A reset can be undone: it returns what it removed.

>>> snapshot = store.reset(ada)
>>> store.exercise_state(ada, exercise).attempts, store.undo_reset(snapshot)
(0, 1)
>>> store.exercise_state(ada, exercise).attempts
1
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from toolcall_lab.progress import class_view, rechecking, schema, transfer
from toolcall_lab.progress.database import Database, Tx
from toolcall_lab.progress.identity import (
    check_attempt_id,
    check_exercise_id,
    check_learner_id,
    check_page_path,
)
from toolcall_lab.progress.rechecking import Recheck
from toolcall_lab.progress.records import (
    Attempt,
    ExerciseResult,
    ExerciseState,
    PageProgress,
    ResetSnapshot,
)
from toolcall_lab.progress.transfer import answer_text
from toolcall_lab.progress.writes import (
    add_imported_attempt,
    add_page_attempt,
    judge_imported,
    merge_page,
    move_last_page,
    put_back,
    take_and_delete,
)


class ProgressStore:
    """Progress of learners, kept in a :class:`~toolcall_lab.progress.database.Database`.

    Args:
        db: an open database; the progress tables are created or upgraded on first use.
        clock: the time source (seconds since the epoch); tests pass a fixed one.
        recheck: judges an imported answer, ``(exercise_id, answer) -> True / False / None``
            (``None``: this exercise cannot be re-checked here); the default re-checks nothing,
            so imported attempts are kept but unsolved until a re-check runs
            (:meth:`import_json` and :meth:`recheck_imported` take one too).
    """

    def __init__(self, db: Database, *, clock: Callable[[], float] = time.time, recheck: Recheck | None = None) -> None:
        self.db = db
        self._clock = clock
        self._recheck = recheck
        self._undone: set[str] = set()  # reset tokens already undone in this process
        self._undo_lock = threading.Lock()
        db.migrate(schema.COMPONENT, schema.MIGRATIONS)

    @classmethod
    def open(
        cls, setting: str | None = None, *, clock: Callable[[], float] = time.time, recheck: Recheck | None = None
    ) -> ProgressStore:
        """Open the store a setting names: ``None``/``"sqlite"`` (``data/progress.sqlite``),
        a ``.sqlite`` path, a ``postgresql://`` URL, or ``"memory"`` (tests)."""
        db = Database.open(setting)
        try:
            return cls(db, clock=clock, recheck=recheck)
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
            merge_page(tx, learner, page_path, now, now, 1, add=True)
            move_last_page(tx, learner, page_path, now)

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
            The stored :class:`Attempt` (``recorded=False`` when it was already there). An
            imported attempt with the same id is replaced: the page's verdict wins.
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
            added = add_page_attempt(tx, learner, row)
            stored = tx.query(  # the attempt as stored: the first submit's, if this one was a repeat
                "SELECT exercise_id, page_path, answer, correct, at FROM progress_attempts"
                " WHERE learner_id = ? AND attempt_id = ?",
                (learner, row[0]),
            )
            exercise_id, page_path, answer, correct, at = stored[0]
            return Attempt(row[0], exercise_id, page_path, json.loads(answer), bool(correct), float(at), added)

        return self.db.write(work)

    def reset(self, learner: str) -> ResetSnapshot:
        """Forget everything about one learner (attempts, visits, where they left off) and return it.

        Returns:
            What was removed, read in the same transaction: keep it (the page keeps it in the
            session) and pass it to :meth:`undo_reset` to put everything back.
        """
        learner, token = check_learner_id(learner), secrets.token_urlsafe(16)
        return self.db.write(lambda tx: take_and_delete(tx, learner, token))

    def undo_reset(self, snapshot: ResetSnapshot) -> int:
        """Put back what :meth:`reset` removed; return how many attempts came back.

        Exact when the learner did nothing since; otherwise merged (an attempt made since
        stays, visits since are added). The same snapshot restores once: a second call
        (a double click on "Undo") returns 0 and changes nothing.
        """
        check_learner_id(snapshot.learner)
        with self._undo_lock:
            if snapshot.token in self._undone:
                return 0
            restored = self.db.write(lambda tx: put_back(tx, snapshot))
            self._undone.add(snapshot.token)
        return restored

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
                "SELECT exercise_id, answer, correct, at, checked FROM progress_attempts"
                f" WHERE learner_id = ?{only} ORDER BY at, seq",
                (learner, *(wanted or ())),
            )
        )
        for exercise_id, answer, correct, at, checked in rows:
            before = states.get(exercise_id, ExerciseState())
            first_solve = bool(correct) and not before.solved
            states[exercise_id] = ExerciseState(
                attempts=before.attempts + 1,
                solved=before.solved or bool(correct),
                solved_at=float(at) if first_solve else before.solved_at,
                last_answer=json.loads(answer),
                last_correct=bool(correct),
                last_at=float(at),
                unchecked=before.unchecked + (0 if checked else 1),
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

    def import_json(self, learner: str, data: object, *, recheck: Recheck | None = None) -> transfer.ImportSummary:
        """Merge an exported document into the learner's progress, trusting none of its claims.

        The file is checked field by field (:func:`.transfer.parse_import`; pass the uploaded
        bytes as they are). Then each attempt gets the id its exercise and answer make
        (never the file's), the verdict of ``recheck`` (never the file's ``correct``), and a
        time clamped to "not in the future"; it is stored as imported, which class results
        never count. Everything is written in one transaction: a refused file changes nothing.

        Importing is idempotent: attempts already present are kept as they are (an
        unchecked imported one takes a verdict this import could give), a page's visits are
        merged (earliest first visit, latest last visit, the larger count), and the last page
        moves only if the file's is more recent.

        Args:
            learner: the learner to import into (any learner: the file names none).
            data: the uploaded bytes (or the text, or parsed JSON) of the file.
            recheck: judges one imported answer (default: the store's own, see the class).

        Raises:
            transfer.InvalidImport: the data is not a progress export this code can read;
                ``reason`` says why (a key) and ``detail`` where.
        """
        learner = check_learner_id(learner)
        document = transfer.parse_import(data)
        now = self._clock()
        judged = rechecking.judge_import(document.attempts, recheck or self._recheck, now=now)
        clamp = transfer.clamp_time
        pages = [
            (p.page_path, clamp(p.first_visit_at, now), clamp(p.last_visit_at, now), p.visits) for p in document.pages
        ]
        last = document.last_page

        def work(tx: Tx) -> transfer.ImportSummary:
            added = sum(add_imported_attempt(tx, learner, j.row, checked=j.checked) for j in judged)
            for page_path, first, last_at, visits in pages:
                merge_page(tx, learner, page_path, min(first, last_at), last_at, visits, add=False)
            if last is not None:
                move_last_page(tx, learner, last.page_path, transfer.clamp_time(last.at, now))
            return transfer.ImportSummary(
                attempts_added=added,
                attempts_in_file=len(document.attempts),
                rechecked=sum(j.checked for j in judged),
                unchecked=sum(not j.checked for j in judged),
            )

        return self.db.write(work)

    def recheck_imported(
        self, learner: str, recheck: Recheck | None = None, *, exercise_ids: Sequence[str] | None = None
    ) -> int:
        """Judge the learner's imported attempts nothing has re-checked yet; return how many got a verdict.

        A page calls it where the exercise's real check is at hand (the exercise itself, once
        it renders), so an import made before that check was wired still counts once it agrees.
        At most :data:`.rechecking.MAX_RECHECKS` answers are judged per call.
        """
        learner = check_learner_id(learner)
        only = None if exercise_ids is None else sorted({check_exercise_id(e) for e in exercise_ids})
        check = recheck or self._recheck
        if check is None or only == []:
            return 0
        where = "" if only is None else f" AND exercise_id IN ({', '.join('?' * len(only))})"
        rows = self.db.read(
            lambda tx: tx.query(
                "SELECT attempt_id, exercise_id, answer FROM progress_attempts"
                f" WHERE learner_id = ? AND source = 'import' AND checked = ?{where} ORDER BY at, seq",
                (learner, False, *(only or ())),
            )
        )
        verdicts = rechecking.judge_rows([(str(a), str(e), str(t)) for a, e, t in rows], check)
        if not verdicts:
            return 0
        return self.db.write(lambda tx: sum(judge_imported(tx, learner, a, ok) for a, ok in verdicts))

    # ------------------------------------------------------------------ the class view

    def class_results(self, learner_ids: Iterable[str], exercise_ids: Iterable[str] = ()) -> list[ExerciseResult]:
        """For a class (its learner ids): per exercise, how many tried, how many solved, the commonest wrong answer.

        See :func:`.class_view.class_results`: only totals, and only attempts judged on a page.
        """
        return class_view.class_results(self.db, learner_ids, exercise_ids)
