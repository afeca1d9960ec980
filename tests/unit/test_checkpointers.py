"""The checkpointer factory: memory, SQLite (across processes) and PostgreSQL."""

from __future__ import annotations

import operator
import subprocess
import sys
import textwrap
import time
import uuid
from pathlib import Path
from typing import Annotated, TypedDict

import pytest
from langgraph.graph import END, START, StateGraph

from toolcall_lab.checkpointers import (
    DEFAULT_SQLITE_PATH,
    REPO_ROOT,
    close_checkpointer,
    describe,
    make_checkpointer,
    parse_setting,
    redact_url,
)


class Tally(TypedDict):
    items: Annotated[list[str], operator.add]


def tally_graph(checkpointer):
    """A one-node graph whose State accumulates every item sent on a thread."""
    builder = StateGraph(Tally)
    builder.add_node("keep", lambda state: {})
    builder.add_edge(START, "keep")
    builder.add_edge("keep", END)
    return builder.compile(checkpointer=checkpointer)


# ---------------------------------------------------------------- parsing


@pytest.mark.parametrize(
    ("setting", "kind", "target"),
    [
        (None, "sqlite", str(DEFAULT_SQLITE_PATH)),
        ("sqlite", "sqlite", str(DEFAULT_SQLITE_PATH)),
        ("memory", "memory", ""),
        ("sqlite:///data/other.sqlite", "sqlite", str(REPO_ROOT / "data" / "other.sqlite")),
        ("sqlite:////srv/lab.sqlite", "sqlite", "/srv/lab.sqlite"),
        ("postgresql://postgres@127.0.0.1:5432/test", "postgres", "postgresql://postgres@127.0.0.1:5432/test"),
    ],
)
def test_parse_setting(setting, kind, target):
    spec = parse_setting(setting)
    assert (spec.kind, spec.target) == (kind, target)


def test_an_unknown_setting_is_refused_without_echoing_a_password():
    with pytest.raises(ValueError) as info:
        parse_setting("mysql://bob:hunter2@db/app")
    assert "hunter2" not in str(info.value)


def test_default_sqlite_file_is_under_the_repos_data_folder():
    assert DEFAULT_SQLITE_PATH.relative_to(REPO_ROOT) == Path("data/checkpoints.sqlite")


def test_redact_url_hides_only_the_password():
    assert redact_url("postgresql://bob:hunter2@db:5432/app") == "postgresql://bob:***@db:5432/app"
    assert redact_url("postgresql://bob@db/app") == "postgresql://bob@db/app"


# ---------------------------------------------------------------- memory and SQLite


def test_memory_saver_keeps_a_thread_within_the_process():
    app = tally_graph(make_checkpointer("memory"))
    config = {"configurable": {"thread_id": "t"}}
    app.invoke({"items": ["a"]}, config)
    assert app.invoke({"items": ["b"]}, config)["items"] == ["a", "b"]
    assert describe("memory")["kind"] == "memory"


def test_sqlite_folder_is_created_lazily(tmp_path):
    path = tmp_path / "nested" / "cp.sqlite"
    assert not path.parent.exists()
    saver = make_checkpointer(str(path))
    try:
        assert path.exists()
        info = describe(saver)
        assert info["kind"] == "sqlite" and info["target"] == str(path)
        assert info["saver"] == "SqliteSaver"  # data only: the pages word it (tests/app checks the words)
    finally:
        close_checkpointer(saver)


