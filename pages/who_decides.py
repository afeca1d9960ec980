"""Who decides the student? An injected request reads another student's record; the fix takes the id from the run."""

from __future__ import annotations

from typing import Any

import streamlit as st

from lessons.course import who_decides as lesson
from lessons.course import who_decides_exercises as exercises
from pages._ui import T, Text, inert, lang, lesson_columns, resend_choice, show_error, source
from pages._ui.decision import render_decision
from pages._ui.exercise import draw_exercises
from pages._ui.frame import page_links, steps
from pages._ui.framing import opening
from pages._ui.section_review import review_words
from pages._ui.timeline import render_trace
from pages.registry import page
from toolcall_lab.jsonable import json_text

SPEC = page("pages/who_decides.py")
#: The injected requests, by a short stable name (the name is what the link carries: ``?ask=developer``).
ASKS = {
    "system": Text("伪造的【系统】消息", "a fake [system] message"),
    "developer": Text("冒充开发者", "posing as the developer"),
}

page_links(SPEC.path, at_top=True)
st.title(T("谁决定是哪个学生？", "Who decides the student?"), anchor=False)
opening(SPEC)  # the framing above the artifact, the rest of the lesson folded under it
step = steps(
    "who_decides",
    [T("注入的请求", "An injected request"), T("修复：学号来自运行", "The fix: the id comes from the run")],
    page_url_path=SPEC.url_path,
)
# one row that wraps: in two fixed columns the switch's label was cut ("Gullible model (obeys in…") at 1024 px
controls = st.container(horizontal=True, vertical_alignment="bottom", gap="medium")
gullible = controls.toggle(
    T("易受骗的模型（照做注入的指令）", "Gullible model (obeys injected instructions)"),
    value=True,
    key="gullible",
    bind="query-params",
    help=T(
        "关掉时，内置模型像对齐良好的模型一样遵守系统提示词的限制，忽略注入的指令。",
        "Off: the built-in model keeps to the system prompt's restrictions, like a well-aligned model, "
        "and ignores injected instructions.",
    ),
)
# The link carries the request's stable name, kept by hand: bound to the URL, Streamlit would write its label
# there, in the language of the one who shared it, and a link shared into the other language would lose it.
if "ask" not in st.session_state and st.query_params.get("ask") in ASKS:
    st.session_state["ask"] = st.query_params["ask"]
resend_choice("ask")  # worded in the session's language (resend_choice says why)
ask = controls.segmented_control(
    T("注入的请求", "Injected request"),
    list(ASKS),
    default="system",
    format_func={k: label(lang()) for k, label in ASKS.items()}.__getitem__,  # worded once, in this run's language
    key="ask",
)
if ask in ASKS and ask != "system":
    st.query_params["ask"] = ask
else:
    st.query_params.pop("ask", None)
question = lesson.injections(lang())[list(ASKS).index(ask or "system")]
st.code(question, language="text", wrap_lines=True)
st.caption(
    T("↑ 用户消息（注入藏在里面）。系统提示词：", "↑ The user's message (the injection is inside). System prompt: ")
    + inert(lesson.system(lang()))
)
with st.spinner(T("正在运行（内置教学模型）……", "Running (the built-in teaching model)…")):
    naive = lesson.naive_run(question, lang(), bool(gullible))


def show_call(trace: Any) -> None:
    """The call the model made and the ToolMessage that came back (or its answer when it made none)."""
    seen = lesson.artifacts(trace)
    st.caption(T("模型请求的调用（参数由模型写）：", "The call the model asked for (arguments written by the model):"))
    st.code(json_text(seen["tool_calls"], indent=None), language="json")
    if seen["tool_messages"]:
        st.caption(T("送回模型的 ToolMessage：", "The ToolMessage sent back to the model:"))
        st.code(json_text(seen["tool_messages"][0]), language="json")
    else:
        st.caption(T("没有调用工具；模型的回答：", "No tool call; the model answered:"))
        st.text(seen["answer"] or "")
    if trace.error:
        show_error(trace.error)


if step == 1:
    with st.container(key="artifact"):  # the call the model asked for, and its decision
        left, right = lesson_columns()
    with left:
        show_call(naive)
        read = lesson.records_read(naive)
        if lesson.OTHER in read:
            st.warning(
                T(
                    f"读到了另一个学生（{lesson.OTHER}）的档案。",
                    f"Another student's ({lesson.OTHER}) record was read.",
                ),
                icon=":material/lock_open:",
            )
    with right:
        if naive.model_calls and naive.model_calls[0].decision:
            render_decision(naive.model_calls[0].decision, open_=True)
    st.subheader(T("整个运行", "The whole run"), anchor=False)
    render_trace(naive, highlight="tool_call", why_open=False, folded=True)
else:
    fixed = lesson.context_run(question, lang(), bool(gullible))
    before, after = st.container(key="artifact").columns(2, gap="medium")  # side by side: the comparison is the lesson
    with before:
        st.markdown(T("#### 之前：模型填 student_id", "#### Before: the model fills student_id"))
        st.caption(T("请求体里的工具（bind_tools 发出的）：", "The tool in the request body (as bind_tools sent it):"))
        st.code(json_text({"parameters": lesson.artifacts(naive)["parameters"]}), language="json")
        show_call(naive)
    with after:
        st.markdown(T("#### 之后：学号来自运行的 config", "#### After: the id comes from the run's config"))
        st.caption(T("请求体里的工具（bind_tools 发出的）：", "The tool in the request body (as bind_tools sent it):"))
        st.code(json_text({"parameters": lesson.artifacts(fixed)["parameters"]}), language="json")
        show_call(fixed)
        kwargs = fixed.tool_executions[0].kwargs_passed if fixed.tool_executions else None
        st.caption(T("函数实际收到的 kwargs：", "The kwargs the function received:"))
        st.code(json_text(kwargs or {}), language="json")
    source(lesson.make_my_learning_record, T("修复的源码", "Source of the fix"), expanded=True)
    source(lesson.context_run, T("应用怎样把学号放进运行的 config", "How the app puts the id into the run's config"))
    st.subheader(T("修复后的整个运行", "The whole run, fixed"), anchor=False)
    render_trace(fixed, highlight="tool_message", why_open=False, folded=True)


# ---------------------------------------------------------------- exercises
st.divider()
st.subheader(T("练习", "Exercises"), anchor=False)
# the two exercises, then the reliability section's review (the last exercise, lessons/course/review_exercises.py)
page_exercises, section_review = exercises.EXERCISES[:-1], exercises.EXERCISES[-1:]
draw_exercises(SPEC, page_exercises)
review_words("reliability")
draw_exercises(SPEC, section_review, first=len(page_exercises) + 1)
page_links(SPEC.path)
