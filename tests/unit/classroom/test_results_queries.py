"""One results refresh costs the same statements for a class of 3 and a class of 200, names shown or not.

Before, each named student cost one more read (10,000 joined students: 2.8 s per refresh).
SQLite counts what really reached the engine (``sqlite3``'s trace callback); PostgreSQL, in a
schema named after this branch, counts the statements the store sent through its transactions.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from tests.unit.classroom.conftest import TEACHER
from tests.unit.progress.conftest import POSTGRES, postgres_or_skip
from toolcall_lab.classroom import ClassroomStore
from toolcall_lab.progress import ProgressStore, new_learner_id
from toolcall_lab.progress import database as database_module

PAGE = "pages/stage_4_tool_call.py"
EXERCISES = [f"stage_4_tool_call/{n}" for n in range(1, 3)]


def _fill(classroom: ClassroomStore, progress: ProgressStore, size: int) -> tuple[str, str]:
    """A class of ``size`` named students; each tries every exercise, wrong then right."""
    code, token = classroom.start_class(TEACHER)
    for n in range(size):
        learner = new_learner_id()
        classroom.join(code, learner, f"Student {n}")
        for exercise in EXERCISES:
            progress.record_attempt(learner, exercise, f"{exercise[-1]}a", f"wrong {n % 3}", False, page_path=PAGE)
            progress.record_attempt(learner, exercise, f"{exercise[-1]}b", "right", True, page_path=PAGE)
    return code, token


def _sqlite_statements(progress: ProgressStore, refresh) -> int:
    conn = progress.db._backend._conn  # the one connection of a SQLite database
    seen: list[str] = []
    conn.set_trace_callback(seen.append)
    try:
        refresh()
    finally:
        conn.set_trace_callback(None)
    return sum(1 for s in seen if s.lstrip().upper().startswith(("SELECT", "INSERT", "UPDATE", "DELETE", "WITH")))


@pytest.mark.parametrize("names", [False, True])
def test_sqlite_a_refresh_costs_the_same_statements_for_3_and_200_students(names):
    counts = {}
    for size in (3, 200):
        with ProgressStore.open("memory") as progress:
            classroom = ClassroomStore(progress.db)
            code, token = _fill(classroom, progress, size)
            results = []

            def refresh(classroom=classroom, code=code, token=token, results=results, progress=progress) -> None:
                results.append(classroom.results(progress, code, EXERCISES, token=token, names=names))

            counts[size] = _sqlite_statements(progress, refresh)
            (found,) = results
            assert (found.students, found.rows[0].tried, found.rows[0].solved) == (size, size, size)
            assert len(found.solved_by.get(EXERCISES[0], ())) == (size if names else 0)
    assert counts[3] == counts[200] == (5 if names else 4), counts


@pytest.fixture
def branch_schema_url() -> Iterator[str]:
    """PostgreSQL in a schema named after this branch (``h_trust_class_<random>``), dropped afterwards."""
    import psycopg

    postgres_or_skip()
    name = f"h_trust_class_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(POSTGRES, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {name}")
    try:
        yield f"{POSTGRES}?options=-csearch_path%3D{name}"
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {name} CASCADE")


@pytest.mark.postgres
@pytest.mark.parametrize("names", [False, True])
def test_postgres_a_refresh_costs_the_same_statements_for_3_and_200_students(branch_schema_url, monkeypatch, names):
    sent: list[str] = []
    real_query = database_module._PostgresTx.query

    def counting_query(self, sql, params=()):
        sent.append(sql)
        return real_query(self, sql, params)

    counts = {}
    with ProgressStore.open(branch_schema_url) as progress:
        classroom = ClassroomStore(progress.db)
        for size in (3, 200):
            code, token = _fill(classroom, progress, size)
            monkeypatch.setattr(database_module._PostgresTx, "query", counting_query)
            sent.clear()
            found = classroom.results(progress, code, EXERCISES, token=token, names=names)
            monkeypatch.setattr(database_module._PostgresTx, "query", real_query)
            counts[size] = len(sent)
            assert (found.students, found.rows[-1].solved) == (size, size)
            assert len(found.solved_by.get(EXERCISES[-1], ())) == (size if names else 0)
    assert counts[3] == counts[200] == (5 if names else 4), counts
