"""The built-in teaching model as an OpenAI-compatible chat-completions endpoint.

:class:`BuiltinModel` takes a request body (a dict, as parsed from the JSON the client
sent) and returns ``(status_code, response_body)`` exactly as a provider would: a
``chat.completion`` object, or a provider-style ``{"error": {...}}`` with a 4xx status
when the request is invalid (for example a ``tool`` message answering no earlier call).

Token counts are an approximation, labelled as such in every response
(``usage.approximation``): one token per CJK character, one per four other characters,
plus four per message; no tokenizer file can be downloaded offline.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from toolcall_lab.offline.brain import Decision, decide

BUILTIN_MODEL_ID = "builtin-teaching-model"
TOKEN_NOTE = "approximate: 1 per CJK char + 1 per 4 other chars + 4 per message"
_TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
_ROLES = ("system", "developer", "user", "assistant", "tool", "function")


class EndpointError(Exception):
    """A provider-style error response (status code and OpenAI error body)."""

    def __init__(
        self,
        status: int,
        message: str,
        *,
        param: str | None = None,
        type_: str = "invalid_request_error",
        code: str | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.body = {"error": {"message": message, "type": type_, "param": param, "code": code}}


# ---------------------------------------------------------------- request validation
def validate_request(body: Any) -> None:
    """Reject what a real OpenAI-compatible endpoint rejects, with its kind of message.

    Raises:
        EndpointError: 400 with ``invalid_request_error`` and the offending ``param``.
    """
    if not isinstance(body, dict):
        raise EndpointError(400, "We could not parse the JSON body of your request.")
    if not body.get("model"):
        raise EndpointError(400, "you must provide a model parameter", param="model")
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise EndpointError(400, "[] is too short - 'messages'", param="messages")
    tools = body.get("tools")
    if tools is not None:
        if not isinstance(tools, list):
            raise EndpointError(400, "Invalid type for 'tools': expected an array.", param="tools")
        for i, tool in enumerate(tools):
            fn = tool.get("function") if isinstance(tool, dict) else None
            if not isinstance(fn, dict) or tool.get("type") != "function":
                raise EndpointError(
                    400, f"Missing required parameter: 'tools[{i}].function'.", param=f"tools[{i}].function"
                )
            params = fn.get("parameters")
            if params is not None and (
                not isinstance(params, dict) or not isinstance(params.get("properties", {}), dict)
            ):
                raise EndpointError(
                    400,
                    f"Invalid schema for function '{fn.get('name')}': schema must be a JSON "
                    "Schema of 'type: \"object\"'.",
                    param=f"tools[{i}].function.parameters",
                )
            if not _TOOL_NAME.match(str(fn.get("name", ""))):
                raise EndpointError(
                    400,
                    f"Invalid 'tools[{i}].function.name': string does not match pattern. "
                    "Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
                    param=f"tools[{i}].function.name",
                )
    for flag in ("parallel_tool_calls", "stream"):
        if body.get(flag) is not None and not isinstance(body.get(flag), bool):
            raise EndpointError(400, f"Invalid type for '{flag}': expected a boolean.", param=flag)
    fmt = body.get("response_format")
    if fmt is not None:
        kind = fmt.get("type") if isinstance(fmt, dict) else None
        if kind not in ("text", "json_object", "json_schema"):
            raise EndpointError(
                400,
                "Invalid value for 'response_format.type': supported values are 'text', "
                "'json_object' and 'json_schema'.",
                param="response_format.type",
            )
        if kind == "json_schema":
            spec = fmt.get("json_schema")
            if not isinstance(spec, dict) or not isinstance(spec.get("schema", {}), dict):
                raise EndpointError(
                    400,
                    "Missing required parameter: 'response_format.json_schema'.",
                    param="response_format.json_schema",
                )
    names = [(t.get("function") or {}).get("name") for t in tools or []]
    choice = body.get("tool_choice")
    if choice is not None and not tools:
        raise EndpointError(
            400,
            "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
            param="tool_choice",
        )
    if body.get("parallel_tool_calls") is not None and not tools:
        raise EndpointError(
            400,
            "Invalid value for 'parallel_tool_calls': 'parallel_tool_calls' is only "
            "allowed when 'tools' are specified.",
            param="parallel_tool_calls",
        )
    if isinstance(choice, dict):
        wanted = (choice.get("function") or {}).get("name")
        if wanted not in names:
            raise EndpointError(
                400,
                f"Invalid value for 'tool_choice': function '{wanted}' is not among the provided 'tools'.",
                param="tool_choice",
            )
    elif choice not in (None, "auto", "none", "required"):
        raise EndpointError(
            400,
            f"Invalid value: '{choice}'. Supported values are: 'none', 'auto', and 'required'.",
            param="tool_choice",
        )
    _validate_messages(messages)


def _validate_messages(messages: list[Any]) -> None:
    open_calls: list[str] = []
    open_at = -1
    for i, m in enumerate(messages):
        if not isinstance(m, dict):
            raise EndpointError(400, f"Invalid type for 'messages[{i}]': expected an object.", param=f"messages.[{i}]")
        role = m.get("role")
        if role not in _ROLES:
            raise EndpointError(
                400,
                f"Invalid value: '{role}'. Supported values are: 'system', 'assistant', "
                "'user', 'function', 'tool', and 'developer'.",
                param=f"messages.[{i}].role",
            )
        if role == "tool":
            call_id = m.get("tool_call_id")
            if call_id not in open_calls:
                raise EndpointError(
                    400,
                    "Invalid parameter: messages with role 'tool' must be a response to a "
                    "preceeding message with 'tool_calls'.",
                    param=f"messages.[{i}].role",
                )
            open_calls.remove(call_id)
            continue
        if open_calls:
            raise _unanswered(open_calls, open_at)
        content = m.get("content")
        if content is not None and not isinstance(content, (str, list)):
            raise EndpointError(
                400,
                f"Invalid type for 'messages[{i}].content': expected one of a string or "
                "array of objects, but got another type instead.",
                param=f"messages.[{i}].content",
            )
        if role == "assistant" and m.get("tool_calls") is not None:
            calls = m["tool_calls"]
            if not isinstance(calls, list):
                raise EndpointError(
                    400,
                    f"Invalid type for 'messages[{i}].tool_calls': expected an array.",
                    param=f"messages.[{i}].tool_calls",
                )
            for j, c in enumerate(calls):
                fn = c.get("function") if isinstance(c, dict) else None
                if not isinstance(c, dict) or not isinstance(c.get("id"), str):
                    raise EndpointError(
                        400,
                        f"Missing required parameter: 'messages[{i}].tool_calls[{j}].id'.",
                        param=f"messages.[{i}].tool_calls.[{j}].id",
                    )
                if not isinstance(fn, dict):
                    raise EndpointError(
                        400,
                        f"Missing required parameter: 'messages[{i}].tool_calls[{j}].function'.",
                        param=f"messages.[{i}].tool_calls.[{j}].function",
                    )
                if not isinstance(fn.get("arguments"), str) or not isinstance(fn.get("name"), str):
                    raise EndpointError(
                        400,
                        f"Invalid type for 'messages[{i}].tool_calls[{j}].function.arguments': expected a string.",
                        param=f"messages.[{i}].tool_calls.[{j}]",
                    )
            open_calls = [c["id"] for c in calls]
            open_at = i
    if open_calls:
        raise _unanswered(open_calls, open_at)


def _unanswered(open_calls: list[str], at: int) -> EndpointError:
    """OpenAI's 400 for tool calls that no tool message answered before the next turn."""
    return EndpointError(
        400,
        "An assistant message with 'tool_calls' must be followed by tool messages responding to each "
        f"'tool_call_id'. The following tool_call_ids did not have response messages: {', '.join(open_calls)}",
        param=f"messages.[{at}].role",
    )


