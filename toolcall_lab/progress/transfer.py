"""Progress as JSON: how an answer is spelled, what an export file holds, how an import is checked.

An export is one JSON object::

    {"format": "toolcall-lab/progress", "version": 1, "exported_at": 1700000000.0,
     "last_page": {"page_path": "pages/stage_4_tool_call.py", "at": 1700000000.0},
     "pages": [{"page_path": "...", "first_visit_at": ..., "last_visit_at": ..., "visits": 2}],
     "attempts": [{"attempt_id": "...", "exercise_id": "stage_4_tool_call/1",
                   "page_path": "...", "answer": <any JSON>, "correct": false, "at": ...}]}

It names no learner: whoever imports it adopts the progress. An import is validated by
Pydantic models that forbid unknown keys and wrong types, then by the same id checks the
store applies; anything else is refused with :class:`InvalidImport`, whose ``reason`` is a
key a page can translate (:data:`REASONS`) and whose ``detail`` says where.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolcall_lab.jsonable import to_jsonable

if TYPE_CHECKING:  # Pydantic loads only when an import is checked, not when a page shows progress
    from pydantic import ValidationError

    from toolcall_lab.progress.export_schema import ProgressExport

FORMAT = "toolcall-lab/progress"
VERSION = 1
MAX_IMPORT_BYTES = 5_000_000
MAX_ATTEMPTS = 20_000
MAX_PAGES = 1_000
MAX_ANSWER_CHARS = 20_000  # an answer is a learner's input, not a file

#: Why an import was refused, as keys a page can put into words.
REASONS = (
    "not_json",  # the text is not JSON at all
    "not_an_object",  # JSON, but not an object
    "foreign_format",  # an object, but not a Tool Call Lab progress export
    "unsupported_version",  # a progress export of a version this code does not read
    "too_large",  # more bytes, attempts or pages than a learner could have made
    "malformed",  # the right format, with a missing, extra or wrong field
)


class InvalidImport(ValueError):
    """An import refused before anything was written.

    Attributes:
        reason: one of :data:`REASONS`.
        detail: where and what, in the validator's words (English, technical).
    """

    def __init__(self, reason: str, detail: str) -> None:
        self.reason = reason
        self.detail = detail
        super().__init__(f"{reason}: {detail}")


class AnswerTooLarge(ValueError):
    """An answer longer than :data:`MAX_ANSWER_CHARS` once spelled as JSON."""


def answer_text(answer: object) -> str:
    """The canonical JSON text an answer is stored as: keys sorted, no spaces, Chinese kept readable.

    Equal answers get equal texts, so the class view can count them in SQL.

    >>> answer_text({"days": 2, "city": "曼谷"})
    '{"city":"曼谷","days":2}'
    """
    text = json.dumps(to_jsonable(answer), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    if len(text) > MAX_ANSWER_CHARS:
        raise AnswerTooLarge(f"answer is {len(text)} characters of JSON; the limit is {MAX_ANSWER_CHARS}")
    return text


@dataclass(frozen=True)
class ImportSummary:
    """What an import did: how many attempts were new, out of how many in the file."""

    attempts_added: int
    attempts_in_file: int


def build_export(
    last: Sequence[Any] | None, pages: Sequence[Sequence[Any]], attempts: Sequence[Sequence[Any]], *, exported_at: float
) -> dict[str, Any]:
    """The export document from the store's rows (see the module docstring for its shape)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": exported_at,
        "last_page": None if last is None else {"page_path": last[0], "at": float(last[1])},
        "pages": [
            {"page_path": p, "first_visit_at": float(first), "last_visit_at": float(at), "visits": int(n)}
            for p, first, at, n in pages
        ],
        "attempts": [
            {
                "attempt_id": attempt_id,
                "exercise_id": exercise_id,
                "page_path": page_path,
                "answer": json.loads(answer),
                "correct": bool(correct),
                "at": float(at),
            }
            for attempt_id, exercise_id, page_path, answer, correct, at in attempts
        ],
    }


def parse_import(data: object) -> ProgressExport:
    """Check an import (parsed JSON, or its text or bytes) and return it as a typed document.

    Raises:
        InvalidImport: with the first reason that applies, in the order of :data:`REASONS`.
    """
    if isinstance(data, (str, bytes, bytearray)):
        if len(data) > MAX_IMPORT_BYTES:
            raise InvalidImport("too_large", f"{len(data)} bytes; the limit is {MAX_IMPORT_BYTES}")
        try:
            data = json.loads(data, parse_constant=_no_constant)
        except ValueError as exc:
            raise InvalidImport("not_json", str(exc)) from exc
    if not isinstance(data, dict):
        raise InvalidImport("not_an_object", f"got {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise InvalidImport("foreign_format", f"'format' is {data.get('format')!r}, expected {FORMAT!r}")
    version = data.get("version")
    if type(version) is not int or version != VERSION:  # `true == 1` in Python: compare the type too
        raise InvalidImport("unsupported_version", f"'version' is {data.get('version')!r}; this code reads {VERSION}")
    for key, limit in (("attempts", MAX_ATTEMPTS), ("pages", MAX_PAGES)):
        if isinstance(data.get(key), list) and len(data[key]) > limit:
            raise InvalidImport("too_large", f"{len(data[key])} {key}; the limit is {limit}")
    from pydantic import ValidationError

    from toolcall_lab.progress.export_schema import ProgressExport

    try:
        document = ProgressExport.model_validate(data)
    except ValidationError as exc:
        raise InvalidImport("malformed", _first_errors(exc)) from exc
    try:
        rows = [a.row() for a in document.attempts]  # the store's own checks (answer size)
    except ValueError as exc:
        raise InvalidImport("malformed", str(exc)) from exc
    seen: dict[str, tuple[Any, ...]] = {}
    for row in rows:
        if seen.setdefault(row[0], row) != row:
            raise InvalidImport("malformed", f"attempt id {row[0]!r} appears twice with different contents")
    return document


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


def _first_errors(exc: ValidationError, limit: int = 3) -> str:
    """The first few validation errors as ``path: message`` (e.g. ``attempts.0.correct: Input should be ...``)."""
    parts = [f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in exc.errors()[:limit]]
    more = exc.error_count() - limit
    return "; ".join(parts) + (f"; and {more} more" if more > 0 else "")
