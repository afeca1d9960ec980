"""Stage ③ — bind_tools: the request body ChatOpenAI really put on the wire, changed live by its switches."""

from typing import Any

import streamlit as st

from pages import _stage_ui as su
from pages._ui import T
from toolcall_lab.errors import ExplainedError
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import wire
from toolcall_lab.stages.tool_source import DEFAULT_SOURCE

PAGE = su.PAGES[2]
UNBOUND = "get_stock_price"  # a tool name that is never bound: forcing it is a protocol error
# A name outside ^[a-zA-Z0-9_-]+$: LangChain accepts it, the endpoint refuses the request.
BAD_NAME_SOURCE = DEFAULT_SOURCE.replace("@tool\n", '@tool("get weather!")\n')


@st.cache_data(show_spinner=False, max_entries=64)
def wire_payload(src: str, parse_docstring: bool, question: str, choice: str, parallel: str) -> dict[str, Any]:
    """Build the tool from the editor's text, bind it, send one request, return what was captured."""
    from toolcall_lab.stages.tool_source import parse_tool_source

    built = parse_tool_source(src, parse_docstring=True if parse_docstring else None)
    if isinstance(built, ExplainedError):
        return {"tool_error": built.to_dict()}
    tool_choice = {"unset": None, "named": built.name, "unbound": UNBOUND}.get(choice, choice)
    parallel_calls = {"unset": None, "true": True, "false": False}[parallel]
    payload = wire.bind_tools_payload(
        [built.tool], question, tool_choice=tool_choice, parallel_tool_calls=parallel_calls
    )
    if isinstance(payload, ExplainedError):
        return {"error": payload.to_dict(), "tool_name": built.name}
    return {**payload.to_dict(), "tool_name": built.name}


su.header(3)
left, right = su.columns()

with right:
    su.chain_live_run("bind_tools")

