"""The message lists of LangGraph page 7 (context control): each tool-call pair named, each orphan flagged."""

from __future__ import annotations

from typing import Any

import streamlit as st

from lessons.search_assistant.lesson_7_context import annotate
from pages import _graph_ui as gu
from pages._ui import T

# what each mark of lesson_7_context.annotate means
MARKS = {
    "orphan": ("孤立：它的 tool_call 被剪掉了", "ORPHAN: its tool_call was cut off"),
    "asks": ("发起调用", "asks"),
    "answers": ("回复调用", "answers"),
    "": ("", ""),
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
                "mark": T(*MARKS[r["mark"]]),
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
