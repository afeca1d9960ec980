"""A weekday written beside the date it names: "monday 27 july", "Monday the 27th", "7月27日（周一）".

The weekday only names the date beside it, so the two are one date, the day of the month; read apart,
"monday 27 july" said on Saturday the 18th would also ask about Monday the 20th.
"""

from __future__ import annotations

import re
from typing import Protocol, TypeVar


class Mention(Protocol):
    """What this module reads of a date mention (:class:`.dates.DateMention`)."""

    @property
    def raw(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def start(self) -> int: ...


M = TypeVar("M", bound=Mention)


def without_weekday_beside(found: list[M], text: str) -> list[M]:
    """The mentions without a weekday written beside a day of the month, which it only names.

    >>> from toolcall_lab.offline.dates import find_dates
    >>> import datetime as dt
    >>> [d.raw for d in find_dates("any class on monday 27 july?", dt.date(2026, 7, 18))]
    ['27 july']
    >>> [d.raw for d in find_dates("monday and 27 july", dt.date(2026, 7, 18))]
    ['monday', '27 july']
    """
    out: list[M] = []
    for i, d in enumerate(found):
        neighbours = [m for m in (found[i - 1] if i else None, found[i + 1] if i + 1 < len(found) else None) if m]
        names_a_day = any(
            (m.kind in ("month_day", "calendar") or m.raw.lower().startswith("the ")) and _beside(d, m, text)
            for m in neighbours
        )
        if d.kind == "relative" and _BARE_DAY.fullmatch(d.raw) and names_a_day:
            continue
        out.append(d)
    return out


_BARE_DAY = re.compile(
    r"(?:(?:周|星期|礼拜)[一二三四五六日天]|[A-Za-z]{3,9}day|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun),?", re.I
)


def _beside(a: Mention, b: Mention, text: str) -> bool:
    """Are two mentions written side by side, with only spaces, commas or brackets between them?"""
    low = text.lower()
    # a mention's start may be that of its match ("on monday"), its raw words a part of it: find them from there
    spans = sorted((max(low.find(x.raw.lower(), x.start), x.start), len(x.raw)) for x in (a, b))
    (first, length), (second, _) = spans
    return bool(re.fullmatch(r"[\s,，(（)）]*", text[first + length : second]))
