"""Stage ⑧ — the round trip: the second request as on the wire, the answer, and a step-through of one run."""

from typing import Any

import streamlit as st

from pages import _stage_ui as su
from pages._ui import T, lang, settings
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import round_trip as rt_stage

PAGE = su.PAGES[7]
STEP_KEYS = [str(i) for i in range(1, 9)]


@st.cache_data(show_spinner=False, max_entries=32)
def round_trip(question: str) -> dict[str, Any]:
    """The whole chain once on the built-in model, and the same run laid out as eight stages."""
    run = rt_stage.run_round_trip(question)
    return {"run": run.to_dict(), "steps": rt_stage.step_through(run)}


def show_second_request(run: dict[str, Any]) -> None:
    """The second request's messages, each role explained, and the pairing of ids."""
    messages = run.get("second_request_messages")
    if messages is None:
        if run.get("answer") is not None:
            st.info(
                T(
                    "模型没有调用工具，直接回答了：没有第二次请求。",
                    "The model called no tool and answered directly: there is no second request.",
                ),
                icon=":material/info:",
            )
        return
    st.markdown(T("**第二次请求的 messages**（线上原样）", "**messages of the second request** (as on the wire)"))
    st.dataframe(
        [
            {
                "#": i,
                "role": m.get("role"),
                "tool_calls": ", ".join(c.get("id", "") for c in m.get("tool_calls") or []) or "",
                "tool_call_id": m.get("tool_call_id") or "",
                "content": (m.get("content") or "")[:120]
                if isinstance(m.get("content"), str)
                else json_text(m.get("content"), indent=None),
            }
            for i, m in enumerate(messages)
        ],
        hide_index=True,
        column_config={
            "#": st.column_config.NumberColumn("#", width="small"),
            "role": "role",
            "tool_calls": T("assistant 的调用 id", "assistant's call ids"),
            "tool_call_id": T("tool 回应的 id", "tool answers id"),
            "content": st.column_config.TextColumn("content", width="large"),
        },
    )
    asked = [c.get("id") for m in messages if m.get("role") == "assistant" for c in m.get("tool_calls") or []]
    answered = [m.get("tool_call_id") for m in messages if m.get("role") == "tool"]
    if asked and sorted(asked) == sorted(answered):
        st.success(
            T(
                f"{len(asked)} 个调用，{len(answered)} 条 tool 消息，id 一一对上。",
                f"{len(asked)} call(s), {len(answered)} tool message(s): every id is answered.",
            ),
            icon=":material/link:",
        )
    st.code(json_text(messages), language="json", wrap_lines=True)


def show_answer(text: str | None) -> None:
    with st.chat_message("assistant"):
        st.text(text if text is not None else "—")


su.header(8)
if st.session_state.get(su.TRACE_KEY) is None:
    # Nothing to walk yet: with the built-in model, run the default question into the shared run.
    su.ensure_chain_run(auto=not settings().uses_real_model)
left, right = su.columns()

with right:
    su.chain_live_run("round_trip")

