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

from dataclasses import asdict, dataclass, field
from typing import Any, cast

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.tools import BaseTool
from pydantic import BaseModel

from toolcall_lab.capture import recording, response_tool_calls
from toolcall_lab.errors import ExplainedError
from toolcall_lab.jsonable import to_jsonable
from toolcall_lab.llm import build_chat_model
from toolcall_lab.stages import core
from toolcall_lab.stages._common import json_dict
from toolcall_lab.stages.catalog import STAGES
from toolcall_lab.stages.kwargs import render_call
from toolcall_lab.stages.tool_node import message_view, run_tool_node
from toolcall_lab.stages.validation import json_stage, validate_stage
from toolcall_lab.stages.weather_data import build_weather_tool
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
        recorded: for a traced run, what the run itself recorded for each call of the
            first reply (arguments string, ``json.loads`` of it, Pydantic's verdict, the
            kwargs the function got); :func:`step_through` shows these instead of
            validating again.
    """

    question: str
    exchanges: list[dict[str, Any]]
    ai_message: dict[str, Any] | None
    tool_messages: list[dict[str, Any]]
    second_request_messages: list[dict[str, Any]] | None
    answer: str | None
    error: ExplainedError | None = None
    tool: BaseTool | None = field(default=None, repr=False, compare=False)
    recorded: list[dict[str, Any]] | None = None

    def to_dict(self) -> dict[str, Any]:
        data = {k: v for k, v in self.__dict__.items() if k not in {"error", "tool"}}
        data["error"] = self.error.to_dict() if self.error else None
        return json_dict(data)


def run_round_trip(
    question: str = DEFAULT_QUESTION,
    *,
    llm: Any = None,
    tool: BaseTool | None = None,
    lang: str = "zh",
    system: str | None = None,
) -> RoundTrip:
    """Run the whole chain once and capture both requests.

    Args:
        question: what the user asks (default: the article's question about Bangkok).
        llm: a ``ChatOpenAI`` (default: the built-in model).
        tool: the tool to bind (default: the weather tool, in ``lang``'s edition).
        lang: the default tool's edition (``"en"``: English schema, ToolMessage and answer).
        system: a system prompt sent first in both requests (``None``: none).

    Returns:
        A :class:`RoundTrip`. When the model answers without calling a tool there is
        only one exchange and ``answer`` is that reply.

    Example:
        >>> run = run_round_trip()
        >>> [m["role"] for m in run.second_request_messages]
        ['user', 'assistant', 'tool']
    """

    tool = build_weather_tool(lang=lang) if tool is None else tool
    chat = build_chat_model() if llm is None else llm
    messages: list[BaseMessage] = [*([SystemMessage(system)] if system else []), HumanMessage(question)]
    ai: AIMessage | None = None
    views: list[dict[str, Any]] = []
    answer: str | None = None
    error: ExplainedError | None = None
    with recording() as rec:
        try:
            # Request 1: the question, with the tool definitions.
            ai = core.ask_with_tools(chat, [tool], messages)
            if ai.tool_calls:
                # The program, not the model, runs the tool: ToolNode does it here.
                run = run_tool_node(ai.tool_calls, [tool])
                if run.error is not None:
                    error = run.error
                else:
                    views = run.messages
                    # Request 2: everything so far, the tool's answers included.
                    final = core.second_request(chat, [tool], messages, ai, run.tool_messages)
                    answer = final.text if hasattr(final, "text") else str(final.content)
            else:
                answer = ai.text if hasattr(ai, "text") else str(ai.content)
        except Exception as exc:
            error = model_error(STAGE, exc, rec.exchanges)
    exchanges = [exchange_summary(e) for e in rec.exchanges]
    second = exchanges[1]["request_body"].get("messages") if len(exchanges) > 1 else None
    return RoundTrip(
        question=question,
        exchanges=exchanges,
        ai_message=to_jsonable(
            {"content": ai.content, "tool_calls": ai.tool_calls, "invalid_tool_calls": ai.invalid_tool_calls}
        )
        if ai is not None
        else None,
        tool_messages=views,
        second_request_messages=second,
        answer=answer if isinstance(answer, str) or answer is None else str(answer),
        error=error,
        tool=tool,
    )


def _raw_calls(run: RoundTrip) -> list[dict[str, Any]]:
    """The first response's tool_calls exactly as on the wire (arguments as strings)."""

    return response_tool_calls(run.exchanges[0].get("response_body")) if run.exchanges else []


def _check_call(raw: dict[str, Any], tool: BaseTool | None) -> tuple[dict[str, Any], str, dict[str, Any] | None]:
    """Stages 5 and 6 for one raw call: ``json.loads`` of its arguments, then the tool's schema.

    Returns ``(stage-5 entry, tool name, kwargs the function would get or None)``.
    """

    text = (raw.get("function") or {}).get("arguments", "")
    entry: dict[str, Any] = {"id": raw.get("id"), "arguments": text}
    name = getattr(tool, "name", "tool")
    parsed = json_stage(text)
    if isinstance(parsed, ExplainedError):
        entry["json"] = {"error": parsed.to_dict()}
        return entry, name, None
    entry["json"] = parsed.to_dict()
    model = getattr(tool, "args_schema", None)
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        entry["validation"] = None
        return entry, name, None
    checked = validate_stage(parsed.value, model)
    entry["validation"] = checked.to_dict()
    if isinstance(checked, ExplainedError) or not checked.ok:
        return entry, name, None
    return entry, name, checked.kwargs or {}


def _args_schema_json(tool: BaseTool) -> Any:
    """The tool's argument schema as JSON Schema (a dict schema is already one)."""
    schema = tool.args_schema
    if isinstance(schema, type) and issubclass(schema, BaseModel):
        return schema.model_json_schema()
    return schema


def _result_of(view: dict[str, Any]) -> Any:
    """A ToolMessage view's content, parsed back when it holds JSON."""
    return view.get("content_json") if view.get("content_is_json") else view.get("content")


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
    run = run_round_trip() if run is None else run
    tool = run.tool
    raw_calls = _raw_calls(run)
    first = run.exchanges[0] if run.exchanges else None

    # Stages 5 and 6 for each call: the string parsed, validated, and the call it became.
    # A traced run shows what it recorded; a fresh run parses and validates here. The
    # result shown for stage 6 is read back from the ToolMessage of the same id: the tool
    # is not run a second time (it might be a paid or slow service).
    answers = {m.get("tool_call_id"): m for m in run.tool_messages}
    if run.recorded is not None:
        calls = [
            ({k: r[k] for k in ("id", "arguments", "json", "validation")}, r["name"], r["kwargs_passed"])
            for r in run.recorded
        ]
    else:
        calls = [_check_call(raw, tool) for raw in raw_calls]
    parsed_calls = [entry for entry, _, _ in calls]
    python_calls = [
        {
            "id": entry["id"],
            "kwargs": kwargs,
            "call": render_call(name, kwargs),
            "result": _result_of(answers.get(entry["id"], {})),
        }
        for entry, name, kwargs in calls
        if kwargs is not None
    ]

    artifacts: dict[str, Any] = {
        "tool_source": None
        if tool is None
        else to_jsonable(
            {
                "name": tool.name,
                "description": tool.description,
                "args": tool.args,
                "type": type(tool).__name__,
                "func": repr(getattr(tool, "func", None)),
            }
        ),
        "schema": None
        if tool is None
        else to_jsonable({"args_schema": _args_schema_json(tool), "openai": core.openai_tool(tool)}),
        "bind_tools": None
        if first is None
        else {
            "request_body": first["request_body"],
            "tools_on_wire": (first["request_body"] or {}).get("tools"),
        },
        "tool_call": None
        if not raw_calls
        else {
            "raw_tool_calls": raw_calls,
            "tool_calls": (run.ai_message or {}).get("tool_calls"),
            "invalid_tool_calls": (run.ai_message or {}).get("invalid_tool_calls"),
        },
        "validation": parsed_calls or None,
        "kwargs": python_calls or None,
        "tool_message": run.tool_messages or None,
        "round_trip": None
        if run.second_request_messages is None
        else {
            "messages": run.second_request_messages,
            "answer": run.answer,
        },
    }
    if run.second_request_messages is None and run.answer is not None:
        # No tool was called: the first reply is the whole story.
        artifacts["round_trip"] = {"messages": None, "answer": run.answer}
    return [
        {**item.to_dict(), "artifact": to_jsonable(artifacts[item.key]), "reached": artifacts[item.key] is not None}
        for item in STAGES
    ]


def tools_on_wire(trace: Any) -> list[dict[str, Any]] | None:
    """The ``tools`` array of a traced run's first request body, as the model received it."""
    calls = getattr(trace, "model_calls", None) or []
    body = calls[0].request_body if calls else None
    tools = body.get("tools") if isinstance(body, dict) else None
    return cast(list[dict[str, Any]], tools) if isinstance(tools, list) else None


def round_trip_from_trace(trace: Any) -> RoundTrip:
    """A traced run (:class:`toolcall_lab.trace.RunTrace`) as a :class:`RoundTrip`.

    The first two model calls become the two exchanges; the tool messages answering the
    first reply's calls are read from the run's records (rebuilt as real ``ToolMessage``
    objects and viewed with :func:`toolcall_lab.stages.tool_message.message_view`).
    """

    calls = list(trace.model_calls)
    exchanges = [
        {
            "url": None,
            "status_code": c.status_code,
            "request_body": c.request_body,
            "response_body": c.response_body,
            "latency_ms": c.latency_ms,
        }
        for c in calls[:2]
    ]
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
        call = {"id": str(msg.get("tool_call_id")), "name": msg.get("name")}
        views.append(message_view(core.answer_call(call, msg.get("content"), **options)))
    second = None
    if len(calls) > 1 and isinstance(calls[1].request_body, dict):
        second = calls[1].request_body.get("messages")
    recorded = [
        {
            "id": e.tool_call_id,
            "name": e.tool_name,
            "arguments": e.raw_arguments,
            "json": {"error": e.parse_error} if e.parse_error is not None else {"value": e.parsed_args},
            "validation": asdict(e.validation) if e.validation is not None else None,
            "kwargs_passed": e.kwargs_passed,
        }
        for e in trace.tool_executions
        if e.tool_call_id in first_ids
    ]
    # Stages 1 and 2 need the tool object itself: rebuild the lab's weather tool (either
    # edition), but only when its schema is exactly the one the model saw (an uploaded run
    # may have had another).
    on_wire = tools_on_wire(trace) or []
    editions = (build_weather_tool(lang=edition) for edition in ("zh", "en"))
    weather = next((t for t in editions if core.openai_tool(t) in on_wire), None)
    return RoundTrip(
        question=trace.question,
        exchanges=exchanges,
        ai_message=ai,
        tool_messages=views,
        second_request_messages=second,
        answer=trace.answer,
        error=ExplainedError.from_dict(trace.error) if trace.error else None,
        tool=weather,
        recorded=recorded,
    )
