"""How large a class may grow and how long it lives without its teacher: two settings with defaults.

=============================  =======  ===========================================================
environment                    default  meaning
=============================  =======  ===========================================================
``LAB_CLASS_MAX_STUDENTS``     200      students a class takes; the next join is refused, explained
``LAB_CLASS_IDLE_HOURS``       12       a class ends by itself this long after its teacher's last
                                        write (a move, a published run, a new code, a hand-over)
=============================  =======  ===========================================================

>>> ClassLimits.from_env({})
ClassLimits(max_students=200, idle_s=43200.0)
>>> ClassLimits.from_env({"LAB_CLASS_MAX_STUDENTS": "40", "LAB_CLASS_IDLE_HOURS": "2.5"})
ClassLimits(max_students=40, idle_s=9000.0)

A value that is not a positive number is ignored (the default stays): a typo never makes a
class of zero students or one that ends at once.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

MAX_STUDENTS = 200
IDLE_HOURS = 12.0


@dataclass(frozen=True)
class ClassLimits:
    """The size limit and the idle time of every class a store serves.

    Attributes:
        max_students: how many students one class takes.
        idle_s: seconds after the teacher's last write at which the class ends by itself.
    """

    max_students: int = MAX_STUDENTS
    idle_s: float = IDLE_HOURS * 3600

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> ClassLimits:
        """The limits the environment sets (``os.environ`` by default); see the module docstring."""
        values = os.environ if env is None else env
        size = _positive(values.get("LAB_CLASS_MAX_STUDENTS"))
        hours = _positive(values.get("LAB_CLASS_IDLE_HOURS"))
        return cls(
            max_students=int(size) if size is not None and size >= 1 else MAX_STUDENTS,
            idle_s=(hours if hours is not None else IDLE_HOURS) * 3600,
        )


def _positive(text: str | None) -> float | None:
    try:
        value = float(text or "")
    except ValueError:
        return None
    return value if 0 < value < 1e9 else None
