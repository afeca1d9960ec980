"""Every wire on ③, ④ and ⑦: the chain's tool, its call and its result as five wires carry them.

:func:`parts` runs :func:`toolcall_lab.wires.every_wire.every_wire` on the chain's ``get_weather`` and
the page's question (one round trip per wire, each from its real client against the built-in model)
and keeps, per wire, what the three pages set side by side: the tool as declared, the call as carried,
the result as carried back, and where it went (``POST /v1/messages``, or JSON-RPC for MCP).
"""

from __future__ import annotations

from typing import Any

from toolcall_lab.i18n import Text

#: The question every wire is asked (the same as the Chat Completions | Responses switch asks).
QUESTION = Text("曼谷天气怎么样？", "What's the weather in Bangkok?")
#: The wires' names as a page shows them, in :data:`toolcall_lab.wires.every_wire.WIRES` order.
WIRE_NAMES = {
    "chat_completions": "Chat Completions",
    "responses": "Responses API",
    "anthropic": "Anthropic Messages",
    "gemini": "Gemini",
    "mcp": "MCP",
}
#: What one wire's pieces are called on each page (the focus of ③, ④ and ⑦).
FOCUS = {"tools": "tool_definition", "call": "tool_call", "result": "tool_result"}
#: The longest answer kept (model text is bounded like any hostile text).
MAX_ANSWER = 2_000


def _where(wire: str, exchanges: list[dict[str, Any]]) -> str:
    """Where the wire carried it: the first request's method and path, or JSON-RPC for MCP."""
    if wire == "mcp" or not exchanges:
        return "JSON-RPC tools/list · tools/call"
    first = exchanges[0]
    return f"{first.get('method', 'POST')} {first.get('path', '')}"


def parts(lang: str) -> dict[str, dict[str, Any]]:
    """Per wire: ``client``, ``where``, ``tool_definition``, ``tool_call``, ``tool_result``, ``answer`` (JSON-safe)."""
    from toolcall_lab.jsonable import to_jsonable
    from toolcall_lab.stages.weather_data import build_weather_tool
    from toolcall_lab.wires.every_wire import every_wire

    captures = every_wire(build_weather_tool(lang=lang), QUESTION(lang))
    found: dict[str, dict[str, Any]] = {}
    for wire, capture in captures.items():
        found[wire] = to_jsonable(
            {
                "client": capture.client,
                "where": _where(wire, capture.exchanges),
                "tool_definition": capture.tool_definition,
                "tool_call": capture.tool_call,
                "tool_result": capture.tool_result,
                "answer": str(capture.answer)[:MAX_ANSWER],
            }
        )
    return found
