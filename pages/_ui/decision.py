"""The built-in model's decision record under a model call of the timeline: why it chose what it chose.

The built-in teaching model sends its reasons in the ``x-builtin-decision`` header; the trace
keeps them on each :class:`toolcall_lab.trace.ModelCall` (``decision``). A real endpoint sends
none, so its calls show nothing here.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from pages._ui import T, Text, inert, inert_code, lang, rows_table
from toolcall_lab.trace import decision_view

#: Where an argument's value came from, as the decision record names it.
_SOURCES: dict[str, Text] = {
    "question": Text("用户的问题", "the user's question"),
    "system": Text("系统提示词", "the system prompt"),
    "earlier turn": Text("之前的对话", "an earlier turn"),
    "earlier call": Text("之前的工具调用", "an earlier tool call"),
    "literal": Text("问题里写出的调用语法", "call syntax in the question"),
    "default": Text("schema 的默认值", "the schema's default"),
    "guess": Text("猜测", "a guess"),
}


def render_decision(decision: dict[str, Any], *, open_: bool) -> None:
    """The built-in model's decision record under its model call: clauses, tool scores, argument sources."""
    view = decision_view(decision)
    title = T(
        "内置模型为什么这样选——真实模型不会给出这样的记录",
        "Why the built-in model chose this — a real model gives no such record",
    )
    with st.expander(title, icon=":material/psychology:", expanded=open_):
        kind = inert_code(view["kind"])  # the decision header is the endpoint's: any endpoint can send one
        st.caption(T(f"决定：{kind}", f"Decision: {kind}"))
        if view["steps"]:  # what was normalised, which date came from which words, what was not an argument
            st.markdown(T("**它怎样读你的话：**", "**How it read your words:**"))
            st.markdown("\n".join(f"- {inert(T(step['zh'], step['en']))}" for step in view["steps"]))
        if view["clauses"]:
            st.markdown(T("**它把问题拆成这几句：**", "**It split the question into these clauses:**"))
            st.markdown("\n".join(f"{n}. {inert(text)}" for n, text in enumerate(view["clauses"], start=1)))
        if view["tools"]:
            st.markdown(
                T("**每个工具的得分和匹配到的词**（✓ = 选中）", "**Each tool's score and matched words** (✓ = chosen)")
            )
            rows_table(
                [
                    {
                        T("句", "clause"): row["clause"],
                        T("工具", "tool"): row["tool"],
                        T("得分", "score"): row["score"],
                        T("匹配到的词", "matched words"): row["matched"],
                        T("选中", "chosen"): "✓" if row["chosen"] else "",
                    }
                    for row in view["tools"]
                ]
            )
        if view["args"]:
            st.markdown(T("**每个参数从哪里来**", "**Where each argument came from**"))
            rows_table(
                [
                    {
                        T("工具", "tool"): row["tool"],
                        T("参数", "argument"): row["argument"],
                        T("值", "value"): row["value"],
                        T("来源", "source"): _SOURCES[row["source"]](lang())
                        if row["source"] in _SOURCES
                        else row["source"],
                    }
                    for row in view["args"]
                ]
            )
        if view["refusal"]:
            st.info(T("拒绝的理由：", "Why it refused: ") + inert(view["refusal"]), icon=":material/block:")
        obeyed = any(note.startswith("gullible") for note in view["notes"])
        for text in view["ignored"]:
            if obeyed:
                st.warning(
                    T("照做了注入的指令：", "Obeyed the injected instruction: ") + inert(text),
                    icon=":material/warning:",
                )
            else:
                st.success(
                    T("忽略了注入的指令：", "Ignored the injected instruction: ") + inert(text),
                    icon=":material/shield:",
                )
        if view["notes"]:
            st.caption(T("备注：", "Notes: ") + " · ".join(inert(note) for note in view["notes"]))
