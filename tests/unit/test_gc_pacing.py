"""The paced full collection that replaces Streamlit's collection after every script run."""

from __future__ import annotations

import threading
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
