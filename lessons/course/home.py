"""The course review on home: two exercises that mix the course, for returning learners.

1. *Predict* (``predict-tool-call-id``) — a real run asked the weather of two cities, and the
   model's reply carried two tool calls. Which ``tool_call_id`` will the ``ToolMessage``
   answering one of them carry? :func:`tool_call_id_of` reads it from the ``ToolMessage`` that
   ``ToolNode`` really built. The run is the page's (:func:`review_run`, once a session, when the
   learner turns the review on): the page hands it over as ``review`` in the context.
2. *Order* (``chain-order``) — put the chain's stages in order; :func:`stage_order` compares with
   the chain's own order (:data:`toolcall_lab.stages.catalog.STAGES`). The stages are shown by
   their pages' headings, which the page hands over as ``stage_labels`` (stage key → heading).

Both are :data:`EXERCISES`. This module stays light (home imports it, and the registry counts
its exercises): LangChain loads inside :func:`review_run` only, when the review is asked for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Choice, Choices, Context, Exercise
from toolcall_lab.i18n import Text, normalize_lang
from toolcall_lab.stages.catalog import STAGES
from toolcall_lab.trace import RunTrace

#: The review run's question: two cities, so the model's one reply carries two tool calls.
REVIEW_QUESTION = Text("曼谷和东京的天气", "Weather in Bangkok and Tokyo")
#: The call the predict exercise asks about (the second city).
ASKED_CITY = "Tokyo"


def review_run(lang: str) -> RunTrace:
    """The review run on the built-in model, in ``lang``."""
    from lessons.course.live_run import run  # LangChain loads here, when the review is asked for: home stays light

    language = normalize_lang(lang)
    return run(REVIEW_QUESTION(language), language)


def first_reply(trace: RunTrace) -> dict[str, Any]:
    """The model's first reply (the ``AIMessage`` with the tool calls), as the trace recorded it."""
    return dict(trace.model_calls[0].ai_message or {}) if trace.model_calls else {}


def id_choices(trace: RunTrace) -> list[str]:
    """Candidate answers, all taken from the run: each call's id, the AIMessage's id, the tool's name."""
    reply = first_reply(trace)
    calls = [str(c.get("id")) for c in reply.get("tool_calls", [])]
    names = sorted({str(c.get("name")) for c in reply.get("tool_calls", [])})
    return sorted({*calls, str(reply.get("id")), *names})


def tool_call_id_of(trace: RunTrace, picked: str | None, city: str = ASKED_CITY) -> Checked:
    """Predict: the ``tool_call_id`` of the ToolMessage answering the call for ``city`` in ``trace``."""
    execution = next(
        (e for e in trace.tool_executions if isinstance(e.parsed_args, dict) and e.parsed_args.get("city") == city),
        None,
    )
    if execution is None or execution.tool_message is None:
        raise ValueError(f"the run has no ToolMessage for {city}")
    expected = execution.tool_message["tool_call_id"]
    shown = {"tool_message": execution.tool_message, "args": execution.parsed_args}
    return Checked(picked == expected, expected, shown if picked else {})


def stage_order(picked: Sequence[str] | None) -> Checked:
    """Order: the chain's stage keys in the order the chain runs them.

    Returns:
        ``expected`` is the chain's order; ``shown["first_wrong"]`` is the 1-based position
        of the first stage out of place (``None`` when all are right).
    """
    expected = [s.key for s in STAGES]
    answer = list(picked or [])
    first_wrong = next((i for i, (a, b) in enumerate(zip(answer, expected, strict=False), 1) if a != b), None)
    if first_wrong is None and len(answer) != len(expected):
        first_wrong = len(answer) + 1
    return Checked(answer == expected, expected, {"first_wrong": first_wrong} if answer else {})


# ---------------------------------------------------------------- the exercises as data
def _labels(context: Context) -> Mapping[str, str]:
    """The page's stage headings (stage key → heading in the learner's language); none: the keys themselves."""
    return context.get("stage_labels") or {s.key: s.key for s in STAGES}


def _id_words(found: Checked, _context: Context) -> Text:
    if not found.shown:
        return Text("先选一个 id。", "Pick an id first.")
    said = Text(
        f"ToolNode 为 {ASKED_CITY} 那次调用建的 ToolMessage：tool_call_id = `{found.expected}`，"
        "正是模型回复里那个调用的 id。",
        f"The ToolMessage ToolNode built for the {ASKED_CITY} call: tool_call_id = `{found.expected}`, "
        "the id of that call in the model's reply.",
    )
    return said


def _order_wrong(found: Checked, _context: Context) -> Text:
    wrong = (found.shown or {}).get("first_wrong")
    if wrong is None:
        return Text("先按顺序选出八个阶段。", "Pick the eight stages in order first.")
    return Text(f"第 {wrong} 个位置开始不对。", f"Position {wrong} is the first one out of place.")


def _check_id(answer: Any, context: Context) -> Checked:
    return tool_call_id_of(context["review"], answer if isinstance(answer, str) else None)


def _check_order(answer: Any, context: Context) -> Checked:
    """The chain's order, judged on stage keys; the right answer is shown by the stages' headings."""
    picked = answer if isinstance(answer, list) and all(isinstance(k, str) for k in answer) else None
    found = stage_order(picked)
    labels = _labels(context)
    return Checked(found.correct, [labels.get(k, k) for k in found.expected], found.shown)


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="predict-tool-call-id",
        kind="predict",
        title=Text("预测：ToolMessage 的 tool_call_id", "Predict: the ToolMessage's tool_call_id"),
        prompt=Text(
            f"ToolNode 会为每个调用建一个 ToolMessage 送回模型。回答 {ASKED_CITY} 那次调用的 ToolMessage，"
            "它的 tool_call_id 是什么？",
            f"ToolNode builds one ToolMessage per call and sends it back to the model. What is the tool_call_id "
            f"of the ToolMessage answering the {ASKED_CITY} call?",
        ),
        answer=Choice(Text("tool_call_id", "tool_call_id"), lambda c: id_choices(c["review"])),
        check=_check_id,
        right=_id_words,
        wrong=Text(  # where to look, never the id itself (that comes with the answer, after a second miss)
            f"在上面模型的第一次回复里找到 {ASKED_CITY} 那个调用，读它自己的 id 字段。",
            f"Find the {ASKED_CITY} call in the model's first reply above and read its own id field.",
        ),
        hint=Text(
            "模型靠这个 id 把结果和它发出的调用配对。", "The model pairs each result with the call it made by this id."
        ),
        needs=("review",),
    ),
    Exercise(
        slug="chain-order",
        kind="review",  # the whole course in one question
        title=Text("排序：链条的八个阶段", "Order: the chain's eight stages"),
        prompt=Text("按链条运行的顺序依次选出八个阶段。", "Pick the eight stages in the order the chain runs them."),
        answer=Choices(
            Text("阶段（按顺序选）", "Stages (pick in order)"),
            lambda c: sorted(_labels(c), key=_labels(c).__getitem__),  # shuffled by heading, not in chain order
            format=lambda key, c: _labels(c)[key],
        ),
        check=_check_order,
        right=Text("这正是链条的顺序。", "That is the chain's order."),
        wrong=_order_wrong,
        hint=Text(
            "先有函数，才有 schema；先有 tool_call，才能校验参数。",
            "A function before its schema; a tool_call before validation.",
        ),
    ),
)
