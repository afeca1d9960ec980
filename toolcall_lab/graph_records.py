"""The records of a graph run: what each node did, the State after it, and the model requests it made.

Plain, typed data, produced by :func:`toolcall_lab.graph_run.run_steps` from LangGraph's
public stream:

* while a run goes on, one *event* per thing LangGraph reports — :class:`RunStarted`,
  :class:`NodeStarted`, :class:`NodeFinished`, :class:`StateAfter`, :class:`RunEnded`
  (together, :data:`RunEvent`);
* when it is over, a JSON-safe :class:`GraphTrace` (one :class:`StepRecord` per node that
  finished) inside a :class:`GraphRun`, which also keeps the final State as real objects and
  the wire exchanges.

Every model request is summarised from the captured wire data by :func:`exchange_summary`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

from toolcall_lab.capture import WireExchange

# ---------------------------------------------------------------------------
# What one model request looked like (from the wire)
# ---------------------------------------------------------------------------


class ModelCallSummary(TypedDict):
    """One model request/response, reduced to what the lessons discuss (all captured wire data)."""

    status_code: int | None
    latency_ms: float | None
    request_messages: list[Any]
    tools: list[str | None]
    response_format: str | None
    response_message: Any
    error: Any


def exchange_summary(exchange: WireExchange) -> ModelCallSummary:
    """One model request/response, reduced to what the lessons discuss.

    Returns:
        ``{"status_code", "latency_ms", "request_messages", "tools", "response_format",
        "response_message", "error"}`` where every value is the captured wire data.
    """
    body = exchange.request_body if isinstance(exchange.request_body, dict) else {}
    response = exchange.response_body if isinstance(exchange.response_body, dict) else {}
    choices = response.get("choices") or [{}]
    fmt = body.get("response_format") or {}
    return {
        "status_code": exchange.status_code,
        "latency_ms": exchange.latency_ms,
        "request_messages": body.get("messages", []),
        "tools": [t.get("function", {}).get("name") for t in body.get("tools", [])],
        "response_format": (fmt.get("json_schema") or {}).get("name") or fmt.get("type"),
        "response_message": choices[0].get("message"),
        "error": response.get("error"),
    }


# ---------------------------------------------------------------------------
# The record of a run (plain, JSON-safe data)
# ---------------------------------------------------------------------------


class StepRecord(TypedDict):
    """One node that finished in a super-step.

    Attributes:
        step: which super-step of this run (from 1).
        node: the node's name.
        update: the partial update the node returned.
        state: the full State after the super-step (``None`` until LangGraph reports it).
        model_calls: the model requests the node made, as on the wire.
    """

    step: int
    node: str
    update: Any
    state: Any
    model_calls: list[ModelCallSummary]


class InterruptRecord(TypedDict):
    """An ``interrupt(value)`` the run stopped at; ``node`` is the node that called it."""

    id: str
    value: Any
    node: str | None


class GraphTrace(TypedDict):
    """A whole run: the input State, each finished node, the final State, and how it ended.

    ``error`` is an explained error (``ExplainedError.to_dict()``) or ``None``;
    ``failed_calls`` are the model requests made after the last node that finished.
    """

    input: Any
    steps: list[StepRecord]
    final: Any
    interrupts: list[InterruptRecord]
    error: dict[str, Any] | None
    failed_calls: list[ModelCallSummary]


# ---------------------------------------------------------------------------
# What happens while a run goes on (yielded as it happens)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class RunStarted:
    """A graph run begins. ``graph`` is the caller's label for the graph (e.g. ``"agent"``)."""

    run: str
    graph: str


@dataclass(frozen=True)
class NodeStarted:
    """LangGraph scheduled ``node`` in super-step ``step`` and is about to run it."""

    run: str
    graph: str
    step: int
    node: str


@dataclass(frozen=True)
class NodeFinished:
    """``node`` finished: with its update, with an error, or stopped by ``interrupt()``."""

    run: str
    graph: str
    step: int
    node: str
    update: Any
    model_calls: list[ModelCallSummary]
    error: str | None = None
    interrupts: list[InterruptRecord] = field(default_factory=list)

    @property
    def status(self) -> Literal["done", "error", "interrupted"]:
        """How the node ended."""
        if self.error is not None:
            return "error"
        return "interrupted" if self.interrupts else "done"


@dataclass(frozen=True)
class StateAfter:
    """The full State after super-step ``step`` (``0``: the State the run started from)."""

    run: str
    graph: str
    step: int
    state: Any


@dataclass(frozen=True)
class RunEnded:
    """The run is over (finished, paused at an interrupt, or failed); ``trace`` records it all."""

    run: str
    graph: str
    trace: GraphTrace


RunEvent = RunStarted | NodeStarted | NodeFinished | StateAfter | RunEnded


@dataclass
class GraphRun:
    """What :func:`run_steps` returns when a run is over.

    Attributes:
        graph: the caller's label for the graph.
        trace: the JSON-safe record of the run.
        values: the last State LangGraph reported, as real objects (messages stay messages);
            what ``invoke`` would have returned.
        exchanges: every model request/response the run made, in order.
        exception: what the run raised, or ``None``.
    """

    graph: str
    trace: GraphTrace
    values: Any = None
    exchanges: list[WireExchange] = field(default_factory=list)
    exception: Exception | None = None

    def output(self) -> Any:
        """The final State, like ``invoke``; re-raises the run's exception if it failed."""
        if self.exception is not None:
            raise self.exception
        return self.values
