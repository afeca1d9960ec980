"""The same tool call on two wires: Chat Completions and the Responses API, side by side.

``ChatOpenAI(use_responses_api=True)`` speaks OpenAI's newer Responses API: ``POST /responses``
with ``input`` items instead of ``messages``, flat ``function`` tools, and a tool call that is a
``function_call`` item with a ``call_id`` — answered by a ``function_call_output`` item with the
same ``call_id``, where Chat Completions has an assistant ``tool_calls`` entry answered by a
``role: "tool"`` message with a ``tool_call_id``. LangChain normalises both into the same
``AIMessage.tool_calls`` and ``ToolMessage``.

:func:`both_wires` runs one question through both, on the built-in model, and keeps what each
put on the wire: the first request, the model's reply, and the request that carries the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from toolcall_lab.jsonable import to_jsonable

Wire = Literal["chat_completions", "responses"]
WIRES: tuple[Wire, ...] = ("chat_completions", "responses")


@dataclass
class WireRound:
    """One question's tool-call round trip on one wire.

    Attributes:
        wire: ``"chat_completions"`` or ``"responses"``.
        path: the URL path the client called (``/v1/chat/completions`` or ``/v1/responses``).
        first_request: the body that carried the tools.
        first_response: the model's reply with the tool call.
        tool_calls: LangChain's normalised ``AIMessage.tool_calls`` (the same on both wires).
        tool_message: the ``ToolMessage`` the tool's result became.
        second_request: the body that carried the result back.
        answer: the model's final text.
    """

    wire: Wire
    path: str
    first_request: Any
    first_response: Any
    tool_calls: list[dict[str, Any]]
    tool_message: dict[str, Any]
    second_request: Any
    answer: str


def one_wire(wire: Wire, question: str, tools: Sequence[Any]) -> WireRound:
    """Ask ``question`` with ``tools`` over one wire; run the called tool; send its result back."""
    import httpx
    from langchain_core.messages import HumanMessage, ToolMessage
    from langchain_openai import ChatOpenAI
    from pydantic import SecretStr

    from toolcall_lab.capture import event_hooks, recording
    from toolcall_lab.llm import BUILTIN_API_KEY, BUILTIN_BASE_URL
    from toolcall_lab.offline import BUILTIN_MODEL_ID, BuiltinModel, BuiltinTransport

    llm = ChatOpenAI(
        model=BUILTIN_MODEL_ID,
        api_key=SecretStr(BUILTIN_API_KEY),
        base_url=BUILTIN_BASE_URL,
        http_client=httpx.Client(transport=BuiltinTransport(BuiltinModel()), event_hooks=event_hooks()),
        use_responses_api=wire == "responses",
        max_retries=0,
        timeout=10.0,
    )
    by_name = {t.name: t for t in tools}
    human = HumanMessage(question)
    with recording() as rec:
        ai = llm.bind_tools(list(tools)).invoke([human])
        call = ai.tool_calls[0] if ai.tool_calls else None
        results: list[ToolMessage] = []
        if call is not None:
            # the same ToolMessage on both wires: LangChain turns it into each wire's own shape
            result = by_name[call["name"]].invoke(call)
            assert isinstance(result, ToolMessage)
            results.append(result)
            final = llm.bind_tools(list(tools)).invoke([human, ai, *results])
        else:
            final = ai
    first, last = rec.exchanges[0], rec.exchanges[-1]
    return WireRound(
        wire=wire,
        path=httpx.URL(first.url).path,
        first_request=first.request_body,
        first_response=first.response_body,
        tool_calls=to_jsonable(list(ai.tool_calls)),
        tool_message=to_jsonable(
            {"content": results[0].content, "tool_call_id": results[0].tool_call_id} if results else {}
        ),
        second_request=last.request_body if len(rec.exchanges) > 1 else None,
        answer=str(final.text),
    )


def both_wires(question: str, tools: Sequence[Any]) -> dict[Wire, WireRound]:
    """The same question on Chat Completions and on the Responses API."""
    return {wire: one_wire(wire, question, tools) for wire in WIRES}
