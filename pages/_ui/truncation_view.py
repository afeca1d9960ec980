"""The faults lesson's ``finish_reason: "length"`` step: a tool call cut mid-JSON.

Everything shown comes from one real request to the built-in model with the learner's
``max_tokens`` (``lessons.course.faults.truncation``): the reply as it came back, the cut
``arguments`` string, ``AIMessage.invalid_tool_calls`` with LangChain's error, and where
LangGraph's ``tools_condition`` sends the message. Its exercise (the fewest ``max_tokens`` that do
not cut the call) is data: ``lessons.course.faults.EXERCISES``, drawn with the page's other two.
"""

from __future__ import annotations

import streamlit as st

from lessons.course import faults as lesson
from pages._ui import T, lang, source
from toolcall_lab.reliability import cut_off


def truncation_view() -> None:
    """A ``max_tokens`` budget, and what the built-in model and LangChain do with a reply it cuts."""
    low, high = lesson.MAX_TOKENS_RANGE
    budget = st.slider("max_tokens", low, high, lesson.DEFAULT_MAX_TOKENS, key="fault_max_tokens", bind="query-params")
    demo = lesson.truncation(budget, lang())
    m1, m2, m3, m4 = st.columns(4)
    m1.metric("finish_reason", str(demo.finish_reason))
    m2.metric("tool_calls", len(demo.tool_calls))
    m3.metric("invalid_tool_calls", len(demo.invalid_tool_calls))
    m4.metric(T("tools_condition 去向", "tools_condition →"), "END" if demo.next_node == "__end__" else demo.next_node)
    wire, parsed = st.columns(2, gap="large")
    with wire:
        st.markdown(T("**线上回来的 arguments（原样）**", "**The arguments string as it came back**"))
        st.code(demo.arguments if demo.arguments is not None else "—", language="json")
        choice = (demo.response_body or {}).get("choices", [{}])[0]
        st.json(choice, expanded=5)  # down to message.tool_calls[0].function.arguments
    with parsed:
        st.markdown(T("**LangChain 的 AIMessage**", "**LangChain's AIMessage**"))
        st.json({"tool_calls": demo.tool_calls, "invalid_tool_calls": demo.invalid_tool_calls}, expanded=3)
    fewest = lesson.fewest_max_tokens(lang())
    if demo.cut_off:
        st.info(
            T(
                f"**预期之中：这正是本课要看的** — max_tokens = {budget} 用完时，参数的 JSON 才写到一半"
                f"（`json.loads`：{demo.json_error}）。LangChain 把它放进 `invalid_tool_calls`，`tool_calls` 为空，"
                "tools_condition 走向 END：没有任何工具运行，运行“正常”结束却没有答案。",
                f"**Expected: this is the lesson** — max_tokens = {budget} ran out halfway through the arguments' "
                f"JSON (`json.loads`: {demo.json_error}). LangChain puts the call in `invalid_tool_calls`, "
                "`tool_calls` is empty, and tools_condition routes to END: no tool runs, and the run ends "
                "“normally” with no answer.",
            ),
            icon=":material/school:",
        )
    else:
        st.success(
            T(
                f"finish_reason = {demo.finish_reason}：调用完整，tools_condition 走向 {demo.next_node}。",
                f"finish_reason = {demo.finish_reason}: the call is whole, tools_condition routes to {demo.next_node}.",
            ),
            icon=":material/check_circle:",
        )
    st.markdown(
        T(
            f"**修复**：把 max_tokens 调高（这个问题至少要 {fewest}），并且检查 finish_reason："
            "是 `length` 就说明回复被截断，不要当作“模型没有要调用工具”。",
            f"**The fix**: raise max_tokens (this question needs at least {fewest}), and check finish_reason: "
            "`length` means the reply was cut off, not that the model wanted no tool.",
        )
    )
    source(cut_off, T("检查的源码：cut_off", "Source of the check: cut_off"), expanded=True)
    with st.expander(T("请求体（max_tokens 以 max_completion_tokens 发出）", "Request body (max_completion_tokens)")):
        st.json(demo.request_body, expanded=1)
