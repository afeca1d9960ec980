"""Run the article's three questions through both loops and print each run.

Usage::

    python -m lessons.tutor.demo

Offline: the tools really run over :mod:`lessons.tutor.data`; the model is the
built-in teaching model (``toolcall_lab.llm.build_chat_model()``), reached through a
real ``ChatOpenAI`` client over the OpenAI wire format.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langchain_core.language_models import BaseChatModel

from lessons.tutor.agent import AgentResult, run_manual, run_react

# The article's three questions: a word's level, two things in one sentence, and the
# relative date that started the incident.
DEMO_QUESTIONS: tuple[str, ...] = (
    "accord 这个词在你们词表里是几级？考研考不考？",
    "我明天（2026-07-25）有什么课？顺便告诉我我现在学到哪了。",
    "下周三我有课吗？学号 S1001",
)
# The same three questions in English, for the English edition of the tools.
DEMO_QUESTIONS_EN: tuple[str, ...] = (
    "What level is accord on your word list? Is it in the kaoyan syllabus?",
    "What classes do I have tomorrow (2026-07-25)? And also, how far have I got?",
    "Do I have class next Wednesday? My id is S1001",
)


def demo_questions(lang: str = "zh") -> tuple[str, ...]:
    """The article's three questions in ``lang`` (``"zh"``, the original, or ``"en"``)."""
    return DEMO_QUESTIONS_EN if lang == "en" else DEMO_QUESTIONS


def _format_call(call: dict[str, Any]) -> str:
    """``get_schedule(student_id='S1001', date='2026-07-25')``."""
    args = ", ".join(f"{key}={value!r}" for key, value in (call.get("args") or {}).items())
    return f"{call.get('name')}({args})"


def format_run(result: AgentResult, title: str) -> str:
    """Render one run the way the article prints it: question, answer, stop reason, steps.

    Args:
        result: what :func:`run_manual` or :func:`run_react` returned.
        title: the header, e.g. ``"run_manual (hand-written loop)"``.
    """
    lines = [
        f"── {title} ──",
        f"问 / Q: {result.question}",
        f"答 / A: {result.answer}",
        f"停止原因 / stop: {result.stop_reason}",
    ]
    for step in result.steps:
        lines.append(f"  第 {step.index} 步 / step {step.index} · 意图 / intent:")
        for call in step.tool_calls:
            lines.append(f"    → {_format_call(call)}")
        for observation in step.observations:
            for line in observation.splitlines():
                lines.append(f"    ← {line}")
    return "\n".join(lines)


def main(llm_factory: Callable[[], BaseChatModel] | None = None) -> None:
    """Run every demo question through both loops and print the runs.

    Args:
        llm_factory: builds a fresh chat model per run; defaults to the built-in model.
    """
    if llm_factory is None:
        from toolcall_lab.llm import build_chat_model

        llm_factory = build_chat_model
    for question in DEMO_QUESTIONS:
        print(format_run(run_manual(question, llm_factory()), "run_manual（手写循环 / hand-written loop）"))
        print()
        print(
            format_run(
                run_react(question, llm_factory()), "run_react（LangGraph 预置 ReAct 图 / prebuilt ReAct graph）"
            )
        )
        print()


if __name__ == "__main__":
    main()
