"""The teacher's own secrets: the teacher token, the one-time hand-over code, and how they are stored.

The teacher of a class is whoever holds its **teacher token**, not a learner id: a learner id
travels in links and on projectors, the token never does. Starting a class makes a token of
192 random bits (:func:`new_teacher_token`), hands it to the teacher's browser once, and keeps
only its SHA-256 in the class row (:func:`digest`): a copy of the database leads no class.

To move the class to another device on purpose, the teacher asks for a **hand-over code**
(:func:`new_handover_code`): twelve characters of the class-code alphabet (about 59 bits), shown
in groups of four, valid once, for :data:`HANDOVER_TTL_S` seconds and :data:`HANDOVER_TRIES`
wrong tries. The other device types the class code and the hand-over code and receives a new
token; the old token stops working (one device leads a class at a time).

>>> token = new_teacher_token()
>>> len(token) >= 32, digest(token) == digest(token), digest(token) == digest(new_teacher_token())
(True, True, False)
>>> normalize_handover(" abcd-efgh 2345 ")
'ABCDEFGH2345'
>>> show_handover("ABCDEFGH2345")
'ABCD-EFGH-2345'
"""

from __future__ import annotations

import hashlib
import re
import secrets

from toolcall_lab.classroom.codes import ALPHABET

#: Random bytes in a teacher token (192 bits; ``secrets.token_urlsafe`` makes 32 characters of them).
TOKEN_BYTES = 24
#: Characters in a hand-over code (from the class-code alphabet: 31**12, about 2**59).
HANDOVER_LENGTH = 12
#: A hand-over code works for ten minutes, once.
HANDOVER_TTL_S = 600.0
#: Wrong hand-over codes a class accepts before the pending one is thrown away.
HANDOVER_TRIES = 5
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{32,64}$")
_HANDOVER = re.compile(f"^[{ALPHABET}]{{{HANDOVER_LENGTH}}}$")


def new_teacher_token() -> str:
    """A fresh teacher token: :data:`TOKEN_BYTES` random bytes from :mod:`secrets`, URL-safe text."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(secret: str) -> str:
    """What the database keeps of a token or a hand-over code: its SHA-256, in hex."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def is_teacher_token(value: object) -> bool:
    """True for text shaped like a token (32-64 URL-safe characters); anything else is never looked up.

    >>> is_teacher_token(new_teacher_token()), is_teacher_token("AAAAAAAAAAAAAAAAAAAAAA"), is_teacher_token(None)
    (True, False, False)
    """
    return isinstance(value, str) and _TOKEN.fullmatch(value) is not None


def new_handover_code() -> str:
    """A fresh hand-over code: :data:`HANDOVER_LENGTH` characters of the class-code alphabet, by :mod:`secrets`."""
    return "".join(secrets.choice(ALPHABET) for _ in range(HANDOVER_LENGTH))


def normalize_handover(text: object) -> str:
    """What the teacher typed, as a hand-over code: upper case, without spaces or dashes (not yet checked)."""
    if not isinstance(text, str):
        return ""
    return re.sub(r"[\s\-_.]", "", text).upper()[: HANDOVER_LENGTH * 2]


def is_handover_code(value: object) -> bool:
    """True for twelve characters of the class-code alphabet."""
    return isinstance(value, str) and _HANDOVER.fullmatch(value) is not None


def show_handover(code: str) -> str:
    """A hand-over code as the teacher reads it: three groups of four."""
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))
