"""Live run: ask a question, watch a tool-calling agent run, inspect every artifact; two exercises end it."""

from __future__ import annotations

import streamlit as st

from lessons.content import lesson_text
from lessons.course import live_run as lesson
from pages._ui import T, lang
from pages._ui.classroom import teacher_run_view
from pages._ui.exercise import draw_exercises
from pages._ui.frame import page_links
from pages._ui.live_run import live_run_panel
from pages.registry import page

SPEC = page("pages/live_run.py")

page_links(SPEC.path)
st.title(T("实时运行", "Live run"), anchor=False)
st.caption(
    T(
        "真实工具调用 Agent（LangGraph 的 model → tools → model 循环）的一次运行；链接里的 ?q=… 会重跑它。",
        "One run of a real tool-calling agent (LangGraph's model → tools → model loop); the link's ?q=… re-runs it.",
    )
)
teacher_run_view()  # in a class: the teacher's latest run, read-only, beside the learner's own
with st.container(key="artifact"):  # inside a container the chat box sits above the run, and the page opens at its top
    live_run_panel(
        key="live",
        tools_factory=lambda: lesson.weather_tools(lang()),  # the lab's weather tool, in the learner's language
        system=lesson.system_prompt(lang()),
        examples=list(lesson.in_lang(lesson.EXAMPLES, lang())),
        use_chat_input=True,
        link_param="q",
        stream=True,  # the answer is written as its tokens arrive; the timeline fills as the run goes
    )
with st.expander(T("课文", "The lesson"), icon=":material/menu_book:"):
    st.markdown(lesson_text(SPEC.lesson, lang()))


# ---------------------------------------------------------------- exercises
st.divider()
st.subheader(T("练习", "Exercises"), anchor=False)
draw_exercises(SPEC, lesson.EXERCISES)  # each check runs the question on the built-in model for real
page_links(SPEC.path)
