"""Class sessions: a teacher leads, students follow, the teacher sees the class's results.

The ground floor of issue 15's classroom; nothing here imports Streamlit.

=====================  ====================================================================
module                 holds
=====================  ====================================================================
:mod:`.codes`          class codes (six characters, no look-alikes), display names, the link
                       parameters that stay private, the join link
:mod:`.address`        the class's public address (``LAB_PUBLIC_URL``) and the hosts students'
                       devices cannot reach (loopback, link-local)
:mod:`.schema`         the classroom tables, as migration steps (component ``"classroom"``)
:mod:`.store`          :class:`ClassroomStore`: start, join, leave, names, the teacher's
                       position and last live run, results
:mod:`.teaching`       the teacher's own moves: end the class, a new code, hand it to another device
:mod:`.teacher_keys`   the teacher token and the hand-over code (made by :mod:`secrets`, kept hashed)
:mod:`.limits`         the class size limit and the idle time after which a class ends (settings)
:mod:`.refusals`       why the store refused: unknown, ended or full class, not the teacher
:mod:`.records`        the frozen records it returns
:mod:`.results`        results per exercise, joined with names when asked, and as CSV
:mod:`.paths`          course paths as data (stops: page, step, minutes, question) and the lesson plan
:mod:`.live_results`   for a live class: struggles first, the wrong answer in the learner's words,
                       shown from :data:`~.live_results.MIN_STUDENTS_FOR_WRONG_ANSWER` students on
=====================  ====================================================================

The teacher of a class is whoever holds its teacher token (never a learner id, which travels
in links): :meth:`ClassroomStore.start_class` returns it once, the database keeps its SHA-256.

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
from toolcall_lab.classroom.limits import ClassLimits
from toolcall_lab.classroom.records import Banner, ClassInfo, ClassResults, Member, Position, TeacherKey, TeacherRun
from toolcall_lab.classroom.refusals import ClassEnded, ClassFull, HandoverRefused, NotTheTeacher, UnknownClass
from toolcall_lab.classroom.results import class_results, class_results_by_code, results_csv
from toolcall_lab.classroom.store import ClassroomStore, Role
from toolcall_lab.classroom.teacher_keys import is_teacher_token, normalize_handover, show_handover

__all__ = [
    "ALPHABET",
    "CLASS_PARAM",
    "CODE_LENGTH",
    "FOLLOW_PARAM",
    "PRIVATE_PARAMS",
    "Banner",
    "ClassEnded",
    "ClassFull",
    "ClassInfo",
    "ClassLimits",
    "ClassResults",
    "ClassroomStore",
    "HandoverRefused",
    "InvalidCode",
    "Member",
    "NotTheTeacher",
    "Position",
    "Role",
    "TeacherKey",
    "TeacherRun",
    "UnknownClass",
    "check_code",
    "class_results",
    "class_results_by_code",
    "clean_display_name",
    "is_class_code",
    "is_teacher_token",
    "join_link",
    "new_code",
    "normalize_code",
    "normalize_handover",
    "public_params",
    "results_csv",
    "show_handover",
]
