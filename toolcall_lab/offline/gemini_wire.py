"""``POST /v1beta/models/{model}:generateContent``: the same model on the Gemini API wire.

The Gemini API says it with yet other shapes:

* the conversation is ``contents``, each ``{"role": "user" | "model", "parts": [...]}``; the system
  prompt is ``systemInstruction``; options live in ``generationConfig`` (``maxOutputTokens`` …);
* tools are ``[{"functionDeclarations": [{"name", "description", "parameters"}]}]``, where
  ``parameters`` is an OpenAPI subset of JSON Schema (types may be spelled ``"OBJECT"``, ``"STRING"``),
  or ``parametersJsonSchema`` for full JSON Schema;
* the model's call is a ``functionCall`` part (``name``, ``args`` an object); the result goes back
  as a ``functionResponse`` part (``name``, ``response`` an object) in the next ``user`` turn — paired
  by position and name, since ids are optional on this wire;
* the answer is ``candidates[0].content.parts`` with a ``finishReason`` (``STOP``, ``MAX_TOKENS``) and
  ``usageMetadata``; ``:streamGenerateContent?alt=sse`` sends partial responses as ``data:`` events;
* errors are ``{"error": {"code": 400, "message": …, "status": "INVALID_ARGUMENT"}}``.

:func:`to_chat_body` translates a request into a chat-completions body for the one model;
:func:`gemini_response` and :func:`gemini_events` write its answer back.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from toolcall_lab.offline.protocol import EndpointError, chat_call, new_id
from toolcall_lab.offline.tokens import pieces
from toolcall_lab.offline.validation import MAX_COMPLETION_TOKENS

_STATUS = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND"}
_STATUS |= {413: "INVALID_ARGUMENT", 429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 503: "UNAVAILABLE"}
_MODES = {"AUTO": "auto", "ANY": "required", "NONE": "none", "VALIDATED": "auto"}


class GeminiError(EndpointError):
    """A refusal in the Gemini API's shape: ``{"error": {"code", "message", "status"}}``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(status, message)
        self.body = gemini_error(status, message)


def gemini_error(status: int, message: str) -> dict[str, Any]:
    """The error body Google's API sends with ``status`` (gRPC status names)."""
    return {"error": {"code": status, "message": message, "status": _STATUS.get(status, "INVALID_ARGUMENT")}}


def from_chat_error(err: EndpointError, model: str) -> GeminiError:
    """A chat-completions refusal of the translated request, said the Gemini way."""
    error = err.body.get("error") or {}
    if error.get("code") == "model_not_found":
        return GeminiError(
            404, f"models/{model} is not found for API version v1beta, or is not supported for generateContent."
        )
    return GeminiError(err.status, str(error.get("message") or err))


def split_route(route: str) -> tuple[str, str] | None:
    """``(model, method)`` of ``…/models/{model}:{method}``, or ``None`` for another path."""
    if "/models/" not in route or ":" not in route.rsplit("/models/", 1)[1]:
        return None
    model, method = route.rsplit("/models/", 1)[1].split(":", 1)
    return model, method


def _schema(schema: Any) -> Any:
    """An OpenAPI-subset schema as JSON Schema: ``"OBJECT"`` → ``"object"``, ``nullable`` kept as it is."""
    if isinstance(schema, dict):
        return {k: (v.lower() if k == "type" and isinstance(v, str) else _schema(v)) for k, v in schema.items()}
    if isinstance(schema, list):
        return [_schema(v) for v in schema]
    return schema


