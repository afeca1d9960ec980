"""Stage ⑧ — the round trip: the second request as on the wire, the answer, and a step-through of one run."""

from typing import Any

import streamlit as st

from pages import _stage_ui as su
from pages import _stage_widgets as sw
from pages._ui import T, lang, lesson_columns, loading, settings, show_error, source
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import core, tables
from toolcall_lab.stages import round_trip as rt_stage

PAGE = su.PAGES[7]


@st.cache_data(show_spinner=False, max_entries=32)
def round_trip(question: str) -> dict[str, Any]:
    """The whole chain once on the built-in model, and the same run laid out as eight stages."""
    run = rt_stage.run_round_trip(question)
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
        st.code(json_text(messages), language="json", wrap_lines=True)
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
            st.json(exchange.get("request_body"), expanded=1)
            st.json(exchange.get("response_body"), expanded=1)


def show_steps(steps: list[dict[str, Any]]) -> None:
    """Walk one run stage by stage: the stage picked, Previous / Next, and all eight at a glance."""
    step = sw.choice(
        "stage_rt_step",
        label=T("阶段", "Stage"),
        options={str(i): su.CIRCLED[i - 1] for i in range(1, 9)},
        default="1",
        param="step",
    )
    n = int(step)
    b1, b2 = st.columns(2)
    b1.button(
        T("上一阶段", "Previous stage"),
        icon=":material/chevron_left:",
        key="stage8::step_prev",
        disabled=n == 1,
        on_click=sw.set_value,
        args=("stage_rt_step", str(max(1, n - 1))),
    )
    b2.button(
        T("下一阶段", "Next stage"),
        icon=":material/chevron_right:",
        key="stage8::step_next",
        disabled=n == 8,
        on_click=sw.set_value,
        args=("stage_rt_step", str(min(8, n + 1))),
    )
    current = steps[n - 1]
    with st.container(border=True):
        st.markdown(f"#### {su.stage_title(n)}")
        st.caption(su.stage_question(current["key"]))
        if current["reached"]:
            st.json(current["artifact"], expanded=True)
        else:
            never = T(
                "这次运行没有走到这一步（例如模型没有调用工具）。",
                "This run never reached this stage (for example, the model called no tool).",
            )
            st.info(never, icon=":material/block:")
        label = T("打开这一阶段的页面：", "Open this stage's page: ") + su.stage_title(n)
        st.page_link(su.PAGES[n - 1], label=label, icon=":material/open_in_new:", query_params={"lang": lang()})
    st.markdown(T("**八个阶段一览**", "**All eight stages**"))
    for i, item in enumerate(steps, start=1):
        state = T("已到达", "reached") if item["reached"] else T("未到达", "not reached")
        icon = ":material/check_circle:" if item["reached"] else ":material/radio_button_unchecked:"
        with st.expander(f"{su.stage_title(i)} · {state}", icon=icon):
            st.page_link(
                su.PAGES[i - 1], label=su.stage_title(i), icon=":material/arrow_forward:", query_params={"lang": lang()}
            )
            if item["reached"]:
                st.json(item["artifact"], expanded=2)
            else:
                st.caption(T("这次运行没有走到这一步。", "This run never reached this stage."))


su.header(8)
if st.session_state.get(su.TRACE_KEY) is None:
    # Nothing to walk yet: with the built-in model, run the default question into the shared run.
    su.ensure_chain_run(auto=not settings().uses_real_model)
left, right = lesson_columns()

with right:
    su.chain_live_run("round_trip")

with left:
    su.lesson(8)
    st.subheader(T("一个问题，两次请求", "One question, two requests"), anchor=False)
    for i, (col, text) in enumerate(zip(st.columns(len(su.examples())), su.examples(), strict=True)):
        col.button(text, key=f"stage8::example::{i}", on_click=sw.set_value, args=("stage_rt_q", text), width="stretch")
    question = sw.line(
        "stage_rt_q",
        label=T("问题", "Question"),
        default=su.default_question(),
        param="ask",
        aliases=su.DEFAULT_QUESTIONS,
    )
    share_slot = st.container()
    data = loading(round_trip, question) if question.strip() else None
    if data is None:
        st.info(T("写一个问题。", "Write a question."), icon=":material/edit:")
    else:
        st.caption(
            T(
                "这一段由内置教学模型完整跑一遍 run_round_trip（离线、确定性）；两次 HTTP 交换都被截获。",
                "This section runs run_round_trip end to end on the built-in teaching model (offline, "
                "deterministic); both HTTP exchanges are captured.",
            )
        )
        show_run(data["run"])
    su.core_source(core.second_request, ("第二次请求：把一切再发一遍", "the second request: send it all again"))
    source(rt_stage.run_round_trip, T("源码：run_round_trip", "Source: run_round_trip"))

    st.divider()
    st.subheader(T("逐步浏览：一次运行走过八个阶段", "Step through: one run across the eight stages"), anchor=False)
    which = sw.choice(
        "stage_rt_which",
        label=T("浏览哪次运行？", "Which run?"),
        options={
            "shared": T("右边共用的实时运行", "the shared live run (right)"),
            "page": T("上面这个问题", "the question above"),
        },
        default="shared",
        param="walk",
    )
    if which == "page":
        if data is not None:
            show_steps(data["steps"])
    elif (shared := su.shared_round_trip()) is None:
        st.caption(T("还没有共用的运行。", "There is no shared run yet."))
        if st.button(
            T("用默认问题跑一次", "Run the default question"), icon=":material/play_arrow:", key="stage8::run_default"
        ):
            su.ensure_chain_run(auto=True)
            st.rerun()
    else:
        st.markdown(f"**{T('问题', 'Question')}:**")
        st.text(shared.question)
        show_steps(rt_stage.step_through(shared))
    source(rt_stage.step_through, T("源码：step_through", "Source: step_through"))

    with share_slot:
        sw.share_link(PAGE, ["ask", "walk", "step"])

su.footer(8)
