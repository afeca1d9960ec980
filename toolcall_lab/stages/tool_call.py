"""Stage 4 — ``tool_call``: the model's reply, raw on the wire and normalised by LangChain.

A model that wants a tool answers with an assistant message whose ``tool_calls`` list
names a function and gives its ``arguments`` — as a **JSON string**, not an object.
``langchain-openai`` then parses each string: a good one becomes an entry of
``AIMessage.tool_calls`` (``{"name", "args": dict, "id", "type": "tool_call"}``), a
malformed one lands in ``AIMessage.invalid_tool_calls`` with the parser's error.

:func:`scripted_tool_call` lets the learner *write* that reply — the arguments string of
each call — and has the built-in endpoint return it verbatim (``build_chat_model(script=
[...])``), so the page can show the real response body and what the real client made of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.tools import BaseTool

from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import to_jsonable
from toolcall_lab.stages import core
from toolcall_lab.stages._common import MAX_SOURCE_CHARS, json_dict
from toolcall_lab.stages.wire import DEFAULT_QUESTION, model_error

STAGE = "tool_call"

DEFAULT_ARGUMENTS = '{"city": "Bangkok", "days": 3}'
#: At most this many calls in one scripted reply.
MAX_CALLS = 8


@dataclass
class ScriptedCall:
    """One tool call the learner writes: the tool name, the raw arguments string, an id."""

    arguments: str
    name: str = "get_weather"
    id: str | None = None


@dataclass
class ToolCallResult:
    """What came back, at both levels.

    Attributes:
        request_body: the request the client sent (with the tools bound).
        response_body: the completion exactly as the endpoint returned it;
            ``response_body["choices"][0]["message"]["tool_calls"][i]["function"]["arguments"]``
            is the JSON *string*.
        raw_tool_calls: that ``tool_calls`` list, for convenience.
        tool_calls: ``AIMessage.tool_calls`` — the parsed ones (``args`` is a dict).
        invalid_tool_calls: ``AIMessage.invalid_tool_calls`` — the ones whose arguments
            did not parse, with LangChain's ``error`` text.
        calls: one row per call, in order: ``id``, ``name``, ``raw_arguments``, ``valid``,
            ``args`` (what ``json.loads`` made of an accepted call's arguments, else ``None``)
            and ``error``.
        message: the ``AIMessage`` itself (left out of :meth:`to_dict`).
    """

    request_body: dict[str, Any]
    response_body: Any
    raw_tool_calls: list[dict[str, Any]]
    tool_calls: list[dict[str, Any]]
    invalid_tool_calls: list[dict[str, Any]]
    calls: list[dict[str, Any]]
    message: AIMessage | None = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return json_dict({k: v for k, v in self.__dict__.items() if k != "message"})


def _normalise(calls: str | ScriptedCall | Sequence[str | ScriptedCall]) -> list[ScriptedCall]:
    if isinstance(calls, (str, ScriptedCall)):
        calls = [calls]
    out = []
    for index, call in enumerate(calls):
        item = ScriptedCall(arguments=call) if isinstance(call, str) else call
        # Ids like the article's: call_123 for the first, then call_124 …
        out.append(ScriptedCall(item.arguments, item.name, item.id or f"call_{123 + index}"))
    return out


def _python_args(raw: dict[str, Any], parsed: Any) -> Any:
    """What ``json.loads`` made of a call LangChain accepted (``None`` for a rejected one).

    The arguments are read with :func:`toolcall_lab.stages.core.read_arguments`; LangChain
    is a little more lenient than plain ``json.loads`` (empty text means ``{}``, control
    characters inside strings pass), and where they differ its own ``args`` are kept.
    """
    if parsed is None:
        return None
    try:
        return core.read_arguments(raw)
    except (ValueError, TypeError, KeyError):
        return parsed.get("args")


def scripted_tool_call(
    calls: str | ScriptedCall | Sequence[str | ScriptedCall] = DEFAULT_ARGUMENTS,
    *,
    tools: Sequence[BaseTool] | None = None,
    question: str = DEFAULT_QUESTION,
    lang: str = "zh",
) -> ToolCallResult | ExplainedError:
    """Have the endpoint return an assistant message with exactly these tool calls.

    Args:
        calls: one arguments string (a call to ``get_weather`` with id ``call_123``), or a
            list of strings / :class:`ScriptedCall` for several calls in one reply.
        tools: the tools bound on the request (default: the weather tool).
        question: the user message sent.
        lang: the language of the default weather tool (``"en"``: its English edition).

    Returns:
        A :class:`ToolCallResult`, or an :class:`ExplainedError` when the input is not
        usable (not a string, too long) or the endpoint refused the request.

    Example:
        >>> r = scripted_tool_call('{"city": "Bangkok", "days": 3}')
        >>> r.tool_calls[0]["args"], r.tool_calls[0]["id"]
        ({'city': 'Bangkok', 'days': 3}, 'call_123')
        >>> r = scripted_tool_call('{"city": "Bangkok", "days": }')
        >>> r.tool_calls, r.invalid_tool_calls[0]["args"]
        ([], '{"city": "Bangkok", "days": }')
    """
    from toolcall_lab.capture import recording, response_tool_calls
    from toolcall_lab.llm import build_chat_model
    from toolcall_lab.stages.weather_data import build_weather_tool

    try:
        scripted = _normalise(calls)
    except (TypeError, AttributeError) as exc:
        return explain(
            STAGE,
            exc,
            title=Text("无法理解这些调用。", "These calls cannot be read."),
            hint=Text("每个调用是一个 arguments 字符串。", "Each call is an arguments string."),
        )
    for call in scripted:
        if not isinstance(call.arguments, str):
            return explain(
                STAGE,
                f"arguments must be a str, got {type(call.arguments).__name__}",
                title=Text("arguments 必须是字符串（JSON 文本）。", "arguments must be a string (JSON text)."),
                hint=Text(
                    "模型协议里 function.arguments 永远是字符串。",
                    "In the wire protocol function.arguments is always a string.",
                ),
            )
        if len(call.arguments) > MAX_SOURCE_CHARS:
            return explain(
                STAGE,
                f"{len(call.arguments)} characters > limit {MAX_SOURCE_CHARS}",
                title=Text(
                    f"arguments 太长（上限 {MAX_SOURCE_CHARS} 个字符）。",
                    f"arguments is too long (limit {MAX_SOURCE_CHARS} characters).",
                ),
                hint=Text("工具参数通常很短。", "Tool arguments are usually short."),
            )

    # The scripted reply in OpenAI wire shape: the endpoint returns it verbatim.
    reply = {
        "content": None,
        "tool_calls": [
            {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}} for c in scripted
        ],
    }
    llm = build_chat_model(script=[reply])
    bound_tools = [build_weather_tool(lang=lang)] if tools is None else list(tools)
    with recording() as rec:
        try:
            message = core.ask_with_tools(llm, bound_tools, [HumanMessage(question)])
        except Exception as exc:
            return model_error(STAGE, exc, rec.exchanges)
    exchange = rec.exchanges[0]
    raw_calls = response_tool_calls(exchange.response_body)

    # One row per call in the original order. LangChain keeps the order inside each of
    # its two lists, so walk both with a cursor (ids may repeat if the learner wrote so).
    good, bad = list(message.tool_calls), list(message.invalid_tool_calls)
    rows = []
    for raw in raw_calls:
        call_id = raw.get("id")
        ok = good.pop(0) if good and good[0].get("id") == call_id else None
        failed = bad.pop(0) if ok is None and bad and bad[0].get("id") == call_id else None
        rows.append(
            {
                "id": call_id,
                "name": raw.get("function", {}).get("name"),
                "raw_arguments": raw.get("function", {}).get("arguments"),
                "valid": ok is not None,
                "args": _python_args(raw, ok),
                "error": failed.get("error") if failed else None,
            }
        )
    return ToolCallResult(
        request_body=to_jsonable(exchange.request_body),
        response_body=to_jsonable(exchange.response_body),
        raw_tool_calls=to_jsonable(raw_calls),
        tool_calls=to_jsonable(message.tool_calls),
        invalid_tool_calls=to_jsonable(message.invalid_tool_calls),
        calls=to_jsonable(rows),
        message=message,
    )


def calls_from_text(text: str) -> tuple[str, ...] | ExplainedError:
    """The editor's text as one arguments string per non-blank line (at most :data:`MAX_CALLS`).

    >>> calls_from_text('{"city": "Beijing"}\\n\\n{"city": "Tokyo"}')
    ('{"city": "Beijing"}', '{"city": "Tokyo"}')
    """
    lines = tuple(line for line in text.splitlines() if line.strip())
    if len(lines) > MAX_CALLS:
        return explain(
            STAGE,
            f"{len(lines)} calls > limit {MAX_CALLS}",
            title=Text(f"一次回复最多演示 {MAX_CALLS} 个调用。", f"At most {MAX_CALLS} calls per reply here."),
            hint=Text("删掉几行再试。", "Remove a few lines and try again."),
        )
    return lines
