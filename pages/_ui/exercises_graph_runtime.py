"""The exercises at the end of LangGraph pages 4–7: widgets and wording only (pages 1–3: ``_graph_exercises``).

Each check is :mod:`lessons.search_assistant.exercises` (it runs the real graph, schema or
parser on the learner's answer and computes the right one); this module draws the answer
widgets and turns what the artifact showed into feedback in the learner's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st
from langchain_core.messages import BaseMessage

from lessons.search_assistant import exercises as ex
from lessons.search_assistant.common import turns
from lessons.search_assistant.lesson_5_code_review import KEYWORD_REPLY_EXAMPLES
from pages._ui import T, lang
from pages._ui.exercise import Verdict, exercise
from pages._ui.exercises_graph_structure import TARGET_QUERY, verdict, yes_no
from pages._ui.graph_lesson import builtin_llm, code
from pages.registry import PageSpec
from toolcall_lab.jsonable import json_text


# ---------------------------------------------------------------- page 4
def page4(spec: PageSpec) -> None:
    """Predict the number of checkpoints of three turns; pick thread ids so the follow-up remembers."""

    def predict(answer: Any) -> Verdict:
        c = ex.history_count(builtin_llm(), lang(), None if answer is None else int(answer))
        return verdict(
            c,
            T(f"对：get_state_history 列出 {c.expected} 个。", f"Right: get_state_history lists {c.expected}."),
            T(f"get_state_history 列出 {c.expected} 个。", f"get_state_history lists {c.expected}."),
        )

    exercise(
        spec,
        1,
        title=T("预测：三轮之后有几个检查点？", "Predict: how many checkpoints after three turns?"),
        prompt=T(
            "在一个新线程上跑这三轮，get_state_history 会列出几个检查点？",
            "Run the three turns on a new thread: how many checkpoints will get_state_history list?",
        ),
        ask=lambda key: st.number_input(T("检查点个数", "Checkpoints"), 0, 100, None, step=1, key=key),
        check=predict,
        hint=T(
            "每轮：输入一个、开始前一个、三个节点各一个。",
            "Per turn: one for the input, one before the first node, one after each of 3 nodes.",
        ),
    )
    first, second = turns(lang())[:2]

    def ask_ids(key: str) -> tuple[str, str]:
        a, b = st.columns(2)
        return (
            a.text_input(T("第 1 轮的 thread_id", "thread_id of turn 1"), "lab-1", key=f"{key}::1"),
            b.text_input(T("第 2 轮的 thread_id", "thread_id of turn 2"), "lab-2", key=f"{key}::2"),
        )

    def make(answer: Any) -> Verdict:
        c = ex.same_thread(builtin_llm(), lang(), answer)
        seen = c.shown.get("user_turns_seen")
        return verdict(
            c,
            T(f"对：第 2 轮的线程里有 {seen}。", f"Right: turn 2's thread holds {seen}."),
            T(f"第 2 轮的线程里只有 {seen}：前文不在。", f"Turn 2's thread holds only {seen}: turn 1 is not there."),
        )

    exercise(
        spec,
        2,
        title=T("动手：让追问记得上文", "Make: let the follow-up remember"),
        prompt=T(
            f"先问 {code(first)}，再问 {code(second)}。给两轮各填一个 thread_id，让第二轮知道在问曼谷。",
            f"First {code(first)}, then {code(second)}. "
            "Give each turn a thread_id so turn 2 knows it is about Bangkok.",
        ),
        ask=ask_ids,
        check=make,
        hint=T("checkpointer 只按 thread_id 找历史。", "The checkpointer finds history by thread_id only."),
    )


# ---------------------------------------------------------------- page 5
def page5(spec: PageSpec, names: dict[str, str]) -> None:
    """Predict which wordings the original's split survives; write a reply it parses."""
    question = turns(lang())[0]

    def predict(answer: Any) -> Verdict:
        c = ex.split_survivors(answer, question)
        status = ", ".join(f"{names[k]}: {v}" for k, v in c.shown["status"].items())
        return verdict(c, T(f"对。{status}", f"Right. {status}"), status)

    exercise(
        spec,
        1,
        title=T("预测：split 能切对哪几种？", "Predict: which wordings does the split survive?"),
        prompt=T(
            '原版用 `split("搜索词：")[1]` 取搜索词。下面哪几种模型回复能切出正确的搜索词？',
            'The original takes the keyword with `split("搜索词：")[1]` '
            "(搜索词： = “search keyword:”, full-width colon). "
            "Which model replies give the right keyword?",
        ),
        ask=lambda key: st.multiselect(
            T("能切对的", "Parsed right"), list(KEYWORD_REPLY_EXAMPLES), key=key, format_func=names.__getitem__
        ),
        check=predict,
        hint=T(
            "半角冒号、多余的句子、没有标签都会出错。",
            "An ASCII colon, an extra sentence or a missing label each break it.",
        ),
    )

    def make(answer: Any) -> Verdict:
        c = ex.parsable_reply(answer, question, TARGET_QUERY)
        s = c.shown
        return verdict(
            c,
            T("对：原版切出了这个搜索词。", "Right: the original cut out exactly this keyword."),
            T(
                f"状态 {s.get('status')}，切出了 {code(s.get('search_query'))}",
                f"Status {s.get('status')}; it cut out {code(s.get('search_query'))}",
            ),
        )

    exercise(
        spec,
        2,
        title=T("动手：写一个原版能解析的回复", "Make: a reply the original parses"),
        prompt=T(
            f"写一段模型回复，让原版的解析得到搜索词 {code(TARGET_QUERY)}。",
            f"Write a model reply from which the original's parser gets the keyword {code(TARGET_QUERY)}.",
        ),
        ask=lambda key: st.text_area(T("模型回复", "Model reply"), "搜索词: Bangkok weather", key=key, height=80),
        check=make,
        hint=T(
            "标签是“搜索词：”，全角冒号；后面不要再有别的行。",
            "The label is 搜索词 with a full-width colon ：; nothing after the keyword.",
        ),
    )


