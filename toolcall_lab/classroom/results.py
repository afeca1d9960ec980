"""A class's results: per exercise, how many students tried and solved it, the commonest wrong answer; as CSV.

The teacher's page reads them with :func:`class_results_by_code`: the class's members joined
to their attempts in SQL, so one refresh is the same few statements (four, five with names)
however many students the class has and however many of them chose a name. Only totals come
out, and names only when the teacher asks for them, and only the display names students
chose to show (a student without one is counted, never named). :func:`class_results` does
the same for a list of members on a progress store of its own.

>>> from toolcall_lab.progress import ExerciseResult, WrongAnswer
>>> rows = (ExerciseResult("stage_4_tool_call/1", 5, 2, WrongAnswer("weather", 3)),)
>>> named = ClassResults(5, rows, {"stage_4_tool_call/1": ("Ada", "=cmd()")})
>>> print(results_csv(named, {"stage_4_tool_call/1": "④ tool_call · 1"}), end="")
exercise,title,students,tried,solved,commonest_wrong_answer,students_who_gave_it,solved_by
stage_4_tool_call/1,④ tool_call · 1,5,5,2,weather,3,Ada; '=cmd()

The wrong answer is in the learner's words, and only when at least
:data:`~toolcall_lab.classroom.live_results.MIN_STUDENTS_FOR_WRONG_ANSWER` students gave it, as on the
page (an answer fewer gave is a person's). A cell that a spreadsheet would run as a formula (``=``, ``+``,
``-``, ``@``) starts with ``'``.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from typing import Any

from toolcall_lab.classroom.live_results import MIN_STUDENTS_FOR_WRONG_ANSWER, shown_wrong_answer
from toolcall_lab.classroom.records import ClassResults, Member
from toolcall_lab.classroom.teaching import check_teacher
from toolcall_lab.progress.database import Database, Tx
from toolcall_lab.progress.identity import check_exercise_id
from toolcall_lab.progress.records import ExerciseResult, WrongAnswer
from toolcall_lab.progress.store import ProgressStore

# The class's students joined to their attempts on the exercises asked for (parameters: the code, then the ids).
# Only answers judged on a page count (``source = 'page'``): an imported attempt never enters a class's statistics.
_CLASS_ATTEMPTS = (
    " FROM classroom_members m JOIN progress_attempts a ON a.learner_id = m.learner_id"
    " WHERE m.code = ? AND a.source = 'page' AND a.exercise_id IN ({marks})"
)
_NAMED_CHUNK = 500  # learner ids per IN (...) list when names are read for a list of members

CSV_COLUMNS = (
    "exercise",
    "title",
    "students",
    "tried",
    "solved",
    "commonest_wrong_answer",
    "students_who_gave_it",
    "solved_by",
)


def class_results(
    progress: ProgressStore, members: Sequence[Member], exercise_ids: Sequence[str], *, names: bool = False
) -> ClassResults:
    """Totals per exercise for these members, in the order of ``exercise_ids``.

    Args:
        progress: the progress store (the same database as the class, or another).
        members: the class's students.
        exercise_ids: the exercises to report, in the order to report them (nobody tried: zeros).
        names: also list, per exercise, the display names of the students who solved it
            (one more read for up to 500 named students, however many there are).
    """
    wanted = list(dict.fromkeys(exercise_ids))
    found = {r.exercise_id: r for r in progress.class_results([m.learner for m in members], wanted)}
    rows = tuple(found.get(e, ExerciseResult(e, 0, 0, None)) for e in wanted)
    solved_by: dict[str, tuple[str, ...]] = {}
    if names:
        named = {m.learner: m.display_name for m in members if m.display_name is not None}
        lists: dict[str, list[str]] = {e: [] for e in wanted}
        learners = sorted(named)
        for start in range(0, len(learners), _NAMED_CHUNK):  # one read for up to 500 named students
            chunk = learners[start : start + _NAMED_CHUNK]

            def read(tx: Tx, chunk: list[str] = chunk) -> list[tuple[str, str]]:
                return _solvers(tx, chunk, wanted)

            for exercise_id, learner in progress.db.read(read):
                lists[exercise_id].append(named[learner])
        solved_by = {e: tuple(sorted(found_names, key=str.casefold)) for e, found_names in lists.items()}
    return ClassResults(len(members), rows, solved_by)


def _solvers(tx: Tx, learners: Sequence[str], wanted: Sequence[str]) -> list[tuple[str, str]]:
    """(exercise, learner) for each of these learners who solved each of these exercises: one statement."""
    if not learners or not wanted:
        return []
    rows = tx.query(
        f"SELECT exercise_id, learner_id FROM progress_attempts WHERE learner_id IN ({', '.join('?' * len(learners))})"
        f" AND exercise_id IN ({', '.join('?' * len(wanted))}) AND correct AND source = 'page'"
        " GROUP BY exercise_id, learner_id",
        (*learners, *wanted),
    )
    return [(str(e), str(learner)) for e, learner in rows]


def class_results_by_code(
    db: Database, code: str, token: str, exercise_ids: Sequence[str], *, names: bool = False
) -> ClassResults:
    """The results of the class ``code`` (its key) for the holder of its teacher token, in one read transaction.

    The statements do not depend on the class's size: the token check, the number of
    students, the tried/solved totals, the wrong answers, and (with ``names``) the named
    solvers, each one statement joining ``classroom_members`` to ``progress_attempts``.

    Raises:
        toolcall_lab.classroom.NotTheTeacher: ``token`` is not the class's teacher token.
    """
    wanted = list(dict.fromkeys(check_exercise_id(e) for e in exercise_ids))

    def work(tx: Tx) -> tuple[int, list[Any], list[Any], list[Any]]:
        check_teacher(tx, code, token, 0.0, 0.0, write=False)  # the results of an ended class stay readable
        students = int(tx.query("SELECT COUNT(*) FROM classroom_members WHERE code = ?", (code,))[0][0])
        if not wanted:
            return students, [], [], []
        joined, params = _CLASS_ATTEMPTS.format(marks=", ".join("?" * len(wanted))), (code, *wanted)
        totals = tx.query(
            "SELECT a.exercise_id, COUNT(DISTINCT a.learner_id),"
            f" COUNT(DISTINCT CASE WHEN a.correct THEN a.learner_id END){joined} GROUP BY a.exercise_id",
            params,
        )
        wrong = tx.query(
            f"SELECT a.exercise_id, a.answer, COUNT(DISTINCT a.learner_id){joined} AND NOT a.correct"
            " GROUP BY a.exercise_id, a.answer",
            params,
        )
        solvers = []
        if names:
            solvers = tx.query(
                f"SELECT a.exercise_id, m.display_name{joined} AND a.correct AND m.display_name IS NOT NULL"
                " GROUP BY a.exercise_id, m.learner_id, m.display_name",
                params,
            )
        return students, totals, wrong, solvers

    students, totals, wrong, solvers = db.read(work)
    counts: dict[str, dict[str, int]] = {}
    for exercise_id, answer, n in wrong:
        counts.setdefault(str(exercise_id), {})[str(answer)] = int(n)
    found = {str(e): (int(tried), int(solved)) for e, tried, solved in totals}
    rows = []
    for exercise_id in wanted:
        tried, solved = found.get(exercise_id, (0, 0))
        given = counts.get(exercise_id, {})
        common = min(given.items(), key=lambda kv: (-kv[1], kv[0]), default=None)  # ties: the smaller JSON text
        wrong_answer = WrongAnswer(json.loads(common[0]), common[1]) if common else None
        rows.append(ExerciseResult(exercise_id, tried, solved, wrong_answer, given))
    solved_by: dict[str, tuple[str, ...]] = {}
    if names:
        lists: dict[str, list[str]] = {e: [] for e in wanted}
        for exercise_id, name in solvers:
            lists[str(exercise_id)].append(str(name))
        solved_by = {e: tuple(sorted(found_names, key=str.casefold)) for e, found_names in lists.items()}
    return ClassResults(students, tuple(rows), solved_by)


def _cell(value: object) -> str:
    """A CSV cell a spreadsheet shows as text: one that would start a formula gets a leading ``'``."""
    if isinstance(value, (int, float)):
        return str(value)
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def results_csv(
    results: ClassResults, titles: Mapping[str, str] | None = None, min_students: int = MIN_STUDENTS_FOR_WRONG_ANSWER
) -> str:
    """The results as CSV text (one row per exercise, the columns of :data:`CSV_COLUMNS`).

    Args:
        results: what :func:`class_results` returned.
        titles: a readable title per exercise id (the page's name and the exercise's number).
        min_students: the fewest students who gave the commonest wrong answer for it to be written.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in results.rows:
        wrong = shown_wrong_answer(row, min_students)
        writer.writerow(
            _cell(v)
            for v in (
                row.exercise_id,
                (titles or {}).get(row.exercise_id, ""),
                results.students,
                row.tried,
                row.solved,
                "" if wrong is None else wrong[0],
                "" if wrong is None else wrong[1],
                "; ".join(_cell(name) for name in results.solved_by.get(row.exercise_id, ())),
            )
        )
    return out.getvalue()
