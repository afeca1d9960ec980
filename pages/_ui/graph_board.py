"""The graph board of the LangGraph pages: a graph picture, its super-steps, live and recorded.

Only pages import this module (it imports Streamlit). It renders records, nothing else:

* while a lesson runs, :func:`run_live` iterates the lesson's generator of run records
  (:mod:`toolcall_lab.graph_run`: LangGraph's public ``stream`` turned into typed records)
  and redraws each panel as a record arrives — the node running now highlighted, one
  expander per node of the run so far. Nothing is replayed or simulated, and nothing
  runs in another thread: the records arrive while the graph runs, in this script.
* afterwards the page keeps the result in session state and reruns (:func:`show_result`);
  the rerun renders the recorded trace in the same slots (:func:`show_trace`,
  :func:`show_recorded`), with a super-step picker that highlights the chosen node.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, TypeVar

import streamlit as st

from pages._ui import T, show_error
from toolcall_lab.errors import explain_exception
from toolcall_lab.graph import CompiledGraph, edges_text, graph_dot
from toolcall_lab.graph_records import GraphTrace, NodeFinished, NodeStarted, RunEnded, RunEvent, RunStarted, StateAfter
from toolcall_lab.graph_run import LiveRun

R = TypeVar("R")

# ---------------------------------------------------------------- pictures


def draw(app: CompiledGraph, highlight: str | None = None, *, note: str | None = None, target: Any = None) -> None:
    """Draw a compiled graph from its own ``get_graph()`` (Graphviz DOT, rendered in the browser).

    Args:
        app: the compiled graph.
        highlight: a node id to fill amber (the node running now, or the step picked).
        note: a caption above the picture.
        target: a placeholder to draw into (default: the current container).
    """
    box = target.container() if target is not None else st.container()
    with box:
        if note:
            st.caption(note)
        st.graphviz_chart(graph_dot(app, highlight=highlight), width="content", alt=graph_alt(app))


def graph_alt(app: CompiledGraph) -> str:
    """The picture's accessible name: its edges as ``get_graph()`` reports them, in words a screen reader reads."""
    return T("图（来自 get_graph()）：", "The graph (from get_graph()): ") + edges_text(app)


# ---------------------------------------------------------------- panels


@dataclass
class LiveStep:
    """A node of a run as the board has seen it so far."""

    step: int
    node: str
    status: str = "running"  # then "done", "error" or "interrupted"
    update: Any = None
    state: Any = None
    error: str | None = None


@dataclass
class Panel:
    """Where one graph is drawn on the page: its step picker, picture, extra slot and step list.

    Attributes:
        key: a unique session-state namespace for the panel's widgets.
        app: the compiled graph drawn here (any instance with the same structure).
        graphs: the run labels (``graph=`` of :func:`~toolcall_lab.graph_run.run_steps`)
            drawn here; empty means every run.
    """

    key: str
    app: CompiledGraph
    graphs: frozenset[str] = frozenset()
    picker: Any = None
    graph: Any = None
    extra: Any = None
    steps: Any = None
    runs: list[list[LiveStep]] = field(default_factory=list)

    def shows(self, label: str) -> bool:
        """Whether runs labelled ``label`` are drawn in this panel."""
        return not self.graphs or label in self.graphs


def panel(key: str, app: CompiledGraph, *, graphs: Sequence[str] = (), side_by_side: bool = False) -> Panel:
    """Reserve the slots of a graph panel in the current container.

    In order: the super-step picker, the picture, ``extra`` (a container the page may
    fill, e.g. with a verdict), and the list of super-steps. With ``side_by_side`` the
    picture sits in a narrow left column and the rest to its right (for full-width use).
    """
    p = Panel(key=key, app=app, graphs=frozenset(graphs))
    if side_by_side:
        # the frame's stylesheet stacks the two when the right one would be under 400 px (.st-key-beside-*)
        left, right = st.container(key=f"beside-{key}").columns([1, 2], gap="large")
        p.graph = left.empty()
        with right:
            p.picker, p.extra, p.steps = st.empty(), st.container(), st.empty()
    else:
        p.picker, p.graph, p.extra, p.steps = st.empty(), st.empty(), st.container(), st.empty()
    return p


# ---------------------------------------------------------------- the live board

_MARKS = {
    "running": ":material/hourglass_top:",
    "done": ":material/check:",
    "error": ":material/error:",
    "interrupted": ":material/pause_circle:",
}


