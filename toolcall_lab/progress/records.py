"""What the store hands back: plain, frozen records a page can render or a test can compare."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TypeAlias

#: JSON data as the store keeps it (the same shape as ``pydantic.JsonValue``, without importing Pydantic).
JsonValue: TypeAlias = "dict[str, JsonValue] | list[JsonValue] | str | int | float | bool | None"


@dataclass(frozen=True)
class Attempt:
    """One submitted answer, as stored.

    Attributes:
        recorded: ``True`` when this call stored it; ``False`` when the attempt id was
            already there (a double click), in which case the other fields are the stored ones.
    """

    attempt_id: str
    exercise_id: str
    page_path: str
    answer: JsonValue
    correct: bool
    at: float
    recorded: bool = True


@dataclass(frozen=True)
class ExerciseState:
    """A learner's record on one exercise (all zeros and ``None`` before the first attempt).

    ``solved`` stays true once one attempt was correct; ``solved_at`` is that first correct
    attempt's time; ``last_answer`` is the latest answer, right or wrong. ``unchecked``
    counts imported attempts nothing has re-checked yet (counted in ``attempts``, never
    correct, so never solved).
    """

    attempts: int = 0
    solved: bool = False
    solved_at: float | None = None
    last_answer: JsonValue = None
    last_correct: bool | None = None
    last_at: float | None = None
    unchecked: int = 0


@dataclass(frozen=True)
class PageProgress:
    """A learner's record on one page: visits, and the exercises tried and solved there."""

    page_path: str
    visits: int = 0
    first_visit_at: float | None = None
    last_visit_at: float | None = None
    tried: tuple[str, ...] = ()
    solved: tuple[str, ...] = ()

    @property
    def visited(self) -> bool:
        return self.visits > 0

    def is_solved(self, exercise_ids: Iterable[str]) -> bool:
        """True when the page has exercises and every one of them is solved."""
        wanted = set(exercise_ids)
        return bool(wanted) and wanted <= set(self.solved)


@dataclass(frozen=True, repr=False)
class ResetSnapshot:
    """What :meth:`~toolcall_lab.progress.ProgressStore.reset` removed, to put back with ``undo_reset``.

    The page keeps it in the session (server side), so an undo lasts as long as the session.

    Attributes:
        learner: whose progress it is (an undo puts it back for this learner only).
        token: a random id of this reset; an undo of the same token twice restores once.
        attempts: the attempt rows (attempt id, exercise id, page, answer JSON text, correct, time,
            source, checked), in the order they were stored.
        pages: the page rows (page, first visit, last visit, visits).
        last_page: where the learner had left off (page, time), or ``None``.
    """

    learner: str
    token: str
    attempts: tuple[tuple[str, str, str, str, bool, float, str, bool], ...]
    pages: tuple[tuple[str, float, float, int], ...]
    last_page: tuple[str, float] | None

    def __repr__(self) -> str:  # never the answers in a log line
        return f"ResetSnapshot(attempts={len(self.attempts)}, pages={len(self.pages)})"


@dataclass(frozen=True)
class WrongAnswer:
    """A wrong answer and how many learners gave it."""

    answer: JsonValue
    learners: int


@dataclass(frozen=True)
class ExerciseResult:
    """One exercise across a class: how many learners tried it, solved it, and the commonest wrong answer.

    Attributes:
        wrong_answers: every wrong answer given (its stored JSON text) and how many learners gave it.
    """

    exercise_id: str
    tried: int
    solved: int
    common_wrong_answer: WrongAnswer | None = None
    wrong_answers: dict[str, int] = field(default_factory=dict)
