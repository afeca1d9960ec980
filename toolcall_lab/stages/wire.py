"""Stage 3 — ``bind_tools``: the request body that really goes on the wire.

``llm.bind_tools([get_weather])`` sends nothing by itself; it remembers the tools. The
next ``invoke`` turns each tool into ``{"type": "function", "function": {...}}`` and puts
the list under ``"tools"`` in the HTTP request body, next to ``"messages"`` — plus
``"tool_choice"`` and ``"parallel_tool_calls"`` when they were given.

:func:`bind_tools_payload` does exactly that — with
:func:`toolcall_lab.stages.core.ask_with_tools`, the lines that matter — through the same
``ChatOpenAI`` client a real provider uses (by default aimed at the built-in teaching model) and captures the body
with :func:`toolcall_lab.capture.recording`. Nothing on the page is re-typed: the body
shown is the one the client serialised.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from langchain_core.messages import BaseMessage, HumanMessage
from langchain_core.tools import BaseTool

from toolcall_lab.errors import ExplainedError, explain, explain_exception
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import to_jsonable
from toolcall_lab.stages import core
from toolcall_lab.stages._common import json_dict
from toolcall_lab.stages.tool_source import parse_tool_source

STAGE = "bind_tools"

DEFAULT_QUESTION = "曼谷天气怎么样？"  # zh-only: the article's question


def exchange_summary(exchange: Any) -> dict[str, Any]:
    """The parts of a captured :class:`~toolcall_lab.capture.WireExchange` a page shows."""
    return json_dict(
        {
            "url": exchange.url,
            "status_code": exchange.status_code,
            "request_body": exchange.request_body,
            "response_body": exchange.response_body if exchange.response_body is not None else exchange.response_text,
            "latency_ms": exchange.latency_ms,
        }
    )


def model_error(stage: str, exc: BaseException, exchanges: Sequence[Any]) -> ExplainedError:
    """Explain a failed model call, keeping the endpoint's own error body as ``data``.

    The two failures the stage lessons are about get their own words: a request the
    endpoint refused as malformed (400 / 422), and a reply the client could not parse.
    Anything else (a bad key, a rate limit, a timeout, a server error) is explained as on
    the live run, by :func:`toolcall_lab.errors.explain_exception`.
    """
    last = exchanges[-1] if exchanges else None
    status = getattr(last, "status_code", None)
    data = to_jsonable({"status_code": status, "response_body": getattr(last, "response_body", None)})
    if status in (400, 422):
        title = Text(
            f"模型端点拒绝了这个请求（HTTP {status}）。",
            f"The model endpoint rejected the request (HTTP {status}).",
        )
        hint = Text(
            "看 error.message：它说明了请求体里哪一部分不符合协议。",
            "Read error.message: it names the part of the request body that broke the protocol.",
        )
    elif status is not None and status < 400:
        title = Text(
            f"回复已送达（HTTP {status}），但客户端无法把它转换成 AIMessage。",
            f"The reply arrived (HTTP {status}), but the client could not turn it into an AIMessage.",
        )
        hint = Text(
            "常见原因：某个 function.arguments 是合法 JSON，但不是对象 {...}（例如列表、字符串或数字）。",
            "A common cause: a function.arguments is valid JSON but not an object {...} (a list, a string, a number).",
        )
    else:
        return replace(explain_exception(exc), stage=stage, data=data)
    return explain(stage, exc, title=title, hint=hint, data=data)


def _refused_locally(exc: BaseException) -> ExplainedError:
    return explain(
        STAGE,
        exc,
        title=Text("bind_tools 拒绝了这些参数。", "bind_tools refused these arguments."),
        hint=Text(
            "tool_choice 可以是 auto / required / none 或某个工具名。",
            "tool_choice may be auto / required / none or a tool's name.",
        ),
    )


def as_messages(messages: Sequence[Any] | str | None) -> list[Any]:
    """Accept a question string, a list of messages, or ``None`` (the default question)."""
    if messages is None:
        return [HumanMessage(DEFAULT_QUESTION)]
    if isinstance(messages, str):
        return [HumanMessage(messages)]
    return list(messages)


@dataclass
class WirePayload:
    """The first request of a tool-calling conversation, as captured.

    Attributes:
        bind_kwargs: the keyword arguments given to ``bind_tools`` (only those not ``None``).
        request_body: the JSON body ``ChatOpenAI`` sent.
        tools_on_wire: ``request_body["tools"]``.
        tool_choice_on_wire: ``request_body.get("tool_choice")`` (absent → ``None``).
        parallel_tool_calls_on_wire: ``request_body.get("parallel_tool_calls")``.
        descriptions: per tool, what the model reads: ``name``, ``description`` and each
            parameter's ``type`` / ``description`` / ``required``.
        matches_convert: per tool, whether the wire entry equals ``convert_to_openai_tool(tool)``.
        status_code: the endpoint's HTTP status.
        response_body: the endpoint's reply (a completion, or an error body).
        reply: the ``AIMessage`` in short (``content``, ``tool_calls``), when there was one.
        error: the failure, when the endpoint refused the request.
    """

    bind_kwargs: dict[str, Any]
    request_body: dict[str, Any]
    tools_on_wire: list[dict[str, Any]]
    tool_choice_on_wire: Any
    parallel_tool_calls_on_wire: Any
    descriptions: list[dict[str, Any]]
    matches_convert: dict[str, bool]
    status_code: int | None
    response_body: Any
    reply: dict[str, Any] | None = None
    error: ExplainedError | None = field(default=None)

    def to_dict(self) -> dict[str, Any]:
        data = {k: v for k, v in self.__dict__.items() if k != "error"}
        data["error"] = self.error.to_dict() if self.error else None
        return json_dict(data)


def describe_tools(tools_on_wire: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """What the model reads about each tool: its name, description and parameter notes."""
    out = []
    for entry in tools_on_wire:
        fn = entry.get("function", {}) if isinstance(entry, dict) else {}
        params = fn.get("parameters", {}) or {}
        required = set(params.get("required", []) or [])
        out.append(
            {
                "name": fn.get("name"),
                "description": fn.get("description"),
                "parameters": [
                    {
                        "name": name,
                        "type": spec.get("type") or [s.get("type") for s in spec.get("anyOf", [])],
                        "description": spec.get("description"),
                        "required": name in required,
                        "default": spec.get("default"),
                    }
                    for name, spec in (params.get("properties", {}) or {}).items()
                    if isinstance(spec, dict)
                ],
            }
        )
    return out


def bind_tools_payload(
    tools: Sequence[BaseTool] | None = None,
    messages: Sequence[BaseMessage | dict[str, Any] | tuple[str, str]] | str | None = None,
    *,
    tool_choice: str | None = None,
    parallel_tool_calls: bool | None = None,
    llm: Any = None,
) -> WirePayload | ExplainedError:
    """Bind tools, invoke once, and return the request body exactly as it went out.

    Args:
        tools: the tools to bind (default: the weather tool).
        messages: the conversation (default: ``"曼谷天气怎么样？"``).
        tool_choice: ``None`` (leave it out), ``"auto"``, ``"required"``, ``"none"``, or a
            tool name (sent as ``{"type": "function", "function": {"name": ...}}``).
        parallel_tool_calls: ``None`` (leave it out), ``True`` or ``False``.
        llm: a ``ChatOpenAI``; default ``toolcall_lab.llm.build_chat_model()`` (built-in model).

    Returns:
        A :class:`WirePayload` (with ``error`` set when the endpoint answered 4xx), or an
        :class:`ExplainedError` when no request could be sent at all.

    Example:
        >>> p = bind_tools_payload(tool_choice="required")
        >>> p.tool_choice_on_wire, [t["function"]["name"] for t in p.tools_on_wire]
        ('required', ['get_weather'])
    """
    from toolcall_lab.capture import recording
    from toolcall_lab.llm import build_chat_model
    from toolcall_lab.stages.weather_data import build_weather_tool

    tools = [build_weather_tool()] if tools is None else list(tools)
    chat = build_chat_model() if llm is None else llm
    bind_kwargs: dict[str, Any] = {}
    if tool_choice is not None:
        bind_kwargs["tool_choice"] = tool_choice
    if parallel_tool_calls is not None:
        bind_kwargs["parallel_tool_calls"] = parallel_tool_calls
    reply, error = None, None
    with recording() as rec:
        try:
            message = core.ask_with_tools(chat, tools, as_messages(messages), **bind_kwargs)
            reply = {
                "content": message.content,
                "tool_calls": message.tool_calls,
                "invalid_tool_calls": message.invalid_tool_calls,
            }
        except Exception as exc:
            # Nothing went out: bind_tools itself refused (or the messages could not be sent).
            error = model_error(STAGE, exc, rec.exchanges) if rec.exchanges else _refused_locally(exc)
    if not rec.exchanges:
        return error or explain(
            STAGE,
            "no request was captured",
            title=Text("没有捕获到请求。", "No request was captured."),
            hint=Text("这个模型客户端不是实验室创建的。", "This client was not built by the lab."),
        )
    first = rec.exchanges[0]
    body = first.request_body if isinstance(first.request_body, dict) else {}
    on_wire = list(body.get("tools") or [])
    expected = {t.name: to_jsonable(core.openai_tool(t)) for t in tools}
    matches = {
        str(entry.get("function", {}).get("name")): to_jsonable(entry)
        == expected.get(entry.get("function", {}).get("name"))
        for entry in on_wire
    }
    return WirePayload(
        bind_kwargs=to_jsonable(bind_kwargs),
        request_body=to_jsonable(body),
        tools_on_wire=to_jsonable(on_wire),
        tool_choice_on_wire=to_jsonable(body.get("tool_choice")),
        parallel_tool_calls_on_wire=body.get("parallel_tool_calls"),
        descriptions=describe_tools(on_wire),
        matches_convert=matches,
        status_code=first.status_code,
        response_body=to_jsonable(first.response_body if first.response_body is not None else first.response_text),
        reply=to_jsonable(reply),
        error=error,
    )


#: A tool name that is never bound: forcing it with ``tool_choice`` is a protocol error.
UNBOUND = "get_stock_price"
_PARALLEL = {"unset": None, "true": True, "false": False}


def payload_for_source(source: str, parse_docstring: bool, question: str, choice: str, parallel: str) -> dict[str, Any]:
    """Page ③ in one call: build the tool from the function text, bind it with the switches, send.

    Args:
        source: the function text (page ①'s editor).
        parse_docstring: the ``parse_docstring=True`` switch.
        question: the user message.
        choice: ``"unset"``, ``"auto"``, ``"required"``, ``"none"``, ``"named"`` (this tool by
            name) or ``"unbound"`` (:data:`UNBOUND`, a tool that was never bound).
        parallel: ``"unset"``, ``"true"`` or ``"false"``.

    Returns:
        :meth:`WirePayload.to_dict` plus ``tool_name``; or ``{"tool_error"}`` when the text
        does not build a tool, ``{"error", "tool_name"}`` when nothing could be sent.
    """
    built = parse_tool_source(source, parse_docstring=True if parse_docstring else None)
    if isinstance(built, ExplainedError):
        return {"tool_error": built.to_dict()}
    tool_choice = {"unset": None, "named": built.name, "unbound": UNBOUND}.get(choice, choice)
    payload = bind_tools_payload(
        [built.tool], question, tool_choice=tool_choice, parallel_tool_calls=_PARALLEL.get(parallel)
    )
    if isinstance(payload, ExplainedError):
        return {"error": payload.to_dict(), "tool_name": built.name}
    return {**payload.to_dict(), "tool_name": built.name}
