"""Stage ③ — bind_tools: the request body ChatOpenAI really put on the wire, changed live by its switches."""

from typing import Any

import streamlit as st

from lessons.chain import stage_3_bind_tools
from pages._ui import T, Text, lang, lesson_columns, loading, show_error
from pages._ui import chain_frame as su
from pages._ui import chain_widgets as sw
from pages._ui.bind_views import show_reply, show_switches, show_tools_as_read
from pages._ui.exercise import draw_exercises
from pages._ui.wire_switch import wire_switch
from pages.registry import numbered, page_of
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import core, tables, wire

PAGE = page_of(__file__).path
CHOICES = ("unset", "auto", "required", "none", "named", "unbound")
EXAMPLES = {
    "default": Text("文章的 get_weather", "The article's get_weather"),
    "bad_name": Text("协议不接受的工具名", "A name the protocol refuses"),
}
DOCSTRING_HELP = Text(
    "关掉时整段文档字符串（连同 Args:）都成为描述；打开时只留概述，参数说明移到各参数上。",
    "Off: the whole docstring, Args: included, becomes the description. On: only the summary stays; "
    "each Args: line moves to its parameter.",
)


@st.cache_data(show_spinner=False, max_entries=64)
def wire_payload(src: str, parse_docstring: bool, question: str, choice: str, parallel: str) -> dict[str, Any]:
    """Build the tool from the editor's text, bind it, send one request, return what was captured."""
    return wire.payload_for_source(src, parse_docstring, question, choice, parallel)


su.header(3)
left, right = lesson_columns()

with right:
    su.chain_live_run("bind_tools", mark_artifact=False)

with left:
    labels = [
        T("请求体", "The request body"),
        T("模型读到的工具", "The tool as the model reads it"),
        T("两条线路", "Two wires"),
        T("读它的代码", "The code behind it"),
    ]
    step = su.stage_steps(3, labels)
    artifact = st.container(key="artifact")  # each step's artifact first; on step 1 the switches that shape it follow
    if step == 1:
        said = T("用户消息（messages 里唯一的一条）", "The user message (the only one in messages)")
        question = su.question_line("stage_bind_q", said, param="q")
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
            src = su.TOOL_SOURCE.draw(3, EXAMPLES, per_row=2, preview=False)
            use_pd = su.docstring_switch(DOCSTRING_HELP(lang()))
        sw.share_link(PAGE, ["src", "pd", "q", "tc", "ptc", "step"])
    else:  # the other steps show the same request: the switches as step 1 (or the link) left them
        question = su.peek_question("stage_bind_q", param="q")
        choice = sw.peek_choice("stage_bind_tc", options=CHOICES, default="unset", param="tc")
        parallel = sw.peek_choice("stage_bind_ptc", options=("unset", "true", "false"), default="unset", param="ptc")
        src, use_pd = su.TOOL_SOURCE.peek(), su.peek_docstring_switch()

    data = loading(wire_payload, src, use_pd, question, choice, parallel) if step < 3 else {}
    with artifact:
        if step == 3:  # the same tools, nested under "function" or flat
            wire_switch("tools", key="stage3")
        elif step == 4:
            payload = T(
                "源码：bind_tools_payload（绑定、发送、截获）", "Source: bind_tools_payload (bind, send, capture)"
            )
            bind_send = T("绑定工具，发出一次请求", "bind the tools, send one request")
            su.code_step(core.ask_with_tools, bind_send, (wire.bind_tools_payload, payload))
        elif "tool_error" in data:
            show_error(data["tool_error"])
            st.page_link(
                numbered("chain", 1).path,
                label=T("到第 ① 页看这段源码的问题", "See what is wrong with this source on page ①"),
            )
        elif "request_body" not in data:
            show_error(data["error"], expected=True)
        elif step == 2:
            show_tools_as_read(data)
        else:
            st.code(tables.bind_call_code(data["tool_name"], data["bind_kwargs"], question), language="python")
            st.markdown(
                T(
                    "**请求体**（客户端真正序列化出来的，从线路上截获）",
                    "**The request body** (as the client serialised it, captured on the wire)",
                )
            )
            with st.container(height=360, border=False):  # not st.code(height=): the keyboard can scroll it
                st.code(json_text(data["request_body"]), language="json")
            st.caption(
                T(
                    "经由 ChatOpenAI 发给内置教学模型；换成任何 OpenAI 兼容接口，请求体除了 model 字段都一样。",
                    "Sent through ChatOpenAI to the built-in teaching model; for any OpenAI-compatible endpoint "
                    "the body is the same except for the model name.",
                )
            )
    if step == 1 and "request_body" in data:
        show_switches(data)
        show_reply(data)

draw_exercises(page_of(__file__), stage_3_bind_tools.EXERCISES, {"question": question})
su.footer(3)
