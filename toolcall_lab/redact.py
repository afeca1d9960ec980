"""Secrets stay in the session: redact keys from anything shown, logged or exported.

Two rules, applied recursively to dicts, lists and strings:

* a value stored under a secret-looking key (``authorization``, ``api_key``, ``x-api-key``,
  ``openai_api_key``, ``tavily_api_key``, ...) is replaced by :data:`REDACTED`;
* any string containing one of the *known secrets* (the keys the user gave this session)
  has each occurrence replaced, wherever it hides (a URL, an error message, a header).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

REDACTED = "***redacted***"

_SECRET_KEY = re.compile(r"(authorization|api[-_]?key|secret|password|token$|^cookie$)", re.I)
# Bearer tokens and sk-style keys are caught even when nobody told us the secret.
_BEARER = re.compile(r"(Bearer\s+)[A-Za-z0-9._\-]{6,}")
_SK = re.compile(r"\b(sk|tvly)-[A-Za-z0-9._\-]{6,}")


def _is_secret_key(key: Any) -> bool:
    text = str(key)
    # token counts are not secrets: ``prompt_tokens``, ``total_tokens`` ...
    if text.endswith("_tokens") or text.endswith("tokens_details") or text == "max_tokens":
        return False
    return bool(_SECRET_KEY.search(text))


def redact_text(text: str, secrets: Iterable[str] = ()) -> str:
    """Replace every known secret and every bearer / sk- token inside ``text``."""
    for secret in secrets:
        if secret and len(secret) >= 4:
            text = text.replace(secret, REDACTED)
    text = _BEARER.sub(lambda m: m.group(1) + REDACTED, text)
    return _SK.sub(REDACTED, text)


def redact(value: Any, secrets: Iterable[str] = ()) -> Any:
    """Return a deep copy of ``value`` with secrets removed.

    >>> redact({"Authorization": "Bearer sk-abc123456", "model": "m"})
    {'Authorization': '***redacted***', 'model': 'm'}
    """
    secrets = tuple(s for s in secrets if s)
    if isinstance(value, Mapping):
        out: dict[Any, Any] = {}
        for key, item in value.items():
            if _is_secret_key(key) and isinstance(item, (str, bytes)) and item:
                out[key] = REDACTED
            else:
                out[key] = redact(item, secrets)
        return out
    if isinstance(value, (list, tuple)):
        return [redact(item, secrets) for item in value]
    if isinstance(value, str):
        return redact_text(value, secrets)
    return value
