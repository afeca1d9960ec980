"""toolcall_lab.graph_run: a graph run recorded super-step by super-step from LangGraph's public stream.

Every graph here is small enough to follow by hand. The counter::

    START → add_one → double → END        {"n": 1}  →  {"n": 2}  →  {"n": 4}

is two super-steps: ``add_one`` (update ``{"n": 2}``) then ``double`` (update ``{"n": 4}``).
"""

from __future__ import annotations

import json
import operator
from typing import Annotated, TypedDict

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.types import Command, interrupt

from toolcall_lab.graph_records import NodeFinished, NodeStarted, RunEnded, RunStarted, StateAfter
from toolcall_lab.graph_run import LiveRun, attempt, drain, invoke_steps, run_steps, trace_run, trace_steps
from toolcall_lab.llm import build_chat_model


class Count(TypedDict):
    n: int


def counter(ran: list[str] | None = None):
    """START → add_one → double → END; each node notes in ``ran`` that it really ran."""
    ran = ran if ran is not None else []

    def add_one(state: Count) -> Count:
        ran.append("add_one")
        return {"n": state["n"] + 1}

    def double(state: Count) -> Count:
        ran.append("double")
        return {"n": state["n"] * 2}

    builder = StateGraph(Count)
    builder.add_node("add_one", add_one)
    builder.add_node("double", double)
    builder.add_edge(START, "add_one")
    builder.add_edge("add_one", "double")
    builder.add_edge("double", END)
    return builder.compile()


def describe(event) -> tuple:
    """An event as a short tuple, for comparing whole sequences."""
    if isinstance(event, NodeStarted):
        return ("start", event.step, event.node)
    if isinstance(event, NodeFinished):
        return ("finish", event.step, event.node, event.status, event.update)
    if isinstance(event, StateAfter):
        return ("state", event.step, event.state)
    return (type(event).__name__,)


# ---------------------------------------------------------------- the records, in order


def test_counter_events_in_the_order_langgraph_reports_them():
    events = list(LiveRun(run_steps(counter(), {"n": 1}, graph="counter")))
    assert [describe(e) for e in events] == [
        ("RunStarted",),
        ("state", 0, {"n": 1}),  # the State the run starts from
        ("start", 1, "add_one"),
        ("finish", 1, "add_one", "done", {"n": 2}),
        ("state", 1, {"n": 2}),
        ("start", 2, "double"),
        ("finish", 2, "double", "done", {"n": 4}),
        ("state", 2, {"n": 4}),
        ("RunEnded",),
    ]
    assert {e.graph for e in events} == {"counter"}
    assert len({e.run for e in events}) == 1  # one run id on every record


def test_a_node_is_reported_started_before_it_runs_and_finished_after():
    ran: list[str] = []
    for event in run_steps(counter(ran), {"n": 1}):
        if isinstance(event, NodeStarted):
            assert event.node not in ran  # the page can say "running now" before the node runs
        if isinstance(event, NodeFinished):
            assert ran[-1] == event.node


def test_trace_records_each_step_its_update_and_the_state_after():
    trace = trace_run(counter(), {"n": 1})
    assert trace == {
        "input": {"n": 1},
        "steps": [
            {"step": 1, "node": "add_one", "update": {"n": 2}, "state": {"n": 2}, "model_calls": []},
            {"step": 2, "node": "double", "update": {"n": 4}, "state": {"n": 4}, "model_calls": []},
        ],
        "final": {"n": 4},
        "interrupts": [],
        "error": None,
        "failed_calls": [],
    }
    json.dumps(trace)


# ---------------------------------------------------------------- two nodes in one super-step


class Log(TypedDict):
    log: Annotated[list[str], operator.add]


def fan_out():
    """START → left and START → right (one super-step), then both → join."""
    builder = StateGraph(Log)
    builder.add_node("left", lambda s: {"log": ["L"]})
    builder.add_node("right", lambda s: {"log": ["R"]})
    builder.add_node("join", lambda s: {"log": [f"join after {len(s['log'])}"]})
    builder.add_edge(START, "left")
    builder.add_edge(START, "right")
    builder.add_edge(["left", "right"], "join")
    builder.add_edge("join", END)
    return builder.compile()


def test_nodes_of_one_super_step_start_together_before_either_finishes():
    events = [describe(e) for e in run_steps(fan_out(), {"log": []}) if isinstance(e, NodeStarted | NodeFinished)]
    assert sorted(events[:2]) == [("start", 1, "left"), ("start", 1, "right")]
    assert sorted(e[:3] for e in events[2:4]) == [("finish", 1, "left"), ("finish", 1, "right")]
    assert events[4:] == [("start", 2, "join"), ("finish", 2, "join", "done", {"log": ["join after 2"]})]
    trace = trace_run(fan_out(), {"log": []})
    assert sorted((s["step"], s["node"]) for s in trace["steps"]) == [(1, "left"), (1, "right"), (2, "join")]
    assert sorted(trace["final"]["log"][:2]) == ["L", "R"] and trace["final"]["log"][2] == "join after 2"


# ---------------------------------------------------------------- an interrupt, then resume


class Ask(TypedDict, total=False):
    n: int
    answer: str


def asking():
    """START → add_one → ask → END, where ask pauses with interrupt("Go ahead?")."""

    def add_one(state: Ask) -> Ask:
        return {"n": state["n"] + 1}

    def ask(state: Ask) -> Ask:
        return {"answer": interrupt("Go ahead?")}  # interrupt() returns what Command(resume=...) carries

    builder = StateGraph(Ask)
    builder.add_node("add_one", add_one)
    builder.add_node("ask", ask)
    builder.add_edge(START, "add_one")
    builder.add_edge("add_one", "ask")
    builder.add_edge("ask", END)
    return builder.compile(checkpointer=InMemorySaver())


