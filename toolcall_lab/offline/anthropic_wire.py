"""``POST /v1/messages``: the same model on Anthropic's Messages API wire.

The Messages API says what chat completions says with other shapes:

* ``system`` is a parameter, not a message; ``max_tokens`` is required;
* a tool is ``{"name", "description", "input_schema"}`` (no ``function`` wrapper);
* the model's call is a ``tool_use`` content block with an ``id`` like ``toolu_…`` and an ``input``
  that is already an object (not a JSON string), and ``stop_reason`` says ``tool_use``;
* the result goes back as a ``tool_result`` block (``tool_use_id``) at the start of the next *user*
  message — there is no ``tool`` role — and every ``tool_use`` must be answered there;
* errors are ``{"type": "error", "error": {"type": "invalid_request_error", "message": …}}``;
* a stream is typed events: ``message_start``, ``content_block_start`` / ``_delta`` (``text_delta``,
  ``input_json_delta``) / ``_stop``, ``message_delta`` (the ``stop_reason``), ``message_stop``.

:func:`to_chat_body` translates a request into a chat-completions body, so the one model
(:mod:`.validation`, :mod:`.brain`, :mod:`.sampling`) answers every wire; :func:`message_object`
and :func:`message_events` write its answer back in Anthropic's shapes; :func:`anthropic_error`
rewrites any refusal in Anthropic's error shape.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from toolcall_lab.offline.protocol import EndpointError, chat_call, new_id
from toolcall_lab.offline.tokens import pieces
from toolcall_lab.offline.validation import MAX_COMPLETION_TOKENS

KNOWN = frozenset(
    {"model", "messages", "max_tokens", "system", "tools", "tool_choice", "stream", "temperature", "top_p",
     "top_k", "stop_sequences", "metadata", "service_tier", "thinking", "container", "mcp_servers"}
)  # fmt: skip
_ERROR_TYPES = {400: "invalid_request_error", 401: "authentication_error", 404: "not_found_error"}
_ERROR_TYPES |= {413: "request_too_large", 429: "rate_limit_error", 500: "api_error", 529: "overloaded_error"}


class AnthropicError(EndpointError):
    """A refusal in Anthropic's shape: ``{"type": "error", "error": {"type", "message"}}``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(status, message)
        self.body = anthropic_error(status, message)


def anthropic_error(status: int, message: str) -> dict[str, Any]:
    """The error body Anthropic sends with ``status`` (its ``error.type`` named by the status)."""
    kind = _ERROR_TYPES.get(status, "invalid_request_error" if status < 500 else "api_error")
    return {"type": "error", "error": {"type": kind, "message": message}}


def from_chat_error(err: EndpointError) -> AnthropicError:
    """A chat-completions refusal of the translated request, said the Anthropic way."""
    error = err.body.get("error") or {}
    message = str(error.get("message") or err)
    if error.get("code") == "model_not_found":
        message = f"model: {err.body['error']['message'].split('`')[1]}" if "`" in message else message
    return AnthropicError(err.status, message)


def to_chat_body(request: Any) -> dict[str, Any]:
    """A Messages request as the chat-completions body that asks the same.

    Raises:
        AnthropicError: the 400 Anthropic itself answers (a missing ``max_tokens``, an unanswered
            ``tool_use``, a ``tool_result`` answering no call …).
    """
    if not isinstance(request, dict):
        raise AnthropicError(400, "There was an issue with your request body: the JSON could not be parsed.")
    for name in request:
        if name not in KNOWN:
            raise AnthropicError(400, f"{name}: Extra inputs are not permitted")
    for name in ("model", "messages", "max_tokens"):
        if name not in request:
            raise AnthropicError(400, f"{name}: Field required")
    budget = request["max_tokens"]
    if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
        raise AnthropicError(400, "max_tokens: Input should be a valid integer greater than or equal to 1")
    body: dict[str, Any] = {"model": request["model"], "max_tokens": min(budget, MAX_COMPLETION_TOKENS)}
    for name in ("temperature", "top_p", "stream"):
        if request.get(name) is not None:
            body[name] = request[name]
    if isinstance(request.get("temperature"), int | float) and not 0 <= request["temperature"] <= 1:
        raise AnthropicError(400, "temperature: range: 0..1")
    stops = request.get("stop_sequences")
    if stops:
        body["stop"] = list(stops)[:4]
    system = _system(request.get("system"))
    body["messages"] = ([{"role": "system", "content": system}] if system else []) + _messages(request["messages"])
    if request.get("tools") is not None:
        body["tools"] = [_chat_tool(t, i) for i, t in enumerate(_listed(request["tools"], "tools"))]
    _apply_tool_choice(request.get("tool_choice"), body)
    return body


