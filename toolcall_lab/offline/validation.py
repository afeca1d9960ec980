"""Request validation: reject what a real OpenAI-compatible endpoint rejects, with its kind of 400.

:func:`parse_request` checks a chat-completions body parameter by parameter (names, types,
ranges, and the rules that tie parameters together) and returns the options the model
honours as a :class:`ChatRequest`. The ``messages`` rules live in :mod:`.message_rules`.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from toolcall_lab.offline.message_rules import mentions_json, validate_messages
from toolcall_lab.offline.protocol import EndpointError, json_type, model_not_found

MAX_COMPLETION_TOKENS = 16384
_TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")

# Every top-level parameter of POST /v1/chat/completions; anything else is "unrecognized".
KNOWN_PARAMETERS = frozenset(
    {
        "model", "messages", "audio", "frequency_penalty", "function_call", "functions", "logit_bias", "logprobs",
        "max_completion_tokens", "max_tokens", "metadata", "modalities", "n", "parallel_tool_calls", "prediction",
        "presence_penalty", "prompt_cache_key", "reasoning_effort", "response_format", "safety_identifier", "seed",
        "service_tier", "stop", "store", "stream", "stream_options", "temperature", "tool_choice", "tools",
        "top_logprobs", "top_p", "user", "verbosity", "web_search_options",
    }
)  # fmt: skip
# Parameters of the API that this model has no ability for (it does not reason, hear, speak or browse).
UNSUPPORTED = ("audio", "reasoning_effort", "verbosity", "web_search_options", "functions", "function_call")
_DECIMALS = {"temperature": (0.0, 2.0), "top_p": (0.0, 1.0), "presence_penalty": (-2.0, 2.0)}
_DECIMALS["frequency_penalty"] = (-2.0, 2.0)
_INTEGERS = {"n": (1, 128), "top_logprobs": (0, 20), "max_tokens": (1, None), "max_completion_tokens": (1, None)}
_BOOLEANS = ("stream", "logprobs", "parallel_tool_calls", "store")
_SHAPES: dict[str, tuple[type, str]] = {
    "logit_bias": (dict, "an object"),
    "metadata": (dict, "an object"),
    "prediction": (dict, "an object"),
    "user": (str, "a string"),
    "prompt_cache_key": (str, "a string"),
    "safety_identifier": (str, "a string"),
    "service_tier": (str, "a string"),
    "modalities": (list, "an array"),
}


@dataclass(slots=True)
class ChatRequest:
    """A validated request and the generation options the model honours.

    Attributes:
        body: the request body as sent.
        stream: answer as server-sent events.
        include_usage: ``stream_options.include_usage``: a last chunk with ``usage``.
        n: how many choices.
        stop: up to four stop sequences.
        max_tokens: the output budget (``max_completion_tokens`` or ``max_tokens``).
        logprobs: return the log probability of each output token.
        top_logprobs: how many likeliest tokens to list for each position.
    """

    body: dict[str, Any]
    stream: bool = False
    include_usage: bool = False
    n: int = 1
    stop: tuple[str, ...] = ()
    max_tokens: int | None = None
    logprobs: bool = False
    top_logprobs: int = 0


def parse_request(body: Any, model_ids: Collection[str] | None = None) -> ChatRequest:
    """Validate a chat-completions body.

    Args:
        body: the parsed JSON body.
        model_ids: the model ids served; ``None`` answers to any name.

    Raises:
        EndpointError: 400 (``invalid_request_error``) naming the offending ``param``, or 404
            ``model_not_found``.
    """
    if not isinstance(body, dict):
        raise EndpointError(400, "We could not parse the JSON body of your request.")
    for name in body:
        if name not in KNOWN_PARAMETERS:
            raise EndpointError(400, f"Unrecognized request argument supplied: {name}")
    model = body.get("model")
    if not model:
        raise EndpointError(400, "you must provide a model parameter", param="model")
    if not isinstance(model, str):
        raise _type_error("model", model, "a string")
    _check_scalars(body)
    for name in UNSUPPORTED:
        if body.get(name) is not None:
            raise EndpointError(
                400,
                f"Unsupported parameter: '{name}' is not supported with this model.",
                param=name,
                code="unsupported_parameter",
            )
    _check_tools(body.get("tools"))
    _check_tool_choice(body)
    _check_response_format(body.get("response_format"))
    validate_messages(body.get("messages"))
    if (body.get("response_format") or {}).get("type") == "json_object" and not mentions_json(body["messages"]):
        raise EndpointError(
            400,
            "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
            param="messages",
        )
    if model_ids is not None and model not in model_ids:
        raise model_not_found(model)
    return _options(body)


def _type_error(name: str, value: Any, expected: str) -> EndpointError:
    return EndpointError(
        400,
        f"Invalid type for '{name}': expected {expected}, but got {json_type(value)} instead.",
        param=name,
        code="invalid_type",
    )


def _check_scalars(body: dict[str, Any]) -> None:
    """Types and ranges of the number, integer and boolean parameters, and ``stop`` / ``stream_options``."""
    for name in _BOOLEANS:
        if body.get(name) is not None and not isinstance(body[name], bool):
            raise _type_error(name, body[name], "a boolean")
    for name, (low, high) in _DECIMALS.items():
        value = body.get(name)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise _type_error(name, value, "a decimal")
        _check_range(name, value, low, high, "decimal")
    for name, (ilow, ihigh) in _INTEGERS.items():
        value = body.get(name)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise _type_error(name, value, "an integer")
        _check_range(name, value, ilow, ihigh, "integer")
        if name in ("max_tokens", "max_completion_tokens") and value > MAX_COMPLETION_TOKENS:
            raise EndpointError(
                400,
                f"{name} is too large: {value}. This model supports at most {MAX_COMPLETION_TOKENS} completion "
                f"tokens, whereas you provided {value}.",
                param=name,
                code="invalid_value",
            )
    for name, (shape, expected) in _SHAPES.items():
        if body.get(name) is not None and not isinstance(body[name], shape):
            raise _type_error(name, body[name], expected)
    if any(m != "text" for m in body.get("modalities") or []):
        raise EndpointError(
            400, "This model does not support the requested modalities: only 'text'.", param="modalities"
        )
    if body.get("seed") is not None and (isinstance(body["seed"], bool) or not isinstance(body["seed"], int)):
        raise _type_error("seed", body["seed"], "an integer")
    if body.get("top_logprobs") is not None and not body.get("logprobs"):
        raise EndpointError(
            400,
            "Invalid value for 'top_logprobs': 'logprobs' must be set to true when 'top_logprobs' is used.",
            param="top_logprobs",
        )
    stop = body.get("stop")
    if stop is not None and not isinstance(stop, str):
        if not isinstance(stop, list) or not all(isinstance(s, str) for s in stop):
            raise _type_error("stop", stop, "a string or an array of strings")
        if len(stop) > 4:
            raise EndpointError(
                400,
                "Invalid 'stop': array too long. Expected an array with maximum length 4, but got an array with "
                f"length {len(stop)} instead.",
                param="stop",
                code="array_above_max_length",
            )
    options = body.get("stream_options")
    if options is not None:
        if not body.get("stream"):
            raise EndpointError(
                400, "The 'stream_options' parameter is only allowed when 'stream' is enabled.", param="stream_options"
            )
        if not isinstance(options, dict):
            raise _type_error("stream_options", options, "an object")
        if options.get("include_usage") is not None and not isinstance(options["include_usage"], bool):
            raise _type_error("stream_options.include_usage", options["include_usage"], "a boolean")


def _check_range(name: str, value: float, low: float | None, high: float | None, kind: str) -> None:
    shown = f"{value:g}" if isinstance(value, float) else str(value)
    if low is not None and value < low:
        raise EndpointError(
            400,
            f"Invalid '{name}': {kind} below minimum value. Expected a value >= {low:g}, but got {shown} instead.",
            param=name,
            code=f"{kind}_below_min_value",
        )
    if high is not None and value > high:
        raise EndpointError(
            400,
            f"Invalid '{name}': {kind} above maximum value. Expected a value <= {high:g}, but got {shown} instead.",
            param=name,
            code=f"{kind}_above_max_value",
        )


def _check_tools(tools: Any) -> None:
    if tools is None:
        return
    if not isinstance(tools, list):
        raise EndpointError(400, "Invalid type for 'tools': expected an array.", param="tools")
    if not tools:
        raise EndpointError(
            400,
            "Invalid 'tools': empty array. Expected an array with minimum length 1, but got an empty array instead.",
            param="tools",
            code="empty_array",
        )
    for i, tool in enumerate(tools):
        fn = tool.get("function") if isinstance(tool, dict) else None
        if not isinstance(fn, dict) or tool.get("type") != "function":
            raise EndpointError(
                400, f"Missing required parameter: 'tools[{i}].function'.", param=f"tools[{i}].function"
            )
        params = fn.get("parameters")
        if params is not None and (not isinstance(params, dict) or not isinstance(params.get("properties", {}), dict)):
            raise EndpointError(
                400,
                f"Invalid schema for function '{fn.get('name')}': schema must be a JSON Schema of 'type: \"object\"'.",
                param=f"tools[{i}].function.parameters",
            )
        if not _TOOL_NAME.match(str(fn.get("name", ""))):
            raise EndpointError(
                400,
                f"Invalid 'tools[{i}].function.name': string does not match pattern. "
                "Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
                param=f"tools[{i}].function.name",
            )


def _check_tool_choice(body: dict[str, Any]) -> None:
    tools = body.get("tools")
    choice = body.get("tool_choice")
    names = [(t.get("function") or {}).get("name") for t in tools or []]
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


def _check_response_format(fmt: Any) -> None:
    if fmt is None:
        return
    kind = fmt.get("type") if isinstance(fmt, dict) else None
    if kind not in ("text", "json_object", "json_schema"):
        raise EndpointError(
            400,
            "Invalid value for 'response_format.type': supported values are 'text', 'json_object' and 'json_schema'.",
            param="response_format.type",
        )
    if kind == "json_schema":
        spec = fmt.get("json_schema")
        if not isinstance(spec, dict) or not isinstance(spec.get("schema", {}), dict):
            raise EndpointError(
                400, "Missing required parameter: 'response_format.json_schema'.", param="response_format.json_schema"
            )


def _options(body: dict[str, Any]) -> ChatRequest:
    stop = body.get("stop")
    budget = body.get("max_completion_tokens")
    if budget is None:
        budget = body.get("max_tokens")
    return ChatRequest(
        body=body,
        stream=bool(body.get("stream")),
        include_usage=bool((body.get("stream_options") or {}).get("include_usage")),
        n=int(body.get("n") or 1),
        stop=(stop,) if isinstance(stop, str) else tuple(s for s in stop or () if s),
        max_tokens=budget,
        logprobs=bool(body.get("logprobs")),
        top_logprobs=int(body.get("top_logprobs") or 0),
    )
