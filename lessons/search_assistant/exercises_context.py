"""LangGraph page 7 (context control) — its exercises: does the naive cut orphan a reply, and a safe budget.

Each check cuts the agent's real State with :func:`lessons.search_assistant.context.naive_trim` and
looks for orphaned tool replies. The context carries that State (``history``: the three turns plus
the next question, from :func:`three_turn_history`) and the page's slider (``budget``) besides
``lang``. The section's review (:data:`lessons.course.review_exercises.REVIEW_GRAPH`) ends the page.
LangGraph is imported inside the checks, so the registry can count these exercises without it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from lessons.course.review_exercises import REVIEW_GRAPH
from lessons.search_assistant.exercise_words import as_int, first_accepted
from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Context, Exercise, Number, YesNo
from toolcall_lab.i18n import Text

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import BaseMessage

    from lessons.search_assistant.search import SearchBackend


def three_turn_history(
    llm: BaseChatModel, lang: str, next_question: str, search: SearchBackend | None = None
) -> list[BaseMessage]:
    """The agent's State after the three turns, plus the next question: what a trim cuts."""
    from langchain_core.messages import HumanMessage
    from langgraph.checkpoint.memory import InMemorySaver

    from lessons.search_assistant.agent import build_agent, make_search_web_tool
    from lessons.search_assistant.common import new_id, turns
    from lessons.search_assistant.search import default_offline_search
    from lessons.search_assistant.workflow import thread_config

    backend = search or default_offline_search()
    app = build_agent(llm, [make_search_web_tool(backend)], InMemorySaver())
    config = thread_config(new_id("context"))
    for question in turns(lang):
        app.invoke({"messages": [HumanMessage(question)]}, config)
    kept: list[BaseMessage] = list(app.get_state(config).values["messages"])
    return [*kept, HumanMessage(next_question)]


def naive_orphans(history: Sequence[BaseMessage], budget: int, predicted: bool | None) -> Checked:
    """Predict: will the naive last-``budget`` cut send an orphaned ToolMessage?"""
    from lessons.search_assistant.context import naive_trim, orphaned_tool_replies

    cut = naive_trim(history, budget)
    orphans = orphaned_tool_replies(cut)
    first_role = cut[0].type if cut else ""
    return Checked(predicted is bool(orphans), bool(orphans), {"orphans": orphans, "first_role": first_role})


def safe_budget(history: Sequence[BaseMessage], budget: int | None) -> Checked:
    """Make: a budget at which the naive cut drops some messages yet orphans none (the smallest is the answer)."""
    from lessons.search_assistant.context import naive_trim, orphaned_tool_replies

    total = len(history)

    def works(n: int) -> bool:
        return 1 <= n < total and not orphaned_tool_replies(naive_trim(history, n))

    expected = first_accepted(list(range(1, total)), works)
    if budget is None:
        return Checked(False, expected)
    cut = naive_trim(history, budget)
    return Checked(works(budget), expected, {"sent": len(cut), "kept": total, "orphans": orphaned_tool_replies(cut)})


def _budget(context: Context) -> int:
    return int(context["budget"])


def _orphan_prompt(context: Context) -> Text:
    budget = _budget(context)
    return Text(
        f"预算是 {budget} 条（上面的滑块）。简单截取最后 {budget} 条，会留下孤立的 ToolMessage 吗？",
        f"The budget is {budget} (the slider above). Will the naive last-{budget} cut send an orphaned ToolMessage?",
    )


def _orphan_wrong(_found: Checked, context: Context) -> Text:
    """Where to look after a miss: the cut's first message, never what it is (that is the answer)."""
    budget = _budget(context)
    return Text(
        f"从 State 的最后一条往回数 {budget} 条：截取从哪一条开始？如果它是 ToolMessage，它的调用还在截取里吗？",
        f"Count {budget} messages back from the end of the State: where does the cut start? If that is a "
        "ToolMessage, is its call still inside the cut?",
    )


def _budget_right(found: Checked, _context: Context) -> Text:
    s = found.shown or {}
    return Text(
        f"发 {s.get('sent')} 条（State 有 {s.get('kept')} 条），没有孤立回复。",
        f"{s.get('sent')} sent of {s.get('kept')}, no orphan.",
    )


def _budget_wrong(found: Checked, _context: Context) -> Text:
    s = found.shown or {}
    return Text(
        f"这个预算下：孤立回复 {s.get('orphans')}，发 {s.get('sent')} / {s.get('kept')}。",
        f"At this budget: orphans {s.get('orphans')}, sent {s.get('sent')} of {s.get('kept')}.",
    )


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="naive-orphans",
        kind="predict",
        title=Text("预测：会有孤立的 ToolMessage 吗？", "Predict: an orphaned ToolMessage?"),
        prompt=_orphan_prompt,
        answer=YesNo(Text("会有孤立的回复", "An orphan is sent")),
        check=lambda answer, c: naive_orphans(c["history"], _budget(c), answer),
        right=lambda found, _c: Text(
            f"简单截取的第一条是 {found.shown['first_role']}。",
            f"The naive cut starts with a {found.shown['first_role']} message.",
        ),
        wrong=_orphan_wrong,
        hint=Text(
            "看截取的第一条：如果是 tool，它的调用已被剪掉。",
            "Look at the cut's first message: a tool reply there lost its call.",
        ),
        needs=("history", "budget"),
    ),
    Exercise(
        slug="safe-budget",
        kind="make",
        title=Text("动手：找一个安全的预算", "Make: find a safe budget"),
        prompt=Text(
            "找一个预算：简单截取确实剪掉了一些消息，却没有留下孤立的 ToolMessage。",
            "Find a budget at which the naive cut drops some messages but orphans no ToolMessage.",
        ),
        answer=Number(Text("预算", "Budget"), 1, 20, None),
        check=lambda answer, c: safe_budget(c["history"], as_int(answer)),
        right=_budget_right,
        wrong=_budget_wrong,
        hint=Text("让截取从一条 human 消息开始。", "Make the cut start at a human message."),
        needs=("history",),
    ),
    REVIEW_GRAPH,
)
