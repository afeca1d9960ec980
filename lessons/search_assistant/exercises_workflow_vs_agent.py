"""LangGraph page 1 (workflow vs agent) — its exercises: will the agent search, a question only the workflow searches.

Each check runs both real graphs (:func:`lessons.search_assistant.lesson_1_workflow_vs_agent.who_decided`)
on the built-in model. The context carries the page's example questions (``questions``) besides ``lang``.
LangGraph is imported inside the checks, so the registry can count these exercises without it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from lessons.search_assistant.exercise_words import builtin_llm, code, first_accepted
from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Context, Exercise, Line, YesNo
from toolcall_lab.i18n import Text

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

    from lessons.search_assistant.search import SearchBackend


def agent_searches(
    llm: BaseChatModel, question: str, predicted: bool | None, search: SearchBackend | None = None
) -> Checked:
    """Predict: will the tool-calling agent search for ``question``? (Runs both graphs.)"""
    from lessons.search_assistant.lesson_1_workflow_vs_agent import who_decided

    ran = who_decided(llm, question, search)
    actual = bool(ran["agent"]["searched"])
    return Checked(
        predicted is actual, actual, {"path": ran["agent"]["path"], "workflow_path": ran["workflow"]["path"]}
    )


def only_workflow_searches(
    llm: BaseChatModel, question: str | None, candidates: Sequence[str], search: SearchBackend | None = None
) -> Checked:
    """Make: a question the workflow searches (it always does) but the agent answers without a search."""
    from lessons.search_assistant.lesson_1_workflow_vs_agent import who_decided

    def split(q: str) -> dict[str, Any]:
        ran = who_decided(llm, q, search)
        return {
            "workflow": ran["workflow"]["searched"],
            "agent": ran["agent"]["searched"],
            "path": ran["agent"]["path"],
        }

    def works(q: str) -> bool:
        seen = split(q)
        return bool(seen["workflow"]) and not seen["agent"]

    expected = first_accepted(candidates, works)
    text = (question if isinstance(question, str) else "").strip()
    if not text:
        return Checked(False, expected)
    seen = split(text)
    return Checked(bool(seen["workflow"]) and not seen["agent"], expected, seen)


def _hello(context: Context) -> str:
    return str(context["questions"][1])


def _path(found: Checked) -> str:
    return " → ".join(found.shown["path"])


def _searched(found: Checked, _context: Context) -> Text:
    seen = found.shown or {}
    return Text(
        f"工作流搜了：{seen.get('workflow')}；Agent 搜了：{seen.get('agent')}。",
        f"Workflow searched: {seen.get('workflow')}; agent searched: {seen.get('agent')}.",
    )


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="agent-searches",
        kind="predict",
        title=Text("预测：Agent 会搜索吗？", "Predict: will the agent search?"),
        prompt=lambda c: Text(
            f"问 Agent：{code(_hello(c))}。它会调用 search_web 吗？",
            f"Ask the agent {code(_hello(c))}. Will it call search_web?",
        ),
        answer=YesNo(Text("Agent 会搜索", "The agent searches")),
        check=lambda answer, c: agent_searches(builtin_llm(), _hello(c), answer),
        right=lambda found, _c: Text(f"Agent 走的是 {_path(found)}。", f"The agent's path was {_path(found)}."),
        wrong=Text(  # where to look, never the agent's real path (it holds the answer)
            "再看 Agent 图里 model 出发的两条边：走哪条由模型的回复里有没有 tool_calls 决定。这个问题需要它查什么吗？",
            "Look again at the two edges out of model in the agent's graph: whether its reply carries tool_calls "
            "decides which one. Does this question need anything looked up?",
        ),
        hint=Text(
            "看条件边 model ⇢ tools：只有回复里有 tool_calls 才走。",
            "Look at the edge model ⇢ tools: taken only when the reply has tool_calls.",
        ),
        needs=("questions",),
    ),
    Exercise(
        slug="only-workflow-searches",
        kind="make",
        title=Text("动手：只有工作流会搜的问题", "Make: a question only the workflow searches"),
        prompt=Text(
            "写一个问题：工作流会搜索，Agent 却直接回答。",
            "Write a question the workflow searches but the agent answers directly.",
        ),
        answer=Line(Text("问题", "Question")),
        check=lambda answer, c: only_workflow_searches(builtin_llm(), answer, list(c["questions"])),
        right=Text(
            "工作流搜了（代码决定），Agent 没搜（模型决定）。",
            "The workflow searched (the code), the agent did not (the model).",
        ),
        wrong=_searched,
        hint=Text(
            "工作流每次都搜；让模型觉得不需要查资料。",
            "The workflow always searches; give the model nothing to look up.",
        ),
        needs=("questions",),
    ),
)
