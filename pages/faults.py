"""When models and tools fail: inject a fault, watch every attempt, wait and outcome; two exercises end it."""

from __future__ import annotations

from typing import Any, Final, cast

import streamlit as st

from lessons.course import faults as lesson
from pages._ui import T, Text, lang, source
from pages._ui import chain_widgets as sw
from pages._ui.exercise import draw_exercises
from pages._ui.frame import page_links, steps
from pages._ui.framing import opening
from pages._ui.live_run import run_question
from pages._ui.timeline import render_trace
from pages._ui.truncation_view import truncation_view
from pages.registry import page
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

SPEC = page("pages/faults.py")
BIND: Final = "query-params"  # these widgets keep their value in the link (the key is the parameter)
MODEL_FAULTS: dict[FaultKind, Text] = {
    "rate_limit": Text("429 限流（带 Retry-After）", "429 rate limit (with Retry-After)"),
    "server_error": Text("500 服务端错误", "500 server error"),
    "timeout": Text("超时", "timeout"),
    "latency": Text("高延迟", "slow reply"),
    "malformed_body": Text("响应体不是 JSON", "malformed body"),
    "unknown_tool": Text("调用了不存在的工具", "call to an unknown tool"),
    "bad_arguments": Text("arguments 不是合法 JSON", "arguments that are not JSON"),
}
TOOL_FAULTS: dict[ToolFaultKind, Text] = {
    "transient": Text("临时故障（ConnectionError）", "transient failure (ConnectionError)"),
    "bad_arguments": Text("参数不合法（Pydantic 拒绝）", "bad arguments (Pydantic rejects)"),
    "business_refusal": Text("业务拒绝", "business refusal"),
    "raises": Text("工具代码抛异常（bug）", "the tool raises (a bug)"),
}
question = lesson.question(lang())

page_links(SPEC.path, at_top=True)
st.title(T("当模型和工具出错", "When models and tools fail"), anchor=False)
opening(SPEC)  # the framing above the artifact, the rest of the lesson folded under it
labels = [T("模型侧故障", "Model-side faults"), T("工具侧故障", "Tool-side faults"), T("写操作与幂等", "Writes")]
step = steps("faults", [*labels, T("被截断：length", "Cut off: length")], page_url_path=SPEC.url_path)


def run_model_fault(kind: str, times: int, retries: int, timeout: float, fallback: bool) -> Any:
    llm = faulty_chat_model(cast(FaultKind, kind), times=times, retries=retries, timeout_s=timeout)
    label, answer = T("内置教学模型 + 注入故障", "built-in model + injected fault"), fallback_answer(lang())
    tools = [build_weather_tool(lang=lang())]
    return run_question(question, lambda: tools, None, llm=llm, label=label, fallback=answer if fallback else None)


def run_tool_fault(kind: str, retry: bool) -> tuple[Any, list[dict[str, Any]]]:
    log = AttemptLog()
    faulty = make_faulty_weather_tool(cast(ToolFaultKind, kind), retry=retry, log=log, lang=lang())
    return run_question(question, lambda: [faulty], None), log.entries


if step == 1:
    st.markdown(T("**这次运行的每一次 HTTP 尝试**", "**Every HTTP attempt of this run**"))
    attempts = st.container(key="artifact")  # filled below, once the settings (from the link, too) are read
    c1, c2, c3, c4 = st.columns(4)
    with c1:  # the fault and its settings are kept in the link: a shared link reruns the same fault
        label = T("注入的故障", "Fault to inject")
        kind = sw.worded_choice("fault_kind", label, MODEL_FAULTS, "rate_limit", param="fault_kind", widget="select")
    times = int(c2.number_input(T("连续出错几次", "Failing requests"), 1, 3, 1, key="fault_times", bind=BIND))
    retries = int(c3.number_input("ChatOpenAI max_retries", 0, 3, 2, key="fault_retries", bind=BIND))
    label = T("超时（秒）", "timeout (s)")
    timeout = float(c4.number_input(label, 0.1, 5.0, 0.5, step=0.1, key="fault_timeout", bind=BIND))
    label = T("失败时给出兜底回答", "Give a fallback answer when the run fails")
    fallback = st.toggle(label, True, key="fault_fallback", bind=BIND)
    ran = st.button(T("用这个故障运行", "Run with this fault"), type="primary", key="fault_run")
    if ran or "fault_trace" not in st.session_state:  # a cold page (or a link) opens on a real run of its settings
        st.session_state["fault_trace"] = run_model_fault(kind, times, retries, timeout, fallback)
    attempts.dataframe(lesson.attempt_rows(st.session_state["fault_trace"]), hide_index=True, width="stretch")
    render_trace(st.session_state["fault_trace"], highlight="tool_call", expected_errors=True, folded=True)
    source(FaultInjector, T("故障注入的源码", "Source of the fault injector"))
elif step == 2:
    st.markdown(T("**模型收到的 ToolMessage**", "**The ToolMessage the model got back**"))
    replies = st.container(key="artifact")  # filled below, once the settings (from the link, too) are read
    log_area = st.container()
    c1, c2 = st.columns(2)
    with c1:
        label = T("工具的故障", "Tool fault")
        tool_kind = sw.worded_choice(
            "tool_fault_kind", label, TOOL_FAULTS, "transient", param="tool_fault", widget="radio"
        )
    label = T("用重试包装（只重试临时故障）", "Wrap with retries (transient only)")
    retry = c2.toggle(label, False, key="tool_fault_retry", bind=BIND)
    if c2.button(T("运行", "Run"), key="tool_fault_run", type="primary") or "tool_fault" not in st.session_state:
        st.session_state["tool_fault"] = run_tool_fault(tool_kind, retry)
    trace, entries = st.session_state["tool_fault"]
    replies.json([e.tool_message for e in trace.tool_executions], expanded=2)
    if entries:
        log_area.markdown(T("**重试包装的记录**（尝试、等待、结果）", "**Retry wrapper log** (attempt, wait, outcome)"))
        log_area.dataframe(entries, hide_index=True, width="stretch")
    render_trace(trace, highlight="tool_message", expected_errors=True, folded=True)
    source(with_retries, T("重试包装的源码", "Source of the retry wrapper"))
elif step == 3:
    said = T(
        "同一笔预约发送两次（第一次的回复“丢了”，客户端重试）。", "The same booking sent twice (a lost reply, a retry)."
    )
    st.markdown(said)
    for col, idem in zip(st.container(key="artifact").columns(2), (False, True), strict=True):
        demo = retried_write_demo(idem)
        col.subheader(T("幂等", "Idempotent") if idem else T("不幂等", "Not idempotent"), anchor=False)
        col.metric(T("表里的预约行数", "Rows in the bookings table"), len(demo["rows"]))
        col.json({"first": demo["first"], "second": demo["second"], "rows": demo["rows"]})
    source(make_booking_tool, T("写工具的源码", "Source of the write tool"))
else:  # finish_reason "length": max_tokens cuts a tool call's arguments mid-JSON
    with st.container(key="artifact"):
        truncation_view()


# ---------------------------------------------------------------- exercises
st.divider()
st.subheader(T("练习", "Exercises"), anchor=False)
draw_exercises(SPEC, lesson.EXERCISES)  # the retries' two, then the truncation's: each check runs for real
page_links(SPEC.path)