# ---------------------------------------------------------------- token counting
def approx_tokens(text: str) -> int:
    """Approximate token count of a text (see module docstring)."""
    cjk = len(re.findall(r"[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]", text))
    return cjk + math.ceil((len(text) - cjk) / 4)


def prompt_tokens(body: dict[str, Any]) -> int:
    total = 3
    for m in body.get("messages") or []:
        total += 4 + approx_tokens(json.dumps(m.get("content") or "", ensure_ascii=False))
        if m.get("tool_calls"):
            total += approx_tokens(json.dumps(m["tool_calls"], ensure_ascii=False))
    if body.get("tools"):
        total += approx_tokens(json.dumps(body["tools"], ensure_ascii=False))
    return total


# ---------------------------------------------------------------- the model
@dataclass
class BuiltinModel:
    """The deterministic built-in teaching model.

    Args:
        script: optional assistant messages in wire shape, replayed one per request before
            the model's own decisions take over (to replay an exact scenario, such as a model
            repeating the same bad call). A scripted message may omit tool call ids.
        faults: optional fault injector (see :mod:`toolcall_lab.offline.faults`); consulted
            before each request is answered.
    """

    script: Sequence[dict[str, Any]] = ()
    faults: Any = None
    calls: int = field(default=0, init=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    def next_scripted(self) -> dict[str, Any] | None:
        with self._lock:
            index = self.calls
            self.calls += 1
        return dict(self.script[index]) if index < len(self.script) else None

    def complete(self, body: Any) -> tuple[int, dict[str, Any]]:
        """Answer one chat-completions request: ``(status, body)``."""
        try:
            validate_request(body)
        except EndpointError as err:
            return err.status, err.body
        scripted = self.next_scripted()
        if scripted is not None:
            message = _scripted_message(scripted, body)
        else:
            message = _decision_message(decide(body), body)
        return 200, _completion(body, message)


def _call_id(body: dict[str, Any], index: int) -> str:
    digest = hashlib.sha256(
        (json.dumps(body.get("messages"), sort_keys=True, ensure_ascii=False) + f"#{index}").encode()
    ).hexdigest()
    return f"call_{digest[:16]}"


def _decision_message(decision: Decision, body: dict[str, Any]) -> dict[str, Any]:
    if decision.tool_calls:
        return {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": _call_id(body, i),
                    "type": "function",
                    # arguments travel as a JSON *string*, exactly like a real provider's
                    "function": {"name": name, "arguments": json.dumps(args, ensure_ascii=False)},
                }
                for i, (name, args) in enumerate(decision.tool_calls)
            ],
        }
    return {"role": "assistant", "content": decision.content or ""}


