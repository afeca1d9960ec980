"""One typed settings object, read from the environment (and an optional ``.env``) on demand.

Nothing is read at import. Pages build a :class:`Settings` from the environment; what a
learner typed in the sidebar goes through :func:`toolcall_lab.endpoint_policy.decide`, which
says which endpoint the session may use and whose key goes with it (the operator's key only
ever goes to the operator's endpoint). Keys stay in memory only, and out of ``repr``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal, TypedDict, Unpack, cast

from toolcall_lab.redact import remember_secrets

Provider = Literal["builtin", "openai_compatible"]
#: The values of a yes/no environment setting that mean yes.
TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
REPO_ROOT = Path(__file__).resolve().parent.parent


class SettingsChanges(TypedDict, total=False):
    """The fields :meth:`Settings.with_overrides` may replace, with their types."""

    provider: Provider
    llm_api_key: str
    llm_base_url: str
    llm_model_id: str
    tavily_api_key: str
    checkpointer: str
    timeout_s: float
    max_retries: int
    endpoint_locked: bool
    allowed_base_urls: tuple[str, ...]


@dataclass(frozen=True)
class Settings:
    """What the lab talks to.

    Attributes:
        provider: ``"builtin"`` (the default, offline) or ``"openai_compatible"``.
        llm_api_key: key of the real endpoint (``LLM_API_KEY``); never shown back.
        llm_base_url: base URL of the real endpoint (``LLM_BASE_URL``).
        llm_model_id: model name for the real endpoint (``LLM_MODEL_ID``).
        tavily_api_key: Tavily key (``TAVILY_API_KEY``); offline search when empty.
        checkpointer: ``"sqlite"`` (default), ``"memory"``, a ``.sqlite`` path or a
            ``postgresql://`` URL (``CHECKPOINTER``).
        timeout_s: per-request timeout for the real endpoint.
        max_retries: retries ``ChatOpenAI`` makes on transient errors.
        endpoint_locked: ``LLM_ENDPOINT_LOCKED=1``: learners see the operator's endpoint but
            cannot pick another one.
        allowed_base_urls: ``LLM_ALLOWED_BASE_URLS`` (comma-separated): the only base URLs a
            learner may pick besides the operator's; empty means any.
        known_secrets: keys this session must never show although it does not send them (the
            operator's key, when a learner's own endpoint is active); scrubbed like the others.
    """

    provider: Provider = "builtin"
    llm_api_key: str = field(default="", repr=False)
    llm_base_url: str = ""
    llm_model_id: str = ""
    tavily_api_key: str = field(default="", repr=False)
    checkpointer: str = field(default="sqlite", repr=False)  # a postgresql:// URL may hold a password
    timeout_s: float = 30.0
    max_retries: int = 2
    endpoint_locked: bool = False
    allowed_base_urls: tuple[str, ...] = ()
    known_secrets: tuple[str, ...] = field(default=(), repr=False)

    @property
    def secrets(self) -> tuple[str, ...]:
        """The strings to scrub from everything shown, logged or exported."""
        keys = (self.llm_api_key, self.tavily_api_key, *self.known_secrets)
        return tuple(dict.fromkeys(s for s in keys if s))

    @property
    def uses_real_model(self) -> bool:
        return self.provider == "openai_compatible"

    def with_overrides(self, **changes: Unpack[SettingsChanges]) -> Settings:
        """A copy with the given fields replaced (empty values are ignored).

        >>> Settings().with_overrides(llm_model_id="", checkpointer="memory").checkpointer
        'memory'
        """
        # Keeping only the non-empty values keeps the TypedDict's keys and types; the
        # comprehension cannot say so itself, hence the cast.
        kept = cast(SettingsChanges, {k: v for k, v in changes.items() if v not in (None, "")})
        return replace(self, **kept)


def load_settings(env: Mapping[str, str] | None = None, dotenv_path: Path | None = None) -> Settings:
    """Build settings from ``env`` (default ``os.environ``) over an optional ``.env`` file.

    The ``.env`` file is read with ``dotenv_values`` — it is *not* loaded into the process
    environment. The real provider is selected when ``LLM_API_KEY`` or ``LLM_BASE_URL`` is set.
    The keys found are remembered by :func:`toolcall_lab.redact.remember_secrets`, so nothing
    this process redacts can show them.

    The endpoint policy: ``LLM_ENDPOINT_LOCKED`` is on for ``1``, ``true``, ``yes`` or ``on``;
    ``LLM_ALLOWED_BASE_URLS`` is split on commas (blank entries dropped).
    """
    values: dict[str, str] = {}
    path = dotenv_path if dotenv_path is not None else REPO_ROOT / ".env"
    if path.is_file():
        from dotenv import dotenv_values

        values.update({k: v for k, v in dotenv_values(path).items() if v is not None})
    values.update(env if env is not None else os.environ)
    key = values.get("LLM_API_KEY", "").strip()
    base = values.get("LLM_BASE_URL", "").strip()
    tavily = values.get("TAVILY_API_KEY", "").strip()
    remember_secrets((key, tavily))
    allowed = tuple(u.strip() for u in values.get("LLM_ALLOWED_BASE_URLS", "").split(",") if u.strip())
    return Settings(
        provider="openai_compatible" if (key or base) else "builtin",
        llm_api_key=key,
        llm_base_url=base,
        llm_model_id=values.get("LLM_MODEL_ID", "").strip(),
        tavily_api_key=tavily,
        checkpointer=values.get("CHECKPOINTER", "sqlite").strip() or "sqlite",
        endpoint_locked=values.get("LLM_ENDPOINT_LOCKED", "").strip().lower() in TRUE_WORDS,
        allowed_base_urls=allowed,
    )
