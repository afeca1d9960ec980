"""Splitting a message into the things it asks: clauses, and the list items inside a clause.

Learners ask several things at once: "…？顺便…", "What's the weather in Paris? Also, …",
"Look up accord. Then check my classes on 2026-07-29.", "accord 和 abandon 分别是几级？",
"Check my schedule on 2026-07-25 and my progress". Two levels of splitting serve them:

* :func:`split_clauses` cuts at sentence ends (``?`` ``.`` ``。`` …) and at the joiners that
  start a new ask (顺便, 另外, "and also", ", and how …", "then");
* :func:`split_segments` cuts one clause at its list separators ("、", ",", "和", "and", "or").
  A segment that names a tool's topic starts a new ask; a segment that only names a thing
  ("'leisure'", "S1003") is one more item for the ask next to it.
"""

from __future__ import annotations

import functools
import re

_ASK = (
    r"how|what|what's|when|where|which|who|whose|is|are|do|does|did|can|could|tell|show|check|give|my|will"
    r"|should|would|shall|need|must|may|might|any|look"
)
_CLAUSE_BREAK = re.compile(
    r"(?<=[？?！!。；;\n])"  # after a sentence end
    r"|(?<=[a-z0-9)'\"”’])(?<!\bno(?=\.\s*\d))(?<!\bvs)\.(?=\s|$)"  # an English full stop (not 3.14, a URL, "no. 1003")
    r"|[，,](?=\s*(?:外面|外边|我(?:想去|要去|打算|准备|待会儿|不想|刚)))"  # "…，外面天气不错我待会儿要出门": told
    r"|\s+(?=\d{1,2}[)）]\s)"  # "1) level of negotiate 2) level of diligent": a numbered list
    r"|顺便|另外|还有就是|还有(?!(?:几|多少)(?:节|堂)?课)|同时|以及|并且|然后|再帮我|再查|再看看|再看一下"
    rf"|\s\+\s(?=(?:{_ASK})\b)"
    r"|(?:,|，)?\s*\b(?:and also|also|then|as well as|plus)\b"
    rf"|(?:,|，)\s*(?:and|but)\b(?=\s+(?:{_ASK})\b)",
    re.I,
)
_SEGMENT_BREAK = re.compile(
    # "B2 or C1" are two levels of one word, not two items asked about
    r"\s*(?:、|，|,|/(?!\d)|(?<!\d)/|\+|(?:\band\b|\bor\b|和|跟|与|或者|还是|及)(?!\s*[ABC][12]\b))\s*"
    r"|(?<=[A-Za-z])\s*同\s*(?=[A-Za-z])"  # "meticulous 同 ubiquitous" (Cantonese "and")
    r"|(?<=[一二三四五六日天号])\s*同\s*(?=(?:下|这|本)?(?:周|星期|礼拜))"  # "下礼拜一同礼拜三"
    r"|(?<=[\u4e00-\u9fff])\s+(?=[A-Za-z]+[\u4e00-\u9fff])"  # "accord几级 benefit考不考": one ask per word
    # "is accord harder than benefit": the two sides of a comparison are two items ("more than 3 days" is one)
    r"|\s+\bthan\b\s+(?=['\"“‘]?[A-Za-z])",
    re.I,
)
_STRIP = " ，,。.!！?？;；:：\n\t"
MAX_PARTS = 12  # asks read in one message, items in one clause; the rest stays in the last one


def _capped(parts: list[str], joiner: str) -> list[str]:
    """At most :data:`MAX_PARTS` parts: a message of a thousand questions is not read as a thousand asks."""
    return parts if len(parts) <= MAX_PARTS else [*parts[: MAX_PARTS - 1], joiner.join(parts[MAX_PARTS - 1 :])]


@functools.lru_cache(maxsize=1024)
def split_clauses(text: str) -> tuple[str, ...]:
    """The asks of a message, in order.

    >>> split_clauses("What's the weather in Paris? Also, what level is the word accord?")
    ("What's the weather in Paris", 'what level is the word accord')
    """
    parts = [p.strip(_STRIP) for p in _CLAUSE_BREAK.split(text)]
    clauses = tuple(_capped([p for p in parts if p and re.search(r"\w", p)], ". "))
    return clauses or (text.strip(),)


@functools.lru_cache(maxsize=1024)
def split_segments(clause: str) -> tuple[str, ...]:
    """The list items of one clause ("accord 和 abandon 分别是几级" → "accord", "abandon 分别是几级").

    >>> split_segments("is accord harder than benefit"), split_segments("rain for more than 3 days")
    (('is accord harder', 'benefit'), ('rain for more than 3 days',))
    """
    parts = [p.strip(_STRIP) for p in _SEGMENT_BREAK.split(clause)]
    segments = tuple(_capped([p for p in parts if p and re.search(r"\w", p)], ", "))
    return segments or (clause,)
