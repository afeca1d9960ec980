"""What the classroom store hands back: plain, frozen records a page can render or a test can compare."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from toolcall_lab.progress.records import ExerciseResult


@dataclass(frozen=True)
class ClassInfo:
    """A class.

    Attributes:
        code: the class's key: its first code, which its members' links keep.
        teacher: the learner id that started it (it grants nothing: the teacher token does).
        created_at: when it was started.
        join_code: the code that joins it now (the key until the teacher asks for a new code).
        students: how many students it has.
        ends_at: when it ends by itself unless its teacher writes again.
        ended_at: when it ended (the teacher ended it, or it ran out of time); ``None`` while it runs.
    """

    code: str
    teacher: str
    created_at: float
    join_code: str = ""
    students: int = 0
    ends_at: float = float("inf")
    ended_at: float | None = None

    @property
    def ended(self) -> bool:
        """True once the class has ended: its code joins nobody, nobody leads it."""
        return self.ended_at is not None


@dataclass(frozen=True)
class TeacherKey:
    """What starting a class (or redeeming a hand-over code) gives the teacher's device, once.

    Attributes:
        code: the class's key.
        token: the teacher token (kept by the teacher's browser only; the database keeps its SHA-256).
    """

    code: str
    token: str

    def __repr__(self) -> str:  # a token never reaches a log through a repr
        return f"TeacherKey(code={self.code!r}, token='***')"

    def __iter__(self) -> Iterator[str]:
        """``code, token = store.start_class(...)``."""
        return iter((self.code, self.token))


@dataclass(frozen=True)
class Member:
    """A student of a class (the teacher is not a member).

    Attributes:
        learner: the student's learner id (never shown to anyone).
        display_name: the name the student chose to show, or ``None`` (anonymous).
        joined_at: when the student joined.
        code: the class's key (the code the student's link keeps, whichever code they joined with).
    """

    learner: str
    display_name: str | None
    joined_at: float
    code: str = ""


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
class Banner:
    """What a student's banner reads every second, in one read: the class's state and where the teacher is.

    Attributes:
        ended: the class has ended (the teacher ended it, or it ran out of time).
        join_code: the code that joins the class now.
        position: where the teacher is (``None``: no page opened yet).
    """

    ended: bool
    join_code: str
    position: Position | None


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
