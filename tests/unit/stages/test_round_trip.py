"""Stage 8: one run, two requests, one answer — and the eight stages of that run."""

from __future__ import annotations

import json

from toolcall_lab.stages.catalog import STAGES, stage
from toolcall_lab.stages.round_trip import run_round_trip, step_through


def test_catalog_has_eight_ordered_stages_with_lesson_files():
    from lessons.content import lesson_text
    from pages.registry import chain_page

    assert [s.index for s in STAGES] == list(range(1, 9))
    assert stage("round_trip").index == 8
    for item in STAGES:
        for lang in ("zh", "en"):
            assert len(lesson_text(chain_page(item.key).lesson, lang)) > 200


def test_second_request_carries_user_assistant_and_tool():
    run = run_round_trip("曼谷天气怎么样？")
    assert run.error is None and len(run.exchanges) == 2
    user, assistant, tool = run.second_request_messages
    assert user == {"content": "曼谷天气怎么样？", "role": "user"}
    assert assistant["role"] == "assistant" and assistant["content"] is None
    call = assistant["tool_calls"][0]
    assert call["function"] == {"name": "get_weather", "arguments": '{"city": "Bangkok"}'}
    assert tool["role"] == "tool" and tool["tool_call_id"] == call["id"]
    assert json.loads(tool["content"])["temperature_c"] == 31
    assert "31" in run.answer
    # The second request is the first one plus the assistant and tool messages.
    assert run.exchanges[1]["request_body"]["tools"] == run.exchanges[0]["request_body"]["tools"]


def test_step_through_lays_one_run_over_eight_stages():
    steps = step_through(run_round_trip())
    assert [s["key"] for s in steps] == [s.key for s in STAGES]
    assert all(s["reached"] for s in steps)
    by_key = {s["key"]: s["artifact"] for s in steps}
    call_id = by_key["tool_call"]["raw_tool_calls"][0]["id"]
    assert by_key["tool_source"]["name"] == "get_weather"
    assert by_key["schema"]["openai"]["function"]["parameters"]["required"] == ["city"]
    assert by_key["bind_tools"]["tools_on_wire"][0]["function"]["name"] == "get_weather"
    assert by_key["validation"][0]["validation"]["kwargs"] == {"city": "Bangkok", "days": 1}
    assert by_key["kwargs"][0]["call"] == "get_weather(city='Bangkok', days=1)"
    assert by_key["tool_message"][0]["tool_call_id"] == call_id
    assert by_key["round_trip"]["messages"][2]["tool_call_id"] == call_id
    assert json.dumps(steps, allow_nan=False)


def test_parallel_calls_in_one_reply():
    run = run_round_trip("北京天气怎么样，顺便看看上海")
    roles = [m["role"] for m in run.second_request_messages]
    assert roles == ["user", "assistant", "tool", "tool"]
    ids = [c["id"] for c in run.second_request_messages[1]["tool_calls"]]
    assert [m["tool_call_id"] for m in run.second_request_messages[2:]] == ids


def test_no_tool_needed_stops_after_one_request():
    run = run_round_trip("你好，讲个笑话")
    assert len(run.exchanges) == 1 and run.second_request_messages is None
    assert run.answer
    reached = [s["reached"] for s in step_through(run)]
    assert reached == [True, True, True, False, False, False, False, True]
