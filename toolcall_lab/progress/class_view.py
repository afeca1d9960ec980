"""The class view: per exercise, how many of a class's learners tried and solved it, and the commonest wrong answer.

Only attempts judged on a page count (``source = 'page'``): an imported progress file,
re-checked or not, never moves a class's figures.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import partial
from typing import Any

from toolcall_lab.progress.database import Database, Tx
from toolcall_lab.progress.identity import check_exercise_id, check_learner_id
from toolcall_lab.progress.records import ExerciseResult, WrongAnswer

_CHUNK = 500  # learner ids per IN (...) list


def class_results(db: Database, learner_ids: Iterable[str], exercise_ids: Iterable[str] = ()) -> list[ExerciseResult]:
    """For a class (its learner ids): per exercise, how many tried, how many solved, the commonest wrong answer.

    Learners are counted once per exercise however many attempts they made; a wrong
    answer counts the learners who gave it (ties: the smaller JSON text first).
    Only totals come out: no learner's own record. Only attempts judged on a page
    count (``source = 'page'``): an imported file never moves a class's figures.

    Args:
        db: the progress database.
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
        totals, answers = db.read(partial(_class_rows, learners=chunk))
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


def _class_rows(tx: Tx, learners: list[str]) -> tuple[list[Any], list[Any]]:
    marks = ", ".join("?" * len(learners))
    totals = tx.query(
        "SELECT exercise_id, COUNT(DISTINCT learner_id), COUNT(DISTINCT CASE WHEN correct THEN learner_id END)"
        f" FROM progress_attempts WHERE learner_id IN ({marks}) AND source = 'page' GROUP BY exercise_id",
        learners,
    )
    answers = tx.query(
        "SELECT exercise_id, answer, COUNT(DISTINCT learner_id) FROM progress_attempts"
        f" WHERE learner_id IN ({marks}) AND source = 'page' AND NOT correct GROUP BY exercise_id, answer",
        learners,
    )
    return totals, answers
