"""The classroom tables, as an ordered list of migration steps (component ``"classroom"``).

Every row is keyed by the class code first. A student's banner reads one row of
``classroom_positions`` by its primary key every few seconds, so that read stays one
index lookup however many classes and students there are. Times are seconds since the
epoch (UTC); query parameters, settings and traces are JSON text.

A step, once released, is never edited: a change to the tables is a new step at the end.
"""

from __future__ import annotations

from toolcall_lab.progress.database import Migration

COMPONENT = "classroom"

MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "classes, members, the teacher's position and the teacher's last live run",
        (
            # One row per class; the teacher is the learner who started it.
            """CREATE TABLE classroom_classes (
                code TEXT PRIMARY KEY,
                teacher_id TEXT NOT NULL,
                created_at {float} NOT NULL
            )""",
            # One row per student in a class; the display name is optional (anonymous by default).
            """CREATE TABLE classroom_members (
                code TEXT NOT NULL,
                learner_id TEXT NOT NULL,
                display_name TEXT,
                joined_at {float} NOT NULL,
                PRIMARY KEY (code, learner_id)
            )""",
            # Where the teacher is: one row per class, rewritten only when the position changes;
            # seq grows by one on each change, so a follower can tell "moved" from "the same".
            """CREATE TABLE classroom_positions (
                code TEXT PRIMARY KEY,
                url_path TEXT NOT NULL,
                query TEXT NOT NULL,
                label TEXT NOT NULL,
                seq INTEGER NOT NULL,
                updated_at {float} NOT NULL
            )""",
            # The teacher's last live run, read-only for the students (the trace as exported).
            """CREATE TABLE classroom_runs (
                code TEXT PRIMARY KEY,
                question TEXT NOT NULL,
                trace TEXT NOT NULL,
                settings TEXT NOT NULL,
                seq INTEGER NOT NULL,
                updated_at {float} NOT NULL
            )""",
        ),
    ),
)