# ---------------------------------------------------------------- page 6
PATHS = (("approve", "tools", "model"), ("approve", "model"), ("approve", "tools"))


def page6(spec: PageSpec, original_args: dict[str, Any]) -> None:
    """Predict the path after a reject; write an edit the tool's schema accepts."""

    def predict(answer: Any) -> Verdict:
        c = ex.reject_path(builtin_llm(), lang(), answer)
        path = " → ".join(c.expected)
        return verdict(
            c,
            T(f"对：{path}，发件箱是空的。", f"Right: {path}, and the outbox stayed empty."),
            T(f"拒绝之后实际走的是 {path}。", f"After a reject the real path was {path}."),
        )

    exercise(
        spec,
        1,
        title=T("预测：拒绝之后走哪条路？", "Predict: the path after a reject"),
        prompt=T(
            "你在 approve 处选“拒绝”。从暂停处起，哪些节点会运行？",
            "You reject at approve. From the pause on, which nodes run?",
        ),
        ask=lambda key: st.radio(
            T("路径", "Path"), [list(p) for p in PATHS], index=None, key=key, format_func=" → ".join
        ),
        check=predict,
        hint=T(
            "拒绝时工具不执行，但那次调用仍要有一条 ToolMessage。",
            "On a reject the tool never runs, yet the call still gets a ToolMessage.",
        ),
    )

    def make(answer: Any) -> Verdict:
        c = ex.valid_edit(answer, original_args)
        err = c.shown.get("error")
        wrong = T("参数通过了，但消息没变。", "The arguments validate, but the message did not change.")
        if err:
            wrong = T(f"阶段 `{err.get('stage')}`：{err.get('zh')}", f"Stage `{err.get('stage')}`: {err.get('en')}")
        return verdict(
            c, T("对：NotifyArgs 接受了修改后的参数。", "Right: NotifyArgs accepted the edited arguments."), wrong
        )

    exercise(
        spec,
        2,
        title=T("动手 / 修正：改写参数", "Make / fix: edit the arguments"),
        prompt=T(
            f"模型想调用的参数是 {code(json_text(original_args, indent=None))}。"
            "写一份修改（JSON），让消息换个说法，且能通过 NotifyArgs。",
            f"The model wants {code(json_text(original_args, indent=None))}. "
            "Write an edit (JSON) that rewords the message "
            "and still passes NotifyArgs.",
        ),
        ask=lambda key: st.text_area(T("修改", "Edit"), '{"mesage": ""}', key=key, height=80),
        check=make,
        hint=T(
            "键名要和 schema 一致（message），且不能为空。",
            "The key must match the schema (message) and must not be empty.",
        ),
    )


# ---------------------------------------------------------------- page 7
def page7(spec: PageSpec, history: Sequence[BaseMessage], budget: int) -> None:
    """Predict whether the naive cut orphans a tool reply; find a budget where it does not."""

    def predict(answer: Any) -> Verdict:
        c = ex.naive_orphans(history, budget, answer)
        first = c.shown["first_role"]
        return verdict(
            c,
            T(f"对：简单截取的第一条是 {first}。", f"Right: the naive cut starts with a {first} message."),
            T(
                f"简单截取的第一条是 {first}；孤立的回复：{c.shown['orphans']}",
                f"The naive cut starts with a {first} message; orphans: {c.shown['orphans']}",
            ),
        )

    exercise(
        spec,
        1,
        title=T("预测：会有孤立的 ToolMessage 吗？", "Predict: an orphaned ToolMessage?"),
        prompt=T(
            f"预算是 {budget} 条（上面的滑块）。简单截取最后 {budget} 条，会留下孤立的 ToolMessage 吗？",
            f"The budget is {budget} (the slider above). "
            f"Will the naive last-{budget} cut send an orphaned ToolMessage?",
        ),
        ask=lambda key: yes_no(key, T("会有孤立的回复", "An orphan is sent")),
        check=predict,
        hint=T(
            "看截取的第一条：如果是 tool，它的调用已被剪掉。",
            "Look at the cut's first message: a tool reply there lost its call.",
        ),
    )

    def make(answer: Any) -> Verdict:
        c = ex.safe_budget(history, None if answer is None else int(answer))
        s = c.shown
        return verdict(
            c,
            T(
                f"对：发 {s.get('sent')} 条（State 有 {s.get('kept')} 条），没有孤立回复。",
                f"Right: {s.get('sent')} sent of {s.get('kept')}, no orphan.",
            ),
            T(
                f"这个预算下：孤立回复 {s.get('orphans')}，发 {s.get('sent')} / {s.get('kept')}。",
                f"At this budget: orphans {s.get('orphans')}, sent {s.get('sent')} of {s.get('kept')}.",
            ),
        )

    exercise(
        spec,
        2,
        title=T("动手：找一个安全的预算", "Make: find a safe budget"),
        prompt=T(
            "找一个预算：简单截取确实剪掉了一些消息，却没有留下孤立的 ToolMessage。",
            "Find a budget at which the naive cut drops some messages but orphans no ToolMessage.",
        ),
        ask=lambda key: st.number_input(T("预算", "Budget"), 1, 20, None, step=1, key=key),
        check=make,
        hint=T("让截取从一条 human 消息开始。", "Make the cut start at a human message."),
    )
