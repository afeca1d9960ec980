"""Checkpointer factory: one setting string in, a LangGraph checkpointer out.

A checkpointer is where LangGraph saves a thread's State after every super-step.
The lab supports three, chosen by one string:

=======================  ===============================================================
setting                  checkpointer
=======================  ===============================================================
``"memory"``             ``InMemorySaver``: lives in this process only. The lessons use it
                         as the counter-example (it is what the original search assistant
                         used, and it forgets everything on restart).
``"sqlite"`` (default)   ``SqliteSaver`` on ``data/checkpoints.sqlite`` under the repo.
``"sqlite:///x.sqlite"`` ``SqliteSaver`` on the given file, relative to the repo root
                         (``sqlite:////abs/x.sqlite`` for an absolute path; a bare
                         ``*.sqlite`` / ``*.db`` path works too).
``"postgresql://..."``   ``PostgresSaver`` on a psycopg connection pool, for several app
                         replicas that must see the same threads.
=======================  ===============================================================

Every returned object is safe to keep in ``st.cache_resource`` and use across
Streamlit reruns (and their threads): the SQLite connection is opened with
``check_same_thread=False`` (``SqliteSaver`` serialises access with its own lock)
and the PostgreSQL pool hands out autocommit connections.

Nothing is opened at import time; folders and connections are created by
:func:`make_checkpointer` when it is called.
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import urlsplit, urlunsplit

from toolcall_lab.settings import REPO_ROOT

if TYPE_CHECKING:  # LangGraph loads only when a checkpointer is built, not to describe one
    from langgraph.checkpoint.base import BaseCheckpointSaver
DEFAULT_SQLITE_PATH = REPO_ROOT / "data" / "checkpoints.sqlite"
DEFAULT_SETTING = "sqlite"
#: The LangGraph class each kind of setting builds.
SAVER_CLASS = {"memory": "InMemorySaver", "sqlite": "SqliteSaver", "postgres": "PostgresSaver"}

# PostgreSQL URLs whose tables were already created in this process, so setup()
# (which runs the migrations) happens once per database, not once per rerun.
_POSTGRES_READY: set[str] = set()
_POSTGRES_LOCK = threading.Lock()


@dataclass(frozen=True)
class CheckpointerSpec:
    """A parsed checkpointer setting.

    Attributes:
        kind: ``"memory"``, ``"sqlite"`` or ``"postgres"``.
        target: the SQLite file path or the PostgreSQL URL (``""`` for memory).
    """

    kind: str
    target: str = ""


def parse_setting(setting: str | None = None) -> CheckpointerSpec:
    """Turn a setting string into a :class:`CheckpointerSpec`.

    >>> parse_setting("memory")
    CheckpointerSpec(kind='memory', target='')
    >>> parse_setting("postgresql://postgres@127.0.0.1:5432/test").kind
    'postgres'
    >>> parse_setting("sqlite:///data/lab.sqlite").target == str(REPO_ROOT / "data" / "lab.sqlite")
    True

    Raises:
        ValueError: for a string that names none of the three backends.
    """
    value = (setting or DEFAULT_SETTING).strip()
    lowered = value.lower()
    if lowered in {"memory", "inmemory", "in-memory", "inmemorysaver"}:
        return CheckpointerSpec("memory")
    if lowered == "sqlite":
        return CheckpointerSpec("sqlite", str(DEFAULT_SQLITE_PATH))
    if lowered.startswith("sqlite:///"):
        return CheckpointerSpec("sqlite", _repo_path(value[len("sqlite:///") :]))
    if lowered.startswith(("postgresql://", "postgres://")):
        return CheckpointerSpec("postgres", value)
    if lowered.endswith((".sqlite", ".sqlite3", ".db")):
        return CheckpointerSpec("sqlite", _repo_path(value))
    raise ValueError(
        f"Unknown checkpointer setting {redact_url(value)!r}: use 'memory', 'sqlite', "
        "'sqlite:///path/to/file.sqlite' or 'postgresql://user@host:port/db'."
    )


def _repo_path(path: str) -> str:
    """Resolve a relative SQLite path against the repo root (absolute paths stay as given).

    ``sqlite:///data/x.sqlite`` is relative, ``sqlite:////srv/x.sqlite`` absolute,
    as in SQLAlchemy URLs.
    """
    candidate = Path(path)
    return str(candidate if candidate.is_absolute() else REPO_ROOT / candidate)


def make_checkpointer(setting: str | None = None) -> BaseCheckpointSaver[Any]:
    """Build the checkpointer a setting names.

    Args:
        setting: see the module docstring; ``None`` means the SQLite default.

    Returns:
        ``InMemorySaver``, ``SqliteSaver`` or ``PostgresSaver``.

    Raises:
        ValueError: unknown setting.
        psycopg.OperationalError: the PostgreSQL server cannot be reached.
    """
    spec = parse_setting(setting)
    if spec.kind == "memory":
        from langgraph.checkpoint.memory import InMemorySaver

        return InMemorySaver()
    if spec.kind == "sqlite":
        return _sqlite_saver(Path(spec.target))
    return _postgres_saver(spec.target)


def _sqlite_saver(path: Path) -> BaseCheckpointSaver[Any]:
    from langgraph.checkpoint.sqlite import SqliteSaver

    path.parent.mkdir(parents=True, exist_ok=True)  # data/ is created lazily, here
    # check_same_thread=False: Streamlit runs each rerun in its own thread; the
    # saver guards the shared connection with a lock of its own.
    # timeout=30: wait for another process's write lock instead of failing at once.
    conn = sqlite3.connect(str(path), check_same_thread=False, timeout=30)
    saver = SqliteSaver(conn)
    # Two processes opening a new file together race on setup() (it switches the file
    # to WAL mode, which needs a moment of exclusive access): retry with a short backoff.
    for attempt in range(8):
        try:
            saver.setup()
            break
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == 7:
                raise
            time.sleep(0.05 * 2**attempt)
    return saver


#: The PostgreSQL advisory lock that serialises the checkpointer's setup across processes (any fixed 64-bit number).
_SETUP_LOCK = int.from_bytes(hashlib.sha256(b"toolcall_lab.checkpointer_setup").digest()[:8], "big", signed=True)


def _postgres_saver(url: str) -> BaseCheckpointSaver[Any]:
    from langgraph.checkpoint.postgres import PostgresSaver
    from psycopg import Connection
    from psycopg.rows import dict_row
    from psycopg_pool import ConnectionPool

    # PostgresSaver needs autocommit connections that return rows as dicts;
    # prepare_threshold=0 keeps it working behind pgbouncer-style poolers.
    pool = ConnectionPool(
        conninfo=url,
        min_size=1,
        max_size=8,
        kwargs={"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row},
        open=False,
    )
    pool.open(wait=True, timeout=10)
    # row_factory=dict_row (given in kwargs) makes every row a dict; the pool's type cannot see that.
    saver = PostgresSaver(cast("ConnectionPool[Connection[dict[str, Any]]]", pool))
    with _POSTGRES_LOCK:
        if url not in _POSTGRES_READY:
            # setup() creates the tables and runs migrations (idempotent), but two replicas starting
            # together race on CREATE TABLE IF NOT EXISTS (a UniqueViolation in PostgreSQL's catalog):
            # one process at a time holds this advisory lock while it sets up, the others wait for it.
            with pool.connection() as conn:
                # try, don't block: setup() builds indexes CONCURRENTLY, which waits for every open
                # transaction, a blocked pg_advisory_lock() call included (a deadlock nobody detects)
                while True:
                    row: Any = conn.execute("SELECT pg_try_advisory_lock(%s) AS ok", (_SETUP_LOCK,)).fetchone()
                    if row and row["ok"]:  # a dict: the pool's connections use dict_row
                        break
                    time.sleep(0.1)
                try:
                    saver.setup()
                finally:
                    conn.execute("SELECT pg_advisory_unlock(%s)", (_SETUP_LOCK,))
            _POSTGRES_READY.add(url)
    return saver


def close_checkpointer(saver: BaseCheckpointSaver[Any]) -> None:
    """Release the connection or pool behind a checkpointer (no-op for memory)."""
    conn = getattr(saver, "conn", None)
    close = getattr(conn, "close", None)
    if callable(close):
        close()


def redact_url(url: str) -> str:
    """Hide the password of a database URL.

    >>> redact_url("postgresql://bob:hunter2@db:5432/app")
    'postgresql://bob:***@db:5432/app'
    """
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def kind_of(saver: Any) -> str:
    """``"memory"``, ``"sqlite"``, ``"postgres"`` or the class name, for a saver object."""
    name = type(saver).__name__
    return {"InMemorySaver": "memory", "SqliteSaver": "sqlite", "PostgresSaver": "postgres"}.get(name, name)


def describe(setting_or_saver: Any = None) -> dict[str, str]:
    """Say, in both languages, which checkpointer is active and what that means.

    Args:
        setting_or_saver: a setting string (or ``None`` for the default) or a
            checkpointer object returned by :func:`make_checkpointer`.

    Returns:
        ``{"kind", "target", "zh", "en"}``; ``target`` is the file or the URL with
        its password hidden.
    """
    if setting_or_saver is None or isinstance(setting_or_saver, str):
        spec = parse_setting(setting_or_saver)
        kind, target = spec.kind, spec.target
    else:
        kind = kind_of(setting_or_saver)
        target = ""
        if kind == "sqlite":
            row = setting_or_saver.conn.execute("PRAGMA database_list").fetchone()
            target = row[2] if row else ""
        elif kind == "postgres":
            conninfo = getattr(setting_or_saver.conn, "conninfo", "")
            target = conninfo if isinstance(conninfo, str) else ""
    target = redact_url(target)
    # data only: which saver and where it writes; the pages put it into words
    return {"kind": kind, "target": target, "saver": SAVER_CLASS.get(kind, kind)}
