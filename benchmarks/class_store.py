"""What a class costs the database (not a test: it prints numbers, it asserts nothing).

    .venv/bin/python benchmarks/class_store.py [postgresql://…]

For a class of 60 students on a SQLite file (and on PostgreSQL, when a URL is given or the
test server on 127.0.0.1:5432 answers; it works in a schema of its own, dropped afterwards):

* ``read``      — one student's banner read of the teacher's position (every ``FOLLOW_EVERY_S`` seconds);
* ``unchanged`` — the teacher publishing the place they already are (one read: the token and the position, no write);
* ``move``      — the teacher moving (that read, one write: the token again, the activity time, the row; a read).

Microseconds, median and p95.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from toolcall_lab.classroom import ClassroomStore  # noqa: E402  (after the path is set)
from toolcall_lab.progress import new_learner_id  # noqa: E402

POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"


def _times(n: int, work: Callable[[int], object]) -> dict[str, int]:
    spent = []
    for i in range(n):
        t0 = time.perf_counter()
        work(i)
        spent.append((time.perf_counter() - t0) * 1e6)
    spent.sort()
    return {"p50_us": round(statistics.median(spent)), "p95_us": round(spent[int(0.95 * len(spent))])}


def bench(setting: str, reads: int = 2000, moves: int = 300) -> dict[str, dict[str, int]]:
    with ClassroomStore.open(setting) as store:
        teacher = new_learner_id()
        code, token = store.start_class(teacher)
        for _ in range(60):
            store.join(code, new_learner_id())
        store.publish_position(code, token, "stage_4_tool_call", {"step": "2"}, "④ tool_call — step 2")
        return {
            "read": _times(reads, lambda _: store.position(code)),
            "unchanged": _times(
                moves,
                lambda _: store.publish_position(
                    code, token, "stage_4_tool_call", {"step": "2"}, "④ tool_call — step 2"
                ),
            ),
            "move": _times(
                moves, lambda i: store.publish_position(code, token, "faults", {"step": str(i)}, f"step {i}")
            ),
        }


def main(url: str | None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        print("sqlite", json.dumps(bench(str(Path(folder) / "class.sqlite"))), flush=True)
    import psycopg

    base = url or POSTGRES
    schema = f"class_bench_{uuid.uuid4().hex[:8]}"
    try:
        with psycopg.connect(base, autocommit=True, connect_timeout=2) as conn:
            conn.execute(f"CREATE SCHEMA {schema}")
    except psycopg.Error as exc:
        print("postgres", json.dumps({"skipped": str(exc)[:200]}))
        return
    try:
        joiner = "&" if "?" in base else "?"
        print("postgres", json.dumps(bench(f"{base}{joiner}options=-csearch_path%3D{schema}")), flush=True)
    finally:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else None)
