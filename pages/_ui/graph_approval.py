"""The reviewer's side of LangGraph page 6 (human approval): the decision widgets and the outcome.

Only pages import this module (it imports Streamlit). The decision is checked and applied by
:mod:`lessons.search_assistant.lesson_6_approval`; this module lays out the choice and
renders what the resumed run returned.
"""

from __future__ import annotations

import json
from typing import Any

import streamlit as st

from lessons.search_assistant.lesson_6_approval import parse_edit
from pages._ui import T, Text, lang, resend_choice, show_error
from pages._ui import graph_lesson as gu
from toolcall_lab.jsonable import json_text

KEY = "g6"
CHOICES = {
    "approve": Text("批准", "Approve"),
    "edit": Text("改参数后批准", "Edit the arguments"),
    "reject": Text("拒绝", "Reject"),
}


def decision(calls: list[dict[str, Any]], run: int) -> dict[str, Any] | None:
    """Approve, edit or reject the paused tool calls; the decision once a button is pressed, else ``None``.

    Edited arguments go through the chain's own ``json.loads`` and ``NotifyArgs`` first; a bad
    edit is explained and resumes nothing.
    """
    resend_choice(f"{KEY}::choice::{run}")  # worded in the session's language (resend_choice says why)
    choice = (
        st.segmented_control(
            T("你的决定", "Your decision"),
            list(CHOICES),
            default="approve",
            key=f"{KEY}::choice::{run}",
            format_func={c: said(lang()) for c, said in CHOICES.items()}.__getitem__,
        )
        or "approve"
    )
    chosen: dict[str, Any] | None = None
    if choice == "approve":
        label = T("批准并继续", "Approve and resume")
        if st.button(label, icon=":material/check:", type="primary", key=f"{KEY}::approve"):
            chosen = {"action": "approve"}
    elif choice == "edit":
        text = st.text_area(
            T("参数（JSON，可以改）", "Arguments (JSON, edit freely)"),
            value=json.dumps(calls[0]["args"], ensure_ascii=False, indent=2),
            height=160,
            key=f"{KEY}::args::{run}",
        )
        label = T("用改过的参数继续", "Resume with these arguments")
        if st.button(label, icon=":material/edit:", type="primary", key=f"{KEY}::edit"):
            args, err = parse_edit(text, calls[0]["args"])  # json.loads, then NotifyArgs, unknown keys refused
            show_error(err)
            if err is None:
                chosen = {"action": "edit", "args": args}
    else:
        reason = st.text_input(
            T("拒绝理由（会告诉模型）", "Reason (the model is told)"),
            value=T("先别通知，家长会自己联系老师", "Not now: the parents will call the teacher"),
            max_chars=200,
            key=f"{KEY}::reason::{run}",
        )
        if st.button(
            T("拒绝并继续", "Reject and resume"), icon=":material/block:", type="primary", key=f"{KEY}::reject"
        ):
            chosen = {"action": "reject", "reason": reason.strip()}
    return chosen


def outcome(m: dict[str, Any]) -> None:
    """After the round: the decision, the path after resuming, the outbox, and the answer."""
    show_error(m["error"])
    resumed = m["resumed"]
    if resumed:
        st.markdown(T("**决定**：", "**Decision**: ") + gu.code(json_text(resumed["decision"], indent=None)))
        st.markdown(T("恢复后走过的节点：", "Path after resuming: ") + " → ".join(gu.code(n) for n in resumed["path"]))
        if m["outbox"]:
            st.success(
                T(
                    f"副作用发生了：发件箱里有 {len(m['outbox'])} 条。",
                    f"The side effect happened: {len(m['outbox'])} entry in the outbox.",
                ),
                icon=":material/outgoing_mail:",
            )
        else:
            st.info(
                T("没有发出任何消息：发件箱是空的。", "Nothing was sent: the outbox is empty."),
                icon=":material/unsubscribe:",
            )
        messages = (resumed["final"] or {}).get("messages") or []
        tool_msgs = [x for x in messages if x.get("type") == "tool"]
        if tool_msgs:
            st.caption(T("每个 tool_call 都有对应的 ToolMessage：", "Every tool_call has its ToolMessage:"))
            gu.message_table(tool_msgs)
        gu.answer_box(messages[-1].get("content") if messages else None)
        if resumed["decision"]["action"] == "reject":
            st.caption(
                T(
                    "拒绝也会回一条 ToolMessage（“未发送：…”），模型据此如实告诉用户。",
                    "A rejection still answers with a ToolMessage (“未发送：…” = “not sent: …”), so the model "
                    "can tell the user honestly.",
                )
            )
    elif m["started"]:
        st.info(
            T(
                "模型没有请求任何工具调用，没有需要审批的内容。",
                "The model asked for no tool call: nothing to approve.",
            ),
            icon=":material/info:",
        )
        final = m["started"]["trace"]["final"] or {}
        gu.answer_box(((final.get("messages") or [{}])[-1]).get("content"))
