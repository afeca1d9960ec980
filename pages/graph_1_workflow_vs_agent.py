"""LangGraph lesson 1 — fixed workflow vs tool-calling agent: one question, who decided to search?"""

import streamlit as st

from lessons.search_assistant import exercises_workflow_vs_agent
from lessons.search_assistant.agent import build_agent
from lessons.search_assistant.lesson_1_workflow_vs_agent import who_decided_steps
from lessons.search_assistant.workflow import build_workflow
from pages._ui import T, Text, inert, lang, source
from pages._ui import graph_board as gb
from pages._ui import graph_lesson as gu
from pages._ui.exercise import draw_exercises
from toolcall_lab.graph import edges_text

EXAMPLES = (
    Text("曼谷今天多少度？", "How hot is Bangkok today?"),
    Text("你好", "Hello"),
    Text("LangGraph 的 checkpointer 是做什么的？", "What does a LangGraph checkpointer do?"),
)
# why each graph did what it did: the lesson returns the key, the page says it
WHY = {
    "unconditional_edge": Text(
        "understand → search 是一条无条件边：只要走到这里就一定搜索，由代码决定。",
        "understand → search is an unconditional edge: reaching it always searches. The code decided.",
    ),
    "model_asked_for_tool": Text(
        "模型的回复里带有 tool_calls，条件边据此走向 tools 节点：由模型决定。",
        "The model's reply carried tool_calls, so the conditional edge went to the tools node. The model decided.",
    ),
    "model_answered_directly": Text(
        "模型直接作答、没有 tool_calls，条件边走向 END：模型决定不搜索。",
        "The model answered without tool_calls, so the conditional edge went to END. The model decided not to search.",
    ),
}

spec = gu.title(1)
examples = [q(lang()) for q in EXAMPLES]
apps = gu.specimen_apps()
backend = gu.search_backend()

question = gu.question_form("g1", default=examples[0], examples=examples, button=T("两边各跑一次", "Run both"))
run_area = st.container()
artifact = st.container(key="artifact")  # who decided, then the two runs
summary = artifact.container()
left, right = artifact.columns(2, gap="large")
with left:
    st.markdown(T("#### :material/route: 固定工作流", "#### :material/route: Fixed workflow"))
    st.caption(edges_text(apps["workflow"]))  # read from get_graph(), not typed
    wf_panel = gb.panel("g1wf", apps["workflow"], graphs=["workflow"])
with right:
    st.markdown(T("#### :material/smart_toy: 工具调用 Agent", "#### :material/smart_toy: Tool-calling agent"))
    st.caption(edges_text(apps["agent"]))
    ag_panel = gb.panel("g1ag", apps["agent"], graphs=["agent"])

data, run_id = gu.who_decided_page_run("g1::run", question, backend, [wf_panel, ag_panel], run_area, examples[0])

wf, ag = data["workflow"], data["agent"]
with summary:  # the run's question and setup, then who decided
    st.markdown(f"**{T('问题', 'Question')}:** {inert(data['question'])}")
    gu.setup_caption(backend)
    c1, c2 = st.columns(2)
    c1.metric(
        T("工作流搜索了吗？由谁决定", "Workflow searched? Decided by"),
        (T("搜了", "yes") if wf["searched"] else T("没搜", "no")) + " · " + T("代码", "the code"),
    )
    c2.metric(
        T("Agent 搜索了吗？由谁决定", "Agent searched? Decided by"),
        (T("搜了", "yes") if ag["searched"] else T("没搜", "no")) + " · " + T("模型", "the model"),
    )

with wf_panel.extra, st.container(border=True):
    st.badge(T("由代码决定", "decided by the code"), icon=":material/code:", color="blue")
    st.markdown(WHY[wf["why"]](lang()))
    st.markdown(T("走过的节点：", "Path taken: ") + " → ".join(f"`{n}`" for n in wf["path"]))
    st.caption(
        T(
            "证据：get_graph() 里的这条边（conditional = false）",
            "Evidence: this edge from get_graph() (conditional = false)",
        )
    )
    st.json(wf["edge"])
    if wf.get("search_query"):
        st.markdown(T("搜索词：", "Search keyword: ") + f"{gu.code(wf['search_query'])}")

with ag_panel.extra, st.container(border=True):
    st.badge(
        T("由模型决定", "decided by the model"),
        icon=":material/psychology:",
        color="orange" if ag["searched"] else "gray",
    )
    st.markdown(WHY[ag["why"]](lang()))
    st.markdown(T("走过的节点：", "Path taken: ") + " → ".join(f"`{n}`" for n in ag["path"]))
    st.caption(
        T(
            "证据：模型第一次回复（线上原样，function.arguments 还是 JSON 字符串）",
            "Evidence: the model's first reply as it came over the wire (function.arguments is still a JSON string)",
        )
    )
    st.json(ag["model_reply"] or {}, expanded=4)

gb.show_trace(wf_panel, data["traces"]["workflow"], key=f"g1wf::{run_id}")
gb.show_trace(ag_panel, data["traces"]["agent"], key=f"g1ag::{run_id}")

with left:
    with st.expander(T("get_graph() 的节点和边", "Nodes and edges from get_graph()"), icon=":material/hub:"):
        gu.structure_table(apps["workflow"])
    source(build_workflow)
with right:
    with st.expander(T("get_graph() 的节点和边", "Nodes and edges from get_graph()"), icon=":material/hub:"):
        gu.structure_table(apps["agent"])
    source(build_agent)
    source(
        who_decided_steps, T("源码：who_decided_steps（本页的判定）", "Source: who_decided_steps (this page's verdict)")
    )

st.subheader(T("练习", "Exercises"), anchor=False)
draw_exercises(spec, exercises_workflow_vs_agent.EXERCISES, {"questions": examples})
