"""What the classroom store hands back: plain, frozen records a page can render or a test can compare."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from toolcall_lab.progress.records import ExerciseResult


@dataclass(frozen=True)
class ClassInfo:
    """A class: its code, the learner id of its teacher, when it was started."""

    code: str
    teacher: str
    created_at: float


@dataclass(frozen=True)
class Member:
    """A student of a class (the teacher is not a member).

    Attributes:
        learner: the student's learner id (never shown to anyone).
        display_name: the name the student chose to show, or ``None`` (anonymous).
        joined_at: when the student joined.
    """

    learner: str
    display_name: str | None
    joined_at: float


@dataclass(frozen=True)
class Position:
    """Where the teacher is.

    Attributes:
        url_path: the page's URL path (``stage_4_tool_call``; ``""`` is home).
        query: the page's link parameters, without anyone's own (learner, class, present, follow).
        label: how the teacher's page named the place (``"④ tool_call — step 2"``), in the teacher's language.
        seq: grows by one each time the position changes: equal numbers mean the same position.
        updated_at: when the teacher moved there.
        run_seq: the number of the teacher's last published live run (``None``: none yet).
        run_question: that run's question.
    """

    url_path: str
    query: dict[str, str]
    label: str
    seq: int
    updated_at: float
    run_seq: int | None = None
    run_question: str | None = None


@dataclass(frozen=True)
class TeacherRun:
    """The teacher's last live run: the exported trace (JSON text) and the settings it ran with."""

    question: str
    trace: str
    settings: dict[str, Any]
    seq: int
    updated_at: float


@dataclass(frozen=True)
class ClassResults:
    """The class's results on a list of exercises.

    Attributes:
        students: how many students the class has.
        rows: per exercise asked for, in the order asked: tried, solved, the commonest wrong answer.
        solved_by: per exercise id, the display names of the students who solved it (only when names
            were asked for; students without a display name are counted, not named).
    """

    students: int
    rows: tuple[ExerciseResult, ...]
    solved_by: dict[str, tuple[str, ...]] = field(default_factory=dict)
