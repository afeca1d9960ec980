"""The conversation rules a provider enforces on ``messages``, with its 400s.

Each role may only say certain things: a ``user`` message needs content, an ``assistant``
message needs content unless it calls tools, and every ``tool`` message must answer a call
the assistant made just before (and every call must be answered before the conversation
goes on). This model reads text only, so image, audio and file parts are refused the way a
text-only model refuses them.
"""

from __future__ import annotations

from typing import Any

from toolcall_lab.offline.protocol import EndpointError, json_type

ROLES = ("system", "developer", "user", "assistant", "tool", "function")
_PART_TYPES = ("text", "image_url", "input_audio", "refusal", "audio", "file")
_PARTS_BY_ROLE = {
    "system": ("text",),
    "developer": ("text",),
    "user": ("text", "image_url", "input_audio", "file"),
    "assistant": ("text", "refusal"),
    "tool": ("text",),
}
_UNSEEN = ("image_url", "input_audio", "file", "audio")  # parts this text-only model cannot read


def validate_messages(messages: Any) -> None:
    """Check the ``messages`` array: shape, roles, content and the pairing of tool calls with tool replies.

    Raises:
        EndpointError: 400 with OpenAI's message and the offending ``param`` path.
    """
    if messages is None:
        raise EndpointError(
            400, "Missing required parameter: 'messages'.", param="messages", code="missing_required_parameter"
        )
    if not isinstance(messages, list):
        raise EndpointError(
            400,
            f"Invalid type for 'messages': expected an array of objects, but got {json_type(messages)} instead.",
            param="messages",
            code="invalid_type",
        )
    if not messages:
        raise EndpointError(400, "[] is too short - 'messages'", param="messages")
    open_calls: list[str] = []
    open_at = -1
    for i, m in enumerate(messages):
        if not isinstance(m, dict):
            raise EndpointError(400, f"Invalid type for 'messages[{i}]': expected an object.", param=f"messages.[{i}]")
        role = m.get("role")
        if role not in ROLES:
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
            _check_content(m, i, role)
            continue
        if open_calls:
            raise unanswered(open_calls, open_at)
        _check_content(m, i, role)
        if role == "assistant" and m.get("tool_calls") is not None:
            open_calls = _check_tool_calls(m["tool_calls"], i)
            open_at = i
    if open_calls:
        raise unanswered(open_calls, open_at)


def _check_content(m: dict[str, Any], i: int, role: str) -> None:
    """A message's ``content``: present (unless an assistant calls tools), a string or typed parts."""
    content = m.get("content")
    if content is None:
        if role == "assistant" and (m.get("tool_calls") or m.get("function_call")):
            return
        if role == "function":
            return
        raise EndpointError(
            400, "Invalid value for 'content': expected a string, got null.", param=f"messages.[{i}].content"
        )
    if isinstance(content, str):
        return
    if not isinstance(content, list):
        raise EndpointError(
            400,
            f"Invalid type for 'messages[{i}].content': expected one of a string or "
            "array of objects, but got another type instead.",
            param=f"messages.[{i}].content",
        )
    for j, part in enumerate(content):
        where = f"messages.[{i}].content.[{j}]"
        kind = part.get("type") if isinstance(part, dict) else None
        if not isinstance(part, dict) or kind not in _PART_TYPES:
            raise EndpointError(
                400,
                f"Invalid value: '{kind}'. Supported values are: 'text', 'image_url', 'input_audio', "
                "'refusal', 'audio', and 'file'.",
                param=f"{where}.type",
                code="invalid_value",
            )
        if kind not in _PARTS_BY_ROLE.get(role, _PART_TYPES):
            raise EndpointError(
                400,
                f"Invalid value: '{kind}'. Supported values are: "
                + ", ".join(f"'{t}'" for t in _PARTS_BY_ROLE.get(role, _PART_TYPES))
                + ".",
                param=f"{where}.type",
                code="invalid_value",
            )
        if kind in _UNSEEN:
            raise EndpointError(
                400,
                f"Invalid content type. {kind} is only supported by certain models.",
                param=f"{where}.type",
                code="invalid_value",
            )
        if kind == "text" and not isinstance(part.get("text"), str):
            raise EndpointError(
                400,
                f"Missing required parameter: 'messages[{i}].content[{j}].text'.",
                param=f"{where}.text",
                code="missing_required_parameter",
            )


def _check_tool_calls(calls: Any, i: int) -> list[str]:
    """An assistant's ``tool_calls``: each with an id and a function whose arguments are a string."""
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
    return [c["id"] for c in calls]


def unanswered(open_calls: list[str], at: int) -> EndpointError:
    """OpenAI's 400 for tool calls that no tool message answered before the next turn."""
    return EndpointError(
        400,
        "An assistant message with 'tool_calls' must be followed by tool messages responding to each "
        f"'tool_call_id'. The following tool_call_ids did not have response messages: {', '.join(open_calls)}",
        param=f"messages.[{at}].role",
    )


def mentions_json(messages: list[dict[str, Any]]) -> bool:
    """Does any message say "json" (what ``response_format: json_object`` demands)?"""
    for m in messages:
        content = m.get("content")
        texts = [content] if isinstance(content, str) else []
        if isinstance(content, list):
            texts = [p.get("text", "") for p in content if isinstance(p, dict) and isinstance(p.get("text"), str)]
        if any("json" in t.lower() for t in texts):
            return True
    return False
