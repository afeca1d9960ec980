"""What an exercise check found: one record for every exercise of the course.

A check runs the real library call on the learner's answer or input and returns a
:class:`Checked`; the page words the feedback from it. The right answer is always computed
from the real artifact at check time, never typed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from toolcall_lab.errors import ExplainedError


@dataclass(frozen=True)
class Checked:
    """One answer, judged against the real artifact.

    Attributes:
        correct: whether the answer (or the edited input) reaches the goal (``False`` for no answer).
        expected: the right answer, computed from the real call.
        shown: what the artifact showed for the learner's answer or input (the feedback points at it).
        error: why the learner's input made no artifact at all (it does not parse, it was refused).
    """

    correct: bool
    expected: Any
    shown: Any = field(default_factory=dict)
    error: ExplainedError | None = None
