"""Shared pieces of the seven LangGraph pages: prose, graph pictures, live runs, super-steps.

Only pages import this module (it imports Streamlit). Every artifact shown comes from
:mod:`lessons.search_assistant.lessons` (or from the real library call it names); this
module only decides where things go on screen.

The live run
------------
While a lesson function runs a graph, :func:`live` installs a LangChain callback
handler for the current script thread (a ``ContextVar`` read by LangChain's callback
configuration, the same mechanism ``collect_runs`` uses). LangGraph reports every node
it starts with the tag ``graph:step:<n>``, so the handler knows, at that moment, which
node is running now and in which super-step. It redraws that graph with the node
highlighted, and appends one expander per finished super-step: the node, the partial
update it returned, and the State after the step (the State LangGraph hands to the next
node, or the graph's final output). Nothing is replayed or simulated: the page draws what
the runtime reports while it runs. When the lesson function returns, the page keeps the
result in session state and reruns (:func:`show_result`); the rerun renders the recorded
trace (:func:`lessons.search_assistant.lessons.trace_run`, or what the board recorded) in
the same slots, with a super-step picker that highlights the chosen node.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from lessons.content import lesson_parts
from pages._ui import T, chat_model, inert, lang, model_label, settings, show_error, source, tr  # noqa: F401
from pages._ui import loading as _loading
from pages.registry import in_section
from toolcall_lab.errors import explain_exception

# shared with the stage and tutor pages; re-exported for the graph pages
from toolcall_lab.jsonable import to_jsonable

# ---------------------------------------------------------------- text


def title(n: int) -> None:
    """The page title of LangGraph lesson ``n`` (the sidebar's own name for it)."""
    spec = in_section("graph")[n - 1]
    st.title(T(spec.zh, spec.en), anchor=False)


def prose(stem: str, part: int | None = None) -> None:
    """Render a lesson's prose; ``part`` (from 1) picks one part of a lesson cut by ``<!-- part N: … -->``."""
    parts = lesson_parts(stem, lang())
    st.markdown("\n\n".join(parts) if part is None else parts[part - 1])


def code(text: Any) -> str:
    """Inline code for markdown: backticks inside the text cannot end the span early."""
    return "`" + str(text if text is not None else "").replace("`", "'").replace("\n", " ") + "`"


def short(text: Any, limit: int = 90) -> str:
    """One line of at most ``limit`` characters."""
    line = " ".join(str(text if text is not None else "").split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def node_source(app: Any, node: str, label: str | None = None, *, expanded: bool = False) -> None:
    """The source of the function behind node ``node`` of a compiled graph."""
    func = app.builder.nodes[node].runnable.func
    source(func, label or T(f"节点 `{node}` 的源码", f"Source of node `{node}`"), expanded=expanded)


# ---------------------------------------------------------------- resources


def search_backend() -> Any:
    """The active search backend: Tavily when a key is configured, else the offline corpus."""
    from lessons.search_assistant.search import make_search

    return make_search(settings())


def uses_defaults() -> bool:
    """True when the built-in model and the offline corpus are active (cacheable runs)."""
    s = settings()
    return not s.uses_real_model and not s.tavily_api_key


def setup_caption(backend: Any | None = None) -> None:
    """Say which model and which search backend the runs on this page use."""
    backend = backend if backend is not None else search_backend()
    search = (
        T("Tavily（真实联网搜索）", "Tavily (real web search)")
        if backend.name == "tavily"
        else T("离线语料（BM25，教学用的 .example 网页）", "offline corpus (BM25 over teaching pages on .example)")
    )
    st.caption(T("模型：", "Model: ") + model_label() + " · " + T("搜索：", "Search: ") + search)


def builtin_caption() -> None:
    """Label a cached default result as coming from the built-in model and offline corpus."""
    note = T(
        "下面是内置教学模型 + 离线语料的预先运行结果（确定性，可缓存）。",
        "Shown below: a run by the built-in teaching model over the offline corpus (deterministic, cached).",
    )
    if not uses_defaults():
        note += T(
            " 侧边栏选了真实接口或配置了 Tavily：点“运行”用它们重新跑。",
            " A real endpoint or Tavily is configured: press Run to use them.",
        )
    st.caption(note)


@st.cache_resource(show_spinner=False)
def builtin_llm() -> Any:
    """The built-in teaching model (for cached default runs, whatever the sidebar says)."""
    from toolcall_lab.llm import build_chat_model

    return build_chat_model()


@st.cache_resource(show_spinner=False, max_entries=4)
def _checkpointer(setting: str) -> Any:
    from toolcall_lab.checkpointers import make_checkpointer

    return make_checkpointer(setting)


def app_checkpointer() -> tuple[Any, dict[str, str], dict[str, Any] | None]:
    """The app's configured checkpointer (``settings().checkpointer``), shared by sessions.

    Returns:
        ``(saver, description, error)``: if the setting cannot be opened (a bad path, an
        unreachable PostgreSQL) the error is explained and an ``InMemorySaver`` is used
        instead, so the page keeps working.
    """
    from toolcall_lab.checkpointers import describe
    from toolcall_lab.errors import explain

    setting = settings().checkpointer
    try:
        saver = _checkpointer(setting)
        return saver, describe(saver), None
    except Exception as exc:
        err = explain(
            "checkpointer",
            exc,
            zh="无法打开配置的检查点存储",
            en="The configured checkpointer cannot be opened",
            hint_zh="检查 CHECKPOINTER 设置（文件路径或数据库地址）；本页暂时改用 InMemorySaver。",
            hint_en="Check the CHECKPOINTER setting (file path or database URL); this page uses "
            "InMemorySaver meanwhile.",
        )
        saver = _checkpointer("memory")
        return saver, describe(saver), err.to_dict()


@st.cache_resource(show_spinner=False)
def specimen_apps() -> dict[str, Any]:
    """One compiled instance of each specimen graph, for drawing (structure only)."""
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.store.memory import InMemoryStore

    from lessons.search_assistant.agent import build_agent, make_search_web_tool
    from lessons.search_assistant.approval import build_approval_agent
    from lessons.search_assistant.original import build_original
    from lessons.search_assistant.preferences import build_preference_graph
    from lessons.search_assistant.search import default_offline_search
    from lessons.search_assistant.workflow import build_workflow

    llm, search = builtin_llm(), default_offline_search()
    return {
        "workflow": build_workflow(llm, search),
        "agent": build_agent(llm, [make_search_web_tool(search)]),
        "original": build_original(llm, search),
        "approval": build_approval_agent(llm, [], InMemorySaver()),
        "preference": build_preference_graph(InMemorySaver(), InMemoryStore(), search),
    }


def question_form(
    key: str,
    *,
    default: str,
    examples: Sequence[str] = (),
    button: str | None = None,
    icon: str = ":material/play_arrow:",
) -> str | None:
    """A question box with clickable examples; returns the question to run now, or ``None``.

    Clicking an example fills the box and runs it at once. An empty question is
    explained, not run.
    """
    q_key, go_key = f"{key}::q", f"{key}::go"
    if st.session_state.get(f"{key}::lang") != lang():  # a new language starts from its own example
        st.session_state[q_key] = default
        st.session_state[f"{key}::lang"] = lang()

    def picked() -> None:
        choice = st.session_state.get(f"{key}::pick")
        if choice:
            st.session_state[q_key] = choice
            st.session_state[go_key] = True
            st.session_state[f"{key}::pick"] = None

    if examples:
        st.pills(
            T("例子（点一下就运行）", "Examples (click to run)"), list(examples), key=f"{key}::pick", on_change=picked
        )
    with st.form(f"{key}::form", border=False, enter_to_submit=True):
        c1, c2 = st.columns([5, 1], vertical_alignment="bottom")
        c1.text_input(T("问题", "Question"), key=q_key, max_chars=500)
        submitted = c2.form_submit_button(button or T("运行", "Run"), icon=icon, width="stretch")
    go = st.session_state.pop(go_key, False)
    if not (submitted or go):
        return None
    question = str(st.session_state.get(q_key) or "").strip()
    if not question:
        st.warning(T("先输入一个问题。", "Type a question first."), icon=":material/edit:")
        return None
    return question


def repo_relative(text: str) -> str:
    """Show paths under the repository relative to it (no machine-specific prefix on screen)."""
    from toolcall_lab.checkpointers import REPO_ROOT

    return str(text).replace(str(REPO_ROOT) + "/", "")


def new_thread_id(prefix: str) -> str:
    """An unguessable thread id for this session (a full uuid4)."""
    return f"{prefix}-{uuid.uuid4()}"


# ---------------------------------------------------------------- graph pictures


def draw(app: Any, highlight: str | None = None, *, note: str | None = None, target: Any = None) -> None:
    """Draw a compiled graph from its own ``get_graph()`` (Graphviz DOT, rendered in the browser).

    Args:
        app: the compiled graph.
        highlight: a node id to fill amber (the node running now, or the step picked).
        note: a caption above the picture.
        target: a container / placeholder to draw into (default: the current one).
    """
    from lessons.search_assistant.lessons import graph_dot

    box = target.container() if target is not None else st.container()
    with box:
        if note:
            st.caption(note)
        st.graphviz_chart(graph_dot(app, highlight=highlight), width="content")


def structure_table(app: Any) -> None:
    """Nodes and edges as ``get_graph()`` reports them; conditional edges marked."""
    from lessons.search_assistant.lessons import graph_structure

    data = graph_structure(app)
    st.markdown(T("节点：", "Nodes: ") + " ".join(f"`{n}`" for n in data["nodes"]))
    st.dataframe(
        [
            {
                "source": e["source"],
                "target": e["target"],
                "kind": T("条件边（虚线）", "conditional (dashed)") if e["conditional"] else T("普通边", "plain"),
            }
            for e in data["edges"]
        ],
        hide_index=True,
        column_config={"source": T("起点", "source"), "target": T("终点", "target"), "kind": T("类型", "kind")},
    )


def picture_tabs(app: Any, highlight: str | None = None) -> None:
    """The same graph three ways: rendered DOT, rendered Mermaid, and both texts."""
    from lessons.search_assistant.lessons import graph_dot, graph_mermaid

    dot, mermaid = graph_dot(app, highlight=highlight), graph_mermaid(app, highlight=highlight)
    tabs = st.tabs(
        [
            T("Graphviz 图", "Graphviz picture"),
            T("Mermaid 图", "Mermaid picture"),
            T("DOT 文本", "DOT text"),
            "draw_mermaid()",
        ]
    )
    with tabs[0]:
        st.graphviz_chart(dot, width="content")
    with tabs[1]:
        st.mermaid_chart(mermaid, width="content")
        st.caption(
            T(
                "draw_mermaid() 给 START/END 写的是 HTML 标签（<p>…</p>），这里按原样显示。",
                "draw_mermaid() writes HTML labels for START/END (<p>…</p>); they are shown here as written.",
            )
        )
    with tabs[2]:
        st.code(dot, language="text")
    with tabs[3]:
        st.code(mermaid, language="text")


# ---------------------------------------------------------------- live runs


@dataclass
class _LiveStep:
    step: int
    node: str
    update: Any = None
    state: Any = None
    done: bool = False
    error: str | None = None


@dataclass
class Panel:
    """Where one graph is drawn on the page: its picture, step picker and step list.

    Attributes:
        key: a unique session-state namespace for the panel's widgets.
        app: the compiled graph drawn here (any instance with the same structure).
        accepts: decides whether a graph run that starts with ``(node, inputs)`` is
            this panel's (default: the node belongs to ``app``).
    """

    key: str
    app: Any
    accepts: Callable[[str, Any], bool] | None = None
    picker: Any = None
    graph: Any = None
    extra: Any = None
    steps: Any = None
    runs: list[list[_LiveStep]] = field(default_factory=list)
    nodes: frozenset[str] = frozenset()

    def owns(self, node: str, inputs: Any) -> bool:
        if self.accepts is not None:
            return self.accepts(node, inputs)
        return node in self.nodes


def panel(
    key: str, app: Any, *, accepts: Callable[[str, Any], bool] | None = None, side_by_side: bool = False
) -> Panel:
    """Reserve the slots of a graph panel in the current container.

    In order: the super-step picker, the picture, ``extra`` (a container the page may
    fill, e.g. with a verdict), and the list of super-steps. With ``side_by_side`` the
    picture sits in a narrow left column and the rest to its right (for full-width use).
    """
    p = Panel(key=key, app=app, accepts=accepts, nodes=frozenset(app.get_graph().nodes))
    if side_by_side:
        left, right = st.columns([1, 2], gap="large")
        p.graph = left.empty()
        with right:
            p.picker, p.extra, p.steps = st.empty(), st.container(), st.empty()
    else:
        p.picker, p.graph, p.extra, p.steps = st.empty(), st.empty(), st.container(), st.empty()
    return p


class _Board:
    """Receives LangGraph's node events and redraws the panels while the run goes on."""

    def __init__(self, panels: Sequence[Panel], status: Any = None) -> None:
        from streamlit.runtime.scriptrunner import get_script_run_ctx

        self.panels = list(panels)
        self.status = status
        self.ctx = get_script_run_ctx()
        self.thread = threading.current_thread()
        self.graph_runs: dict[Any, tuple[Panel, list[_LiveStep]]] = {}
        self.node_runs: dict[Any, _LiveStep] = {}
        self.lock = threading.Lock()

    # -- events (called by the callback handler) --
    def node_started(self, graph_run: Any, node_run: Any, node: str, step: int, inputs: Any) -> None:
        with self.lock:
            if graph_run not in self.graph_runs:
                owner = next((p for p in self.panels if p.owns(node, inputs)), None)
                if owner is None:
                    return
                owner.runs.append([])
                self.graph_runs[graph_run] = (owner, owner.runs[-1])
            owner, steps = self.graph_runs[graph_run]
            state = to_jsonable(inputs)
            for earlier in steps:  # the State a node receives is the State after the step before
                if earlier.state is None and earlier.step < step:
                    earlier.state = state
            live = _LiveStep(step=step, node=node)
            steps.append(live)
            self.node_runs[node_run] = live
        self._draw(owner, highlight=node, step=step)

    def node_finished(self, node_run: Any, outputs: Any, error: BaseException | None = None) -> None:
        with self.lock:
            live = self.node_runs.pop(node_run, None)
            if live is None:
                return
            live.done = True
            if error is not None:
                live.error = f"{type(error).__name__}: {error}"
            else:
                live.update = to_jsonable(outputs)
            owner = next((p for p, steps in self.graph_runs.values() if live in steps), None)
        if owner is not None:
            self._draw_steps(owner)

    def graph_finished(self, graph_run: Any, outputs: Any) -> None:
        with self.lock:
            entry = self.graph_runs.pop(graph_run, None)
            if entry is None:
                return
            owner, steps = entry
            final = to_jsonable(outputs) if isinstance(outputs, dict) else None
            for live in steps:
                if live.state is None and final is not None:
                    live.state = final
        last = steps[-1] if steps else None
        self._draw(owner, highlight=last.node if last else None, step=last.step if last else None, finished=True)

    # -- drawing --
    def _attach(self) -> None:
        if threading.current_thread() is not self.thread and self.ctx is not None:
            from streamlit.runtime.scriptrunner import add_script_run_ctx

            add_script_run_ctx(threading.current_thread(), self.ctx)

    def _draw(self, p: Panel, *, highlight: str | None, step: int | None, finished: bool = False) -> None:
        self._attach()
        if finished:
            note = T(
                f":material/check_circle: 运行结束（最后一步：`{highlight}`）",
                f":material/check_circle: run finished (last step: `{highlight}`)",
            )
        else:
            note = T(
                f":material/play_circle: 正在运行：`{highlight}` · 第 {step} 个超级步",
                f":material/play_circle: running now: `{highlight}` · super-step {step}",
            )
            if self.status is not None:
                self.status.update(label=T(f"第 {step} 步：{highlight}", f"Super-step {step}: {highlight}"))
        draw(p.app, highlight, note=note, target=p.graph)
        self._draw_steps(p)

    def _draw_steps(self, p: Panel) -> None:
        """The current graph run's super-steps as expanders; earlier runs of this action as one line each."""
        self._attach()
        with p.steps.container():
            for r, steps in enumerate(p.runs, 1):
                if len(p.runs) > 1:
                    path = " → ".join(s.node for s in steps)
                    st.caption(T(f"第 {r} 次运行：{path}", f"Run {r}: {path}"))
                if r < len(p.runs):
                    continue  # finished runs stay one line: the record is shown when the action ends
                for live in steps:
                    mark = (
                        ":material/hourglass_top:"
                        if not live.done
                        else (":material/error:" if live.error else ":material/check:")
                    )
                    with st.expander(
                        f"{mark} " + T(f"超级步 {live.step} · {live.node}", f"super-step {live.step} · {live.node}")
                    ):
                        if live.error:
                            st.warning(live.error)
                        c1, c2 = st.columns(2)
                        with c1:
                            st.caption(T("部分更新（节点返回值）", "partial update (the node's return value)"))
                            st.json(live.update if live.update is not None else {}, expanded=1)
                        with c2:
                            st.caption(T("这一步之后的 State", "State after this step"))
                            st.json(live.state if live.state is not None else {}, expanded=1)


_HOOK_NAME = "toolcall_lab_live_graph"
_HOOK_LOCK = threading.Lock()


def _hook_var() -> ContextVar:
    """The ContextVar LangChain reads a callback handler from (registered once per process)."""
    from langchain_core.tracers.context import _configure_hooks, register_configure_hook

    with _HOOK_LOCK:
        for var, *_rest in _configure_hooks:  # a page module reload must not register twice
            if var.name == _HOOK_NAME:
                return var
        var: ContextVar = ContextVar(_HOOK_NAME, default=None)
        register_configure_hook(var, True)
        return var


def _handler(board: _Board) -> Any:
    from langchain_core.callbacks import BaseCallbackHandler

    def graph_step(tags: Sequence[str] | None) -> int | None:
        for tag in tags or ():
            if tag.startswith("graph:step:"):
                return int(tag.rsplit(":", 1)[1])
        return None

    class LiveGraphHandler(BaseCallbackHandler):
        """Forward node start / end events of LangGraph runs to the board."""

        raise_error = False

        def on_chain_start(self, serialized, inputs, *, run_id, parent_run_id=None, tags=None, metadata=None, **kwargs):
            step = graph_step(tags)
            name = kwargs.get("name")
            if step is not None and parent_run_id is not None and (metadata or {}).get("langgraph_node") == name:
                board.node_started(parent_run_id, run_id, name, step, inputs)

        def on_chain_end(self, outputs, *, run_id, parent_run_id=None, **kwargs):
            if run_id in board.node_runs:
                board.node_finished(run_id, outputs)
            elif run_id in board.graph_runs:
                board.graph_finished(run_id, outputs)

        def on_chain_error(self, error, *, run_id, parent_run_id=None, **kwargs):
            if run_id in board.node_runs:
                board.node_finished(run_id, None, error)
            elif run_id in board.graph_runs:
                board.graph_finished(run_id, None)

    return LiveGraphHandler()


@contextmanager
def live(panels: Sequence[Panel], status: Any = None) -> Iterator[None]:
    """While the body runs, redraw ``panels`` as LangGraph reports each node."""
    for p in panels:
        p.runs.clear()
    board = _Board(panels, status)
    token = _hook_var().set(_handler(board))
    try:
        yield
    finally:
        _hook_var().reset(token)


def run_live(
    fn: Callable[..., Any], *args: Any, panels: Sequence[Panel] = (), label: str | None = None, **kwargs: Any
) -> tuple[Any, dict[str, Any] | None]:
    """Run a lesson function under ``st.status`` with live graph panels.

    Pages keep the result in session state and then call :func:`show_result`, which
    reruns the script: the live drawings of this run are then replaced cleanly by the
    recorded result (Streamlit keeps extra elements written earlier in the *same*
    run inside a re-filled placeholder).

    Returns:
        ``(result, None)`` or ``(None, explained_error_dict)``: a failing provider is
        explained (stage, what to try), never shown as a traceback.
    """

    with st.status(label or T("运行中……", "Running…"), expanded=False) as status:
        try:
            with live(panels, status):
                result = fn(*args, **kwargs)
        except Exception as exc:
            status.update(label=T("运行失败", "The run failed"), state="error")
            return None, explain_exception(exc).to_dict()
        status.update(label=T("完成", "Done"), state="complete")
    return result, None


def recorded(p: Panel) -> list[list[dict[str, Any]]]:
    """What the live board saw in panel ``p`` (plain data, kept in session state)."""
    return [
        [
            {"step": s.step, "node": s.node, "update": s.update, "state": s.state, "error": s.error, "model_calls": []}
            for s in run
        ]
        for run in p.runs
    ]


def show_recorded(
    p: Panel,
    runs: list[list[dict[str, Any]]] | None,
    *,
    key: str,
    names: Sequence[str] = (),
    empty_note: str | None = None,
) -> None:
    """Render the super-steps a live run recorded (for lesson functions that return no trace).

    Args:
        runs: from :func:`recorded`; one list of steps per graph run.
        names: optional labels for the runs (same order).
    """
    runs = [r for r in (runs or []) if r]
    if not runs:
        show_trace(p, None, key=key, empty_note=empty_note)
        return
    with p.picker.container():
        index = 0
        if len(runs) > 1:
            labels = [names[i] if i < len(names) else T(f"第 {i + 1} 次运行", f"run {i + 1}") for i in range(len(runs))]
            index = st.selectbox(
                T(f"这次操作里共有 {len(runs)} 次图运行", f"{len(runs)} graph runs in this action"),
                range(len(runs)),
                format_func=lambda i: f"{labels[i]} · " + " → ".join(s["node"] for s in runs[i]),
                key=f"{key}::run",
            )
        chosen = _step_picker(runs[index], key=f"{key}::{index}")
    _show_steps(p, {"steps": runs[index]}, chosen)


def show_result() -> None:
    """Rerun the page so the stored result replaces the live drawings (see :func:`run_live`)."""
    st.rerun()


# ---------------------------------------------------------------- a recorded trace, step by step


def show_trace(
    p: Panel, trace: dict[str, Any] | None, *, key: str, picker: bool = True, empty_note: str | None = None
) -> int | None:
    """Render a recorded run into a panel: step picker, highlighted graph, one expander per step.

    Args:
        p: the panel (its slots were reserved by :func:`panel`).
        trace: a :func:`~lessons.search_assistant.lessons.trace_run` result, or ``None``.
        key: widget key; change it for every new run so the picker starts at the end.
        picker: show the super-step picker.
        empty_note: a caption under the plain graph when there is no run yet.

    Returns:
        The super-step picked (``None`` without a run).
    """
    steps = (trace or {}).get("steps") or []
    if not steps:
        draw(p.app, None, note=empty_note, target=p.graph)
        p.picker.empty()
        p.steps.empty()
        if trace and trace.get("error"):
            with p.steps.container():
                show_error(trace["error"])
        return None
    chosen = steps[-1]["step"]
    if picker:
        with p.picker.container():
            chosen = _step_picker(steps, key=key)
    else:
        p.picker.empty()
    _show_steps(p, trace, chosen)
    return chosen


def _step_picker(steps: list[dict[str, Any]], *, key: str) -> int:
    numbers = [s["step"] for s in steps]
    nodes = {s["step"]: s["node"] for s in steps}
    picked = st.segmented_control(
        T("逐个超级步查看（高亮该步运行的节点）", "Step through the super-steps (the node of the step is highlighted)"),
        numbers,
        default=numbers[-1],
        key=key,
        format_func=lambda n: f"{n} · {nodes[n]}",
    )
    return picked if picked in numbers else numbers[-1]


def _show_steps(p: Panel, trace: dict[str, Any], chosen: int) -> None:
    steps = trace["steps"]
    node = next(s["node"] for s in steps if s["step"] == chosen)
    draw(
        p.app,
        node,
        note=T(f"第 {chosen} 个超级步运行的是 `{node}`", f"Super-step {chosen} ran `{node}`"),
        target=p.graph,
    )
    with p.steps.container():
        for step in steps:
            render_step(step, expanded=step["step"] == chosen)
        if trace.get("interrupts"):
            st.info(
                T("运行在 interrupt() 处暂停，等待人工决定：", "The run paused at interrupt(), waiting for a human:"),
                icon=":material/pause_circle:",
            )
            st.json(trace["interrupts"], expanded=3)
        if trace.get("error"):
            show_error(trace["error"])
            if trace.get("failed_calls"):
                st.caption(T("失败那次请求（线上原样）", "The failing request (as sent)"))
                st.json(trace["failed_calls"], expanded=2)


def render_step(step: dict[str, Any], *, expanded: bool = False) -> None:
    """One recorded super-step: node, partial update, State after, and its model calls."""
    calls = step.get("model_calls") or []
    label = T(f"超级步 {step['step']} · {step['node']}", f"super-step {step['step']} · {step['node']}")
    keys = sorted((step.get("update") or {}).keys()) if isinstance(step.get("update"), dict) else []
    if keys:
        label += T(" · 更新 ", " · updates ") + ", ".join(keys)
    if calls:
        label += T(f" · {len(calls)} 次模型调用", f" · {len(calls)} model call(s)")
    with st.expander(label, expanded=expanded, icon=":material/footprint:"):
        if step.get("error"):
            st.warning(
                T("这个节点没有正常返回：", "This node did not return normally: ") + step["error"],
                icon=":material/pause_circle:",
            )
        names = [T("部分更新", "Partial update"), T("这一步之后的 State", "State after this step")]
        names += [T(f"模型调用 {i}", f"Model call {i}") for i in range(1, len(calls) + 1)]
        tabs = st.tabs(names)
        with tabs[0]:
            st.caption(
                T(
                    "节点返回的只有这些键；LangGraph 把它们并进 State。",
                    "The node returned only these keys; LangGraph merged them into the State.",
                )
            )
            st.json(step.get("update") if step.get("update") is not None else {}, expanded=2)
        with tabs[1]:
            st.json(step.get("state") or {}, expanded=1)
        for tab, call in zip(tabs[2:], calls):
            with tab:
                render_model_call(call)


def render_model_call(call: dict[str, Any]) -> None:
    """One captured model request / response (``exchange_summary``)."""
    meta = [f"HTTP {call.get('status_code')}"]
    if call.get("latency_ms") is not None:
        meta.append(f"{call['latency_ms']:.1f} ms")
    meta.append("tools: " + (", ".join(call.get("tools") or []) or "—"))
    if call.get("response_format"):
        meta.append(f"response_format: {call['response_format']}")
    st.caption(" · ".join(meta))
    st.markdown(
        T(
            f"**发出去的 messages**（{len(call.get('request_messages') or [])} 条，线上原样）",
            f"**messages sent** ({len(call.get('request_messages') or [])}, as on the wire)",
        )
    )
    st.json(call.get("request_messages") or [], expanded=2)
    st.markdown(T("**模型的回复**", "**The model's reply**"))
    st.json(call.get("response_message") or call.get("error") or {}, expanded=3)


# ---------------------------------------------------------------- messages


def message_rows(messages: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Message dicts (``message_to_dict`` or wire shape) as table rows."""
    rows = []
    for i, m in enumerate(messages, 1):
        role = m.get("type") or m.get("role")
        calls = m.get("tool_calls") or []
        rows.append(
            {
                "#": i,
                "role": role,
                "content": short(m.get("content") or ""),
                "tool_calls": ", ".join(
                    f"{(c.get('name') or (c.get('function') or {}).get('name'))}#{c.get('id')}" for c in calls
                )
                or "",
                "tool_call_id": m.get("tool_call_id") or "",
                "id": m.get("id") or "",
            }
        )
    return rows


def message_table(messages: Sequence[dict[str, Any]], *, height: int | None = None, ids: bool = False) -> None:
    """A message list as a compact table (role, content, and tool calls / ids when there are any)."""
    rows = message_rows(messages)
    order = ["#", "role"] + (["id"] if ids else []) + ["content"]
    order += [k for k in ("tool_calls", "tool_call_id") if any(r[k] for r in rows)]
    kwargs: dict[str, Any] = {"height": height} if height else {}
    st.dataframe(
        rows,
        hide_index=True,
        column_order=order,
        column_config={
            "#": st.column_config.NumberColumn("#", width="small"),
            "role": st.column_config.TextColumn(T("角色", "role"), width="small"),
            "id": st.column_config.TextColumn("id", width="small"),
            "content": st.column_config.TextColumn(T("内容", "content"), width="large"),
            "tool_calls": st.column_config.TextColumn("tool_calls", width="medium"),
            "tool_call_id": st.column_config.TextColumn("tool_call_id", width="medium"),
        },
        **kwargs,
    )


def answer_box(text: Any) -> None:
    """The final answer text, shown as plain text (never markup)."""
    with st.chat_message("assistant", avatar=":material/smart_toy:"):
        st.text(text if text is not None else "—")


@st.cache_data(show_spinner=False, max_entries=16)
def who_decided_default(question: str) -> dict:
    """``who_decided`` on the built-in model and the offline corpus (deterministic), for pages 1 and 2."""
    from lessons.search_assistant.lessons import who_decided
    from lessons.search_assistant.search import default_offline_search

    return who_decided(builtin_llm(), question, default_offline_search())


def who_decided_page_run(
    key: str, question: str | None, backend: Any, panels: Sequence[Panel], run_area: Any, default_question: str
) -> tuple[dict, str]:
    """Pages 1 and 2: run ``who_decided`` live when asked, else show the cached default run.

    Returns ``(data, run_id)``; ``run_id`` is ``"default"`` for the cached run.
    """
    if question:
        from lessons.search_assistant.lessons import who_decided

        with run_area:
            data, err = run_live(who_decided, chat_model(), question, backend, panels=panels)
        st.session_state[key] = {"id": uuid.uuid4().hex[:8], "data": data, "error": err}
        show_result()
    mine = st.session_state.get(key)
    if mine and mine["error"]:
        with run_area:
            show_error(mine["error"])
    if mine and mine["data"]:
        return mine["data"], mine["id"]
    data = loading(who_decided_default, default_question)
    with run_area:
        builtin_caption()
    return data, "default"


def loading(fn: Callable[..., Any], *args: Any) -> Any:
    """Call a cached loader under a spinner (instant on a cache hit)."""
    return _loading(fn, *args, what=("正在运行标本……", "Running the specimen…"))