def _scripted_message(scripted: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": scripted.get("content")}
    calls = []
    for i, call in enumerate(scripted.get("tool_calls") or []):
        fn = dict(call.get("function") or {"name": call.get("name"), "arguments": call.get("args", {})})
        if not isinstance(fn.get("arguments"), str):
            fn["arguments"] = json.dumps(fn.get("arguments") or {}, ensure_ascii=False)
        entry = {"type": "function", "function": fn}
        # an explicit "id": None in the script replays a model that omitted the id
        call_id = call["id"] if "id" in call else _call_id(body, i)
        if call_id is not None:
            entry["id"] = call_id
        calls.append(entry)
    if calls:
        message["tool_calls"] = calls
    return message


def _completion(body: dict[str, Any], message: dict[str, Any]) -> dict[str, Any]:
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    completion_text = json.dumps(message.get("content") or "", ensure_ascii=False) + json.dumps(
        message.get("tool_calls") or "", ensure_ascii=False
    )
    prompt = prompt_tokens(body)
    completion = approx_tokens(completion_text)
    message.setdefault("refusal", None)
    return {
        "id": f"chatcmpl-{digest[:24]}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model", BUILTIN_MODEL_ID),
        "system_fingerprint": BUILTIN_MODEL_ID,
        "choices": [
            {
                "index": 0,
                "message": message,
                "logprobs": None,
                "finish_reason": "tool_calls" if message.get("tool_calls") else "stop",
            }
        ],
        "usage": {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
            "approximation": TOKEN_NOTE,
        },
    }


def stream_chunks(completion: dict[str, Any]) -> list[dict[str, Any]]:
    """The same completion as ``chat.completion.chunk`` objects (for ``stream: true``)."""
    choice = completion["choices"][0]
    message = choice["message"]
    base = {k: completion[k] for k in ("id", "created", "model", "system_fingerprint")}
    delta: dict[str, Any] = {"role": "assistant", "content": message.get("content")}
    if message.get("tool_calls"):
        delta["tool_calls"] = [{"index": i, **c} for i, c in enumerate(message["tool_calls"])]
    return [
        {
            **base,
            "object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": None}],
        },
        {
            **base,
            "object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": {}, "logprobs": None, "finish_reason": choice["finish_reason"]}],
        },
        {**base, "object": "chat.completion.chunk", "choices": [], "usage": completion["usage"]},
    ]
