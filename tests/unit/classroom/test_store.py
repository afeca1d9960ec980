"""The classroom store on in-memory SQLite, a SQLite file and PostgreSQL: classes, members, position, run."""

from __future__ import annotations

import random

import pytest

from tests.unit.classroom.conftest import TEACHER
from tests.unit.progress.conftest import ADA, BEN, CY
from toolcall_lab.classroom import (
    ClassroomStore,
    InvalidCode,
    Member,
    NotTheTeacher,
    UnknownClass,
    is_class_code,
    is_teacher_token,
)
from toolcall_lab.classroom.store import MAX_QUERY_CHARS
from toolcall_lab.classroom.teacher_keys import digest
from toolcall_lab.progress import InvalidKey


def test_a_started_class_has_a_code_and_a_teacher_token_kept_only_as_its_hash(classroom, clock):
    code, token = classroom.start_class(TEACHER)
    assert is_class_code(code) and is_teacher_token(token) and len(token) >= 32  # 192 random bits
    info = classroom.class_info(code)
    assert (info.teacher, info.created_at, info.join_code, info.ended) == (TEACHER, clock.now, code, False)
    assert classroom.class_info("ZZZZZZ") is None
    stored = classroom.db.read(lambda tx: tx.query("SELECT * FROM classroom_classes"))
    assert token not in repr(stored) and digest(token) in repr(stored)  # a copy of the database leads no class
    assert token not in repr(classroom.start_class(TEACHER))  # nor does a log line


def test_a_code_in_use_is_never_given_twice(progress, clock):
    first, _ = ClassroomStore(progress.db, clock=clock, rng=random.Random(1)).start_class(TEACHER)
    # the same seed draws the same code first: the store must notice it is taken and draw again
    again, _ = ClassroomStore(progress.db, clock=clock, rng=random.Random(1)).start_class(ADA)
    assert again != first
    assert classroom_teacher(progress, first) == TEACHER and classroom_teacher(progress, again) == ADA


def classroom_teacher(progress, code):
    return ClassroomStore(progress.db).class_info(code).teacher


def test_students_join_with_optional_names_and_leave(classroom, clock):
    code, _ = classroom.start_class(TEACHER)
    assert classroom.join(code, ADA, "  Ada ") == Member(ADA, "Ada", 100.0, code)
    clock.now = 110.0
    classroom.join(code, BEN)
    clock.now = 120.0
    assert classroom.join(code, ADA) == Member(ADA, "Ada", 100.0, code)  # joining again keeps the time and the name
    assert classroom.members(code) == [Member(ADA, "Ada", 100.0, code), Member(BEN, None, 110.0, code)]
    assert classroom.set_display_name(code, BEN, "Ben") and classroom.members(code)[1].display_name == "Ben"
    assert classroom.set_display_name(code, BEN, "   ") and classroom.members(code)[1].display_name is None
    assert not classroom.set_display_name(code, CY, "Cy")  # not in the class
    assert classroom.leave(code, ADA) and not classroom.leave(code, ADA)
    assert [m.learner for m in classroom.members(code)] == [BEN]


def test_roles_come_from_the_token_never_from_the_learner_id(classroom):
    code, token = classroom.start_class(TEACHER)
    classroom.join(code, ADA)
    assert classroom.role(code, TEACHER) is None  # before: "teacher" for anyone who reused the teacher's id
    assert classroom.role(code, TEACHER, token) == "teacher"
    assert classroom.role(code, BEN, token) == "teacher"  # the token leads, on any learner id
    assert classroom.role(code, ADA) == "student"
    assert classroom.role(code, ADA, "x" * 32) == "student"  # a wrong token is no token
    assert classroom.role(code, BEN) is None
    assert classroom.role("ZZZZZZ", ADA, token) is None
    other, _ = classroom.start_class(BEN)
    assert classroom.role(other, TEACHER, token) is None  # one class's token leads that class only


