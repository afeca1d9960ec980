"""Run a compiled graph and record it super-step by super-step, from LangGraph's public stream.

``app.stream(inputs, config, stream_mode=["tasks", "updates", "values"], version="v2")``
tells, in order, everything a learner wants to watch:

* ``tasks`` — a node *starts* (all the nodes of one super-step start together, before
  any of them runs), and later *finishes*, with its error or its interrupts;
* ``updates`` — the partial update a node returned;
* ``values`` — the full State after the super-step.

:func:`run_steps` turns those parts into typed records and yields them *while the graph
runs*: a page iterating it draws "running now: ``search``" before the search happens.
When the run ends it returns a :class:`GraphRun`: the final State as LangGraph gave it,
a JSON-safe :class:`GraphTrace`, and every model request the run made (captured from the
wire, see :mod:`toolcall_lab.capture`). A failing run is recorded and explained, not raised
(:meth:`GraphRun.output` raises it for callers that want ``invoke``'s behaviour).

A lesson that runs several graphs is a generator too (``result = yield from run_steps(...)``
for each run); :class:`LiveRun` follows such a generator and keeps what it returned, and
:func:`drain` just runs it to the end.

Example (the fixed workflow on one question)::

    trace = trace_run(app, {"messages": [HumanMessage("曼谷今天多少度？")]})
    [step["node"] for step in trace["steps"]]  # ['understand', 'search', 'answer']
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Generator, Iterator, Mapping
from typing import Any, Generic, Literal, ParamSpec, TypeVar, cast

from langchain_core.runnables import RunnableConfig

from toolcall_lab.capture import WireExchange, recording
from toolcall_lab.errors import explain_exception
from toolcall_lab.graph import CompiledGraph
from toolcall_lab.graph_records import (
    GraphRun,
    GraphTrace,
    InterruptRecord,
    ModelCallSummary,
    NodeFinished,
    NodeStarted,
    RunEnded,
    RunEvent,
    RunStarted,
    StateAfter,
    StepRecord,
    exchange_summary,
)
from toolcall_lab.jsonable import to_jsonable

T = TypeVar("T")
P = ParamSpec("P")

# The three stream modes that together show a node start, its update, its finish, and the State.
STREAM_MODES: list[Literal["tasks", "updates", "values"]] = ["tasks", "updates", "values"]


# ---------------------------------------------------------------------------
# Turning stream parts into records
# ---------------------------------------------------------------------------


def _error_text(error: object) -> str:
    """``"ValidationError: ..."`` for an exception, its text for anything else."""
    return f"{type(error).__name__}: {error}" if isinstance(error, BaseException) else str(error)


def _state_snapshot(values: Any) -> Any:
    """The State as JSON-safe data, without the ``__interrupt__`` key LangGraph adds on a pause."""
    if isinstance(values, Mapping):
        values = {k: v for k, v in values.items() if k != "__interrupt__"}
    return to_jsonable(values)


class _Recorder:
    """Reads one run's stream parts in order and keeps the record."""

    def __init__(self, run: str, graph: str) -> None:
        self.run, self.graph = run, graph
        self.step = 0  # the super-step now running (0 before the first)
        self.starting = False  # the previous part was a node start (same super-step)
        self.done_here: dict[str, StepRecord] = {}  # node -> its record, in this super-step
        self.steps: list[StepRecord] = []
        self.interrupts: list[InterruptRecord] = []
        self.exchanges: list[WireExchange] = []
        self.attributed = 0  # exchanges already given to a node
        self.first: Any = None
        self.final: Any = None
        self.values: Any = None
        self.error: dict[str, Any] | None = None
        self.failed_calls: list[ModelCallSummary] = []

    def _unattributed(self) -> list[ModelCallSummary]:
        return [exchange_summary(e) for e in self.exchanges[self.attributed :]]

    def take(self, part: Mapping[str, Any]) -> Iterator[RunEvent]:
        """The records one stream part adds (a part may add none)."""
        kind, data = part["type"], part["data"]
        is_start = kind == "tasks" and "input" in data  # a start carries the node's input; a result does not
        if is_start and not self.starting:  # the first start after anything else opens a super-step
            self.step += 1
            self.done_here = {}
        self.starting = is_start
        if is_start:
            yield NodeStarted(self.run, self.graph, self.step, data["name"])
        elif kind == "tasks":
            yield self._finished(data)
        elif kind == "updates":
            self._updates(data)
        elif kind == "values":
            yield self._state(data)

    def _updates(self, data: Mapping[str, Any]) -> None:
        for node, update in data.items():
            if node == "__interrupt__":
                self.interrupts.extend({"id": i.id, "value": to_jsonable(i.value), "node": None} for i in update)
                continue
            calls = self._unattributed()  # the requests made since the last node finished are this node's
            self.attributed = len(self.exchanges)
            record: StepRecord = {
                "step": self.step,
                "node": node,
                "update": to_jsonable(update),
                "state": None,
                "model_calls": calls,
            }
            self.steps.append(record)
            self.done_here[node] = record

    def _finished(self, data: Mapping[str, Any]) -> NodeFinished:
        node = data["name"]
        for raw in data.get("interrupts") or []:  # name the node that called interrupt()
            known = next((i for i in self.interrupts if i["id"] == raw.get("id")), None)
            if known is None:
                known = {"id": str(raw.get("id")), "value": to_jsonable(raw.get("value")), "node": None}
                self.interrupts.append(known)
            known["node"] = node
        record = self.done_here.get(node)
        return NodeFinished(
            self.run,
            self.graph,
            self.step,
            node,
            update=record["update"] if record else None,
            model_calls=record["model_calls"] if record else self._unattributed(),
            error=None if data.get("error") is None else _error_text(data["error"]),
            interrupts=[i for i in self.interrupts if i["node"] == node],
        )

    def _state(self, values: Any) -> StateAfter:
        snapshot = _state_snapshot(values)
        if self.first is None and not self.steps:
            self.first = snapshot  # the State the run started from
        for record in self.steps:
            if record["state"] is None:
                record["state"] = snapshot
        self.final, self.values = snapshot, values
        return StateAfter(self.run, self.graph, self.step, snapshot)

    def fail(self, exc: Exception) -> None:
        self.error = explain_exception(exc).to_dict()  # the page shows the explanation, not a traceback
        self.failed_calls = self._unattributed()

    def trace(self) -> GraphTrace:
        return {
            "input": self.first,
            "steps": self.steps,
            "final": self.final,
            "interrupts": self.interrupts,
            "error": self.error,
            "failed_calls": self.failed_calls,
        }


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------


