"""The timeline of one traced run: each model call and each tool execution with all its artifacts.

Drawn by the live-run panel (``pages/_ui/live_run.py``) and by the pages that show a run of their own
(the faults page, "Who decides the student?", the teacher's run in a class).

Every field that came from a model, a tool or an import is hostile (a teacher's published run
reaches every student): it goes through :func:`inert` or :func:`inert_code`, or is drawn as
code, JSON or plain text — never as markdown of its own.
"""

from __future__ import annotations

import json
from typing import Any

import streamlit as st

from pages._ui import T, inert, inert_code, show_error
from pages._ui.decision import render_decision, render_outcome

#: How deep a request body opens: body → tools → [0] → function → parameters.
REQUEST_DEPTH = 5
#: How deep a response opens: body → choices → [0] → message → tool_calls → [0] → function → arguments.
RESPONSE_DEPTH = 7


def render_trace(
    trace: Any,
    *,
    highlight: str | None = None,
    expand_all: bool = False,
    expected_errors: bool = False,
    why_open: bool | None = None,
    answer_first: bool = False,
    no_fit_hint: str = "",
    folded: bool = False,
    lazy_key: str | None = None,
) -> None:
    """The timeline of one run: each model call and each tool execution with all artifacts.

    Args:
        trace: a :class:`toolcall_lab.trace.RunTrace`.
        highlight: a chain stage key (``toolcall_lab.stages.catalog``); the steps of that stage are marked so a
            lesson page can point at "its" stage in the live run, and opened unless the outcome comes first.
        expand_all: open every expander (used when a page wants the full picture).
        expected_errors: the run's errors are the lesson's demo (an injected fault): framed as expected.
        why_open: open the built-in model's decision record under each model call (default: open on the
            live run page, i.e. with no ``highlight``; folded on lesson pages).
        answer_first: the question, the answer and why the model chose its tools come first
            (:func:`pages._ui.decision.render_outcome`, with the decision records); the steps below
            are folded, and each model call opens on its ``AIMessage``: the wire (request body,
            raw response) is one tab away.
        no_fit_hint: what the outcome says to do when no tool of the run fits its question.
        folded: every step stays folded (marked, one click away) unless it failed: the page shows the run's
            artifact above the timeline itself (the faults' attempts, who decides' arguments).
        lazy_key: draw a folded step's contents only once it is opened (its expander keeps its state under
            this key, the run's id and its step; opening it reruns the panel). A class asking at once is then
            sent each answer's steps as one line each, not every request body and raw response folded inside.
    """
    from toolcall_lab.trace import ModelCall, ToolExecution

    why_open = highlight is None if why_open is None else why_open
    if answer_first:
        render_outcome(trace, why_open=why_open, expected_errors=expected_errors, no_fit_hint=no_fit_hint)
    head = st.container(border=True)
    if answer_first:  # the outcome above said the question and the answer: here is how the run got there
        said = T(
            "**这次运行的每一步**（展开一步，看它的请求体、原始响应或工具执行）",
            "**The run, step by step** (open a step for its request body, raw response or tool execution)",
        )
    else:
        said = f"**{T('问题', 'Question')}:** {inert(trace.question)}"
    # then one compact line (one markdown element, two paragraphs): it must fit a narrow side column too
    head.markdown(
        f"{said}\n\n"
        f"{T('模型调用', 'Model calls')} **{len(trace.model_calls)}** · "
        f"{T('工具执行', 'Tool runs')} **{len(trace.tool_executions)}** · "
        f"{T('Token（近似）', 'Tokens (approx.)')} **{trace.total_tokens()}** · "
        f"{T('结束原因', 'Stop reason')} {inert_code(trace.stop_reason)}"
    )
    head.caption(f"{T('模型', 'Model')}: {inert(trace.model_label)}")
    mark = ":orange-background[:material/my_location:] "  # the stage the lesson is about
    for index, event in enumerate(trace.events):
        key = f"{lazy_key}-{trace.run_id[:12]}-{index}" if lazy_key else None
        if isinstance(event, ModelCall):
            ai = event.ai_message or {}
            calls = ai.get("tool_calls") or []
            what = (
                T(f"请求调用 {len(calls)} 个工具", f"asks for {len(calls)} tool call(s)")
                if calls
                else T("给出回答", "answers")
                if ai
                else T("失败", "failed")
            )
            lat = f"{event.latency_ms:.1f} ms" if event.latency_ms is not None else "—"
            tokens = inert((event.usage or {}).get("total_tokens", "—"))  # the endpoint's own number, or not one
            hl = highlight in ("bind_tools", "tool_call", "round_trip")
            title = (
                f"{mark if hl else ''}{T('第 ', 'Step ')}{inert(event.step)}{T(' 步 · 模型调用', ' · model call')} — "
                f"{what} · {lat} · {tokens} tokens"
            )
            # a lesson page opens its own stage; without one every step opens, unless the outcome came first (then
            # every step is marked and folded: the page shows its stage's artifact itself, once, issue 22)
            opened_here = highlight is None and not answer_first and not folded
            opened_hl = hl and not answer_first and not folded
            box, draw = _step(title, expand_all or opened_hl or opened_here or event.error is not None, key)
            with box:
                if draw:
                    _render_model_call(
                        event,
                        highlight,
                        answer_first=answer_first,
                        why_open=why_open,
                        expected=expected_errors,
                        marked=hl,
                    )
        elif isinstance(event, ToolExecution):
            status = inert((event.tool_message or {}).get("status") or ("error" if event.error else "—"))
            hl = highlight in ("validation", "kwargs", "tool_message")
            dur = f"{event.duration_ms:.1f} ms" if event.duration_ms is not None else "—"
            title = (
                f"{mark if hl else ''}{T('第 ', 'Step ')}{inert(event.step)}{T(' 步 · 执行工具', ' · tool')} "
                f"{inert_code(event.tool_name)} · {inert_code(event.tool_call_id)} · {status} · {dur}"
            )
            unfold = (hl or highlight is None) and not answer_first and not folded
            box, draw = _step(title, expand_all or unfold, key)
            with box:
                if draw:
                    _render_execution(event, highlight, expected=expected_errors)
    if answer_first:
        return
    if trace.error:
        show_error(trace.error, expected=expected_errors)
    if trace.answer is not None:
        with st.chat_message("assistant"):
            st.text(trace.answer)


