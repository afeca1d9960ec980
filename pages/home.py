"""Home: the course map with progress, what each section taught, and a review for returning learners."""

from __future__ import annotations

from typing import Any

import streamlit as st

from lessons.content import lesson_parts
from lessons.course import home as lesson
from pages._ui import T, lang
from pages._ui.course import progress_summary
from pages._ui.exercise import Verdict, exercise
from pages._ui.frame import page_links
from pages.registry import SECTIONS, in_section, page
from toolcall_lab.jsonable import json_text

SPEC = page("pages/home.py")
intro, about, *learned = lesson_parts(SPEC.lesson, lang())
course_sections = [s for s in SECTIONS if s.key != "start"]

page_links(SPEC.path)
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
        st.subheader(T(sec.summary_zh, sec.summary_en), anchor=False)
        for spec in in_section(sec.key):
            st.page_link(spec.path, label=T(spec.zh, spec.en), icon=spec.icon)
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
    stage_labels = {s.stage: T(s.heading_zh, s.heading_en) for s in in_section("chain") if s.stage}

    def _predict(answer: Any) -> Verdict:
        checked = lesson.tool_call_id_of(review, answer if isinstance(answer, str) else None)
        if not checked.shown:
            return Verdict(False, T("先选一个 id。", "Pick an id first."), checked.expected)
        said = T(
            f"ToolNode 为 {lesson.ASKED_CITY} 那次调用建的 ToolMessage：tool_call_id = `{checked.expected}`，"
            "正是模型回复里那个调用的 id。",
            f"The ToolMessage ToolNode built for the {lesson.ASKED_CITY} call: tool_call_id = `{checked.expected}`, "
            "the id of that call in the model's reply.",
        )
        return Verdict(checked.correct, said, checked.expected)

    def _order(answer: Any) -> Verdict:
        checked = lesson.stage_order(answer if isinstance(answer, list) else None)
        wrong = checked.shown.get("first_wrong")
        if checked.correct:
            said = T("对：这正是链条的顺序。", "Right: that is the chain's order.")
        elif wrong is None:
            said = T("先按顺序选出八个阶段。", "Pick the eight stages in order first.")
        else:
            said = T(f"第 {wrong} 个位置开始不对。", f"Position {wrong} is the first one out of place.")
        return Verdict(checked.correct, said, [stage_labels[k] for k in checked.expected])

    st.subheader(T("复习：把整门课串起来", "Review: the whole course in two exercises"), anchor=False)
    st.caption(
        T(
            f"一次真实运行的问题：“{review.question}”。模型的第一次回复：",
            f"A real run asked “{review.question}”. The model's first reply:",
        )
    )
    st.code(json_text(lesson.first_reply(review)), language="json")
    exercise(
        SPEC,
        1,
        title=T("预测：ToolMessage 的 tool_call_id", "Predict: the ToolMessage's tool_call_id"),
        prompt=T(
            f"ToolNode 会为每个调用建一个 ToolMessage 送回模型。回答 {lesson.ASKED_CITY} 那次调用的 ToolMessage，"
            "它的 tool_call_id 是什么？",
            f"ToolNode builds one ToolMessage per call and sends it back to the model. What is the tool_call_id "
            f"of the ToolMessage answering the {lesson.ASKED_CITY} call?",
        ),
        ask=lambda key: st.radio("tool_call_id", lesson.id_choices(review), key=key, index=None),
        check=_predict,
        hint=T(
            "模型靠这个 id 把结果和它发出的调用配对。", "The model pairs each result with the call it made by this id."
        ),
    )
    order_options = sorted(stage_labels, key=lambda k: stage_labels[k])  # shuffled by label, not in chain order
    exercise(
        SPEC,
        2,
        title=T("排序：链条的八个阶段", "Order: the chain's eight stages"),
        prompt=T("按链条运行的顺序依次选出八个阶段。", "Pick the eight stages in the order the chain runs them."),
        ask=lambda key: st.multiselect(
            T("阶段（按顺序选）", "Stages (pick in order)"),
            order_options,
            format_func=stage_labels.__getitem__,
            key=key,
        ),
        check=_order,
        hint=T(
            "先有函数，才有 schema；先有 tool_call，才能校验参数。",
            "A function before its schema; a tool_call before validation.",
        ),
    )
