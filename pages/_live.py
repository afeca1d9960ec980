"""The live-run panel and its timeline: ask a question, run the traced agent, show every artifact.

Every lesson page that runs an agent puts this panel beside its lesson. Heavy libraries
(LangChain, LangGraph) load inside the run, under a spinner, never on import.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from pages._ui import T, chat_model, inert, lang, model_label, settings, show_error
from pages._why import render_decision
from toolcall_lab.settings import load_settings

#: How deep a request body opens: body → tools → [0] → function → parameters.
REQUEST_DEPTH = 5
#: The shortest time between two redraws of a streamed answer's draft.
DRAFT_EVERY_S = 0.04
#: How deep a response opens: body → choices → [0] → message → tool_calls → [0] → function → arguments.
RESPONSE_DEPTH = 7


# ---------------------------------------------------------------- the trace timeline
def render_trace(
    trace: Any,
    *,
    highlight: str | None = None,
    expand_all: bool = False,
    expected_errors: bool = False,
    why_open: bool | None = None,
) -> None:
    """The timeline of one run: each model call and each tool execution with all artifacts.

    Args:
        trace: a :class:`toolcall_lab.trace.RunTrace`.
        highlight: a chain stage key (``toolcall_lab.stages.catalog``); the artifacts of that stage are opened
            and marked so a lesson page can point at "its" stage in the live run.
        expand_all: open every expander (used when a page wants the full picture).
        expected_errors: the run's errors are the lesson's demo (an injected fault): framed as expected.
        why_open: open the built-in model's decision record under each model call (default: open on the
            live run page, i.e. with no ``highlight``; folded on lesson pages).
    """
    from toolcall_lab.trace import ModelCall, ToolExecution

    head = st.container(border=True)
    head.markdown(f"**{T('问题', 'Question')}:** {inert(trace.question)}")
    # one compact line: it must fit a narrow side column as well as a full page
    head.markdown(
        f"{T('模型调用', 'Model calls')} **{len(trace.model_calls)}** · "
        f"{T('工具执行', 'Tool runs')} **{len(trace.tool_executions)}** · "
        f"{T('Token（近似）', 'Tokens (approx.)')} **{trace.total_tokens()}** · "
        f"{T('结束原因', 'Stop reason')} `{trace.stop_reason}`"
    )
    head.caption(f"{T('模型', 'Model')}: {inert(trace.model_label)}")
    mark = ":orange-background[:material/my_location:] "  # the stage the lesson is about
    for event in trace.events:
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
            tokens = (event.usage or {}).get("total_tokens", "—")
            hl = highlight in ("bind_tools", "tool_call", "round_trip")
            title = (
                f"{mark if hl else ''}{T('第 ', 'Step ')}{event.step}{T(' 步 · 模型调用', ' · model call')} — "
                f"{what} · {lat} · {tokens} tokens"
            )
            # the live run page (no highlight) opens every step; a lesson page opens its own stage
            with st.expander(title, expanded=expand_all or hl or highlight is None or event.error is not None):
                if event.error:
                    show_error(event.error, expected=expected_errors)
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
                # open the tab the lesson is about: the request for bind_tools, the reply for a tool call
                opened = request_tab if highlight == "bind_tools" else response_tab
                tabs = st.tabs([request_tab, response_tab, message_tab], default=opened)
                with tabs[0]:
                    # deep enough to show tools[0].function.parameters without a click
                    st.json(event.request_body or {}, expanded=REQUEST_DEPTH)
                with tabs[1]:
                    if isinstance(event.response_body, (dict, list)):
                        # deep enough to show choices[0].message.tool_calls[0].function.arguments
                        st.json(event.response_body, expanded=RESPONSE_DEPTH)
                    else:
                        st.code(str(event.response_body), language="text")
                with tabs[2]:
                    st.json(ai, expanded=True)
                if event.decision:
                    render_decision(event.decision, open_=highlight is None if why_open is None else why_open)
        elif isinstance(event, ToolExecution):
            status = (event.tool_message or {}).get("status") or ("error" if event.error else "—")
            hl = highlight in ("validation", "kwargs", "tool_message")
            dur = f"{event.duration_ms:.1f} ms" if event.duration_ms is not None else "—"
            title = (
                f"{mark if hl else ''}{T('第 ', 'Step ')}{event.step}{T(' 步 · 执行工具', ' · tool')} "
                f"`{event.tool_name}` · {event.tool_call_id} · {status} · {dur}"
            )
            with st.expander(title, expanded=expand_all or hl or highlight is None):
                _render_execution(event, highlight, expected=expected_errors)
    if trace.error:
        show_error(trace.error, expected=expected_errors)
    if trace.answer is not None:
        with st.chat_message("assistant"):
            st.text(trace.answer)


def _render_execution(event: Any, highlight: str | None, *, expected: bool = False) -> None:
    # an injected fault's errors are the lesson (a neutral box); anything else is a real failure (red)
    fail = st.info if expected else st.error

    def label(key: str, text: str) -> str:
        return f":orange-background[**{text}**]" if highlight == key else f"**{text}**"

    st.markdown(label("tool_call", T("① 原始 arguments（JSON 字符串）", "① raw arguments (a JSON string)")))
    st.code(event.raw_arguments if event.raw_arguments is not None else "—", language="json")
    st.markdown(label("validation", T("② json.loads 的结果", "② what json.loads made of it")))
    if event.parse_error:
        fail(event.parse_error)
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
                st.write(f"`{c['field']}`: {c['input']!r} ({c['input_type']}) → {c['output']!r} ({c['output_type']})")
        if v.defaults:
            st.caption(T("使用默认值：", "defaults applied: ") + ", ".join(v.defaults))
    else:
        fail(T("校验失败：ValidationError.errors()", "invalid: ValidationError.errors()"))
        st.json(v.errors)
    st.markdown(label("kwargs", T("④ 函数实际收到的 kwargs", "④ kwargs the function received")))
    if event.kwargs_passed is not None:
        args = ", ".join(f"{k}={json.dumps(val, ensure_ascii=False)}" for k, val in event.kwargs_passed.items())
        st.code(f"{event.tool_name}({args})", language="python")
    else:
        st.caption(T("函数没有被调用", "the function was not called"))
    if event.result_type is not None:
        st.markdown(T(f"返回值类型 `{event.result_type}`：", f"returned a `{event.result_type}`:"))
        st.code(event.result_repr or "", language="python")
    if event.error:
        fail(event.error)
    st.markdown(label("tool_message", T("⑤ 送回模型的 ToolMessage", "⑤ the ToolMessage sent back")))
    st.json(event.tool_message or {})


# ---------------------------------------------------------------- the live-run panel
def live_run_panel(
    *,
    key: str,
    tools_factory: Callable[[], Sequence[Any]],
    system: str | None = None,
    highlight: str | None = None,
    examples: Sequence[str] = (),
    use_chat_input: bool = False,
    link_param: str | None = None,
    stream: bool = False,
) -> Any:
    """Ask a question, run the traced agent, show the timeline; returns the trace (or None).

    Args:
        key: session-state namespace of this panel (one trace per panel per session).
        tools_factory: builds the tools for the run (called lazily).
        system: system prompt.
        highlight: the stage the surrounding lesson is about.
        examples: clickable example questions.
        use_chat_input: use ``st.chat_input`` (full-width pages) instead of a small form.
        link_param: a query parameter that carries the run's question (``?q=…``): a run writes it into
            the link, and a cold page whose link carries it opens on a run of that question.
        stream: stream the runs (the answer is written as its tokens arrive; every model call asks for
            ``stream: true``, and its raw response in the timeline is the server-sent events).
    """
    from toolcall_lab import trace as trace_io

    state_key = f"trace::{key}"
    question: str | None = None
    if examples:
        picked = st.pills(T("试试这些问题", "Try these"), list(examples), key=f"{key}::examples")
        if picked and st.session_state.get(f"{key}::last_pick") != picked:
            st.session_state[f"{key}::last_pick"] = picked
            question = picked
    if use_chat_input:
        typed = st.chat_input(T("问一个问题……", "Ask a question…"), key=f"{key}::chat", max_chars=2000)
    else:
        with st.form(f"{key}::form", clear_on_submit=False, border=False):
            typed_text = st.text_input(T("问题", "Question"), key=f"{key}::q", max_chars=2000)
            typed = typed_text if st.form_submit_button(T("运行", "Run")) else None
    if typed:
        question = typed
    if question:
        st.session_state[state_key] = run_question(question, _tools_of(key, tools_factory), system, stream=stream)
        if link_param:
            st.query_params[link_param] = question  # the link now re-runs this question
        from pages._classroom import publish_run  # a teacher's run is shown to the class

        publish_run(st.session_state[state_key], key)
    current = st.session_state.get(state_key)
    linked = str(st.query_params.get(link_param) or "")[:2000] if link_param else ""
    if current is None and (linked or examples) and not settings().uses_real_model:
        # a cold page (new session or a shared link) opens on a real run of the link's question or its first example
        with st.spinner(T("正在运行默认示例……", "Running the default example…")):
            current = _default_trace(key, linked or examples[0], system, lang(), _tools_of(key, tools_factory), stream)
        st.session_state[state_key] = current
    if current is not None:
        if current.model_calls and (current.model_calls[0].request_body or {}).get("stream"):
            st.caption(
                T(
                    "这次运行是流式的：每次模型调用的“原始响应”是线上原样到达的 SSE 事件（data: 行）；"
                    "AIMessage 是 LangChain 把这些块相加的结果。",
                    "This run was streamed: each model call's raw response is the server-sent events (data: lines) "
                    "exactly as they arrived; the AIMessage is what LangChain added the chunks up to.",
                )
            )
        render_trace(current, highlight=highlight)
        st.download_button(
            T("下载轨迹 JSON", "Download trace JSON"),
            data=trace_io.dumps(current).encode("utf-8"),
            file_name=f"trace-{current.run_id[:8]}.json",
            mime="application/json",
            key=f"{key}::download",
        )
    uploaded = st.file_uploader(T("打开保存过的轨迹", "Open a saved trace"), type=["json"], key=f"{key}::upload")
    if uploaded is not None and st.session_state.get(f"{key}::uploaded") != uploaded.file_id:
        st.session_state[f"{key}::uploaded"] = uploaded.file_id
        try:
            st.session_state[state_key] = trace_io.loads(uploaded.getvalue())
            st.rerun()
        except trace_io.TraceFormatError as exc:
            st.error(T(f"无法打开这个文件：{exc.zh}", f"Cannot open this file: {exc.en}"))
    return st.session_state.get(state_key)


def _tools_of(key: str, tools_factory: Callable[[], Sequence[Any]]) -> Callable[[], Sequence[Any]]:
    """A panel's tools, built once per process and language and shared by every session.

    The tools of a live panel are stateless (the lab's weather tool, 小E's read-only tools), so one
    tool set per (panel, language) serves the whole class, and the traced agent compiled for it
    (``toolcall_lab.live``) is compiled once per process instead of once per student.
    """
    language = lang()  # per language: the tools speak the learner's language
    return lambda: shared_tools(key, language, tools_factory)


@st.cache_resource(show_spinner=False, max_entries=64)
def shared_tools(key: str, language: str, _factory: Callable[[], Sequence[Any]]) -> tuple[Any, ...]:
    """The tools of panel ``key`` in ``language``: ``_factory()`` once per process, then the same objects.

    ``_factory`` must build stateless tools (it is called for the first session only); it is not
    part of the cache key (a lambda differs on every run), the panel's key and language are.
    """
    return tuple(_factory())


def run_question(
    question: str,
    tools_factory: Callable[[], Sequence[Any]],
    system: str | None,
    *,
    llm: Any = None,
    label: str | None = None,
    fallback: str | None = None,
    stream: bool = False,
) -> Any:
    """Run one question under ``st.status`` (progress per step); returns the trace.

    Args:
        question: the user's words.
        tools_factory: builds the tools (called inside the spinner: LangChain loads there).
        system: the system prompt, if any.
        llm: the chat model; by default the one the sidebar made active.
        label: the model's label in the trace (default: the active model's).
        fallback: the answer to give when the run fails (see ``run_traced``).
        stream: stream the run: the model's answer is written below the progress box token by token as
            it arrives (LangGraph's ``stream_mode="messages"``); the box is cleared when the run ends,
            and the timeline shows the finished trace.
    """
    from toolcall_lab.live import run_traced
    from toolcall_lab.trace import ModelCall

    s = settings()
    slot = st.empty()  # the progress box goes away when the run went well: no empty "Done" left behind
    writing = st.empty()  # a streamed run's answer, token by token, while the run is going
    written: dict[int, str] = {}
    shown_at = [0.0]  # when the draft was last redrawn

    def on_token(step: int, text: str) -> None:
        written[step] = written.get(step, "") + text
        if time.perf_counter() - shown_at[0] < DRAFT_EVERY_S:
            return  # at most ~25 redraws a second: a fast stream does not flood the browser
        shown_at[0] = time.perf_counter()
        with writing.container(), st.chat_message("assistant"):
            st.caption(T(f"第 {step} 步 · 模型正在写（流式）", f"Step {step} · the model is writing (streamed)"))
            st.text(written[step])

    with slot.status(T("运行中……", "Running…"), expanded=False) as status:

        def progress(event: Any) -> None:
            # called in this script's thread: run_traced hands the run's events over as the graph streams
            if isinstance(event, ModelCall):
                status.update(label=T(f"第 {event.step} 步：模型已回复", f"Step {event.step}: the model replied"))
            else:
                status.update(
                    label=T(
                        f"第 {event.step} 步：执行了 {event.tool_name}", f"Step {event.step}: ran {event.tool_name}"
                    )
                )

        with st.spinner(T("正在加载 LangChain / LangGraph……", "Loading LangChain / LangGraph…")):
            llm = chat_model() if llm is None else llm
            if stream and not s.uses_real_model:
                llm = _with_stream_usage(id(llm), llm)  # the built-in model sends usage in a last event too
            tools = list(tools_factory())
        trace = run_traced(
            question,
            llm,
            tools,
            system=system,
            lang=lang(),
            model_label=model_label() if label is None else label,
            secrets=s.secrets,
            on_event=progress,
            fallback=fallback,
            on_token=on_token if stream else None,
        )
        done = trace.stop_reason == "final"
        status.update(
            label=T("完成", "Done") if done else T("运行没有正常结束", "The run did not finish normally"),
            state="complete" if done else "error",
        )
    writing.empty()  # the timeline below shows the finished answer
    if done:
        slot.empty()
    return trace


@st.cache_resource(show_spinner=False, max_entries=8)
def _with_stream_usage(_key: int, _llm: Any) -> Any:
    """A copy of ``_llm`` that asks a stream for its usage (``stream_options.include_usage``), once per model."""
    return _llm.model_copy(update={"stream_usage": True})


@st.cache_resource(show_spinner=False, max_entries=64)
def _default_trace(
    panel: str, question: str, system: str | None, language: str, _tools_factory: Any, stream: bool = False
) -> Any:
    """The run a panel shows before the learner asks anything: its first example, on the built-in model.

    The built-in model is deterministic, so one run per (panel, question, language) serves every
    session; a cold link opens on a real run instead of an empty panel. A streaming panel's
    default run is streamed too, so its timeline shows the same kind of wire as the learner's runs.
    """
    from toolcall_lab.live import run_traced
    from toolcall_lab.llm import build_chat_model, model_label

    builtin = load_settings().with_overrides(provider="builtin")
    return run_traced(
        question,
        build_chat_model(builtin, stream_usage=stream),
        list(_tools_factory()),
        system=system,
        lang=language,
        model_label=model_label(builtin, language),
        secrets=(),
        on_token=(lambda _step, _text: None) if stream else None,  # nobody watches a cached run
    )
