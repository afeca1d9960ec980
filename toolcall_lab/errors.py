"""Errors explained, not dumped: which stage, what went wrong, what to try.

Every failure that reaches a page is turned into an :class:`ExplainedError` first.
The page renders it with ``st.error`` / ``st.warning``; a raw traceback is a bug.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class ExplainedError:
    """A failure told in both languages.

    Attributes:
        stage: the chain stage where it happened (e.g. ``"model_call"``, ``"json.loads"``,
            ``"validation"``, ``"tool"``, ``"editor"``).
        title: one-line summary, ``{"zh": ..., "en": ...}``.
        detail: the real error text as the library produced it (not translated).
        hint: what to try next, ``{"zh": ..., "en": ...}``.
        kind: the exception class name, or a short code.
        data: structured details (e.g. ``ValidationError.errors()``), JSON-serializable.
    """

    stage: str
    title: dict[str, str]
    detail: str
    hint: dict[str, str]
    kind: str = ""
    data: Any = field(default=None)

    def text(self, lang: str) -> tuple[str, str]:
        """Return ``(title, hint)`` in ``lang``."""
        key = "en" if lang == "en" else "zh"
        return self.title[key], self.hint[key]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ExplainedError:
        return cls(**data)


def explain(
    stage: str,
    exc: BaseException | str,
    *,
    zh: str,
    en: str,
    hint_zh: str,
    hint_en: str,
    data: Any = None,
) -> ExplainedError:
    """Build an :class:`ExplainedError` from an exception (or a message) and both texts."""
    detail = exc if isinstance(exc, str) else f"{type(exc).__name__}: {exc}"
    kind = "" if isinstance(exc, str) else type(exc).__name__
    return ExplainedError(
        stage=stage,
        title={"zh": zh, "en": en},
        detail=detail,
        hint={"zh": hint_zh, "en": hint_en},
        kind=kind,
        data=data,
    )
