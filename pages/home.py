"""Landing page: what the lab shows and where to start. Imports nothing heavy."""

from pathlib import Path

import streamlit as st

from pages._ui import T, lang
from pages.registry import CHAIN, GRAPH, MORE, TUTOR
from toolcall_lab.i18n import lesson_text

ROOT = Path(__file__).resolve().parent.parent
st.title("Tool Call Lab")
st.markdown(lesson_text("home", lang()))
st.page_link(
    "pages/live_run.py",
    label=T("开始：实时运行一个工具调用 Agent", "Start: run a tool-calling agent live"),
    icon=":material/play_circle:",
)

sections = [
    (T("工具调用链，一站一页", "The chain, one stage per page"), CHAIN),
    (T("小E 助教：手写循环、护栏与七个坑", "The 小E tutor: the hand-written loop, its guard, seven pitfalls"), TUTOR),
    (
        T("LangGraph 搜索助手：State、边、checkpointer", "The LangGraph search assistant: State, edges, checkpointers"),
        GRAPH,
    ),
    (T("可靠性", "Reliability"), MORE),
]
columns = st.columns(2)
for n, (heading, entries) in enumerate(sections):
    with columns[n % 2].container(border=True):
        st.subheader(heading)
        for path, zh, en, icon in entries:
            if (ROOT / path).exists():  # the router lists only pages that exist
                st.page_link(path, label=T(zh, en), icon=icon)
