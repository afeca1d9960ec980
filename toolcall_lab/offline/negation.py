"""Negation and scope: what the learner says *not* to do, or *not* to read as the question.

"别查课表，我只想问 coherent 什么意思" asks about a word and says not to check the timetable;
"Don't search the web, just check the weather in Paris" asks for the weather; "不是 accord，我说的
是 abandon" and "not Tokyo — Seoul" correct a word. Each negated span is taken out of the text
before it is read (its words never become arguments), and the concepts it names are returned
so the planner can keep tools of those concepts out of this turn.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from toolcall_lab.offline import nlu

_ZH_NOT = re.compile(
    r"(?:不用|不要|别|无需|不必|甭|先别)(?:再|去|帮我|给我)*(?P<verb>查|搜索|搜|看|用|调用|问)"
    r"(?P<what>[^，,。；;！!？?]{0,12})"
)
_EN_NOT = re.compile(
    r"\b(?:don'?t|do not|no need to|never|please don'?t|you don'?t need to)\s+(?:bother\s+(?:to\s+)?)?"
    r"(?P<verb>look up|look at|check|search|use|call|get|open|run|google)\b(?P<what>[^,.;!?—–]{0,40})",
    re.I,
)
_EN_NOT_ASKING = re.compile(
    r"\b(?:i'?m|i am) not (?P<verb>asking|talking|interested)(?: in| about)?(?P<what>[^,.;!?—–]{0,40})", re.I
)
_ZH_CORRECTION = re.compile(
    r"(?:我)?不是(?:问|说|查|要)?(?P<what>[^，,。；;]{1,20})[，,]\s*(?:而)?(?=(?:我)?(?:说的|问的|要问的|要查的|要的)?是)"
)
_EN_CORRECTION = re.compile(
    r"\bnot\s+(?P<what>'[^']{1,30}'|\"[^\"]{1,30}\"|[A-Za-z][\w-]{0,30})\s*(?:—|–|-|,|;)\s*"
    r"(?:i mean\s+|it's\s+|but\s+)?",
    re.I,
)


@dataclass
class Negated:
    """One span the learner negated: its words, the concepts it names (``search`` for "search"),
    and the tools the planner kept out because of it."""

    words: str
    concepts: frozenset[str]
    correction: bool = False
    tools_named: list[str] = field(default_factory=list)


def _concepts(verb: str, what: str) -> frozenset[str]:
    found = set(nlu.concepts_in(what))
    if verb.lower() in ("搜索", "搜", "search", "google"):
        found.add("search")
    return frozenset(found)


def drop_negated(text: str) -> tuple[str, list[Negated]]:
    """The text without its negated spans, and each span taken out.

    >>> drop_negated("别查课表，我只想问 coherent 什么意思")[0]
    '，我只想问 coherent 什么意思'
    >>> drop_negated("not Tokyo — Seoul. weather?")[0]
    'Seoul. weather?'
    """
    out: list[Negated] = []
    for pattern in (_ZH_NOT, _EN_NOT, _EN_NOT_ASKING):
        for m in pattern.finditer(text):
            out.append(Negated(m.group(0).strip(), _concepts(m.group("verb"), m.group("what"))))
        text = pattern.sub(" ", text)
    for pattern in (_ZH_CORRECTION, _EN_CORRECTION):
        for m in pattern.finditer(text):
            out.append(Negated(m.group(0).strip(), frozenset(), correction=True))
        text = pattern.sub(" ", text)
    return re.sub(r"\s{2,}", " ", text).strip(), out
