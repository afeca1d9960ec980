"""Tutor lesson 5 -- the loop by hand and LangGraph's prebuilt one, on one script.

Exercises: :func:`check_predict_next_node` (which node runs after ``agent`` when the reply
has tool calls?) and :func:`check_make_script` (write a script, as JSON, that takes both
loops three model calls to the same answer); both run the real graph at check time. They are
:data:`EXERCISES`; LangChain and LangGraph are imported inside the functions only, so the registry
can count them without loading either.
"""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Choice, Code, Exercise, fixed
from toolcall_lab.i18n import Text

if TYPE_CHECKING:
    from langchain_core.messages import AIMessage
    from langchain_core.tools import BaseTool


def react_deprecation_warning() -> dict[str, Any]:
    """Capture the warning ``create_react_agent`` prints, by running ``run_react`` once.

    Returns:
        ``{"category", "message", "printed", "printed_relative"}``. ``printed`` is the
        text exactly as Python prints it (``warnings.formatwarning``); ``printed_relative``
        is the same with the file path made relative to the current directory.
    """
    from lessons.tutor.agent import run_react
    from lessons.tutor.fakes import ScriptedChatModel

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run_react("你好", ScriptedChatModel(responses=["你好"]))  # zh-only: a greeting, to see the warning
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
    from langgraph.prebuilt import create_react_agent

    from lessons.tutor.fakes import ScriptedChatModel
    from lessons.tutor.lesson_common import tools_for

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # shown by react_deprecation_warning instead
        agent = create_react_agent(ScriptedChatModel(responses=[]), list(tools) if tools is not None else tools_for())
    return agent.get_graph().draw_mermaid(with_styles=with_styles)


def lesson5_manual_vs_react(
    script: Sequence[AIMessage | str] | None = None, question: str | None = None, lang: str = "zh"
) -> dict[str, Any]:
    """One script through both loops, compared; plus the graph and the deprecation warning.

    Args:
        script: the model's replies (default :func:`~lessons.tutor.lesson_common.q2_script`);
            each loop gets its own copy.
        question: the question both loops receive (default: the article's question two).
        lang: the edition of tools, prompt and default script (``"zh"`` or ``"en"``).

    Returns:
        ``{"manual", "react", "same_answer", "same_observations", "manual_model_calls",
        "react_model_calls", "mermaid", "warning"}``.
    """
    from lessons.tutor.agent import run_manual, run_react, system_prompt
    from lessons.tutor.demo import DEMO_QUESTIONS
    from lessons.tutor.fakes import ScriptedChatModel
    from lessons.tutor.lesson_common import q2_script, result_summary, tools_for

    question = DEMO_QUESTIONS[1] if question is None else question
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
    from langgraph.prebuilt import create_react_agent

    from lessons.tutor.agent import system_prompt
    from lessons.tutor.demo import demo_questions
    from lessons.tutor.fakes import ScriptedChatModel
    from lessons.tutor.lesson_common import q2_script, tools_for

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
    from langchain_core.messages import AIMessage

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
    from langchain_core.messages import AIMessage

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
    from langchain_core.messages import AIMessage

    from lessons.tutor.lesson_common import q2_script

    first, answer = q2_script(lang)
    assert isinstance(first, AIMessage)
    return [AIMessage(content="", tool_calls=[call]) for call in first.tool_calls] + [answer]


def check_make_script(text: str | None, lang: str = "zh") -> Checked:
    """Make: a script on which both loops make :data:`MAKE_MODEL_CALLS` model calls and give the same answer.

    ``got`` is ``{"manual_model_calls", "react_model_calls", "same_answer"}`` of the learner's
    script (or the error it raised); ``expected`` a script that meets the goal and its counts.
    """
    from lessons.tutor.demo import demo_questions

    example = lesson5_manual_vs_react(make_example(lang), demo_questions(lang)[1], lang)
    expected = {
        "script": json.loads(script_to_json(make_example(lang))),
        "manual_model_calls": example["manual_model_calls"],
        "react_model_calls": example["react_model_calls"],
    }
    try:
        run = lesson5_manual_vs_react(
            script_from_json(text if isinstance(text, str) else ""), demo_questions(lang)[1], lang
        )
    except Exception as exc:  # a bad script is the learner's lesson, reported as data
        return Checked(False, expected, f"{type(exc).__name__}: {exc}")
    got = {k: run[k] for k in ("manual_model_calls", "react_model_calls", "same_answer")}
    ok = got["same_answer"] and got["manual_model_calls"] == got["react_model_calls"] == MAKE_MODEL_CALLS
    return Checked(bool(ok), expected, got)


def _start_script(context: Any) -> str:
    from lessons.tutor.lesson_common import q2_script

    return script_to_json(q2_script(str(context["ed"])))


#: Tutor 5's exercises; the page hands over ``ed``, the edition of 小E it runs.
EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="predict-next-node",
        kind="predict",
        title=Text("预测：agent 之后跑哪个节点？", "Predict: which node runs after agent?"),
        prompt=Text(
            "agent 节点的第一次回复里有 tool_calls。图接下来跑哪个节点？",
            "The agent node's first reply carries tool_calls. Which node does the graph run next?",
        ),
        answer=Choice(Text("节点", "Node"), fixed(NODE_CHOICES), horizontal=True, start=0),
        check=lambda answer, c: check_predict_next_node(answer, str(c["ed"])),
        right=Text("真实运行的节点顺序是 {shown}。", "The nodes really ran in this order: {shown}."),
        wrong=Text(  # where to look, never the order the nodes ran in (it holds the answer)
            "图里从 agent 出发有两条条件边：回复带着 tool_calls 时，条件函数选哪一条？",
            "Two conditional edges leave agent in the graph: which one does the condition pick when the reply "
            "carries tool_calls?",
        ),
        hint=Text(
            "看图里 agent 出发的虚线（条件边）。", "Follow the dotted (conditional) edges out of agent in the graph."
        ),
        needs=("ed",),
    ),
    Exercise(
        slug="make-script",
        kind="make",
        title=Text(
            f"动手：写一条让两个循环都调 {MAKE_MODEL_CALLS} 次模型的脚本",
            f"Make it: a script that takes both loops {MAKE_MODEL_CALLS} model calls",
        ),
        prompt=Text(
            f"改这条脚本（JSON，只解析），让两个循环都调用模型 {MAKE_MODEL_CALLS} 次、给出相同的回答。",
            f"Edit this script (JSON, parsed only) so both loops call the model {MAKE_MODEL_CALLS} times and give the "
            "same answer.",
        ),
        answer=Code(Text("script (JSON)", "script (JSON)"), _start_script, height=260),
        check=lambda answer, c: check_make_script(answer, str(c["ed"])),
        right=Text("{shown}", "{shown}"),
        wrong=Text("你的脚本跑出来是：{shown}", "Your script ran like this: {shown}"),
        hint=Text(
            "把两个并行调用拆成两次回复，各带一个调用。",
            "Split the two parallel calls into two replies, one call each.",
        ),
        needs=("ed",),
    ),
)
