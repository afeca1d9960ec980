"""Stage 7, the runner — ``ToolNode`` for real, on tool calls given as data or typed as JSON.

* :func:`run_tool_node` — ``langgraph.prebuilt.ToolNode`` inside a one-node ``StateGraph``,
  given an ``AIMessage`` with tool calls; every message it returns is kept, real, and
  viewed with :func:`message_view`;
* :func:`run_from_text` — page ⑦'s call: its ``args`` typed as JSON, a switch for a weather
  service that is down (:func:`build_flaky_weather_tool`) and one for ``handle_tool_errors``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.tools import BaseTool, tool
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.prebuilt import ToolNode

from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import to_jsonable
from toolcall_lab.stages._common import json_dict
from toolcall_lab.stages.json_layer import json_stage
from toolcall_lab.stages.weather_data import build_weather_tool

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
    lang: str = "zh",
) -> ToolNodeRun:
    """Run ``langgraph.prebuilt.ToolNode`` for real on some tool calls.

    Args:
        tool_calls: LangChain tool calls (``{"name", "args", "id", "type": "tool_call"}``).
        tools: the tools the node knows (default: the weather tool, in ``lang``'s edition).
        handle_tool_errors: passed to ``ToolNode`` when given; by default ``ToolNode``
            turns argument errors into error messages and lets other exceptions raise.
        lang: the default weather tool's edition (``"en"``: English docstring and answers).

    Returns:
        A :class:`ToolNodeRun` with the real messages, or with ``error`` set.

    Example:
        >>> run = run_tool_node()
        >>> m = run.messages[0]
        >>> m["tool_call_id"], m["status"], m["content_json"]["temperature_c"]
        ('call_123', 'success', 31)
    """
    tools = [build_weather_tool(lang=lang)] if tools is None else list(tools)
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
                title=Text(
                    "工具抛出了异常，ToolNode 没有处理，整个图停止了。",
                    "The tool raised; ToolNode did not handle it, and the whole graph stopped.",
                ),
                hint=Text(
                    "ToolNode 默认只把参数错误变成消息；"
                    "设 handle_tool_errors=True 可以把任何异常变成 status='error' 的 ToolMessage。",
                    "By default ToolNode only turns argument errors into messages; "
                    "handle_tool_errors=True turns any exception into a ToolMessage with status='error'.",
                ),
            ),
        )
    produced = [m for m in out["messages"] if isinstance(m, ToolMessage)]
    return ToolNodeRun(
        ai_message=to_jsonable({"tool_calls": ai.tool_calls}),
        messages=[message_view(m) for m in produced],
        handle_tool_errors=label,
        tool_messages=produced,
    )


def build_flaky_weather_tool(lang: str = "zh") -> BaseTool:
    """A weather tool whose service is down: it always raises ``ConnectionError`` (in ``lang``)."""

    @tool(
        description=Text("查询指定城市未来几天的天气。", "Look up the weather of a city for the next few days.")(lang)
    )
    def get_weather(city: str, days: int = 1) -> dict[str, Any]:
        """Look up the weather of a city for the next few days."""
        # Simulates the remote weather service failing: the tool raises instead of answering.
        raise ConnectionError(
            Text(f"天气服务暂时不可用，无法查询 {city}", f"The weather service is unavailable; cannot look up {city}")(
                lang
            )
        )

    return get_weather


def run_from_text(args_text: str, call_id: str, down: bool, handle: str, lang: str = "zh") -> dict[str, Any]:
    """Page ⑦ in one call: one call to get_weather, its args typed as JSON, through the real ToolNode.

    Args:
        args_text: the call's ``args`` as JSON text (a JSON object).
        call_id: the call's id (empty → :data:`DEFAULT_CALL`'s).
        down: use a weather tool whose service is down (it raises).
        handle: ``"true"`` passes ``handle_tool_errors=True``; anything else leaves ToolNode's default.
        lang: the weather tool's edition (``"en"``: English answers and errors).

    Returns:
        :meth:`ToolNodeRun.to_dict`, or ``{"input_error"}`` when the args are not a JSON object.
    """
    parsed = json_stage(args_text)
    if isinstance(parsed, ExplainedError):
        return {"input_error": parsed.to_dict()}
    if not isinstance(parsed.value, dict):
        refused = explain(
            STAGE,
            f"args must be a JSON object, got {type(parsed.value).__name__}",
            title=Text(
                "tool_call 的 args 必须是一个字典（JSON 对象）。", "A tool_call's args must be a dict (a JSON object)."
            ),
            hint=Text('例如 {"city": "Bangkok"}。', 'For example {"city": "Bangkok"}.'),
        )
        return {"input_error": refused.to_dict()}
    call = {"name": "get_weather", "args": parsed.value, "id": call_id or DEFAULT_CALL["id"], "type": "tool_call"}
    tools = [build_flaky_weather_tool(lang)] if down else None
    if handle == "true":
        return run_tool_node([call], tools, handle_tool_errors=True, lang=lang).to_dict()
    return run_tool_node([call], tools, lang=lang).to_dict()


def city_in(args_text: str, default: str = "Bangkok") -> str:
    """The ``city`` of a call's args typed as JSON, or ``default`` when there is none.

    >>> city_in('{"city": "Tokyo"}'), city_in("not json")
    ('Tokyo', 'Bangkok')
    """
    parsed = json_stage(args_text)
    value = parsed.value if not isinstance(parsed, ExplainedError) else None
    city = value.get("city") if isinstance(value, dict) else None
    return city if isinstance(city, str) and city.strip() else default
