"""Stage 7 — ``ToolMessage``: how a Python result goes back to the model.

The tool returned a Python object (a dict). The model only reads messages, so
``langgraph.prebuilt.ToolNode`` wraps the result in a ``ToolMessage``: ``content`` is a
*string* (a dict is serialised with ``json.dumps``), ``tool_call_id`` pairs it with the
call it answers, ``name`` says which tool, ``status`` says ``"success"`` or ``"error"``.

Everything here runs the real thing:

* :func:`run_tool_node` — ``ToolNode`` inside a one-node ``StateGraph``, given an
  ``AIMessage`` with tool calls;
* :func:`error_demo` — a tool that raises: the default ``ToolNode`` lets it propagate,
  ``handle_tool_errors=True`` turns it into a ``status="error"`` message; bad arguments
  become an error message either way;
* :func:`artifact_demo` — ``response_format="content_and_artifact"`` keeps a large result
  in ``artifact`` and out of the text the model reads;
* :func:`validate_output` — ``-> dict`` is only a hint, so the result is checked with
  ``WeatherResult`` explicitly;
* :func:`pairing_demo` — the next request with the ``ToolMessage`` missing, or pointing
  at an id no call had: the endpoint's real 400.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.tools import BaseTool, tool
from pydantic import BaseModel, ValidationError

from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.jsonable import to_jsonable
from toolcall_lab.stages import core
from toolcall_lab.stages._common import json_dict, validation_errors
from toolcall_lab.stages.models import WeatherResult
from toolcall_lab.stages.wire import DEFAULT_QUESTION, exchange_summary, model_error

STAGE = "tool_message"

#: The article's call: get_weather for Bangkok, id call_123.
DEFAULT_CALL: dict[str, Any] = {
    "name": "get_weather",
    "args": {"city": "Bangkok"},
    "id": "call_123",
    "type": "tool_call",
}

_DEFAULT = object()  # "leave handle_tool_errors at ToolNode's own default"


def message_view(message: BaseMessage) -> dict[str, Any]:
    """A ``ToolMessage`` (or any message) as the page shows it.

    ``content_is_json`` tells whether ``content`` — always a ``str`` here — holds JSON text,
    and ``content_json`` is that text parsed back, for display only.
    """
    content = message.content
    view: dict[str, Any] = {
        "type": message.type,
        "name": getattr(message, "name", None),
        "tool_call_id": getattr(message, "tool_call_id", None),
        "status": getattr(message, "status", None),
        "content": content,
        "content_type": type(content).__name__,
        "content_chars": len(content) if isinstance(content, str) else len(json.dumps(to_jsonable(content))),
    }
    try:
        view["content_json"] = json.loads(content) if isinstance(content, str) else None
        view["content_is_json"] = isinstance(content, str)
    except ValueError:
        view["content_json"], view["content_is_json"] = None, False
    artifact = getattr(message, "artifact", None)
    if artifact is not None:
        view["artifact_chars"] = len(json.dumps(to_jsonable(artifact), ensure_ascii=False))
    return json_dict(view)


@dataclass
class ToolNodeRun:
    """One run of ``ToolNode``.

    Attributes:
        ai_message: the ``AIMessage`` given to it (``tool_calls`` only).
        messages: the messages it returned, through :func:`message_view`.
        handle_tool_errors: ``"default"`` or the value given.
        error: when ``ToolNode`` itself raised (a tool error it does not handle).
        tool_messages: the real ``ToolMessage`` objects (left out of :meth:`to_dict`).
    """

    ai_message: dict[str, Any]
    messages: list[dict[str, Any]]
    handle_tool_errors: Any
    error: ExplainedError | None = None
    tool_messages: list[ToolMessage] = field(default_factory=list, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        data = {k: v for k, v in self.__dict__.items() if k not in {"error", "tool_messages"}}
        data["error"] = self.error.to_dict() if self.error else None
        return json_dict(data)


def run_tool_node(
    tool_calls: Sequence[Mapping[str, Any]] = (DEFAULT_CALL,),
    tools: Sequence[BaseTool] | None = None,
    *,
    handle_tool_errors: Any = _DEFAULT,
) -> ToolNodeRun:
    """Run ``langgraph.prebuilt.ToolNode`` for real on some tool calls.

    Args:
        tool_calls: LangChain tool calls (``{"name", "args", "id", "type": "tool_call"}``).
        tools: the tools the node knows (default: the weather tool).
        handle_tool_errors: passed to ``ToolNode`` when given; by default ``ToolNode``
            turns argument errors into error messages and lets other exceptions raise.

    Returns:
        A :class:`ToolNodeRun` with the real messages, or with ``error`` set.

    Example:
        >>> run = run_tool_node()
        >>> m = run.messages[0]
        >>> m["tool_call_id"], m["status"], m["content_json"]["temperature_c"]
        ('call_123', 'success', 31)
    """
    from langgraph.graph import END, START, MessagesState, StateGraph
    from langgraph.prebuilt import ToolNode

    from toolcall_lab.stages.weather_data import build_weather_tool

    tools = [build_weather_tool()] if tools is None else list(tools)
    options = {} if handle_tool_errors is _DEFAULT else {"handle_tool_errors": handle_tool_errors}
    node = ToolNode(tools, **options)
    # ToolNode 1.x runs inside a graph (it reads its runtime config from there):
    # the smallest graph is START -> tools -> END.
    graph = StateGraph(MessagesState)
    graph.add_node("tools", node)
    graph.add_edge(START, "tools")
    graph.add_edge("tools", END)
    app = graph.compile()

    ai = AIMessage(content="", tool_calls=list(tool_calls))
    label = "default" if handle_tool_errors is _DEFAULT else handle_tool_errors
    try:
        out = app.invoke({"messages": [ai]})
    except Exception as exc:
        return ToolNodeRun(
            ai_message=to_jsonable({"tool_calls": ai.tool_calls}),
            messages=[],
            handle_tool_errors=label,
            error=explain(
                STAGE,
                exc,
                zh="工具抛出了异常，ToolNode 没有处理，整个图停止了。",
                en="The tool raised; ToolNode did not handle it, and the whole graph stopped.",
                hint_zh="ToolNode 默认只把参数错误变成消息；"
                "设 handle_tool_errors=True 可以把任何异常变成 status='error' 的 ToolMessage。",
                hint_en="By default ToolNode only turns argument errors into messages; "
                "handle_tool_errors=True turns any exception into a ToolMessage with status='error'.",
            ),
        )
    produced = [m for m in out["messages"] if isinstance(m, ToolMessage)]
    return ToolNodeRun(
        ai_message=to_jsonable({"tool_calls": ai.tool_calls}),
        messages=[message_view(m) for m in produced],
        handle_tool_errors=label,
        tool_messages=produced,
    )


def build_flaky_weather_tool() -> BaseTool:
    """A weather tool whose service is down: it always raises ``ConnectionError``."""

    @tool
    def get_weather(city: str, days: int = 1) -> dict[str, Any]:
        """查询指定城市未来几天的天气。"""
        # Simulates the remote weather service failing: the tool raises instead of answering.
        raise ConnectionError(f"天气服务暂时不可用，无法查询 {city}")

    return get_weather


def error_demo() -> dict[str, Any]:
    """Three failures through ``ToolNode``: what each one turns into.

    Returns:
        ``{"raises_default", "raises_handled", "bad_arguments"}``, each a
        :meth:`ToolNodeRun.to_dict`: a raising tool with the default handler (``error``
        set: the exception escaped), the same with ``handle_tool_errors=True`` (a
        ``status="error"`` message), and ``{"location": "Bangkok"}`` sent to the real
        weather tool (an error message, by default).
    """
    flaky = [build_flaky_weather_tool()]
    bad_call = {**DEFAULT_CALL, "args": {"location": "Bangkok"}, "id": "call_124"}
    return {
        "raises_default": run_tool_node(tools=flaky).to_dict(),
        "raises_handled": run_tool_node(tools=flaky, handle_tool_errors=True).to_dict(),
        "bad_arguments": run_tool_node([bad_call]).to_dict(),
    }


def build_report_tool() -> BaseTool:
    """A tool with ``response_format="content_and_artifact"``: a short text and a big table."""
    from toolcall_lab.stages.weather_data import MAX_DAYS, lookup_weather

    @tool(response_format="content_and_artifact")
    def get_weather_report(city: str) -> tuple[str, dict[str, Any]]:
        """查询指定城市一周的逐小时天气明细。"""
        found = lookup_weather(city, MAX_DAYS)
        if isinstance(found, str):
            return found, {}
        # The full hourly table: 7 days x 24 hours. Useful to the program, far too long
        # for the model's context, so it travels as the artifact.
        hourly = [
            {
                "day": day["day"],
                "hour": hour,
                "condition": day["condition"],
                "temperature_c": day["low_c"] + (day["high_c"] - day["low_c"]) * (12 - abs(hour - 14)) // 12,
            }
            for day in found["forecast"]
            for hour in range(24)
        ]
        # The content is only what the model needs to answer.
        return found["summary"], {"city": found["city"], "hourly": hourly}

    return get_weather_report


def artifact_demo(city: str = "Bangkok") -> dict[str, Any]:
    """Compare what the model reads (``content``) with what the program keeps (``artifact``).

    Returns:
        ``{"message", "content_chars", "artifact_chars", "artifact_rows", "ratio"}`` from a
        real ``ToolNode`` run of :func:`build_report_tool`.

    Example:
        >>> d = artifact_demo()
        >>> d["content_chars"] < 50 < d["artifact_chars"]
        True
    """
    call = {"name": "get_weather_report", "args": {"city": city}, "id": "call_125", "type": "tool_call"}
    run = run_tool_node([call], [build_report_tool()])
    if run.error is not None or not run.tool_messages:
        return {"error": run.error.to_dict() if run.error else None}
    message = run.tool_messages[0]
    artifact = message.artifact or {}
    content_chars = len(message.content) if isinstance(message.content, str) else 0
    artifact_chars = len(json.dumps(artifact, ensure_ascii=False))
    return json_dict(
        {
            "message": message_view(message),
            "content": message.content,
            "content_chars": content_chars,
            "artifact_chars": artifact_chars,
            "artifact_rows": len(artifact.get("hourly", [])),
            "ratio": round(artifact_chars / max(1, content_chars), 1),
        }
    )


def validate_output(result: Any, model: type[BaseModel] = WeatherResult) -> dict[str, Any]:
    """Check a tool's result against an output model, as the article recommends.

    Returns:
        ``{"ok", "output", "errors"}``: ``output`` is ``model_dump(mode="json")`` — what the
        tool should return — and ``errors`` the real ``ValidationError.errors()``.

    Example:
        >>> validate_output({"city": "Bangkok", "temperature_c": 31, "condition": "rain"})["output"]
        {'city': 'Bangkok', 'temperature_c': 31.0, 'condition': 'rain'}
    """
    try:
        validated = model.model_validate(result)
    except ValidationError as exc:
        return {"ok": False, "output": None, "errors": validation_errors(exc)}
    return {"ok": True, "output": to_jsonable(validated.model_dump(mode="json")), "errors": []}


def output_cases() -> list[dict[str, Any]]:
    """The output model on four results: real, real-but-unknown, mistyped, well-typed-but-false.

    Each row is ``{"label", "result", "ok", "output", "errors", "fact_ok"}``; the last case
    (``FakeCity`` with a temperature) passes validation and is still not true.
    """
    from toolcall_lab.stages.weather_data import find_city, lookup_weather

    cases = [
        ("real", lookup_weather("Bangkok")),
        ("unknown_city", lookup_weather("FakeCity")),
        ("wrong_type", {"city": "Bangkok", "temperature_c": "hot", "condition": "rain"}),
        ("shaped_but_false", {"city": "FakeCity", "temperature_c": 31, "condition": "rain"}),
    ]
    rows = []
    for label, result in cases:
        city = result.get("city") if isinstance(result, dict) else None
        rows.append(
            {
                "label": label,
                "result": to_jsonable(result),
                **validate_output(result),
                "fact_ok": bool(city) and find_city(str(city)) is not None,
            }
        )
    return rows


#: The follow-up the learner types when no tool answer was sent ("missing" mode), per language.
FOLLOW_UPS = {"zh": "所以要带伞吗？", "en": "So do I need an umbrella?"}


def pairing_messages(
    mode: Literal["paired", "missing", "mismatch"], question: str = DEFAULT_QUESTION, lang: str = "zh"
) -> list[BaseMessage]:
    """The second request's messages: a proper pair, a missing answer, or a wrong id.

    The tool answer is the ``ToolMessage`` that ``ToolNode`` really returned for
    :data:`DEFAULT_CALL`; the mismatch case is that same answer addressed to ``call_999``
    (built by :func:`toolcall_lab.stages.core.answer_call`, as a program would build it).
    """
    ai = AIMessage(content="", tool_calls=[DEFAULT_CALL])
    messages: list[BaseMessage] = [HumanMessage(question), ai]
    if mode == "missing":  # the conversation goes on as if the tool had never answered
        messages.append(HumanMessage(FOLLOW_UPS.get(lang, FOLLOW_UPS["zh"])))
        return messages
    answer = run_tool_node([DEFAULT_CALL]).tool_messages[0]
    if mode == "mismatch":
        answer = core.answer_call({**DEFAULT_CALL, "id": "call_999"}, answer.content, status=answer.status)
    messages.append(answer)
    return messages


def pairing_demo(
    mode: Literal["paired", "missing", "mismatch"] = "missing",
    *,
    llm: Any = None,
    question: str = DEFAULT_QUESTION,
    lang: str = "zh",
) -> dict[str, Any]:
    """Send the next request with the tool answer paired, missing, or mismatched.

    Args:
        mode: ``"paired"`` (the answer's ``tool_call_id`` is ``call_123``), ``"missing"``
            (no ``ToolMessage`` at all) or ``"mismatch"`` (``tool_call_id="call_999"``).
        llm: the chat model (default: the built-in model).
        question: the user's first message (the page passes its language's question).
        lang: the language of the follow-up in ``"missing"`` mode.

    Returns:
        ``{"mode", "ok", "exchange", "answer", "error"}``; ``exchange`` holds the real
        request and response bodies, ``error`` the endpoint's 400 explained.

    Example:
        >>> d = pairing_demo("mismatch")
        >>> d["exchange"]["status_code"], d["ok"]
        (400, False)
    """
    from toolcall_lab.capture import recording
    from toolcall_lab.llm import build_chat_model
    from toolcall_lab.stages.weather_data import build_weather_tool

    chat = build_chat_model() if llm is None else llm
    answer, error = None, None
    with recording() as rec:
        try:
            answer = core.ask_with_tools(chat, [build_weather_tool()], pairing_messages(mode, question, lang)).content
        except Exception as exc:
            error = model_error(STAGE, exc, rec.exchanges)
    return {
        "mode": mode,
        "ok": error is None,
        "exchange": exchange_summary(rec.exchanges[-1]) if rec.exchanges else None,
        "answer": answer,
        "error": error.to_dict() if error else None,
    }
