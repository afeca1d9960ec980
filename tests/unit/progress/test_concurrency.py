"""Many writers at once lose nothing: threads of one app, and separate processes (two replicas,
or a server restarted between a write and a read), on a SQLite file and on PostgreSQL."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.unit.progress.conftest import ADA
from toolcall_lab.progress import ProgressStore

ROOT = Path(__file__).resolve().parents[3]
PAGE = "pages/stage_4_tool_call.py"
EXERCISE = "stage_4_tool_call/1"
THREADS, EACH, SHARED = 6, 20, 8


def _run_threads(stores: list[ProgressStore]) -> int:
    """THREADS threads (thread n uses stores[n % len]), each: EACH own attempts, then the SHARED
    ids every thread submits (a double click from six tabs), and one visit per attempt."""
    recorded: list[int] = []
    errors: list[BaseException] = []
    start = threading.Barrier(THREADS)

    def worker(n: int) -> None:
        store = stores[n % len(stores)]
        try:
            start.wait()
            ids = [f"t{n}-{i}" for i in range(EACH)] + [f"shared-{i}" for i in range(SHARED)]
            for attempt_id in ids:
                store.record_visit(ADA, PAGE)
                recorded.append(store.record_attempt(ADA, EXERCISE, attempt_id, n, False, page_path=PAGE).recorded)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    return sum(recorded)


def _check_threads(store: ProgressStore, recorded: int) -> None:
    assert recorded == THREADS * EACH + SHARED  # each shared id recorded once, by whichever thread came first
    assert store.exercise_state(ADA, EXERCISE).attempts == THREADS * EACH + SHARED
    assert store.page_progress(ADA)[PAGE].visits == THREADS * (EACH + SHARED)  # no visit count lost


def test_threads_sharing_one_store_lose_nothing(setting: str) -> None:
    with ProgressStore.open(setting) as store:
        _check_threads(store, _run_threads([store]))


@pytest.mark.parametrize("backend", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_threads_with_their_own_connections_lose_nothing(backend: str, request, tmp_path: Path) -> None:
    setting = str(tmp_path / "p.sqlite") if backend == "sqlite" else request.getfixturevalue("postgres_url")
    stores = [ProgressStore.open(setting) for _ in range(3)]  # three "app processes" in one
    try:
        _check_threads(stores[0], _run_threads(stores))
    finally:
        for store in stores:
            store.close()


def _worker(setting: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.unit.progress.worker", setting, ADA, *args],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _finish(process: subprocess.Popen[str]) -> dict:
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])


def _two_writers_then_a_reader(setting: str) -> None:
    # Two replicas write at the same moment: 30 attempts each of their own, and the same
    # 10 "shared" attempt ids (the same submit reaching both). Then both processes are gone,
    # and a third, started afresh (a restarted server), reads what they left.
    writers = [_worker(setting, "write", name, "30", "10") for name in ("one", "two")]
    for writer in writers:
        assert writer.stdout is not None and writer.stdout.readline().strip() == "READY"
    for writer in writers:  # release both together
        assert writer.stdin is not None
        writer.stdin.write("go\n")
        writer.stdin.flush()
    recorded = [_finish(w)["recorded"] for w in writers]
    assert sum(recorded) == 30 + 30 + 10 and min(recorded) >= 30

    seen = _finish(_worker(setting, "read"))
    assert seen == {
        "attempts": {EXERCISE: 70},
        "solved": [EXERCISE],  # attempt n is right when n % 7 == 0
        "visits": {PAGE: 80},  # each writer visited once per attempt it submitted: 40 + 40
        "last_page": PAGE,
        "attempt_ids": sorted(
            [f"one-{n}" for n in range(30)] + [f"two-{n}" for n in range(30)] + [f"shared-{n}" for n in range(10)]
        ),
    }


def test_two_processes_then_a_restart_on_sqlite(tmp_path: Path) -> None:
    _two_writers_then_a_reader(str(tmp_path / "progress.sqlite"))


@pytest.mark.postgres
def test_two_processes_then_a_restart_on_postgres(postgres_url: str) -> None:
    _two_writers_then_a_reader(postgres_url)