class _Board:
    """Redraws the panels from the run records, one record at a time."""

    def __init__(self, panels: Sequence[Panel], status: Any) -> None:
        self.panels, self.status = list(panels), status
        self.runs: dict[str, tuple[Panel, list[LiveStep]]] = {}  # run id -> its panel and its steps

    def show(self, event: RunEvent) -> None:
        if isinstance(event, RunStarted):
            owner = next((p for p in self.panels if p.shows(event.graph)), None)
            if owner is not None:
                owner.runs.append([])
                self.runs[event.run] = (owner, owner.runs[-1])
            return
        if event.run not in self.runs:
            return  # a run no panel draws
        p, steps = self.runs[event.run]
        if isinstance(event, NodeStarted):
            steps.append(LiveStep(event.step, event.node))
            self.status.update(label=T(f"第 {event.step} 步：{event.node}", f"Super-step {event.step}: {event.node}"))
            note = T(
                f":material/play_circle: 正在运行：`{event.node}` · 第 {event.step} 个超级步",
                f":material/play_circle: running now: `{event.node}` · super-step {event.step}",
            )
            draw(p.app, event.node, note=note, target=p.graph)
        elif isinstance(event, NodeFinished):
            live = next((s for s in reversed(steps) if (s.step, s.node) == (event.step, event.node)), None)
            if live is not None:
                live.status, live.update, live.error = event.status, event.update, event.error
        elif isinstance(event, StateAfter):
            for live in steps:  # the State after a super-step is the State its nodes produced
                if live.state is None and live.step <= event.step:
                    live.state = event.state
        elif isinstance(event, RunEnded):
            last = steps[-1].node if steps else None
            note = T(
                f":material/check_circle: 运行结束（最后一步：`{last}`）",
                f":material/check_circle: run finished (last step: `{last}`)",
            )
            draw(p.app, last, note=note, target=p.graph)
        self._draw_steps(p)

    def _draw_steps(self, p: Panel) -> None:
        """The current run's nodes as expanders; earlier runs of this action as one line each."""
        with p.steps.container():
            for r, steps in enumerate(p.runs, 1):
                if len(p.runs) > 1:
                    path = " → ".join(s.node for s in steps)
                    st.caption(T(f"第 {r} 次运行：{path}", f"Run {r}: {path}"))
                if r < len(p.runs):
                    continue  # finished runs stay one line: the record is shown when the action ends
                for live in steps:
                    label = T(f"超级步 {live.step} · {live.node}", f"super-step {live.step} · {live.node}")
                    with st.expander(f"{_MARKS[live.status]} {label}"):
                        if live.error:
                            st.warning(live.error)
                        c1, c2 = st.columns(2)
                        with c1:
                            st.caption(T("部分更新（节点返回值）", "partial update (the node's return value)"))
                            st.json(live.update if live.update is not None else {}, expanded=1)
                        with c2:
                            st.caption(T("这一步之后的 State", "State after this step"))
                            st.json(live.state if live.state is not None else {}, expanded=1)


class Ran(NamedTuple, Generic[R]):
    """What :func:`run_live` hands back: the lesson's result, each run's trace by label, or the error."""

    result: R | None
    traces: dict[str, list[GraphTrace]]
    error: dict[str, Any] | None


def run_live(events: Generator[RunEvent, None, R], *, panels: Sequence[Panel] = (), label: str | None = None) -> Ran[R]:
    """Follow a lesson's run records under ``st.status``, redrawing ``panels`` as each arrives.

    Pages keep the result in session state and then call :func:`show_result`, which
    reruns the script: the live drawings are then replaced cleanly by the recorded result.
    A failing provider is explained (stage, what to try), never shown as a traceback.
    """
    for p in panels:
        p.runs.clear()
    live = LiveRun(events)
    with st.status(label or T("运行中……", "Running…"), expanded=False) as status:
        board = _Board(panels, status)
        try:
            for event in live:
                board.show(event)
        except Exception as exc:  # the lesson raised: explain it, keep the page
            status.update(label=T("运行失败", "The run failed"), state="error")
            return Ran(None, live.traces, explain_exception(exc).to_dict())
        status.update(label=T("完成", "Done"), state="complete")
    return Ran(live.result, live.traces, None)


def show_result() -> None:
    """Rerun the page so the stored result replaces the live drawings (see :func:`run_live`)."""
    st.rerun()


# ---------------------------------------------------------------- a recorded run, step by step


