"""When models and tools fail: inject a fault, watch every attempt, wait and outcome."""

from __future__ import annotations

import streamlit as st

from lessons.content import lesson_text
from pages._ui import T, lang, render_trace, run_question, source
from toolcall_lab.offline.faults import FaultInjector, FaultKind
from toolcall_lab.reliability import (
    AttemptLog,
    ToolFaultKind,
    fallback_answer,
    faulty_chat_model,
    make_booking_tool,
    make_faulty_weather_tool,
    retried_write_demo,
    with_retries,
)
from toolcall_lab.stages.weather_data import build_weather_tool

MODEL_FAULTS: dict[FaultKind, tuple[str, str]] = {
    "rate_limit": ("429 限流（带 Retry-After）", "429 rate limit (with Retry-After)"),
    "server_error": ("500 服务端错误", "500 server error"),
    "timeout": ("超时", "timeout"),
    "latency": ("高延迟", "slow reply"),
    "malformed_body": ("响应体不是 JSON", "malformed body"),
    "unknown_tool": ("调用了不存在的工具", "call to an unknown tool"),
    "bad_arguments": ("arguments 不是合法 JSON", "arguments that are not JSON"),
}
TOOL_FAULTS: dict[ToolFaultKind, tuple[str, str]] = {
    "transient": ("临时故障（ConnectionError）", "transient failure (ConnectionError)"),
    "bad_arguments": ("参数不合法（Pydantic 拒绝）", "bad arguments (Pydantic rejects)"),
    "business_refusal": ("业务拒绝", "business refusal"),
    "raises": ("工具代码抛异常（bug）", "the tool raises (a bug)"),
}

st.title(T("当模型和工具出错", "When models and tools fail"))
st.markdown(lesson_text("faults", lang()))
question = T("曼谷未来3天天气", "Weather in Bangkok for 3 days")

model_tab, tool_tab, write_tab = st.tabs(
    [
        T("模型侧故障", "Model-side faults"),
        T("工具侧故障", "Tool-side faults"),
        T("写操作与幂等", "Writes and idempotency"),
    ]
)

with model_tab:
    c1, c2, c3, c4 = st.columns(4)
    kind = c1.selectbox(
        T("注入的故障", "Fault to inject"),
        list(MODEL_FAULTS),
        format_func={k: T(*v) for k, v in MODEL_FAULTS.items()}.__getitem__,  # labels now: a format_func reads no state
        key="fault_kind",
    )
    times = c2.number_input(T("连续出错几次", "Failing requests"), 1, 3, 1, key="fault_times")
    retries = c3.number_input("ChatOpenAI max_retries", 0, 3, 2, key="fault_retries")
    timeout = c4.number_input(T("超时（秒）", "timeout (s)"), 0.1, 5.0, 0.5, step=0.1, key="fault_timeout")
    use_fallback = st.toggle(
        T("失败时给出兜底回答", "Give a fallback answer when the run fails"), True, key="fault_fallback"
    )
    st.caption(
        T(
            "故障由内置教学模型的端点注入；真实接口不受影响。",
            "Faults are injected by the built-in model's endpoint; a real endpoint is never touched.",
        )
    )
    if st.button(T("用这个故障运行", "Run with this fault"), type="primary", key="fault_run") and kind is not None:
        st.session_state["fault_trace"] = run_question(
            question,
            lambda: [build_weather_tool()],
            None,
            llm=faulty_chat_model(kind, times=int(times), retries=int(retries), timeout_s=float(timeout)),
            label=T("内置教学模型 + 注入故障", "built-in model + injected fault"),
            fallback=fallback_answer(lang()) if use_fallback else None,
        )
    if "fault_trace" in st.session_state:
        render_trace(st.session_state["fault_trace"], highlight="tool_call")
    source(FaultInjector, T("故障注入的源码", "Source of the fault injector"))

with tool_tab:
    c1, c2 = st.columns(2)
    tool_kind = c1.radio(
        T("工具的故障", "Tool fault"),
        list(TOOL_FAULTS),
        format_func={k: T(*v) for k, v in TOOL_FAULTS.items()}.__getitem__,
        key="tool_fault_kind",
    )
    retry = c2.toggle(
        T("用重试包装（只重试临时故障，指数退避）", "Wrap with retries (transient errors only, backoff)"),
        False,
        key="tool_fault_retry",
    )
    if st.button(T("运行", "Run"), key="tool_fault_run") and tool_kind is not None:
        log = AttemptLog()
        faulty = make_faulty_weather_tool(tool_kind, retry=retry, log=log, lang=lang())
        st.session_state["tool_fault"] = (run_question(question, lambda: [faulty], None), log.entries)
    if "tool_fault" in st.session_state:
        trace, entries = st.session_state["tool_fault"]
        if entries:
            st.markdown(
                T(
                    "**重试包装的记录**（每次尝试、之前的等待、结果）",
                    "**Retry wrapper log** (attempt, wait before, outcome)",
                )
            )
            st.dataframe(entries, hide_index=True, width="stretch")
        render_trace(trace, highlight="tool_message")
    source(with_retries, T("重试包装的源码", "Source of the retry wrapper"))

with write_tab:
    st.markdown(
        T(
            "同一笔预约发送两次（第一次的回复“丢了”，客户端重试）。",
            "The same booking sent twice (the first reply was 'lost', so the client retried).",
        )
    )
    for col, idem in zip(st.columns(2), (False, True), strict=True):
        demo = retried_write_demo(idem)
        col.subheader(T("幂等", "Idempotent") if idem else T("不幂等", "Not idempotent"))
        col.metric(T("表里的预约行数", "Rows in the bookings table"), len(demo["rows"]))
        col.json({"first": demo["first"], "second": demo["second"], "rows": demo["rows"]})
    source(make_booking_tool, T("写工具的源码", "Source of the write tool"))