def test_an_interrupt_pauses_the_run_and_names_its_node_then_resume_finishes():
    app, config = asking(), {"configurable": {"thread_id": "t1"}}
    live = LiveRun(run_steps(app, {"n": 1}, config))
    finished = [e for e in live if isinstance(e, NodeFinished)]
    assert [(e.node, e.status) for e in finished] == [("add_one", "done"), ("ask", "interrupted")]
    trace = live.result.trace
    (pause,) = trace["interrupts"]
    assert pause["value"] == "Go ahead?" and pause["node"] == "ask" and pause["id"]
    assert finished[1].interrupts == [pause]
    assert [s["node"] for s in trace["steps"]] == ["add_one"]  # ask did not finish
    assert trace["error"] is None and trace["final"] == {"n": 2}
    assert app.get_state(config).next == ("ask",)  # the checkpointer keeps the pause

    resumed = trace_run(app, Command(resume="yes"), config)
    assert [(s["step"], s["node"], s["update"]) for s in resumed["steps"]] == [(1, "ask", {"answer": "yes"})]
    assert resumed["final"] == {"n": 2, "answer": "yes"} and resumed["interrupts"] == []


# ---------------------------------------------------------------- an error, explained


def failing():
    """START → add_one → check → END, where check raises ValueError."""

    def check(state: Count) -> Count:
        raise ValueError("n must be negative")

    builder = StateGraph(Count)
    builder.add_node("add_one", lambda s: {"n": s["n"] + 1})
    builder.add_node("check", check)
    builder.add_edge(START, "add_one")
    builder.add_edge("add_one", "check")
    builder.add_edge("check", END)
    return builder.compile()


def test_an_error_is_recorded_and_explained_not_raised():
    live = LiveRun(run_steps(failing(), {"n": 1}))
    events = list(live)
    (bad,) = [e for e in events if isinstance(e, NodeFinished) and e.status == "error"]
    assert (bad.step, bad.node, bad.error) == (2, "check", "ValueError: n must be negative")
    assert isinstance(events[-1], RunEnded)  # the run still ends with its record
    run = live.result
    assert [s["node"] for s in run.trace["steps"]] == ["add_one"]  # check never finished
    assert run.trace["error"]["kind"] == "ValueError"
    assert run.trace["error"]["detail"] == "ValueError: n must be negative"
    assert run.trace["final"] == {"n": 2}  # the last State LangGraph reported
    with pytest.raises(ValueError, match="n must be negative"):
        run.output()  # invoke's behaviour, for callers that want it
    with pytest.raises(ValueError, match="n must be negative"):
        drain(invoke_steps(failing(), {"n": 1}))


# ---------------------------------------------------------------- model calls, from the wire


def chatty(llm, fail_after: bool = False):
    """START → talk → END; talk asks the model once (and raises afterwards if asked to)."""

    class Talk(TypedDict, total=False):
        question: str
        reply: str

    def talk(state: Talk) -> Talk:
        reply = llm.invoke(state["question"])
        if fail_after:
            raise RuntimeError("the node broke after the call")
        return {"reply": reply.content}

    builder = StateGraph(Talk)
    builder.add_node("talk", talk)
    builder.add_edge(START, "talk")
    builder.add_edge("talk", END)
    return builder.compile()


def test_the_model_request_a_node_made_is_attached_to_that_node():
    llm = build_chat_model(script=[{"content": "hi there"}])
    trace = trace_run(chatty(llm), {"question": "hello"})
    (step,) = trace["steps"]
    (call,) = step["model_calls"]
    assert call["status_code"] == 200
    assert call["request_messages"] == [{"role": "user", "content": "hello"}]
    assert call["response_message"]["content"] == "hi there"
    assert call["tools"] == [] and call["response_format"] is None
    assert step["update"] == {"reply": "hi there"}


def test_a_failing_node_keeps_its_model_request_as_the_failed_call():
    llm = build_chat_model(script=[{"content": "hi there"}])
    trace = trace_run(chatty(llm, fail_after=True), {"question": "hello"})
    assert trace["steps"] == [] and trace["error"]["kind"] == "RuntimeError"
    (call,) = trace["failed_calls"]
    assert call["response_message"]["content"] == "hi there"


# ---------------------------------------------------------------- following a lesson with several runs


def two_runs():
    """A lesson-shaped generator: two graph runs with their own labels, then a return value."""
    first = yield from trace_steps(counter(), {"n": 1}, graph="first")
    second = yield from trace_steps(counter(), {"n": first["final"]["n"]}, graph="second")
    return second["final"]["n"]


def test_live_run_collects_each_runs_trace_by_label_and_keeps_the_return_value():
    live = LiveRun(two_runs())
    with pytest.raises(RuntimeError):
        _ = live.result  # not before the runs have happened
    starts = [e.graph for e in live if isinstance(e, RunStarted)]
    assert starts == ["first", "second"]
    assert live.result == 10  # 1 → 2 → 4, then 4 → 5 → 10
    assert [t["final"] for t in live.traces["first"]] == [{"n": 4}]
    assert [t["input"] for t in live.traces["second"]] == [{"n": 4}]
    assert drain(two_runs()) == 10


def test_attempt_returns_the_value_or_the_explained_error():
    assert attempt(int, "42") == (42, None)
    value, error = attempt(int, "forty-two")
    assert value is None and error["kind"] == "ValueError" and "forty-two" in error["detail"]
