"""LangGraph lesson 7 — context control: State keeps everything, one call is sent a trimmed list with pairs intact."""

from typing import Any

import streamlit as st
from langchain_core.messages import BaseMessage

from lessons.search_assistant import exercises_context
from lessons.search_assistant.context import naive_trim, split_units, trim_keeping_pairs
from lessons.search_assistant.lesson_7_context import (
    context_demo_steps,
    intact_pairs,
    pair_numbers,
)
from lessons.search_assistant.search import default_offline_search
from pages._ui import T, Text, chat_model, inert, lang, show_error, source
from pages._ui import chain_widgets as sw
from pages._ui import graph_board as gb
from pages._ui import graph_context as gc
from pages._ui import graph_lesson as gu
from pages._ui.exercise import draw_exercises
from pages._ui.frame import controls as folded_on_projector
from pages._ui.section_review import review_words
from pages.registry import page_of
from toolcall_lab.graph_run import drained


@st.cache_data(show_spinner=False, max_entries=32)
def default_demo(language: str, max_messages: int, next_question: str) -> dict[str, Any]:
    """``context_demo_steps`` on the built-in model and the offline corpus: its data and each turn's super-steps."""
    llm, search = gu.builtin_llm(), default_offline_search()
    live = drained(
        context_demo_steps(llm, lang=language, max_messages=max_messages, search=search, next_question=next_question)
    )
    return {"data": live.result, "runs": [t["steps"] for t in live.traces.get("agent", [])]}


@st.cache_resource(show_spinner=False, max_entries=8)
def history_default(language: str, next_question: str) -> list[BaseMessage]:
    """The three turns' State plus the next question (built-in model), for the exercises."""
    return exercises_context.three_turn_history(gu.builtin_llm(), language, next_question)


spec = gu.title(7)
apps = gu.specimen_apps()

controls, picture = st.columns([3, 2], gap="large")
with controls:
    gu.setup_caption()
    with folded_on_projector():  # on a projector the budget and the question fold under Settings
        label = T(
            "下一次调用最多带几条消息（不含 system）",
            "At most this many messages in the next call (system not counted)",
        )
        # the budget and the next question are kept in the link: a shared link opens the same cut
        max_messages = st.slider(label, 2, 12, 7, key="max_messages", bind="query-params")
        # the default next question: an untouched box follows the language
        nxt = Text("那北京呢？", "What about Beijing?")
        beijing, label, aliases = nxt(lang()), T("下一个问题", "The next question"), (nxt.zh, nxt.en)
        asked = sw.line("g7::next", label=label, default=beijing, param="next", max_chars=300, aliases=aliases)
        next_question = asked.strip() or beijing
        label = T("用当前模型跑三轮，再剪两种方式发出去", "Run three turns with the active model, then send both cuts")
        run = st.button(label, icon=":material/play_arrow:", key="g7::run::btn")
    run_area = st.container()
with picture, st.container(key="artifact"):  # the three turns' State, super-step by super-step
    agent_panel = gb.panel("g7agent", apps["agent"], graphs=["agent"])

if run:
    steps = context_demo_steps(
        chat_model(), lang=lang(), max_messages=max_messages, search=gu.search_backend(), next_question=next_question
    )
    with run_area:
        ran = gb.run_live(steps, panels=[agent_panel])
    st.session_state["g7::run"] = {
        "data": ran.result,
        "error": ran.error,
        "runs": [t["steps"] for t in ran.traces.get("agent", [])],
        "params": (max_messages, next_question),
    }
    gb.show_result()

mine = st.session_state.get("g7::run") or {}
with run_area:
    show_error(mine.get("error"))
live_data = bool(mine.get("data")) and mine["params"] == (max_messages, next_question)
shown = mine if live_data else gu.specimen_run(default_demo, lang(), max_messages, next_question)
data = shown["data"]
if not live_data:
    with run_area:
        gu.builtin_caption()
