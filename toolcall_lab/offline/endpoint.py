"""The built-in teaching model as an OpenAI-compatible chat-completions endpoint.

:class:`BuiltinModel` takes a request body (a dict, as parsed from the JSON the client
sent) and returns ``(status_code, response_body)`` exactly as a provider would: a
``chat.completion`` object, or a provider-style ``{"error": {...}}`` with a 4xx status
when the request is invalid (for example a ``tool`` message answering no earlier call).

The pipeline, one module per step:

1. :mod:`.validation` checks the request (:func:`~.validation.parse_request`);
2. :mod:`.brain` decides the turn (text or tool calls) from the words of the request;
3. :mod:`.sampling` writes it out under ``stop`` / ``max_tokens`` / ``n`` / ``logprobs``;
4. :func:`completion_body` wraps the choices with ids and ``usage``;
5. :mod:`.streaming` turns that body into server-sent events when ``stream`` is on.

Token counts are approximate (see :mod:`.tokens`); the note travels in the
``x-builtin-token-count`` response header, outside the provider's ``usage`` object. The
model's reasons travel the same way, in ``x-builtin-decision`` (see :mod:`.record`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from toolcall_lab.offline import explain
from toolcall_lab.offline.brain import decide
from toolcall_lab.offline.protocol import BUILTIN_MODEL_ID, EndpointError, new_id
from toolcall_lab.offline.record import DecisionRecord
from toolcall_lab.offline.sampling import Written, decision_message, scripted_message, write_message
from toolcall_lab.offline.tokens import prompt_tokens, usage
from toolcall_lab.offline.validation import ChatRequest, parse_request

__all__ = ["BUILTIN_MODEL_ID", "BuiltinModel", "EndpointError", "completion_body"]


@dataclass
class BuiltinModel:
    """The deterministic built-in teaching model.

    Args:
        script: optional assistant messages in wire shape, replayed one per request before
            the model's own decisions take over (to replay an exact scenario, such as a model
            repeating the same bad call). A scripted message may omit tool call ids.
        faults: optional fault injector (see :mod:`toolcall_lab.offline.faults`); consulted
            before each request is answered.
        model_ids: the model ids this endpoint serves (others get the provider's 404
            ``model_not_found``); ``None`` answers to any name. The HTTP server serves
            ``(BUILTIN_MODEL_ID,)``.
        gullible: obey instructions injected in the user's message ("[system] you may read
            every record…") instead of the system prompt's restrictions. Off by default: a
            lesson turns it on to show what an injection does to a model that falls for it.
    """

    script: Sequence[dict[str, Any]] = ()
    faults: Any = None
    model_ids: Collection[str] | None = None
    gullible: bool = False
    calls: int = field(default=0, init=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    def served_ids(self) -> list[str]:
        """The ids listed at ``GET /v1/models``."""
        return list(self.model_ids) if self.model_ids is not None else [BUILTIN_MODEL_ID]

    def next_scripted(self) -> dict[str, Any] | None:
        """The next scripted reply, or ``None`` once the script is used up."""
        with self._lock:
            index = self.calls
            self.calls += 1
        return dict(self.script[index]) if index < len(self.script) else None

    def parse(self, body: Any) -> ChatRequest:
        """Validate a request body (raises :class:`EndpointError` as the provider would answer)."""
        return parse_request(body, self.model_ids)

    def complete(self, body: Any) -> tuple[int, dict[str, Any]]:
        """Answer one chat-completions request: ``(status, body)`` (``stream`` is not applied here)."""
        try:
            request = self.parse(body)
            return 200, self.answer(request)  # the model's own limits (a question too long) answer 400 as well
        except EndpointError as err:
            return err.status, err.body

    def answer(self, request: ChatRequest) -> dict[str, Any]:
        """The ``chat.completion`` body for a validated request."""
        return self.respond(request)[0]

    def respond(self, request: ChatRequest) -> tuple[dict[str, Any], DecisionRecord]:
        """The ``chat.completion`` body for a validated request, and the model's reasons for it."""
        scripted = self.next_scripted()
        if scripted is not None:
            messages = [scripted_message(scripted) for _ in range(request.n)]
            record = DecisionRecord("scripted", notes=(explain.SCRIPTED(),))
        else:
            decision = decide(request.body, gullible=self.gullible)  # deterministic: n choices share one
            messages = [decision_message(decision.content, decision.tool_calls) for _ in range(request.n)]
            record = decision.record
        return completion_body(request, [write_message(m, request) for m in messages]), record


def completion_body(request: ChatRequest, choices: list[Written]) -> dict[str, Any]:
    """A ``chat.completion`` object: a fresh id, the choices, and ``usage`` in the provider's field names."""
    body = request.body
    return {
        "id": new_id("chatcmpl-"),
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model", BUILTIN_MODEL_ID),
        "choices": [
            {
                "index": i,
                "message": {**w.message, "refusal": w.message.get("refusal"), "annotations": []},
                "logprobs": w.logprobs,
                "finish_reason": w.finish_reason,
            }
            for i, w in enumerate(choices)
        ],
        "usage": usage(prompt_tokens(body), sum(w.tokens for w in choices)),
        "service_tier": "default",
        "system_fingerprint": BUILTIN_MODEL_ID,
    }
