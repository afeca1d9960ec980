"""The run trace's shape, field by field, as strict Pydantic models: what an imported trace must be.

:func:`toolcall_lab.trace.from_dict` checks an imported document against :class:`TraceDoc`
before it builds a :class:`~toolcall_lab.trace.RunTrace`, so every nested field a page reads
has the type the page expects (``latency_ms`` a number, ``usage`` an object whose token
counts are integers, an ``error`` exactly an explained error). The models only check: the
trace is then built from the document as it is, so an export round-trips exactly.

Free-form JSON the lab shows as JSON (request and response bodies, parsed arguments, a
decision record) is any JSON; everything the timeline formats, counts or indexes is typed.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError

__all__ = ["TraceDoc", "ValidationError", "first_error"]

Count = Annotated[int, Field(ge=0)]
Millis = Annotated[float, Field(ge=0, allow_inf_nan=False)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Open(BaseModel):
    """Known keys typed, other keys allowed (any JSON): shapes another library fills."""

    model_config = ConfigDict(extra="allow", strict=True)


class Texts(_Strict):
    zh: str
    en: str


class ErrorDoc(_Strict):
    """An :class:`~toolcall_lab.errors.ExplainedError` as a dict."""

    stage: str
    title: Texts
    detail: str
    hint: Texts
    kind: str = ""
    data: JsonValue = None


class Usage(_Open):
    prompt_tokens: Count | None = None
    completion_tokens: Count | None = None
    total_tokens: Count | None = None


class AttemptLogEntry(_Strict):
    attempt: Count
    status_code: int | None = None
    latency_ms: Millis | None = None
    wait_before_ms: Millis | None = None
    outcome: str


class ToolCallDoc(_Open):
    name: str
    args: dict[str, JsonValue]
    id: str | None = None


class AIMessageDoc(_Open):
    content: str | list[JsonValue] = ""
    tool_calls: list[ToolCallDoc] = []
    invalid_tool_calls: list[dict[str, JsonValue]] = []
    usage_metadata: dict[str, JsonValue] | None = None
    response_metadata: dict[str, JsonValue] = {}


class ModelCallDoc(_Strict):
    kind: Literal["model_call"]
    step: int
    request_body: JsonValue
    response_body: JsonValue
    status_code: int | None
    ai_message: AIMessageDoc | None
    latency_ms: Millis | None
    usage: Usage | None
    attempts: Annotated[int, Field(ge=1)] = 1
    attempt_log: list[AttemptLogEntry] = []
    error: ErrorDoc | None = None
    decision: dict[str, JsonValue] | None = None


class Coercion(_Strict):
    field: str
    input: JsonValue
    input_type: str
    output: JsonValue
    output_type: str


class ValidationDoc(_Strict):
    ok: bool
    kwargs: dict[str, JsonValue] | None = None
    coercions: list[Coercion] = []
    defaults: list[str] = []
    errors: list[dict[str, JsonValue]] = []


class ToolExecutionDoc(_Strict):
    kind: Literal["tool_execution"]
    step: int
    tool_name: str
    tool_call_id: str
    raw_arguments: str | None
    parsed_args: JsonValue = None
    parse_error: str | None = None
    validation: ValidationDoc | None = None
    kwargs_passed: dict[str, JsonValue] | None = None
    result_repr: str | None = None
    result_type: str | None = None
    tool_message: dict[str, JsonValue] | None = None
    duration_ms: Millis | None = None
    error: str | None = None


class TraceDoc(_Strict):
    """A whole run trace, as :meth:`~toolcall_lab.trace.RunTrace.to_dict` writes it."""

    schema_: Literal["toolcall-lab/run-trace"] = Field(alias="schema")
    schema_version: Literal[1]
    run_id: str
    question: str
    model_label: str
    lang: str
    started_at: Annotated[float, Field(allow_inf_nan=False)]
    events: list[Annotated[ModelCallDoc | ToolExecutionDoc, Field(discriminator="kind")]] = []
    answer: str | None = None
    stop_reason: str = "running"
    error: ErrorDoc | None = None
    thread_id: str | None = None


def first_error(exc: ValidationError) -> str:
    """The first validation error as ``where: what`` (``events.0.latency_ms: Input should be a valid number``)."""
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "(top)"
    where = where if len(where) <= 120 else where[:60] + "…" + where[-40:]
    more = exc.error_count() - 1
    return f"{where}: {err['msg']}" + (f" (and {more} more)" if more > 0 else "")