def test_a_thread_written_by_one_process_is_read_by_another(tmp_path):
    path = tmp_path / "shared.sqlite"
    writer = textwrap.dedent(
        f"""
        import operator
        from typing import Annotated, TypedDict
        from langgraph.graph import END, START, StateGraph
        from toolcall_lab.checkpointers import make_checkpointer

        class Tally(TypedDict):
            items: Annotated[list[str], operator.add]

        builder = StateGraph(Tally)
        builder.add_node("keep", lambda state: {{}})
        builder.add_edge(START, "keep")
        builder.add_edge("keep", END)
        app = builder.compile(checkpointer=make_checkpointer({str(path)!r}))
        app.invoke({{"items": ["written by the first process"]}},
                   {{"configurable": {{"thread_id": "shared"}}}})
        """
    )
    subprocess.run([sys.executable, "-c", writer], cwd=REPO_ROOT, check=True, timeout=120)

    saver = make_checkpointer(str(path))
    try:
        state = tally_graph(saver).get_state({"configurable": {"thread_id": "shared"}})
        assert state.values == {"items": ["written by the first process"]}
    finally:
        close_checkpointer(saver)


# ---------------------------------------------------------------- PostgreSQL


def _postgres_url() -> str:
    """A URL to the local test database, or skip with the reason."""
    try:
        import psycopg
    except ImportError as exc:  # pragma: no cover - psycopg is a pinned dependency
        pytest.skip(f"psycopg not importable: {exc}")
    errors = []
    for user in ("postgres", "root"):
        url = f"postgresql://{user}@127.0.0.1:5432/test"
        try:
            with psycopg.connect(url, connect_timeout=2):
                return url
        except psycopg.Error as exc:
            errors.append(f"{user}: {exc}".strip())
    pytest.skip("no PostgreSQL on 127.0.0.1:5432 (database 'test'): " + " | ".join(errors))


def test_postgres_threads_are_shared_between_two_savers():
    url = _postgres_url()
    thread = f"pytest-{uuid.uuid4().hex}"
    config = {"configurable": {"thread_id": thread}}
    first, second = make_checkpointer(url), make_checkpointer(url)  # two "replicas"
    try:
        tally_graph(first).invoke({"items": ["from replica one"]}, config)
        state = tally_graph(second).invoke({"items": ["from replica two"]}, config)
        assert state["items"] == ["from replica one", "from replica two"]
        info = describe(second)
        assert info["kind"] == "postgres" and "127.0.0.1" in info["target"]
    finally:
        first.delete_thread(thread)
        assert second.get_tuple(config) is None
        close_checkpointer(first)
        close_checkpointer(second)


RACE = """
import sys, time
from toolcall_lab.checkpointers import close_checkpointer, make_checkpointer
time.sleep(max(0.0, float(sys.argv[2]) - time.time()))  # every process starts its setup at the same moment
close_checkpointer(make_checkpointer(sys.argv[1]))
"""


def test_replicas_starting_together_set_up_a_new_postgres_database_once_each_without_failing():
    """Four processes open the checkpointer on a schema with no tables yet, at the same moment.

    PostgreSQL's CREATE TABLE IF NOT EXISTS is not safe against a concurrent twin (one of them hits a
    UniqueViolation in the catalog); the setup runs under an advisory lock, so every process succeeds.
    """
    import psycopg

    base = _postgres_url()
    schema = f"pytest_race_{uuid.uuid4().hex[:12]}"
    url = f"{base}?options=-csearch_path%3D{schema}"
    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    try:
        start = time.time() + 3.0  # after the four interpreters have imported LangGraph
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", RACE, url, str(start)],
                cwd=REPO_ROOT,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
            )
            for _ in range(4)
        ]
        outputs = [(p.wait(timeout=120), p.stdout.read().decode(errors="replace") if p.stdout else "") for p in procs]
        assert [rc for rc, _ in outputs] == [0, 0, 0, 0], "\n".join(out[-1500:] for _, out in outputs)
        with psycopg.connect(base) as conn:
            tables = {
                row[0]
                for row in conn.execute(
                    "SELECT table_name FROM information_schema.tables WHERE table_schema = %s", (schema,)
                )
            }
        assert {"checkpoints", "checkpoint_writes", "checkpoint_blobs", "checkpoint_migrations"} <= tables
    finally:
        with psycopg.connect(base, autocommit=True) as admin:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")
