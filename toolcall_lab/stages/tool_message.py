"""Stage 7 — ``ToolMessage``: how a Python result goes back to the model.

The tool returned a Python object (a dict). The model only reads messages, so
``langgraph.prebuilt.ToolNode`` wraps the result in a ``ToolMessage``: ``content`` is a
*string* (a dict is serialised with ``json.dumps``), ``tool_call_id`` pairs it with the
call it answers, ``name`` says which tool, ``status`` says ``"success"`` or ``"error"``.

Everything here runs the real thing:

* :func:`run_tool_node` — ``ToolNode`` inside a one-node ``StateGraph``, given an
  ``AIMessage`` with tool calls (in :mod:`.tool_node`, with page ⑦'s
  :func:`run_from_text`; both re-exported here);
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
from typing import Any, Literal

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.tools import BaseTool, tool
from pydantic import BaseModel, ValidationError

from toolcall_lab.capture import recording
from toolcall_lab.errors import explain
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import to_jsonable
from toolcall_lab.llm import build_chat_model
from toolcall_lab.stages import core
from toolcall_lab.stages._common import json_dict, validation_errors
from toolcall_lab.stages.models import WeatherResult
from toolcall_lab.stages.tool_node import (
    DEFAULT_CALL,
    STAGE,
    ToolNodeRun,
    build_flaky_weather_tool,
    city_in,
    message_view,
    run_from_text,
    run_tool_node,
)
from toolcall_lab.stages.weather_data import MAX_DAYS, build_weather_tool, find_city, lookup_weather
from toolcall_lab.stages.wire import DEFAULT_QUESTION, exchange_summary, model_error

__all__ = [
    "DEFAULT_CALL",
    "FOLLOW_UP",
    "STAGE",
    "ToolNodeRun",
    "artifact_demo",
    "build_flaky_weather_tool",
    "build_report_tool",
    "city_in",
    "error_demo",
    "message_view",
    "output_cases",
    "pairing_demo",
    "pairing_messages",
    "run_from_text",
    "run_tool_node",
    "validate_output",
]


def error_demo(lang: str = "zh") -> dict[str, Any]:
    """Three failures through ``ToolNode``: what each one turns into.

    Returns:
        ``{"raises_default", "raises_handled", "bad_arguments"}``, each a
        :meth:`ToolNodeRun.to_dict`: a raising tool with the default handler (``error``
        set: the exception escaped), the same with ``handle_tool_errors=True`` (a
        ``status="error"`` message), and ``{"location": "Bangkok"}`` sent to the real
        weather tool (an error message, by default). ``lang`` picks the tools' edition.
    """
    flaky = [build_flaky_weather_tool(lang)]
    bad_call = {**DEFAULT_CALL, "args": {"location": "Bangkok"}, "id": "call_124"}
    return {
        "raises_default": run_tool_node(tools=flaky).to_dict(),
        "raises_handled": run_tool_node(tools=flaky, handle_tool_errors=True).to_dict(),
        "bad_arguments": run_tool_node([bad_call], lang=lang).to_dict(),
    }


def build_report_tool(lang: str = "zh") -> BaseTool:
    """A tool with ``response_format="content_and_artifact"``: a short text and a big table (in ``lang``)."""
    description = Text("查询指定城市一周的逐小时天气明细。", "A city's hourly weather for a week.")(lang)

    @tool(response_format="content_and_artifact", description=description)
    def get_weather_report(city: str) -> tuple[str, dict[str, Any]]:
        """A city's hourly weather for a week."""
        found = lookup_weather(city, MAX_DAYS, lang=lang)
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


def artifact_demo(city: str = "Bangkok", lang: str = "zh") -> dict[str, Any]:
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
    run = run_tool_node([call], [build_report_tool(lang)])
    if run.error is not None or not run.tool_messages:
        error = run.error or explain(
            STAGE, "no message", title=Text("没有结果。", "No result."), hint=Text("换一个城市。", "Try another city.")
        )
        return {"error": error.to_dict()}
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


def output_cases(lang: str = "zh") -> list[dict[str, Any]]:
    """The output model on four results: real, real-but-unknown, mistyped, well-typed-but-false.

    ``lang`` picks the weather service's edition (``"en"`` answers in English).

    Each row is ``{"label", "result", "ok", "output", "errors", "fact_ok"}``; the last case
    (``FakeCity`` with a temperature) passes validation and is still not true.
    """
    cases = [
        ("real", lookup_weather("Bangkok", lang=lang)),
        ("unknown_city", lookup_weather("FakeCity", lang=lang)),
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


#: The follow-up the learner types when no tool answer was sent ("missing" mode).
FOLLOW_UP = Text("所以要带伞吗？", "So do I need an umbrella?")


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
        messages.append(HumanMessage(FOLLOW_UP(lang)))
        return messages
    answer = run_tool_node([DEFAULT_CALL], lang=lang).tool_messages[0]
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
        lang: the language of the follow-up in ``"missing"`` mode and of the weather tool.

    Returns:
        ``{"mode", "ok", "exchange", "answer", "error"}``; ``exchange`` holds the real
        request and response bodies, ``error`` the endpoint's 400 explained.

    Example:
        >>> d = pairing_demo("mismatch")
        >>> d["exchange"]["status_code"], d["ok"]
        (400, False)
    """
    chat = build_chat_model() if llm is None else llm
    answer, error = None, None
    with recording() as rec:
        try:
            messages = pairing_messages(mode, question, lang)
            answer = core.ask_with_tools(chat, [build_weather_tool(lang=lang)], messages).content
        except Exception as exc:
            error = model_error(STAGE, exc, rec.exchanges)
    return {
        "mode": mode,
        "ok": error is None,
        "exchange": exchange_summary(rec.exchanges[-1]) if rec.exchanges else None,
        "answer": answer,
        "error": error.to_dict() if error else None,
    }
