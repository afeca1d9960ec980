"""Message lists of the LangGraph pages: what State keeps vs what a call was sent (page 3), tool-call pairs (page 7).

Only pages import this module (it imports Streamlit). The rows come from the lessons
(``lesson_3_state.sent_vs_kept``, ``lesson_7_context.annotate``); this module lays them out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st

from lessons.search_assistant.lesson_7_context import annotate
from pages._ui import T, Text, lang
from pages._ui import graph_lesson as gu

# what each mark of lesson_7_context.annotate means
MARKS = {
    "orphan": Text("孤立：它的 tool_call 被剪掉了", "ORPHAN: its tool_call was cut off"),
    "asks": Text("发起调用", "asks"),
    "answers": Text("回复调用", "answers"),
    "": Text("", ""),
}


def pair_name(number: int | None) -> str:
    """``pair 3`` (or ``?`` for a message outside every pair)."""
    return "?" if number is None else T(f"配对 {number}", f"pair {number}")


def show_list(messages: list[dict[str, Any]], numbers: dict[str, int], orphans: list[str]) -> None:
    """A message list with each tool-call pair named and each orphaned tool reply flagged."""
    rows = annotate(messages, numbers, orphans)
    st.dataframe(
        [
            {
                "#": r["n"],
                "role": r["role"],
                "content": gu.short(r["content"], 60),
                "pair": ", ".join(pair_name(n) for n in r["pairs"]),
                "mark": MARKS[r["mark"]](lang()),
            }
            for r in rows
        ],
        hide_index=True,
        height=min(38 + 35 * len(rows), 640),
        column_order=["#", "role", "pair", "mark", "content"],
        column_config={
            "#": st.column_config.NumberColumn("#", width="small"),
            "role": st.column_config.TextColumn(T("角色", "role"), width="small"),
            "pair": st.column_config.TextColumn(T("配对", "pair"), width="small"),
            "mark": st.column_config.TextColumn(T("说明", "note"), width="medium"),
            "content": st.column_config.TextColumn(T("内容", "content"), width="large"),
        },
    )


def sent_vs_kept_rows(rows: Sequence[Any]) -> None:
    """Page 3: for each model call of a run, the messages sent beside the State's messages after that step."""
    for row in rows:
        with st.container(border=True):
            st.markdown(
                T(
                    f"**超级步 {row['step']} · 节点 `{row['node']}`** — 发送 {row['sent_count']} 条，"
                    f"State 里有 {row['kept_count']} 条",
                    f"**Super-step {row['step']} · node `{row['node']}`** — sent {row['sent_count']}, "
                    f"State holds {row['kept_count']}",
                )
            )
            extra = []
            if row["tools"]:
                extra.append("tools: " + ", ".join(str(t) for t in row["tools"]))
            if row["response_format"]:
                extra.append(f"response_format: {row['response_format']}")
            system = sum(1 for m in row["sent"] if m.get("role") == "system")
            if system:
                extra.append(
                    T(f"{system} 条 system 消息：只发送、不保存", f"{system} system message(s): sent, never stored")
                )
            st.caption(" · ".join(extra))
            a, b = st.columns(2)
            with a:
                st.markdown(T("发出去的 messages（请求体原样）", "messages sent (the request body as captured)"))
                gu.message_table(row["sent"])
            with b:
                st.markdown(T("这一步之后 State 的 messages", "The State's messages after this step"))
                gu.message_table(row["kept"])
