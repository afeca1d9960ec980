"""Stage ⑧ — the round trip: the second request as on the wire, the answer, and a step-through of one run."""

from typing import Any

import streamlit as st

from lessons.chain import stage_8_round_trip
from pages._ui import T, inert, lang, lesson_columns, loading, settings, show_error, source
from pages._ui import chain_checks as late
from pages._ui import chain_frame as su
from pages._ui import chain_widgets as sw
from pages._ui.exercise import draw_exercises
from pages._ui.frame import controls
from pages._ui.section_review import review_words
from pages._ui.wire_switch import wire_switch
from pages.registry import numbered
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import core, tables
from toolcall_lab.stages import round_trip as rt_stage


@st.cache_data(show_spinner=False, max_entries=32)
def round_trip(question: str, language: str) -> dict[str, Any]:
    """The whole chain once on the built-in model, and the same run laid out as eight stages."""
    run = rt_stage.run_round_trip(question, lang=language, system=su.system_prompt(language))  # as the shared run
    return {"run": run.to_dict(), "steps": rt_stage.step_through(run)}


def show_run(run: dict[str, Any]) -> None:
    """One question, two requests: the second request's messages, the pairing of ids, the answer."""
    m1, m2, m3 = st.columns(3)
    m1.metric(T("HTTP 请求", "HTTP requests"), len(run["exchanges"]))
    m2.metric(T("工具调用", "Tool calls"), len((run.get("ai_message") or {}).get("tool_calls") or []))
    m3.metric("ToolMessage", len(run["tool_messages"]))
    show_error(run.get("error"))
    messages = run.get("second_request_messages")
    if messages is None and run.get("answer") is not None:
        no_second = T(
            "模型没有调用工具，直接回答了：没有第二次请求。",
            "The model called no tool and answered directly: there is no second request.",
        )
        st.info(no_second, icon=":material/info:")
    elif messages is not None:
        st.markdown(T("**第二次请求的 messages**（线上原样）", "**messages of the second request** (as on the wire)"))
        labels = {"#": "#", "role": "role", "tool_calls": T("assistant 的调用 id", "assistant's call ids")}
        labels |= {"tool_call_id": T("tool 回应的 id", "tool answers id"), "content": "content"}
        sw.table(tables.second_request_rows(messages), labels, wide={"content"})
        asked, answered, paired = tables.pairing(messages)
        if paired:
            every = T(
                f"{asked} 个调用，{answered} 条 tool 消息，id 一一对上。",
                f"{asked} call(s), {answered} tool message(s): every id is answered.",
            )
            st.success(every, icon=":material/link:")
        with st.expander(T("这些 messages 的 JSON", "These messages as JSON"), icon=":material/data_object:"):
            st.code(json_text(messages), language="json")
    st.markdown(T("**最终回答**", "**The final answer**"))
    with st.chat_message("assistant"):
        st.text(run["answer"] if run.get("answer") is not None else "—")
    with st.expander(
        T("两次交换的完整请求体和响应体", "Both exchanges, full request and response bodies"),
        icon=":material/swap_horiz:",
    ):
        for n, exchange in enumerate(run["exchanges"], start=1):
            status = exchange.get("status_code")
            st.markdown(T(f"**第 {n} 次请求** · HTTP {status}", f"**Request {n}** · HTTP {status}"))
            st.json(exchange.get("request_body"), expanded=3)
            st.json(exchange.get("response_body"), expanded=4)


def show_step(n: int, current: dict[str, Any], run: dict[str, Any] | None) -> None:
    """Stage ``n`` of the walked run: its artifact (stage ⑧: the second request and the answer)."""
    with st.container(border=True, key="artifact"):  # the page's artifact: the walked run at this stage
        st.markdown(f"#### {su.stage_title(n)}")
        st.caption(su.stage_question(current["key"]))
        if n == 8 and run is not None:
            show_run(run)
        if not current["reached"]:
            never = T(
                "这次运行没有走到这一步（例如模型没有调用工具）。",
                "This run never reached this stage (for example, the model called no tool).",
            )
            st.info(never, icon=":material/block:")
        elif n == 8:
            with st.expander(T("step_through 给出的这一阶段", "This stage as step_through returns it")):
                st.json(current["artifact"], expanded=True)
        else:
            st.json(current["artifact"], expanded=True)
        if n < 8:
            label = T("打开这一阶段的页面：", "Open this stage's page: ") + su.stage_title(n)
            st.page_link(
                numbered("chain", n).path, label=label, icon=":material/open_in_new:", query_params={"lang": lang()}
            )


PAGE = late.top(8).path
if st.session_state.get(su.TRACE_KEY) is None:
    # Nothing to walk yet: with the built-in model, run the default question into the shared run.
    su.ensure_chain_run(auto=not settings().uses_real_model)
left, right = lesson_columns()

with right:
    su.chain_live_run("round_trip", mark_artifact=False)

with left:
    n = su.stage_steps(8, [su.CIRCLED[i] for i in range(8)], default=8)
    with controls():  # folded on a projector: the step's artifact comes first
        which = sw.choice(
            "stage_rt_which",
            label=T("浏览哪次运行？", "Which run?"),
            options={
                "shared": T("八页共用的实时运行", "the live run shared by the eight pages"),
                "page": T("我的问题", "my question"),
            },
            default="shared",
            param="walk",
        )
        question = ""
        if which == "page":
            for i, (col, text) in enumerate(zip(st.columns(len(su.examples())), su.examples(), strict=True)):
                col.button(text, key=f"stage8::example::{i}", on_click=sw.set_value, args=("stage_rt_q", text))
            question = su.question_line("stage_rt_q", T("问题", "Question"), param="ask")
    walked: dict[str, Any] | None = None
    if which == "page":
        if question.strip():
            walked = loading(round_trip, question, lang())
        else:
            st.info(T("写一个问题。", "Write a question."), icon=":material/edit:")
    elif (shared := su.shared_round_trip()) is None:
        st.caption(T("还没有共用的运行。", "There is no shared run yet."))
        if st.button(T("用默认问题跑一次", "Run the default question"), icon=":material/play_arrow:"):
            su.ensure_chain_run(auto=True)
            st.rerun()
    else:
        st.markdown(f"**{T('问题', 'Question')}:** {inert(shared.question)}")
        walked = {"run": shared.to_dict(), "steps": rt_stage.step_through(shared)}
    if walked is not None:
        show_step(n, walked["steps"][n - 1], walked["run"])
    if n == 8:  # the same second request on the Responses API: input items instead of messages
        with st.expander(T("线路：Chat Completions | Responses API", "Wire: Chat Completions | Responses API")):
            wire_switch("second_request", key="stage8")
    su.core_source(core.second_request, T("第二次请求：把一切再发一遍", "the second request: send it all again"))
    source(rt_stage.run_round_trip, T("源码：run_round_trip", "Source: run_round_trip"))
    source(rt_stage.step_through, T("源码：step_through", "Source: step_through"))
    sw.share_link(PAGE, ["ask", "walk", "step"])

# the page's two exercises, then the chain section's review (its last exercise, lessons/course/review_exercises.py)
page_exercises, section_review = stage_8_round_trip.EXERCISES[:-1], stage_8_round_trip.EXERCISES[-1:]
draw_exercises(late.spec(8), page_exercises)
review_words("chain")
draw_exercises(late.spec(8), section_review, first=len(page_exercises) + 1)
late.bottom(8)
