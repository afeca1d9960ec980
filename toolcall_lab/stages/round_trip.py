"""Stage 8 — the round trip: one question, two requests, one answer — and every stage of it.

:func:`run_round_trip` performs the whole chain once, for real:

1. bind the weather tool and send the question (request 1);
2. the model answers with ``tool_calls``;
3. ``ToolNode`` runs each call and returns ``ToolMessage``s;
4. the question, the assistant message and the tool messages are sent again (request 2);
5. the model writes the answer from the tool's result.

Both HTTP exchanges are captured. :func:`step_through` then lays that single run out as
the eight stages of :data:`~toolcall_lab.stages.catalog.STAGES`, each with the artifact
the run produced at that point, so a control can walk one run across the eight pages.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import BaseModel

from toolcall_lab.errors import ExplainedError
from toolcall_lab.stages._common import json_safe
from toolcall_lab.stages.catalog import STAGES
from toolcall_lab.stages.kwargs import render_call
from toolcall_lab.stages.wire import DEFAULT_QUESTION, exchange_summary, model_error

STAGE = "round_trip"


@dataclass
class RoundTrip:
    """One complete run of the chain.

    Attributes:
        question: the user's question.
        exchanges: the captured HTTP exchanges (request 1, request 2), via
            :func:`~toolcall_lab.stages.wire.exchange_summary`.
        ai_message: the first reply: ``content``, ``tool_calls``, ``invalid_tool_calls``.
        tool_messages: the ``ToolMessage``s ``ToolNode`` produced (as views).
        second_request_messages: ``messages`` of request 2 exactly as on the wire.
        answer: the final answer text (``None`` when the run stopped early).
        error: what stopped the run, if anything.
        tool: the bound tool (left out of :meth:`to_dict`).
    """

    question: str
    exchanges: list[dict[str, Any]]
    ai_message: dict[str, Any] | None
    tool_messages: list[dict[str, Any]]
    second_request_messages: list[dict[str, Any]] | None
    answer: str | None
    error: ExplainedError | None = None
    tool: BaseTool | None = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        data = {k: v for k, v in self.__dict__.items() if k not in {"error", "tool"}}
        data["error"] = self.error.to_dict() if self.error else None
        return json_safe(data)


def run_round_trip(question: str = DEFAULT_QUESTION, *, llm: Any = None, tool: BaseTool | None = None) -> RoundTrip:
    """Run the whole chain once and capture both requests.

    Args:
        question: what the user asks (default ``"曼谷天气怎么样？"``).
        llm: a ``ChatOpenAI`` (default: the built-in model).
        tool: the tool to bind (default: the weather tool).

    Returns:
        A :class:`RoundTrip`. When the model answers without calling a tool there is
        only one exchange and ``answer`` is that reply.

    Example:
        >>> run = run_round_trip()
        >>> [m["role"] for m in run.second_request_messages]
        ['user', 'assistant', 'tool']
    """
    from toolcall_lab.capture import recording
    from toolcall_lab.llm import build_chat_model
    from toolcall_lab.stages.tool_message import run_tool_node
    from toolcall_lab.stages.weather_data import build_weather_tool

    tool = build_weather_tool() if tool is None else tool
    bound = (build_chat_model() if llm is None else llm).bind_tools([tool])
    messages: list[Any] = [HumanMessage(question)]
    ai: AIMessage | None = None
    views: list[dict[str, Any]] = []
    answer: str | None = None
    error: ExplainedError | None = None
    with recording() as rec:
        try:
            # Request 1: the question, with the tool definitions.
            ai = bound.invoke(messages)
            if ai.tool_calls:
                # The program, not the model, runs the tool: ToolNode does it here.
                run = run_tool_node(ai.tool_calls, [tool])
                if run.error is not None:
                    error = run.error
                else:
                    views = run.messages
                    # Request 2: everything so far, the tool's answers included.
                    final = bound.invoke([*messages, ai, *run.tool_messages])
                    answer = final.text if hasattr(final, "text") else str(final.content)
            else:
                answer = ai.text if hasattr(ai, "text") else str(ai.content)
        except Exception as exc:  # noqa: BLE001 - a provider failure is shown, not raised
            error = model_error(STAGE, exc, rec.exchanges)
    exchanges = [exchange_summary(e) for e in rec.exchanges]
    second = exchanges[1]["request_body"].get("messages") if len(exchanges) > 1 else None
    return RoundTrip(
        question=question,
        exchanges=exchanges,
        ai_message=json_safe({"content": ai.content, "tool_calls": ai.tool_calls,
                              "invalid_tool_calls": ai.invalid_tool_calls}) if ai is not None else None,
        tool_messages=views,
        second_request_messages=second,
        answer=answer if isinstance(answer, str) or answer is None else str(answer),
        error=error,
        tool=tool,
    )


def _raw_calls(run: RoundTrip) -> list[dict[str, Any]]:
    """The first response's tool_calls exactly as on the wire (arguments as strings)."""
    if not run.exchanges:
        return []
    body = run.exchanges[0].get("response_body") or {}
    if not isinstance(body, dict):
        return []
    return ((body.get("choices") or [{}])[0].get("message") or {}).get("tool_calls") or []


