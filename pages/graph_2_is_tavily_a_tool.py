"""LangGraph lesson 2 — is Tavily a tool? The SDK call inside a node vs the same search as a @tool."""

from typing import Any

import streamlit as st

from lessons.search_assistant import exercises_tool_schema
from lessons.search_assistant.agent import SearchArgs, make_search_web_tool
from lessons.search_assistant.lesson_2_is_tavily_a_tool import choice_row, search_tool_schema, step_update, tools_sent
from pages._ui import T, Text, inert, lang, source
from pages._ui import graph_board as gb
from pages._ui import graph_lesson as gu
from pages._ui.exercise import draw_exercises
from toolcall_lab.graph_records import GraphTrace

EXAMPLES = (
    Text("曼谷今天多少度？", "How hot is Bangkok today?"),
    Text("你好", "Hello"),
    Text("东京明天会下雨吗？", "Will it rain in Tokyo tomorrow?"),
)


@st.cache_data(show_spinner=False, max_entries=2)
def tool_schema() -> dict[str, Any]:
    """What ``bind_tools`` sends for ``search_web`` (the real tool over the offline corpus)."""
    return search_tool_schema()


def tools_lines(trace: GraphTrace, none_text: str) -> None:
    """One line per model request of a run: super-step, node, and the tools the request carried."""
    for row in tools_sent(trace):
        tools = ", ".join(f"`{t}`" for t in row["tools"]) or none_text
        st.markdown(f"- {T('超级步', 'super-step')} {row['step']} · `{row['node']}` → tools: {tools}")


spec = gu.title(2)
examples = [q(lang()) for q in EXAMPLES]
apps = gu.specimen_apps()
backend = gu.search_backend()

node_tab, tool_tab = st.container(key="artifact").tabs(
    [T("节点里直接调用 SDK", "An SDK call inside a node"), T("同一个搜索，做成 @tool", "The same search as a @tool")]
)
with node_tab:  # full width: source keeps its indentation
    st.caption(
        T(
            "search 节点每次都会执行：模型从来没看见“搜索”这个选项。",
            "The search node always runs: the model never sees searching as an option.",
        )
    )
    gu.node_source(
        apps["workflow"],
        "search",
        T("`search` 节点：直接调用搜索后端", "Node `search`: calls the backend directly"),
        expanded=True,
    )
with tool_tab:
    st.caption(
        T(
            "模型在每次请求里都看到这份 schema，可以选择调用，也可以不调。",
            "The model sees this schema in every request and may call it, or not.",
        )
    )
    st.markdown(
        T(
            "**bind_tools 发出去的工具定义**（convert_to_openai_tool）",
            "**The tool definition bind_tools sends** (convert_to_openai_tool)",
        )
    )
    st.json(tool_schema(), expanded=4)
    source(
        make_search_web_tool,
        T(
            "源码：make_search_web_tool（@tool 包装同一个后端）",
            "Source: make_search_web_tool (@tool around the same backend)",
        ),
    )
    source(SearchArgs)

st.divider()
st.subheader(T("跑一次：模型选择搜，还是跳过？", "Run it: does the model choose the search, or skip it?"), anchor=False)
gu.setup_caption(backend)
st.caption(T("搜索后端：", "Search backend: ") + f"`{backend.name}` ({type(backend).__name__})")
question = gu.question_form("g2", default=examples[0], examples=examples)
run_area = st.container()

c1, c2 = st.columns(2, gap="large")
with c1:
    st.markdown(T("##### 工作流：search 是一个节点", "##### Workflow: search is a node"))
    wf_box = st.container()
    wf_panel = gb.panel("g2wf", apps["workflow"], graphs=["workflow"])
with c2:
    st.markdown(T("##### Agent：search_web 是一个工具", "##### Agent: search_web is a tool"))
    ag_box = st.container()
    ag_panel = gb.panel("g2ag", apps["agent"], graphs=["agent"])

data, run_id = gu.who_decided_page_run("g2::run", question, backend, [wf_panel, ag_panel], run_area, examples[0])
wf_trace, ag_trace = data["traces"]["workflow"], data["traces"]["agent"]
with run_area:
    st.markdown(f"**{T('问题', 'Question')}:** {inert(data['question'])}")

with wf_box, st.container(border=True):
    st.markdown(T("**模型请求里带了哪些工具？**", "**Which tools did the model requests carry?**"))
    tools_lines(wf_trace, T("**无**（模型看不到搜索）", "**none** (the model cannot see a search)"))
    update = step_update(wf_trace, "search")
    if update is not None:
        hits = update.get("search_results") or []
        st.markdown(
            T(
                f"**search 节点的返回值**：SDK 直接给回 {len(hits)} 条结果，原样写进 State",
                f"**What the search node returned**: the SDK handed back {len(hits)} hits, written into State "
                "as they are",
            )
        )
        st.json(update, expanded=2)

with ag_box, st.container(border=True):
    st.markdown(T("**模型请求里带了哪些工具？**", "**Which tools did the model requests carry?**"))
    tools_lines(ag_trace, "—")
    calls = data["agent"]["tool_calls"]
    if calls:
        st.success(
            T(
                f"模型**选择了**搜索：回复里有 {len(calls)} 个 tool_call",
                f"The model **chose** to search: its reply holds {len(calls)} tool_call(s)",
            ),
            icon=":material/check_circle:",
        )
        st.json(calls, expanded=3)
        update = step_update(ag_trace, "tools")
        if update is not None:
            st.markdown(
                T(
                    "**ToolNode 的返回值**：同样的搜索结果，这次装在 ToolMessage 里回给模型",
                    "**What ToolNode returned**: the same kind of search results, this time wrapped in a ToolMessage "
                    "for the model",
                )
            )
            st.json(update, expanded=2)
    else:
        st.info(
            T(
                "模型**跳过了**搜索：回复里没有 tool_call，直接作答。",
                "The model **skipped** the search: no tool_call in its reply, it answered directly.",
            ),
            icon=":material/skip_next:",
        )
        st.json(data["agent"]["model_reply"] or {}, expanded=3)

gb.show_trace(wf_panel, wf_trace, key=f"g2wf::{run_id}")
gb.show_trace(ag_panel, ag_trace, key=f"g2ag::{run_id}")

st.divider()
st.subheader(T("选还是不选：两个问题对比", "Choose or skip: two questions compared"), anchor=False)
st.caption(
    T(
        "内置教学模型 + 离线语料；同样的代码，不同的问题。",
        "Built-in teaching model + offline corpus; the same code, different questions.",
    )
)
rows = [choice_row(gu.who_decided_default(q)) for q in examples[:2]]
st.dataframe(
    [
        {
            "question": r["question"],
            "workflow": T("搜了（代码）", "searched (code)") if r["workflow_searched"] else T("没搜", "no search"),
            "agent": T("搜了（模型选择）", "searched (model chose)")
            if r["agent_searched"]
            else T("没搜（模型跳过）", "no search (model skipped)"),
            "arguments": r["arguments"] or "—",
        }
        for r in rows
    ],
    hide_index=True,
    column_config={
        "question": T("问题", "question"),
        "workflow": T("固定工作流", "fixed workflow"),
        "agent": "Agent",
        "arguments": T("tool_call 的 arguments（字符串）", "tool_call arguments (a string)"),
    },
)

st.subheader(T("练习", "Exercises"), anchor=False)
properties = sorted(tool_schema()["function"]["parameters"]["properties"])
draw_exercises(spec, exercises_tool_schema.EXERCISES, {"properties": properties})
