"""What several LangGraph lessons share: the article's turns, thread ids, and a run's path.

The turns are *inputs* to real runs (the built-in model and the offline corpus answer
them), so they are data keyed by language, not UI wording.
"""

from __future__ import annotations

import uuid

from toolcall_lab.graph_records import GraphTrace

# The article's three-turn conversation, and its English edition.
ZH_TURNS = ("曼谷今天多少度？", "那明天呢？", "需要带伞吗？")
EN_TURNS = ("How hot is Bangkok today?", "And tomorrow?", "Do I need an umbrella?")


def turns(lang: str) -> tuple[str, ...]:
    """The three turns in ``lang`` (``"en"``, else Chinese).

    >>> turns("en")[1]
    'And tomorrow?'
    """
    return EN_TURNS if lang == "en" else ZH_TURNS


def new_id(prefix: str) -> str:
    """A thread id nobody can guess: the lesson's label plus a full uuid4."""
    return f"{prefix}-{uuid.uuid4().hex}"


def path(trace: GraphTrace) -> list[str]:
    """The nodes a run went through, in order (one per finished node)."""
    return [step["node"] for step in trace["steps"]]
