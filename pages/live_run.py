"""Live run: ask a question, watch a tool-calling agent run, inspect every artifact; two exercises end it."""

from __future__ import annotations

from typing import Any

import streamlit as st

from lessons.content import lesson_text
from lessons.course import live_run as lesson
from pages._ui import T, inert, lang
from pages._ui.classroom import teacher_run_view
from pages._ui.exercise import Verdict, exercise
from pages._ui.frame import page_links
from pages._ui.live_run import live_run_panel
from pages.registry import page
from toolcall_lab.checks import Checked

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
        examples=list(lesson.EXAMPLES[lang()]),
        use_chat_input=True,
        link_param="q",
        stream=True,  # the answer is written as its tokens arrive; the timeline fills as the run goes
    )
with st.expander(T("课文", "The lesson"), icon=":material/menu_book:"):
    st.markdown(lesson_text(SPEC.lesson, lang()))


# ---------------------------------------------------------------- exercises
def _replies(checked: Checked) -> str:
    counts = checked.shown.get("tool_calls_per_reply", [])
    return ", ".join(T(f"第 {i} 次回复要 {n} 个工具调用", f"reply {i} asked for {n}") for i, n in enumerate(counts, 1))


def _predict(answer: Any) -> Verdict:
    question, predicted = answer if isinstance(answer, tuple) else (None, None)
    checked = lesson.model_calls(question, predicted, lang())
    if not checked.shown:
        return Verdict(
            False, T("先选一个问题并写下预测。", "Pick a question and write your prediction."), checked.expected
        )
    n = checked.shown["model_calls"]
    said = T(
        f"“{question}”这次运行有 {n} 次模型调用（{_replies(checked)}）。",
        f"The run of “{question}” made {n} model call(s) ({_replies(checked)}).",
    )
    more = T(
        "有工具调用就要再问一次模型，让它读 ToolMessage；一次回复里的几个调用只多一次模型调用。",
        "A reply with tool calls needs one more model call to read the ToolMessages; "
        "several calls in one reply cost one.",
    )
    return Verdict(checked.correct, f"{said} {more}", checked.expected)


def _make(answer: Any) -> Verdict:
    checked = lesson.two_calls_in_one_reply(answer if isinstance(answer, str) else None, lang())
    if not checked.shown:
        return Verdict(False, T("先写一个问题。", "Write a question first."), checked.expected)
    calls = "; ".join(f"{c['name']}({c['args']})" for c in checked.shown["tool_calls"]) or "—"
    said = T(
        f"真实运行：{_replies(checked)}。工具调用：{calls}", f"The real run: {_replies(checked)}. Tool calls: {calls}"
    )
    return Verdict(checked.correct, inert(said), checked.expected)


st.divider()
st.subheader(T("练习", "Exercises"), anchor=False)
exercise(
    SPEC,
    1,
    title=T("预测：这个问题会调用模型几次？", "Predict: how many model calls will this question make?"),
    prompt=T(
        "选一个问题，写下你预测的模型调用次数（时间线上“模型调用”的个数），再检查：页面会真的运行它。",
        "Pick a question and predict its number of model calls (the “model call” steps of its timeline); "
        "Check runs it for real.",
    ),
    ask=lambda key: (
        st.selectbox(T("问题", "Question"), lesson.PREDICT_QUESTIONS[lang()], key=f"{key}::q"),
        st.number_input(T("模型调用次数", "Model calls"), 0, 10, 0, key=f"{key}::n"),
    ),
    check=_predict,
    hint=T(
        "模型每回复一次就是一次调用；要了工具，就还得再问它一次。",
        "Each reply is one call; a reply that asks for tools is followed by one more call.",
    ),
)
exercise(
    SPEC,
    2,
    title=T("动手：让模型在一次回复里要两个工具调用", "Make: one reply with two tool calls"),
    prompt=T(
        "写一个问题，让模型在同一次回复里请求两个工具调用（两个 tool_calls）。检查会用内置教学模型真的运行它。",
        "Write a question that makes the model ask for two tool calls in the same reply (two entries in "
        "tool_calls). Check runs it on the built-in teaching model.",
    ),
    ask=lambda key: st.text_input(T("你的问题", "Your question"), key=key, max_chars=500),
    check=_make,
    hint=T("一次问两个城市的天气。", "Ask for the weather of two cities at once."),
)
page_links(SPEC.path)
