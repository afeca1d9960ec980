"""Class sessions: a teacher leads, students follow, the teacher sees the class's results.

The ground floor of issue 15's classroom; nothing here imports Streamlit.

=====================  ====================================================================
module                 holds
=====================  ====================================================================
:mod:`.codes`          class codes (six characters, no look-alikes), display names, the link
                       parameters that stay private, the join link
:mod:`.schema`         the classroom tables, as migration steps (component ``"classroom"``)
:mod:`.store`          :class:`ClassroomStore`: start, join, leave, names, the teacher's
                       position and last live run, results
:mod:`.records`        the frozen records it returns
:mod:`.results`        results per exercise, joined with names when asked, and as CSV
=====================  ====================================================================

State lives in the same database as progress and checkpoints (the ``CHECKPOINTER`` setting:
SQLite by default, PostgreSQL by URL), so several app processes serve one class.
"""

from toolcall_lab.classroom.codes import (
    ALPHABET,
    CLASS_PARAM,
    CODE_LENGTH,
    FOLLOW_PARAM,
    PRIVATE_PARAMS,
    InvalidCode,
    check_code,
    clean_display_name,
    is_class_code,
    join_link,
    new_code,
    normalize_code,
    public_params,
)
from toolcall_lab.classroom.records import ClassInfo, ClassResults, Member, Position, TeacherRun
from toolcall_lab.classroom.results import class_results, results_csv
from toolcall_lab.classroom.store import ClassroomStore, NotTheTeacher, Role, UnknownClass

__all__ = [
    "ALPHABET",
    "CLASS_PARAM",
    "CODE_LENGTH",
    "FOLLOW_PARAM",
    "PRIVATE_PARAMS",
    "ClassInfo",
    "ClassResults",
    "ClassroomStore",
    "InvalidCode",
    "Member",
    "NotTheTeacher",
    "Position",
    "Role",
    "TeacherRun",
    "UnknownClass",
    "check_code",
    "class_results",
    "clean_display_name",
    "is_class_code",
    "join_link",
    "new_code",
    "normalize_code",
    "public_params",
    "results_csv",
]
