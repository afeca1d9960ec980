"""The teacher's own moves, on each backend: end the class, a new code, hand it to another device; expiry; size."""

from __future__ import annotations

import threading

import pytest

from tests.unit.classroom.conftest import TEACHER
from tests.unit.progress.conftest import ADA, BEN, CY
from toolcall_lab.classroom import (
    ClassEnded,
    ClassFull,
    ClassLimits,
    ClassroomStore,
    HandoverRefused,
    NotTheTeacher,
    UnknownClass,
    schema,
)
from toolcall_lab.classroom.teacher_keys import HANDOVER_TRIES, HANDOVER_TTL_S
from toolcall_lab.progress import Database, new_learner_id


def test_an_ended_class_joins_nobody_leads_nothing_and_its_banner_says_so(classroom):
    code, token = classroom.start_class(TEACHER)
    classroom.join(code, ADA)
    classroom.publish_position(code, token, "stage_2_schema", {}, "②")
    with pytest.raises(NotTheTeacher):
        classroom.end_class(code, TEACHER)  # the learner id cannot end it either
    classroom.end_class(code, token)
    assert classroom.class_info(code).ended and classroom.banner(code).ended
    with pytest.raises(ClassEnded):
        classroom.join(code, BEN)
    with pytest.raises(NotTheTeacher):
        classroom.publish_position(code, token, "stage_3_bind_tools", {}, "③")
    with pytest.raises(NotTheTeacher):
        classroom.change_code(code, token)
    assert classroom.role(code, ADA) == "student"  # Ada's page still knows her class: its banner says it ended
    assert classroom.banner(code).position.url_path == "stage_2_schema"


def test_a_new_code_keeps_the_students_and_the_old_code_stops_joining(classroom):
    code, token = classroom.start_class(TEACHER)
    classroom.join(code, ADA, "Ada")
    with pytest.raises(NotTheTeacher):
        classroom.change_code(code, TEACHER)
    fresh = classroom.change_code(code, token)
    assert fresh != code and classroom.class_info(code).join_code == fresh
    with pytest.raises(UnknownClass):
        classroom.join(code, BEN)  # the old code: Ben is not in, so it does not let him in
    assert classroom.join(code, ADA).code == code  # Ada, already in, comes back with the code her link keeps
    assert classroom.join(fresh, BEN).code == code  # the new code joins the same class
    assert [m.learner for m in classroom.members(code)] == [ADA, BEN]
    assert classroom.class_info(fresh).code == code and classroom.banner(code).join_code == fresh
    second = classroom.change_code(code, token)
    with pytest.raises(UnknownClass):
        classroom.join(fresh, CY)  # the code before is as dead as the first
    assert classroom.join(second, CY).code == code


def test_a_hand_over_code_moves_the_class_once_and_the_old_token_stops(classroom, clock):
    code, token = classroom.start_class(TEACHER)
    with pytest.raises(NotTheTeacher):
        classroom.hand_over(code, TEACHER)
    handover = classroom.hand_over(code, token)
    moved = classroom.redeem_hand_over(code.lower(), f" {handover[:4]}-{handover[4:8].lower()} {handover[8:]} ")
    assert moved.code == code and moved.token != token
    assert classroom.role(code, BEN, moved.token) == "teacher" and classroom.role(code, BEN, token) is None
    with pytest.raises(NotTheTeacher):
        classroom.publish_position(code, token, "live_run", {}, "Live run")  # the first device leads no more
    with pytest.raises(HandoverRefused):
        classroom.redeem_hand_over(code, handover)  # once only
    classroom.publish_position(code, moved.token, "live_run", {}, "Live run")


def test_a_hand_over_code_expires_and_wrong_tries_throw_it_away(classroom, clock):
    code, token = classroom.start_class(TEACHER)
    handover = classroom.hand_over(code, token)
    clock.now += HANDOVER_TTL_S + 1
    with pytest.raises(HandoverRefused):
        classroom.redeem_hand_over(code, handover)
    handover = classroom.hand_over(code, token)
    wrong = "".join("2" if ch != "2" else "3" for ch in handover)
    for _ in range(HANDOVER_TRIES):
        with pytest.raises(HandoverRefused):
            classroom.redeem_hand_over(code, wrong)
    with pytest.raises(HandoverRefused):
        classroom.redeem_hand_over(code, handover)  # the right code, too late: five wrong tries spent it
    assert classroom.role(code, ADA, token) == "teacher"  # the teacher still leads from the first device
    with pytest.raises(HandoverRefused):
        classroom.redeem_hand_over("ZZZZZZ", handover)


