"""Who a record belongs to, and which exercise and page it is about: ids made and checked here.

A learner has no account by default. The app makes an **anonymous learner id** the first
time a browser arrives and keeps it in the link (a query parameter, like ``lang``): 16
random bytes from :mod:`secrets`, spelled in URL-safe base64 (22 characters). Nobody can
guess it, so nobody can read a learner's progress without the link.

Where a school has an identity provider, Streamlit's OIDC login gives a stable ``(issuer,
subject)`` pair; :func:`learner_id_from_oidc` hashes it into an id that starts with
``oidc.``. No email, name or raw subject is stored. Such an id is never accepted from a
link (:func:`learner_id_from_link` refuses it): it only comes from the login itself.

Every id that comes in is checked before it reaches the database; a malformed one is
refused with :class:`InvalidKey`, never stored.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re
import secrets

ANONYMOUS_BYTES = 16  # 128 random bits: unguessable
OIDC_PREFIX = "oidc."

# A page file, relative to the repository: ``pages/stage_4_tool_call.py``.
PAGE_PATH_PATTERN = r"^[A-Za-z0-9_][A-Za-z0-9_.-]*(/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$"
# An exercise: the page's URL path, a slash, its slug (``stage_4_tool_call/count-calls``), or, for a page whose
# exercises are not data yet, its number (``tutor_4_loop_guard/1``).
EXERCISE_ID_PATTERN = r"^[A-Za-z0-9_][A-Za-z0-9_.-]*(/[A-Za-z0-9_][A-Za-z0-9_.-]*)*/[A-Za-z0-9][A-Za-z0-9_-]*$"
# An attempt id made by the page when the learner submits (a uuid, a token...).
ATTEMPT_ID_PATTERN = r"^[A-Za-z0-9_.:-]+$"
MAX_KEY_CHARS = 200


class InvalidKey(ValueError):
    """An id that is not well formed: refused before it reaches the database.

    Attributes:
        kind: which id (``"learner"``, ``"page"``, ``"exercise"``, ``"attempt"``).
        value: a shortened ``repr`` of what came in (for logs and tests).
    """

    def __init__(self, kind: str, value: object) -> None:
        self.kind = kind
        self.value = repr(value)[:60]
        super().__init__(f"not a valid {kind} id: {self.value}")


def new_learner_id() -> str:
    """A fresh anonymous learner id: 16 random bytes in URL-safe base64 (22 characters).

    >>> len(new_learner_id()), is_valid_learner_id(new_learner_id())
    (22, True)
    """
    return secrets.token_urlsafe(ANONYMOUS_BYTES)


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def is_anonymous_learner_id(value: object) -> bool:
    """True for exactly what :func:`new_learner_id` makes: 22 URL-safe characters that decode to 16 bytes.

    Decoding and re-encoding must give the same text back, so a near miss (a character
    outside the alphabet, a wrong length, stray padding) is refused.

    >>> is_anonymous_learner_id("AAAAAAAAAAAAAAAAAAAAAA")   # 16 zero bytes
    True
    >>> is_anonymous_learner_id("AAAAAAAAAAAAAAAAAAAAAB")   # the last 4 bits must be zero
    False
    >>> is_anonymous_learner_id("../../etc/passwd")
    False
    """
    if not isinstance(value, str) or len(value) != 22:
        return False
    try:
        raw = base64.urlsafe_b64decode(value + "==")
    except (binascii.Error, ValueError):
        return False
    return len(raw) == ANONYMOUS_BYTES and _b64(raw) == value


def learner_id_from_oidc(issuer: str, subject: str, *, key: bytes | None = None) -> str:
    """A learner id for a signed-in user: a hash of the provider's ``issuer`` and ``subject``.

    The pair is what OIDC promises stays the same for one person at one provider
    (Streamlit's ``st.user`` has both as ``iss`` and ``sub``). Only its hash is kept, so
    the database holds no email and no raw subject. With ``key`` (a server secret) the
    hash is an HMAC, so even someone who knows a subject cannot compute the id.

    Args:
        issuer: the identity provider's issuer URL, exactly as the token says it.
        subject: the user's subject at that provider.
        key: optional server secret; the same key must be used every time.

    Returns:
        ``"oidc."`` followed by 22 URL-safe characters (128 bits of the hash).

    Raises:
        InvalidKey: an empty issuer or subject.

    >>> learner_id_from_oidc("https://accounts.example.org", "12345")
    'oidc.SS-4jna9Lwt1GfuUBzjENA'
    """
    if not issuer or not subject:
        raise InvalidKey("learner", (issuer, subject))
    message = issuer.encode("utf-8") + b"\x00" + subject.encode("utf-8")  # \x00: no ambiguous joins
    if key is None:
        digest = hashlib.sha256(message).digest()
    else:
        digest = hmac.new(key, message, hashlib.sha256).digest()
    return OIDC_PREFIX + _b64(digest[:ANONYMOUS_BYTES])


def is_valid_learner_id(value: object) -> bool:
    """True for an anonymous id or an id made by :func:`learner_id_from_oidc`."""
    if isinstance(value, str) and value.startswith(OIDC_PREFIX):
        return is_anonymous_learner_id(value[len(OIDC_PREFIX) :])
    return is_anonymous_learner_id(value)


def learner_id_from_link(value: object) -> str | None:
    """The anonymous learner id a link carries, or ``None`` when it carries none or a malformed one.

    Only anonymous ids are taken from a link: a signed-in learner's id comes from the login.

    >>> learner_id_from_link("AAAAAAAAAAAAAAAAAAAAAA")
    'AAAAAAAAAAAAAAAAAAAAAA'
    >>> learner_id_from_link("oidc.AAAAAAAAAAAAAAAAAAAAAA") is None
    True
    """
    return value if isinstance(value, str) and is_anonymous_learner_id(value) else None


def check_learner_id(value: object) -> str:
    """Return ``value`` when it is a valid learner id; raise :class:`InvalidKey` otherwise."""
    if isinstance(value, str) and is_valid_learner_id(value):
        return value
    raise InvalidKey("learner", value)


def _check(kind: str, pattern: str, value: object) -> str:
    if not isinstance(value, str) or len(value) > MAX_KEY_CHARS or not re.fullmatch(pattern, value):
        raise InvalidKey(kind, value)
    return value


def check_page_path(value: object) -> str:
    """Return a page path like ``pages/stage_4_tool_call.py``; raise :class:`InvalidKey` otherwise."""
    return _check("page", PAGE_PATH_PATTERN, value)


def check_exercise_id(value: object) -> str:
    """Return an exercise id like ``stage_4_tool_call/1``; raise :class:`InvalidKey` otherwise."""
    return _check("exercise", EXERCISE_ID_PATTERN, value)


def check_attempt_id(value: object) -> str:
    """Return an attempt id (letters, digits, ``_ . : -``); raise :class:`InvalidKey` otherwise."""
    return _check("attempt", ATTEMPT_ID_PATTERN, value)