def show_trace(
    p: Panel, trace: GraphTrace | None, *, key: str, picker: bool = True, empty_note: str | None = None
) -> int | None:
    """Render a recorded run into a panel: step picker, highlighted graph, one expander per step.

    Args:
        p: the panel (its slots were reserved by :func:`panel`).
        trace: a :func:`~toolcall_lab.graph_run.trace_run` result, or ``None``.
        key: widget key; change it for every new run so the picker starts at the end.
        picker: show the super-step picker.
        empty_note: a caption under the plain graph when there is no run yet.

    Returns:
        The super-step picked (``None`` without a run).
    """
    steps = trace["steps"] if trace else []
    if not trace or not steps:
        draw(p.app, None, note=empty_note, target=p.graph)
        p.picker.empty()
        p.steps.empty()
        if trace and trace["error"]:
            with p.steps.container():
                show_error(trace["error"])
        return None
    chosen = steps[-1]["step"]
    if picker:
        with p.picker.container():
            chosen = _step_picker(steps, key=key)
    else:
        p.picker.empty()
    _show_steps(p, steps, chosen, trace)
    return chosen


def show_recorded(
    p: Panel,
    runs: list[list[Any]] | None,
    *,
    key: str,
    names: Sequence[str] = (),
    empty_note: str | None = None,
) -> None:
    """Render the steps of several recorded runs (one lesson action), with a run picker.

    Args:
        runs: the ``steps`` of each run's trace, in order.
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
                placeholder=T("选一次运行", "Choose a run"),
            )
        chosen = _step_picker(runs[index], key=f"{key}::{index}")
    _show_steps(p, runs[index], chosen, None)


def _step_picker(steps: list[Any], *, key: str) -> int:
    numbers: list[int] = [s["step"] for s in steps]
    nodes = {s["step"]: s["node"] for s in steps}
    picked = st.segmented_control(
        T("逐个超级步查看（高亮该步运行的节点）", "Step through the super-steps (the node of the step is highlighted)"),
        numbers,
        default=numbers[-1],
        key=key,
        format_func=lambda n: f"{n} · {nodes[n]}",
    )
    return picked if picked is not None and picked in numbers else numbers[-1]


def _show_steps(p: Panel, steps: list[Any], chosen: int, trace: GraphTrace | None) -> None:
    node = next(s["node"] for s in steps if s["step"] == chosen)
    note = T(f"第 {chosen} 个超级步运行的是 `{node}`", f"Super-step {chosen} ran `{node}`")
    draw(p.app, node, note=note, target=p.graph)
    # a step the learner picked opens; on arrival (the last step) all stay folded under the picture that
    # highlights it, one click away (issue 22: five screens at most before the exercises)
    opened = chosen if chosen != steps[-1]["step"] else None
    with p.steps.container():
        for step in steps:
            render_step(step, expanded=step["step"] == opened)
        if trace and trace["interrupts"]:
            st.info(
                T("运行在 interrupt() 处暂停，等待人工决定：", "The run paused at interrupt(), waiting for a human:"),
                icon=":material/pause_circle:",
            )
            st.json(trace["interrupts"], expanded=3)
        if trace and trace["error"]:
            show_error(trace["error"])
            if trace["failed_calls"]:
                st.caption(T("失败那次请求（线上原样）", "The failing request (as sent)"))
                st.json(trace["failed_calls"], expanded=2)


def render_step(step: Any, *, expanded: bool = False) -> None:
    """One recorded step: node, partial update, State after, and its model calls."""
    calls = step.get("model_calls") or []
    label = T(f"超级步 {step['step']} · {step['node']}", f"super-step {step['step']} · {step['node']}")
    update = step.get("update")
    if isinstance(update, dict) and update:
        label += T(" · 更新 ", " · updates ") + ", ".join(sorted(update))
    if calls:
        label += T(f" · {len(calls)} 次模型调用", f" · {len(calls)} model call(s)")
    with st.expander(label, expanded=expanded, icon=":material/footprint:"):
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
            st.json(update if update is not None else {}, expanded=2)
        with tabs[1]:
            st.json(step.get("state") or {}, expanded=1)
        for tab, call in zip(tabs[2:], calls, strict=True):
            with tab:
                render_model_call(call)


def render_model_call(call: Any) -> None:
    """One captured model request / response (``exchange_summary``)."""
    meta = [f"HTTP {call.get('status_code')}"]
    if call.get("latency_ms") is not None:
        meta.append(f"{call['latency_ms']:.1f} ms")
    meta.append("tools: " + (", ".join(call.get("tools") or []) or "—"))
    if call.get("response_format"):
        meta.append(f"response_format: {call['response_format']}")
    st.caption(" · ".join(meta))
    sent = call.get("request_messages") or []
    st.markdown(
        T(f"**发出去的 messages**（{len(sent)} 条，线上原样）", f"**messages sent** ({len(sent)}, as on the wire)")
    )
    st.json(sent, expanded=2)
    st.markdown(T("**模型的回复**", "**The model's reply**"))
    st.json(call.get("response_message") or call.get("error") or {}, expanded=3)
