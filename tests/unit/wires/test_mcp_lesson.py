"""The MCP page's lesson (:mod:`lessons.wires.mcp_protocol`) and its exercises' checks, on the real server."""

from __future__ import annotations

import pytest

from lessons.wires import mcp_exercises, mcp_protocol


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_transcript_opens_lists_and_calls_in_order_and_each_response_answers_its_request(lang):
    found = mcp_protocol.transcript(lang)
    sent = [(r["direction"], r["method"]) for r in found["records"]]
    assert sent == [
        ("client→server", "initialize"),
        ("server→client", "initialize"),
        ("client→server", "notifications/initialized"),
        ("client→server", "tools/list"),
        ("server→client", "tools/list"),
        ("client→server", "tools/call"),
        ("server→client", "tools/call"),
    ]
    requests = {r["id"]: r for r in found["records"] if "method" in r["message"] and r["id"] is not None}
    for answer in (r for r in found["records"] if "result" in r["message"]):
        assert requests[answer["id"]]["method"] == answer["method"]
    assert found["results"][0]["structuredContent"]["city"] in ("Paris", "Beijing")


def test_the_schema_differences_are_exactly_the_keys_one_side_lacks_or_changes():
    pair = mcp_protocol.schema_pair("en")
    mcp, bound = pair["mcp"]["inputSchema"], pair["bind_tools"]["function"]["parameters"]
    paths = {d["path"] for d in pair["differences"]}
    assert {"title", "properties.city.title"} <= paths  # LangChain drops the titles
    assert set(bound["properties"]) == set(mcp["properties"]) and bound["required"] == mcp["required"]
    assert not any(p.startswith("required") or p.endswith(".type") for p in paths)


def test_differences_walks_nested_objects_and_names_the_missing_side():
    found = mcp_protocol._differences({"a": {"b": 1, "c": 2}, "t": "x"}, {"a": {"b": 1, "c": 3}})
    assert found == [{"path": "a.c", "mcp": 2, "bind_tools": 3}, {"path": "t", "mcp": "x", "bind_tools": "—"}]


def test_the_agent_calls_the_tool_through_the_adapter_and_answers_from_its_result():
    run = mcp_protocol.agent_run("What is the weather in Tokyo?", "en")
    kinds = [m["type"] for m in run["messages"]]
    assert kinds == ["human", "ai", "tool", "ai"]
    call = run["messages"][1]["tool_calls"][0]
    assert call["name"] == "get_weather" and run["messages"][2]["tool_call_id"] == call["id"]
    assert run["messages"][2]["artifact"]["structured_content"]["city"] == "Tokyo"
    calls = [r["message"] for r in run["records"] if r["method"] == "tools/call" and "params" in r["message"]]
    assert calls[0]["params"]["arguments"] == call["args"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_predict_the_result_of_an_unknown_city(lang):
    expected = mcp_protocol.check_call_shape(None, lang).expected
    assert "isError: true" in expected and "structuredContent" not in expected
    assert mcp_protocol.check_call_shape(expected, lang).correct
    assert not mcp_protocol.check_call_shape(["content", "structuredContent"], lang).correct


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_fix_structured_content_reads_the_return_annotation_and_never_runs_the_body(lang):
    broken = mcp_protocol.check_structured_fix(mcp_protocol.BROKEN_SOURCE(lang), lang)
    assert not broken.correct and broken.shown["outputSchema"] is None
    fixed = mcp_protocol.check_structured_fix(broken.expected, lang)
    assert fixed.correct and fixed.shown["outputSchema"]["type"] == "object"
    hostile = broken.expected.replace("return json.dumps", "import os; os.remove('/'); return json.dumps")
    assert mcp_protocol.check_structured_fix(hostile, lang).correct  # the body is text, never run
    refused = mcp_protocol.check_structured_fix("not python (", lang)
    assert not refused.correct and refused.error is not None


def test_the_exercises_are_data_with_stable_slugs():
    assert [e.slug for e in mcp_exercises.EXERCISES] == ["predict-call-result", "fix-structured-content"]
