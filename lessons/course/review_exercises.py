"""The section reviews given as data: one :class:`~toolcall_lab.exercises.Exercise` per converted section.

Each record ends its section's last page (LangGraph: page 7, :data:`REVIEW_GRAPH`); its check is
:mod:`lessons.course.review`, which runs several of the section's pages for real. That module is
imported inside the check, so the registry can count the page's exercises without LangChain.
Sections whose review is not data yet are still drawn by ``pages/_ui/exercises_section_review.py``.
"""

from __future__ import annotations

from typing import Any

from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Context, Exercise, Part, Parts, Select, YesNo
from toolcall_lab.i18n import Text

#: The words every section review shares.
REVIEW_TITLE = Text("本节综合练习", "Section review: a mixed check")
REVIEW_PROMPT = Text(
    "这道题跨越本节的几页，答案由真实运行算出。",
    "This one spans several pages of the section; real runs compute the answer.",
)
REVIEW_RIGHT = Text(
    "全对：这些答案来自本节各页的真实运行。", "All right: these come from real runs of this section's pages."
)


def part_by_part(found: Checked, _context: Context) -> Text:
    """A review's wrong answer, part by part: which parts were right (✓) and which not (✗)."""
    right = found.shown.get("right", {}) if isinstance(found.shown, dict) else {}
    parts = ", ".join(f"{k} {'✓' if ok else '✗'}" for k, ok in right.items())
    return Text("逐项：", "Part by part: ") + Text(parts, parts)


def _graph_nodes(context: Context) -> list[str]:
    from lessons.course import review

    return review.graph_nodes(str(context["lang"]))


def _keeps_label(context: Context) -> Text:
    from lessons.course import review

    budget = review.graph_budget(str(context["lang"]))
    return Text(
        f"第 7 页：把三轮对话的 State 朴素地截成最后 {budget} 条，每个工具调用还和它的回复成对吗？",
        f"Page 7: the three turns' State, cut naively to its last {budget} messages: does every tool call "
        "keep its reply?",
    )


def _check_graph(answer: Any, context: Context) -> Checked:
    from lessons.course import review

    return review.check_graph(answer if isinstance(answer, dict) else None, str(context["lang"]))


REVIEW_GRAPH = Exercise(
    slug="section-review",
    kind="review",
    title=REVIEW_TITLE,
    prompt=REVIEW_PROMPT,
    answer=Parts(
        (
            Part(
                "next_node",
                Select(
                    Text(
                        "第 6 页：人工批准暂停中的调用后，哪个节点最先运行？",
                        "Page 6: the human approves the paused call; which node runs first?",
                    ),
                    _graph_nodes,
                ),
                key="node",
            ),
            Part("keeps_pairs", YesNo(_keeps_label, horizontal=False), key="keeps"),
        )
    ),
    check=_check_graph,
    right=REVIEW_RIGHT,
    wrong=part_by_part,
    hint=Text(
        "批准先经过审批节点；朴素截断可能从 ToolMessage 开始。",
        "An approval passes the approval node first; a naive cut may start with a ToolMessage.",
    ),
)
