"""Dates as learners write them: calendar dates become ISO, relative days stay raw unless today is known."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.unit.model.helpers import TUTOR, WEATHER, ask, calls
from toolcall_lab.offline.dates import find_dates, year_in
from toolcall_lab.offline.spans import days_asked
from toolcall_lab.offline.system_dates import today_in

FRIDAY = dt.date(2026, 7, 24)


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("2026-07-25", "2026-07-25"),
        ("2026/07/25", "2026-07-25"),
        ("07/27/2026", "2026-07-27"),
        ("2026年7月25日", "2026-07-25"),
        ("2026年7月27号", "2026-07-27"),
        ("July 29, 2026", "2026-07-29"),
        ("25 July 2026", "2026-07-25"),
    ],
)
def test_a_date_with_its_year_becomes_iso(text, iso):
    assert [d.value for d in find_dates(text)] == [iso]


@pytest.mark.parametrize("text", ["7月25号", "July 25", "明天", "下周三", "next Wednesday", "tomorrow"])
def test_without_a_year_or_today_the_words_stay_raw(text):
    assert [d.value for d in find_dates(text)] == [text]


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("明天", "2026-07-25"),
        ("后天", "2026-07-26"),
        ("大后天", "2026-07-27"),
        ("下周三", "2026-07-29"),
        ("next Tuesday", "2026-07-28"),
        ("这周日", "2026-07-26"),
        ("the day after tomorrow", "2026-07-26"),
        ("7月29号", "2026-07-29"),
    ],
)
def test_with_today_known_relative_days_resolve(text, iso):
    assert [d.value for d in find_dates(text, FRIDAY)] == [iso]


def test_a_weeks_weather_is_not_a_sunday():
    assert find_dates("上海这一周天气怎么样") == ()


def test_today_and_the_year_are_read_from_the_conversation():
    assert today_in("你是助教小E。当前日期：2026年7月24日，星期五。") == FRIDAY
    assert today_in("Today is 2026-07-24 (Friday).") == FRIDAY
    assert today_in("你是助教小E。") is None
    assert year_in(["2026-07-25 有什么课", "那 7月27号 呢"]) == 2026


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("Paris tomorrow", 2),
        ("曼谷未来三天", 3),
        ("a 7-day forecast", 7),
        ("the whole week", 7),
        ("后天", 3),
        ("今天", None),
    ],
)
def test_days_asked_for_a_forecast(text, days):
    assert days_asked(text) == days


def test_relative_dates_pass_through_raw_to_the_tutor_tools():
    """The tutor article's lesson: the model does not know what day it is."""
    assert calls(ask("下周三我有课吗？学号 S1001", tools=TUTOR)) == [
        ("get_schedule", {"student_id": "S1001", "date": "下周三"})
    ]


def test_a_system_prompt_that_states_today_resolves_them():
    system = "你是助教小E。今天是 2026-07-24（周五）。当前学生学号 S1001。"
    assert calls(ask("下周三我有课吗？", tools=TUTOR, system=system)) == [
        ("get_schedule", {"student_id": "S1001", "date": "2026-07-29"})
    ]


def test_tomorrows_weather_asks_for_two_days():
    assert calls(ask("What's the weather in Paris tomorrow?", tools=WEATHER, system=None)) == [
        ("get_weather", {"city": "Paris", "days": 2})
    ]
