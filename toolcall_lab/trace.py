"""The run trace: typed, JSON-serializable records of one agent run, in order.

A run alternates two kinds of event:

* :class:`ModelCall` — one request to the chat endpoint: the body as sent, the raw
  response body, the normalized ``AIMessage``, latency and token usage, and — for the
  built-in model only — its decision record (why it chose what it chose);
* :class:`ToolExecution` — one tool call carried out: the raw arguments string, what
  ``json.loads`` made of it, what Pydantic validated (or its errors), the kwargs the
  function received, the Python result, and the ``ToolMessage`` that went back.

:func:`dumps` / :func:`loads` round-trip a :class:`RunTrace` exactly. :func:`loads`
refuses anything that is not a trace of this schema, with an explanation, and keeps the
imported strings as data (pages render them as text, never as HTML). :func:`decision_view`
lays a model call's decision record out for a timeline.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Literal

from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import json_text, nesting_depth

SCHEMA = "toolcall-lab/run-trace"
SCHEMA_VERSION = 1
MAX_IMPORT_BYTES = 5 * 1024 * 1024
MAX_IMPORT_DEPTH = 100  # a request body's JSON Schemas nest a dozen deep; a file may nest no deeper than this


@dataclass
class Validation:
    """What Pydantic made of the parsed arguments.

    Attributes:
        ok: validation passed.
        kwargs: the validated values (``model_dump()``), when ``ok``.
        coercions: values Pydantic changed, e.g. ``{"field": "days", "input": "3",
            "input_type": "str", "output": 3, "output_type": "int"}``.
        defaults: fields the model did not send, filled from their defaults.
        errors: ``ValidationError.errors()`` made JSON-safe, when not ``ok``.
    """

    ok: bool
    kwargs: dict[str, Any] | None = None
    coercions: list[dict[str, Any]] = field(default_factory=list)
    defaults: list[str] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class ModelCall:
    """One chat-completions request and its response (all attempts of it, if retried).

    ``attempt_log`` has one entry per HTTP attempt the client made (retries included):
    ``{"attempt", "status_code", "latency_ms", "wait_before_ms", "outcome"}``.

    ``decision`` is the built-in model's decision record (the ``x-builtin-decision`` response
    header, as :func:`toolcall_lab.live_records.decision_dict` keeps it): the clauses, each
    tool's score and matched words, each argument's source, a refusal, ignored injections.
    A real endpoint sends no such header, so its calls have ``None``; traces exported before
    the field existed import with ``None`` too.
    """

    step: int
    request_body: Any
    response_body: Any
    status_code: int | None
    ai_message: dict[str, Any] | None
    latency_ms: float | None
    usage: dict[str, Any] | None
    attempts: int = 1
    attempt_log: list[dict[str, Any]] = field(default_factory=list)
    error: dict[str, Any] | None = None
    decision: dict[str, Any] | None = None
    kind: Literal["model_call"] = "model_call"


@dataclass
class ToolExecution:
    """One tool call, stage by stage, from the raw arguments string to the ToolMessage."""

    step: int
    tool_name: str
    tool_call_id: str
    raw_arguments: str | None
    parsed_args: Any = None
    parse_error: str | None = None
    validation: Validation | None = None
    kwargs_passed: dict[str, Any] | None = None
    result_repr: str | None = None
    result_type: str | None = None
    tool_message: dict[str, Any] | None = None
    duration_ms: float | None = None
    error: str | None = None
    kind: Literal["tool_execution"] = "tool_execution"


Event = ModelCall | ToolExecution


@dataclass
class RunTrace:
    """One agent run: the question, every event in order, and how it ended."""

    run_id: str
    question: str
    model_label: str
    lang: str
    started_at: float
    events: list[Event] = field(default_factory=list)
    answer: str | None = None
    stop_reason: str = "running"
    error: dict[str, Any] | None = None
    thread_id: str | None = None
    schema: str = SCHEMA
    schema_version: int = SCHEMA_VERSION

    @property
    def model_calls(self) -> list[ModelCall]:
        return [e for e in self.events if isinstance(e, ModelCall)]

    @property
    def tool_executions(self) -> list[ToolExecution]:
        return [e for e in self.events if isinstance(e, ToolExecution)]

    def total_tokens(self) -> int:
        return sum(int((c.usage or {}).get("total_tokens") or 0) for c in self.model_calls)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class TraceFormatError(ValueError):
    """An imported file is not a run trace this version can open."""

    def __init__(self, reason: Text) -> None:
        super().__init__(reason.en)
        self.reason = reason

    @property
    def zh(self) -> str:
        return self.reason.zh

    @property
    def en(self) -> str:
        return self.reason.en


def dumps(trace: RunTrace) -> str:
    """Serialize a trace (pretty, UTF-8 text kept readable)."""
    return json.dumps(trace.to_dict(), ensure_ascii=False, indent=2, allow_nan=False)


def _build(cls: type, data: dict[str, Any]) -> Any:
    names = {f.name for f in fields(cls)}
    unknown = set(data) - names
    if unknown:
        raise TraceFormatError(Text(f"未知字段：{sorted(unknown)}", f"unknown fields: {sorted(unknown)}"))
    return cls(**data)


def _check_fields(data: dict[str, Any]) -> None:
    """Check every field, nested ones too, against :mod:`toolcall_lab.trace_schema`; explain the first wrong one."""
    from toolcall_lab.trace_schema import TraceDoc, ValidationError, first_error

    try:
        TraceDoc.model_validate(data)
    except ValidationError as exc:
        where = first_error(exc)
        raise TraceFormatError(
            Text(f"轨迹文件的字段不对：{where}", f"A field of the trace file is wrong: {where}")
        ) from exc
    except RecursionError as exc:
        raise TraceFormatError(Text("JSON 嵌套太深。", "The JSON is nested too deeply.")) from exc


def from_dict(data: Any) -> RunTrace:
    """Rebuild a :class:`RunTrace` from :meth:`RunTrace.to_dict` output, checking every field, nested ones too.

    Raises:
        TraceFormatError: the document is not a trace of this schema; the message (both
            languages) names the first wrong field, e.g. ``events.0.latency_ms``.
    """
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise TraceFormatError(
            Text(
                "这不是 Tool Call Lab 导出的运行轨迹（schema 字段不对）。",
                "This is not a run trace exported by Tool Call Lab (wrong 'schema' field).",
            ),
        )
    if data.get("schema_version") != SCHEMA_VERSION:
        raise TraceFormatError(
            Text(
                f"轨迹版本 {data.get('schema_version')!r} 不受支持（需要 {SCHEMA_VERSION}）。",
                f"Trace version {data.get('schema_version')!r} is not supported (expected {SCHEMA_VERSION}).",
            ),
        )
    _check_fields(data)
    try:
        events: list[Event] = []
        for raw in data.get("events") or []:
            if not isinstance(raw, dict):
                raise TypeError("event is not an object")
            kind = raw.get("kind")
            if kind == "model_call":
                if raw.get("decision") is not None and not isinstance(raw["decision"], dict):
                    raise TypeError("a model call's decision is not an object")
                events.append(_build(ModelCall, raw))
            elif kind == "tool_execution":
                item = dict(raw)
                if item.get("validation") is not None:
                    item["validation"] = _build(Validation, item["validation"])
                events.append(_build(ToolExecution, item))
            else:
                raise TraceFormatError(Text(f"未知事件类型：{kind!r}", f"unknown event kind: {kind!r}"))
        body = {k: v for k, v in data.items() if k != "events"}
        trace: RunTrace = _build(RunTrace, body)
        trace.events = events
    except TraceFormatError:
        raise
    except (TypeError, ValueError) as exc:
        raise TraceFormatError(Text(f"轨迹文件结构不对：{exc}", f"The trace file has the wrong shape: {exc}")) from exc
    for text_field in ("run_id", "question", "model_label", "lang", "stop_reason"):
        if not isinstance(getattr(trace, text_field), str):
            raise TraceFormatError(Text(f"字段 {text_field} 应该是字符串。", f"Field {text_field} must be a string."))
    return trace


def loads(text: str | bytes) -> RunTrace:
    """Parse an exported trace; refuse oversized, malformed or foreign files with a reason."""
    if len(text) > MAX_IMPORT_BYTES:
        raise TraceFormatError(
            Text(
                f"文件太大（{len(text)} 字节，上限 {MAX_IMPORT_BYTES}）。",
                f"File too large ({len(text)} bytes; the limit is {MAX_IMPORT_BYTES}).",
            ),
        )
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise TraceFormatError(Text(f"不是合法的 JSON：{exc}", f"Not valid JSON: {exc}")) from exc
    except RecursionError as exc:
        raise TraceFormatError(Text("JSON 嵌套太深。", "The JSON is nested too deeply.")) from exc
    if nesting_depth(data, MAX_IMPORT_DEPTH) > MAX_IMPORT_DEPTH:
        raise TraceFormatError(
            Text(
                f"JSON 嵌套太深（上限 {MAX_IMPORT_DEPTH} 层）。",
                f"The JSON is nested too deeply (the limit is {MAX_IMPORT_DEPTH}).",
            ),
        )
    return from_dict(data)


# ---------------------------------------------------------------- the decision record, for a timeline
def _text_list(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []


def _score(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def decision_view(decision: Mapping[str, Any]) -> dict[str, Any]:
    """A decision record (as :func:`decision_dict` keeps it) laid out for a timeline.

    Pure and defensive: an imported trace may hold anything, so every part is read with a
    fallback and every value comes back as plain text or numbers.

    Returns:
        ``{"kind", "steps", "clauses", "tools", "args", "refusal", "ignored", "notes"}`` where
        ``steps`` lists how the question was read (``{"kind", "typed", "read_as", "en", "zh"}``: a
        romanisation, a computed date, a word that was not an argument…);
        ``clauses`` is the list of clause texts; ``tools`` one row per clause and tool:
        ``{"clause", "tool", "score", "tags", "chosen"}`` (highest score first within a
        clause; ``tags`` is the list of the matched tags, kept a list: a tag may hold ", " itself);
        ``args`` one row per argument of each call: ``{"tool", "argument",
        "value", "source"}``.
    """
    clauses = [c for c in decision.get("clauses") or [] if isinstance(c, Mapping)]
    tools: list[dict[str, Any]] = []
    for n, clause in enumerate(clauses, start=1):
        chosen = set(_text_list(clause.get("chosen")))
        scores = [s for s in clause.get("scores") or [] if isinstance(s, Mapping)]
        for score in sorted(scores, key=lambda s: -_score(s.get("score"))):
            name = str(score.get("tool", ""))
            tools.append(
                {
                    "clause": n,
                    "tool": name,
                    "score": _score(score.get("score")),
                    "tags": _text_list(score.get("matched")),
                    "chosen": name in chosen,
                }
            )
    args = [
        {
            "tool": str(call.get("tool", "")),
            "argument": str(arg.get("name", "")),
            "value": json_value(arg.get("value")),
            "source": str(arg.get("source", "")),
        }
        for call in decision.get("calls") or []
        if isinstance(call, Mapping)
        for arg in call.get("args") or []
        if isinstance(arg, Mapping)
    ]
    refusal = decision.get("refusal")
    fields = ("kind", "typed", "read_as", "en", "zh")
    steps = [  # how the model read the learner's words, each step in both languages
        {f: str(step.get(f, "")) for f in fields}
        if isinstance(step, Mapping)
        else {f: str(v) for f, v in zip(fields, step, strict=True)}  # the header's five-item form
        for step in decision.get("steps") or []
        if isinstance(step, Mapping) or (isinstance(step, (list, tuple)) and len(step) == 5)
    ]
    return {
        "kind": str(decision.get("kind", "")),
        "steps": steps,
        "clauses": [str(c.get("text", "")) for c in clauses],
        "tools": tools,
        "args": args,
        "refusal": str(refusal) if refusal else None,
        "ignored": _text_list(decision.get("ignored")),
        "notes": _text_list(decision.get("notes")),
    }


def json_value(value: Any) -> str:
    """One argument value as compact JSON text (``"S1002"``, ``3``), for a table cell."""
    return json_text(value, indent=None)
