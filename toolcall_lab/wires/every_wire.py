"""One tool, one question, one result — on every wire, each put there by its real client library.

:func:`every_wire` asks the same question with the same LangChain tool over five wires, against the
built-in model served on localhost, runs the tool once per wire on the call the model made, sends the
result back and keeps what crossed the wire:

=====================  ================================================  ==================================
wire                   client library                                    carried over
=====================  ================================================  ==================================
``chat_completions``   ``ChatOpenAI``                                    ``POST /v1/chat/completions``
``responses``          ``ChatOpenAI(use_responses_api=True)``            ``POST /v1/responses``
``anthropic``          ``ChatAnthropic(base_url=…)``                     ``POST /v1/messages``
``gemini``             the ``google-genai`` SDK (tools converted by      ``POST /v1beta/models/…:generateContent``
                       langchain-google-genai)
``mcp``                langchain-mcp-adapters (``load_mcp_tools``)       JSON-RPC ``tools/list``, ``tools/call``
=====================  ================================================  ==================================

Each :class:`WireCapture` holds the exchanges whole and three extracts a page sets side by side: the
tool as the wire declares it, the call as the wire carries it, the result as the wire carries it back
(:mod:`.extract`). MCP carries no model: its call is the arguments the Chat Completions model chose.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langchain_core.tools import BaseTool
from pydantic import SecretStr

from toolcall_lab.jsonable import to_jsonable
from toolcall_lab.offline import BUILTIN_MODEL_ID
from toolcall_lab.wires.extract import EXTRACTORS
from toolcall_lab.wires.tap import Tap, TappedExchange, served

Wire = Literal["chat_completions", "responses", "anthropic", "gemini", "mcp"]
WIRES: tuple[Wire, ...] = ("chat_completions", "responses", "anthropic", "gemini", "mcp")
CLIENTS: dict[Wire, str] = {
    "chat_completions": "langchain_openai.ChatOpenAI",
    "responses": "langchain_openai.ChatOpenAI(use_responses_api=True)",
    "anthropic": "langchain_anthropic.ChatAnthropic",
    "gemini": "google.genai.Client",
    "mcp": "langchain_mcp_adapters.tools.load_mcp_tools",
}


@dataclass(frozen=True)
class WireCapture:
    """What one wire carried for one question's round trip.

    Attributes:
        wire: which wire (:data:`WIRES`).
        client: the client library that put it there.
        exchanges: every request and reply as it crossed (HTTP bodies; for MCP, JSON-RPC messages).
        tool_definition: the tool as this wire declares it to the model (or to the MCP client).
        tool_call: the call as this wire carries it (``arguments`` a string, ``input`` / ``args`` an object …).
        tool_result: the result as this wire carries it back.
        answer: the model's final text (for MCP: the tool result's text as the adapter returned it).
    """

    wire: Wire
    client: str
    exchanges: list[dict[str, Any]]
    tool_definition: Any
    tool_call: Any
    tool_result: Any
    answer: str


def _exchange_dicts(exchanges: Sequence[TappedExchange]) -> list[dict[str, Any]]:
    return [to_jsonable(e.__dict__) for e in exchanges]


def _langchain_round(llm: Any, tool: BaseTool, question: str) -> tuple[AIMessage, ToolMessage | None, str]:
    bound = llm.bind_tools([tool])
    human = HumanMessage(question)
    first = bound.invoke([human])
    if not first.tool_calls:
        return first, None, str(first.text)
    result = tool.invoke(first.tool_calls[0])
    assert isinstance(result, ToolMessage)
    final = bound.invoke([human, first, result])
    return first, result, str(final.text)


def _chat_model(wire: Wire, base_url: str) -> Any:
    if wire == "anthropic":
        from langchain_anthropic import ChatAnthropic

        key = SecretStr("builtin")
        return ChatAnthropic(model_name=BUILTIN_MODEL_ID, base_url=base_url, api_key=key, max_retries=0,
                             timeout=30, max_tokens_to_sample=1024, stop=None)  # fmt: skip
    from langchain_openai import ChatOpenAI

    return ChatOpenAI(model=BUILTIN_MODEL_ID, base_url=f"{base_url}/v1", api_key=SecretStr("builtin"), max_retries=0,
                      timeout=30, use_responses_api=wire == "responses")  # fmt: skip


def _gemini_round(base_url: str, tool: BaseTool, question: str) -> str:
    from google import genai
    from google.genai import types
    from langchain_google_genai._function_utils import convert_to_genai_function_declarations

    client = genai.Client(api_key="builtin", http_options=types.HttpOptions(base_url=base_url))
    config = types.GenerateContentConfig(
        tools=list(convert_to_genai_function_declarations([tool])),
        automatic_function_calling=types.AutomaticFunctionCallingConfig(disable=True),
    )
    asked = types.Content(role="user", parts=[types.Part(text=question)])
    first = client.models.generate_content(model=BUILTIN_MODEL_ID, contents=[asked], config=config)
    if not first.function_calls or first.candidates is None or first.candidates[0].content is None:
        return first.text or ""
    call = first.function_calls[0]
    output = tool.invoke(dict(call.args or {}))
    response = output if isinstance(output, dict) else {"result": output}
    answer = types.Part.from_function_response(name=str(call.name), response=response)
    contents = [asked, first.candidates[0].content, types.Content(role="user", parts=[answer])]
    final = client.models.generate_content(model=BUILTIN_MODEL_ID, contents=contents, config=config)
    return final.text or ""


async def _mcp_round(tool: BaseTool, arguments: dict[str, Any]) -> tuple[list[dict[str, Any]], str]:
    from langchain_mcp_adapters.tools import load_mcp_tools

    from toolcall_lab.mcp.transcript import tapped_session

    async with tapped_session([tool]) as (session, transcript):
        await session.initialize()
        (loaded,) = await load_mcp_tools(session)
        output = await loaded.ainvoke(arguments)
    records = [{"direction": r.direction, "method": r.method, "message": r.message} for r in transcript.records]
    return records, output if isinstance(output, str) else str(to_jsonable(output))


def one_wire(wire: Wire, tool: BaseTool, question: str, base_url: str, tap: Tap) -> WireCapture:
    """One round trip on ``wire`` against the served model at ``base_url`` (whose ``tap`` records it)."""
    start = len(tap.exchanges)
    if wire == "gemini":
        answer = _gemini_round(base_url, tool, question)
    else:
        _, _, answer = _langchain_round(_chat_model(wire, base_url), tool, question)
    exchanges = _exchange_dicts(tap.exchanges[start:])
    definition, call, result = EXTRACTORS[wire](exchanges)
    return WireCapture(wire, CLIENTS[wire], exchanges, definition, call, result, answer)


def every_wire(tool: BaseTool, question: str, wires: Sequence[Wire] = WIRES) -> dict[Wire, WireCapture]:
    """The same question with the same tool on each of ``wires``, in order (MCP reuses the chat call's arguments)."""
    captures: dict[Wire, WireCapture] = {}
    arguments: dict[str, Any] | None = None
    with served() as (base_url, tap):
        for wire in wires:
            if wire == "mcp":
                continue
            captures[wire] = one_wire(wire, tool, question, base_url, tap)
            if arguments is None and wire in ("chat_completions", "responses"):
                arguments = _chat_arguments(captures[wire].tool_call)
    if "mcp" in wires:
        if arguments is None:
            arguments = _chat_arguments(one_wire_chat(tool, question).tool_call)
        records, answer = asyncio.run(_mcp_round(tool, arguments or {}))
        definition, call, result = EXTRACTORS["mcp"](records)
        captures["mcp"] = WireCapture("mcp", CLIENTS["mcp"], records, definition, call, result, answer)
    return captures


def one_wire_chat(tool: BaseTool, question: str) -> WireCapture:
    """The Chat Completions round trip alone (its call's arguments are what MCP is asked to run)."""
    with served() as (base_url, tap):
        return one_wire("chat_completions", tool, question, base_url, tap)


def _chat_arguments(call: Any) -> dict[str, Any] | None:
    import json

    if not isinstance(call, dict):
        return None
    text = (call.get("function") or {}).get("arguments") if "function" in call else call.get("arguments")
    try:
        parsed = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None
    return parsed if isinstance(parsed, dict) else None