with left:
    su.lesson(8)
    # ---- one question, two requests
    st.subheader(T("一个问题，两次请求", "One question, two requests"), anchor=False)
    cols = st.columns(len(su.examples()))
    for i, (col, text) in enumerate(zip(cols, su.examples())):
        col.button(text, key=f"stage8::example::{i}", on_click=su.set_value, args=("stage_rt_q", text), width="stretch")
    question = su.line(
        "stage_rt_q",
        label=T("问题", "Question"),
        default=su.default_question(),
        param="ask",
        aliases=su.DEFAULT_QUESTIONS,
    )
    share_slot = st.container()
    if question.strip():
        data = su.loading(round_trip, question)
        run = data["run"]
        st.caption(
            T(
                "这一段由内置教学模型完整跑一遍 run_round_trip（离线、确定性）；两次 HTTP 交换都被截获。",
                "This section runs run_round_trip end to end on the built-in teaching model (offline, "
                "deterministic); both HTTP exchanges are captured.",
            )
        )
        m1, m2, m3 = st.columns(3)
        m1.metric(T("HTTP 请求", "HTTP requests"), len(run["exchanges"]))
        m2.metric(T("工具调用", "Tool calls"), len((run.get("ai_message") or {}).get("tool_calls") or []))
        m3.metric("ToolMessage", len(run["tool_messages"]))
        su.show_error(run.get("error"))
        show_second_request(run)
        st.markdown(T("**最终回答**", "**The final answer**"))
        show_answer(run.get("answer"))
        with st.expander(
            T("两次交换的完整请求体和响应体", "Both exchanges, full request and response bodies"),
            icon=":material/swap_horiz:",
        ):
            for n, exchange in enumerate(run["exchanges"], start=1):
                st.markdown(
                    T(
                        f"**第 {n} 次请求** · HTTP {exchange.get('status_code')}",
                        f"**Request {n}** · HTTP {exchange.get('status_code')}",
                    )
                )
                st.json(exchange.get("request_body"), expanded=1)
                st.json(exchange.get("response_body"), expanded=1)
    else:
        st.info(T("写一个问题。", "Write a question."), icon=":material/edit:")
    su.source(rt_stage.run_round_trip, T("源码：run_round_trip", "Source: run_round_trip"))

    # ---- step through one run, stage by stage
    st.divider()
    st.subheader(T("逐步浏览：一次运行走过八个阶段", "Step through: one run across the eight stages"), anchor=False)
    trace = st.session_state.get(su.TRACE_KEY)
    which = su.choice(
        "stage_rt_which",
        label=T("浏览哪次运行？", "Which run?"),
        options=["shared", "page"],
        default="shared",
        param="walk",
        format_func={
            "shared": T("右边共用的实时运行", "the shared live run (right)"),
            "page": T("上面这个问题", "the question above"),
        }.__getitem__,
    )
    steps = None
    if which == "shared":
        if trace is None:
            st.caption(T("还没有共用的运行。", "There is no shared run yet."))
            if st.button(
                T("用默认问题跑一次", "Run the default question"),
                icon=":material/play_arrow:",
                key="stage8::run_default",
            ):
                su.ensure_chain_run(auto=True)
                st.rerun()
        else:
            st.markdown(f"**{T('问题', 'Question')}:**")
            st.text(trace.question)
            steps = rt_stage.step_through(su.round_trip_from_trace(trace))
    elif question.strip():
        steps = data["steps"]

    if steps:
        step = su.choice(
            "stage_rt_step",
            label=T("阶段", "Stage"),
            options=STEP_KEYS,
            default="1",
            param="step",
            format_func=lambda k: su.CIRCLED[int(k) - 1],
        )
        n = int(step)
        b1, b3 = st.columns(2)
        b1.button(
            T("上一阶段", "Previous stage"),
            icon=":material/chevron_left:",
            key="stage8::step_prev",
            disabled=n == 1,
            on_click=su.set_value,
            args=("stage_rt_step", str(max(1, n - 1))),
        )
        b3.button(
            T("下一阶段", "Next stage"),
            icon=":material/chevron_right:",
            key="stage8::step_next",
            disabled=n == 8,
            on_click=su.set_value,
            args=("stage_rt_step", str(min(8, n + 1))),
        )
        current = steps[n - 1]
        with st.container(border=True):
            st.markdown(f"#### {su.stage_title(n)}")
            st.caption(su.stage_question(current["key"]))
            if current["reached"]:
                st.json(current["artifact"], expanded=True)
            else:
                st.info(
                    T(
                        "这次运行没有走到这一步（例如模型没有调用工具）。",
                        "This run never reached this stage (for example, the model called no tool).",
                    ),
                    icon=":material/block:",
                )
            st.page_link(
                su.PAGES[n - 1],
                label=T("打开这一阶段的页面：", "Open this stage's page: ") + su.stage_title(n),
                icon=":material/open_in_new:",
                query_params={"lang": lang()},
            )

        st.markdown(T("**八个阶段一览**", "**All eight stages**"))
        for i, item in enumerate(steps, start=1):
            state = T("已到达", "reached") if item["reached"] else T("未到达", "not reached")
            with st.expander(
                f"{su.stage_title(i)} · {state}",
                icon=":material/check_circle:" if item["reached"] else ":material/radio_button_unchecked:",
            ):
                st.page_link(
                    su.PAGES[i - 1],
                    label=su.stage_title(i),
                    icon=":material/arrow_forward:",
                    query_params={"lang": lang()},
                )
                if item["reached"]:
                    st.json(item["artifact"], expanded=2)
                else:
                    st.caption(T("这次运行没有走到这一步。", "This run never reached this stage."))
    su.source(rt_stage.step_through, T("源码：step_through", "Source: step_through"))

    with share_slot:
        su.share_link(PAGE, ["ask", "walk", "step"])

su.footer(8)
