"""Class results for a live class: which exercises to show first, and the wrong answer worth showing.

A teacher reads the results while the class works, often on the projector. So:

* :func:`struggle_first` puts the exercises where the class struggles most first: the most students who
  tried without solving, then the most who tried; nobody tried: last, in course order.
* :func:`answer_words` turns a stored answer into the learner's words, one readable line, bounded: the
  text they typed, the option they chose, the choices they made ("down → error · fake → error"); never
  a JSON dict.
* :func:`shown_wrong_answer` shows the commonest wrong answer only when at least
  :data:`MIN_STUDENTS_FOR_WRONG_ANSWER` students gave it: in a small class, an answer one student gave
  is that student's, and the room can tell whose.

>>> from toolcall_lab.progress.records import ExerciseResult, WrongAnswer
>>> rows = [ExerciseResult("a/1", 9, 9), ExerciseResult("a/2", 0, 0), ExerciseResult("a/3", 8, 3)]
>>> [r.exercise_id for r in struggle_first(rows)]
['a/3', 'a/1', 'a/2']
>>> shown_wrong_answer(ExerciseResult("a/3", 8, 3, WrongAnswer({"down": "error", "fake": "ok"}, 3)))
('down → error · fake → ok', 3)
>>> shown_wrong_answer(ExerciseResult("a/3", 8, 3, WrongAnswer("Paris", 2))) is None
True
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from toolcall_lab.progress.records import ExerciseResult, JsonValue

#: The fewest students who must have given the same wrong answer before it is shown (a smaller number names a person).
MIN_STUDENTS_FOR_WRONG_ANSWER = 3
#: The longest answer shown in the table (characters; a longer one ends with "…").
MAX_ANSWER_CHARS = 80


def struggle_first(rows: Sequence[ExerciseResult]) -> list[ExerciseResult]:
    """The rows, the exercises where most students tried without solving first (ties: most tried, then as given).

    >>> from toolcall_lab.progress.records import ExerciseResult
    >>> rows = [ExerciseResult("a/1", 4, 2), ExerciseResult("a/2", 6, 4), ExerciseResult("a/3", 2, 0)]
    >>> [r.exercise_id for r in struggle_first(rows)]
    ['a/2', 'a/1', 'a/3']
    """
    order = {id(row): n for n, row in enumerate(rows)}
    return sorted(rows, key=lambda r: (-(r.tried - r.solved), -r.tried, order[id(r)]))


def _clean(text: str) -> str:
    """One line of text: control and format characters become spaces, runs of spaces one space."""
    kept = "".join(" " if unicodedata.category(ch).startswith("C") else ch for ch in text)
    return " ".join(kept.split())


def _words(answer: JsonValue, depth: int = 0) -> str:
    if answer is None:
        return "—"
    if isinstance(answer, bool):
        return "true" if answer else "false"
    if isinstance(answer, (int, float)):
        return str(answer)
    if isinstance(answer, str):
        return _clean(answer) or '""'
    if depth >= 3:
        return "…"
    if isinstance(answer, list):
        return ", ".join(_words(item, depth + 1) for item in answer) or "—"
    return " · ".join(f"{_clean(str(key))} → {_words(value, depth + 1)}" for key, value in answer.items()) or "—"


def answer_words(answer: JsonValue, limit: int = MAX_ANSWER_CHARS) -> str:
    """A stored answer as the learner gave it: one readable line of at most ``limit`` characters.

    >>> answer_words("What's the\\nweather?"), answer_words(["a", "b"]), answer_words(None), answer_words(3.5)
    ("What's the weather?", 'a, b', '—', '3.5')
    >>> answer_words({"down": "error", "fake": "error", "lookup": "ok"}, limit=20)
    'down → error · fake…'
    """
    text = _words(answer)
    return text if len(text) <= limit else text[: max(limit - 1, 0)].rstrip() + "…"


def shown_wrong_answer(
    row: ExerciseResult, min_students: int = MIN_STUDENTS_FOR_WRONG_ANSWER
) -> tuple[str, int] | None:
    """The commonest wrong answer in the learner's words and how many gave it, or ``None`` below ``min_students``."""
    wrong = row.common_wrong_answer
    if wrong is None or wrong.learners < min_students:
        return None
    return answer_words(wrong.answer), wrong.learners


def solved_share(row: ExerciseResult) -> float:
    """Solved among those who tried, from 0 to 1 (0 when nobody tried): the length of the row's bar."""
    return row.solved / row.tried if row.tried else 0.0
