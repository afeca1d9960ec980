"""Scope: a piece of a message that says *only* ("只帮我看看 negotiate", "just Sydney") names what is asked.

"accord 很简单，只帮我查 benefit": the learner mentions one word and asks about the other; the pieces that only mention
a thing are not asked. "just" of time ("I just got back") and "just today" (a day scoped, not the list) are not
scope.
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: "just smashed my personal record", "I just got back": "just" of time, not of scope
_JUST_NOW = (
    r"\bjust\b"
    r"(?!\s+(?:[a-z]+[^e\s]ed|got|had|did|came|went|ran|made|saw|woke|found|took|left|been|won|lost)\b)"
)
_ONLY = re.compile(rf"只想知道|只想问|只想查|只要|只帮我|只需要|只问|只查|只看|\bonly\b|{_JUST_NOW}", re.I)


_ONLY_A_DAY = re.compile(
    r"\b(?:just|only)\s+(?:for\s+)?(?:today|tomorrow|tonight|now)\b|只(?:要|看)?(?:今天|明天)的?$", re.I
)
_PIECE_END = re.compile(r"(?<=[，,；;。！!？?])|(?<=[.])(?=\s)")
#: "just me and S1003, who has fewer lessons left": a piece that asks who or which, over the things the
#: scoped piece names; it is the question itself, not another thing mentioned.
_ASKS_OVER = re.compile(r"^\W*(?:who|whose|which|谁|哪)", re.I)


def keep_only_scope(text: str, names: Callable[[str], bool]) -> tuple[str, list[str]]:
    """ "…, 你只帮我看看 negotiate 是几级": when one piece of the message says *only* and names a thing of
    its own, the things the other pieces name are not asked (the learner mentioned them, not asked for them).

    Returns ``(text, dropped)``: the text without those pieces; nothing is dropped unless a scoped piece
    names a thing.

    >>> keep_only_scope("accord 很简单，只帮我查 benefit", lambda c: "benefit" in c or "accord" in c)
    ('只帮我查 benefit', ['accord 很简单，'])
    >>> keep_only_scope("just me and S1003, who has fewer left", lambda c: True)
    ('just me and S1003, who has fewer left', [])
    """
    pieces = [p for p in _PIECE_END.split(text) if p.strip()]
    # "Bangkok for the next 3 days, Singapore just today": "just" scopes that piece's day, not the list
    scoped = [p for p in pieces if _ONLY.search(p) and names(p) and not _ONLY_A_DAY.search(p)]
    if not scoped or len(pieces) < 2:
        return text, []
    dropped = [p for p in pieces if p not in scoped and names(p) and not _ASKS_OVER.search(p)]
    # "only Sydney, not Singapore: the weather now": what follows a dropped piece's colon is still the ask
    kept = [
        p if p not in dropped else re.split(r"[:：]", p, maxsplit=1)[1] if re.search(r"[:：]", p) else ""
        for p in pieces
    ]
    return "".join(kept).strip(), [re.split(r"[:：]", d, maxsplit=1)[0].strip() for d in dropped]
