"""Stage ③ — bind_tools: the request body ChatOpenAI really put on the wire, changed live by its switches."""

from typing import Any

import streamlit as st

from pages import _stage_exercises as ex
from pages import _stage_ui as su
from pages import _stage_widgets as sw
from pages._ui import T, lang, lesson_columns, loading, show_error, source
from pages._wires import wire_switch
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import core, tables, wire
from toolcall_lab.stages.examples import tool_sources
from toolcall_lab.stages.tool_source import DEFAULT_SOURCE, DEFAULT_SOURCE_EN, default_source

PAGE = su.PAGES[2]
EXAMPLES = {
    "default": ("文章的 get_weather", "The article's get_weather"),
    "bad_name": ("协议不接受的工具名", "A name the protocol refuses"),
}


@st.cache_data(show_spinner=False, max_entries=64)
def wire_payload(src: str, parse_docstring: bool, question: str, choice: str, parallel: str) -> dict[str, Any]:
    """Build the tool from the editor's text, bind it, send one request, return what was captured."""
    return wire.payload_for_source(src, parse_docstring, question, choice, parallel)


def show_on_wire(data: dict[str, Any], key: str) -> None:
    """One switch as the body carries it: its JSON value, or a note that the key is absent."""
    st.caption(key)
    absent = T("（没有这个键）", "(key absent)")
    st.code(json_text(data[f"{key}_on_wire"], indent=None) if key in data["request_body"] else absent, language="json")


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


su.header(3)
left, right = lesson_columns()

with right:
    su.chain_live_run("bind_tools")

with left:
    artifact = st.container()  # the request body first; the switches that shape it follow
    question = sw.line(
        "stage_bind_q",
        label=T("用户消息（messages 里唯一的一条）", "The user message (the only one in messages)"),
        default=su.default_question(),
        param="q",
        aliases=su.DEFAULT_QUESTIONS,
    )
    choice = sw.choice(
        "stage_bind_tc",
        label="tool_choice",
        options={
            "unset": T("不设置", "not set"),
            "auto": "auto",
            "required": "required",
            "none": "none",
            "named": T("指定本工具（按名字）", "this tool, by name"),
            "unbound": T(f"{wire.UNBOUND}（没有绑定）", f"{wire.UNBOUND} (not bound)"),
        },
        default="unset",
        param="tc",
        widget="radio",
    )
    parallel = sw.choice(
        "stage_bind_ptc",
        label="parallel_tool_calls",
        options={"unset": T("不设置", "not set"), "true": "true", "false": "false"},
        default="unset",
        param="ptc",
    )
    with st.expander(
        T("绑定的工具（和第 ① 页共用同一段源码）", "The bound tool (the same source as page ①)"),
        expanded=False,
        icon=":material/build:",
    ):
        sw.example_buttons(3, "stage_tool_src", EXAMPLES, tool_sources(lang()), per_row=2)
        src = sw.editor(
            "stage_tool_src",
            label=T("函数源码", "Function source"),
            default=default_source(lang()),
            aliases=(DEFAULT_SOURCE, DEFAULT_SOURCE_EN),
            param="src",
            height=300,
        )
        use_pd = sw.toggle(
            "stage_tool_pd",
            label="parse_docstring=True",
            default=False,
            param="pd",
            help=T(
                "关掉时整段文档字符串（连同 Args:）都成为描述；打开时只留概述，参数说明移到各参数上。",
                "Off: the whole docstring, Args: included, becomes the description. On: only the "
                "summary stays; each Args: line moves to its parameter.",
            ),
        )
    sw.share_link(PAGE, ["src", "pd", "q", "tc", "ptc"])

    data = loading(wire_payload, src, use_pd, question, choice, parallel)
    with artifact:
        if "tool_error" in data:
            show_error(data["tool_error"])
            st.page_link(
                su.PAGES[0], label=T("到第 ① 页看这段源码的问题", "See what is wrong with this source on page ①")
            )
        elif "request_body" not in data:
            show_error(data["error"], expected=True)
        else:
            st.code(tables.bind_call_code(data["tool_name"], data["bind_kwargs"], question), language="python")
            st.markdown(
                T(
                    "**请求体**（客户端真正序列化出来的，从线路上截获）",
                    "**The request body** (as the client serialised it, captured on the wire)",
                )
            )
            st.code(json_text(data["request_body"]), language="json", height=360)
            st.caption(
                T(
                    "经由 ChatOpenAI 发给内置教学模型；换成任何 OpenAI 兼容接口，请求体除了 model 字段都一样。",
                    "Sent through ChatOpenAI to the built-in teaching model; for any OpenAI-compatible endpoint "
                    "the body is the same except for the model name.",
                )
            )
    if "request_body" in data:
        m1, m2, m3 = st.columns(3)
        m1.metric(T("tools 里的工具", "Tools in tools"), len(data["tools_on_wire"]))
        with m2:
            show_on_wire(data, "tool_choice")
        with m3:
            show_on_wire(data, "parallel_tool_calls")
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
        show_reply(data)

    with st.expander(T("线路：Chat Completions | Responses API", "Wire: Chat Completions | Responses API")):
        wire_switch("tools", key="stage3")  # the same tools, nested under "function" or flat
    su.lesson(3)
    su.core_source(core.ask_with_tools, ("绑定工具，发出一次请求", "bind the tools, send one request"))
    source(
        wire.bind_tools_payload,
        T("源码：bind_tools_payload（绑定、发送、截获）", "Source: bind_tools_payload (bind, send, capture)"),
    )

ex.stage_3(question)
su.footer(3)