gb.show_recorded(
    agent_panel,
    shown["runs"],
    key="g7agent",
    names=[T(f"第 {i} 轮", f"turn {i}") for i in (1, 2, 3)],
    empty_note=T(
        "按按钮运行，看三轮里每个超级步的 State。",
        "Press the button to watch the State after every super-step of the three turns.",
    ),
)

st.divider()
st.subheader(T("每次模型调用发出去的消息数", "Messages sent with each model call"), anchor=False)
st.caption(
    T(
        "三轮对话、六次模型调用，全部来自抓到的请求体：每次都带上整个线程，一次比一次长。",
        "Three turns, six model calls, all from the captured request bodies: each carries the whole thread, "
        "each one longer than the last.",
    )
)
st.bar_chart(
    [{"call": i, "messages": n} for i, n in enumerate(data["sent_sizes"], 1)],
    x="call",
    y="messages",
    x_label=T("第几次模型调用", "model call"),
    y_label=T("发送的消息条数", "messages sent"),
    height=220,
)

numbers = pair_numbers(data["kept"])
st.subheader(T("State 保存的 vs 下一次调用要发的", "What State keeps vs what the next call is sent"), anchor=False)
st.markdown(
    T(
        f"下一个问题：**{inert(data['next_question'])}** · 预算 **{data['max_messages']}** 条",
        f"Next question: **{inert(data['next_question'])}** · budget **{data['max_messages']}** messages",
    )
)
kept_count = len(data["kept"])
st.markdown(
    T(f"**State 里的 messages**（{kept_count} 条，全部保留）", f"**State's messages** ({kept_count}, all kept)")
)
gc.show_list(data["kept"], numbers, [])
naive_col, paired_col = st.columns(2, gap="large")
for col, key, head in (
    (naive_col, "naive", T("简单截取最后 N 条", "Naive: the last N")),
    (paired_col, "paired", T("按配对截取 trim_keeping_pairs", "Paired: trim_keeping_pairs")),
):
    cut = data[key]
    with col:
        st.markdown(T(f"**{head}**（{len(cut['messages'])}）", f"**{head}** ({len(cut['messages'])})"))
        gc.show_list(cut["messages"], numbers, cut["orphans"])
        for call_id in intact_pairs(cut["messages"]):
            name = gc.pair_name(numbers.get(call_id))
            st.markdown(
                T(
                    f":green-badge[:material/link: 配对完整] {name} · {gu.code(call_id)}",
                    f":green-badge[:material/link: pair intact] {name} · {gu.code(call_id)}",
                )
            )
        for call_id in cut["orphans"]:
            st.markdown(
                T(
                    f":red-badge[:material/link_off: 孤立的 ToolMessage] {gu.code(call_id)}",
                    f":red-badge[:material/link_off: orphaned ToolMessage] {gu.code(call_id)}",
                )
            )
        result = cut["result"]
        if result["ok"]:
            st.success(
                T("接口接受了这份列表，模型正常回复。", "The endpoint accepted this list; the model replied."),
                icon=":material/check_circle:",
            )
            reply = result["reply"] or {}
            if reply.get("tool_calls"):
                st.caption(
                    T("模型的回复：要为新问题再搜一次", "The model's reply: another search, for the new question")
                )
                st.json(reply["tool_calls"], expanded=3)
            else:
                gu.answer_box(reply.get("content"))
        else:
            st.caption(T("真的发了出去，接口的回答：", "Really sent; the endpoint's answer:"))
            show_error(result["error"], expected=True)
        with st.expander(T("这次请求的线上记录", "This request on the wire"), icon=":material/upload:"):
            st.json(result["wire"], expanded=2)

source(trim_keeping_pairs)
source(split_units)
source(naive_trim)

st.subheader(T("练习", "Exercises"), anchor=False)
# the page's two exercises, then the section's review (its last exercise, lessons/course/review_exercises.py)
page_exercises, section_review = exercises_context.EXERCISES[:-1], exercises_context.EXERCISES[-1:]
context = {"history": history_default(lang(), next_question), "budget": max_messages}
draw_exercises(spec, page_exercises, context)
review_words("graph")
draw_exercises(page_of(__file__), section_review, context, first=len(page_exercises) + 1)
