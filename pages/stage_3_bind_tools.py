"""Stage ③ — bind_tools: the request body ChatOpenAI really put on the wire, changed live by its switches."""

from typing import Any

import streamlit as st

from pages import _chain_late as late
from pages import _stage_exercises as ex
from pages import _stage_ui as su
from pages import _stage_widgets as sw
from pages._bind_views import show_reply, show_switches, show_tools_as_read
from pages._frame import steps
from pages._ui import T, lang, lesson_columns, loading, show_error, source
from pages._wires import wire_switch
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import core, tables, wire
from toolcall_lab.stages.examples import tool_sources
from toolcall_lab.stages.tool_source import DEFAULT_SOURCE, DEFAULT_SOURCE_EN, default_source

PAGE = su.PAGES[2]
CHOICES = ("unset", "auto", "required", "none", "named", "unbound")
EXAMPLES = {
    "default": ("文章的 get_weather", "The article's get_weather"),
    "bad_name": ("协议不接受的工具名", "A name the protocol refuses"),
}


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
    step = steps("stage3", labels, page_url_path=late.spec(3).url_path)
    artifact = st.container(key="artifact")  # each step's artifact first; on step 1 the switches that shape it follow
    aliases = (DEFAULT_SOURCE, DEFAULT_SOURCE_EN)
    if step == 1:
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
                aliases=aliases,
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
        sw.share_link(PAGE, ["src", "pd", "q", "tc", "ptc", "step"])
    else:  # the other steps show the same request: the switches as step 1 (or the link) left them
        question = sw.peek("stage_bind_q", default=su.default_question(), param="q", aliases=su.DEFAULT_QUESTIONS)
        choice = sw.peek_choice("stage_bind_tc", options=CHOICES, default="unset", param="tc")
        parallel = sw.peek_choice("stage_bind_ptc", options=("unset", "true", "false"), default="unset", param="ptc")
        src = sw.peek("stage_tool_src", default=default_source(lang()), param="src", aliases=aliases)
        use_pd = sw.peek_flag("stage_tool_pd", default=False, param="pd")

    data = loading(wire_payload, src, use_pd, question, choice, parallel) if step < 3 else {}
    with artifact:
        if step == 3:  # the same tools, nested under "function" or flat
            wire_switch("tools", key="stage3")
        elif step == 4:
            su.lesson(3, expanded=True)
            su.core_source(core.ask_with_tools, ("绑定工具，发出一次请求", "bind the tools, send one request"))
            source(
                wire.bind_tools_payload,
                T("源码：bind_tools_payload（绑定、发送、截获）", "Source: bind_tools_payload (bind, send, capture)"),
            )
        elif "tool_error" in data:
            show_error(data["tool_error"])
            st.page_link(
                su.PAGES[0], label=T("到第 ① 页看这段源码的问题", "See what is wrong with this source on page ①")
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
            st.code(json_text(data["request_body"]), language="json", height=360)
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
    if step != 4:
        su.lesson(3)

ex.stage_3(question)
su.footer(3)
