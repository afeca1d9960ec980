"""Why the classroom store refused: each refusal its own exception, so a page explains it in the learner's words."""

from __future__ import annotations


class UnknownClass(LookupError):
    """No class has this code (or it is a class's old code and the learner is not one of its students)."""


class ClassEnded(UnknownClass):
    """The class has ended (its teacher ended it, or it ran out of time): its code joins nobody."""


class ClassFull(PermissionError):
    """The class has as many students as it takes (:attr:`~toolcall_lab.classroom.limits.ClassLimits.max_students`)."""

    def __init__(self, code: str, limit: int) -> None:
        self.limit = limit
        super().__init__(f"class {code} is full ({limit} students)")


class NotTheTeacher(PermissionError):
    """Only the holder of a class's teacher token may lead it (move, publish, see results, end, hand over)."""


class HandoverRefused(PermissionError):
    """The hand-over code is wrong, used, or too old (after a few wrong tries, no code is pending any more)."""
