"""Both loops end to end against the built-in teaching model, over the real OpenAI wire format.

The model here is a real ``ChatOpenAI`` whose httpx client talks in-process to the
deterministic built-in model: it chooses tools by reading our descriptions and fills
arguments by reading our parameter descriptions. Nothing is scripted.
"""

from __future__ import annotations

import json
import re

import pytest

from lessons.tutor.agent import STOP_FINAL, run_manual, run_react
from lessons.tutor.demo import DEMO_QUESTIONS
from toolcall_lab.capture import recording
from toolcall_lab.llm import build_chat_model

RUNNERS = [pytest.param(run_manual, id="manual"), pytest.param(run_react, id="react")]
_CLOCK_TIME = re.compile(r"\d{1,2}:\d{2}")


def _calls(result):
    return [(c["name"], c["args"]) for step in result.steps for c in step.tool_calls]


def _observations(result):
    return [o for step in result.steps for o in step.observations]


@pytest.mark.parametrize("run", RUNNERS)
@pytest.mark.parametrize(
    "question",
    [
        DEMO_QUESTIONS[0],  # accord 这个词在你们词表里是几级？考研考不考？
        "What level is the word accord?",
        "accord 考研要背吗？",
    ],
)
def test_word_level_comes_from_the_word_list(run, question):
    result = run(question, build_chat_model())
    assert _calls(result) == [("lookup_word", {"word": "accord"})]
    assert _observations(result)[0].startswith("accord · 词表等级 B2 级 · 不在考研大纲词汇内")
    assert "B2" in result.answer and "C1" not in result.answer
    assert result.stop_reason == STOP_FINAL


@pytest.mark.parametrize("run", RUNNERS)
@pytest.mark.parametrize(
    "question",
    [
        DEMO_QUESTIONS[1],  # 我明天（2026-07-25）有什么课？顺便告诉我我现在学到哪了。
        "帮我查一下 2026-07-25 我有什么课，另外我的学习进度怎么样？",
        "What classes do I have on 2026-07-25? And also, how far have I got?",
        "What classes do I have on 2026-07-25, and how far have I got?",
    ],
)
def test_two_questions_in_one_sentence_get_two_parallel_calls(run, question):
    result = run(question, build_chat_model())
    assert len(result.steps) == 1
    assert _calls(result) == [
        ("get_schedule", {"student_id": "S1001", "date": "2026-07-25"}),
        ("get_learning_record", {"student_id": "S1001"}),
    ]
    schedule, record = _observations(result)
    assert "1. 09:00-10:30 雅思写作精讲 · 王老师 在 3 号教室" in schedule
    assert "已学 42 / 80 课时，进度 52%" in record
    # The answer quotes the tools' data: the course, the room (said in English to an English learner:
    # the tool's "3 号教室" is Room 3) and the percentage.
    room = "Room 3" if question.isascii() else "3 号教室"
    for fact in ("雅思写作精讲", room, "外教 Anna", "52%"):
        assert fact in result.answer


@pytest.mark.parametrize("run", RUNNERS)
@pytest.mark.parametrize(
    ("question", "raw_date"),
    [
        (DEMO_QUESTIONS[2], "下周三"),  # 下周三我有课吗？学号 S1001
        ("Is there class next Wednesday? My id is S1001", "next Wednesday"),
        ("明天我几点上课？", "明天"),
    ],
)
def test_relative_date_gets_an_honest_answer(run, question, raw_date):
    result = run(question, build_chat_model())
    # The model passes the relative date through raw; the tool answers with the format rule.
    assert _calls(result) == [("get_schedule", {"student_id": "S1001", "date": raw_date})]
    assert f"日期「{raw_date}」格式不对，需要 YYYY-MM-DD" in _observations(result)[0]
    # The answer admits it, asks for a date, and invents no class time.
    assert raw_date in result.answer and "YYYY-MM-DD" in result.answer
    assert not _CLOCK_TIME.search(result.answer)
    assert "雅思" not in result.answer
    assert result.stop_reason == STOP_FINAL


@pytest.mark.parametrize("run", RUNNERS)
def test_a_day_without_lessons_is_said_plainly(run):
    result = run("我 2026-07-26 有课吗？", build_chat_model())
    assert _calls(result) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-26"})]
    assert "S1001 在 2026-07-26（周日）没有排课" in result.answer


@pytest.mark.parametrize("run", RUNNERS)
def test_unknown_word_is_not_invented(run):
    result = run("xylophone 是几级", build_chat_model())
    assert _calls(result) == [("lookup_word", {"word": "xylophone"})]
    assert "没有「xylophone」" in result.answer
    assert not re.search(r"\b[ABC][12]\b", result.answer)


@pytest.mark.parametrize("run", RUNNERS)
def test_a_question_no_tool_fits_is_refused(run):
    result = run("今天天气怎么样？", build_chat_model())
    assert result.steps == []
    assert "不凭空编答案" in result.answer


def test_the_wire_carries_the_schemas_and_a_json_string_of_arguments():
    llm = build_chat_model()
    with recording() as rec:
        run_manual(DEMO_QUESTIONS[1], llm)
    first, second = rec.exchanges
    # Request 1: our three tools, with the Args: lines inside the parameter schema.
    tools = {t["function"]["name"]: t["function"] for t in first.request_body["tools"]}
    assert list(tools) == ["lookup_word", "get_schedule", "get_learning_record"]
    assert "YYYY-MM-DD" in tools["get_schedule"]["parameters"]["properties"]["date"]["description"]
    # Response 1: arguments arrive as a JSON *string*.
    wire_calls = first.response_body["choices"][0]["message"]["tool_calls"]
    assert isinstance(wire_calls[0]["function"]["arguments"], str)
    assert json.loads(wire_calls[0]["function"]["arguments"]) == {"student_id": "S1001", "date": "2026-07-25"}
    # Request 2: each tool message answers one call id from response 1.
    tool_msgs = [m for m in second.request_body["messages"] if m["role"] == "tool"]
    assert [m["tool_call_id"] for m in tool_msgs] == [c["id"] for c in wire_calls]
    assert all(ex.status_code == 200 for ex in rec.exchanges)


def test_manual_and_react_agree_on_the_builtin_model():
    for question in DEMO_QUESTIONS:
        manual = run_manual(question, build_chat_model())
        react = run_react(question, build_chat_model())
        assert react.answer == manual.answer
        assert [s.observations for s in react.steps] == [s.observations for s in manual.steps]
