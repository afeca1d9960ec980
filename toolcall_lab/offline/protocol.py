"""The provider's vocabulary: model objects, ids, and the error body every client understands.

Everything the endpoint sends that is not the model's own words is built here, in the
shapes the OpenAI API documents: ``{"error": {"message", "type", "param", "code"}}`` with
its HTTP status, ``chatcmpl-…`` / ``call_…`` / ``req_…`` ids that are unique per response
(the *content* of an answer stays deterministic; ids never are, on any provider), and the
``model`` objects served at ``GET /v1/models``.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

BUILTIN_MODEL_ID = "builtin-teaching-model"
MODEL_CREATED = 1767225600  # 2026-01-01T00:00:00Z, when this model "was released"
MODEL_OWNER = "toolcall-lab"
JSON_HEADERS = {"content-type": "application/json"}
SSE_HEADERS = {"content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache"}


class EndpointError(Exception):
    """A provider-style error response: HTTP status and the OpenAI error body.

    Attributes:
        status: the HTTP status (400 for a bad request, 404 for an unknown model or URL).
        body: ``{"error": {"message", "type", "param", "code"}}``.
    """

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
        self.body: dict[str, Any] = {"error": {"message": message, "type": type_, "param": param, "code": code}}


def new_id(prefix: str, length: int = 24) -> str:
    """A fresh random id such as ``chatcmpl-3f9c…`` or ``call_a81d…``."""
    return prefix + uuid.uuid4().hex[:length]


def model_object(model_id: str = BUILTIN_MODEL_ID) -> dict[str, Any]:
    """One entry of ``GET /v1/models``: ``{"id", "object": "model", "created", "owned_by"}``."""
    return {"id": model_id, "object": "model", "created": MODEL_CREATED, "owned_by": MODEL_OWNER}


def model_not_found(model_id: str) -> EndpointError:
    """OpenAI's 404 for a model id it does not serve."""
    return EndpointError(
        404,
        f"The model `{model_id}` does not exist or you do not have access to it.",
        code="model_not_found",
    )


def invalid_url(method: str, path: str) -> EndpointError:
    """OpenAI's 404 for a path it does not serve."""
    return EndpointError(404, f"Invalid URL ({method} {path})")


def json_type(value: Any) -> str:
    """How OpenAI's error messages name the JSON type of a value ("a string", "an array" …)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a decimal"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def json_bytes(body: Any) -> bytes:
    """A body as the UTF-8 JSON bytes sent on the wire (non-ASCII characters kept as they are)."""
    return json.dumps(body, ensure_ascii=False).encode()


def chat_call(call_id: Any, name: Any, args: Any) -> dict[str, Any]:
    """A chat-completions ``tool_calls`` entry for a call another wire carries with object arguments."""
    arguments = json.dumps(args if args is not None else {}, ensure_ascii=False)
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}
