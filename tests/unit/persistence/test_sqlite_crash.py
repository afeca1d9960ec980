"""SQLite checkpoints survive a kill -9 mid-run, and two writers at once do not corrupt the file."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

from tests.unit.persistence import worker  # noqa: F401 - imported so a missing module fails loudly

ROOT = Path(__file__).resolve().parents[3]


def _worker(db: Path, thread: str, question: str, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.unit.persistence.worker", str(db), thread, question, *extra],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _history(db: Path, thread: str) -> list:
    from toolcall_lab.checkpointers import make_checkpointer

    saver = make_checkpointer(f"sqlite:///{db}")
    return list(saver.list({"configurable": {"thread_id": thread}}))


def test_kill_9_mid_run_keeps_committed_checkpoints_and_the_thread_resumes(tmp_path):
    db, thread = tmp_path / "threads.sqlite", f"crash-{uuid.uuid4().hex}"
    proc = _worker(db, thread, "What's the weather in Tokyo?", "--slow-tool", "30")
    line = proc.stdout.readline()  # wait until the run is inside the tool call
    assert line.strip() == "TOOL-STARTED", proc.stderr.read()
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL

    before = _history(db, thread)
    # committed: the input, and the model's step that asked for the tool (its AIMessage is there)
    latest = before[0].checkpoint["channel_values"]["messages"]
    assert latest[-1].tool_calls[0]["args"] == {"city": "Tokyo"}
    assert before[0].metadata["step"] >= 1

    resumed = subprocess.run(
        [sys.executable, "-m", "tests.unit.persistence.worker", str(db), thread, "", "--resume"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert resumed.returncode == 0, resumed.stderr
    out = json.loads(resumed.stdout.strip().splitlines()[-1])
    assert "Tokyo" in out["answer"]
    assert len(_history(db, thread)) > len(before)


def test_two_writers_at_once_do_not_corrupt_the_file(tmp_path):
    db = tmp_path / "shared.sqlite"
    threads = [f"w{i}-{uuid.uuid4().hex}" for i in range(2)]
    procs = [
        _worker(db, t, q, "--repeat", "8")
        for t, q in zip(threads, ["曼谷天气怎么样？", "What's the weather in London?"], strict=True)
    ]
    for p in procs:
        _stdout, stderr = p.communicate(timeout=120)
        assert p.returncode == 0, stderr
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    for t in [f"{base}-{n}" if n else base for base in threads for n in range(8)]:
        history = _history(db, t)
        final = history[0].checkpoint["channel_values"]["messages"][-1]
        assert final.type == "ai" and not final.tool_calls
        assert len(history) >= 5  # input, model, tools, model ... each super-step committed


def test_several_processes_opening_a_new_file_at_once_all_succeed(tmp_path):
    """setup() switches a new file to WAL mode; processes racing on it wait and retry, none fails."""
    db = tmp_path / "fresh.sqlite"
    code = f"from toolcall_lab.checkpointers import make_checkpointer; make_checkpointer('sqlite:///{db}'); print('ok')"
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        for _ in range(4)
    ]
    outcomes = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0, 0], [err[-300:] for _, err in outcomes]
    assert all(out.strip() == "ok" for out, _ in outcomes)
