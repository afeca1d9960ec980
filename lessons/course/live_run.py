"""The live run page's agent and its two exercises, run on the built-in model.

The agent is the standard LangGraph loop (:func:`toolcall_lab.live.run_traced`) with the
lab's ``get_weather`` built in the learner's language (``build_weather_tool(lang=...)``), so
on an English page the schema, the request body, the ``ToolMessage`` and the answer are
real and English; the system prompt is in the same language.

The exercises:

1. *Predict* — how many model calls does a question make? :func:`model_calls` runs the
   question and counts the ``ModelCall`` events of its trace.
2. *Make* — a question that makes the model ask for two tool calls in one reply.
   :func:`two_calls_in_one_reply` runs the learner's question and reads each reply's
   ``tool_calls``.
"""

from __future__ import annotations

import functools
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.tools import BaseTool

from toolcall_lab.checks import Checked
from toolcall_lab.i18n import normalize_lang
from toolcall_lab.live import run_traced
from toolcall_lab.llm import build_chat_model
from toolcall_lab.settings import load_settings
from toolcall_lab.stages.weather_data import build_weather_tool
from toolcall_lab.trace import RunTrace

#: The agent's system prompt, in the learner's language.
SYSTEM_PROMPTS: dict[str, str] = {
    "zh": "你是天气助手。需要天气数据时调用工具，只根据工具结果回答。",
    "en": "You are a weather assistant. Call the tool for weather data and answer only from its result.",
}

#: The example questions of the page (the first one is the cold page's run).
EXAMPLES: dict[str, tuple[str, ...]] = {
    "zh": ("曼谷天气怎么样？", "曼谷和东京未来3天的天气", "FakeCity 的天气", "你好"),
    "en": (
        "What's the weather in Bangkok?",
        "Weather in Bangkok and Tokyo for the next 3 days",
        "What's the weather in FakeCity?",
        "Hello",
    ),
}

#: The questions of the "predict" exercise: no tool, one tool, two tools.
PREDICT_QUESTIONS: dict[str, tuple[str, ...]] = {
    "zh": ("你好", "东京天气怎么样？", "北京天气，顺便看看上海"),
    "en": ("Hello", "What's the weather in Tokyo?", "Weather in Beijing, and also Shanghai"),
}

#: Questions the "make" exercise tries, in order, to compute its answer (the first that works is shown).
TWO_CALL_CANDIDATES: dict[str, tuple[str, ...]] = {
    "zh": ("北京和上海的天气", "巴黎天气，再对比一下伦敦"),
    "en": ("Weather in Paris and London", "Weather in Paris, then compare with London"),
}


def system_prompt(lang: str) -> str:
    """The live run's system prompt in ``lang``."""
    return SYSTEM_PROMPTS[normalize_lang(lang)]


def weather_tools(lang: str) -> list[BaseTool]:
    """The live run's tools: the lab's ``get_weather``, in ``lang``."""
    return [build_weather_tool(lang=normalize_lang(lang))]


@functools.lru_cache(maxsize=1)
def builtin_model() -> BaseChatModel:
    """The built-in teaching model (deterministic: the exercises' runs are reproducible)."""
    return build_chat_model(load_settings().with_overrides(provider="builtin"))


@functools.lru_cache(maxsize=2)
def _tools(lang: str) -> tuple[BaseTool, ...]:
    return tuple(weather_tools(lang))  # one tool object per language: the compiled agent is reused


def run(question: str, lang: str, llm: BaseChatModel | None = None) -> RunTrace:
    """Run ``question`` through the live run's agent (the built-in model unless ``llm`` is given)."""
    language = normalize_lang(lang)
    return run_traced(
        question,
        builtin_model() if llm is None else llm,
        list(_tools(language)),
        system=system_prompt(language),
        lang=language,
    )


def tool_calls_per_reply(trace: RunTrace) -> list[int]:
    """How many tool calls each model reply of ``trace`` asked for, in order."""
    return [len((call.ai_message or {}).get("tool_calls") or []) for call in trace.model_calls]


def _seen(trace: RunTrace) -> dict[str, Any]:
    return {
        "model_calls": len(trace.model_calls),
        "tool_calls_per_reply": tool_calls_per_reply(trace),
        "tool_calls": [
            {"name": e.tool_name, "args": e.parsed_args, "tool_call_id": e.tool_call_id} for e in trace.tool_executions
        ],
        "stop_reason": trace.stop_reason,
    }


def model_calls(question: str | None, predicted: int | None, lang: str, llm: BaseChatModel | None = None) -> Checked:
    """Predict: how many model calls will ``question`` make? Runs every question of the exercise.

    Returns:
        ``expected`` maps each question of :data:`PREDICT_QUESTIONS` to its real number of
        model calls; ``shown`` is what the run of ``question`` recorded.
    """
    language = normalize_lang(lang)
    counts = {q: len(run(q, language, llm).model_calls) for q in PREDICT_QUESTIONS[language]}
    if not question or predicted is None:
        return Checked(False, counts)
    trace = run(question, language, llm)
    seen = _seen(trace)
    return Checked(int(predicted) == seen["model_calls"], counts, seen)


def two_calls_in_one_reply(question: str | None, lang: str, llm: BaseChatModel | None = None) -> Checked:
    """Make: a question whose run has a model reply with two (or more) tool calls.

    Returns:
        ``expected`` is the first of :data:`TWO_CALL_CANDIDATES` whose real run does it;
        ``shown`` is what the run of the learner's question recorded.
    """
    language = normalize_lang(lang)

    def works(q: str) -> bool:
        return max(tool_calls_per_reply(run(q, language, llm)), default=0) >= 2

    expected = next((q for q in TWO_CALL_CANDIDATES[language] if works(q)), None)
    text = (question or "").strip()
    if not text:
        return Checked(False, expected)
    seen = _seen(run(text[:500], language, llm))
    return Checked(max(seen["tool_calls_per_reply"], default=0) >= 2, expected, seen)
