"""A small tool-calling agent that records every artifact of its run.

The agent is the standard LangGraph loop — ``model → tools → model`` with a real
``ToolNode`` — and two observation points:

* the model node notes which wire exchanges its ``invoke`` produced (request body as
  sent, raw response body) next to the ``AIMessage`` LangChain made of them;
* ``ToolNode``'s ``wrap_tool_call`` hook and a thin wrapper around each tool's function
  note, per ``tool_call_id``, the raw arguments string, ``json.loads`` of it, Pydantic's
  verdict, the kwargs the function really received, its Python result, and the
  ``ToolMessage`` ToolNode really built.

Nothing is re-enacted: every artifact is the object the library produced during the run.
"""

from __future__ import annotations

import functools
import json
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from typing import Any, cast

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, HumanMessage, SystemMessage, ToolMessage
from langchain_core.tools import BaseTool
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.prebuilt import ToolNode

from toolcall_lab.capture import WireExchange, active_recorder, recording, response_tool_calls
from toolcall_lab.errors import explain_exception
from toolcall_lab.jsonable import to_jsonable
from toolcall_lab.live_records import (
    kwargs_record,
    model_call_event,
    normalize_ai_message,
    scrub_trace,
    tool_message_record,
    validate_arguments,
)
from toolcall_lab.redact import redact, redact_text
from toolcall_lab.sse import assemble, sse_data
from toolcall_lab.stages import core
from toolcall_lab.trace import RunTrace, ToolExecution
from toolcall_lab.trace_collector import TraceCollector

__all__ = [
    "DEFAULT_RECURSION_LIMIT",
    "TraceCollector",
    "build_traced_agent",
    "normalize_ai_message",
    "run_traced",
    "tool_message_record",
    "validate_arguments",
]

DEFAULT_RECURSION_LIMIT = 12
_CURRENT_CALL: ContextVar[str | None] = ContextVar("toolcall_lab_current_call", default=None)
#: What a streamed run hands each text token to: ``(model call step, text)``.
TokenSink = Callable[[int, str], None]


# ---------------------------------------------------------------- the collector (toolcall_lab/trace_collector.py)
_COLLECTOR: ContextVar[TraceCollector | None] = ContextVar("toolcall_lab_collector", default=None)