def _listed(value: Any, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise GeminiError(400, f"Invalid value at '{name}', expected a list: \"{str(value)[:40]}\"")
    return value


def to_chat_body(request: Any, model: str, stream: bool) -> dict[str, Any]:
    """A generateContent request as the chat-completions body that asks the same.

    Raises:
        GeminiError: the 400 the Gemini API itself answers (no contents, a function response that
            follows no function call, a count of responses unequal to the calls …).
    """
    if not isinstance(request, dict):
        raise GeminiError(400, "Invalid JSON payload received.")
    known = {"contents", "tools", "toolConfig", "systemInstruction", "generationConfig", "safetySettings",
             "cachedContent", "labels"}  # fmt: skip
    for name in request:
        if name not in known:
            raise GeminiError(400, f'Invalid JSON payload received. Unknown name "{name}": Cannot find field.')
    body: dict[str, Any] = {"model": model, "stream": stream}
    config = request.get("generationConfig") or {}
    if not isinstance(config, dict):
        raise GeminiError(400, "Invalid value at 'generation_config', expected an object.")
    if isinstance(config.get("maxOutputTokens"), int):
        body["max_tokens"] = max(1, min(config["maxOutputTokens"], MAX_COMPLETION_TOKENS))
    for ours, theirs in (("temperature", "temperature"), ("top_p", "topP")):
        if config.get(theirs) is not None:
            body[ours] = config[theirs]
    if config.get("stopSequences"):
        body["stop"] = list(config["stopSequences"])[:4]
    system = request.get("systemInstruction")
    messages = []
    if isinstance(system, dict):
        text = "".join(str(p.get("text", "")) for p in system.get("parts") or [] if isinstance(p, dict))
        messages.append({"role": "system", "content": text})
    body["messages"] = messages + _messages(request.get("contents"))
    tools = []
    for tool in _listed(request.get("tools") or [], "tools"):
        for decl in (tool or {}).get("functionDeclarations") or []:
            params = decl.get("parametersJsonSchema") or _schema(decl.get("parameters")) or {"type": "object"}
            fn = {"name": decl.get("name"), "description": decl.get("description", ""), "parameters": params}
            tools.append({"type": "function", "function": fn})
    if tools:
        body["tools"] = tools
        mode = ((request.get("toolConfig") or {}).get("functionCallingConfig") or {}).get("mode")
        if mode is not None:
            if str(mode).upper() not in _MODES:
                raise GeminiError(400, f"Invalid value at 'tool_config.function_calling_config.mode' ({mode})")
            body["tool_choice"] = _MODES[str(mode).upper()]
    return body


def _messages(contents: Any) -> list[dict[str, Any]]:
    """``contents`` as chat messages; each ``functionResponse`` is paired with the previous turn's calls."""
    if not contents:
        raise GeminiError(400, "* GenerateContentRequest.contents: contents is not specified\n")
    out: list[dict[str, Any]] = []
    calls: list[tuple[str, str]] = []  # (id, name) of the previous model turn's function calls
    for i, content in enumerate(_listed(contents, "contents")):
        if not isinstance(content, dict):
            raise GeminiError(400, f"Invalid value at 'contents[{i}]', expected an object.")
        parts = [p for p in _listed(content.get("parts") or [], f"contents[{i}].parts") if isinstance(p, dict)]
        role = content.get("role") or "user"
        if role not in ("user", "model", "function", "tool"):
            raise GeminiError(400, f"Please use a valid role: user, model. (contents[{i}].role = {role})")
        texts = [str(p["text"]) for p in parts if "text" in p and not p.get("thought")]
        if role == "model":
            made = [p["functionCall"] for p in parts if isinstance(p.get("functionCall"), dict)]
            calls = [(str(c.get("id") or f"call_{i}_{k}"), str(c.get("name"))) for k, c in enumerate(made)]
            entry: dict[str, Any] = {"role": "assistant", "content": "".join(texts) or None}
            if made:
                pairs = zip(calls, made, strict=True)
                entry["tool_calls"] = [chat_call(cid, c.get("name"), c.get("args")) for (cid, _), c in pairs]
            out.append(entry)
            continue
        answers = [p["functionResponse"] for p in parts if isinstance(p.get("functionResponse"), dict)]
        if answers:
            if not calls:
                raise GeminiError(
                    400,
                    "Please ensure that function response turn comes immediately after a function call turn.",
                )
            if len(answers) != len(calls):
                raise GeminiError(
                    400,
                    "Please ensure that the number of function response parts is equal to the number of function "
                    "call parts of the function call turn.",
                )
            for (cid, _), answer in zip(calls, answers, strict=True):
                response = answer.get("response")
                text = json.dumps(response, ensure_ascii=False) if not isinstance(response, str) else response
                out.append({"role": "tool", "tool_call_id": cid, "content": text})
        calls = []
        if texts:
            out.append({"role": "user", "content": "\n".join(texts)})
    return out


def gemini_response(completion: dict[str, Any]) -> dict[str, Any]:
    """A ``GenerateContentResponse`` carrying the first choice of a chat completion as parts."""
    choice = completion["choices"][0]
    message = choice["message"]
    parts: list[dict[str, Any]] = []
    if message.get("content"):
        parts.append({"text": message["content"]})
    for call in message.get("tool_calls") or []:
        fn = call.get("function") or {}
        try:
            args = json.loads(fn.get("arguments") or "{}")
        except ValueError:
            args = {}
        parts.append({"functionCall": {"name": fn.get("name"), "args": args if isinstance(args, dict) else {}}})
    used = completion["usage"]
    return {
        "candidates": [
            {"content": {"role": "model", "parts": parts},
             "finishReason": "MAX_TOKENS" if choice.get("finish_reason") == "length" else "STOP", "index": 0}
        ],
        "usageMetadata": {"promptTokenCount": used["prompt_tokens"], "candidatesTokenCount": used["completion_tokens"],
                          "totalTokenCount": used["total_tokens"]},
        "modelVersion": completion["model"],
        "responseId": new_id("", 24),
    }  # fmt: skip


def gemini_events(response: dict[str, Any]) -> Iterator[bytes]:
    """``:streamGenerateContent?alt=sse``: text in small partial responses, each call whole, usage last."""

    def event(parts: list[dict[str, Any]], last: bool) -> bytes:
        chunk: dict[str, Any] = {
            "candidates": [{"content": {"role": "model", "parts": parts}, "index": 0}],
            "modelVersion": response["modelVersion"],
            "responseId": response["responseId"],
        }
        if last:
            chunk["candidates"][0]["finishReason"] = response["candidates"][0]["finishReason"]
            chunk["usageMetadata"] = response["usageMetadata"]
        return b"data: " + json.dumps(chunk, ensure_ascii=False).encode() + b"\r\n\r\n"

    units: list[dict[str, Any]] = []
    for part in response["candidates"][0]["content"]["parts"]:
        if "text" in part:
            units.extend({"text": piece} for piece in pieces(part["text"]))
        else:
            units.append(part)
    if not units:
        units = [{"text": ""}]
    for k, unit in enumerate(units):
        yield event([unit], k == len(units) - 1)
