"""The live-run panel: ask a question, run the traced agent, show every artifact (``pages/_ui/timeline.py``).

Every lesson page that runs an agent puts this panel beside its lesson. Heavy libraries
(LangChain, LangGraph) load inside the run, under a spinner, never on import.
"""

from __future__ import annotations

import functools
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any

import streamlit as st

from pages._ui import T, chat_model, inert, inert_code, lang, model_label, settings
from pages._ui.timeline import render_trace
from toolcall_lab.settings import load_settings

#: The shortest time between two redraws of a streamed answer's draft.
DRAFT_EVERY_S = 0.04
#: the progress note is redrawn at most this often (a slow real model still shows each step as it comes)
NOTE_EVERY_S = 0.1


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
    tools_key: str = "",
    no_fit_hint: str = "",
    wire: str = "chat",
    lazy_steps: bool = False,
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
        tools_key: names the tool set ``tools_factory`` builds, when a page lets the learner choose
            it (the live run's ``?tools=``): its tools are cached under it, and a trace made with
            another set is not shown as this one's (a cold run of the link's question replaces it).
        no_fit_hint: what the outcome says when none of the tools fits a question.
        wire: the wire the model is reached by (``toolcall_lab.wires.live_wires``: ``chat`` as always,
            ``responses``, ``anthropic``, ``gemini``); a trace made on another wire is not this one's.
        lazy_steps: a folded step of the timeline draws its artifacts only when opened (for a panel inside a
            fragment, where opening it reruns the panel alone: ``pages/live_run.py``).

    The outcome comes first: the answer and why the model chose its tools, then the steps, folded,
    with the wire (request bodies, raw responses) a tab away inside each.
    """
    from toolcall_lab import trace as trace_io

    state_key = f"trace::{key}"
    made_with = f"{key}::tools_key"  # the tool set of the trace kept under state_key
    tools_of = _tools_of(f"{key}/{tools_key}" if tools_key else key, tools_factory)
    made = tools_key if wire == "chat" else f"{tools_key}|{wire}"  # a run on another wire is not this one
    if st.session_state.get(made_with, "") != made:
        st.session_state.pop(state_key, None)  # made with another tool set: not this set's run
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
        on_wire = {} if wire == "chat" else {"llm": wire_model(wire, settings()), "label": wire_label(wire)}
        st.session_state[state_key] = run_question(
            question, tools_of, system, stream=stream and wire in ("chat", "responses"), **on_wire
        )
        if link_param:
            st.query_params[link_param] = question  # the link now re-runs this question
        from pages._ui.classroom import publish_run  # a teacher's run is shown to the class

        publish_run(st.session_state[state_key], key)
    current = st.session_state.get(state_key)
    linked = str(st.query_params.get(link_param) or "")[:2000] if link_param else ""
    if current is None and (linked or examples) and not settings().uses_real_model:
        # a cold page (new session or a shared link) opens on a real run of the link's question or its first example
        with _loading(T("正在运行默认示例……", "Running the default example…")):
            panel = f"{key}/{tools_key}" if tools_key else key
            asked = (panel, linked or examples[0], system, lang(), tools_of, stream)
            # chat: the call the server's warm-up makes (pages/serving/warm.py), so its cached run is this one
            current = default_trace(*asked) if wire == "chat" else default_trace(*asked, wire)
        st.session_state[state_key] = current
    st.session_state[made_with] = made
    if current is not None:
        render_trace(
            current,
            highlight=highlight,
            answer_first=True,
            no_fit_hint=no_fit_hint,
            lazy_key=f"{key}::step" if lazy_steps else None,
        )
        st.download_button(
            T("下载轨迹 JSON", "Download trace JSON"),
            data=functools.partial(_trace_json, current),  # made when clicked, not on every run
            file_name=f"trace-{current.run_id[:8]}.json",
            mime="application/json",
            key=f"{key}::download",
        )
    uploaded = st.file_uploader(
        T("打开保存过的轨迹", "Open a saved trace"),
        type=["json"],
        key=f"{key}::upload",
        help=T(
            "选择之前下载的轨迹 JSON 文件，在这里重看那次运行。",
            "Choose a trace JSON file downloaded before to replay that run here.",
        ),
    )
    if uploaded is not None and st.session_state.get(f"{key}::uploaded") != uploaded.file_id:
        st.session_state[f"{key}::uploaded"] = uploaded.file_id
        try:
            st.session_state[state_key] = trace_io.loads(uploaded.getvalue())
            st.rerun()
        except trace_io.TraceFormatError as exc:
            st.error(T(f"无法打开这个文件：{inert(exc.zh)}", f"Cannot open this file: {inert(exc.en)}"))
    return st.session_state.get(state_key)


def panel_tools(key: str, tools_key: str, tools_factory: Callable[[], Sequence[Any]]) -> tuple[Any, ...]:
    """The tools a panel (``key``, with tool set ``tools_key``) gives the model: the same objects its runs use."""
    with _loading(T("正在加载 LangChain……", "Loading LangChain…")):
        return tuple(_tools_of(f"{key}/{tools_key}" if tools_key else key, tools_factory)())


def _loading(text: str) -> AbstractContextManager[Any]:
    """A spinner while LangChain is still to be imported (seconds); nothing once it is (a run: ~0.1 s).

    ``st.spinner`` starts a timer thread each time it is entered: a class asking at once made 60 of them.
    """
    return st.spinner(text) if "langchain_openai" not in sys.modules else nullcontext()


def _trace_json(trace: Any) -> bytes:
    """The trace as JSON for its download button: Streamlit calls this when the learner clicks, not on each run."""
    from toolcall_lab import trace as trace_io

    return trace_io.dumps(trace).encode("utf-8")


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
    """Run one question with a progress note (one line per step); returns the trace.

    Args:
        question: the user's words.
        tools_factory: builds the tools (called inside the spinner: LangChain loads there).
        system: the system prompt, if any.
        llm: the chat model; by default the one the sidebar made active.
        label: the model's label in the trace (default: the active model's).
        fallback: the answer to give when the run fails (see ``run_traced``).
        stream: stream the run: a real model's answer is written below the progress note token by token as
            it arrives (LangGraph's ``stream_mode="messages"``); the note is cleared when the run ends,
            and the timeline shows the finished trace (with the stream's events as its raw responses).
    """
    from toolcall_lab.live import run_traced
    from toolcall_lab.trace import ModelCall

    s = settings()
    slot = st.empty()  # the progress note
    # a real model's tokens come over seconds: the learner watches its draft grow below the note. The built-in
    # model's whole stream arrives within milliseconds (its events are in the timeline): no draft to watch, and
    # none drawn — under a class of 60 asking at once each answer's stream stretched over the others' runs and
    # redrew its draft again and again
    live_draft = stream and s.uses_real_model
    writing = st.empty() if live_draft else None  # a streamed run's answer, token by token, while the run is going
    written: dict[int, str] = {}
    shown_at = [0.0]  # when the draft was last redrawn

    def on_token(step: int, text: str) -> None:
        written[step] = written.get(step, "") + text
        if writing is None or time.perf_counter() - shown_at[0] < DRAFT_EVERY_S:
            return  # at most ~25 redraws a second: a fast stream does not flood the browser
        shown_at[0] = time.perf_counter()
        with writing.container(), st.chat_message("assistant"):
            st.caption(T(f"第 {step} 步 · 模型正在写（流式）", f"Step {step} · the model is writing (streamed)"))
            st.text(written[step])

    # a one-line progress note, not st.status: st.status sleeps 50 ms when it is made (Streamlit 1.67),
    # which every answer of a class asking at once would wait for
    noted_at = [0.0]  # when the note was last redrawn

    def note(text: str) -> None:
        if time.perf_counter() - noted_at[0] < NOTE_EVERY_S:
            return  # a fast run (the built-in model: ~40 ms) shows "Running…" and its result, not every step
        noted_at[0] = time.perf_counter()
        slot.caption(f":material/progress_activity: {text}")

    note(T("运行中……", "Running…"))

    def progress(event: Any) -> None:
        # called in this script's thread: run_traced hands the run's events over as the graph streams
        if isinstance(event, ModelCall):
            note(T(f"第 {event.step} 步：模型已回复", f"Step {event.step}: the model replied"))
        else:
            name = inert_code(event.tool_name)  # the model's words: a code span, never markup
            note(T(f"第 {event.step} 步：执行了 {name}", f"Step {event.step}: ran {name}"))

    with _loading(T("正在加载 LangChain / LangGraph……", "Loading LangChain / LangGraph…")):
        llm = chat_model() if llm is None else llm
        if stream and not s.uses_real_model:
            llm = with_stream_usage(id(llm), llm)  # the built-in model sends usage in a last event too
        tools = list(tools_factory())
    trace = run_traced(
        question,
        llm,
        tools,
        system=system,
        lang=lang(),
        model_label=model_label() if label is None else label,
        secrets=s.secrets if s.uses_real_model else (),  # the built-in model is sent no key: none to scrub
        on_event=progress,
        fallback=fallback,
        on_token=on_token if stream else None,
    )
    done = trace.stop_reason == "final"
    if writing is not None:
        writing.empty()  # the timeline below shows the finished answer
    if done:
        slot.empty()  # the progress note goes away when the run went well: no empty "Done" left behind
    else:
        slot.warning(T("运行没有正常结束", "The run did not finish normally"), icon=":material/error:")
    return trace


@st.cache_resource(show_spinner=False, max_entries=8)
def with_stream_usage(_key: int, _llm: Any) -> Any:
    """A copy of ``_llm`` that asks a stream for its usage (``stream_options.include_usage``), once per model."""
    return _llm.model_copy(update={"stream_usage": True})


@st.cache_resource(show_spinner=False, max_entries=64)
def default_trace(
    panel: str,
    question: str,
    system: str | None,
    language: str,
    _tools_factory: Any,
    stream: bool = False,
    wire: str = "chat",
) -> Any:
    """The run a panel shows before the learner asks anything: its first example, on the built-in model.

    The built-in model is deterministic, so one run per (panel, question, language) serves every
    session; a cold link opens on a real run instead of an empty panel. A streaming panel's
    default run is streamed too, so its timeline shows the same kind of wire as the learner's runs.
    """
    from toolcall_lab.live import run_traced
    from toolcall_lab.llm import build_chat_model, model_label

    builtin = load_settings().with_overrides(provider="builtin")
    if wire != "chat":
        from toolcall_lab.wires.live_wires import wire_chat_model

        llm = wire_chat_model(wire, builtin)
        return run_traced(question, llm, list(_tools_factory()), system=system, lang=language,
                          model_label=wire_label(wire, language), secrets=())  # fmt: skip
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


@st.cache_resource(show_spinner=False, max_entries=16)
def wire_model(wire: str, s: Any) -> Any:
    """The chat model of a non-default wire (``toolcall_lab.wires.live_wires``), once per wire and settings.

    The settings are part of the key, as for ``cached_chat_model``: a session's endpoint is never another's.
    """
    from toolcall_lab.wires.live_wires import wire_chat_model

    return wire_chat_model(wire, s)


def wire_label(wire: str, language: str | None = None) -> str:
    """The trace's model label on a wire: the built-in model on Anthropic or Gemini, the session's on Responses."""
    from toolcall_lab.llm import model_label as label

    on = {"responses": "Responses API", "anthropic": "Anthropic Messages", "gemini": "Gemini"}.get(wire, "")
    base = label(settings(), language or lang()) if wire == "responses" else label(None, language or lang())
    return f"{base} · {on}" if on else base
