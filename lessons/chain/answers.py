"""What chain pages ⑤–⑧'s exercises share: a "make" answer computed by trying candidates, and a list worded as code."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def first_accepted(candidates: Sequence[Any], works: Callable[[Any], bool]) -> Any:
    """The first candidate the real check accepts (so a "make" answer is computed, not typed).

    >>> first_accepted([1, 2, 3], lambda n: n > 1)
    2
    """
    return next((c for c in candidates if works(c)), None)


def code_list(items: Sequence[str]) -> str:
    """Items as inline code, comma-separated (the samples an answer got wrong).

    >>> code_list(["a", "b"])
    '`a`, `b`'
    """
    return ", ".join(f"`{w}`" for w in items)
