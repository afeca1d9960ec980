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
    Migration(
        2,
        "the teacher's token, a join code that can change, the class's end, a pending hand-over",
        (
            # The class's first code stays its key (members' links keep it); join_code is the one that
            # joins now, and "New code" replaces it. Unique, so a typed code names one class.
            "ALTER TABLE classroom_classes ADD COLUMN join_code TEXT",
            "UPDATE classroom_classes SET join_code = code",
            "CREATE UNIQUE INDEX classroom_classes_by_join_code ON classroom_classes (join_code)",
            # The teacher is whoever holds the token whose SHA-256 this is (never the learner id in
            # teacher_id, which now only keeps the teacher out of their own class's students).
            "ALTER TABLE classroom_classes ADD COLUMN token_hash TEXT",
            # The class ends by itself a set time after this (every write of the teacher moves it).
            "ALTER TABLE classroom_classes ADD COLUMN last_teacher_at {float} NOT NULL DEFAULT 0",
            "ALTER TABLE classroom_classes ADD COLUMN ended_at {float}",
            # A pending hand-over to another device: the code's SHA-256, until when, wrong tries so far.
            "ALTER TABLE classroom_classes ADD COLUMN handover_hash TEXT",
            "ALTER TABLE classroom_classes ADD COLUMN handover_until {float}",
            "ALTER TABLE classroom_classes ADD COLUMN handover_tries INTEGER NOT NULL DEFAULT 0",
            # Classes started before this step were led by a learner id, which travels in links: they
            # have no token, so nobody leads them any more, and they end at their last teacher activity.
            """UPDATE classroom_classes SET last_teacher_at = COALESCE(
                (SELECT MAX(p.updated_at) FROM classroom_positions p WHERE p.code = classroom_classes.code),
                created_at)""",
            "UPDATE classroom_classes SET ended_at = last_teacher_at",
        ),
    ),
)
