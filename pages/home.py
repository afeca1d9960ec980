"""Landing page: what the lab shows and where to start. Imports nothing heavy."""

import streamlit as st

from pages._ui import T, lang
from toolcall_lab.i18n import lesson_text

st.title("Tool Call Lab")
st.markdown(lesson_text("home", lang()))
st.page_link("pages/live_run.py", label=T("开始：实时运行一个工具调用 Agent", "Start: run a tool-calling agent live"),
             icon=":material/play_circle:")
