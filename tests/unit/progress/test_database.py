"""The database layer: which database a setting opens, versioned migrations, retries when busy."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest

from tests.unit.progress.conftest import ADA, BEN, Clock
from toolcall_lab.progress import Database, Migration, ProgressStore, SchemaTooNew, database, schema
from toolcall_lab.progress.database import with_retries


def _tables(db: Database) -> set[str]:
    return db.read(Database.read_table_names)


# ------------------------------------------------------------------ which database


def test_the_default_is_a_sqlite_file_under_data_made_on_first_use(tmp_path: Path, monkeypatch) -> None:
    default = tmp_path / "data" / "progress.sqlite"
    monkeypatch.setattr(database, "DEFAULT_SQLITE_PATH", default)
    for setting in (None, "sqlite", " SQLite "):
        with Database.open(setting) as db:
            assert (db.dialect, db.target) == ("sqlite", str(default))
    assert default.parent.is_dir() and default.is_file()


def test_a_sqlite_path_memory_and_a_postgres_url_are_told_apart(tmp_path: Path) -> None:
    with Database.open(f"sqlite:///{tmp_path}/x.sqlite") as db:  # sqlite:/// + an absolute path
        assert db.target == f"{tmp_path}/x.sqlite"
    with Database.open(str(tmp_path / "y.db")) as db:
        assert db.target == str(tmp_path / "y.db")
    with Database.open("memory") as db:
        assert (db.dialect, db.target) == ("sqlite", ":memory:")
    with pytest.raises(ValueError, match="Unknown checkpointer setting"):
        Database.open("mysql://db")


def test_two_memory_stores_share_nothing(clock: Clock) -> None:
    with ProgressStore.open("memory", clock=clock) as one, ProgressStore.open("memory", clock=clock) as two:
        one.record_visit(ADA, "pages/home.py")
        assert two.last_page(ADA) is None


@pytest.mark.postgres
def test_the_postgres_target_hides_the_password() -> None:
    from tests.unit.progress.conftest import postgres_or_skip

    postgres_or_skip()
    with Database.open("postgresql://postgres:not-a-secret@127.0.0.1:5432/test") as db:
        assert (db.dialect, db.target) == ("postgres", "postgresql://postgres:***@127.0.0.1:5432/test")


# ------------------------------------------------------------------ migrations


def test_a_v1_database_is_upgraded_to_the_latest_and_keeps_its_data(setting: str, clock: Clock) -> None:
    with Database.open(setting) as db:
        assert db.version(schema.COMPONENT) == 0
        assert db.migrate(schema.COMPONENT, schema.MIGRATIONS, target=1) == 1
        assert "progress_attempts" in _tables(db) and "progress_learners" not in _tables(db)

        def v1_rows(tx) -> None:  # what the v1 code wrote: Ada saw two pages, Ben one; Ada solved one exercise
            for learner, page, at in ((ADA, "pages/a.py", 10.0), (ADA, "pages/b.py", 20.0), (BEN, "pages/a.py", 5.0)):
                tx.run("INSERT INTO progress_pages VALUES (?, ?, ?, ?, 1)", (learner, page, at, at))
            tx.run(
                "INSERT INTO progress_attempts (learner_id, attempt_id, exercise_id, page_path, answer, correct, at)"
                " VALUES (?, 't1', 'a/1', 'pages/a.py', '\"x\"', ?, 12.0)",
                (ADA, True),
            )

        db.write(v1_rows)
        store = ProgressStore(db, clock=clock)  # opening the store runs the missing steps
        assert db.version(schema.COMPONENT) == len(schema.MIGRATIONS) >= 2
        # Step 2 filled "where each learner left off" from the v1 visits.
        assert (store.last_page(ADA), store.last_page(BEN)) == ("pages/b.py", "pages/a.py")
        assert store.exercise_state(ADA, "a/1").solved_at == 12.0
        history = db.read(lambda tx: tx.query("SELECT version, summary FROM schema_version ORDER BY version"))
        assert [tuple(row) for row in history] == [(m.version, m.summary) for m in schema.MIGRATIONS]
        # Opening again applies nothing twice.
        assert ProgressStore(db, clock=clock).db.version(schema.COMPONENT) == len(schema.MIGRATIONS)
        assert len(db.read(lambda tx: tx.query("SELECT * FROM schema_version"))) == len(schema.MIGRATIONS)


CLASSROOM = (  # a second table set, as the class sessions will add theirs
    Migration(1, "class sessions", ("CREATE TABLE demo_sessions (code TEXT PRIMARY KEY, opened_at {float} NOT NULL)",)),
    Migration(2, "session members", ("CREATE TABLE demo_members (code TEXT NOT NULL, learner_id TEXT NOT NULL)",)),
)


def test_another_table_set_migrates_beside_progress(setting: str) -> None:
    with Database.open(setting) as db:
        ProgressStore(db)
        assert db.migrate("demo", CLASSROOM) == 2
        assert {"demo_sessions", "demo_members", "progress_attempts"} <= _tables(db)
        assert (db.version("progress"), db.version("demo")) == (len(schema.MIGRATIONS), 2)


def test_a_failing_step_leaves_nothing_half_done(setting: str) -> None:
    broken = (CLASSROOM[0], Migration(2, "broken", ("CREATE TABLE demo_half (x INTEGER)", "CREATE TABLE nonsense (")))
    with Database.open(setting) as db:
        db.migrate("demo", broken[:1])
        with pytest.raises(Exception, match=r"(?i)syntax|incomplete"):
            db.migrate("demo", broken)
        assert db.version("demo") == 1 and "demo_half" not in _tables(db)


def test_a_database_newer_than_the_code_is_refused(setting: str) -> None:
    with Database.open(setting) as db:
        db.migrate(schema.COMPONENT, schema.MIGRATIONS)
        with pytest.raises(SchemaTooNew, match=f"v{len(schema.MIGRATIONS)}"):
            db.migrate(schema.COMPONENT, schema.MIGRATIONS[:1])


def test_steps_must_be_numbered_from_one_without_gaps() -> None:
    with Database.open("memory") as db, pytest.raises(ValueError, match="numbered"):
        db.migrate("demo", (CLASSROOM[1],))


def test_the_ddl_types_are_spelled_per_dialect() -> None:
    with Database.open("memory") as db:
        assert db.ddl("x {bool}, y {float}") == "x INTEGER, y REAL"


# ------------------------------------------------------------------ busy


def test_a_write_waits_out_another_writer_by_retrying(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "busy.sqlite"
    holder = Database.open(str(path))
    holder.migrate("demo", CLASSROOM)
    monkeypatch.setattr(database, "BUSY_TIMEOUT_S", 0.01)  # so the waiting side fails fast and retries
    waiter = Database.open(str(path))
    locked, refusals = threading.Event(), []
    transient = waiter._backend.is_transient

    def counting(exc: BaseException) -> bool:
        refusals.append(str(exc))
        return transient(exc)

    monkeypatch.setattr(waiter._backend, "is_transient", counting)

    def hold() -> None:
        with holder.transaction(write=True) as tx:
            tx.run("INSERT INTO demo_sessions VALUES ('held', 1)")
            locked.set()
            time.sleep(0.4)

    thread = threading.Thread(target=hold)
    thread.start()
    locked.wait()

    assert waiter.write(lambda tx: tx.run("INSERT INTO demo_sessions VALUES ('waited', 2)")) == 1
    thread.join()
    assert refusals and set(refusals) == {"database is locked"}  # refused at first, then retried
    assert waiter.read(lambda tx: tx.query("SELECT code FROM demo_sessions ORDER BY code")) == [("held",), ("waited",)]
    holder.close()
    waiter.close()


def test_only_transient_errors_are_retried() -> None:
    calls = []

    def fails() -> None:
        calls.append(1)
        raise sqlite3.OperationalError("no such table: x")

    with pytest.raises(sqlite3.OperationalError):
        with_retries(fails, lambda exc: "locked" in str(exc))
    assert len(calls) == 1
