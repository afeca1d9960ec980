""" "The other one": the thing an earlier message named beside the one already looked up.

"paris or london for a day trip? check paris first" / "ok now the other one" means London;
"ambiguous 和 ubiquitous 我老搞混，先说 ambiguous 几级" / "那另一个呢" means ubiquitous. The
earlier messages name two or more things of one kind (cities, English words, student ids);
the calls made so far took some of them; when exactly one is left, "the other one" is it.
The words are replaced by that thing before the question is read, as a step of the record.

>>> other_meant("ok now the other one", ["paris or london? paris first"], [("get_weather", {"city": "Paris"})])
('ok now London', 'the other one', 'London')
>>> other_meant("那另一个呢", ["ambiguous 和 ubiquitous 先说 ambiguous"], [("lookup_word", {"word": "ambiguous"})])
('那ubiquitous呢', '另一个', 'ubiquitous')
>>> other_meant("the other one?", ["tokyo, seoul or paris?"], [("get_weather", {"city": "Tokyo"})]) is None
True
"""

from __future__ import annotations

import re
from typing import Any

from toolcall_lab.offline import nlu, terms
from toolcall_lab.offline.ids import find_ids
from toolcall_lab.offline.lexicon import EN_STOP, FILLER

_OTHER = re.compile(
    r"\b(?:the\s+)?other\s+(?:one|city|word|student|place)\b|\bthe\s+other\b|另一个(?:词|城市|同学|人|地方)?"
    r"|另外一个(?:词|城市|同学|人|地方)?|另一座城市?|另一位(?:同学)?",
    re.I,
)


_ID_SHAPE = "student id, e.g. S1001"
#: Words that order the asking ("check paris first"), never the thing asked about.
_ORDER = frozenset({"first", "second", "then", "next", "last", "start", "begin", "after", "later", "harder", "easier"})


def _named(text: str, kind: str) -> list[str]:
    """The things of one kind (``city``, ``id`` or ``word``) a message names, in order."""
    if kind == "city":
        return [*nlu.cities_in(text)]
    if kind == "id":
        return [normalised for _, normalised in find_ids(text, _ID_SHAPE)]
    words = re.findall(r"(?<![A-Za-z0-9_'])[a-z][a-z\-]{3,}(?![A-Za-z0-9_])", text)
    return [
        w
        for w in [*terms.marked_terms(text), *words]
        if w not in EN_STOP
        and w not in FILLER
        and w not in _ORDER
        and nlu.correct(w) not in nlu.VOCAB_SET
        and w not in nlu.EN_CITIES
    ]


def _kind(value: str) -> str:
    if value.lower() in nlu.EN_CITIES:
        return "city"
    return "id" if find_ids(value, _ID_SHAPE) else "word"


#: "check paris first", "先说 ambiguous": one thing asked now, the others later ("now the other one").
_FIRST = re.compile(
    r"\b(?:check|do|look up|start with|begin with)\s+(?P<en>[^,.;?!]{1,30}?)\s+first\b"
    r"|\b(?:start|begin) with\s+(?P<en2>[^,.;?!]{1,30})"
    r"|先(?:说|查|看|问|告诉我)\s*(?P<zh>[^，,。；;？?！!]{1,30})",
    re.I,
)


def first_of(text: str) -> str | None:
    """The words of the one thing a message asks about first ("check paris first" → "paris"), else ``None``.

    >>> first_of("paris or london for a day trip today? check paris first"), first_of("先说 ambiguous 几级")
    ('paris', 'ambiguous 几级')
    """
    m = _FIRST.search(text)
    return None if m is None else next(g for g in m.groups() if g)


def other_meant(
    text: str, history: list[str], earlier_calls: list[tuple[str, dict[str, Any]]]
) -> tuple[str, str, str] | None:
    """``(text with "the other one" replaced, the words replaced, the thing)`` when exactly one named thing
    is left, else ``None``."""
    m = _OTHER.search(text)
    if m is None or not history or not earlier_calls:
        return None
    values = [str(v) for _, args in earlier_calls for v in args.values() if isinstance(v, str)]
    if not values:
        return None
    taken, kind = {v.lower() for v in values}, _kind(values[0])
    for message in reversed(history):
        named = _named(message, kind)
        if not any(n.lower() in taken for n in named):
            continue  # the message the calls answered names what was taken
        left = list(dict.fromkeys(n for n in named if n.lower() not in taken))
        if len(left) != 1:
            return None
        return text[: m.start()] + left[0] + text[m.end() :], m.group(0), left[0]
    return None
