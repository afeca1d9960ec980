"""The paced full collection that replaces Streamlit's collection after every script run."""

from __future__ import annotations

import threading
import time
import tomllib
from pathlib import Path

from toolcall_lab import gc_pacing

ROOT = Path(__file__).resolve().parents[2]


def test_the_process_gets_one_paced_thread_however_often_it_is_asked():
    first = gc_pacing.ensure_paced_collection()
    again = [gc_pacing.ensure_paced_collection() for _ in range(5)]
    assert all(t is first for t in again) and first.daemon and first.is_alive()
    named = [t for t in threading.enumerate() if t.name == gc_pacing.THREAD_NAME]
    assert named.count(first) == 1


def test_the_project_config_turns_streamlits_collection_after_every_run_off():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["runner"]["postScriptGC"] is False


def test_the_paced_collection_waits_while_the_process_is_busy_and_collects_once_it_rests(monkeypatch):
    """A class asking at once is not stopped by a full collection: the paced one comes when the answers are done."""
    import gc

    busy = threading.Event()
    busy.set()

    def spin() -> None:  # a thread drawing answers: the process uses a whole core while it runs
        while busy.is_set():
            sum(range(1000))

    collected: list[float] = []

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 2 and threading.current_thread().name == gc_pacing.THREAD_NAME:
            collected.append(time.monotonic())

    monkeypatch.setattr(gc_pacing, "BUSY_WINDOW_S", 0.05)
    stop = threading.Event()
    worker = threading.Thread(target=spin, daemon=True)
    worker.start()
    gc.callbacks.append(on_gc)
    try:
        thread = gc_pacing.paced_collection(every_s=0.05, stop=stop)
        time.sleep(0.6)  # twelve times its pace, all of it busy
        assert collected == [], "a full collection came while the process was busy"
        rested = time.monotonic()
        busy.clear()
        worker.join()
        deadline = time.monotonic() + 10
        while not collected and time.monotonic() < deadline:
            time.sleep(0.02)
        assert collected and collected[0] >= rested, "no full collection once the process rested"
    finally:
        busy.clear()
        stop.set()
        gc.callbacks.remove(on_gc)
    thread.join(timeout=5)
    assert not thread.is_alive()


def test_held_full_collections_leave_the_young_generations_as_they_were():
    import gc

    before = gc.get_threshold()
    try:
        young, middle, full = gc_pacing.hold_automatic_full_collections()
        assert (young, middle) == before[:2] and full == gc_pacing.HELD_THRESHOLD2 > before[2]
    finally:
        gc.set_threshold(*before)
