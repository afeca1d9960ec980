"""Class codes, display names and the link parameters a class moves around: made and checked here.

A class code is six characters from an alphabet a student can read off a projector and type
without guessing: no ``0``/``O``, no ``1``/``I``/``L`` (31 characters, so about 887 million
codes). Typing is forgiving — lower case, spaces and dashes are accepted — and a code that
is not well formed is refused before it reaches the database.

>>> normalize_code(" abc-234 ")
'ABC234'
>>> is_class_code("ABC234"), is_class_code("ABC0O1")
(True, False)
>>> public_params({"lang": "en", "step": "2", "learner": "AAAAAAAAAAAAAAAAAAAAAA", "class": "ABC234"})
{'lang': 'en', 'step': '2'}
"""

from __future__ import annotations

import random
import re
import secrets
import unicodedata
from collections.abc import Mapping
from urllib.parse import urlencode, urlsplit, urlunsplit

#: The letters and digits of a class code: nothing that reads as another on a projector.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
#: The link parameter that carries the class code (``?class=ABC234``), like ``?lang=`` and ``?learner=``.
CLASS_PARAM = "class"
#: The link parameter of "follow the teacher automatically" (``?follow=1``).
FOLLOW_PARAM = "follow"
#: Parameters that belong to one person, never to a position others are sent to.
PRIVATE_PARAMS = frozenset({"learner", CLASS_PARAM, "present", FOLLOW_PARAM})
MAX_NAME_CHARS = 40

_CODE = re.compile(f"^[{ALPHABET}]{{{CODE_LENGTH}}}$")


class InvalidCode(ValueError):
    """A class code that is not six characters of :data:`ALPHABET`."""

    def __init__(self, value: object) -> None:
        self.value = repr(value)[:40]
        super().__init__(f"not a class code: {self.value}")


def new_code(rng: random.Random | None = None) -> str:
    """A fresh class code: six characters drawn from :data:`ALPHABET` (by :mod:`secrets` unless ``rng`` is given).

    >>> len(new_code()), is_class_code(new_code())
    (6, True)
    """
    pick = secrets.choice if rng is None else rng.choice
    return "".join(pick(ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: object) -> str:
    """What a student typed, as a code: upper case, without spaces or dashes (not yet checked)."""
    if not isinstance(text, str):
        return ""
    return re.sub(r"[\s\-_.]", "", text).upper()[: CODE_LENGTH * 2]


def is_class_code(value: object) -> bool:
    """True for six characters of :data:`ALPHABET` (exactly as stored: normalize typed text first)."""
    return isinstance(value, str) and _CODE.fullmatch(value) is not None


def check_code(value: object) -> str:
    """Return ``value`` when it is a class code; raise :class:`InvalidCode` otherwise."""
    if is_class_code(value):
        return str(value)
    raise InvalidCode(value)


def clean_display_name(text: object) -> str | None:
    """A display name as stored: trimmed, control characters removed, at most 40 characters; ``None`` when empty.

    >>> clean_display_name("  Ada\\n Lovelace  ")
    'Ada Lovelace'
    >>> clean_display_name("   ") is None
    True
    """
    if not isinstance(text, str):
        return None
    kept = "".join(" " if unicodedata.category(ch).startswith("C") else ch for ch in text)
    name = " ".join(kept.split())[:MAX_NAME_CHARS].strip()
    return name or None


def public_params(params: Mapping[str, str]) -> dict[str, str]:
    """The parameters of a page link others may be sent to: the link without :data:`PRIVATE_PARAMS`."""
    return {k: str(v) for k, v in sorted(params.items()) if k not in PRIVATE_PARAMS}


def join_link(page_url: str | None, page_url_path: str, code: str, lang: str) -> str:
    """The link a student opens to join: the app's address with ``?class=CODE&lang=…`` (no learner id).

    Args:
        page_url: the address the teacher's browser shows for the current page (without its query),
            e.g. ``https://lab.example.edu/stage_4_tool_call``; ``None`` when unknown (then a relative link).
        page_url_path: the current page's URL path (``stage_4_tool_call``; ``""`` on home), cut off the end.
        code: the class code.
        lang: the language the link opens in.

    >>> join_link("https://lab.example.edu/course/stage_4_tool_call", "stage_4_tool_call", "ABC234", "en")
    'https://lab.example.edu/course/?class=ABC234&lang=en'
    >>> join_link(None, "", "ABC234", "zh")
    '/?class=ABC234&lang=zh'
    """
    query = urlencode({CLASS_PARAM: check_code(code), "lang": lang})
    if not page_url:
        return f"/?{query}"
    scheme, netloc, path, _, _ = urlsplit(page_url)
    if page_url_path and path.rstrip("/").endswith("/" + page_url_path):
        path = path.rstrip("/")[: -len(page_url_path)]
    if not path.endswith("/"):
        path += "/"
    return urlunsplit((scheme, netloc, path, query, ""))
