"""The three tools, called directly: hits, misses, and every bad input answered in words."""

from __future__ import annotations

import pytest

from lessons.tutor.tools import build_tools, make_get_learning_record, make_get_schedule, make_lookup_word


@pytest.fixture
def tools():
    lookup_word, get_schedule, get_learning_record = build_tools()
    return {"lookup_word": lookup_word, "get_schedule": get_schedule, "get_learning_record": get_learning_record}


def test_three_tools_are_built():
    assert [t.name for t in build_tools()] == ["lookup_word", "get_schedule", "get_learning_record"]


def test_lookup_word_hit(tools):
    # The article's word: B2, and NOT in the 考研 syllabus (the model had said C1 and "core word").
    text = tools["lookup_word"].invoke({"word": "accord"})
    assert text.splitlines()[0] == "accord · 词表等级 B2 级 · 不在考研大纲词汇内"
    assert "例句：The two countries signed a trade accord last spring." in text


def test_lookup_word_is_case_and_space_insensitive(tools):
    assert tools["lookup_word"].invoke({"word": "  Accord "}) == tools["lookup_word"].invoke({"word": "accord"})


def test_lookup_word_miss_is_friendly(tools):
    text = tools["lookup_word"].invoke({"word": "xylophone"})
    assert "没有「xylophone」" in text
    assert "拼写" in text  # says what to do next


def test_get_schedule_hit(tools):
    text = tools["get_schedule"].invoke({"student_id": "S1001", "date": "2026-07-25"})
    assert text == (
        "S1001 · 2026-07-25（周六）共 2 节课\n"
        "1. 09:00-10:30 雅思写作精讲 · 王老师 在 3 号教室\n"
        "2. 19:00-20:00 口语陪练 · 外教 Anna 在 线上"
    )


def test_get_schedule_unknown_student(tools):
    text = tools["get_schedule"].invoke({"student_id": "S9999", "date": "2026-07-25"})
    assert "S9999" in text and "不存在" in text


def test_get_learning_record_hit(tools):
    text = tools["get_learning_record"].invoke({"student_id": "S1001"})
    # 42 / 80 = 52.5 % -> shown as 52 %, rounded down.
    assert text == (
        "S1001 · 张一鸣（雅思冲刺班）\n"
        "已学 42 / 80 课时，进度 52%\n"
        "最近一次测评：2026-07-20，写作 6.0 / 口语 6.5\n"
        "薄弱项：听力地图题、写作 Task2 开头段"
    )


def test_learning_record_without_a_test(tools):
    text = tools["get_learning_record"].invoke({"student_id": "S1004"})
    assert "暂无测评记录" in text and "进度 0%" in text


# Each bad input: (tool, arguments, words the friendly reply must contain).
BAD_INPUTS = [
    pytest.param("lookup_word", {"word": ""}, ["没有拿到要查的单词", "accord"], id="empty-word"),
    pytest.param("lookup_word", {"word": "协议"}, ["不是一个英文单词"], id="word-not-english"),
    pytest.param("lookup_word", {"word": "zzzz"}, ["没有「zzzz」"], id="word-not-in-list"),
    pytest.param(
        "get_schedule", {"student_id": "", "date": "2026-07-25"}, ["没有拿到学号", "S1001"], id="empty-student-id"
    ),
    pytest.param(
        "get_schedule", {"student_id": "1001", "date": "2026-07-25"}, ["格式不对", "S1001"], id="student-id-without-S"
    ),
    pytest.param(
        "get_schedule",
        {"student_id": "S1001", "date": "明天"},
        ["「明天」格式不对", "YYYY-MM-DD"],
        id="date-says-tomorrow",
    ),
    pytest.param(
        "get_schedule",
        {"student_id": "S1001", "date": "下周三"},
        ["「下周三」格式不对", "2026-07-25"],
        id="date-says-next-wednesday",
    ),
    pytest.param(
        "get_schedule", {"student_id": "S1001", "date": "tomorrow"}, ["「tomorrow」格式不对"], id="date-in-english"
    ),
    pytest.param("get_schedule", {"student_id": "S1001", "date": "2026/07/25"}, ["格式不对"], id="date-with-slashes"),
    pytest.param(
        "get_schedule", {"student_id": "S1001", "date": "2026-02-30"}, ["不是一个真实存在的日期"], id="date-impossible"
    ),
    pytest.param(
        "get_schedule",
        {"student_id": "S1001", "date": "2026-07-26"},
        ["2026-07-26（周日）没有排课"],
        id="no-class-that-day",
    ),
    pytest.param(
        "get_schedule", {"student_id": "S1001", "date": "2026-07-28"}, ["没有排课"], id="date-missing-from-data"
    ),
    pytest.param("get_learning_record", {"student_id": "S9999"}, ["S9999 不存在"], id="record-unknown-student"),
    pytest.param("get_learning_record", {"student_id": ""}, ["没有拿到学号"], id="record-empty-student-id"),
]


@pytest.mark.parametrize(("name", "args", "expected"), BAD_INPUTS)
def test_bad_input_returns_friendly_text(tools, name, args, expected):
    text = tools[name].invoke(args)  # must not raise
    assert isinstance(text, str)
    for words in expected:
        assert words in text


def test_tools_use_the_data_they_were_built_with():
    # The same factories over two rows of other data: logic and data are apart.
    lookup = make_lookup_word(
        {"zebra": {"level": "A2", "kaoyan": True, "meaning": "n. 斑马", "example": "A zebra ran."}}
    )
    schedule = make_get_schedule(
        {"S2001": {"2026-08-01": [{"time": "08:00-09:00", "course": "晨读", "teacher": "刘老师", "room": "7 号教室"}]}}
    )
    record = make_get_learning_record(
        {
            "S2001": {
                "name": "测试",
                "class_name": "试听班",
                "lessons_done": 1,
                "lessons_total": 3,
                "last_test": None,
                "weak_points": [],
            }
        }
    )
    assert lookup.invoke({"word": "zebra"}).startswith("zebra · 词表等级 A2 级 · 属于考研大纲词汇")
    assert "没有「accord」" in lookup.invoke({"word": "accord"})  # default data not leaking in
    assert "1. 08:00-09:00 晨读 · 刘老师 在 7 号教室" in schedule.invoke({"student_id": "S2001", "date": "2026-08-01"})
    assert "S1001 不存在" in schedule.invoke({"student_id": "S1001", "date": "2026-07-25"})
    assert "已学 1 / 3 课时，进度 33%" in record.invoke({"student_id": "S2001"})


def test_build_tools_accepts_partial_data():
    lookup_word, get_schedule, _ = build_tools(words={})
    assert "没有「accord」" in lookup_word.invoke({"word": "accord"})
    assert "共 2 节课" in get_schedule.invoke({"student_id": "S1001", "date": "2026-07-25"})
