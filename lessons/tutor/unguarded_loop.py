"""The loop without its guard (tutor 4's counter-example): no step limit, no repeat check.

It imports LangChain at its top, so it lives apart from :mod:`lessons.tutor.lesson_4_loop_guard`,
whose top level stays light (the registry imports it to count the page's exercises); that module
still offers it as ``run_unguarded``. The pages show this function's source as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.tools import BaseTool

from lessons.tutor.agent import SYSTEM_PROMPT


def run_unguarded(
    question: str,
    llm: BaseChatModel,
    tools: Sequence[BaseTool],
    *,
    hard_limit: int = 20,
    system: str = SYSTEM_PROMPT,
) -> dict[str, Any]:
    """The loop *without* its guard: no step limit, no repeat check. A counter-example.

    It would run as long as the model keeps asking; ``hard_limit`` is only here so the
    lesson itself ends. Returns ``{"model_calls", "answer", "reached_hard_limit"}``.
    """
    by_name = {t.name: t for t in tools}
    bound = llm.bind_tools(list(tools))
    messages: list[BaseMessage] = [SystemMessage(content=system), HumanMessage(content=question)]
    for calls_made in range(1, hard_limit + 1):
        ai = bound.invoke(messages)
        messages.append(ai)
        if not ai.tool_calls:
            return {"model_calls": calls_made, "answer": ai.content, "reached_hard_limit": False}
        for call in ai.tool_calls:
            # Runs every call, however often it was made before.
            messages.append(
                ToolMessage(content=str(by_name[call["name"]].invoke(call["args"])), tool_call_id=call["id"])
            )
    return {"model_calls": hard_limit, "answer": None, "reached_hard_limit": True}
