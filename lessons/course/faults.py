"""The faults lesson's question and its two exercises, each checked by a real run with a fault injected.

1. *Predict* — the endpoint answers ``429`` to the first :data:`PREDICT_FAILS` requests and
   ``ChatOpenAI`` has ``max_retries`` = :data:`PREDICT_RETRIES`: how many attempts does the
   client make for the first model call? :func:`attempts_for_rate_limit` runs it and reads
   the attempt log the trace recorded.
2. *Fix* — the endpoint answers ``500`` to the first :data:`FIX_FAILS` requests: the fewest
   ``max_retries`` that still end in a real answer (not the fallback).
   :func:`fewest_retries` runs the learner's setting and the one below it.
3. *Fix* — ``max_tokens`` cut the tool call's arguments mid-JSON (``finish_reason: "length"``):
   the smallest budget whose reply carries a whole call. :func:`enough_tokens` asks the
   built-in model with the learner's budget and the one below it.

The ``finish_reason: "length"`` demo (:func:`truncation`) is one real request to the built-in
model with a small ``max_tokens`` (:func:`toolcall_lab.reliability.truncated_call`).

The runs go through :func:`toolcall_lab.reliability.faulty_chat_model` (the built-in model
with the fault injected on its endpoint) and :func:`toolcall_lab.live.run_traced`.
"""

from __future__ import annotations

import functools
from typing import Any

from toolcall_lab.checks import Checked
from toolcall_lab.i18n import normalize_lang
from toolcall_lab.live import run_traced
from toolcall_lab.offline.faults import FaultKind
from toolcall_lab.reliability import Truncation, fallback_answer, faulty_chat_model, truncated_call
from toolcall_lab.stages.weather_data import build_weather_tool
from toolcall_lab.trace import RunTrace

#: The question every fault run asks, in the learner's language.
QUESTIONS: dict[str, str] = {"zh": "曼谷未来3天天气", "en": "Weather in Bangkok for 3 days"}
PREDICT_FAILS, PREDICT_RETRIES = 2, 3
FIX_FAILS = 2
#: The ``max_retries`` values the fix exercise offers (and searches for its answer).
RETRY_CHOICES: tuple[int, ...] = (0, 1, 2, 3)
TIMEOUT_S = 0.5
#: The truncation demo's budget: enough for the call's name and part of its arguments.
DEFAULT_MAX_TOKENS = 12
#: The budgets the truncation demo offers (and searches for the fewest that fits).
MAX_TOKENS_RANGE: tuple[int, int] = (1, 64)


def question(lang: str) -> str:
    """The question of the fault runs in ``lang``."""
    return QUESTIONS[normalize_lang(lang)]


def fault_run(kind: FaultKind, *, fails: int, retries: int, lang: str, fallback: bool = True) -> RunTrace:
    """One run of the weather agent with ``kind`` injected on the first ``fails`` requests.

    Args:
        kind: the fault (:data:`toolcall_lab.offline.faults.FAULT_KINDS`).
        fails: how many requests in a row get the fault.
        retries: ``ChatOpenAI``'s ``max_retries``.
        lang: the learner's language (tool, question and fallback answer).
        fallback: answer with :func:`~toolcall_lab.reliability.fallback_answer` when the run fails.
    """
    language = normalize_lang(lang)
    return run_traced(
        question(language),
        faulty_chat_model(kind, times=fails, retries=retries, timeout_s=TIMEOUT_S),
        [build_weather_tool(lang=language)],
        lang=language,
        fallback=fallback_answer(language) if fallback else None,
    )


def first_call_timeline(trace: RunTrace) -> dict[str, Any]:
    """The first model call's attempts as the trace recorded them: count, outcomes, waits; and the run's end."""
    first = trace.model_calls[0] if trace.model_calls else None
    log = first.attempt_log if first is not None else []
    return {
        "attempts": first.attempts if first is not None else 0,
        "outcomes": [a.get("outcome") for a in log],
        "wait_before_ms": [a.get("wait_before_ms") for a in log],
        "stop_reason": trace.stop_reason,
    }