def step_through(run: RoundTrip | None = None) -> list[dict[str, Any]]:
    """Lay one run out as the eight stages, each with the artifact it produced.

    Args:
        run: a :class:`RoundTrip` (default: a fresh :func:`run_round_trip`).

    Returns:
        Eight dicts in chain order: ``index``, ``key``, ``title``, ``lesson`` and
        ``artifact`` (``None`` for stages the run never reached, e.g. when the model
        answered without a tool), plus ``reached``.

    Example:
        >>> steps = step_through()
        >>> [s["key"] for s in steps][:3], steps[3]["artifact"]["raw_tool_calls"][0]["function"]["name"]
        (['tool_source', 'schema', 'bind_tools'], 'get_weather')
    """
    from toolcall_lab.stages.validation import ValidationStageResult, json_stage, validate_stage

    run = run_round_trip() if run is None else run
    tool = run.tool
    raw_calls = _raw_calls(run)
    first = run.exchanges[0] if run.exchanges else None

    # Stages 5 and 6 for each call: the string parsed, validated, and the call it became.
    # The result shown for stage 6 is read back from the ToolMessage of the same id:
    # the tool is not run a second time (it might be a paid or slow service).
    model = getattr(tool, "args_schema", None)
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        model = None
    answers = {m.get("tool_call_id"): m for m in run.tool_messages}
    parsed_calls, python_calls = [], []
    for raw in raw_calls:
        text = (raw.get("function") or {}).get("arguments", "")
        parsed = json_stage(text)
        entry: dict[str, Any] = {"id": raw.get("id"), "arguments": text}
        if isinstance(parsed, ExplainedError):
            entry["json"] = {"error": parsed.to_dict()}
            parsed_calls.append(entry)
            continue
        entry["json"] = parsed.to_dict()
        checked = validate_stage(parsed.value, model) if model is not None else None
        entry["validation"] = checked.to_dict() if checked is not None else None
        parsed_calls.append(entry)
        if isinstance(checked, ValidationStageResult) and checked.ok:
            kwargs = checked.kwargs or {}
            answer = answers.get(raw.get("id"), {})
            python_calls.append({
                "id": raw.get("id"),
                "kwargs": kwargs,
                "call": render_call(getattr(tool, "name", "tool"), kwargs),
                "result": answer.get("content_json") if answer.get("content_is_json") else answer.get("content"),
            })

    artifacts: dict[str, Any] = {
        "tool_source": None if tool is None else json_safe({
            "name": tool.name,
            "description": tool.description,
            "args": tool.args,
            "type": type(tool).__name__,
            "func": repr(getattr(tool, "func", None)),
        }),
        "schema": None if tool is None else json_safe({
            "args_schema": tool.args_schema.model_json_schema() if hasattr(tool.args_schema, "model_json_schema") else tool.args_schema,
            "openai": convert_to_openai_tool(tool),
        }),
        "bind_tools": None if first is None else {
            "request_body": first["request_body"],
            "tools_on_wire": (first["request_body"] or {}).get("tools"),
        },
        "tool_call": None if not raw_calls else {
            "raw_tool_calls": raw_calls,
            "tool_calls": (run.ai_message or {}).get("tool_calls"),
            "invalid_tool_calls": (run.ai_message or {}).get("invalid_tool_calls"),
        },
        "validation": parsed_calls or None,
        "kwargs": python_calls or None,
        "tool_message": run.tool_messages or None,
        "round_trip": None if run.second_request_messages is None else {
            "messages": run.second_request_messages,
            "answer": run.answer,
        },
    }
    if run.second_request_messages is None and run.answer is not None:
        # No tool was called: the first reply is the whole story.
        artifacts["round_trip"] = {"messages": None, "answer": run.answer}
    return [
        {**item.to_dict(), "artifact": json_safe(artifacts[item.key]), "reached": artifacts[item.key] is not None}
        for item in STAGES
    ]


