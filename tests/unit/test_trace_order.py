"""Parallel tool calls finish in any order; the trace keeps the order the model's reply gave them.

ToolNode runs the calls of one reply on worker threads. The trace used to record each call when it
finished, so two runs of "Paris and London" could list the calls in two orders (a flaky comparison
between a streamed and a plain run, and a timeline that did not follow the reply it explains).
"""

from __future__ import annotations

import threading
import time

from langchain_core.tools import tool

from toolcall_lab.live import run_traced
from toolcall_lab.llm import build_chat_model

QUESTION = "Weather in Paris, London and Tokyo"


def _tools(finish_order: list[str], slow: dict[str, float]):
    lock = threading.Lock()

    @tool
    def get_weather(city: str, days: int = 1) -> dict:
        """Look up the weather of a city for a number of days."""
        time.sleep(slow.get(city, 0.0))  # the first calls of the reply finish last
        with lock:
            finish_order.append(city)
        return {"city": city, "days": days, "forecast": "sunny"}

    return [get_weather]


def test_the_trace_lists_parallel_calls_in_the_reply_s_order_whatever_finishes_first():
    finished: list[str] = []
    slow = {"Paris": 0.6, "London": 0.3}
    trace = run_traced(QUESTION, build_chat_model(), _tools(finished, slow), lang="en")
    assert trace.stop_reason == "final", trace.error
    reply = trace.model_calls[0].response_body["choices"][0]["message"]["tool_calls"]
    asked = [c["id"] for c in reply]
    assert len(asked) == 3
    assert finished[0] == "Tokyo" and finished[-1] == "Paris"  # they really finished out of order
    assert [e.tool_call_id for e in trace.tool_executions] == asked
    # and every execution stands after the reply that asked for it, before the reply that read it
    kinds = [e.kind for e in trace.events]
    assert kinds == ["model_call", "tool_execution", "tool_execution", "tool_execution", "model_call"]
