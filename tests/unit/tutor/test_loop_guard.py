"""The loop guard: a step budget and a memory of calls already made."""

from __future__ import annotations

import pytest

from lessons.tutor.loop_guard import DEFAULT_MAX_STEPS, LoopGuard, StepLimitExceeded, call_key


def test_step_limit_raises():
    guard = LoopGuard(max_steps=2)
    assert guard.next_step() == 1
    assert guard.next_step() == 2
    with pytest.raises(StepLimitExceeded):
        guard.next_step()
    assert DEFAULT_MAX_STEPS == 4


def test_first_call_is_never_repeated():
    assert LoopGuard().is_repeated("get_schedule", {"student_id": "S1001", "date": "下周三"}) is False


def test_same_args_twice_is_repeated():
    guard = LoopGuard()
    guard.remember("get_schedule", {"student_id": "S1001", "date": "下周三"}, "日期格式不对")
    assert guard.is_repeated("get_schedule", {"student_id": "S1001", "date": "下周三"}) is True


def test_different_args_are_not_repeated():
    guard = LoopGuard()
    guard.remember("get_schedule", {"student_id": "S1001", "date": "下周三"}, "日期格式不对")
    assert guard.is_repeated("get_schedule", {"student_id": "S1001", "date": "2026-07-29"}) is False
    assert guard.is_repeated("get_learning_record", {"student_id": "S1001", "date": "下周三"}) is False


def test_call_key_ignores_argument_order():
    a = call_key("get_schedule", {"student_id": "S1001", "date": "下周三"})
    b = call_key("get_schedule", {"date": "下周三", "student_id": "S1001"})
    assert a == b == '{"args": {"date": "下周三", "student_id": "S1001"}, "name": "get_schedule"}'


def test_repeat_notice_carries_previous_result():
    guard = LoopGuard()
    args = {"student_id": "S1001", "date": "下周三"}
    guard.remember("get_schedule", args, "日期「下周三」格式不对，需要 YYYY-MM-DD")
    assert guard.was_warned("get_schedule", args) is False
    notice = guard.repeat_notice("get_schedule", args)
    assert "get_schedule" in notice
    assert "日期「下周三」格式不对，需要 YYYY-MM-DD" in notice
    assert guard.was_warned("get_schedule", args) is True


def test_max_steps_must_be_positive():
    with pytest.raises(ValueError):
        LoopGuard(0)
