"""The eight stages of the chain, in order: their keys and the modules that hold their functions.

The step-through control (:mod:`.round_trip`) walks a run across these stages. What a
learner reads about a stage (its title, its question, its prose) belongs to the page that
shows it: ``pages/registry.py`` and ``lessons/content``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Stage:
    """One stage of the chain.

    Attributes:
        index: 1-based position in the chain.
        key: stable identifier used in step-through artifacts (``"tool_source"`` …).
        module: the module under ``toolcall_lab.stages`` holding its functions.
    """

    index: int
    key: str
    module: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


STAGES: tuple[Stage, ...] = (
    Stage(1, "tool_source", "tool_source"),
    Stage(2, "schema", "schema"),
    Stage(3, "bind_tools", "wire"),
    Stage(4, "tool_call", "tool_call"),
    Stage(5, "validation", "validation"),
    Stage(6, "kwargs", "kwargs"),
    Stage(7, "tool_message", "tool_message"),
    Stage(8, "round_trip", "round_trip"),
)


def stage(key: str) -> Stage:
    """The stage with this key (``KeyError`` if there is none)."""
    for item in STAGES:
        if item.key == key:
            return item
    raise KeyError(key)
