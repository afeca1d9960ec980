"""Request bodies for the built-in model's unit tests, with the app's real tool schemas."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from langchain_core.utils.function_calling import convert_to_openai_tool

from lessons.search_assistant.agent import make_search_web_tool
from lessons.tutor.agent import SYSTEM_PROMPT
from lessons.tutor.tools import build_tools
from toolcall_lab.offline.brain import Decision, decide
from toolcall_lab.stages.weather_data import build_weather_tool

TUTOR = [convert_to_openai_tool(t) for t in build_tools()]
WEATHER = [convert_to_openai_tool(build_weather_tool())]
SEARCH = [convert_to_openai_tool(make_search_web_tool())]
ALL = [*TUTOR, *WEATHER, *SEARCH]


def ask(
    *turns: str | dict[str, Any],
    tools: list[dict[str, Any]] = ALL,
    system: str | None = SYSTEM_PROMPT,
    gullible: bool = False,
) -> Decision:
    """Decide on a conversation: strings are user turns, dicts are wire messages as given."""
    messages: list[dict[str, Any]] = [{"role": "system", "content": system}] if system else []
    for turn in turns:
        messages.append({"role": "user", "content": turn} if isinstance(turn, str) else turn)
    return decide({"model": "m", "messages": messages, "tools": tools}, gullible=gullible)


def calls(decision: Decision) -> list[tuple[str, dict[str, Any]]]:
    return [(name, dict(args)) for name, args in decision.tool_calls]


def called(name: str, args: dict[str, Any], call_id: str = "call_1") -> dict[str, Any]:
    """An earlier assistant turn that called ``name(args)``, as it travels on the wire."""
    function = {"name": name, "arguments": json.dumps(args, ensure_ascii=False)}
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": call_id, "type": "function", "function": function}],
    }


def answered(content: str, call_id: str = "call_1") -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call_id, "content": content}


def ran_each(name: str, args_list: list[dict[str, Any]], run: Callable[[dict[str, Any]], str]) -> list[dict[str, Any]]:
    """One assistant message calling ``name`` once for each of ``args_list``, then each call's tool message,
    its content what ``run`` (the real tool) returned for those arguments."""
    wire = [
        {"id": f"call_{n}", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}
        for n, args in enumerate(args_list)
    ]
    results = [answered(run(args), f"call_{n}") for n, args in enumerate(args_list)]
    return [{"role": "assistant", "content": None, "tool_calls": wire}, *results]
