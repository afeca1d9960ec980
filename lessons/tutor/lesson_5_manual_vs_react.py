"""Tutor lesson 5 -- the loop by hand and LangGraph's prebuilt one, on one script."""

from __future__ import annotations

import os
import warnings
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import AIMessage
from langchain_core.tools import BaseTool
from langgraph.prebuilt import create_react_agent

from lessons.tutor.agent import run_manual, run_react
from lessons.tutor.demo import DEMO_QUESTIONS
from lessons.tutor.fakes import ScriptedChatModel
from lessons.tutor.lesson_common import q2_script, result_summary
from lessons.tutor.tools import build_tools


def react_deprecation_warning() -> dict[str, Any]:
    """Capture the warning ``create_react_agent`` prints, by running ``run_react`` once.

    Returns:
        ``{"category", "message", "printed", "printed_relative"}``. ``printed`` is the
        text exactly as Python prints it (``warnings.formatwarning``); ``printed_relative``
        is the same with the file path made relative to the current directory.
    """
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run_react("你好", ScriptedChatModel(responses=["你好"]))
    hits = [w for w in caught if "create_react_agent" in str(w.message)]
    if not hits:
        return {"category": None, "message": None, "printed": None, "printed_relative": None}
    w = hits[0]
    try:
        relative = os.path.relpath(w.filename)
    except ValueError:  # another drive on Windows
        relative = w.filename
    return {
        "category": w.category.__name__,
        "message": str(w.message),
        "printed": warnings.formatwarning(w.message, w.category, w.filename, w.lineno, w.line),
        "printed_relative": warnings.formatwarning(w.message, w.category, relative, w.lineno, w.line),
    }


def react_graph_mermaid(tools: Sequence[BaseTool] | None = None, *, with_styles: bool = True) -> str:
    """The prebuilt agent's own graph, as Mermaid text from ``get_graph().draw_mermaid()``.

    ``with_styles=False`` leaves out the HTML labels and class styles, for a renderer
    that draws plain Mermaid.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # shown by react_deprecation_warning instead
        agent = create_react_agent(ScriptedChatModel(responses=[]), list(tools) if tools is not None else build_tools())
    return agent.get_graph().draw_mermaid(with_styles=with_styles)


def lesson5_manual_vs_react(
    script: Sequence[AIMessage | str] | None = None, question: str = DEMO_QUESTIONS[1]
) -> dict[str, Any]:
    """One script through both loops, compared; plus the graph and the deprecation warning.

    Args:
        script: the model's replies (default :func:`~lessons.tutor.lesson_common.q2_script`);
            each loop gets its own copy.
        question: the question both loops receive.

    Returns:
        ``{"manual", "react", "same_answer", "same_observations", "manual_model_calls",
        "react_model_calls", "mermaid", "warning"}``.
    """
    lines = list(script) if script is not None else q2_script()
    manual_llm = ScriptedChatModel(responses=list(lines))
    react_llm = ScriptedChatModel(responses=list(lines))
    manual = run_manual(question, manual_llm)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        react = run_react(question, react_llm)
    return {
        "manual": result_summary(manual),
        "react": result_summary(react),
        "same_answer": manual.answer == react.answer,
        "same_observations": [s.observations for s in manual.steps] == [s.observations for s in react.steps],
        "manual_model_calls": len(manual_llm.requests),
        "react_model_calls": len(react_llm.requests),
        "mermaid": react_graph_mermaid(),
        "warning": react_deprecation_warning(),
    }
