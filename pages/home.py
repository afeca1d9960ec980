"""Home: the course map with progress, what each section taught, and a review for returning learners."""

from __future__ import annotations

import streamlit as st

from lessons.content import lesson_parts
from lessons.course import home as lesson
from pages._ui import T, lang
from pages._ui.course import progress_summary
from pages._ui.exercise import draw_exercises
from pages._ui.frame import page_links
from pages.registry import SECTIONS, in_section, page
from toolcall_lab.jsonable import json_text

SPEC = page("pages/home.py")
intro, about, *learned = lesson_parts(SPEC.lesson, lang())
course_sections = [s for s in SECTIONS if s.key != "start"]

page_links(SPEC.path, at_top=True)
st.title("Tool Call Lab", anchor=False)
st.markdown(intro)
st.page_link(
    "pages/live_run.py",
    label=T("开始：实时运行一个工具调用 Agent", "Start: run a tool-calling agent live"),
    icon=":material/play_circle:",
)

artifact = st.container(key="artifact")  # the learner's progress and the course map
with artifact:
    progress_summary()
columns = artifact.columns(2)
for n, sec in enumerate(course_sections):
    with columns[n % 2].container(border=True):
        st.subheader(sec.summary(lang()) if sec.summary else sec.title(lang()), anchor=False)
        for spec in in_section(sec.key):
            st.page_link(spec.path, label=spec.title(lang()), icon=spec.icon)
        if n < len(learned):
            with st.expander(T("你学到了什么", "What you learned"), icon=":material/school:"):
                st.markdown(learned[n])
with st.expander(T("关于内置教学模型", "About the built-in teaching model"), icon=":material/info:"):
    st.markdown(about)


# ---------------------------------------------------------------- the review: two exercises mixing the course
# The landing page stays light (no LangChain, no agent run): the review runs when the learner asks for it.
st.divider()
if st.toggle(
    T(
        "复习：把整门课串起来（两道练习，跑一次真实运行）",
        "Review: the whole course in two exercises (runs a real agent)",
    ),
    key="home::review_on",
):
    run_key = f"home::review::{lang()}"
    if run_key not in st.session_state:
        st.session_state[run_key] = lesson.review_run(lang())  # a real run on the built-in model, once per session
    review = st.session_state[run_key]
    stage_labels = {s.stage: (s.heading or s.title)(lang()) for s in in_section("chain") if s.stage}
    st.subheader(T("复习：把整门课串起来", "Review: the whole course in two exercises"), anchor=False)
    st.caption(
        T(
            f"一次真实运行的问题：“{review.question}”。模型的第一次回复：",
            f"A real run asked “{review.question}”. The model's first reply:",
        )
    )
    st.code(json_text(lesson.first_reply(review)), language="json")
    draw_exercises(SPEC, lesson.EXERCISES, {"review": review, "stage_labels": stage_labels})
