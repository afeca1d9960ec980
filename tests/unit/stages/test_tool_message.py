"""Stage 7: the ToolMessage ToolNode really produced, and what the next request accepts."""

from __future__ import annotations

import json

from langchain_core.messages import ToolMessage

from toolcall_lab.stages.tool_message import (
    artifact_demo,
    error_demo,
    output_cases,
    pairing_demo,
    pairing_messages,
    run_tool_node,
    validate_output,
)


def test_tool_node_wraps_the_dict_as_json_text():
    run = run_tool_node()
    assert run.error is None
    assert len(run.tool_messages) == 1 and isinstance(run.tool_messages[0], ToolMessage)
    m = run.messages[0]
    assert (m["type"], m["name"], m["tool_call_id"], m["status"]) == ("tool", "get_weather", "call_123", "success")
    assert m["content_type"] == "str" and m["content_is_json"] is True
    assert json.loads(m["content"])["temperature_c"] == 31
    assert m["content_json"]["condition"] == "rain"


def test_two_calls_two_messages_paired_by_id():
    calls = [
        {"name": "get_weather", "args": {"city": "Beijing"}, "id": "call_a", "type": "tool_call"},
        {"name": "get_weather", "args": {"city": "Shanghai"}, "id": "call_b", "type": "tool_call"},
    ]
    run = run_tool_node(calls)
    assert [(m["tool_call_id"], m["content_json"]["city"]) for m in run.messages] == [
        ("call_a", "Beijing"),
        ("call_b", "Shanghai"),
    ]


def test_errors_through_tool_node():
    demo = error_demo()
    # Default handler: a tool exception escapes and stops the graph.
    assert demo["raises_default"]["messages"] == []
    assert demo["raises_default"]["error"]["kind"] == "ConnectionError"
    # handle_tool_errors=True: the same exception becomes a status="error" message.
    handled = demo["raises_handled"]["messages"][0]
    assert handled["status"] == "error" and handled["tool_call_id"] == "call_123"
    assert handled["content"].startswith("Error: ConnectionError(")
    # Bad arguments become an error message even with the default handler.
    bad = demo["bad_arguments"]["messages"][0]
    assert bad["status"] == "error"
    assert "city: Field required" in bad["content"]


def test_unknown_tool_name_is_an_error_message():
    run = run_tool_node([{"name": "get_wether", "args": {}, "id": "call_x", "type": "tool_call"}])
    m = run.messages[0]
    assert m["status"] == "error" and "get_wether is not a valid tool" in m["content"]


def test_content_and_artifact_keep_the_big_table_out_of_the_context():
    d = artifact_demo("Bangkok")
    assert d["content"] == "曼谷现在有雨，31°C。"
    assert d["artifact_rows"] == 7 * 24
    assert d["content_chars"] == len("曼谷现在有雨，31°C。")
    assert d["artifact_chars"] > 100 * d["content_chars"]
    assert d["message"]["artifact_chars"] == d["artifact_chars"]


def test_output_model_worked_examples():
    assert validate_output({"city": "Bangkok", "temperature_c": 31, "condition": "rain"}) == {
        "ok": True,
        "output": {"city": "Bangkok", "temperature_c": 31.0, "condition": "rain"},
        "errors": [],
    }
    rows = {r["label"]: r for r in output_cases()}
    assert rows["real"]["ok"] and rows["real"]["fact_ok"]
    assert not rows["unknown_city"]["ok"] and rows["unknown_city"]["errors"][0]["type"] == "model_type"
    assert rows["wrong_type"]["errors"][0]["loc"] == ["temperature_c"]
    # Shaped right, still false: validation cannot know FakeCity does not exist.
    assert rows["shaped_but_false"]["ok"] is True and rows["shaped_but_false"]["fact_ok"] is False


def test_pairing_messages_shapes():
    assert [m.type for m in pairing_messages("paired")] == ["human", "ai", "tool"]
    assert pairing_messages("mismatch")[-1].tool_call_id == "call_999"
    assert [m.type for m in pairing_messages("missing")] == ["human", "ai", "human"]


def test_pairing_answer_is_the_message_tool_node_returned():
    real = run_tool_node().tool_messages[0]
    paired, mismatched = pairing_messages("paired")[-1], pairing_messages("mismatch")[-1]
    assert paired.content == real.content and paired.tool_call_id == "call_123"
    assert mismatched.content == real.content and mismatched.status == real.status


def test_pairing_messages_speak_the_learners_language():
    messages = pairing_messages("missing", "What's the weather in Bangkok?", "en")
    assert messages[0].content == "What's the weather in Bangkok?"
    assert messages[-1].content == "So do I need an umbrella?"
    assert pairing_messages("missing")[-1].content == "所以要带伞吗？"


def test_paired_answer_goes_through():
    d = pairing_demo("paired")
    assert d["ok"] and d["exchange"]["status_code"] == 200
    assert [m["role"] for m in d["exchange"]["request_body"]["messages"]] == ["user", "assistant", "tool"]
    assert "31" in d["answer"]


def test_missing_tool_message_gets_the_endpoints_400():
    d = pairing_demo("missing")
    assert d["ok"] is False and d["exchange"]["status_code"] == 400
    error = d["error"]["data"]["response_body"]["error"]
    assert error["type"] == "invalid_request_error"
    assert error["message"].startswith("An assistant message with 'tool_calls' must be followed by tool messages")
    assert "call_123" in error["message"]


def test_mismatched_tool_call_id_gets_the_endpoints_400():
    d = pairing_demo("mismatch")
    assert d["exchange"]["status_code"] == 400
    assert d["exchange"]["request_body"]["messages"][2]["tool_call_id"] == "call_999"
    assert d["error"]["data"]["response_body"]["error"]["message"] == (
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'."
    )
