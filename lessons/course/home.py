"""The course review on home: two exercises that mix the course, for returning learners.

1. *Predict* — a real run asked the weather of two cities, and the model's reply carried two
   tool calls. Which ``tool_call_id`` will the ``ToolMessage`` answering one of them carry?
   :func:`tool_call_id_of` reads it from the ``ToolMessage`` that ``ToolNode`` really built.
2. *Order* — put the chain's stages in order; :func:`stage_order` compares with the chain's
   own order (:data:`toolcall_lab.stages.catalog.STAGES`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from toolcall_lab.checks import Checked
from toolcall_lab.i18n import normalize_lang
from toolcall_lab.stages.catalog import STAGES
from toolcall_lab.trace import RunTrace

#: The review run's question: two cities, so the model's one reply carries two tool calls.
REVIEW_QUESTIONS: dict[str, str] = {"zh": "曼谷和东京的天气", "en": "Weather in Bangkok and Tokyo"}
#: The call the predict exercise asks about (the second city).
ASKED_CITY = "Tokyo"


def review_run(lang: str) -> RunTrace:
    """The review run on the built-in model, in ``lang``."""
    from lessons.course.live_run import run  # LangChain loads here, when the review is asked for: home stays light

    language = normalize_lang(lang)
    return run(REVIEW_QUESTIONS[language], language)


def first_reply(trace: RunTrace) -> dict[str, Any]:
    """The model's first reply (the ``AIMessage`` with the tool calls), as the trace recorded it."""
    return dict(trace.model_calls[0].ai_message or {}) if trace.model_calls else {}


def id_choices(trace: RunTrace) -> list[str]:
    """Candidate answers, all taken from the run: each call's id, the AIMessage's id, the tool's name."""
    reply = first_reply(trace)
    calls = [str(c.get("id")) for c in reply.get("tool_calls", [])]
    names = sorted({str(c.get("name")) for c in reply.get("tool_calls", [])})
    return sorted({*calls, str(reply.get("id")), *names})


def tool_call_id_of(trace: RunTrace, picked: str | None, city: str = ASKED_CITY) -> Checked:
    """Predict: the ``tool_call_id`` of the ToolMessage answering the call for ``city`` in ``trace``."""
    execution = next(
        (e for e in trace.tool_executions if isinstance(e.parsed_args, dict) and e.parsed_args.get("city") == city),
        None,
    )
    if execution is None or execution.tool_message is None:
        raise ValueError(f"the run has no ToolMessage for {city}")
    expected = execution.tool_message["tool_call_id"]
    shown = {"tool_message": execution.tool_message, "args": execution.parsed_args}
    return Checked(picked == expected, expected, shown if picked else {})


def stage_order(picked: Sequence[str] | None) -> Checked:
    """Order: the chain's stage keys in the order the chain runs them.

    Returns:
        ``expected`` is the chain's order; ``shown["first_wrong"]`` is the 1-based position
        of the first stage out of place (``None`` when all are right).
    """
    expected = [s.key for s in STAGES]
    answer = list(picked or [])
    first_wrong = next((i for i, (a, b) in enumerate(zip(answer, expected, strict=False), 1) if a != b), None)
    if first_wrong is None and len(answer) != len(expected):
        first_wrong = len(answer) + 1
    return Checked(answer == expected, expected, {"first_wrong": first_wrong} if answer else {})