def _step(title: str, expanded: bool, key: str | None) -> tuple[Any, bool]:
    """A step's expander, and whether to draw its contents in this run.

    Without a key, or opened, the step draws everything (folded content is sent too, as Streamlit does).
    With a key, a folded step tracks its state and draws its contents only when the learner opens it:
    the click reruns the panel, and the line below shows for that moment.
    """
    if key is None or expanded:
        return st.expander(title, expanded=expanded), True
    box = st.expander(title, expanded=False, key=key, on_change="rerun")
    if box.open:
        return box, True
    box.caption(f":material/progress_activity: {T('正在打开这一步……', 'Opening this step…')}")
    return box, False


def _render_model_call(
    event: Any, highlight: str | None, *, answer_first: bool, why_open: bool, expected: bool, marked: bool
) -> None:
    """One model call's artifacts: its error and attempts, then the request body, raw response and AIMessage."""
    ai = event.ai_message or {}
    if event.error:
        show_error(event.error, expected=expected)
    if event.attempts > 1 or event.error:
        st.caption(
            T(
                f"客户端共尝试 {event.attempts} 次（每次尝试、等待和结果）：",
                f"The client made {event.attempts} attempt(s) (each attempt, wait and outcome):",
            )
        )
        st.dataframe(event.attempt_log, hide_index=True, width="stretch")
    request_tab, response_tab, message_tab = (
        T("请求体（线上原样）", "Request body (as sent)"),
        T("原始响应", "Raw response"),
        "AIMessage",
    )
    # open the tab the lesson is about: the request for bind_tools, the reply for a tool call;
    # after the outcome, what LangChain made of the reply (the wire is a tab away)
    opened = request_tab if highlight == "bind_tools" else message_tab if answer_first and not marked else response_tab
    tabs = st.tabs([request_tab, response_tab, message_tab], default=opened)
    with tabs[0]:
        # deep enough to show tools[0].function.parameters without a click
        st.json(event.request_body or {}, expanded=REQUEST_DEPTH)
    with tabs[1]:
        if isinstance(event.response_body, (dict, list)):
            # deep enough to show choices[0].message.tool_calls[0].function.arguments
            st.json(event.response_body, expanded=RESPONSE_DEPTH)
        else:
            if str(event.response_body).startswith("data:"):
                st.caption(
                    T(
                        "这次调用是流式的：下面是线上原样到达的 SSE 事件（data: 行）；"
                        "AIMessage 是 LangChain 把这些块相加的结果。",
                        "This call was streamed: below are the server-sent events (data: lines) exactly "
                        "as they arrived; the AIMessage is what LangChain added the chunks up to.",
                    )
                )
            st.code(str(event.response_body), language="text", wrap_lines=True)
    with tabs[2]:
        st.json(ai, expanded=True)
    if event.decision and not answer_first:  # after the outcome, the record stands up there
        render_decision(event.decision, open_=why_open)