with left:
    su.lesson(3)
    st.subheader(T("工具、消息和两个开关", "The tools, the messages and two switches"), anchor=False)
    with st.expander(
        T("绑定的工具（和第 ① 页共用同一段源码）", "The bound tool (the same source as page ①)"),
        expanded=False,
        icon=":material/build:",
    ):
        su.example_buttons(
            3,
            "stage_tool_src",
            {
                "default": ("文章的 get_weather", "The article's get_weather", DEFAULT_SOURCE),
                "bad_name": ("协议不接受的工具名", "A name the protocol refuses", BAD_NAME_SOURCE),
            },
            per_row=2,
        )
        src = su.editor(
            "stage_tool_src", label=T("函数源码", "Function source"), default=DEFAULT_SOURCE, param="src", height=300
        )
        use_pd = su.toggle(
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
    question = su.line(
        "stage_bind_q",
        label=T("用户消息（messages 里唯一的一条）", "The user message (the only one in messages)"),
        default=su.default_question(),
        param="q",
        aliases=su.DEFAULT_QUESTIONS,
    )
    choice = su.choice(
        "stage_bind_tc",
        label="tool_choice",
        options=["unset", "auto", "required", "none", "named", "unbound"],
        default="unset",
        param="tc",
        format_func={
            "unset": T("不设置", "not set"),
            "auto": "auto",
            "required": "required",
            "none": "none",
            "named": T("指定本工具（按名字）", "this tool, by name"),
            "unbound": T(f"{UNBOUND}（没有绑定）", f"{UNBOUND} (not bound)"),
        }.__getitem__,
        widget="radio",
    )
    parallel = su.choice(
        "stage_bind_ptc",
        label="parallel_tool_calls",
        options=["unset", "true", "false"],
        default="unset",
        param="ptc",
        format_func={"unset": T("不设置", "not set"), "true": "true", "false": "false"}.__getitem__,
    )
    su.share_link(PAGE, ["src", "pd", "q", "tc", "ptc"])

    data = su.loading(wire_payload, src, use_pd, question, choice, parallel)
    if "tool_error" in data:
        su.show_error(data["tool_error"])
        st.page_link(
            su.PAGES[0],
            label=T("到第 ① 页看这段源码的问题", "See what is wrong with this source on page ①"),
            icon=":material/edit:",
        )
    elif "request_body" not in data:
        su.show_error(data["error"])
    else:
        extra = "".join(f", {k}={v!r}" for k, v in data["bind_kwargs"].items())
        st.code(
            f"llm.bind_tools([{data['tool_name']}]{extra}).invoke({question!r})", language="python", wrap_lines=True
        )
        st.caption(
            T(
                "经由 ChatOpenAI 发给内置教学模型；换成任何 OpenAI 兼容接口，请求体除了 model 字段都一样。",
                "Sent through ChatOpenAI to the built-in teaching model; for any OpenAI-compatible endpoint "
                "the body is the same except for the model name.",
            )
        )
        body = data["request_body"]
        m1, m2, m3 = st.columns(3)
        m1.metric(T("tools 里的工具", "Tools in tools"), len(data["tools_on_wire"]))
        with m2:
            st.caption("tool_choice")
            st.code(
                json_text(data["tool_choice_on_wire"], indent=None)
                if "tool_choice" in body
                else T("（没有这个键）", "(key absent)"),
                language="json",
                wrap_lines=True,
            )
        with m3:
            st.caption("parallel_tool_calls")
            st.code(
                json_text(data["parallel_tool_calls_on_wire"], indent=None)
                if "parallel_tool_calls" in body
                else T("（没有这个键）", "(key absent)"),
                language="json",
                wrap_lines=True,
            )
        for name, same in data["matches_convert"].items():
            if same:
                st.success(
                    T(
                        f"`tools` 里 {name} 这一项和 convert_to_openai_tool(tool) 完全相同。",
                        f"The {name} entry of `tools` is identical to convert_to_openai_tool(tool).",
                    ),
                    icon=":material/check_circle:",
                )
            else:
                st.warning(
                    T(
                        f"`tools` 里 {name} 这一项和 convert_to_openai_tool(tool) 不同。",
                        f"The {name} entry of `tools` differs from convert_to_openai_tool(tool).",
                    )
                )
        st.markdown(
            T(
                "**请求体**（客户端真正序列化出来的，从线路上截获）",
                "**The request body** (as the client serialised it, captured on the wire)",
            )
        )
        st.json(body, expanded=True)

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
                st.code(entry["description"] or T("（没有描述）", "(no description)"), language="text", wrap_lines=True)
                st.dataframe(
                    [
                        {
                            "name": p["name"],
                            "type": json_text(p["type"], indent=None),
                            "required": p["required"],
                            "default": "" if p["default"] is None else json_text(p["default"], indent=None),
                            "description": p["description"]
                            or T("（没有说明：模型只能猜）", "(none: the model has to guess)"),
                        }
                        for p in entry["parameters"]
                    ],
                    hide_index=True,
                    column_config={
                        "name": T("参数", "parameter"),
                        "type": T("类型", "type"),
                        "required": st.column_config.CheckboxColumn(T("必填", "required")),
                        "default": T("默认值", "default"),
                        "description": st.column_config.TextColumn(T("参数说明", "description"), width="large"),
                    },
                )

        st.markdown(
            T(f"**端点的回答**：HTTP {data['status_code']}", f"**The endpoint's answer**: HTTP {data['status_code']}")
        )
        if data.get("error"):
            su.show_error(data["error"])
            st.json(data["response_body"])
        else:
            reply = data.get("reply") or {}
            if reply.get("tool_calls"):
                st.caption(
                    T(
                        "模型请求调用工具（AIMessage.tool_calls）：",
                        "The model asks for tool calls (AIMessage.tool_calls):",
                    )
                )
                st.json(reply["tool_calls"], expanded=2)
            else:
                st.caption(T("模型没有调用工具，直接回答：", "The model called no tool and answered:"))
                st.text(reply.get("content") or "")
            with st.expander(T("原始响应体", "Raw response body"), icon=":material/download:"):
                st.json(data["response_body"], expanded=3)

    su.source(
        wire.bind_tools_payload,
        T("源码：bind_tools_payload（绑定、发送、截获）", "Source: bind_tools_payload (bind, send, capture)"),
    )

su.footer(3)