def test_a_class_ends_by_itself_after_the_idle_time_since_the_teachers_last_write(progress, clock):
    store = ClassroomStore(progress.db, clock=clock, limits=ClassLimits(idle_s=3600))
    code, token = store.start_class(TEACHER)
    clock.now += 3000
    store.publish_position(code, token, "live_run", {}, "Live run")  # a write of the teacher: the hour starts again
    clock.now += 3000
    assert not store.class_info(code).ended and store.join(code, ADA).code == code
    assert store.class_info(code).ends_at == clock.now + 600
    clock.now += 601
    info = store.class_info(code)
    assert info.ended and info.ended_at == clock.now - 1
    assert store.banner(code).ended
    with pytest.raises(ClassEnded):
        store.join(code, BEN)
    with pytest.raises(NotTheTeacher):
        store.publish_position(code, token, "stage_2_schema", {}, "②")


def test_the_201st_join_is_refused_with_the_limit_and_a_member_can_still_come_back(classroom):
    assert classroom.limits.max_students == 200  # the documented default
    code, _ = classroom.start_class(TEACHER)
    students = [new_learner_id() for _ in range(200)]
    for learner in students:
        classroom.join(code, learner)
    with pytest.raises(ClassFull) as refused:
        classroom.join(code, ADA)
    assert refused.value.limit == 200 and "full (200 students)" in str(refused.value)
    assert classroom.join(code, students[0], "Back").display_name == "Back"  # already in: never refused
    classroom.leave(code, students[1])
    assert classroom.join(code, ADA).code == code  # a seat freed, a seat taken
    assert classroom.class_info(code).students == 200


@pytest.mark.parametrize("backend", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_joins_racing_from_several_processes_never_pass_the_limit(backend, request, tmp_path, clock):
    setting = str(tmp_path / "c.sqlite") if backend == "sqlite" else request.getfixturevalue("postgres_url")
    limits = ClassLimits(max_students=10)
    stores = [ClassroomStore.open(setting, limits=limits) for _ in range(3)]  # three "app processes"
    try:
        code, _ = stores[0].start_class(TEACHER)
        outcomes: list[str] = []
        start = threading.Barrier(12)

        def join(n: int) -> None:
            start.wait()
            try:
                stores[n % 3].join(code, new_learner_id())
                outcomes.append("in")
            except ClassFull:
                outcomes.append("full")

        threads = [threading.Thread(target=join, args=(n,)) for n in range(12)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(outcomes) == ["full"] * 2 + ["in"] * 10
        assert len(stores[1].members(code)) == 10
    finally:
        for store in stores:
            store.close()


def test_classes_started_before_the_token_are_ended_by_the_migration(tmp_path):
    """A v1 class was led by a learner id that travels in links: after the upgrade nobody leads it."""
    path = str(tmp_path / "old.sqlite")
    with Database.open(path) as db:
        db.migrate(schema.COMPONENT, schema.MIGRATIONS, target=1)
        db.write(
            lambda tx: tx.run(
                "INSERT INTO classroom_classes (code, teacher_id, created_at) VALUES (?, ?, ?)",
                ("ABC234", TEACHER, 50.0),
            )
        )
        db.write(
            lambda tx: tx.run(
                "INSERT INTO classroom_members (code, learner_id, display_name, joined_at) VALUES (?, ?, ?, ?)",
                ("ABC234", ADA, "Ada", 60.0),
            )
        )
    with ClassroomStore.open(path, clock=lambda: 100.0) as store:
        assert store.db.version(schema.COMPONENT) == 2
        info = store.class_info("ABC234")
        assert (info.ended, info.ended_at, info.join_code, info.students) == (True, 50.0, "ABC234", 1)
        assert store.role("ABC234", TEACHER) is None and store.role("ABC234", ADA) == "student"
        with pytest.raises(ClassEnded):
            store.join("ABC234", BEN)
        fresh, _ = store.start_class(TEACHER)  # the teacher starts a new one: a token, a new code
        assert fresh != "ABC234"
