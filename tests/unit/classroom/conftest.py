"""Fixtures for the classroom store: the progress tests' settable clock and backends (memory, SQLite file, PostgreSQL).

PostgreSQL runs in a schema of its own per test, dropped afterwards (see tests/unit/progress/conftest.py).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.unit.progress import conftest as progress_fixtures
from tests.unit.progress.conftest import Clock
from toolcall_lab.classroom import ClassroomStore
from toolcall_lab.progress import ProgressStore

TEACHER = "TTTTTTTTTTTTTTTTTTTTTA"

# the progress tests' backends, reused by name: in-memory SQLite, a SQLite file, PostgreSQL in its own schema
postgres_url = progress_fixtures.postgres_url
setting = progress_fixtures.setting


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def progress(setting: str, clock: Clock) -> Iterator[ProgressStore]:
    """Progress on each backend; the classroom store below shares its database, as the app does."""
    with ProgressStore.open(setting, clock=clock) as opened:
        yield opened


@pytest.fixture
def classroom(progress: ProgressStore, clock: Clock) -> ClassroomStore:
    return ClassroomStore(progress.db, clock=clock)
