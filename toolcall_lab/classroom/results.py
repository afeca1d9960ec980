'''A class's results: per exercise, how many students tried and solved it, the commonest wrong answer; as CSV.

The counts come from :meth:`toolcall_lab.progress.ProgressStore.class_results`, which only
ever returns totals. Names are optional: only when the teacher asks for them, and only
the display names students chose to show (a student without one is counted, never named).

>>> from toolcall_lab.progress import ExerciseResult, WrongAnswer
>>> rows = (ExerciseResult("stage_4_tool_call/1", 3, 2, WrongAnswer("weather", 2)),)
>>> named = ClassResults(3, rows, {"stage_4_tool_call/1": ("Ada", "=cmd()")})
>>> print(results_csv(named, {"stage_4_tool_call/1": "④ tool_call · 1"}), end="")
exercise,title,students,tried,solved,commonest_wrong_answer,students_who_gave_it,solved_by
stage_4_tool_call/1,④ tool_call · 1,3,3,2,"""weather""",2,Ada; '=cmd()

A cell that a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``) starts with ``'``.
'''

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence

from toolcall_lab.classroom.records import ClassResults, Member
from toolcall_lab.progress.records import ExerciseResult
from toolcall_lab.progress.store import ProgressStore

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
            (one read per named student: the teacher's page asks for it only when names are shown).
    """
    wanted = list(dict.fromkeys(exercise_ids))
    found = {r.exercise_id: r for r in progress.class_results([m.learner for m in members], wanted)}
    rows = tuple(found.get(e, ExerciseResult(e, 0, 0, None)) for e in wanted)
    solved_by: dict[str, tuple[str, ...]] = {}
    if names:
        lists: dict[str, list[str]] = {e: [] for e in wanted}
        for member in members:
            if member.display_name is None:
                continue
            for exercise_id, state in progress.exercise_states(member.learner, wanted).items():
                if state.solved:
                    lists[exercise_id].append(member.display_name)
        solved_by = {e: tuple(sorted(found_names, key=str.casefold)) for e, found_names in lists.items()}
    return ClassResults(len(members), rows, solved_by)


def answer_text(answer: object) -> str:
    """A stored answer as one line of text (JSON, the characters kept readable)."""
    return json.dumps(answer, ensure_ascii=False, sort_keys=True)


def _cell(value: object) -> str:
    """A CSV cell a spreadsheet shows as text: one that would start a formula gets a leading ``'``."""
    if isinstance(value, (int, float)):
        return str(value)
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def results_csv(results: ClassResults, titles: Mapping[str, str] | None = None) -> str:
    """The results as CSV text (one row per exercise, the columns of :data:`CSV_COLUMNS`).

    Args:
        results: what :func:`class_results` returned.
        titles: a readable title per exercise id (the page's name and the exercise's number).
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in results.rows:
        wrong = row.common_wrong_answer
        writer.writerow(
            _cell(v)
            for v in (
                row.exercise_id,
                (titles or {}).get(row.exercise_id, ""),
                results.students,
                row.tried,
                row.solved,
                "" if wrong is None else answer_text(wrong.answer),
                "" if wrong is None else wrong.learners,
                "; ".join(_cell(name) for name in results.solved_by.get(row.exercise_id, ())),
            )
        )
    return out.getvalue()
