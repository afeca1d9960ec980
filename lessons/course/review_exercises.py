"""The section reviews given as data: one :class:`~toolcall_lab.exercises.Exercise` per section.

Each record ends its section's last page, after the section's "what you learned" bullets: the chain's
(:data:`REVIEW_CHAIN`) page ⑧, the tutor's (:data:`REVIEW_TUTOR`) page 6, LangGraph's
(:data:`REVIEW_GRAPH`) page 7, reliability's (:data:`REVIEW_RELIABILITY`) "who decides". Its check is
:mod:`lessons.course.review`, which runs several of the section's pages for real. That module is
imported inside the checks, so the registry can count the pages' exercises without LangChain.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Context, Exercise, Number, Part, Parts, Pick, Picks, Select, Specimen, YesNo, fixed
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import json_text

#: The tutor review: the loop guard's step limit its second question names.
TUTOR_MAX_STEPS = 3
#: The reliability review: 429s on the first requests, and the client's max_retries.
RELIABILITY_FAILS, RELIABILITY_RETRIES = 1, 3
#: Which requests fail, in the review's words ("the first 1 request(s)" read as a template, not a sentence).
_FIRST_FAILS = (
    Text("第一次请求", "The first request gets")
    if RELIABILITY_FAILS == 1
    else Text(f"前 {RELIABILITY_FAILS} 次请求", f"The first {RELIABILITY_FAILS} requests get")
)

#: The words every section review shares.
REVIEW_TITLE = Text("本节综合练习", "Section review: a mixed check")
REVIEW_PROMPT = Text(
    "这道题跨越本节的几页，答案由真实运行算出。",
    "This one spans several pages of the section; real runs compute the answer.",
)
REVIEW_RIGHT = Text("这些答案来自本节各页的真实运行。", "These come from real runs of this section's pages.")


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


def _review_check(section: str) -> Callable[[Any, Context], Checked]:
    """The section's check in :mod:`lessons.course.review`, imported when first called (it loads LangChain)."""

    def check(answer: Any, context: Context) -> Checked:
        from lessons.course import review

        judge: Callable[[dict[str, Any] | None, str], Checked] = getattr(review, f"check_{section}")
        return judge(answer if isinstance(answer, dict) else None, str(context["lang"]))

    return check


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
    check=_review_check("graph"),
    right=REVIEW_RIGHT,
    wrong=part_by_part,
    hint=Text(
        "批准先经过审批节点；朴素截断可能从 ToolMessage 开始。",
        "An approval passes the approval node first; a naive cut may start with a ToolMessage.",
    ),
)


# ---------------------------------------------------------------- the chain
#: The chain's stages an artifact may come from, as the select boxes word them.
CHAIN_STAGES: dict[int, Text] = {
    3: Text("③ bind_tools", "③ bind_tools"),
    4: Text("④ tool_call", "④ tool_call"),
    5: Text("⑤ 校验", "⑤ validation"),
    7: Text("⑦ ToolMessage", "⑦ ToolMessage"),
}


def _chain_picks(context: Context) -> list[Pick]:
    """One select box per shuffled artifact of the real run, under the artifact it names."""
    from lessons.course import review

    return [
        Pick(label, Text(f"{label} 来自哪一站？", f"Which stage made {label}?"), label, f"{label}: {json_text(art)}")
        for label, art in review.chain_artifacts(str(context["lang"])).items()
    ]


REVIEW_CHAIN = Exercise(
    slug="section-review",
    kind="review",
    title=REVIEW_TITLE,
    prompt=REVIEW_PROMPT,
    answer=Picks(
        _chain_picks,
        lambda _context: CHAIN_STAGES,
        caption=Text(
            "同一次真实运行（内置模型）的四件产物，顺序打乱：",
            "Four artifacts of one real run (built-in model), shuffled:",
        ),
    ),
    check=_review_check("chain"),
    right=REVIEW_RIGHT,
    wrong=part_by_part,
    hint=Text(
        "③ 是发给模型的工具列表，④ 是模型写的调用，⑤ 是校验后的值，⑦ 是送回的消息。",
        "③ is the tool list sent to the model, ④ the call the model wrote, ⑤ the validated values, "
        "⑦ the message sent back.",
    ),
)


# ---------------------------------------------------------------- the tutor
def _tutor_run(context: Context) -> str:
    from lessons.course import review

    return json_text(review.tutor_run(str(context["lang"])))


REVIEW_TUTOR = Exercise(
    slug="section-review",
    kind="review",
    title=REVIEW_TITLE,
    prompt=REVIEW_PROMPT + Text("下面是坏掉的一次真实运行：", " Below, a real broken run:"),
    specimen=Specimen(_tutor_run, language="json"),
    answer=Parts(
        (
            Part("pitfall", Select(Text("哪个坑？", "Which pitfall?"), fixed(range(1, 8)))),
            Part(
                "model_calls",
                Number(
                    Text(
                        f"第 4 页：模型一直重复同一个调用，max_steps={TUTOR_MAX_STEPS} 的护栏让模型被调用几次？",
                        f"Page 4: the model repeats the same call; with max_steps={TUTOR_MAX_STEPS}, how many model "
                        "calls?",
                    ),
                    0,
                    20,
                    start=None,
                ),
                key="calls",
            ),
        )
    ),
    check=_review_check("tutor"),
    right=REVIEW_RIGHT,
    wrong=part_by_part,
    hint=Text(
        "看异常是在哪个函数里抛出的；护栏在第几次模型调用时停下？",
        "Look at where the exception was raised; at which model call does the guard stop?",
    ),
)


# ---------------------------------------------------------------- reliability
REVIEW_RELIABILITY = Exercise(
    slug="section-review",
    kind="review",
    title=REVIEW_TITLE,
    prompt=REVIEW_PROMPT,
    answer=Parts(
        (
            Part(
                "attempts",
                Number(
                    Text(
                        f"{_FIRST_FAILS.zh}返回 429，max_retries={RELIABILITY_RETRIES}：第一次模型调用共发几次请求？",
                        f"{_FIRST_FAILS.en} a 429, max_retries={RELIABILITY_RETRIES}: "
                        "how many attempts does the first model call make?",
                    ),
                    0,
                    10,
                    start=None,
                ),
            ),
            Part(
                "injection_changes",
                YesNo(
                    Text(
                        "学号来自运行的 config 之后，易受骗的模型加上注入的请求还能读到 S1002 吗？",
                        "Once the id comes from the run's config, can the gullible model plus an injected request "
                        "read S1002?",
                    ),
                    horizontal=False,
                ),
                key="changes",
            ),
        )
    ),
    check=_review_check("reliability"),
    right=REVIEW_RIGHT,
    wrong=part_by_part,
    hint=Text(
        "一次失败加一次成功；学号不在 schema 里。",
        "One failure plus one success; the id is not in the schema.",
    ),
)