def attempt_rows(trace: RunTrace) -> list[dict[str, Any]]:
    """Every HTTP attempt of the run, model call by model call (the attempt logs the trace recorded)."""
    return [
        {"model_call": call.step, **{k: a.get(k) for k in ("attempt", "status_code", "wait_before_ms", "outcome")}}
        for call in trace.model_calls
        for a in call.attempt_log
    ]


@functools.lru_cache(maxsize=32)
def _timeline(kind: FaultKind, fails: int, retries: int, lang: str) -> tuple[tuple[str, Any], ...]:
    """A run's timeline, once per setting: the outcome of a fault run does not change from run to run."""
    return tuple(first_call_timeline(fault_run(kind, fails=fails, retries=retries, lang=lang)).items())


def timeline(kind: FaultKind, fails: int, retries: int, lang: str) -> dict[str, Any]:
    """:func:`first_call_timeline` of :func:`fault_run` (cached per setting)."""
    return dict(_timeline(kind, fails, retries, normalize_lang(lang)))


def attempts_for_rate_limit(predicted: int | None, lang: str) -> Checked:
    """Predict: attempts of the first model call with 429 on the first requests (see the module doc)."""
    seen = timeline("rate_limit", PREDICT_FAILS, PREDICT_RETRIES, lang)
    if predicted is None:
        return Checked(False, seen["attempts"])
    return Checked(int(predicted) == seen["attempts"], seen["attempts"], seen)


def fewest_retries(picked: int | None, lang: str) -> Checked:
    """Fix: the fewest ``max_retries`` for which a 500 on the first requests still ends in a real answer."""

    def answers(n: int) -> bool:
        return bool(timeline("server_error", FIX_FAILS, n, lang)["stop_reason"] == "final")

    expected = next((n for n in RETRY_CHOICES if answers(n)), None)
    if picked is None:
        return Checked(False, expected)
    n = int(picked)
    seen = timeline("server_error", FIX_FAILS, n, lang)
    below = timeline("server_error", FIX_FAILS, n - 1, lang) if n > 0 else None
    seen = {**seen, "one_less_stop_reason": None if below is None else below["stop_reason"]}
    return Checked(answers(n) and (n == 0 or not answers(n - 1)), expected, seen)


# ---------------------------------------------------------------- finish_reason "length"
@functools.lru_cache(maxsize=128)
def _truncation(max_tokens: int, lang: str) -> Truncation:
    return truncated_call(question(lang), [build_weather_tool(lang=lang)], max_tokens)


def truncation(max_tokens: int, lang: str) -> Truncation:
    """The fault question asked with a ``max_tokens`` budget (cached per budget and language)."""
    low, high = MAX_TOKENS_RANGE
    return _truncation(max(low, min(int(max_tokens), high)), normalize_lang(lang))


def fewest_max_tokens(lang: str) -> int | None:
    """The smallest budget whose reply is not cut off (its tool call is whole), by asking the model."""
    low, high = MAX_TOKENS_RANGE
    return next((n for n in range(low, high + 1) if not truncation(n, lang).cut_off), None)


def enough_tokens(picked: int | None, lang: str) -> Checked:
    """Fix: the fewest ``max_tokens`` that let the call through (not cut with it, cut with one less)."""
    expected = fewest_max_tokens(lang)
    if picked is None:
        return Checked(False, expected)
    n = int(picked)
    seen = truncation(n, lang)
    below = truncation(n - 1, lang) if n > MAX_TOKENS_RANGE[0] else None
    shown = {
        "finish_reason": seen.finish_reason,
        "arguments": seen.arguments,
        "one_less_finish_reason": None if below is None else below.finish_reason,
    }
    return Checked(not seen.cut_off and (below is None or below.cut_off), expected, shown)
