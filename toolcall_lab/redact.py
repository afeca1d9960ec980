"""Secrets stay in the session: redact keys from anything shown, logged or exported.

One function, :func:`redact`, scrubs any string or structure (dicts, lists, tuples, strings,
recursively); :func:`redact_text` is its rule for one string and :func:`redact_url` for one URL.
The rules:

* a value stored under a secret-looking key (``authorization``, ``api_key``, ``x-api-key``,
  ``openai_api_key``, ``tavily_api_key``, ...) is replaced by :data:`REDACTED`;
* any string containing one of the *known secrets* (the keys the user gave this session, and
  the operator's keys from the server's environment, see :func:`remember_secrets`) has each
  occurrence replaced, wherever it hides (a URL, an error message, a header);
* bearer tokens, basic credentials and ``sk-`` / ``tvly-`` style keys are replaced even when nobody named them
  (a gateway that echoes ``Invalid key sk-…`` in its error);
* credentials inside a URL: the userinfo of ``https://user:pass@host/v1`` and the value of a
  query parameter named like a credential (``?api-key=…``, ``&token=…``, ``&sig=…``) —
  anywhere in a text, not only in a field that holds a URL.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Mapping
from typing import Any

REDACTED = "***redacted***"

_SECRET_KEY = re.compile(r"(authorization|api[-_]?key|secret|password|token$|^cookie$)", re.I)
# Bearer tokens and sk-style keys are caught even when nobody told us the secret.
_BEARER = re.compile(r"((?:Bearer|Basic)\s+)[A-Za-z0-9._\-~+/=]{6,}")
_SK = re.compile(r"\b(sk|tvly)-[A-Za-z0-9._\-]{6,}")
# ``scheme://userinfo@`` — the userinfo is everything between ``://`` and the first ``@`` before
# the path; a ``/`` ends the authority, so ``https://h/path@x`` keeps its path as it is.
_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*://)([^/?#\s@'\"<>]+)@")
# a ``name=value`` pair whose name says it is a credential: ``api-key``, ``access_token``,
# ``X-Amz-Signature``, ``sig``, ``password`` ... (``max_tokens=`` and ``monkey=`` are not).
_CREDENTIAL_NAME = (
    r"(?:[a-z0-9]+[-_.])*(?:api[-_]?key|apikey|key|token|secret|signature|sig|password|passwd|pwd|auth|credentials?)"
)
_CREDENTIAL_PARAM = re.compile(r"(?i)(?<![a-z0-9_.\-])(" + _CREDENTIAL_NAME + r")=([^&\s'\"<>#]+)")

#: The shortest string taken as a known secret (shorter ones would scrub ordinary words).
MIN_SECRET = 4
#: The shortest key remembered for the whole process (see :func:`remember_secrets`).
MIN_PROCESS_SECRET = 8
_PROCESS_SECRETS: set[str] = set()
_PROCESS_LOCK = threading.Lock()


def remember_secrets(secrets: Iterable[str]) -> None:
    """Scrub these strings from everything this process redacts, from now on.

    The settings loader gives it the operator's keys from the server's environment: an error a
    page explains without knowing the session (a lesson page's own model call) still never shows
    them. Strings shorter than :data:`MIN_PROCESS_SECRET` are ignored.
    """
    with _PROCESS_LOCK:
        _PROCESS_SECRETS.update(s for s in secrets if s and len(s) >= MIN_PROCESS_SECRET)


def _known(secrets: Iterable[str]) -> list[str]:
    with _PROCESS_LOCK:
        known = set(_PROCESS_SECRETS)
    known.update(s for s in secrets if s and len(s) >= MIN_SECRET)
    return sorted(known, key=len, reverse=True)  # the longest first: a key containing another is scrubbed whole


def _is_secret_key(key: Any) -> bool:
    text = str(key)
    # token counts are not secrets: ``prompt_tokens``, ``total_tokens`` ...
    if text.endswith("_tokens") or text.endswith("tokens_details") or text == "max_tokens":
        return False
    return bool(_SECRET_KEY.search(text))


def redact_url(url: str, secrets: Iterable[str] = ()) -> str:
    """A URL with its credentials replaced: the userinfo and credential-named query values.

    >>> redact_url("https://bob:hunter2@gw.example/v1?api-key=abc&region=eu")
    'https://***redacted***@gw.example/v1?api-key=***redacted***&region=eu'
    """
    return redact_text(url, secrets)


def _scrub_patterns(text: str) -> str:
    # each regex runs only on a string that holds its literal start: captured bodies have many strings
    if "Bearer" in text or "Basic" in text:
        text = _BEARER.sub(lambda m: m.group(1) + REDACTED, text)
    if "sk-" in text or "tvly-" in text:
        text = _SK.sub(REDACTED, text)
    if "://" in text:
        text = _USERINFO.sub(lambda m: m.group(1) + REDACTED + "@", text)
    if "=" in text:
        text = _CREDENTIAL_PARAM.sub(lambda m: m.group(1) + "=" + REDACTED, text)
    return text


def redact_text(text: str, secrets: Iterable[str] = ()) -> str:
    """Replace every known secret, bearer / sk- token and URL credential inside ``text``.

    >>> redact_text("401 Invalid key sk-operator-0123456789 for https://u:p@gw/v1")
    '401 Invalid key ***redacted*** for https://***redacted***@gw/v1'
    """
    for secret in _known(secrets):
        text = text.replace(secret, REDACTED)
    return _scrub_patterns(text)


def redact(value: Any, secrets: Iterable[str] = ()) -> Any:
    """Return a deep copy of ``value`` with secrets removed (any string, dict, list or tuple).

    >>> redact({"Authorization": "Bearer sk-abc123456", "model": "m"})
    {'Authorization': '***redacted***', 'model': 'm'}
    """
    return _redact(value, _known(secrets))


def _redact(value: Any, known: list[str]) -> Any:
    if isinstance(value, Mapping):
        out: dict[Any, Any] = {}
        for key, item in value.items():
            if _is_secret_key(key) and isinstance(item, (str, bytes)) and item:
                out[key] = REDACTED
            else:
                out[key] = _redact(item, known)
        return out
    if isinstance(value, (list, tuple)):
        return [_redact(item, known) for item in value]
    if isinstance(value, str):
        for secret in known:
            if secret in value:
                value = value.replace(secret, REDACTED)
        return _scrub_patterns(value)
    return value
