"""Tutor lesson 5 -- the loop by hand and LangGraph's prebuilt one, on one script.

Exercises: :func:`check_predict_next_node` (which node runs after ``agent`` when the reply
has tool calls?) and :func:`check_make_script` (write a script, as JSON, that takes both
loops three model calls to the same answer); both run the real graph at check time.
"""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import AIMessage
from langchain_core.tools import BaseTool
from langgraph.prebuilt import create_react_agent

from lessons.tutor.agent import run_manual, run_react, system_prompt
from lessons.tutor.demo import DEMO_QUESTIONS, demo_questions
from lessons.tutor.fakes import ScriptedChatModel
from lessons.tutor.lesson_common import q2_script, result_summary, tools_for
from toolcall_lab.checks import Checked


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
        agent = create_react_agent(ScriptedChatModel(responses=[]), list(tools) if tools is not None else tools_for())
    return agent.get_graph().draw_mermaid(with_styles=with_styles)


def lesson5_manual_vs_react(
    script: Sequence[AIMessage | str] | None = None, question: str = DEMO_QUESTIONS[1], lang: str = "zh"
) -> dict[str, Any]:
    """One script through both loops, compared; plus the graph and the deprecation warning.

    Args:
        script: the model's replies (default :func:`~lessons.tutor.lesson_common.q2_script`);
            each loop gets its own copy.
        question: the question both loops receive.
        lang: the edition of tools, prompt and default script (``"zh"`` or ``"en"``).

    Returns:
        ``{"manual", "react", "same_answer", "same_observations", "manual_model_calls",
        "react_model_calls", "mermaid", "warning"}``.
    """
    lines = list(script) if script is not None else q2_script(lang)
    manual_llm = ScriptedChatModel(responses=list(lines))
    react_llm = ScriptedChatModel(responses=list(lines))
    tools, system = tools_for(lang), system_prompt(lang)
    manual = run_manual(question, manual_llm, tools, system=system, lang=lang)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        react = run_react(question, react_llm, tools, system=system, lang=lang)
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


# ---------------------------------------------------------------- exercises
#: The nodes a learner may name in the predict exercise.
NODE_CHOICES: tuple[str, ...] = ("agent", "tools", "__end__")
#: The make-it exercise's goal: both loops take this many model calls, to the same answer.
MAKE_MODEL_CALLS = 3


def node_order(script: Sequence[AIMessage | str] | None = None, lang: str = "zh") -> list[str]:
    """The prebuilt graph's nodes in the order they really ran on ``script`` (``stream_mode="updates"``)."""
    lines = list(script) if script is not None else q2_script(lang)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        agent = create_react_agent(ScriptedChatModel(responses=lines), tools_for(lang), prompt=system_prompt(lang))
        state = {"messages": [("user", demo_questions(lang)[1])]}
        return [node for update in agent.stream(state, stream_mode="updates") for node in update]


def check_predict_next_node(answer: str | None, lang: str = "zh") -> Checked:
    """Predict: the first ``agent`` reply asks for tools; which node runs next?

    Computed from the real graph's run: the node that follows the first ``agent``.
    """
    order = node_order(lang=lang)
    expected = order[order.index("agent") + 1] if "agent" in order[:-1] else "__end__"
    return Checked(answer == expected, expected, order)


def script_to_json(script: Sequence[AIMessage | str]) -> str:
    """A script as the JSON the learner edits: strings, or ``{"tool_calls": [{"name", "args", "id"}]}``."""
    out: list[Any] = []
    for entry in script:
        if isinstance(entry, AIMessage) and entry.tool_calls:
            out.append(
                {"tool_calls": [{"name": c["name"], "args": c["args"], "id": c["id"]} for c in entry.tool_calls]}
            )
        else:
            out.append(entry.text if isinstance(entry, AIMessage) else entry)
    return json.dumps(out, ensure_ascii=False, indent=2)


def script_from_json(text: str) -> list[AIMessage | str]:
    """Parse the learner's JSON script (``json.loads``, nothing executed) into script entries.

    Raises:
        ValueError: when the text is not a JSON list of strings and ``{"tool_calls": [...]}`` objects.
    """
    data = json.loads(text)
    if not isinstance(data, list) or len(data) > 12:
        raise ValueError("the script must be a JSON list of at most 12 replies")
    script: list[AIMessage | str] = []
    for entry in data:
        if isinstance(entry, str):
            script.append(entry)
        elif isinstance(entry, dict) and isinstance(entry.get("tool_calls"), list):
            calls = [
                {"name": str(c["name"]), "args": dict(c.get("args") or {}), "id": str(c.get("id") or f"call_{i}")}
                for i, c in enumerate(entry["tool_calls"])
            ]
            script.append(AIMessage(content=str(entry.get("content") or ""), tool_calls=calls))
        else:
            raise ValueError(f"not a reply: {json.dumps(entry, ensure_ascii=False)[:80]}")
    return script


def make_example(lang: str = "zh") -> list[AIMessage | str]:
    """A script that meets the make-it goal: question two's calls one per reply, then the answer."""
    first, answer = q2_script(lang)
    assert isinstance(first, AIMessage)
    return [AIMessage(content="", tool_calls=[call]) for call in first.tool_calls] + [answer]


def check_make_script(text: str | None, lang: str = "zh") -> Checked:
    """Make: a script on which both loops make :data:`MAKE_MODEL_CALLS` model calls and give the same answer.

    ``got`` is ``{"manual_model_calls", "react_model_calls", "same_answer"}`` of the learner's
    script (or the error it raised); ``expected`` a script that meets the goal and its counts.
    """
    example = lesson5_manual_vs_react(make_example(lang), demo_questions(lang)[1], lang)
    expected = {
        "script": json.loads(script_to_json(make_example(lang))),
        "manual_model_calls": example["manual_model_calls"],
        "react_model_calls": example["react_model_calls"],
    }
    try:
        run = lesson5_manual_vs_react(script_from_json(text or ""), demo_questions(lang)[1], lang)
    except Exception as exc:  # a bad script is the learner's lesson, reported as data
        return Checked(False, expected, f"{type(exc).__name__}: {exc}")
    got = {k: run[k] for k in ("manual_model_calls", "react_model_calls", "same_answer")}
    ok = got["same_answer"] and got["manual_model_calls"] == got["react_model_calls"] == MAKE_MODEL_CALLS
    return Checked(bool(ok), expected, got)