def wire_messages_text(run: RoundTrip) -> str:
    """The second request's messages as pretty JSON, for a code block."""
    return json.dumps(run.second_request_messages, ensure_ascii=False, indent=2)


def tools_on_wire(trace: Any) -> list[dict[str, Any]] | None:
    """The ``tools`` array of a traced run's first request body, as the model received it."""
    calls = getattr(trace, "model_calls", None) or []
    body = calls[0].request_body if calls else None
    if isinstance(body, dict) and isinstance(body.get("tools"), list):
        return body["tools"]
    return None


def round_trip_from_trace(trace: Any) -> RoundTrip:
    """A traced run (:class:`toolcall_lab.trace.RunTrace`) as a :class:`RoundTrip`.

    The first two model calls become the two exchanges; the tool messages answering the
    first reply's calls are read from the run's records (rebuilt as real ``ToolMessage``
    objects and viewed with :func:`toolcall_lab.stages.tool_message.message_view`).
    """
    from langchain_core.messages import ToolMessage

    from toolcall_lab.stages.tool_message import message_view
    from toolcall_lab.stages.weather_data import build_weather_tool

    calls = list(trace.model_calls)
    exchanges = [{"url": None, "status_code": c.status_code, "request_body": c.request_body,
                  "response_body": c.response_body, "latency_ms": c.latency_ms} for c in calls[:2]]
    ai = calls[0].ai_message if calls else None
    first_ids = {str(tc.get("id")) for tc in (ai or {}).get("tool_calls") or []}
    views = []
    for execution in trace.tool_executions:
        msg = execution.tool_message
        if not msg or execution.tool_call_id not in first_ids:
            continue
        options: dict[str, Any] = {}
        if msg.get("status") in ("success", "error"):
            options["status"] = msg["status"]
        if msg.get("artifact") is not None:
            options["artifact"] = msg["artifact"]
        content = msg.get("content")
        views.append(message_view(ToolMessage(content=content if isinstance(content, (str, list)) else json.dumps(content, ensure_ascii=False),
                                              tool_call_id=str(msg.get("tool_call_id")), name=msg.get("name"),
                                              **options)))
    second = None
    if len(calls) > 1 and isinstance(calls[1].request_body, dict):
        second = calls[1].request_body.get("messages")
    names = [t.get("function", {}).get("name") for t in tools_on_wire(trace) or []]
    return RoundTrip(
        question=trace.question,
        exchanges=exchanges,
        ai_message=ai,
        tool_messages=views,
        second_request_messages=second,
        answer=trace.answer,
        error=ExplainedError.from_dict(trace.error) if trace.error else None,
        tool=build_weather_tool() if "get_weather" in names else None,
    )
