"""Tutor lesson 2 — tools are written for programs: error text, the bad-input gallery, injected data."""

from typing import Any

import streamlit as st

from lessons.tutor import lesson_2_tools_for_programs as lesson_2
from lessons.tutor import tools_en
from lessons.tutor.lesson_2_tools_for_programs import (
    OTHER_SCHEDULES,
    OTHER_SCHEDULES_EN,
    lesson2_tools_for_programs,
)
from lessons.tutor.tools import make_get_schedule
from pages._ui import T, Text, lesson_columns, source
from pages._ui import tutor_lesson as tu
from pages._ui.exercise import draw_exercises
from pages.registry import page_of
from toolcall_lab.jsonable import json_text
from toolcall_lab.llm import build_chat_model


@st.cache_data(show_spinner=False, max_entries=4)
def builtin_run(edition: str) -> dict[str, Any]:
    """Lesson 2 over the built-in model, on the article's own 下周三 (next Wednesday) question."""
    return lesson2_tools_for_programs(build_chat_model(), tu.QUESTIONS[2](edition), edition)


tu.lesson_intro(2)
left, right = lesson_columns()
ed = tu.edition()

with left:
    data = tu.run_cached(builtin_run, ed)
    run = data["run"]

    # 1. the 下周三 run: the tool explains, the model answers honestly
    with st.container(border=True, key="artifact"):
        st.subheader(T("「下周三」这一轮", "The “next Wednesday” run"), anchor=False)
        st.markdown(f"**{T('问题', 'Question')}:** {run['question']}")
        st.caption(
            T(
                "文章原题，内置教学模型（离线、确定性）现场运行 run_manual。",
                "The article's question in its English edition, run through run_manual by the built-in "
                "teaching model (the original passes 下周三 (next Wednesday) the same way: switch above).",
            )
        )
        st.markdown(
            T("**模型的调用**：日期原样传入，没有换算", "**The model's call**: the date passed through as typed")
        )
        call = data["tool_call"] or {}
        st.code(f"{tu.call_text(call)}   # id={call.get('id')}", language="python")
        st.markdown(
            T(
                "**工具回的 ToolMessage**：不是异常，是一句告诉模型怎么改的话",
                "**The tool's ToolMessage**: not an exception, a sentence saying how to fix it",
            )
        )
        st.code(data["tool_message"] or "", language="text", wrap_lines=True)
        st.markdown(
            T(
                "**模型的回答**：承认查不了，请学生给日期，没有编时间",
                "**The model's answer**: it admits it cannot tell and asks for the date; no time is invented",
            )
        )
        tu.stop_badge(run)
        tu.render_answer(data["answer"])

    # 2. the gallery: every bad input, and what the tool said
    with st.container(border=True):
        st.subheader(
            T("坏输入清单：每条都回一句话", "Bad-input gallery: each one answered with a sentence"), anchor=False
        )
        st.caption(
            T(
                "每一行都是真实调用 tool.invoke(args) 的返回值；没有一行抛异常。",
                "Each row is what tool.invoke(args) really returned; not one of them raised.",
            )
        )
        st.table(
            [
                {
                    T("调用", "call"): tu.call_text({"name": g["tool"], "args": g["args"]}),
                    T("工具的回复", "the tool's reply"): g["reply"],
                }
                for g in data["gallery"]
            ],
            hide_index=True,
        )

    # 3. one factory, two data sets
    with st.container(border=True):
        st.subheader(T("一个工厂，两份数据", "One factory, two data sets"), anchor=False)
        same = data["same_factory"]
        st.code(f"make_get_schedule(schedules).invoke({json_text(same['call'], indent=None)})", language="python")
        c1, c2 = st.columns(2)
        with c1:
            st.markdown(T("**默认数据** `SCHEDULES`", "**Default data** `SCHEDULES`"))
            st.code(same["default_data"], language="text", wrap_lines=True)
        with c2:
            st.markdown(T("**分校数据** `OTHER_SCHEDULES`", "**Branch campus data** `OTHER_SCHEDULES`"))
            st.code(same["other_data"], language="text", wrap_lines=True)
        with st.expander(T("分校数据本身", "The branch campus data itself"), icon=":material/database:"):
            st.json(OTHER_SCHEDULES_EN if ed == "en" else OTHER_SCHEDULES)

    source(
        tools_en.make_get_schedule if ed == "en" else make_get_schedule,
        T("源码：make_get_schedule（工厂 + 友好报错）", "Source: make_get_schedule (a factory, with friendly errors)"),
    )

with right:
    tu.tutor_live_run(
        "tutor2",
        highlight="tool_message",
        extra=[
            Text("xylophone 是几级？", "What level is xylophone?")(ed),
            Text("学号 S9999 学到哪了？", "How far has student S9999 got?")(ed),
        ],
    )

draw_exercises(page_of(__file__), lesson_2.EXERCISES, {"ed": ed})