def run_steps(
    app: CompiledGraph, inputs: Any, config: RunnableConfig | None = None, *, graph: str = "graph"
) -> Generator[RunEvent, None, GraphRun]:
    """Stream a graph and yield a record at each node start, node finish and new State.

    Args:
        app: a compiled graph.
        inputs: the input (a dict, ``None`` to continue from a checkpoint, or ``Command(resume=...)``).
        config: the run config (``thread_id``, or a checkpoint to start from).
        graph: a label put on every record, so a page can tell runs of different graphs apart.

    Yields:
        :class:`RunStarted`, then :class:`NodeStarted` / :class:`NodeFinished` /
        :class:`StateAfter` as LangGraph reports them, then :class:`RunEnded`.

    Returns:
        The :class:`GraphRun`. A failure is recorded in it (``trace["error"]``), never raised here.
    """
    run_id = uuid.uuid4().hex[:12]
    recorder = _Recorder(run_id, graph)
    exception: Exception | None = None
    yield RunStarted(run_id, graph)
    parts = iter(app.stream(inputs, config, stream_mode=STREAM_MODES, version="v2"))
    while True:
        part: Mapping[str, Any] | None = None
        with recording() as rec:  # the model requests made while LangGraph produces the next part
            try:
                part = cast("Mapping[str, Any] | None", next(parts, None))
            except Exception as exc:  # any failure inside the run ends it; it is explained below
                exception = exc
        recorder.exchanges.extend(rec.exchanges)
        if exception is not None:
            recorder.fail(exception)
            break
        if part is None:
            break
        yield from recorder.take(part)
    trace = recorder.trace()
    yield RunEnded(run_id, graph, trace)
    return GraphRun(graph, trace, recorder.values, recorder.exchanges, exception)


def trace_steps(
    app: CompiledGraph, inputs: Any, config: RunnableConfig | None = None, *, graph: str = "graph"
) -> Generator[RunEvent, None, GraphTrace]:
    """:func:`run_steps`, returning only the JSON-safe trace (a failure is inside it)."""
    run = yield from run_steps(app, inputs, config, graph=graph)
    return run.trace


def invoke_steps(
    app: CompiledGraph, inputs: Any, config: RunnableConfig | None = None, *, graph: str = "graph"
) -> Generator[RunEvent, None, Any]:
    """:func:`run_steps`, returning the final State like ``invoke`` does (and raising like it)."""
    run = yield from run_steps(app, inputs, config, graph=graph)
    return run.output()


class LiveRun(Generic[T]):
    """Follow a generator of run records, then read what it returned.

    Example::

        live = LiveRun(run_steps(app, inputs))
        for event in live:       # render each record as it arrives
            ...
        live.result              # the GraphRun (or whatever the generator returned)
        live.traces["graph"]     # every finished run's trace, by graph label
    """

    def __init__(self, events: Generator[RunEvent, None, T]) -> None:
        self._events = events
        self._result: T | None = None
        self._done = False
        self.traces: dict[str, list[GraphTrace]] = {}

    def __iter__(self) -> Iterator[RunEvent]:
        while True:
            try:
                event = next(self._events)
            except StopIteration as stop:  # a generator's ``return value`` arrives here
                self._result, self._done = stop.value, True
                return
            if isinstance(event, RunEnded):
                self.traces.setdefault(event.graph, []).append(event.trace)
            yield event

    @property
    def result(self) -> T:
        """What the generator returned. Raises ``RuntimeError`` before it has finished."""
        if not self._done:
            raise RuntimeError("the run has not finished: iterate the LiveRun first")
        return cast("T", self._result)


def drained(events: Generator[RunEvent, None, T]) -> LiveRun[T]:
    """Run a generator of run records to its end; the :class:`LiveRun` keeps its result and its traces."""
    live = LiveRun(events)
    for _ in live:
        pass
    return live


def drain(events: Generator[RunEvent, None, T]) -> T:
    """Run a generator of run records to its end and return what it returned."""
    return drained(events).result


def trace_run(app: CompiledGraph, inputs: Any, config: RunnableConfig | None = None) -> GraphTrace:
    """Run a graph to its end and return the trace of every super-step.

    Returns:
        ``{"input", "steps", "final", "interrupts", "error", "failed_calls"}``;
        each step is ``{"step", "node", "update", "state", "model_calls"}``.
    """
    return drain(trace_steps(app, inputs, config))


def attempt(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> tuple[T | None, dict[str, Any] | None]:
    """Call ``fn``; a failure comes back explained instead of raised.

    Returns:
        ``(result, None)``, or ``(None, explained_error_dict)`` if ``fn`` raised.
    """
    try:
        return fn(*args, **kwargs), None
    except Exception as exc:  # a bad input or provider is a lesson, not a crash
        return None, explain_exception(exc).to_dict()
