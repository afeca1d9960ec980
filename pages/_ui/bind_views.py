"""Stage ③ — what the page shows of one captured request: the switches on the wire, the tool as read, the reply.

Only pages import this module (it imports Streamlit). Every value comes from the dict
``toolcall_lab.stages.wire.payload_for_source`` returns (the body ``ChatOpenAI`` really
put on the wire, and the endpoint's real answer); these helpers only lay it out.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from pages._ui import T, show_error
from pages._ui import chain_widgets as sw
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import tables


def show_on_wire(data: dict[str, Any], key: str) -> None:
    """One switch as the body carries it: its JSON value, or a note that the key is absent."""
    st.caption(key)
    absent = T("（没有这个键）", "(key absent)")
    st.code(json_text(data[f"{key}_on_wire"], indent=None) if key in data["request_body"] else absent, language="json")


def show_switches(data: dict[str, Any]) -> None:
    """How many tools went out, and tool_choice / parallel_tool_calls as the body carries them."""
    m1, m2, m3 = st.columns(3)
    m1.metric(T("tools 里的工具", "Tools in tools"), len(data["tools_on_wire"]))
    with m2:
        show_on_wire(data, "tool_choice")
    with m3:
        show_on_wire(data, "parallel_tool_calls")


def show_reply(data: dict[str, Any]) -> None:
    """The endpoint's answer: the tool calls it asked for, or its words, or its refusal."""
    st.markdown(
        T(f"**端点的回答**：HTTP {data['status_code']}", f"**The endpoint's answer**: HTTP {data['status_code']}")
    )
    if data.get("error"):
        show_error(data["error"], expected=True)  # every refusal on this page is one of its demos
        st.json(data["response_body"])
        return
    reply = data.get("reply") or {}
    if reply.get("tool_calls"):
        st.caption(
            T("模型请求调用工具（AIMessage.tool_calls）：", "The model asks for tool calls (AIMessage.tool_calls):")
        )
        st.json(reply["tool_calls"], expanded=2)
    else:
        st.caption(T("模型没有调用工具，直接回答：", "The model called no tool and answered:"))
        st.text(reply.get("content") or "")
    with st.expander(T("原始响应体", "Raw response body"), icon=":material/download:"):
        st.json(data["response_body"], expanded=3)


def show_tools_as_read(data: dict[str, Any]) -> None:
    """Each entry of ``tools``: is it what convert_to_openai_tool makes, and what the model reads of it."""
    for name, same in data["matches_convert"].items():
        verdict = T("和它完全相同", "is identical to it") if same else T("和它不同", "differs from it")
        (st.success if same else st.warning)(
            T(
                f"convert_to_openai_tool(tool)：`tools` 里 {name} 这一项{verdict}。",
                f"convert_to_openai_tool(tool): the {name} entry of `tools` {verdict}.",
            )
        )
    st.markdown(
        T(
            "**模型读到的工具说明**：它对你的函数的全部了解",
            "**The tool as the model reads it**: all it knows about your function",
        )
    )
    for entry in data["descriptions"]:
        with st.container(border=True):
            st.code(entry["name"] or "", language="text")
            st.caption(T("description（来自文档字符串）", "description (from the docstring)"))
            st.code(entry["description"] or T("（没有描述）", "(no description)"), language="text")
            sw.table(
                tables.parameter_rows(
                    entry["parameters"], T("（没有说明：模型只能猜）", "(none: the model has to guess)")
                ),
                {
                    "name": T("参数", "parameter"),
                    "type": T("类型", "type"),
                    "required": T("必填", "required"),
                    "default": T("默认值", "default"),
                    "description": T("参数说明", "description"),
                },
                checks={"required"},
                wide={"description"},
            )
