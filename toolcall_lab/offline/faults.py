"""Faults the built-in endpoint can inject on request, so failures can be studied live.

A :class:`FaultInjector` holds one :class:`Fault` and a counter: the first ``times``
requests get the fault, later ones are answered normally — which is exactly what a retry
needs to succeed. Kinds:

========================  ==============================================================
``latency``               answer normally, ``seconds`` late
``timeout``               wait, then raise ``httpx.ReadTimeout`` (what a slow server looks like)
``rate_limit``            HTTP 429 with ``retry-after`` / ``retry-after-ms`` headers
``server_error``          HTTP 500 with a provider-style error body
``malformed_body``        HTTP 200 whose body is not JSON
``unknown_tool``          a normal reply whose tool call names a tool nobody offered
``bad_arguments``         a normal reply whose ``function.arguments`` is not valid JSON
========================  ==============================================================
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Literal

from toolcall_lab.capture import response_tool_calls

FaultKind = Literal[
    "latency", "timeout", "rate_limit", "server_error", "malformed_body", "unknown_tool", "bad_arguments"
]
FAULT_KINDS: tuple[FaultKind, ...] = (
    "latency",
    "timeout",
    "rate_limit",
    "server_error",
    "malformed_body",
    "unknown_tool",
    "bad_arguments",
)
MAX_SECONDS = 5.0  # no injected wait is ever longer than this


class InjectedTimeout(Exception):
    """Raised by the transport to simulate a read timeout (mapped to ``httpx.ReadTimeout``)."""


@dataclass
class Fault:
    """One fault: its kind, how many requests it hits, and its parameters.

    Attributes:
        kind: one of :data:`FAULT_KINDS`.
        times: how many requests (from the first) get the fault.
        seconds: injected latency (``latency``, ``timeout``), capped at :data:`MAX_SECONDS`.
        retry_after_s: the ``retry-after`` a 429 announces.
    """

    kind: FaultKind
    times: int = 1
    seconds: float = 0.3
    retry_after_s: float = 0.2


@dataclass
class FaultInjector:
    """Decides, request by request, whether to inject :attr:`fault`."""

    fault: Fault
    seen: int = field(default=0, init=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    def _hit(self) -> bool:
        with self._lock:
            self.seen += 1
            return self.seen <= self.fault.times

    def before(self, request: Any) -> tuple[int, dict[str, str], bytes] | None:
        """Called before the model answers; returns a whole response to send instead, or None."""
        kind = self.fault.kind
        if kind in ("unknown_tool", "bad_arguments"):
            return None  # these change a normal answer: see after()
        if not self._hit():
            return None
        wait = min(max(self.fault.seconds, 0.0), MAX_SECONDS)
        json_headers = {"content-type": "application/json"}
        if kind == "latency":
            time.sleep(wait)
            return None
        if kind == "timeout":
            time.sleep(wait)
            raise InjectedTimeout(f"no response within {wait:.2f}s (injected)")
        if kind == "rate_limit":
            body = {
                "error": {
                    "message": "Rate limit reached for requests (injected by the built-in model).",
                    "type": "requests",
                    "param": None,
                    "code": "rate_limit_exceeded",
                }
            }
            headers = {
                **json_headers,
                "retry-after": f"{self.fault.retry_after_s:g}",
                "retry-after-ms": str(int(self.fault.retry_after_s * 1000)),
            }
            return 429, headers, json.dumps(body).encode()
        if kind == "server_error":
            body = {
                "error": {
                    "message": "The server had an error while processing your request (injected).",
                    "type": "server_error",
                    "param": None,
                    "code": None,
                }
            }
            return 500, json_headers, json.dumps(body).encode()
        if kind == "malformed_body":
            return 200, json_headers, b'{"id": "chatcmpl-broken", "choices": [ {"message": '
        return None

    def after(self, request: Any, status: int, body: dict[str, Any]) -> dict[str, Any]:
        """Called with a normal answer; may corrupt its tool calls."""
        kind = self.fault.kind
        if kind not in ("unknown_tool", "bad_arguments") or status != 200:
            return body
        calls = response_tool_calls(body)
        if not calls or not self._hit():
            return body
        if kind == "unknown_tool":
            calls[0]["function"]["name"] = "get_wether"  # a misspelt tool nobody offered
        else:
            # a truncated JSON string: what a model cut off by max_tokens produces
            calls[0]["function"]["arguments"] = calls[0]["function"]["arguments"][:-1].rstrip() + ', "days": '
        return body
