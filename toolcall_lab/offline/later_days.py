"""A day counted from the day asked about before: "and two days later?", "再往后一天呢".

After "do I have anything on Monday?", "two days later" means two days after that Monday, not after
today; after "明儿我要去学校上课不", "再往后一天" is the day after tomorrow. Only words that count on from
something ("later", "after that", 往后, 再过) are read this way; "in two days" still counts from today.
"""

from __future__ import annotations

import datetime as dt
import re

from toolcall_lab.offline.dates import count_word
from toolcall_lab.offline.lexicon import EN_NUM

_COUNT = r"\d{1,2}|[一两二三四五六七八九十]|an?|" + "|".join(EN_NUM)
_LATER = re.compile(
    rf"\b(?P<n>{_COUNT})\s+days?\s+(?:later|after\s+(?:that|it|this))\b"
    rf"|(?:再)?往后(?:推|挪|延)?(?P<n2>{_COUNT})天|再过(?P<n3>{_COUNT})天|再(?:往)?后(?P<n4>{_COUNT})天",
    re.I,
)


def later_than(text: str, earlier: str) -> str | None:
    """The ISO day ``text`` counts on to from the ISO day ``earlier``, else ``None``.

    >>> later_than("and two days later, Wednesday?", "2026-07-27")
    '2026-07-29'
    >>> later_than("再往后一天呢", "2026-07-24")
    '2026-07-25'
    >>> later_than("in two days?", "2026-07-27") is None
    True
    """
    found = _LATER.search(text)
    if found is None or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", earlier):
        return None
    word = next(g for g in found.group("n", "n2", "n3", "n4") if g)
    n = 1 if word.lower() in ("a", "an") else count_word(word)
    if n <= 0:
        return None
    return (dt.date.fromisoformat(earlier) + dt.timedelta(days=n)).isoformat()
