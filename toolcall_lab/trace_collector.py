"""The collector of one traced run: every event in the trace's order, and a queue for the live view.

:mod:`toolcall_lab.live` hooks it into the agent (the model node, ToolNode's ``wrap_tool_call``);
tools run on LangGraph's worker threads, so events arrive from several threads at once.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from toolcall_lab.trace import RunTrace, ToolExecution


@dataclass
class TraceCollector:
    """Gathers events while one run is going; also feeds an optional progress callback.

    ``wire_calls`` holds each tool call exactly as the model's reply carried it on the wire
    (``arguments`` still a JSON string), by id, for the tool hook to read.
    """

    trace: RunTrace
    on_event: Callable[[Any], None] | None = None
    step: int = 0
    wire_calls: dict[str, dict[str, Any]] = field(default_factory=dict)
    executions: dict[str, ToolExecution] = field(default_factory=dict)
    #: events not yet handed to ``on_event``: tools run on LangGraph's worker threads, so the hooks
    #: only queue their events; :meth:`deliver` hands them over in the thread that runs the graph
    pending: queue.SimpleQueue[Any] = field(default_factory=queue.SimpleQueue)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, event: Any) -> None:
        """Record an event. A tool execution takes its call's place in the model's reply, not its finishing
        place: parallel calls run on worker threads and finish in any order, the trace keeps the reply's."""
        with self.lock:
            events = self.trace.events
            at = len(events)
            if isinstance(event, ToolExecution):
                order = self._order(event)
                while at > 0:
                    before = events[at - 1]
                    if not isinstance(before, ToolExecution) or self._order(before) <= order:
                        break
                    at -= 1
            events.insert(at, event)
        if self.on_event is not None:
            self.pending.put(event)

    def _order(self, execution: ToolExecution) -> int:
        """Where the execution's call stood in the model's replies (calls the wire never showed: last)."""
        ids = list(self.wire_calls)
        return ids.index(execution.tool_call_id) if execution.tool_call_id in ids else len(ids)

    def deliver(self) -> None:
        """Hand every queued event to ``on_event``, in order, in the calling thread."""
        while self.on_event is not None and not self.pending.empty():
            self.on_event(self.pending.get())
