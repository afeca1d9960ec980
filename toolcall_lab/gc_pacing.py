"""Full garbage collections at a steady pace, instead of one after every Streamlit script run.

Streamlit runs a full ``gc.collect(2)`` after every script run (``runner.postScriptGC``). With
LangChain, LangGraph and pydantic loaded one such collection walks ~200,000 objects (~115 ms),
and it also follows every run of a fragment on a timer: a class of 60 following the teacher made
dozens of them a second. The lab's ``.streamlit/config.toml`` turns that collection off, and the
process collects in full every :data:`COLLECT_EVERY_S` seconds on a thread of its own instead;
Python's generational collector keeps running as usual between two of them.

Two more things keep a full collection out of a class's answers (each one stops every thread for
~100–170 ms once 60 sessions are alive, measured with ``gc.callbacks`` in the launcher):

* the paced collection waits while the process is busy (more than :data:`BUSY_SHARE` of a core over
  :data:`BUSY_WINDOW_S`), for at most :data:`MAX_DEFER_S`: a class asking at once is not stopped mid-answer;
* :func:`hold_automatic_full_collections` (the launcher calls it) leaves full collections to the paced
  thread: Python's own, triggered by allocations, came every second or two while a class asked at once
  (the objects frozen at start-up no longer count as long-lived, so a few thousand new ones triggered one).
  The young generations are collected as usual.
"""

from __future__ import annotations

import gc
import threading
import time

#: Seconds between two full collections of the paced thread.
COLLECT_EVERY_S = 10.0
#: The paced collection waits while the process uses more than this share of one core ...
BUSY_SHARE = 0.25
#: ... measured over this many seconds ...
BUSY_WINDOW_S = 0.5
#: ... but never longer than this after its time (a server busy for good still collects).
MAX_DEFER_S = 30.0
#: Gen-1 collections between two automatic full collections once they are held (Python's default: 10).
HELD_THRESHOLD2 = 10_000
#: The paced thread's name (a profiler or a test can find it by name).
THREAD_NAME = "tcl-paced-gc"

_lock = threading.Lock()
_running: threading.Thread | None = None


def paced_collection(every_s: float = COLLECT_EVERY_S, stop: threading.Event | None = None) -> threading.Thread:
    """Start a daemon thread that runs a full ``gc.collect(2)`` every ``every_s`` seconds (until ``stop`` is set)."""
    halt = stop or threading.Event()

    def collect() -> None:
        while not halt.wait(every_s):
            # busy (answers are being drawn): measure again over the next window, for at most MAX_DEFER_S
            latest = time.monotonic() + MAX_DEFER_S
            while time.monotonic() < latest and not halt.is_set() and cpu_share(halt, BUSY_WINDOW_S) > BUSY_SHARE:
                continue
            if halt.is_set():
                break
            gc.collect(2)

    thread = threading.Thread(target=collect, name=THREAD_NAME, daemon=True)
    thread.start()
    return thread


def cpu_share(halt: threading.Event | None = None, window_s: float = BUSY_WINDOW_S) -> float:
    """The share of one core this process used (all its threads) over the next ``window_s`` seconds.

    >>> 0.0 <= cpu_share(window_s=0.01) < 4.0
    True
    """
    cpu, wall = time.process_time(), time.monotonic()
    if halt is None:
        time.sleep(window_s)
    else:
        halt.wait(window_s)
    return (time.process_time() - cpu) / max(time.monotonic() - wall, 1e-6)


def hold_automatic_full_collections() -> tuple[int, int, int]:
    """Leave full collections to the paced thread: Python's own come only after :data:`HELD_THRESHOLD2` gen-1 ones.

    Call it where the paced thread runs (the launcher). Returns the thresholds now in force.
    """
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, HELD_THRESHOLD2)
    return gc.get_threshold()


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