def _render_execution(event: Any, highlight: str | None, *, expected: bool = False) -> None:
    # an injected fault's errors are the lesson (a neutral box); anything else is a real failure (red)
    fail = st.info if expected else st.error

    def label(key: str, text: str) -> str:
        return f":orange-background[**{text}**]" if highlight == key else f"**{text}**"

    st.markdown(label("tool_call", T("① 原始 arguments（JSON 字符串）", "① raw arguments (a JSON string)")))
    st.code(event.raw_arguments if event.raw_arguments is not None else "—", language="json", wrap_lines=True)
    st.markdown(label("validation", T("② json.loads 的结果", "② what json.loads made of it")))
    if event.parse_error:
        fail(inert(event.parse_error))
    else:
        st.json(event.parsed_args if event.parsed_args is not None else {})
    st.markdown(label("validation", T("③ Pydantic 校验", "③ Pydantic validation")))
    v = event.validation
    if v is None:
        st.caption("—")
    elif v.ok:
        st.success(T("校验通过", "valid"))
        if v.coercions:
            for c in v.coercions:
                st.markdown(
                    f"{inert_code(c.get('field'))}: {inert(repr(c.get('input')))} ({inert(c.get('input_type'))}) → "
                    f"{inert(repr(c.get('output')))} ({inert(c.get('output_type'))})"
                )
        if v.defaults:
            st.caption(T("使用默认值：", "defaults applied: ") + ", ".join(inert_code(d) for d in v.defaults))
    else:
        fail(T("校验失败：ValidationError.errors()", "invalid: ValidationError.errors()"))
        st.json(v.errors)
    st.markdown(label("kwargs", T("④ 函数实际收到的 kwargs", "④ kwargs the function received")))
    if event.kwargs_passed is not None:
        args = ", ".join(f"{k}={json.dumps(val, ensure_ascii=False)}" for k, val in event.kwargs_passed.items())
        st.code(f"{event.tool_name}({args})", language="python", wrap_lines=True)
    else:
        st.caption(T("函数没有被调用", "the function was not called"))
    if event.result_type is not None:
        kind = inert_code(event.result_type)
        st.markdown(T(f"返回值类型 {kind}：", f"returned a {kind}:"))
        st.code(event.result_repr or "", language="python", wrap_lines=True)
    if event.error:
        fail(inert(event.error))
    st.markdown(label("tool_message", T("⑤ 送回模型的 ToolMessage", "⑤ the ToolMessage sent back")))
    st.json(event.tool_message or {})
