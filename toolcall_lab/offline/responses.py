"""``POST /v1/responses``: the same model on OpenAI's Responses API wire.

The Responses API says the same things as chat completions in other words: ``input`` items
instead of ``messages`` (``function_call`` / ``function_call_output`` items instead of
``tool_calls`` / ``tool`` messages, paired by ``call_id``), flat function ``tools``,
``max_output_tokens``, ``text.format``; and it answers with ``output`` items and typed
streaming events (``response.output_text.delta``, ``response.function_call_arguments.delta`` …).

:func:`to_chat_body` translates a request into a chat-completions body, so the one model
(:mod:`.validation`, :mod:`.brain`, :mod:`.sampling`) answers both; :func:`response_object`
and :func:`response_events` write its answer back in the Responses shapes.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

from toolcall_lab.offline.protocol import EndpointError, new_id
from toolcall_lab.offline.tokens import pieces

_PASSED_ON = ("model", "temperature", "top_p", "parallel_tool_calls", "stream", "user", "metadata", "store")
KNOWN = frozenset(
    {*_PASSED_ON, "input", "instructions", "tools", "tool_choice", "max_output_tokens", "text", "truncation",
     "include", "previous_response_id", "reasoning", "background", "service_tier", "prompt_cache_key",
     "safety_identifier", "top_logprobs", "stream_options", "conversation", "prompt", "max_tool_calls"}
)  # fmt: skip
_UNSUPPORTED = ("previous_response_id", "reasoning", "background", "conversation", "prompt")


def to_chat_body(request: Any) -> dict[str, Any]:
    """A Responses request as the chat-completions body that asks the same.

    Raises:
        EndpointError: the provider's 400 for what the Responses API rejects itself.
    """
    if not isinstance(request, dict):
        raise EndpointError(400, "We could not parse the JSON body of your request.")
    for name in request:
        if name not in KNOWN:
            raise EndpointError(400, f"Unknown parameter: '{name}'.", param=name, code="unknown_parameter")
    for name in _UNSUPPORTED:
        if request.get(name) is not None:
            raise EndpointError(
                400,
                f"Unsupported parameter: '{name}' is not supported with this model.",
                param=name,
                code="unsupported_parameter",
            )
    body: dict[str, Any] = {k: request[k] for k in _PASSED_ON if request.get(k) is not None}
    messages = [{"role": "developer", "content": request["instructions"]}] if request.get("instructions") else []
    body["messages"] = messages + _messages(request.get("input"))
    if request.get("tools") is not None:
        body["tools"] = [_chat_tool(t, i) for i, t in enumerate(_listed(request["tools"], "tools"))]
    choice = request.get("tool_choice")
    if isinstance(choice, dict) and choice.get("type") == "function":
        body["tool_choice"] = {"type": "function", "function": {"name": choice.get("name")}}
    elif choice is not None:
        body["tool_choice"] = choice
    budget = request.get("max_output_tokens")
    if budget is not None:
        if isinstance(budget, int) and not isinstance(budget, bool) and budget < 16:
            raise EndpointError(
                400,
                "Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, "
                f"but got {budget} instead.",
                param="max_output_tokens",
                code="integer_below_min_value",
            )
        body["max_completion_tokens"] = budget
    fmt = (request.get("text") or {}).get("format") if isinstance(request.get("text"), dict) else None
    if isinstance(fmt, dict) and fmt.get("type") == "json_schema":
        spec = {k: fmt[k] for k in ("name", "schema", "strict", "description") if k in fmt}
        body["response_format"] = {"type": "json_schema", "json_schema": spec}
    elif isinstance(fmt, dict) and fmt.get("type") in ("text", "json_object"):
        body["response_format"] = {"type": fmt["type"]}
    if body.get("stream") and isinstance(request.get("stream_options"), dict):
        body["stream_options"] = request["stream_options"]
    return body


def _listed(value: Any, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise EndpointError(400, f"Invalid type for '{name}': expected an array.", param=name, code="invalid_type")
    return value


def _chat_tool(tool: Any, i: int) -> dict[str, Any]:
    if not isinstance(tool, dict) or tool.get("type") != "function":
        kind = tool.get("type") if isinstance(tool, dict) else None
        raise EndpointError(
            400,
            f"Invalid value: '{kind}'. This model supports tools of type 'function' only.",
            param=f"tools[{i}].type",
        )
    fn = {k: tool[k] for k in ("name", "description", "parameters", "strict") if k in tool}
    return {"type": "function", "function": fn}


def _messages(items: Any) -> list[dict[str, Any]]:
    """``input`` (a string or a list of items) as chat messages."""
    if isinstance(items, str):
        return [{"role": "user", "content": items}]
    if items is None:
        raise EndpointError(
            400, "Missing required parameter: 'input'.", param="input", code="missing_required_parameter"
        )
    messages: list[dict[str, Any]] = []
    for i, item in enumerate(_listed(items, "input")):
        kind = item.get("type", "message") if isinstance(item, dict) else None
        if kind == "message" and isinstance(item, dict):
            messages.append({"role": item.get("role"), "content": _text(item.get("content"), i)})
        elif kind == "function_call" and isinstance(item, dict):
            call = {"id": item.get("call_id"), "type": "function"}
            call["function"] = {"name": item.get("name"), "arguments": item.get("arguments")}
            last = messages[-1] if messages else None
            if last is not None and last["role"] == "assistant" and last.get("tool_calls"):
                last["tool_calls"].append(call)  # parallel calls: one assistant turn
            else:
                messages.append({"role": "assistant", "content": None, "tool_calls": [call]})
        elif kind == "function_call_output" and isinstance(item, dict):
            output = item.get("output")
            content = output if isinstance(output, str) else json.dumps(output, ensure_ascii=False)
            messages.append({"role": "tool", "tool_call_id": item.get("call_id"), "content": content})
        elif kind in ("reasoning", "item_reference"):
            continue
        else:
            raise EndpointError(
                400,
                f"Invalid value: '{kind}'. Supported values are: 'message', 'function_call' and "
                "'function_call_output'.",
                param=f"input[{i}].type",
                code="invalid_value",
            )
    return messages


def _text(content: Any, i: int) -> Any:
    """Message content: a string, or ``input_text`` / ``output_text`` parts as chat ``text`` parts."""
    if not isinstance(content, list):
        return content
    parts = []
    for j, part in enumerate(content):
        kind = part.get("type") if isinstance(part, dict) else None
        if isinstance(part, dict) and kind in ("input_text", "output_text", "text"):
            parts.append({"type": "text", "text": part.get("text")})
        elif kind in ("input_image", "input_file", "input_audio"):
            raise EndpointError(
                400,
                f"Invalid content type. {kind} is only supported by certain models.",
                param=f"input[{i}].content[{j}].type",
                code="invalid_value",
            )
        else:
            raise EndpointError(400, f"Invalid value: '{kind}'.", param=f"input[{i}].content[{j}].type")
    return parts


def response_object(request: dict[str, Any], completion: dict[str, Any]) -> dict[str, Any]:
    """A ``response`` object carrying the first choice of a chat completion as ``output`` items."""
    choice = completion["choices"][0]
    message = choice["message"]
    output: list[dict[str, Any]] = []
    if message.get("content"):
        text = {"type": "output_text", "text": message["content"], "annotations": [], "logprobs": []}
        output.append(
            {"type": "message", "id": new_id("msg_"), "status": "completed", "role": "assistant", "content": [text]}
        )
    for call in message.get("tool_calls") or []:
        fn = call.get("function") or {}
        output.append(
            {
                "type": "function_call",
                "id": new_id("fc_"),
                "call_id": call.get("id"),
                "name": fn.get("name"),
                "arguments": fn.get("arguments"),
                "status": "completed",
            }
        )
    cut = choice["finish_reason"] == "length"
    used = completion["usage"]
    return {
        "id": new_id("resp_"),
        "object": "response",
        "created_at": int(time.time()),
        "status": "incomplete" if cut else "completed",
        "error": None,
        "incomplete_details": {"reason": "max_output_tokens"} if cut else None,
        "instructions": request.get("instructions"),
        "max_output_tokens": request.get("max_output_tokens"),
        "model": completion["model"],
        "output": output,
        "parallel_tool_calls": request.get("parallel_tool_calls", True),
        "temperature": request.get("temperature", 1.0),
        "text": request.get("text") or {"format": {"type": "text"}},
        "tool_choice": request.get("tool_choice", "auto"),
        "tools": request.get("tools") or [],
        "top_p": request.get("top_p", 1.0),
        "truncation": request.get("truncation", "disabled"),
        "usage": {
            "input_tokens": used["prompt_tokens"],
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens": used["completion_tokens"],
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": used["total_tokens"],
        },
        "user": request.get("user"),
        "metadata": request.get("metadata") or {},
        "store": request.get("store", True),
    }


def response_events(response: dict[str, Any]) -> Iterator[bytes]:
    """The typed server-sent events of a streamed response (``event: …`` + ``data: …``), in order."""
    sequence = iter(range(1_000_000))

    def event(kind: str, **data: Any) -> bytes:
        payload = {"type": kind, "sequence_number": next(sequence), **data}
        return f"event: {kind}\ndata: {json.dumps(payload, ensure_ascii=False)}\n\n".encode()

    opening = {**response, "status": "in_progress", "output": [], "usage": None, "incomplete_details": None}
    yield event("response.created", response=opening)
    yield event("response.in_progress", response=opening)
    for index, item in enumerate(response["output"]):
        where = {"item_id": item["id"], "output_index": index}
        if item["type"] == "message":
            text = item["content"][0]["text"]
            yield event("response.output_item.added", output_index=index, item={**item, "content": []})
            part = {"type": "output_text", "text": "", "annotations": [], "logprobs": []}
            yield event("response.content_part.added", **where, content_index=0, part=part)
            for piece in pieces(text):
                yield event("response.output_text.delta", **where, content_index=0, delta=piece, logprobs=[])
            yield event("response.output_text.done", **where, content_index=0, text=text, logprobs=[])
            yield event("response.content_part.done", **where, content_index=0, part={**part, "text": text})
        else:
            yield event("response.output_item.added", output_index=index, item={**item, "arguments": ""})
            for piece in pieces(item["arguments"] or ""):
                yield event("response.function_call_arguments.delta", **where, delta=piece)
            yield event("response.function_call_arguments.done", **where, arguments=item["arguments"])
        yield event("response.output_item.done", output_index=index, item=item)
    final = "response.incomplete" if response["status"] == "incomplete" else "response.completed"
    yield event(final, response=response)
