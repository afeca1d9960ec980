"""LangGraph lesson 1 — fixed workflow vs tool-calling agent: one question, who decided to search?"""

import streamlit as st

from lessons.search_assistant.lessons import edges_text
from pages import _graph_ui as gu
from pages._ui import T, lang

EXAMPLES = {
    "zh": ["曼谷今天多少度？", "你好", "LangGraph 的 checkpointer 是做什么的？"],
    "en": ["How hot is Bangkok today?", "Hello", "What does a LangGraph checkpointer do?"],
}


gu.title(1)
gu.prose("graph_1_workflow_vs_agent")
apps = gu.specimen_apps()
backend = gu.search_backend()

st.subheader(T("同一个问题，两张图各跑一次", "One question through each graph"), anchor=False)
gu.setup_caption(backend)
question = gu.question_form(
    "g1", default=EXAMPLES[lang()][0], examples=EXAMPLES[lang()], button=T("两边各跑一次", "Run both")
)
run_area = st.container()
summary = st.container()

left, right = st.columns(2, gap="large")
with left:
    st.markdown(T("#### :material/route: 固定工作流", "#### :material/route: Fixed workflow"))
    st.caption(edges_text(apps["workflow"]))  # read from get_graph(), not typed
    wf_panel = gu.panel("g1wf", apps["workflow"])
    wf_verdict = wf_panel.extra
with right:
    st.markdown(T("#### :material/smart_toy: 工具调用 Agent", "#### :material/smart_toy: Tool-calling agent"))
    st.caption(edges_text(apps["agent"]))
    ag_panel = gu.panel("g1ag", apps["agent"])
    ag_verdict = ag_panel.extra

data, run_id = gu.who_decided_page_run(
    "g1::run", question, backend, [wf_panel, ag_panel], run_area, EXAMPLES[lang()][0]
)

wf, ag = data["workflow"], data["agent"]
with summary:
    st.markdown(f"**{T('问题', 'Question')}:** {gu.inert(data['question'])}")
    c1, c2 = st.columns(2)
    c1.metric(
        T("工作流搜索了吗？由谁决定", "Workflow searched? Decided by"),
        (T("搜了", "yes") if wf["searched"] else T("没搜", "no")) + " · " + T("代码", "the code"),
    )
    c2.metric(
        T("Agent 搜索了吗？由谁决定", "Agent searched? Decided by"),
        (T("搜了", "yes") if ag["searched"] else T("没搜", "no")) + " · " + T("模型", "the model"),
    )

with wf_verdict, st.container(border=True):
    st.badge(T("由代码决定", "decided by the code"), icon=":material/code:", color="blue")
    st.markdown(gu.tr(wf["why"]))
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

with ag_verdict, st.container(border=True):
    st.badge(
        T("由模型决定", "decided by the model"),
        icon=":material/psychology:",
        color="orange" if ag["searched"] else "gray",
    )
    st.markdown(gu.tr(ag["why"]))
    st.markdown(T("走过的节点：", "Path taken: ") + " → ".join(f"`{n}`" for n in ag["path"]))
    st.caption(
        T(
            "证据：模型第一次回复（线上原样，function.arguments 还是 JSON 字符串）",
            "Evidence: the model's first reply as it came over the wire (function.arguments is still a JSON string)",
        )
    )
    st.json(ag["model_reply"] or {}, expanded=4)

gu.show_trace(wf_panel, data["traces"]["workflow"], key=f"g1wf::{run_id}")
gu.show_trace(ag_panel, data["traces"]["agent"], key=f"g1ag::{run_id}")

with left:
    with st.expander(T("get_graph() 的节点和边", "Nodes and edges from get_graph()"), icon=":material/hub:"):
        gu.structure_table(apps["workflow"])
    from lessons.search_assistant.workflow import build_workflow

    gu.source(build_workflow)
with right:
    with st.expander(T("get_graph() 的节点和边", "Nodes and edges from get_graph()"), icon=":material/hub:"):
        gu.structure_table(apps["agent"])
    from lessons.search_assistant.agent import build_agent

    gu.source(build_agent)
    from lessons.search_assistant.lessons import who_decided as _who

    gu.source(_who, T("源码：who_decided（本页的判定）", "Source: who_decided (this page's verdict)"))
