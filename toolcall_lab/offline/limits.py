"""The built-in model's documented input limits, refused with the provider's own 400s.

* A user message (a question) longer than :data:`MAX_QUESTION_CHARS` characters is refused
  before the model reads a word of it, with the error body OpenAI sends for a string above its
  maximum length (``code: string_above_max_length``, ``param: messages.[i].content``). A
  learner's question is a few sentences; 16,000 characters is about eight pages.
* A request whose prompt (every message and the tools, counted in the model's own tokens, see
  :mod:`.tokens`) is longer than :data:`MAX_CONTEXT_TOKENS` is refused like a provider's
  context window (``code: context_length_exceeded``): a 1 MB system prompt, for example.

Below the limits every pattern the model applies is linear (see :mod:`.scanning`), so the
longest request it accepts is answered well within a second; above them, nothing is read.

>>> check_request({"messages": [{"role": "user", "content": "hi"}]}) is None
True
"""

from __future__ import annotations

from typing import Any

from toolcall_lab.offline.protocol import EndpointError
from toolcall_lab.offline.tokens import prompt_tokens

MAX_QUESTION_CHARS = 16_000
MAX_CONTEXT_TOKENS = 32_768


def _length(content: Any) -> int:
    if isinstance(content, str):
        return len(content)
    if isinstance(content, list):
        return sum(len(str(p.get("text", ""))) for p in content if isinstance(p, dict))
    return 0


def check_request(body: dict[str, Any]) -> None:
    """Refuse a request with a user message longer than :data:`MAX_QUESTION_CHARS`, or a
    prompt longer than :data:`MAX_CONTEXT_TOKENS` tokens.

    Raises:
        EndpointError: 400 ``string_above_max_length`` naming the message, or 400
            ``context_length_exceeded``, worded as the provider words them.
    """
    messages = [m for m in body.get("messages") or [] if isinstance(m, dict)]
    chars = 0
    for i, message in enumerate(messages):
        length = _length(message.get("content"))
        chars += length
        if message.get("role") != "user":
            continue
        if length > MAX_QUESTION_CHARS:
            raise EndpointError(
                400,
                f"Invalid 'messages[{i}].content': string too long. Expected a string with maximum length "
                f"{MAX_QUESTION_CHARS}, but got a string with length {length} instead.",
                param=f"messages.[{i}].content",
                code="string_above_max_length",
            )
    tools = body.get("tools")
    chars += len(str(tools)) if tools else 0
    if chars <= MAX_CONTEXT_TOKENS:  # a token is at least one character: no need to count
        return
    tokens = prompt_tokens(body)  # cached per text, so the usage counted later costs nothing more
    if tokens > MAX_CONTEXT_TOKENS:
        raise EndpointError(
            400,
            f"This model's maximum context length is {MAX_CONTEXT_TOKENS} tokens. However, your messages "
            f"resulted in {tokens} tokens. Please reduce the length of the messages.",
            param="messages",
            code="context_length_exceeded",
        )
