"""Progress as JSON: how an answer is spelled, what an export file holds, how an import is checked.

An export is one JSON object::

    {"format": "toolcall-lab/progress", "version": 1, "exported_at": 1700000000.0,
     "last_page": {"page_path": "pages/stage_4_tool_call.py", "at": 1700000000.0},
     "pages": [{"page_path": "...", "first_visit_at": ..., "last_visit_at": ..., "visits": 2}],
     "attempts": [{"attempt_id": "...", "exercise_id": "stage_4_tool_call/1",
                   "page_path": "...", "answer": <any JSON>, "correct": false, "at": ...}]}

It names no learner: whoever imports it adopts the progress. A file is hostile until checked:

* :func:`parse_import` takes the uploaded bytes as they are (a page never parses them
  itself): the byte limit first, then ``json.loads`` (its ``RecursionError`` caught), then
  the nesting depth of what it built (:data:`MAX_DEPTH`), then Pydantic models that forbid unknown keys and wrong
  types, bound every id, and require each attempt's page to be ``pages/<file>.py`` and
  the page of its exercise (``stage_4_tool_call/1`` lives on ``pages/stage_4_tool_call.py``);
* the store then trusts nothing the file *claims*: an attempt's id is recomputed from its
  exercise and answer (:func:`attempt_id_for`, the same id the page makes), its
  ``correct`` is ignored and replaced by a re-check's verdict, and every time is clamped
  into ``[0, now + CLOCK_SKEW_S]`` (:func:`clamp_time`).

Anything refused raises :class:`InvalidImport`, whose ``reason`` is a key a page can
translate (:data:`REASONS`) and whose ``detail`` says where.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolcall_lab.jsonable import nesting_depth, to_jsonable

if TYPE_CHECKING:  # Pydantic loads only when an import is checked, not when a page shows progress
    from pydantic import ValidationError

    from toolcall_lab.progress.export_schema import ProgressExport

FORMAT = "toolcall-lab/progress"
VERSION = 1
MAX_IMPORT_BYTES = 5_000_000
MAX_ATTEMPTS = 20_000
MAX_PAGES = 1_000
MAX_ANSWER_CHARS = 20_000  # an answer is a learner's input, not a file
MAX_DEPTH = 32  # arrays and objects inside each other: the document is 3 deep, an answer a few more
CLOCK_SKEW_S = 5.0  # an imported time may be this far in the future (another server's clock), no more

#: Why an import was refused, as keys a page can put into words.
REASONS = (
    "not_json",  # the text is not JSON at all
    "not_an_object",  # JSON, but not an object
    "foreign_format",  # an object, but not a Tool Call Lab progress export
    "unsupported_version",  # a progress export of a version this code does not read
    "too_large",  # more bytes, attempts or pages than a learner could have made
    "too_deep",  # arrays or objects nested deeper than MAX_DEPTH
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


def attempt_id_for(exercise_id: str, answer: object) -> str:
    """The id of an attempt: one per exercise and distinct answer (a double click records once).

    The page makes it when the learner submits, and an import recomputes it from the
    file's exercise and answer, so a file cannot choose an id that another answer's
    submission would later collide with.

    >>> attempt_id_for("stage_4_tool_call/1", ["city"])
    'd8229f3e49e1071081955006c140ad6d'
    """
    text = json.dumps(to_jsonable(answer), ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(f"{exercise_id}\n{text}".encode()).hexdigest()[:32]


def clamp_time(at: float, now: float) -> float:
    """An imported time, clamped into ``[0, now + CLOCK_SKEW_S]``: a file cannot date anything in the future.

    >>> clamp_time(1e300, now=100.0), clamp_time(50.0, now=100.0), clamp_time(-3.0, now=100.0)
    (105.0, 50.0, 0.0)
    """
    return min(max(0.0, at), now + CLOCK_SKEW_S)


@dataclass(frozen=True)
class ImportSummary:
    """What an import did.

    Attributes:
        attempts_added: attempts that were new (or an unchecked one this import could re-check).
        attempts_in_file: attempts the file held.
        rechecked: attempts a re-check judged (right or wrong).
        unchecked: attempts kept without a verdict (nothing could re-check them yet): never solved.
    """

    attempts_added: int
    attempts_in_file: int
    rechecked: int = 0
    unchecked: int = 0


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
    """Check an import (the uploaded bytes, its text, or parsed JSON) and return it as a typed document.

    A page passes the uploaded bytes straight here (through
    :meth:`~toolcall_lab.progress.ProgressStore.import_json`): the byte limit applies before
    anything is parsed, the depth limit before any model sees the data.

    Raises:
        InvalidImport: with the first reason that applies, in the order of :data:`REASONS`.
    """
    if isinstance(data, (str, bytes, bytearray)):
        if len(data) > MAX_IMPORT_BYTES:
            raise InvalidImport("too_large", f"{len(data)} bytes; the limit is {MAX_IMPORT_BYTES}")
        try:
            data = json.loads(data, parse_constant=_no_constant)
        except RecursionError as exc:  # json.loads stops at the interpreter's recursion limit
            raise InvalidImport("too_deep", f"nested deeper than the parser goes; the limit is {MAX_DEPTH}") from exc
        except ValueError as exc:  # UnicodeDecodeError is a ValueError
            raise InvalidImport("not_json", str(exc)) from exc
    if nesting_depth(data, MAX_DEPTH) > MAX_DEPTH:
        raise InvalidImport("too_deep", f"arrays and objects nest deeper than {MAX_DEPTH}")
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
    except RecursionError as exc:  # pragma: no cover - the depth limit comes first
        raise InvalidImport("too_deep", "nested too deeply to check") from exc
    try:
        for attempt in document.attempts:  # the store's own checks (answer size)
            attempt.row()
    except ValueError as exc:
        raise InvalidImport("malformed", str(exc)) from exc
    # The file's attempt ids are not checked against each other: the store ignores them and
    # recomputes each from its exercise and answer (attempt_id_for).
    return document


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


def _first_errors(exc: ValidationError, limit: int = 3) -> str:
    """The first few validation errors as ``path: message`` (e.g. ``attempts.0.correct: Input should be ...``)."""
    parts = [f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in exc.errors()[:limit]]
    more = exc.error_count() - limit
    return "; ".join(parts) + (f"; and {more} more" if more > 0 else "")
