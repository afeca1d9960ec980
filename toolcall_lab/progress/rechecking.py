"""Imported answers re-judged: an attempt from a file counts as solved only when a real check agrees.

A progress file's ``correct: true`` is a claim anyone can type. The store ignores it and
asks a **re-check** instead: a function ``(exercise_id, answer) -> bool | None`` that runs
the exercise's own check on the imported answer.

* ``True`` / ``False``: the check's verdict, stored as the attempt's ``correct``;
* ``None``: this exercise cannot be re-checked here (no check wired for it, or its check
  needs something the file does not carry). The attempt is **kept** (the learner sees
  their answer and its count) but stored unchecked and not correct: it is never solved,
  and a later :meth:`~toolcall_lab.progress.ProgressStore.recheck_imported` (the page runs
  it when the exercise renders with its check) can still judge it;
* an exception from the check counts as ``None``: a hostile answer must not break an import.

Re-checks run before the import's transaction (a check may take milliseconds; the database
is not held meanwhile), at most :data:`MAX_RECHECKS` per import or call: beyond that,
attempts stay unchecked, so a file of 20,000 answers cannot occupy the server.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from toolcall_lab.progress.records import JsonValue
from toolcall_lab.progress.transfer import answer_text, attempt_id_for, clamp_time
from toolcall_lab.progress.writes import AttemptRow

if TYPE_CHECKING:
    from toolcall_lab.progress.export_schema import AttemptRecord

#: ``(exercise_id, answer) -> True`` (right) / ``False`` (wrong) / ``None`` (cannot re-check here).
Recheck = Callable[[str, JsonValue], bool | None]
MAX_RECHECKS = 1_000

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Judged:
    """One imported attempt, ready for the database.

    Attributes:
        row: the attempt row: its id recomputed, ``correct`` the re-check's verdict, its time clamped.
        checked: whether a re-check gave a verdict (``False``: kept, not solved).
    """

    row: AttemptRow
    checked: bool


def run_recheck(recheck: Recheck | None, exercise_id: str, answer: JsonValue) -> bool | None:
    """One re-check's verdict: ``None`` without a re-check, when it cannot judge, or when it raised."""
    if recheck is None:
        return None
    try:
        verdict = recheck(exercise_id, answer)
    except Exception as exc:  # a check that fails on a hostile answer judges nothing
        _log.info("re-check of %s raised %s", exercise_id, type(exc).__name__)
        return None
    return verdict if isinstance(verdict, bool) else None


def judge_import(attempts: Sequence[AttemptRecord], recheck: Recheck | None, *, now: float) -> list[Judged]:
    """The file's attempts as rows to store: one per exercise and answer (the earliest), each re-judged.

    Args:
        attempts: the validated attempts of the file (:class:`~.export_schema.AttemptRecord`).
        recheck: the re-check, or ``None`` (every attempt then stays unchecked).
        now: the import's time; attempt times are clamped to it (plus the allowed skew).
    """
    earliest: dict[str, AttemptRecord] = {}
    for attempt in attempts:
        key = attempt_id_for(attempt.exercise_id, attempt.answer)
        kept = earliest.get(key)
        if kept is None or attempt.at < kept.at:
            earliest[key] = attempt
    judged, budget = [], MAX_RECHECKS
    for attempt_id, attempt in earliest.items():
        verdict = run_recheck(recheck, attempt.exercise_id, attempt.answer) if budget > 0 else None
        budget -= recheck is not None
        row = (
            attempt_id,
            attempt.exercise_id,
            attempt.page_path,
            answer_text(attempt.answer),
            verdict is True,
            clamp_time(attempt.at, now),
        )
        judged.append(Judged(row, checked=verdict is not None))
    return judged


def judge_rows(rows: Sequence[tuple[str, str, str]], recheck: Recheck) -> list[tuple[str, bool]]:
    """Verdicts for stored unchecked attempts ``(attempt id, exercise id, answer JSON text)``: ``(id, correct)``.

    Attempts the re-check cannot judge are left out (they stay unchecked).
    """
    verdicts = []
    for attempt_id, exercise_id, answer in rows[:MAX_RECHECKS]:
        verdict = run_recheck(recheck, exercise_id, json.loads(answer))
        if verdict is not None:
            verdicts.append((attempt_id, verdict))
    return verdicts
