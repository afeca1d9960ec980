"""The teacher's own moves on a class: end it, give it a new code, hand it to another device.

Each takes the class's key and its teacher token (:mod:`.teacher_keys`), never a learner id:

>>> from toolcall_lab.classroom import ClassroomStore
>>> store = ClassroomStore.open("memory", clock=lambda: 100.0)
>>> code, token = store.start_class("TTTTTTTTTTTTTTTTTTTTTA")
>>> fresh = store.change_code(code, token)      # students already in stay; the old code joins no one new
>>> store.class_info(code).join_code == fresh != code
True
>>> handover = store.hand_over(code, token)     # shown to the teacher only, once
>>> moved = store.redeem_hand_over(fresh, handover)   # on the other device: a new token
>>> store.role(code, "AAAAAAAAAAAAAAAAAAAAAA", moved.token), store.role(code, "AAAAAAAAAAAAAAAAAAAAAA", token)
('teacher', None)
>>> store.end_class(code, moved.token)
>>> store.class_info(code).ended
True

A hand-over moves the class: the old token stops working, so one device leads a class at a
time (a teacher who wants the first device back hands over again from the second). Every
write of the teacher (a move, a run, a new code, a hand-over) notes the time; the class ends
by itself :attr:`~toolcall_lab.classroom.limits.ClassLimits.idle_s` after the last one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from toolcall_lab.classroom.codes import check_code, is_class_code, new_code, normalize_code
from toolcall_lab.classroom.limits import ClassLimits
from toolcall_lab.classroom.records import TeacherKey
from toolcall_lab.classroom.refusals import HandoverRefused, NotTheTeacher
from toolcall_lab.classroom.teacher_keys import (
    HANDOVER_TRIES,
    HANDOVER_TTL_S,
    digest,
    is_handover_code,
    is_teacher_token,
    new_handover_code,
    new_teacher_token,
    normalize_handover,
)
from toolcall_lab.progress.database import Database, Tx

#: A class that runs, in SQL on ``classroom_classes c``: not ended, its teacher wrote within the
#: idle time (the one parameter: now minus the idle time).
LIVE = "c.ended_at IS NULL AND c.last_teacher_at > ?"
CODE_TRIES = 20
#: The teacher's activity time is rewritten when it is older than this (seconds).
TOUCH_EVERY_S = 60.0


def check_teacher(
    tx: Tx, code: str, token: object, now: float, idle_s: float, *, write: bool = True, live: bool | None = None
) -> None:
    """Raise :class:`NotTheTeacher` unless ``token`` is the class's teacher token; then note the activity.

    Args:
        tx: the transaction the teacher's operation runs in.
        code: the class's key.
        token: what the teacher's browser holds.
        now: the time now.
        idle_s: the idle time of a class.
        write: a write of the teacher: the class must be running, and its idle time starts again.
            A read (the results) is allowed on an ended class too, and notes nothing.
        live: whether the class must be running (default: when ``write``).
    """
    live = write if live is None else live
    if not is_teacher_token(token):
        raise NotTheTeacher(code)
    found = tx.query(
        f"SELECT c.token_hash = ?, {LIVE} FROM classroom_classes c WHERE c.code = ?",
        (digest(str(token)), now - idle_s, code),
    )
    if not found or not found[0][0] or (live and not found[0][1]):
        raise NotTheTeacher(code)
    if write:  # the idle time starts again (rewritten at most once a minute: a move is one row write, not two)
        tx.run(
            "UPDATE classroom_classes SET last_teacher_at = ? WHERE code = ? AND last_teacher_at < ?",
            (now, code, now - TOUCH_EVERY_S),
        )


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


class TeacherActions:
    """End, new code, hand over: the part of :class:`~toolcall_lab.classroom.ClassroomStore` only a teacher uses."""

    db: Database
    limits: ClassLimits
    _clock: Callable[[], float]
    _rng: random.Random | None

    def end_class(self, code: str, token: str) -> None:
        """End the class now: its code joins nobody, nobody leads it; its students see that it ended.

        Raises:
            NotTheTeacher: ``token`` is not this class's teacher token (or it had already ended).
        """
        code, now = check_code(code), self._clock()

        def work(tx: Tx) -> None:
            check_teacher(tx, code, token, now, self.limits.idle_s)
            tx.run(
                "UPDATE classroom_classes SET ended_at = ?, handover_hash = NULL, handover_until = NULL WHERE code = ?",
                (now, code),
            )

        self.db.write(work)

    def change_code(self, code: str, token: str) -> str:
        """Give the class a new join code (never one any class uses); return it.

        Students already in the class stay in it, their links keep the class's key; the old
        join code stops joining anyone new.

        Raises:
            NotTheTeacher: ``token`` is not this class's teacher token, or the class has ended.
        """
        code, now = check_code(code), self._clock()
        for _ in range(CODE_TRIES):
            fresh = new_code(self._rng)

            def work(tx: Tx, fresh: str = fresh) -> int:
                check_teacher(tx, code, token, now, self.limits.idle_s)
                return tx.run(
                    "UPDATE classroom_classes SET join_code = ? WHERE code = ? AND NOT EXISTS"
                    " (SELECT 1 FROM classroom_classes o WHERE o.code = ? OR o.join_code = ?)",
                    (fresh, code, fresh, fresh),
                )

            if self.db.write(work) == 1:
                return fresh
        raise RuntimeError(f"no free class code after {CODE_TRIES} tries")

    def hand_over(self, code: str, token: str) -> str:
        """A one-time hand-over code for another device (replaces any pending one); show it to the teacher only.

        Raises:
            NotTheTeacher: ``token`` is not this class's teacher token, or the class has ended.
        """
        code, now = check_code(code), self._clock()
        handover = new_handover_code()

        def work(tx: Tx) -> None:
            check_teacher(tx, code, token, now, self.limits.idle_s)
            tx.run(
                "UPDATE classroom_classes SET handover_hash = ?, handover_until = ?, handover_tries = 0 WHERE code = ?",
                (digest(handover), now + HANDOVER_TTL_S, code),
            )

        self.db.write(work)
        return handover

    def redeem_hand_over(self, code: str, handover: str) -> TeacherKey:
        """On the other device: the class code (its join code or its key) and the hand-over code give a new token.

        The old token stops working. A wrong code counts against the pending one: after
        :data:`~toolcall_lab.classroom.teacher_keys.HANDOVER_TRIES` wrong tries it is thrown away.

        Raises:
            HandoverRefused: no running class has this code, or the hand-over code is wrong, used or too old.
        """
        typed, given = normalize_code(code), normalize_handover(handover)
        now = self._clock()
        lock = " FOR UPDATE" if self.db.dialect == "postgres" else ""  # two redeems at once: one wins
        token = new_teacher_token()

        def work(tx: Tx) -> TeacherKey | None:  # None: refused (the wrong try is counted, so no raise in here)
            found = tx.query(
                f"SELECT c.code, c.handover_hash, c.handover_until, c.handover_tries, {LIVE}"
                f" FROM classroom_classes c WHERE c.join_code = ? OR c.code = ? ORDER BY c.join_code = ? DESC{lock}",
                (now - self.limits.idle_s, typed, typed, typed),
            )
            if not found:
                return None
            key, hashed, until, tries, live = found[0]
            if not live or hashed is None or until is None or float(until) < now:
                return None
            if is_handover_code(given) and digest(given) == hashed:
                tx.run(
                    "UPDATE classroom_classes SET token_hash = ?, last_teacher_at = ?, handover_hash = NULL,"
                    " handover_until = NULL, handover_tries = 0 WHERE code = ?",
                    (digest(token), now, key),
                )
                return TeacherKey(str(key), token)
            spent = int(tries) + 1 >= HANDOVER_TRIES
            tx.run(
                "UPDATE classroom_classes SET handover_tries = handover_tries + 1,"
                " handover_hash = CASE WHEN ? THEN NULL ELSE handover_hash END WHERE code = ?",
                (spent, key),
            )
            return None

        if not is_class_code(typed):
            raise HandoverRefused(typed)
        moved = self.db.write(work)
        if moved is None:
            raise HandoverRefused(typed)
        return moved
