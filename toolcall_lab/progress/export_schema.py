"""The progress export's schema, as strict Pydantic models (loaded only when an import is checked)."""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, field_validator

from toolcall_lab.progress.identity import (
    ATTEMPT_ID_PATTERN,
    EXERCISE_ID_PATTERN,
    MAX_KEY_CHARS,
    PAGE_PATH_PATTERN,
)
from toolcall_lab.progress.renames import current_id
from toolcall_lab.progress.transfer import MAX_ATTEMPTS, MAX_PAGES, answer_text

Time = Annotated[float, Field(ge=0, allow_inf_nan=False)]
PagePath = Annotated[str, Field(pattern=PAGE_PATH_PATTERN, max_length=MAX_KEY_CHARS)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class LastPage(_Strict):
    page_path: PagePath
    at: Time


class PageRecord(_Strict):
    page_path: PagePath
    first_visit_at: Time
    last_visit_at: Time
    visits: Annotated[int, Field(ge=1)]


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
