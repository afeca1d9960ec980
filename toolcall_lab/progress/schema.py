"""The progress tables, as an ordered list of migration steps (component ``"progress"``).

Every row is keyed by the learner id first: there is no query that reads progress
without one. Answers are stored as canonical JSON text (sorted keys), so equal
answers compare equal in SQL when the teacher's view counts the common wrong ones.
Times are seconds since the epoch (UTC), as :func:`time.time` gives them.

A step, once released, is never edited: a change to the tables is a new step at the end.

Class statistics count only attempts with ``source = 'page'`` (judged live by the page's
own check); imported attempts (``source = 'import'``) count for the learner alone, and as
solved only when a re-check agreed (``checked`` and ``correct``).
"""

from __future__ import annotations

from toolcall_lab.progress import renames
from toolcall_lab.progress.database import Migration
from toolcall_lab.progress.renames import (
    CHAIN_EXECUTION_SLUGS,
    CHAIN_REQUEST_SLUGS,
    GRAPH_SLUGS,
    TUTOR_SLUGS,
    rename_statements,
)

COMPONENT = "progress"

MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "attempts and page visits",
        (
            # One row per submitted answer. (learner_id, attempt_id) is unique: the page makes
            # the attempt id when the learner submits, so a double click records one attempt.
            """CREATE TABLE progress_attempts (
                seq {autoid},
                learner_id TEXT NOT NULL,
                attempt_id TEXT NOT NULL,
                exercise_id TEXT NOT NULL,
                page_path TEXT NOT NULL,
                answer TEXT NOT NULL,
                correct {bool} NOT NULL,
                at {float} NOT NULL,
                UNIQUE (learner_id, attempt_id)
            )""",
            "CREATE INDEX progress_attempts_by_learner ON progress_attempts (learner_id, exercise_id, at)",
            # One row per page a learner has opened.
            """CREATE TABLE progress_pages (
                learner_id TEXT NOT NULL,
                page_path TEXT NOT NULL,
                first_visit_at {float} NOT NULL,
                last_visit_at {float} NOT NULL,
                visits INTEGER NOT NULL,
                PRIMARY KEY (learner_id, page_path)
            )""",
        ),
    ),
    Migration(
        2,
        "where each learner left off; attempts indexed by exercise for the class view",
        (
            # "Continue where you left off": one row per learner, moved on every visit.
            """CREATE TABLE progress_learners (
                learner_id TEXT PRIMARY KEY,
                last_page TEXT NOT NULL,
                last_visit_at {float} NOT NULL
            )""",
            # Filled from the v1 visits: each learner's most recent page (ties: the larger path).
            """INSERT INTO progress_learners (learner_id, last_page, last_visit_at)
            SELECT p.learner_id, p.page_path, p.last_visit_at FROM progress_pages p
            WHERE NOT EXISTS (
                SELECT 1 FROM progress_pages q
                WHERE q.learner_id = p.learner_id
                AND (q.last_visit_at > p.last_visit_at
                     OR (q.last_visit_at = p.last_visit_at AND q.page_path > p.page_path))
            )""",
            "CREATE INDEX progress_attempts_by_exercise ON progress_attempts (exercise_id, learner_id)",
        ),
    ),
    Migration(
        3,
        "chain pages 1-4: exercises stored by slug, not by position (issue 20)",
        rename_statements(CHAIN_REQUEST_SLUGS),
    ),
    Migration(
        4,
        "where each attempt came from: judged on the page, or imported from a file (and whether re-checked)",
        (
            # 'page': the page's own check judged it as the learner submitted it. 'import': it came
            # from a progress file; its `correct` is only ever a re-check's verdict, never the file's claim.
            "ALTER TABLE progress_attempts ADD COLUMN source TEXT NOT NULL DEFAULT 'page'",
            # False for an imported attempt nothing could re-check yet: kept, shown, never solved.
            "ALTER TABLE progress_attempts ADD COLUMN checked {bool} NOT NULL DEFAULT {true}",
        ),
    ),
    Migration(
        5,
        "chain pages 5-8, the LangGraph pages and tutor pages 1-5: exercises stored by slug, not position (issue 20)",
        rename_statements({**CHAIN_EXECUTION_SLUGS, **GRAPH_SLUGS, **TUTOR_SLUGS}),
    ),
    Migration(
        6,
        "home, live run and faults: exercises stored by slug (issue 20)",
        rename_statements(renames.START_AND_FAULTS_SLUGS),
    ),
    # ---- issue 20, 2026-12-02: tutor 6, who decides, ⑧'s review
    Migration(
        7,
        "the seven pitfalls, who decides, and the section reviews: exercises stored by slug (issue 20)",
        rename_statements(renames.TUTOR_RELIABILITY_REVIEW_SLUGS),
    ),
)
