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

The three exercises are :data:`EXERCISES` (slugs ``predict-attempts``, ``fewest-retries``,
``fewest-max-tokens``); every check runs on its own, with no page context. LangChain and LangGraph
are imported inside the functions only, so the registry can count the exercises without them.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Context, Exercise, Number, Pills, fixed
from toolcall_lab.i18n import Text, normalize_lang

if TYPE_CHECKING:
    from toolcall_lab.offline.faults import FaultKind
    from toolcall_lab.reliability import Truncation
    from toolcall_lab.trace import RunTrace

#: The question every fault run asks, in the learner's language.
QUESTION = Text("曼谷未来3天天气", "Weather in Bangkok for 3 days")
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
    return QUESTION(normalize_lang(lang))


def fault_run(kind: FaultKind, *, fails: int, retries: int, lang: str, fallback: bool = True) -> RunTrace:
    """One run of the weather agent with ``kind`` injected on the first ``fails`` requests.

    Args:
        kind: the fault (:data:`toolcall_lab.offline.faults.FAULT_KINDS`).
        fails: how many requests in a row get the fault.
        retries: ``ChatOpenAI``'s ``max_retries``.
        lang: the learner's language (tool, question and fallback answer).
        fallback: answer with :func:`~toolcall_lab.reliability.fallback_answer` when the run fails.
    """
    from toolcall_lab.live import run_traced
    from toolcall_lab.reliability import fallback_answer, faulty_chat_model
    from toolcall_lab.stages.weather_data import build_weather_tool

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
    from toolcall_lab.reliability import truncated_call
    from toolcall_lab.stages.weather_data import build_weather_tool

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
        "max_tokens": n,
        "finish_reason": seen.finish_reason,
        "arguments": seen.arguments,
        "one_less_finish_reason": None if below is None else below.finish_reason,
    }
    return Checked(not seen.cut_off and (below is None or below.cut_off), expected, shown)


# ---------------------------------------------------------------- the exercises as data
def _timeline_words(seen: dict[str, Any]) -> Text:
    """What the first model call's attempt log showed, and how the run ended."""
    n, outcomes, end = seen["attempts"], " → ".join(str(o) for o in seen["outcomes"]), seen["stop_reason"]
    return Text(
        f"第一次模型调用尝试了 {n} 次（{outcomes}），运行结束原因 `{end}`。",
        f"The first model call made {n} attempt(s) ({outcomes}); the run ended `{end}`.",
    )


def _attempts_words(found: Checked, _context: Context) -> Text:
    if not found.shown:
        return Text("先选一个答案。", "Pick an answer first.")
    more = Text(
        "每次失败后等 Retry-After 再试，一旦成功就不再重试。",
        "After each failure the client waits Retry-After and tries again; once one succeeds it stops.",
    )
    return _timeline_words(found.shown) + Text(" ", " ") + more


def _retries_words(found: Checked, _context: Context) -> Text:
    if not found.shown:
        return Text("先选一个答案。", "Pick an answer first.")
    below = found.shown.get("one_less_stop_reason")
    extra = Text(f" 少一次重试时结束原因是 `{below}`。", f" With one retry less the run ends `{below}`.")
    return _timeline_words(found.shown) + (extra if below else Text("", ""))


def _tokens_words(found: Checked, _context: Context) -> Text:
    seen = found.shown
    if not seen:
        return Text("先选一个数。", "Pick a number first.")
    n, reason, arguments = seen["max_tokens"], seen["finish_reason"], seen["arguments"]
    said = Text(
        f"max_tokens = {n}：finish_reason `{reason}`，arguments `{arguments}`。",
        f"max_tokens = {n}: finish_reason `{reason}`, arguments `{arguments}`.",
    )
    less = seen["one_less_finish_reason"]
    if less:
        said += Text(
            f" 少一个 token 时 finish_reason 是 `{less}`。", f" With one token less, finish_reason is `{less}`."
        )
    return said


def _number(answer: Any) -> int | None:
    """A whole number answer (a widget's, or an imported file's), else ``None``."""
    return answer if isinstance(answer, int) and not isinstance(answer, bool) else None


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="predict-attempts",
        kind="predict",
        title=Text("预测：客户端会尝试几次？", "Predict: how many attempts will the client make?"),
        prompt=Text(
            f"端点对前 {PREDICT_FAILS} 个请求回 429（带 Retry-After），ChatOpenAI 的 max_retries = "
            f"{PREDICT_RETRIES}。第一次模型调用，客户端一共会发几次请求？",
            f"The endpoint answers 429 (with Retry-After) to the first {PREDICT_FAILS} requests, and "
            f"ChatOpenAI has max_retries = {PREDICT_RETRIES}. How many attempts does the client make for "
            "the first model call?",
        ),
        answer=Number(Text("尝试次数", "Attempts"), 1, 10, 1),
        check=lambda answer, c: attempts_for_rate_limit(_number(answer), str(c["lang"])),
        right=_attempts_words,
        wrong=Text(  # where to look, never the attempts the run made (their number is the answer)
            "一个请求一个请求地跟：每次 429 之后，只要还有重试，客户端就等 Retry-After 再发。什么时候停？",
            "Follow the requests one by one: after each 429 the client waits Retry-After and sends again while a "
            "retry is left. When does it stop?",
        ),
        hint=Text(
            "重试次数是上限，不是必须用完的次数。", "max_retries is a ceiling, not a number of retries to use up."
        ),
    ),
    Exercise(
        slug="fewest-retries",
        kind="fix",
        title=Text("修复：最少几次重试才能拿到真实回答？", "Fix: the fewest retries that still give a real answer"),
        prompt=Text(
            f"端点对前 {FIX_FAILS} 个请求回 500。把 max_retries 设成最小的、仍能让运行以真实回答（`final`，"
            "而不是兜底）结束的值。检查会真的运行它。",
            f"The endpoint answers 500 to the first {FIX_FAILS} requests. Set max_retries to the smallest "
            "value that still ends the run with a real answer (`final`, not the fallback). Check runs it.",
        ),
        answer=Pills(Text("max_retries", "max_retries"), fixed(RETRY_CHOICES), multi=False, segmented=True),
        check=lambda answer, c: fewest_retries(answer if _number(answer) in RETRY_CHOICES else None, str(c["lang"])),
        right=_retries_words,
        wrong=_retries_words,
        hint=Text("每个失败的请求都要一次重试来补。", "Each failing request needs one retry to make up for it."),
    ),
    Exercise(
        slug="fewest-max-tokens",
        kind="fix",
        title=Text("修复：最少多少 max_tokens 才不截断？", "Fix: the fewest max_tokens that do not cut the call"),
        prompt=Text(
            f"问题“{QUESTION.zh}”在 max_tokens = {DEFAULT_MAX_TOKENS} 时被截断。"
            "找出让 finish_reason 不再是 `length` 的最小 max_tokens。检查会真的请求内置教学模型。",
            f"The question “{QUESTION.en}” is cut off at max_tokens = {DEFAULT_MAX_TOKENS}. "
            "Find the smallest max_tokens whose finish_reason is no longer `length`. Check asks the built-in "
            "model for real.",
        ),
        answer=Number(Text("max_tokens", "max_tokens"), *MAX_TOKENS_RANGE, DEFAULT_MAX_TOKENS),
        check=lambda answer, c: enough_tokens(_number(answer), str(c["lang"])),
        right=_tokens_words,
        wrong=_tokens_words,
        hint=Text(
            "用上面的滑块看 arguments 还差几个 token 才写完。",
            "Use the slider above: see how many tokens the arguments still miss.",
        ),
    ),
)