def test_joining_is_refused_for_an_unknown_code_the_teacher_and_bad_ids(classroom):
    code, _ = classroom.start_class(TEACHER)
    with pytest.raises(UnknownClass):
        classroom.join("ZZZZZZ", ADA)
    with pytest.raises(ValueError, match="teacher"):
        classroom.join(code, TEACHER)
    with pytest.raises(InvalidCode):
        classroom.join("abc", ADA)
    with pytest.raises(InvalidKey):
        classroom.join(code, "../etc/passwd")
    assert classroom.members(code) == []


def test_the_position_is_written_only_when_it_changes_and_its_number_grows(classroom, clock):
    code, token = classroom.start_class(TEACHER)
    assert classroom.position(code) is None
    first = classroom.publish_position(code, token, "stage_4_tool_call", {"lang": "en"}, "④ tool_call")
    assert (first.seq, first.updated_at) == (1, 100.0)
    clock.now = 130.0
    same = classroom.publish_position(
        code, token, "stage_4_tool_call", {"lang": "en", "learner": TEACHER}, "④ tool_call"
    )
    assert same == first  # the teacher's own id is not part of the position: nothing changed, nothing written
    moved = classroom.publish_position(code, token, "stage_4_tool_call", {"lang": "en", "step": "2"}, "④ — step 2")
    assert (moved.seq, moved.query, moved.label, moved.updated_at) == (
        2,
        {"lang": "en", "step": "2"},
        "④ — step 2",
        130.0,
    )
    assert classroom.publish_position(code, token, "live_run", {}, "Live run").seq == 3
    assert classroom.position(code).url_path == "live_run"


def test_only_the_token_moves_the_position_never_the_teachers_learner_id(classroom):
    code, token = classroom.start_class(TEACHER)
    classroom.join(code, ADA)
    _, other_token = classroom.start_class(BEN)
    for wrong in (TEACHER, ADA, other_token, "", "x" * 40):
        with pytest.raises(NotTheTeacher):
            classroom.publish_position(code, wrong, "live_run", {}, "Live run")
        with pytest.raises(NotTheTeacher):
            classroom.publish_run(code, wrong, "q", "{}", {})
    with pytest.raises(NotTheTeacher):
        classroom.publish_position("ZZZZZZ", token, "live_run", {}, "Live run")
    assert classroom.position(code) is None and classroom.teacher_run(code) is None
    classroom.publish_position(code, token, "live_run", {}, "Live run")
    with pytest.raises(NotTheTeacher):  # publishing the same place again checks the token too
        classroom.publish_position(code, TEACHER, "live_run", {}, "Live run")


def test_too_long_parameters_are_refused(classroom):
    code, token = classroom.start_class(TEACHER)
    with pytest.raises(ValueError, match="too long"):
        classroom.publish_position(code, token, "live_run", {"q": "x" * MAX_QUERY_CHARS}, "Live run")


def test_the_teachers_last_run_is_kept_and_numbered(classroom, clock):
    code, token = classroom.start_class(TEACHER)
    classroom.publish_position(code, token, "live_run", {}, "Live run")
    assert classroom.publish_run(code, token, "曼谷天气怎么样？", '{"a": 1}', {"model": "builtin"}) == 1
    clock.now = 150.0
    assert classroom.publish_run(code, token, "And Paris?", '{"b": 2}', {"model": "builtin"}) == 2
    run = classroom.teacher_run(code)
    assert (run.question, run.trace, run.settings, run.seq, run.updated_at) == (
        "And Paris?",
        '{"b": 2}',
        {"model": "builtin"},
        2,
        150.0,
    )
    # the student's banner learns of the run from the one row it reads anyway
    position = classroom.position(code)
    assert (position.run_seq, position.run_question, position.seq) == (2, "And Paris?", 1)


def test_two_stores_on_one_database_see_each_other(setting, clock):
    """Two app processes (here two stores, each with its own connection or pool) serve one class."""
    with ClassroomStore.open(setting, clock=clock) as one, ClassroomStore.open(setting, clock=clock) as two:
        if setting == "memory":
            pytest.skip("each in-memory database is private to its connection")
        code, token = one.start_class(TEACHER)
        two.join(code, ADA, "Ada")
        one.publish_position(code, token, "stage_2_schema", {"step": "3"}, "② — step 3")
        assert two.position(code).query == {"step": "3"}
        assert [m.display_name for m in one.members(code)] == ["Ada"]
