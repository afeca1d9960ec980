"""The store's writes, as SQL on a transaction: attempts (judged on a page or imported), visits, reset and undo.

Each function runs inside the caller's transaction (:meth:`Database.write`), so an import
or an undo is all of its rows or none. The SQL reads the same in SQLite and PostgreSQL.

Where an attempt came from decides what it may do (``source``, see :mod:`.schema`):

* a **page** attempt was judged by the page's own check as the learner submitted it; a
  page attempt with the id of an *imported* one replaces it (the live verdict wins), so
  no file can block an answer;
* an **import** attempt carries only a re-check's verdict (``checked``); it never replaces
  a page attempt, and an unchecked one is upgraded when a re-check later judges it.
"""

from __future__ import annotations

from typing import Any

from toolcall_lab.progress.database import Tx
from toolcall_lab.progress.records import ResetSnapshot

#: An attempt row: attempt id, exercise id, page path, answer (canonical JSON text), correct, time.
AttemptRow = tuple[str, str, str, str, bool, float]

_COLUMNS = "learner_id, attempt_id, exercise_id, page_path, answer, correct, at, source, checked"
_TABLES = ("progress_attempts", "progress_pages", "progress_learners")


def add_page_attempt(tx: Tx, learner: str, row: AttemptRow) -> bool:
    """Insert an attempt the page judged; it replaces an imported one with its id. Say whether anything changed."""
    changed = tx.run(
        f"INSERT INTO progress_attempts ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, 'page', ?)"
        " ON CONFLICT (learner_id, attempt_id) DO UPDATE SET page_path = excluded.page_path,"
        " answer = excluded.answer, correct = excluded.correct, at = excluded.at, source = 'page', checked = ?"
        " WHERE progress_attempts.source <> 'page'",
        (learner, *row, True, True),
    )
    return changed == 1


def add_imported_attempt(tx: Tx, learner: str, row: AttemptRow, *, checked: bool) -> bool:
    """Insert an imported attempt (``correct`` is a re-check's verdict, or false when ``checked`` is false).

    An attempt already there stays, except an unchecked imported one that this import could re-check.
    """
    changed = tx.run(
        f"INSERT INTO progress_attempts ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, 'import', ?)"
        " ON CONFLICT (learner_id, attempt_id) DO UPDATE SET correct = excluded.correct, checked = excluded.checked"
        " WHERE progress_attempts.source = 'import' AND progress_attempts.checked = ? AND excluded.checked = ?",
        (learner, *row, checked, False, True),
    )
    return changed == 1


def judge_imported(tx: Tx, learner: str, attempt_id: str, correct: bool) -> bool:
    """Record a re-check's verdict on an unchecked imported attempt; say whether it was still unchecked."""
    changed = tx.run(
        "UPDATE progress_attempts SET correct = ?, checked = ?"
        " WHERE learner_id = ? AND attempt_id = ? AND source = 'import' AND checked = ?",
        (correct, True, learner, attempt_id, False),
    )
    return changed == 1


def merge_page(tx: Tx, learner: str, page: str, first: float, last: float, visits: int, *, add: bool) -> None:
    """Upsert a page's visits: earliest first visit, latest last visit.

    ``add`` sums the visit counts (a new visit, an undo); otherwise the larger count stays (an import).
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


def move_last_page(tx: Tx, learner: str, page: str, at: float) -> None:
    """Make ``page`` where the learner left off, unless a later visit is already recorded."""
    tx.run(
        "INSERT INTO progress_learners (learner_id, last_page, last_visit_at) VALUES (?, ?, ?)"
        " ON CONFLICT (learner_id) DO UPDATE SET last_page = excluded.last_page, last_visit_at = excluded.last_visit_at"
        " WHERE excluded.last_visit_at >= progress_learners.last_visit_at",
        (learner, page, at),
    )


def take_and_delete(tx: Tx, learner: str, token: str) -> ResetSnapshot:
    """Everything stored about a learner, read and then deleted in the same transaction."""
    attempts = tx.query(
        "SELECT attempt_id, exercise_id, page_path, answer, correct, at, source, checked"
        " FROM progress_attempts WHERE learner_id = ? ORDER BY seq",
        (learner,),
    )
    pages = tx.query(
        "SELECT page_path, first_visit_at, last_visit_at, visits FROM progress_pages WHERE learner_id = ?"
        " ORDER BY page_path",
        (learner,),
    )
    last = tx.query("SELECT last_page, last_visit_at FROM progress_learners WHERE learner_id = ?", (learner,))
    for table in _TABLES:
        tx.run(f"DELETE FROM {table} WHERE learner_id = ?", (learner,))
    return ResetSnapshot(
        learner=learner,
        token=token,
        attempts=tuple(_attempt(r) for r in attempts),
        pages=tuple((str(p), float(first), float(at), int(n)) for p, first, at, n in pages),
        last_page=(str(last[0][0]), float(last[0][1])) if last else None,
    )


def put_back(tx: Tx, snapshot: ResetSnapshot) -> int:
    """Restore what a reset took, merged with whatever the learner did since; return the attempts put back.

    An attempt made since (same id) stays as it is; visits since are added to the old ones;
    the later of the two "last pages" is where the learner continues.
    """
    learner, restored = snapshot.learner, 0
    for attempt_id, exercise_id, page_path, answer, correct, at, source, checked in snapshot.attempts:
        restored += tx.run(
            f"INSERT INTO progress_attempts ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (learner_id, attempt_id) DO NOTHING",
            (learner, attempt_id, exercise_id, page_path, answer, correct, at, source, checked),
        )
    for page_path, first, last, visits in snapshot.pages:
        merge_page(tx, learner, page_path, first, last, visits, add=True)
    if snapshot.last_page is not None:
        move_last_page(tx, learner, *snapshot.last_page)
    return restored


def _attempt(row: tuple[Any, ...]) -> tuple[str, str, str, str, bool, float, str, bool]:
    attempt_id, exercise_id, page_path, answer, correct, at, source, checked = row
    return (str(attempt_id), str(exercise_id), str(page_path), str(answer), bool(correct), float(at), str(source),
            bool(checked))  # fmt: skip


def _larger(a: str, b: str) -> str:  # GREATEST() in PostgreSQL, MAX(a, b) in SQLite: CASE reads the same in both
    return f"CASE WHEN {b} > {a} THEN {b} ELSE {a} END"


def _smaller(a: str, b: str) -> str:
    return f"CASE WHEN {b} < {a} THEN {b} ELSE {a} END"
