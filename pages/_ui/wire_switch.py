"""The wire switch of stages ③ ④ ⑦ ⑧: the same call on Chat Completions and on the Responses API.

``focus`` picks what the stage is about: the request that carries the tools (③), the model's
call (④), the result going back (⑦), or the whole second request (⑧). Both sides come from
one real run each (``toolcall_lab.stages.wires.both_wires``), cached per question and language.
On ③ ④ ⑦ the every-wire panel follows (:mod:`pages._ui.every_wire_view`): Anthropic, Gemini and MCP too.
"""

from __future__ import annotations

from typing import Any, Literal

import streamlit as st

from pages._ui import T, lang, resend_choice
from pages._ui.every_wire_view import every_wire_panel
from toolcall_lab.stages.wires import WIRES

Focus = Literal["tools", "call", "result", "second_request"]

WIRE_LABELS = {"chat_completions": "Chat Completions", "responses": "Responses API"}


@st.cache_resource(show_spinner=False, max_entries=32)
def _rounds(question: str, language: str) -> Any:
    from toolcall_lab.stages.weather_data import build_weather_tool  # LangChain loads here, not on import
    from toolcall_lab.stages.wires import both_wires

    return both_wires(question, [build_weather_tool(lang=language)])


def _part(round_: Any, focus: Focus) -> Any:
    """The piece of one wire's round trip that the stage is about."""
    if focus == "tools":
        return round_.first_request.get("tools")
    if focus == "call":
        body = round_.first_response
        return body.get("output") if round_.wire == "responses" else body["choices"][0]["message"]
    second = round_.second_request or {}
    items = second.get("input") if round_.wire == "responses" else second.get("messages")
    return items[-1:] if focus == "result" and items else second


def wire_switch(focus: Focus, key: str) -> None:
    """A "wire: Chat Completions | Responses" switch; with "both", the two side by side."""
    question = T("曼谷天气怎么样？", "What's the weather in Bangkok?")
    resend_choice(f"{key}::wire")  # "Side by side" is worded in the session's language (resend_choice says why)
    choice = st.segmented_control(
        T("线路", "Wire"),
        ["chat_completions", "responses", "both"],
        default="both",
        format_func=lambda w: WIRE_LABELS.get(w, T("两者对照", "Side by side")),
        key=f"{key}::wire",
    )
    rounds = _rounds(question, lang())
    shown = list(WIRES) if choice in (None, "both") else [choice]
    columns = st.columns(len(shown), gap="large")
    for column, wire in zip(columns, shown, strict=True):
        with column:
            st.markdown(f"**{WIRE_LABELS[wire]}** · `POST {rounds[wire].path}`")
            st.json(_part(rounds[wire], focus), expanded=4)
    st.caption(
        T(
            "LangChain 把两种线路都还原成同一个 AIMessage.tool_calls："
            "名字、参数一样，只有 id 不同（call_id 和 tool_call_id 是同一个东西在两条线路上的名字）。",
            "LangChain turns both wires into the same AIMessage.tool_calls: same name and arguments, only the id "
            "differs (call_id and tool_call_id are one thing's names on the two wires).",
        )
    )
    if focus != "second_request":  # ③ ④ ⑦: the same tool, call or result on the three other wires too (issue 24)
        every_wire_panel(focus)
