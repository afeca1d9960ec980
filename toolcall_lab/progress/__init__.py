"""Learner progress: who a learner is, what they tried and solved, where they left off.

The ground floor of the course: pages and exercises record and read through
:class:`ProgressStore`; nothing here imports Streamlit.

=====================  ====================================================================
module                 holds
=====================  ====================================================================
:mod:`.identity`       learner ids (anonymous in the link, or hashed from an OIDC login) and
                       the checks every id passes before it reaches the database
:mod:`.database`       :class:`Database`: SQLite or PostgreSQL from the ``CHECKPOINTER``
                       setting, versioned migrations, transactions retried when busy
:mod:`.schema`         the progress tables, as migration steps
:mod:`.store`          :class:`ProgressStore`: attempts, visits, export/import, reset/undo, class view
:mod:`.writes`         the store's writes as SQL (page vs imported attempts, reset and undo)
:mod:`.class_view`     a class's totals per exercise (only attempts judged on a page)
:mod:`.records`        the frozen records it returns (:class:`ExerciseState`, :class:`PageProgress`, …)
:mod:`.transfer`       the export file and the checks an import passes (bytes, depth, ids, times)
:mod:`.export_schema`  the Pydantic models an import is validated by, field by field
:mod:`.rechecking`     imported answers re-judged by a :data:`Recheck` (never the file's ``correct``)
=====================  ====================================================================
"""

from toolcall_lab.progress.database import Database, Migration, SchemaTooNew, Tx
from toolcall_lab.progress.identity import (
    InvalidKey,
    is_anonymous_learner_id,
    is_valid_learner_id,
    learner_id_from_link,
    learner_id_from_oidc,
    new_learner_id,
)
from toolcall_lab.progress.rechecking import Recheck
from toolcall_lab.progress.records import (
    Attempt,
    ExerciseResult,
    ExerciseState,
    PageProgress,
    ResetSnapshot,
    WrongAnswer,
)
from toolcall_lab.progress.store import ProgressStore
from toolcall_lab.progress.transfer import REASONS, AnswerTooLarge, ImportSummary, InvalidImport, attempt_id_for

__all__ = [
    "REASONS",
    "AnswerTooLarge",
    "Attempt",
    "Database",
    "ExerciseResult",
    "ExerciseState",
    "ImportSummary",
    "InvalidImport",
    "InvalidKey",
    "Migration",
    "PageProgress",
    "ProgressStore",
    "Recheck",
    "ResetSnapshot",
    "SchemaTooNew",
    "Tx",
    "WrongAnswer",
    "attempt_id_for",
    "is_anonymous_learner_id",
    "is_valid_learner_id",
    "learner_id_from_link",
    "learner_id_from_oidc",
    "new_learner_id",
]
