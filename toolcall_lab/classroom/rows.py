"""Rows of the classroom tables read back as records: the teacher's position, with its run's number."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from toolcall_lab.classroom.records import Position

# The teacher's position with the number and question of their last run (add the WHERE).
POSITION_SQL = (
    "SELECT p.url_path, p.query, p.label, p.seq, p.updated_at,"
    " (SELECT r.seq FROM classroom_runs r WHERE r.code = p.code),"
    " (SELECT r.question FROM classroom_runs r WHERE r.code = p.code)"
    " FROM classroom_positions p"
)


def position(row: Sequence[Any]) -> Position:
    """A row of :data:`POSITION_SQL` as a :class:`Position`."""
    url_path, query, label, seq, at, run_seq, question = row
    return Position(
        str(url_path),
        json.loads(query),
        str(label),
        int(seq),
        float(at),
        None if run_seq is None else int(run_seq),
        None if question is None else str(question),
    )


def opt_float(value: object) -> float | None:
    """A nullable number column as ``float | None``."""
    return None if value is None else float(str(value))
