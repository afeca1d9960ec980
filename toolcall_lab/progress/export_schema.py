"""The progress export's schema, as strict Pydantic models (loaded only when an import is checked).

Every field is typed and bounded: ids by the store's own patterns, a page by the shape of
the app's page files (``pages/<file>.py``), an exercise by its page (``<page>/<n>``, the
page file's stem without a leading number), counts by what a learner could make. Times
are checked finite and not negative here; the store clamps them to "not in the future"
when it writes them (:func:`~toolcall_lab.progress.transfer.clamp_time`).
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, field_validator, model_validator

from toolcall_lab.progress.identity import (
    ATTEMPT_ID_PATTERN,
    EXERCISE_ID_PATTERN,
    MAX_KEY_CHARS,
)
from toolcall_lab.progress.renames import current_id
from toolcall_lab.progress.transfer import MAX_ATTEMPTS, MAX_PAGES, answer_text

#: A page file of the app: what the store's ``PAGE_PATH_PATTERN`` allows, narrowed to ``pages/<file>.py``.
IMPORTED_PAGE_PATTERN = r"^pages/[A-Za-z0-9_]{1,80}\.py$"
MAX_VISITS = 1_000_000
MAX_EXERCISE_NUMBER = 999

Time = Annotated[float, Field(ge=0, allow_inf_nan=False)]
PagePath = Annotated[str, Field(pattern=IMPORTED_PAGE_PATTERN, max_length=MAX_KEY_CHARS)]


def page_of_exercise_matches(exercise_id: str, page_path: str) -> bool:
    """True when ``page_path`` is the page ``exercise_id`` lives on (its stem, a leading number aside)."""
    stem = page_path.removeprefix("pages/").removesuffix(".py")
    return exercise_id.rsplit("/", 1)[0] == stem.lstrip("0123456789_")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class LastPage(_Strict):
    page_path: PagePath
    at: Time


class PageRecord(_Strict):
    page_path: PagePath
    first_visit_at: Time
    last_visit_at: Time
    visits: Annotated[int, Field(ge=1, le=MAX_VISITS)]


class AttemptRecord(_Strict):
    attempt_id: Annotated[str, Field(pattern=ATTEMPT_ID_PATTERN, max_length=MAX_KEY_CHARS)]
    exercise_id: Annotated[str, Field(pattern=EXERCISE_ID_PATTERN, max_length=MAX_KEY_CHARS)]
    page_path: PagePath
    answer: JsonValue
    correct: bool
    at: Time

    @field_validator("exercise_id")
    @classmethod
    def _current(cls, value: str) -> str:
        return current_id(value)  # a file exported before an exercise got its slug keeps its meaning

    @field_validator("answer")
    @classmethod
    def _finite(cls, value: JsonValue) -> JsonValue:
        json.dumps(value, allow_nan=False)  # NaN or Infinity inside an answer is not JSON
        return value

    @model_validator(mode="after")
    def _on_its_page(self) -> AttemptRecord:
        last = self.exercise_id.rsplit("/", 1)[1]  # a number, or (exercises kept as data) a slug
        if last.isdigit() and not 1 <= int(last) <= MAX_EXERCISE_NUMBER:
            raise ValueError(f"exercise numbers run from 1 to {MAX_EXERCISE_NUMBER}")
        if not page_of_exercise_matches(self.exercise_id, self.page_path):
            raise ValueError(f"exercise {self.exercise_id!r} is not on page {self.page_path!r}")
        return self

    def row(self) -> tuple[str, str, str, str, bool, float]:
        """The attempt as the store inserts it (the answer as canonical JSON text)."""
        return (self.attempt_id, self.exercise_id, self.page_path, answer_text(self.answer), self.correct, self.at)


class ProgressExport(_Strict):
    format: Literal["toolcall-lab/progress"]
    version: Literal[1]
    exported_at: Time
    last_page: LastPage | None
    pages: Annotated[list[PageRecord], Field(max_length=MAX_PAGES)]
    attempts: Annotated[list[AttemptRecord], Field(max_length=MAX_ATTEMPTS)]
