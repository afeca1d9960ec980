"""What the tutor lesson modules share: the model factory, a run as plain data, question two's script.

Every tutor lesson module (``lesson_1_model_talks`` ... ``lesson_6_pitfalls``) runs the
real specimen and returns plain data. The few pieces more than one of them needs live
here, once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage
from langchain_core.tools import BaseTool

from lessons.tutor.agent import AgentResult
from lessons.tutor.tools import build_tools
from toolcall_lab.llm import build_chat_model

# Builds a fresh chat model per run (a lab-built client accepts ``script=`` too).
LlmFactory = Callable[..., BaseChatModel]


def default_llm_factory(llm_factory: LlmFactory | None) -> LlmFactory:
    """The given factory, or the built-in teaching model's (``toolcall_lab.llm.build_chat_model``)."""
    return llm_factory if llm_factory is not None else build_chat_model


def result_summary(result: AgentResult) -> dict[str, Any]:
    """An :class:`~lessons.tutor.agent.AgentResult` as plain data (without the message objects).

    Returns:
        ``{"question", "answer", "stop_reason", "steps"}``; ``stop_reason`` is one of the
        agent's ``STOP_*`` keys (pages word it), ``steps`` the step records as dicts.
    """
    return {
        "question": result.question,
        "answer": result.answer,
        "stop_reason": result.stop_reason,
        "steps": [asdict(step) for step in result.steps],
    }


def tools_for(lang: str = "zh") -> list[BaseTool]:
    """The three default tools in ``lang``: the article's (``"zh"``) or the English edition."""
    return build_tools(lang=lang)


def q2_script(lang: str = "zh") -> list[AIMessage | str]:
    """The article's question two as a script: two parallel calls, then the answer (in ``lang``)."""
    if lang == "en":
        return [
            *q2_script()[:1],
            "On 25 July (Saturday) you have two lessons: 09:00-10:30 IELTS Writing Intensive (Mr Wang, Room 3) "
            "and 19:00-20:00 Speaking Practice (Anna, online). You have done 42 of 80 lessons: 52%.",
        ]
    return [
        AIMessage(
            content="",
            tool_calls=[
                {"name": "get_schedule", "args": {"student_id": "S1001", "date": "2026-07-25"}, "id": "call_schedule"},
                {"name": "get_learning_record", "args": {"student_id": "S1001"}, "id": "call_record"},
            ],
        ),
        # zh-only: the article's answer (the English one is above)
        "7 月 25 日（周六）你有两节课：09:00-10:30 雅思写作精讲（王老师，3 号教室），"
        "19:00-20:00 口语陪练（外教 Anna，线上）。另外你已学 42/80 课时，进度 52%。",
    ]
