"""The classroom store: classes, their students, where the teacher is, the teacher's last live run.

>>> store = ClassroomStore.open("memory", clock=lambda: 100.0)
>>> starter, ada = "TTTTTTTTTTTTTTTTTTTTTA", "AAAAAAAAAAAAAAAAAAAAAA"
>>> code, token = store.start_class(starter)     # the token goes to the teacher's browser, and only there
>>> store.join(code, ada, "Ada").display_name
'Ada'
>>> store.publish_position(code, token, "stage_4_tool_call", {"step": "2"}, "④ tool_call — step 2").seq
1
>>> store.publish_position(code, token, "stage_4_tool_call", {"step": "2"}, "④ tool_call — step 2").seq
1
>>> store.position(code).label                  # what a student's banner reads, every second
'④ tool_call — step 2'
>>> store.role(code, starter)                   # the learner id that started the class leads nothing
>>> store.role(code, starter, token)
'teacher'

Publishing the same position again writes nothing and keeps its number; a move makes the
number grow by one, so a follower compares numbers to know the teacher moved. Every teacher
operation takes the class's teacher token, never a learner id (:class:`NotTheTeacher`
otherwise); the database keeps only the token's SHA-256 (:mod:`.teacher_keys`). The teacher's
other moves — end the class, give it a new code, hand it to another device — are in
:mod:`.teaching`. Joining a code nobody started is refused (:class:`UnknownClass`), as is
joining an ended class (:class:`ClassEnded`) or a full one (:class:`ClassFull`). Ids and
codes are checked before they reach the database, and writes are retried when the database
is briefly busy.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal

from toolcall_lab.classroom import schema
from toolcall_lab.classroom.codes import check_code, clean_display_name, new_code, public_params
from toolcall_lab.classroom.limits import ClassLimits
from toolcall_lab.classroom.records import (
    Banner,
    ClassInfo,
    ClassResults,
    Member,
    Position,
    TeacherKey,
    TeacherRun,
)
from toolcall_lab.classroom.refusals import ClassEnded, ClassFull, NotTheTeacher, UnknownClass
from toolcall_lab.classroom.rows import POSITION_SQL as _POSITION
from toolcall_lab.classroom.rows import opt_float as _opt_float
from toolcall_lab.classroom.rows import position as _position
from toolcall_lab.classroom.teacher_keys import digest, is_teacher_token, new_teacher_token
from toolcall_lab.classroom.teaching import LIVE, TeacherActions, check_teacher, numbered_upsert
from toolcall_lab.progress.database import Database, Tx
from toolcall_lab.progress.identity import check_learner_id
from toolcall_lab.progress.store import ProgressStore

#: Attempts at a fresh code before giving up (with 887 million codes, a second try is already rare).
CODE_TRIES = 20
MAX_QUERY_CHARS = 16_000  # a position's link parameters, as JSON
MAX_TRACE_CHARS = 5 * 1024 * 1024  # the trace import limit of toolcall_lab.trace
Role = Literal["teacher", "student"]

__all__ = ["ClassEnded", "ClassFull", "ClassroomStore", "NotTheTeacher", "Role", "UnknownClass", "numbered_upsert"]


class ClassroomStore(TeacherActions):
    """Class sessions, kept in a :class:`~toolcall_lab.progress.database.Database` (component ``"classroom"``).

    Args:
        db: an open database (it may be the progress store's); the tables are created or upgraded on first use.
        clock: the time source (seconds since the epoch); tests pass a fixed one.
        rng: where codes come from (default: :mod:`secrets`); tests pass a seeded one.
        limits: the class size limit and idle time (default: :meth:`ClassLimits.from_env`).
    """

    def __init__(
        self,
        db: Database,
        *,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        limits: ClassLimits | None = None,
    ) -> None:
        self.db = db
        self._clock = clock
        self._rng = rng
        self.limits = limits if limits is not None else ClassLimits.from_env()
        db.migrate(schema.COMPONENT, schema.MIGRATIONS)

    @classmethod
    def open(
        cls, setting: str | None = None, *, clock: Callable[[], float] = time.time, limits: ClassLimits | None = None
    ) -> ClassroomStore:
        """Open the store a setting names (the ``CHECKPOINTER`` setting: ``sqlite``, a path, a URL, ``memory``)."""
        db = Database.open(setting)
        try:
            return cls(db, clock=clock, limits=limits)
        except BaseException:
            db.close()
            raise

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> ClassroomStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ classes and members

    def start_class(self, teacher: str) -> TeacherKey:
        """Start a class; return its new code (never one in use) and its teacher token (for the teacher only).

        ``teacher`` is the learner id of whoever starts it: it is kept only so that it never
        counts as one of the class's students; it leads nothing.
        """
        teacher, now = check_learner_id(teacher), self._clock()
        token = new_teacher_token()
        for _ in range(CODE_TRIES):
            code = new_code(self._rng)

            def claim(tx: Tx, code: str = code) -> int:  # 1 when the code was free, 0 when another class has it
                return tx.run(
                    "INSERT INTO classroom_classes (code, teacher_id, created_at, join_code, token_hash,"
                    " last_teacher_at) SELECT ?, ?, ?, ?, ?, ? WHERE NOT EXISTS"
                    " (SELECT 1 FROM classroom_classes WHERE code = ? OR join_code = ?) ON CONFLICT DO NOTHING",
                    (code, teacher, now, code, digest(token), now, code, code),
                )

            if self.db.write(claim) == 1:
                return TeacherKey(code, token)
        raise RuntimeError(f"no free class code after {CODE_TRIES} tries")

    def class_info(self, code: str) -> ClassInfo | None:
        """The class whose key is ``code`` (or, when none is, whose join code it is), or ``None``."""
        code = check_code(code)
        rows = self.db.read(
            lambda tx: tx.query(
                "SELECT c.code, c.teacher_id, c.created_at, c.join_code, c.last_teacher_at, c.ended_at,"
                " (SELECT COUNT(*) FROM classroom_members m WHERE m.code = c.code)"
                " FROM classroom_classes c WHERE c.code = ? OR c.join_code = ? ORDER BY c.code = ? DESC",
                (code, code, code),
            )
        )
        if not rows:
            return None
        key, teacher, created, join_code, last, ended, students = rows[0]
        ends_at = float(last) + self.limits.idle_s
        if ended is None and ends_at <= self._clock():
            ended = ends_at
        return ClassInfo(
            str(key), str(teacher), float(created), str(join_code), int(students), ends_at, _opt_float(ended)
        )

    def role(self, code: str, learner: str, token: str | None = None) -> Role | None:
        """``"teacher"`` (``token`` is the class's), ``"student"`` (a member) or ``None``: one read.

        The learner id alone never makes a teacher, whoever's it is.
        """
        code, learner = check_code(code), check_learner_id(learner)
        hashed = digest(token) if isinstance(token, str) and is_teacher_token(token) else ""
        rows = self.db.read(
            lambda tx: tx.query(
                "SELECT c.token_hash = ?, EXISTS (SELECT 1 FROM classroom_members m WHERE m.code = c.code"
                " AND m.learner_id = ?) FROM classroom_classes c WHERE c.code = ?",
                (hashed, learner, code),
            )
        )
        if not rows:
            return None
        return "teacher" if rows[0][0] and hashed else "student" if rows[0][1] else None

    def join(self, code: str, learner: str, display_name: str | None = None) -> Member:
        """Add a student to a class (again: keeps the first join time, and the name unless a new one is given).

        ``code`` is what the student typed or the join link carried: the class's join code;
        a member may also come back with the class's key (the code their link keeps). The
        returned member's ``code`` is the class's key.

        Raises:
            UnknownClass: no class has this code (or it is an old code and the learner is not a member).
            ClassEnded: the class has ended.
            ClassFull: the class already has :attr:`ClassLimits.max_students` students.
            ValueError: the learner started this class (the teacher is not one of its students).
        """
        code, learner, name = check_code(code), check_learner_id(learner), clean_display_name(display_name)
        now = self._clock()
        lock = " FOR UPDATE" if self.db.dialect == "postgres" else ""  # joins to one class queue: the count holds

        def work(tx: Tx) -> Member:
            found = tx.query(
                f"SELECT c.code, c.join_code, c.teacher_id, {LIVE}, EXISTS (SELECT 1 FROM classroom_members m"
                " WHERE m.code = c.code AND m.learner_id = ?) FROM classroom_classes c"
                f" WHERE c.join_code = ? OR c.code = ? ORDER BY c.join_code = ? DESC{lock}",
                (now - self.limits.idle_s, learner, code, code, code),
            )
            if not found:
                raise UnknownClass(code)
            key, join_code, teacher, live, member = found[0]
            if join_code != code and not member:
                raise UnknownClass(code)  # an old code: it still names the class for its members, joins no one new
            if not live:
                raise ClassEnded(code)
            if teacher == learner:
                raise ValueError("the learner who started a class (its teacher) is not one of its students")
            if not member:
                count = int(tx.query("SELECT COUNT(*) FROM classroom_members WHERE code = ?", (key,))[0][0])
                if count >= self.limits.max_students:
                    raise ClassFull(key, self.limits.max_students)
            tx.run(
                "INSERT INTO classroom_members (code, learner_id, display_name, joined_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (code, learner_id) DO UPDATE SET"
                " display_name = COALESCE(excluded.display_name, classroom_members.display_name)",
                (key, learner, name, now),
            )
            row = tx.query(
                "SELECT display_name, joined_at FROM classroom_members WHERE code = ? AND learner_id = ?",
                (key, learner),
            )[0]
            return Member(learner, row[0], float(row[1]), str(key))

        return self.db.write(work)

    def set_display_name(self, code: str, learner: str, display_name: str | None) -> bool:
        """Show a name to the teacher, or none (``None`` or blank: anonymous again); ``False`` if not a member."""
        code, learner, name = check_code(code), check_learner_id(learner), clean_display_name(display_name)
        changed = self.db.write(
            lambda tx: tx.run(
                "UPDATE classroom_members SET display_name = ? WHERE code = ? AND learner_id = ?",
                (name, code, learner),
            )
        )
        return changed == 1

    def leave(self, code: str, learner: str) -> bool:
        """Take a student out of a class; ``False`` when they were not in it. Their progress stays theirs."""
        code, learner = check_code(code), check_learner_id(learner)
        gone = self.db.write(
            lambda tx: tx.run("DELETE FROM classroom_members WHERE code = ? AND learner_id = ?", (code, learner))
        )
        return gone == 1

    def members(self, code: str) -> list[Member]:
        """The students of a class, in the order they joined."""
        code = check_code(code)
        rows = self.db.read(
            lambda tx: tx.query(
                "SELECT learner_id, display_name, joined_at FROM classroom_members WHERE code = ?"
                " ORDER BY joined_at, learner_id",
                (code,),
            )
        )
        return [Member(str(r[0]), r[1], float(r[2]), code) for r in rows]

    # ------------------------------------------------------------------ where the teacher is

    def publish_position(self, code: str, token: str, url_path: str, query: Mapping[str, str], label: str) -> Position:
        """Move the class's position to a page (and its link parameters); write only when it changed.

        ``query`` loses the parameters that belong to one person (learner, class, present, follow).

        Raises:
            NotTheTeacher: ``token`` is not this class's teacher token, or the class has ended.
            ValueError: the parameters are too long to share.
        """
        code = check_code(code)
        params = json.dumps(public_params(query), ensure_ascii=False, sort_keys=True)
        if len(params) > MAX_QUERY_CHARS:
            raise ValueError(f"the link parameters are too long to share ({len(params)} characters)")
        values = {"url_path": url_path, "query": params, "label": label[:200]}
        now = self._clock()

        def same(tx: Tx) -> Position | None:  # the place the class is at already: a read, no write
            check_teacher(tx, code, token, now, self.limits.idle_s, write=False, live=True)
            rows = tx.query(f"{_POSITION} WHERE p.code = ?", (code,))
            here = _position(rows[0]) if rows else None
            unchanged = here is not None and (here.url_path, here.query, here.label) == (
                url_path,
                json.loads(params),
                values["label"],
            )
            return here if unchanged else None

        current = self.db.read(same)
        if current is not None:
            return current
        self._write_as_teacher(code, token, "classroom_positions", values, only_changes=True)
        moved = self.position(code)
        assert moved is not None
        return moved

    def banner(self, code: str) -> Banner | None:
        """What a student's banner reads every second: the class's state and the teacher's position, in one read.

        ``None`` when no class has this key.
        """
        code = check_code(code)
        rows = self.db.read(
            lambda tx: tx.query(
                f"SELECT NOT ({LIVE}), c.join_code, p.url_path, p.query, p.label, p.seq, p.updated_at,"
                " (SELECT r.seq FROM classroom_runs r WHERE r.code = c.code),"
                " (SELECT r.question FROM classroom_runs r WHERE r.code = c.code)"
                " FROM classroom_classes c LEFT JOIN classroom_positions p ON p.code = c.code WHERE c.code = ?",
                (self._clock() - self.limits.idle_s, code),
            )
        )
        if not rows:
            return None
        ended, join_code, *where = rows[0]
        return Banner(bool(ended), str(join_code), None if where[0] is None else _position(where))

    def position(self, code: str) -> Position | None:
        """Where the teacher is, with the number of their last live run: one read of one row by its key."""
        code = check_code(code)
        rows = self.db.read(lambda tx: tx.query(f"{_POSITION} WHERE p.code = ?", (code,)))
        return _position(rows[0]) if rows else None

    # ------------------------------------------------------------------ the teacher's live run

    def publish_run(self, code: str, token: str, question: str, trace: str, settings: Mapping[str, Any]) -> int:
        """Keep the teacher's latest live run (the exported trace text) for the students; return its number.

        Raises:
            NotTheTeacher: ``token`` is not this class's teacher token, or the class has ended.
            ValueError: the trace is larger than a trace file may be.
        """
        code = check_code(code)
        if len(trace) > MAX_TRACE_CHARS:
            raise ValueError(f"the trace is too large to share ({len(trace)} characters)")
        shown = json.dumps(dict(settings), ensure_ascii=False, sort_keys=True)
        values = {"question": question[:2000], "trace": trace, "settings": shown}
        return self._write_as_teacher(code, token, "classroom_runs", values)

    def teacher_run(self, code: str) -> TeacherRun | None:
        """The teacher's latest published live run, or ``None``."""
        code = check_code(code)
        rows = self.db.read(
            lambda tx: tx.query(
                "SELECT question, trace, settings, seq, updated_at FROM classroom_runs WHERE code = ?", (code,)
            )
        )
        if not rows:
            return None
        question, trace, settings, seq, at = rows[0]
        return TeacherRun(str(question), str(trace), json.loads(settings), int(seq), float(at))

    # ------------------------------------------------------------------ the teacher's writes

    def _write_as_teacher(
        self, code: str, token: str, table: str, values: Mapping[str, str], *, only_changes: bool = False
    ) -> int:
        """In one transaction: check the teacher token (and note the activity), then write the class's row of ``table``.

        The row's number (``seq``) starts at 1 and grows by one with every write after, or
        with ``only_changes`` only when a value changed; returns the number the row has now.
        ``table`` and the keys of ``values`` are this module's own names (the statement is
        :func:`numbered_upsert`'s); the values travel as parameters.

        Raises:
            NotTheTeacher: ``token`` is not this class's teacher token, or the class has ended.
        """
        statement = numbered_upsert(table, list(values), only_changes=only_changes)
        now = self._clock()

        def work(tx: Tx) -> int:
            check_teacher(tx, code, token, now, self.limits.idle_s)
            tx.run(statement, (code, *values.values(), now))
            return int(tx.query(f"SELECT seq FROM {table} WHERE code = ?", (code,))[0][0])

        return self.db.write(work)

    # ------------------------------------------------------------------ results

    def results(
        self, progress: ProgressStore, code: str, exercise_ids: Iterable[str], *, token: str, names: bool = False
    ) -> ClassResults:
        """The class's results on these exercises, in the order given, for its teacher only (an ended class too).

        A fixed number of statements in one read, however many students and names the class has
        (see :func:`.results.class_results_by_code`).

        Raises:
            NotTheTeacher: ``token`` is not this class's teacher token.
            ValueError: the progress store is not on this store's database (the class is joined to it in SQL).
        """
        from toolcall_lab.classroom.results import class_results_by_code

        if progress.db is not self.db:
            raise ValueError("the class results join the progress tables: keep both stores on one database")
        return class_results_by_code(self.db, check_code(code), token, list(exercise_ids), names=names)
