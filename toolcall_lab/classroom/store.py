"""The classroom store: classes, their students, where the teacher is, the teacher's last live run.

>>> store = ClassroomStore.open("memory", clock=lambda: 100.0)
>>> teacher, ada = "TTTTTTTTTTTTTTTTTTTTTA", "AAAAAAAAAAAAAAAAAAAAAA"
>>> code = store.start_class(teacher)
>>> store.join(code, ada, "Ada").display_name
'Ada'
>>> store.publish_position(code, teacher, "stage_4_tool_call", {"step": "2"}, "④ tool_call — step 2").seq
1
>>> store.publish_position(code, teacher, "stage_4_tool_call", {"step": "2"}, "④ tool_call — step 2").seq
1
>>> store.position(code).label                  # what a student's banner reads, every two seconds
'④ tool_call — step 2'

Publishing the same position again writes nothing and keeps its number; a move makes the
number grow by one, so a follower compares numbers to know the teacher moved. Only the
teacher of a class may publish for it (:class:`NotTheTeacher`); joining a code nobody
started is refused (:class:`UnknownClass`). Ids and codes are checked before they reach the
database, and writes are retried when the database is briefly busy.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Literal

from toolcall_lab.classroom import schema
from toolcall_lab.classroom.codes import check_code, clean_display_name, new_code, public_params
from toolcall_lab.classroom.records import ClassInfo, ClassResults, Member, Position, TeacherRun
from toolcall_lab.progress.database import Database, Tx
from toolcall_lab.progress.identity import check_learner_id
from toolcall_lab.progress.store import ProgressStore

#: Attempts at a fresh code before giving up (with 887 million codes, a second try is already rare).
CODE_TRIES = 20
MAX_QUERY_CHARS = 16_000  # a position's link parameters, as JSON
MAX_TRACE_CHARS = 5 * 1024 * 1024  # the trace import limit of toolcall_lab.trace
Role = Literal["teacher", "student"]


class UnknownClass(LookupError):
    """No class has this code."""


class NotTheTeacher(PermissionError):
    """Only the learner who started a class may move its position or publish its run."""


class ClassroomStore:
    """Class sessions, kept in a :class:`~toolcall_lab.progress.database.Database` (component ``"classroom"``).

    Args:
        db: an open database (it may be the progress store's); the tables are created or upgraded on first use.
        clock: the time source (seconds since the epoch); tests pass a fixed one.
        rng: where codes come from (default: :mod:`secrets`); tests pass a seeded one.
    """

    def __init__(
        self, db: Database, *, clock: Callable[[], float] = time.time, rng: random.Random | None = None
    ) -> None:
        self.db = db
        self._clock = clock
        self._rng = rng
        db.migrate(schema.COMPONENT, schema.MIGRATIONS)

    @classmethod
    def open(cls, setting: str | None = None, *, clock: Callable[[], float] = time.time) -> ClassroomStore:
        """Open the store a setting names (the ``CHECKPOINTER`` setting: ``sqlite``, a path, a URL, ``memory``)."""
        db = Database.open(setting)
        try:
            return cls(db, clock=clock)
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

    def start_class(self, teacher: str) -> str:
        """Start a class led by ``teacher``; return its new code (never one already in use)."""
        teacher, now = check_learner_id(teacher), self._clock()
        for _ in range(CODE_TRIES):
            code = new_code(self._rng)

            def claim(tx: Tx, code: str = code) -> int:  # 1 when the code was free, 0 when another class has it
                return tx.run(
                    "INSERT INTO classroom_classes (code, teacher_id, created_at) VALUES (?, ?, ?)"
                    " ON CONFLICT (code) DO NOTHING",
                    (code, teacher, now),
                )

            if self.db.write(claim) == 1:
                return code
        raise RuntimeError(f"no free class code after {CODE_TRIES} tries")

    def class_info(self, code: str) -> ClassInfo | None:
        """The class with this code, or ``None``."""
        code = check_code(code)
        rows = self.db.read(
            lambda tx: tx.query("SELECT teacher_id, created_at FROM classroom_classes WHERE code = ?", (code,))
        )
        return ClassInfo(code, str(rows[0][0]), float(rows[0][1])) if rows else None

    def role(self, code: str, learner: str) -> Role | None:
        """``"teacher"``, ``"student"`` or ``None`` (not in this class, or no such class): one read."""
        code, learner = check_code(code), check_learner_id(learner)
        rows = self.db.read(
            lambda tx: tx.query(
                "SELECT c.teacher_id = ?, EXISTS (SELECT 1 FROM classroom_members m WHERE m.code = c.code"
                " AND m.learner_id = ?) FROM classroom_classes c WHERE c.code = ?",
                (learner, learner, code),
            )
        )
        if not rows:
            return None
        return "teacher" if rows[0][0] else "student" if rows[0][1] else None

    def join(self, code: str, learner: str, display_name: str | None = None) -> Member:
        """Add a student to a class (again: keeps the first join time, and the name unless a new one is given).

        Raises:
            UnknownClass: no class has this code.
            ValueError: the learner is the class's teacher.
        """
        code, learner, name = check_code(code), check_learner_id(learner), clean_display_name(display_name)
        now = self._clock()

        def work(tx: Tx) -> Member:
            found = tx.query("SELECT teacher_id FROM classroom_classes WHERE code = ?", (code,))
            if not found:
                raise UnknownClass(code)
            if found[0][0] == learner:
                raise ValueError("the teacher of a class is not one of its students")
            tx.run(
                "INSERT INTO classroom_members (code, learner_id, display_name, joined_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (code, learner_id) DO UPDATE SET"
                " display_name = COALESCE(excluded.display_name, classroom_members.display_name)",
                (code, learner, name, now),
            )
            row = tx.query(
                "SELECT display_name, joined_at FROM classroom_members WHERE code = ? AND learner_id = ?",
                (code, learner),
            )[0]
            return Member(learner, row[0], float(row[1]))

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
        return [Member(str(r[0]), r[1], float(r[2])) for r in rows]

    # ------------------------------------------------------------------ where the teacher is

    def publish_position(
        self, code: str, teacher: str, url_path: str, query: Mapping[str, str], label: str
    ) -> Position:
        """Move the class's position to a page (and its link parameters); write only when it changed.

        ``query`` loses the parameters that belong to one person (learner, class, present, follow).

        Raises:
            NotTheTeacher: ``teacher`` did not start this class (or there is no such class).
            ValueError: the parameters are too long to share.
        """
        code, teacher = check_code(code), check_learner_id(teacher)
        params = json.dumps(public_params(query), ensure_ascii=False, sort_keys=True)
        if len(params) > MAX_QUERY_CHARS:
            raise ValueError(f"the link parameters are too long to share ({len(params)} characters)")
        label = label[:200]
        current = self.position(code)
        if current is not None and (current.url_path, current.query, current.label) == (
            url_path,
            json.loads(params),
            label,
        ):
            return current  # nothing moved: no write, the number stays
        values = {"url_path": url_path, "query": params, "label": label}
        self._write_as_teacher(code, teacher, "classroom_positions", values, only_changes=True)
        moved = self.position(code)
        assert moved is not None
        return moved

    def position(self, code: str) -> Position | None:
        """Where the teacher is, with the number of their last live run: one read of one row by its key."""
        code = check_code(code)
        rows = self.db.read(
            lambda tx: tx.query(
                "SELECT p.url_path, p.query, p.label, p.seq, p.updated_at,"
                " (SELECT r.seq FROM classroom_runs r WHERE r.code = p.code),"
                " (SELECT r.question FROM classroom_runs r WHERE r.code = p.code)"
                " FROM classroom_positions p WHERE p.code = ?",
                (code,),
            )
        )
        if not rows:
            return None
        url_path, query, label, seq, at, run_seq, question = rows[0]
        return Position(
            str(url_path),
            json.loads(query),
            str(label),
            int(seq),
            float(at),
            None if run_seq is None else int(run_seq),
            None if question is None else str(question),
        )

    # ------------------------------------------------------------------ the teacher's live run

    def publish_run(self, code: str, teacher: str, question: str, trace: str, settings: Mapping[str, Any]) -> int:
        """Keep the teacher's latest live run (the exported trace text) for the students; return its number.

        Raises:
            NotTheTeacher: ``teacher`` did not start this class.
            ValueError: the trace is larger than a trace file may be.
        """
        code, teacher = check_code(code), check_learner_id(teacher)
        if len(trace) > MAX_TRACE_CHARS:
            raise ValueError(f"the trace is too large to share ({len(trace)} characters)")
        shown = json.dumps(dict(settings), ensure_ascii=False, sort_keys=True)
        values = {"question": question[:2000], "trace": trace, "settings": shown}
        return self._write_as_teacher(code, teacher, "classroom_runs", values)

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
        self, code: str, teacher: str, table: str, values: Mapping[str, str], *, only_changes: bool = False
    ) -> int:
        """In one transaction: check that ``teacher`` leads the class, then write its row of ``table``.

        The row's number (``seq``) starts at 1 and grows by one with every write after, or
        with ``only_changes`` only when a value changed; returns the number the row has now.
        ``table`` and the keys of ``values`` are this module's own names (the statement is
        :func:`numbered_upsert`'s); the values travel as parameters.

        Raises:
            NotTheTeacher: ``teacher`` did not start this class (or there is no such class).
        """
        statement = numbered_upsert(table, list(values), only_changes=only_changes)
        now = self._clock()

        def work(tx: Tx) -> int:
            _check_teacher(tx, code, teacher)
            tx.run(statement, (code, *values.values(), now))
            return int(tx.query(f"SELECT seq FROM {table} WHERE code = ?", (code,))[0][0])

        return self.db.write(work)

    # ------------------------------------------------------------------ results

    def results(
        self, progress: ProgressStore, code: str, exercise_ids: Iterable[str], *, names: bool = False
    ) -> ClassResults:
        """The class's results on these exercises, in the order given (see :func:`.results.class_results`)."""
        from toolcall_lab.classroom.results import class_results

        return class_results(progress, self.members(code), list(exercise_ids), names=names)


def numbered_upsert(table: str, columns: Sequence[str], *, only_changes: bool = False) -> str:
    """The statement that writes a class's one row of ``table``, numbering each write in ``seq``.

    >>> print(numbered_upsert("classroom_runs", ["question", "trace"]))  # doctest: +NORMALIZE_WHITESPACE
    INSERT INTO classroom_runs (code, question, trace, seq, updated_at) VALUES (?, ?, ?, 1, ?)
    ON CONFLICT (code) DO UPDATE SET question = excluded.question, trace = excluded.trace,
    seq = classroom_runs.seq + 1, updated_at = excluded.updated_at

    With ``only_changes``, a row whose values are all the same is left alone (its number stays):

    >>> print(numbered_upsert("t", ["a", "b"], only_changes=True).split(" WHERE ")[1])
    t.a <> excluded.a OR t.b <> excluded.b
    """
    names = ", ".join(columns)
    marks = "?, " * len(columns)
    sets = "".join(f"{c} = excluded.{c}, " for c in columns)
    statement = (
        f"INSERT INTO {table} (code, {names}, seq, updated_at) VALUES (?, {marks}1, ?)"
        f" ON CONFLICT (code) DO UPDATE SET {sets}seq = {table}.seq + 1, updated_at = excluded.updated_at"
    )
    if only_changes:
        statement += " WHERE " + " OR ".join(f"{table}.{c} <> excluded.{c}" for c in columns)
    return statement


def _check_teacher(tx: Tx, code: str, teacher: str) -> None:
    found = tx.query("SELECT teacher_id FROM classroom_classes WHERE code = ?", (code,))
    if not found or found[0][0] != teacher:
        raise NotTheTeacher(code)
