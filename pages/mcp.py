"""MCP: the chain's weather tool over the Model Context Protocol — the transcript, the two schemas, an agent."""

from __future__ import annotations

from typing import Any

import streamlit as st

from lessons.wires import mcp_exercises, mcp_protocol
from pages._ui import T, inert_code, lang, loading, rows_table, source
from pages._ui.exercise import draw_exercises
from pages._ui.frame import page_links, steps
from pages._ui.framing import opening
from pages.registry import page_of
from toolcall_lab.jsonable import json_text

SPEC = page_of(__file__)
ARROWS = {"client→server": "→", "server→client": "←"}


@st.cache_data(show_spinner=False, max_entries=4)
def captured(language: str) -> dict[str, Any]:
    """One session's JSON-RPC messages, captured once per language (the server and client are real)."""
    return mcp_protocol.transcript(language)


@st.cache_data(show_spinner=False, max_entries=4)
def schemas(language: str) -> dict[str, Any]:
    """The tool as tools/list lists it and as bind_tools sends it."""
    return mcp_protocol.schema_pair(language)


@st.cache_data(show_spinner=False, max_entries=32)
def agent(question: str, language: str) -> dict[str, Any]:
    """The MCP tools in LangGraph's ReAct agent on the built-in model (langchain-mcp-adapters)."""
    return mcp_protocol.agent_run(question, language)


def show_records(records: list[dict[str, Any]]) -> None:
    """The messages in order: who sent it, the method, the id, then each line exactly as it crossed."""
    rows_table(
        [
            {
                "#": n,
                T("方向", "direction"): r["direction"],
                "method": r["method"],
                "id": "—" if r["id"] is None else str(r["id"]),
            }
            for n, r in enumerate(records, start=1)
        ]
    )
    for n, r in enumerate(records, start=1):
        kind = T("请求", "request") if "method" in r["message"] else T("响应", "response")
        if r["id"] is None:
            kind = T("通知", "notification")
        st.caption(f"{n}. {ARROWS.get(r['direction'], '')} {r['direction']} · {inert_code(r['method'])} · {kind}")
        st.code(r["raw"], language="json", wrap_lines=True)


def show_transcript(found: dict[str, Any]) -> None:
    st.markdown(
        T(
            "**一次 MCP 会话**（同一进程内，官方 `mcp` SDK 的客户端与实验室的服务器）",
            "**One MCP session** (in process, the official `mcp` SDK's client and the lab's server)",
        )
    )
    show_records(found["records"])
    st.markdown(T("**客户端读到的 tools/call 结果**", "**The tools/call result as the client read it**"))
    st.json(found["results"][0], expanded=2)


def show_schemas(pair: dict[str, Any]) -> None:
    mcp_side, bound_side = st.columns(2, gap="medium")
    with mcp_side:
        st.markdown(T("#### MCP：tools/list 里的工具", "#### MCP: the tool in tools/list"))
        st.code(json_text(pair["mcp"]), language="json", wrap_lines=True)
    with bound_side:
        st.markdown(T("#### bind_tools：请求里的工具", "#### bind_tools: the tool in the request"))
        st.code(json_text(pair["bind_tools"]), language="json", wrap_lines=True)
    st.markdown(T("**inputSchema 与 parameters 的不同之处**", "**Where inputSchema and parameters differ**"))
    rows_table(
        [
            {
                T("位置", "path"): d["path"],
                "MCP inputSchema": json_text(d["mcp"], indent=None),
                "bind_tools parameters": json_text(d["bind_tools"], indent=None),
            }
            for d in pair["differences"]
        ]
    )
    st.caption(
        T(
            "“—” 表示这一边没有这个键。MCP 还列出 outputSchema：bind_tools 的请求里没有它的位置。",
            "“—”: that side has no such key. MCP also lists an outputSchema: a bind_tools request has no place for it.",
        )
    )


def show_agent(run: dict[str, Any]) -> None:
    st.markdown(T("**load_mcp_tools 加载的工具**", "**The tools load_mcp_tools loaded**"))
    rows_table([{"name": t["name"], "class": t["class"]} for t in run["loaded"]])
    st.markdown(T("**Agent 的消息**（内置教学模型）", "**The agent's messages** (the built-in teaching model)"))
    for message in run["messages"]:
        role = {"human": "user", "ai": "assistant"}.get(message["type"], "tool")
        with st.chat_message(role, avatar=":material/build:" if role == "tool" else None):
            if message["content"]:
                st.text(message["content"])
            extra = {k: v for k, v in message.items() if k in ("tool_calls", "tool_call_id", "artifact")}
            if extra:
                st.code(json_text(extra), language="json", wrap_lines=True)
    with st.expander(
        T("适配器替 Agent 发出的 JSON-RPC", "The JSON-RPC the adapter sent for the agent"), icon=":material/lan:"
    ):
        show_records(run["records"])


page_links(SPEC.path, at_top=True)
st.title((SPEC.heading or SPEC.title)(lang()), anchor=False)
opening(SPEC)  # the framing above the artifact, the rest of the lesson folded under it
step = steps(
    "mcp",
    [
        T("JSON-RPC 记录", "The JSON-RPC transcript"),
        T("inputSchema 与 bind_tools", "inputSchema beside bind_tools"),
        T("Agent 里的 MCP 工具", "The tools in an agent"),
    ],
    page_url_path=SPEC.url_path,
)
with st.container(key="artifact"):  # the page's artifact: what crossed the protocol
    if step == 1:
        show_transcript(loading(captured, lang()))
        source(mcp_protocol.transcript, T("源码：transcript", "Source: transcript"))
    elif step == 2:
        show_schemas(loading(schemas, lang()))
        source(mcp_protocol.schema_pair, T("源码：schema_pair", "Source: schema_pair"))
    else:
        question = st.text_input(
            T("问题", "Question"), value=mcp_protocol.QUESTION(lang()), max_chars=200, key=f"mcp_q::{lang()}"
        )
        if question.strip():
            show_agent(loading(agent, question.strip(), lang()))
        else:
            st.info(T("写一个问题。", "Write a question."), icon=":material/edit:")
        source(mcp_protocol.agent_session, T("源码：agent_session", "Source: agent_session"))

st.divider()
st.subheader(T("练习", "Exercises"), anchor=False)
draw_exercises(SPEC, mcp_exercises.EXERCISES)
page_links(SPEC.path)
