"""What several LangGraph lessons share: the article's turns, thread ids, and a run's path.

The turns are *inputs* to real runs (the built-in model and the offline corpus answer
them), so they are data keyed by language, not UI wording.
"""

from __future__ import annotations

import re
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


_UUID4 = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")


def thread_from_link(raw: str | None, prefix: str) -> str | None:
    """A thread id taken from a link (``?thread=``), or ``None`` unless it is ``<prefix>-<uuid4>``.

    Only ids of the shape the page itself makes are accepted, so a link cannot name
    some other lesson's thread or carry text into the checkpointer.

    >>> thread_from_link("lab-3262a731-de88-4334-8361-930583eba207", "lab")
    'lab-3262a731-de88-4334-8361-930583eba207'
    >>> thread_from_link("lab-1", "lab") is None, thread_from_link(None, "lab") is None
    (True, True)
    >>> thread_from_link("approval-3262a731-de88-4334-8361-930583eba207", "lab") is None
    True
    """
    if raw is None or not raw.startswith(prefix + "-"):
        return None
    return raw if _UUID4.fullmatch(raw[len(prefix) + 1 :]) else None


def path(trace: GraphTrace) -> list[str]:
    """The nodes a run went through, in order (one per finished node)."""
    return [step["node"] for step in trace["steps"]]