def _listed(value: Any, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise AnthropicError(400, f"{name}: Input should be a valid list")
    return value


def _system(system: Any) -> str:
    if system is None or isinstance(system, str):
        return system or ""
    blocks = _listed(system, "system")
    return "\n".join(str(b.get("text", "")) for b in blocks if isinstance(b, dict) and b.get("type") == "text")


def _chat_tool(tool: Any, i: int) -> dict[str, Any]:
    if not isinstance(tool, dict):
        raise AnthropicError(400, f"tools.{i}: Input should be a valid dictionary")
    if "type" in tool and tool["type"] not in ("custom", None):
        raise AnthropicError(400, f"tools.{i}.type: this model supports custom tools (with input_schema) only")
    for name in ("name", "input_schema"):
        if name not in tool:
            raise AnthropicError(400, f"tools.{i}.custom.{name}: Field required")
    schema = tool["input_schema"]
    if not isinstance(schema, dict) or schema.get("type") != "object":
        raise AnthropicError(400, f"tools.{i}.custom.input_schema.type: Input should be 'object'")
    fn = {"name": tool["name"], "description": tool.get("description", ""), "parameters": schema}
    return {"type": "function", "function": fn}


def _apply_tool_choice(choice: Any, body: dict[str, Any]) -> None:
    if choice is None:
        return
    kind = choice.get("type") if isinstance(choice, dict) else None
    if kind == "auto":
        body["tool_choice"] = "auto"
    elif kind == "any":
        body["tool_choice"] = "required"
    elif kind == "none":
        body["tool_choice"] = "none"
    elif kind == "tool" and isinstance(choice, dict):
        body["tool_choice"] = {"type": "function", "function": {"name": choice.get("name")}}
    else:
        raise AnthropicError(400, "tool_choice: Input tag does not match any of the expected tags: 'auto', 'any', "
                             "'tool', 'none'")  # fmt: skip
    if isinstance(choice, dict) and choice.get("disable_parallel_tool_use") and body.get("tools"):
        body["parallel_tool_calls"] = False


def _blocks(content: Any, where: str) -> list[dict[str, Any]]:
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    blocks = _listed(content, f"{where}.content")
    for j, block in enumerate(blocks):
        if not isinstance(block, dict) or "type" not in block:
            raise AnthropicError(400, f"{where}.content.{j}.type: Field required")
    return blocks


def _result_text(content: Any) -> str:
    if content is None or isinstance(content, str):
        return content or ""
    if isinstance(content, list):
        return "\n".join(str(b.get("text", "")) for b in content if isinstance(b, dict) and b.get("type") == "text")
    return json.dumps(content, ensure_ascii=False)


def _messages(messages: Any) -> list[dict[str, Any]]:
    """``messages`` as chat messages, with Anthropic's pairing rules between ``tool_use`` and ``tool_result``."""
    out: list[dict[str, Any]] = []
    pending: list[str] = []  # tool_use ids of the previous assistant message
    items = _listed(messages, "messages")
    for i, message in enumerate(items):
        if not isinstance(message, dict) or message.get("role") not in ("user", "assistant"):
            raise AnthropicError(400, f"messages.{i}.role: Input should be 'user' or 'assistant'")
        blocks = _blocks(message.get("content"), f"messages.{i}")
        if message["role"] == "assistant":
            if pending:
                raise _unanswered(i - 1, pending)
            texts = [str(b.get("text", "")) for b in blocks if b["type"] == "text"]
            calls = [b for b in blocks if b["type"] == "tool_use"]
            entry: dict[str, Any] = {"role": "assistant", "content": "".join(texts) or None}
            if calls:
                entry["tool_calls"] = [chat_call(b.get("id"), b.get("name"), b.get("input")) for b in calls]
            out.append(entry)
            pending = [str(b.get("id")) for b in calls]
            continue
        answered: list[str] = []
        texts = []
        for j, block in enumerate(blocks):
            if block["type"] == "tool_result":
                use_id = str(block.get("tool_use_id"))
                if use_id not in pending:
                    raise AnthropicError(
                        400,
                        f"messages.{i}.content.{j}: unexpected `tool_use_id` found in `tool_result` blocks: {use_id}. "
                        "Each `tool_result` block must have a corresponding `tool_use` block in the previous message.",
                    )
                answered.append(use_id)
                text = _result_text(block.get("content"))
                out.append({"role": "tool", "tool_call_id": use_id, "content": text})
            elif block["type"] == "text":
                texts.append(str(block.get("text", "")))
            else:
                raise AnthropicError(400, f"messages.{i}.content.{j}.type: this model reads text and tool_result only")
        missing = [p for p in pending if p not in answered]
        if missing:
            raise _unanswered(i - 1, missing)
        pending = []
        if texts:
            out.append({"role": "user", "content": "\n".join(texts)})
    return out


def _unanswered(i: int, ids: list[str]) -> AnthropicError:
    return AnthropicError(
        400,
        f"messages.{i}: `tool_use` ids were found without `tool_result` blocks immediately after: {', '.join(ids)}. "
        "Each `tool_use` block must have a corresponding `tool_result` block in the next message.",
    )


def _tool_use_id(call_id: Any) -> str:
    """A chat call id as Anthropic spells its ids (``toolu_…``)."""
    text = str(call_id or "")
    return text if text.startswith("toolu_") else "toolu_" + (text.removeprefix("call_") or new_id("", 24))


def message_object(request: dict[str, Any], completion: dict[str, Any]) -> dict[str, Any]:
    """A ``message`` object carrying the first choice of a chat completion as content blocks."""
    choice = completion["choices"][0]
    message = choice["message"]
    content: list[dict[str, Any]] = []
    if message.get("content"):
        content.append({"type": "text", "text": message["content"]})
    for call in message.get("tool_calls") or []:
        fn = call.get("function") or {}
        try:
            arguments = json.loads(fn.get("arguments") or "{}")
        except ValueError:
            arguments = {}
        content.append({"type": "tool_use", "id": _tool_use_id(call.get("id")), "name": fn.get("name"),
                        "input": arguments if isinstance(arguments, dict) else {}})  # fmt: skip
    finish = choice.get("finish_reason")
    stop = "max_tokens" if finish == "length" else "tool_use" if finish == "tool_calls" else "end_turn"
    used = completion["usage"]
    return {
        "id": new_id("msg_"),
        "type": "message",
        "role": "assistant",
        "model": completion["model"],
        "content": content,
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": used["prompt_tokens"], "output_tokens": used["completion_tokens"],
                  "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0},
    }  # fmt: skip


def message_events(message: dict[str, Any]) -> Iterator[bytes]:
    """The typed server-sent events of a streamed message (``event: …`` + ``data: …``), in order."""

    def event(kind: str, **data: Any) -> bytes:
        return f"event: {kind}\ndata: {json.dumps({'type': kind, **data}, ensure_ascii=False)}\n\n".encode()

    usage = message["usage"]
    opening = {**message, "content": [], "stop_reason": None, "usage": {**usage, "output_tokens": 1}}
    yield event("message_start", message=opening)
    yield event("ping")
    for index, block in enumerate(message["content"]):
        if block["type"] == "text":
            yield event("content_block_start", index=index, content_block={"type": "text", "text": ""})
            for piece in pieces(block["text"]):
                yield event("content_block_delta", index=index, delta={"type": "text_delta", "text": piece})
        else:
            yield event("content_block_start", index=index, content_block={**block, "input": {}})
            for piece in pieces(json.dumps(block["input"], ensure_ascii=False)):
                yield event(
                    "content_block_delta", index=index, delta={"type": "input_json_delta", "partial_json": piece}
                )
        yield event("content_block_stop", index=index)
    ending = {"stop_reason": message["stop_reason"], "stop_sequence": None}
    yield event("message_delta", delta=ending, usage={"output_tokens": usage["output_tokens"]})
    yield event("message_stop")