class _RunCollector:
    """Stands for "the collector of the run going on in this context" inside a cached graph."""

    def __getattr__(self, name: str) -> Any:
        current = _COLLECTOR.get()
        if current is None:
            raise RuntimeError("no traced run is active in this context")
        return getattr(current, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(_COLLECTOR.get(), name, value)


def _observe_tool(tool: BaseTool, collector: TraceCollector) -> BaseTool:
    """A copy of ``tool`` whose function reports the kwargs it got and what it returned."""
    func = getattr(tool, "func", None)
    if func is None:
        return tool

    @functools.wraps(func)
    def observed(*args: Any, **kwargs: Any) -> Any:
        execution = collector.executions.get(_CURRENT_CALL.get() or "")
        if execution is not None:
            execution.kwargs_passed = kwargs_record(kwargs)  # an injected run config: its caller's values
        try:
            result = func(*args, **kwargs)
        except Exception as exc:
            if execution is not None:
                execution.error = f"{type(exc).__name__}: {exc}"
            raise
        if execution is not None:
            execution.result_type = type(result).__name__
            execution.result_repr = repr(result)[:4000]
        return result

    return tool.model_copy(update={"func": observed})


def _reply_body(exchange: WireExchange) -> Any:
    """The reply as a chat-completion body: the JSON body, or, for a streamed reply, its events added up.

    The timeline still shows the streamed reply as it arrived (the events' text); this body only
    lets the trace read the arguments string each tool call was assembled into.
    """
    if exchange.streamed and exchange.response_text is not None:
        try:
            return assemble(sse_data(exchange.response_text))
        except ValueError:  # an event that is not JSON: nothing to read the calls from
            return None
    return exchange.response_body


def _read_wire_call(execution: ToolExecution, wire: dict[str, Any] | None, args: Any) -> None:
    """Stage ④ of one call: the arguments string, and what ``json.loads`` made of it."""
    raw = (wire.get("function") or {}).get("arguments") if wire is not None else None
    execution.raw_arguments = raw if isinstance(raw, str) else None
    if wire is None or raw is None:
        execution.parsed_args = to_jsonable(args)
        return
    try:
        execution.parsed_args = to_jsonable(core.read_arguments(wire))
    except (ValueError, TypeError) as exc:
        execution.parse_error = str(exc)


def _wrap_tool_call(collector: TraceCollector, tools_by_name: dict[str, BaseTool]) -> Callable[..., Any]:
    """ToolNode's ``wrap_tool_call`` hook: stage-by-stage record of one call."""

    def wrapper(request: Any, execute: Callable[[Any], Any]) -> Any:
        call = request.tool_call
        call_id = str(call.get("id") or "")
        execution = ToolExecution(
            step=collector.step, tool_name=call.get("name", ""), tool_call_id=call_id, raw_arguments=None
        )
        _read_wire_call(execution, collector.wire_calls.get(call_id), call.get("args"))
        tool = tools_by_name.get(execution.tool_name)
        if tool is not None and execution.parse_error is None:
            execution.validation = validate_arguments(tool, call.get("args"))
        collector.executions[call_id] = execution
        token = _CURRENT_CALL.set(call_id)
        t0 = time.perf_counter()
        try:
            message = execute(request)
        finally:
            _CURRENT_CALL.reset(token)
            execution.duration_ms = round((time.perf_counter() - t0) * 1000, 3)
        if hasattr(message, "tool_call_id"):
            execution.tool_message = tool_message_record(message)
        collector.add(execution)
        return message

    return wrapper


def _answer_invalid_call(collector: TraceCollector, bad: dict[str, Any], index: int) -> ToolMessage:
    """An error answer to a call whose arguments are not JSON (it never reaches ToolNode)."""
    call_id = str(bad.get("id") or f"invalid_{collector.step}_{index}")
    raw = bad.get("args")
    execution = ToolExecution(
        step=collector.step,
        tool_name=str(bad.get("name") or ""),
        tool_call_id=call_id,
        raw_arguments=raw if isinstance(raw, str) else None,
    )
    try:
        json.loads(raw if isinstance(raw, str) else "")
    except ValueError as exc:
        execution.parse_error = str(exc)
    text = (
        f"Error: the arguments of {bad.get('name')} are not valid JSON ({execution.parse_error}). "
        "Send the call again with a complete JSON object."
    )
    message = core.answer_call({"id": call_id, "name": bad.get("name")}, text, status="error")
    execution.tool_message = tool_message_record(message)
    collector.add(execution)
    return message


# ---------------------------------------------------------------- the agent
def build_traced_agent(
    llm: BaseChatModel,
    tools: Sequence[BaseTool],
    collector: TraceCollector | None = None,
    *,
    system: str | None = None,
    checkpointer: Any = None,
) -> Any:
    """``START → model ⇄ tools → END`` with every artifact recorded into ``collector``.

    With ``collector=None`` the graph records into whichever collector :func:`run_traced`
    set for the current run, so one compiled graph serves many runs.
    """
    sink = collector if collector is not None else cast(TraceCollector, _RunCollector())
    observed = [_observe_tool(t, sink) for t in tools]
    by_name = {t.name: t for t in observed}
    model_with_tools = llm.bind_tools(observed) if observed else llm

    def call_model(state: MessagesState) -> dict[str, Any]:
        sink.step += 1
        recorder = active_recorder()
        first = len(recorder.exchanges) if recorder else 0
        prompt = ([SystemMessage(content=system)] if system else []) + list(state["messages"])
        t0 = time.perf_counter()
        ai: AIMessage | None = None
        error: BaseException | None = None
        try:
            ai = model_with_tools.invoke(prompt)
        except Exception as exc:  # recorded, then re-raised to stop the graph
            error = exc
        attempts = recorder.exchanges[first:] if recorder else []
        reply = _reply_body(attempts[-1]) if attempts else None
        if ai is not None:
            for call in response_tool_calls(reply):
                sink.wire_calls[str(call.get("id"))] = call
        latency = round((time.perf_counter() - t0) * 1000, 3)
        event = model_call_event(sink.step, attempts, ai, error, latency, recorder.secrets if recorder else ())
        if event.usage is None and isinstance(reply, dict) and isinstance(reply.get("usage"), dict):
            event.usage = reply["usage"]  # a streamed reply carries its usage in its last event, when asked
        sink.add(event)
        if error is not None:
            raise error
        return {"messages": [ai]}

    def route(state: MessagesState) -> str:
        last = state["messages"][-1]
        if getattr(last, "tool_calls", None):
            return "tools"
        if getattr(last, "invalid_tool_calls", None):
            return "invalid_calls"
        return END

    def answer_invalid_calls(state: MessagesState) -> dict[str, Any]:
        """Arguments that are not JSON never reach ToolNode: tell the model, call by call."""
        invalid = getattr(state["messages"][-1], "invalid_tool_calls", [])
        return {"messages": [_answer_invalid_call(sink, dict(bad), i) for i, bad in enumerate(invalid)]}

    builder = StateGraph(MessagesState)
    builder.add_node("model", call_model)
    builder.add_edge(START, "model")
    if observed:
        builder.add_node(
            "tools", ToolNode(observed, handle_tool_errors=True, wrap_tool_call=_wrap_tool_call(sink, by_name))
        )
        builder.add_node("invalid_calls", answer_invalid_calls)
        builder.add_conditional_edges("model", route, ["tools", "invalid_calls", END])
        builder.add_edge("tools", "model")
        builder.add_edge("invalid_calls", "model")
    else:
        builder.add_edge("model", END)
    return builder.compile(checkpointer=checkpointer)


def run_traced(
    question: str,
    llm: BaseChatModel,
    tools: Sequence[BaseTool],
    *,
    system: str | None = None,
    lang: str = "zh",
    model_label: str = "",
    secrets: tuple[str, ...] = (),
    thread_id: str | None = None,
    checkpointer: Any = None,
    recursion_limit: int = DEFAULT_RECURSION_LIMIT,
    on_event: Callable[[Any], None] | None = None,
    fallback: str | None = None,
    on_token: TokenSink | None = None,
) -> RunTrace:
    """Run one question through the traced agent and return its complete trace.

    Never raises for a failed run: the trace ends with ``stop_reason`` ``"error"`` (or
    ``"recursion_limit"``) and an explained error instead. With ``fallback`` given, a
    failed run still answers — with that text, and ``stop_reason`` ``"fallback"``.

    With ``on_token`` given, the run is streamed (LangGraph's ``stream_mode="messages"``): each
    model call then asks its endpoint for ``stream: true``, and every text token reaches
    ``on_token(step, text)`` as it arrives, while the trace records the same artifacts (the
    streamed reply as its server-sent events).
    """
    trace = RunTrace(
        run_id=uuid.uuid4().hex,
        question=question,
        model_label=redact_text(model_label, secrets),
        lang=lang,
        started_at=time.time(),
        thread_id=thread_id,
    )
    collector = TraceCollector(trace=trace, on_event=on_event)
    config: dict[str, Any] = {"recursion_limit": recursion_limit}
    if thread_id:
        config["configurable"] = {"thread_id": thread_id}
    token = _COLLECTOR.set(collector)
    try:
        graph = _cached_graph(llm, tuple(tools), system, checkpointer)
        with recording(secrets):
            inputs = {"messages": [HumanMessage(content=question)]}
            result = _run(graph, inputs, config, on_token)
        final = result["messages"][-1]
        # a wire that answers in content blocks (Responses, Anthropic) gives a list: its text blocks are the answer
        text = final.content if isinstance(final.content, str) else str(getattr(final, "text", "") or "")
        trace.answer = text or ("" if isinstance(final.content, str) else json.dumps(final.content))
        trace.stop_reason = "final"
    except Exception as exc:  # a failed run is a lesson: explained, never a traceback
        trace.stop_reason = "recursion_limit" if "Recursion" in type(exc).__name__ else "error"
        trace.error = redact(explain_exception(exc).to_dict(), secrets)
        if fallback is not None:
            trace.answer, trace.stop_reason = fallback, "fallback"
    finally:
        _COLLECTOR.reset(token)
    scrub_trace(trace, secrets)
    return trace


def _run(graph: Any, inputs: dict[str, Any], config: dict[str, Any], on_token: TokenSink | None) -> Any:
    """Run ``graph`` through LangGraph's public streaming; returns the final state.

    ``"values"`` yields the state after each super-step (the last one is the result); after
    each item the collector's queued events reach ``on_event`` in this thread. With
    ``on_token``, ``"messages"`` also makes every chat model inside a node stream (its
    ``invoke`` turns into a streamed request), yielding each ``AIMessageChunk``.
    """
    state: Any = None
    collector = _COLLECTOR.get()
    modes = ["values"] if on_token is None else ["messages", "values"]
    for mode, item in graph.stream(inputs, config, stream_mode=modes):
        if collector is not None:
            collector.deliver()
        if mode == "values":
            state = item
            continue
        chunk, _meta = item
        if on_token is not None and isinstance(chunk, AIMessageChunk) and chunk.text:  # tool-call fragments: no text
            on_token(collector.step if collector is not None else 0, chunk.text)
    if collector is not None:
        collector.deliver()
    return state


_GRAPHS: dict[tuple[Any, ...], tuple[Any, ...]] = {}
_GRAPHS_LOCK = threading.Lock()
_GRAPHS_MAX = 64


def _cached_graph(llm: Any, tools: tuple[Any, ...], system: str | None, checkpointer: Any) -> Any:
    """Compile the traced agent once per (model, tools, system prompt, checkpointer)."""
    key = (id(llm), tuple(id(t) for t in tools), system, id(checkpointer))
    with _GRAPHS_LOCK:
        hit = _GRAPHS.get(key)
        # the objects are kept with the entry, so their ids cannot be reused while it lives
        if hit is not None and hit[0] is llm and hit[1] == tools and hit[2] is checkpointer:
            return hit[3]
    graph = build_traced_agent(llm, tools, None, system=system, checkpointer=checkpointer)
    with _GRAPHS_LOCK:
        if len(_GRAPHS) >= _GRAPHS_MAX:
            _GRAPHS.pop(next(iter(_GRAPHS)))
        _GRAPHS[key] = (llm, tools, checkpointer, graph)
    return graph
