"""One typed settings object, read from the environment (and an optional ``.env``) on demand.

Nothing is read at import. Pages build a :class:`Settings` from the environment and then
overlay what the learner typed in the sidebar; the key stays in memory only.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal, TypedDict, Unpack, cast

Provider = Literal["builtin", "openai_compatible"]
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
    """

    provider: Provider = "builtin"
    llm_api_key: str = ""
    llm_base_url: str = ""
    llm_model_id: str = ""
    tavily_api_key: str = ""
    checkpointer: str = "sqlite"
    timeout_s: float = 30.0
    max_retries: int = 2

    @property
    def secrets(self) -> tuple[str, ...]:
        """The strings to scrub from everything shown, logged or exported."""
        return tuple(s for s in (self.llm_api_key, self.tavily_api_key) if s)

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
    """
    values: dict[str, str] = {}
    path = dotenv_path if dotenv_path is not None else REPO_ROOT / ".env"
    if path.is_file():
        from dotenv import dotenv_values

        values.update({k: v for k, v in dotenv_values(path).items() if v is not None})
    values.update(env if env is not None else os.environ)
    key = values.get("LLM_API_KEY", "").strip()
    base = values.get("LLM_BASE_URL", "").strip()
    return Settings(
        provider="openai_compatible" if (key or base) else "builtin",
        llm_api_key=key,
        llm_base_url=base,
        llm_model_id=values.get("LLM_MODEL_ID", "").strip(),
        tavily_api_key=values.get("TAVILY_API_KEY", "").strip(),
        checkpointer=values.get("CHECKPOINTER", "sqlite").strip() or "sqlite",
    )
