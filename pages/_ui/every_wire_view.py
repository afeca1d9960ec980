"""Every wire, on ③ ④ ⑦: one tool, call or result as Chat Completions, Responses, Anthropic, Gemini, MCP carry it.

The five round trips come from :func:`lessons.wires.every_wire_lesson.parts` (each wire's real client
against the built-in model), captured once per language and cached for every session. They take a
while, so the panel asks first: a toggle kept in the link (``?every=true``) captures and shows them.
"""

from __future__ import annotations

from typing import Any, Literal

import streamlit as st

from pages._ui.session import T, lang
from toolcall_lab.i18n import Text

Focus = Literal["tools", "call", "result"]
#: What each page's focus shows differing across the wires (said under the tabs).
SAID: dict[Focus, Text] = {
    "tools": Text(
        "同一个 schema，五种包装：function.parameters、扁平的 parameters、input_schema、Gemini 的 OpenAPI "
        "子集（类型大写、不支持的键被丢掉）、MCP 的 inputSchema。",
        "One schema, five wrappings: function.parameters, flat parameters, input_schema, Gemini's OpenAPI subset "
        "(types in capitals, unsupported keys dropped), and MCP's inputSchema.",
    ),
    "call": Text(
        "只有 OpenAI 的两条线路把参数写成 JSON 字符串；Anthropic 的 input、Gemini 的 args 和 MCP 的 arguments "
        "已经是对象。Gemini 的调用没有 id。",
        "Only OpenAI's two wires carry the arguments as a JSON string; Anthropic's input, Gemini's args and MCP's "
        "arguments are already objects. Gemini's call has no id.",
    ),
    "result": Text(
        "结果配对的方式各不相同：tool_call_id、call_id、tool_use_id、按名字配对的 functionResponse；"
        "MCP 的结果是对 tools/call 请求的回答，带 content 和 structuredContent。",
        "Each wire pairs the result its own way: tool_call_id, call_id, tool_use_id, a functionResponse matched "
        "by name; MCP's result is the answer to the tools/call request, with content and structuredContent.",
    ),
}


@st.cache_data(show_spinner=False, max_entries=2)
def captured(language: str) -> dict[str, dict[str, Any]]:
    """The five wires' round trips for one language (slow: five real clients), once per language."""
    from lessons.wires.every_wire_lesson import parts

    return parts(language)


def every_wire_panel(focus: Focus) -> None:
    """A toggle; when on, one tab per wire with the focused piece as that wire carries it."""
    from lessons.wires.every_wire_lesson import FOCUS, WIRE_NAMES

    st.markdown(T("**每一条线路**", "**Every wire**"))
    if not st.toggle(
        T(
            "也看 Anthropic、Gemini 和 MCP（用各自的真实客户端捕获五条线路）",
            "Also Anthropic, Gemini and MCP (captures five wires with their real clients)",
        ),
        key="every",
        bind="query-params",
    ):
        return
    with st.spinner(T("正在用五个真实客户端捕获……", "Capturing with five real clients…")):
        wires = captured(lang())
    tabs = st.tabs([WIRE_NAMES.get(w, w) for w in wires])
    for tab, part in zip(tabs, wires.values(), strict=True):
        with tab:
            st.caption(f"`{part['client']}` · `{part['where']}`")
            st.json(part[FOCUS[focus]], expanded=4)
    st.caption(SAID[focus](lang()))
