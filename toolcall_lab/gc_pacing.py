"""Full garbage collections at a steady pace, instead of one after every Streamlit script run.

Streamlit runs a full ``gc.collect(2)`` after every script run (``runner.postScriptGC``). With
LangChain, LangGraph and pydantic loaded one such collection walks ~200,000 objects (~115 ms),
and it also follows every run of a fragment on a timer: a class of 60 following the teacher made
dozens of them a second. The lab's ``.streamlit/config.toml`` turns that collection off, and the
process collects in full every :data:`COLLECT_EVERY_S` seconds on a thread of its own instead;
Python's generational collector keeps running as usual between two of them.
"""

from __future__ import annotations

import gc
import threading

#: Seconds between two full collections of the paced thread.
COLLECT_EVERY_S = 10.0
#: The paced thread's name (a profiler or a test can find it by name).
THREAD_NAME = "tcl-paced-gc"

_lock = threading.Lock()
_running: threading.Thread | None = None


def paced_collection(every_s: float = COLLECT_EVERY_S, stop: threading.Event | None = None) -> threading.Thread:
    """Start a daemon thread that runs a full ``gc.collect(2)`` every ``every_s`` seconds (until ``stop`` is set)."""
    halt = stop or threading.Event()

    def collect() -> None:
        while not halt.wait(every_s):
            gc.collect(2)

    thread = threading.Thread(target=collect, name=THREAD_NAME, daemon=True)
    thread.start()
    return thread


def ensure_paced_collection(every_s: float = COLLECT_EVERY_S) -> threading.Thread:
    """The process's one paced thread: the first caller starts it (the launcher, or the app's first run).

    >>> ensure_paced_collection() is ensure_paced_collection()
    True
    """
    global _running
    with _lock:
        if _running is None or not _running.is_alive():
            _running = paced_collection(every_s)
        return _running
