"""Landing page: what the lab shows and where to start. Imports nothing heavy."""

import streamlit as st

from lessons.content import lesson_text
from pages._course import progress_summary
from pages._ui import T, lang
from pages.registry import SECTIONS, in_section

st.title("Tool Call Lab")
st.markdown(lesson_text("home", lang()))
st.page_link(
    "pages/live_run.py",
    label=T("开始：实时运行一个工具调用 Agent", "Start: run a tool-calling agent live"),
    icon=":material/play_circle:",
)

progress_summary()

columns = st.columns(2)
for n, sec in enumerate(s for s in SECTIONS if s.key != "start"):
    with columns[n % 2].container(border=True):
        st.subheader(T(sec.summary_zh, sec.summary_en))
        for spec in in_section(sec.key):
            st.page_link(spec.path, label=T(spec.zh, spec.en), icon=spec.icon)
