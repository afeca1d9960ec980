"""Fixtures for the progress store: a settable clock, and a store on each backend.

PostgreSQL tests run in a schema of their own (``progress_test_<random>``), made for the
test and dropped after it, so parallel runs on the one test database never collide.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from toolcall_lab.progress import ProgressStore

POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"

ADA = "AAAAAAAAAAAAAAAAAAAAAA"  # 16 zero bytes: a valid anonymous id, easy to read
BEN = "BBBBBBBBBBBBBBBBBBBBBA"
CY = "CCCCCCCCCCCCCCCCCCCCCA"


class Clock:
    """A clock the test moves by hand: ``clock.now = 120.0``."""

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def postgres_or_skip() -> None:
    """Skip, with the reason, when the PostgreSQL test server does not answer."""
    import psycopg

    try:
        with psycopg.connect(POSTGRES, connect_timeout=2):
            pass
    except psycopg.Error as exc:
        pytest.skip(f"no PostgreSQL on 127.0.0.1:5432 (database 'test', user 'postgres'): {exc}")


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A URL whose connections work in a fresh schema; the schema is dropped afterwards."""
    import psycopg

    postgres_or_skip()
    schema = f"progress_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(POSTGRES, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{POSTGRES}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def setting(request: pytest.FixtureRequest, tmp_path) -> str:
    """The setting string of each backend: in-memory SQLite, a SQLite file, PostgreSQL."""
    if request.param == "memory":
        return "memory"
    if request.param == "sqlite":
        return str(tmp_path / "progress.sqlite")
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def store(setting: str, clock: Clock) -> Iterator[ProgressStore]:
    """A fresh store on each backend, on the settable clock."""
    with ProgressStore.open(setting, clock=clock) as opened:
        yield opened
