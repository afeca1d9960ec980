"""The decision record: why the built-in model answered as it did, outside the wire body.

Every built-in response carries one in the ``x-builtin-decision`` header, compact ASCII JSON,
so the chat-completions body stays exactly what a provider sends while the trace and the
timeline can show the model's reasons:

* the clauses it split the question into, each tool's score there and the words that matched;
* each call it made, and where every argument came from (``question``, ``system`` prompt,
  ``earlier turn``, ``earlier call``, ``literal`` call syntax, schema ``default``, ``guess``);
* why it refused, and which injected instructions it ignored.

:func:`parse_decision_header` turns the header back into a typed :class:`DecisionRecord`.

>>> rec = DecisionRecord(kind="answer", lang="en", notes=("from tool results",))
>>> parse_decision_header(to_header(rec)) == rec
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from toolcall_lab.i18n import Text

DECISION_HEADER = "x-builtin-decision"
_MAX_TEXT = 160
_MAX_CLAUSES = 12  # a header stays a few kilobytes even for a very long message


@dataclass(frozen=True)
class ToolScore:
    """One tool's score against one clause, and the words (or things named) that earned it."""

    tool: str
    score: int
    matched: tuple[str, ...] = ()


@dataclass(frozen=True)
class ClauseRecord:
    """One clause of the question: its text, the tools' scores, the tools it chose."""

    text: str
    scores: tuple[ToolScore, ...] = ()
    chosen: tuple[str, ...] = ()


@dataclass(frozen=True)
class ArgRecord:
    """One argument of a call: its value and where it came from."""

    name: str
    value: Any
    source: str


@dataclass(frozen=True)
class CallRecord:
    """One tool call the model made, its arguments with their sources."""

    tool: str
    args: tuple[ArgRecord, ...] = ()


@dataclass(frozen=True)
class StepRecord:
    """One step of reading the question, explained in both languages for the "why this tool" panel.

    Attributes:
        kind: ``normalised`` (a word rewritten: pinyin, a romanisation, an abbreviation, an id
            in another shape), ``date`` (a date computed from words and today's date),
            ``not_argument`` (a word that was not made a tool argument, and why), ``negation``
            (a tool the learner said not to use), ``retry`` (a call repeated with a corrected
            argument after the tool's format error), ``unclear`` (what the model could not tell),
            ``not_searched`` (a question kept from the search tool: settled knowledge, or a record
            only another tool holds).
        typed: the learner's words the step is about.
        read_as: what the model read them as (an ISO date, ``S1003``, ``Beijing``…); may be empty.
        en: the step in English.
        zh: the step in Chinese.
    """

    kind: str
    typed: str
    read_as: str
    en: str
    zh: str

    @classmethod
    def of(cls, kind: str, typed: str, read_as: str, text: Text) -> StepRecord:
        """The step told by ``text`` (the record keeps ``en`` before ``zh``: the order of its header form)."""
        return cls(kind, typed, read_as, text.en, text.zh)


@dataclass(frozen=True)
class DecisionRecord:
    """Why the model answered as it did.

    Attributes:
        kind: ``tool_calls``, ``answer`` (from tool results), ``refusal``, ``cannot_help``,
            ``smalltalk``, ``documents``, ``structured``, ``template`` or ``scripted``.
        lang: the language of the question (``zh`` / ``en``).
        clauses: the question split into clauses, each scored.
        calls: the calls made, with argument sources.
        refusal: why the model declined, when it did.
        ignored: injected instructions the model did not follow (or, gullible, followed).
        notes: anything else worth showing (a follow-up carried over, a call left out).
        steps: the reading steps explained in both languages (see :class:`StepRecord`).
    """

    kind: str
    lang: str = "en"
    clauses: tuple[ClauseRecord, ...] = ()
    calls: tuple[CallRecord, ...] = ()
    refusal: str | None = None
    ignored: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)
    steps: tuple[StepRecord, ...] = ()


def _short(text: str) -> str:
    return text if len(text) <= _MAX_TEXT else text[: _MAX_TEXT - 1] + "…"


def to_header(record: DecisionRecord) -> str:
    """The record as one compact, ASCII-only JSON line (a valid HTTP header value)."""
    data: dict[str, Any] = {"kind": record.kind, "lang": record.lang}
    if record.clauses:
        data["clauses"] = [
            {
                "text": _short(c.text),
                "scores": [[s.tool, s.score, list(s.matched)] for s in c.scores],
                "chosen": list(c.chosen),
            }
            for c in record.clauses[:_MAX_CLAUSES]
        ]
    if record.calls:
        data["calls"] = [{"tool": c.tool, "args": [[a.name, a.value, a.source] for a in c.args]} for c in record.calls]
    if record.refusal:
        data["refusal"] = _short(record.refusal)
    if record.ignored:
        data["ignored"] = [_short(i) for i in record.ignored]
    if record.notes:
        data["notes"] = [_short(n) for n in record.notes]
    if record.steps:
        data["steps"] = [
            [s.kind, _short(s.typed), _short(s.read_as), _short(s.en), _short(s.zh)]
            for s in record.steps[:_MAX_CLAUSES]
        ]
    return json.dumps(data, ensure_ascii=True, separators=(",", ":"), default=str)


def parse_decision_header(header: str) -> DecisionRecord:
    """Parse an ``x-builtin-decision`` header back into a :class:`DecisionRecord`.

    Raises:
        ValueError: when the text is not a decision record.
    """
    data = json.loads(header)
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise ValueError("not a decision record: no 'kind'")
    clauses = tuple(
        ClauseRecord(
            text=str(c.get("text", "")),
            scores=tuple(
                ToolScore(str(t), int(s), tuple(str(m) for m in words)) for t, s, words in c.get("scores", [])
            ),
            chosen=tuple(str(x) for x in c.get("chosen", [])),
        )
        for c in data.get("clauses", [])
    )
    calls = tuple(
        CallRecord(str(c.get("tool", "")), tuple(ArgRecord(str(n), v, str(src)) for n, v, src in c.get("args", [])))
        for c in data.get("calls", [])
    )
    refusal = data.get("refusal")
    return DecisionRecord(
        kind=data["kind"],
        lang=str(data.get("lang", "en")),
        clauses=clauses,
        calls=calls,
        refusal=str(refusal) if refusal is not None else None,
        ignored=tuple(str(i) for i in data.get("ignored", [])),
        notes=tuple(str(n) for n in data.get("notes", [])),
        steps=tuple(StepRecord(*(str(x) for x in s)) for s in data.get("steps", []) if len(s) == 5),
    )


def decision_of(headers: Any) -> DecisionRecord | None:
    """The decision record in a response's headers (any mapping), or ``None`` when there is none."""
    getter = getattr(headers, "get", None)
    raw = getter(DECISION_HEADER) if callable(getter) else None
    if not isinstance(raw, str) or not raw:
        return None
    try:
        return parse_decision_header(raw)
    except (ValueError, TypeError, KeyError):
        return None
