"""The lab's tools over MCP: the same schemas as LangChain's, structured results, errors as results."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lessons.toolsets import TOOLSETS
from toolcall_lab.mcp.server import call_result, input_schema, mcp_tool, output_schema
from toolcall_lab.mcp.toolsets import ToolsetError, build_tools, load_toolsets
from toolcall_lab.mcp.transcript import capture_in_process, capture_stdio

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_tool_s_input_schema_has_the_properties_and_required_of_its_args_schema(lang):
    tools = build_tools(["weather", "tutor", "search"], lang)
    assert [t.name for t in tools] == [
        "get_weather",
        "lookup_word",
        "get_schedule",
        "get_learning_record",
        "search_web",
    ]
    for tool in tools:
        listed = mcp_tool(tool).inputSchema
        langchain = tool.args_schema.model_json_schema()
        assert listed["properties"] == langchain["properties"]
        assert listed.get("required", []) == langchain.get("required", [])
        assert listed["type"] == "object"


def test_a_structured_result_carries_structured_content_and_an_output_schema():
    (weather,) = build_tools(["weather"], "en")
    assert output_schema(weather) == {"type": "object", "additionalProperties": True}  # from `dict[str, Any] | str`
    result = call_result(weather, {"city": "Bangkok"})
    assert not result.isError
    assert result.structuredContent == weather.invoke({"city": "Bangkok"})
    assert '"city": "Bangkok"' in result.content[0].text


def test_a_friendly_error_is_a_result_with_is_error():
    (weather,) = build_tools(["weather"], "en")
    result = call_result(weather, {"city": "Atlantis"})
    assert result.isError and result.structuredContent is None
    assert result.content[0].text == weather.invoke({"city": "Atlantis"})


def test_a_text_tool_has_no_output_schema_and_answers_in_text():
    lookup_word = build_tools(["tutor"], "en")[0]
    assert output_schema(lookup_word) is None
    result = call_result(lookup_word, {"word": "accord"})
    assert not result.isError and result.structuredContent is None and "accord" in result.content[0].text


def test_pydantic_s_refusal_is_an_error_result_not_a_crash():
    (search,) = build_tools(["search"], "en")
    result = call_result(search, {"query": "x"})  # minLength 2 in SearchArgs
    assert result.isError and "query" in result.content[0].text


def test_wrong_typed_arguments_over_the_protocol_are_an_error_result():
    tools = build_tools(["weather"], "en")
    transcript = capture_in_process(tools, [("get_weather", {"city": 3}), ("get_weather", {"city": "Paris"})])
    bad, good = transcript.results
    assert bad["isError"] and "3 is not of type 'string'" in bad["content"][0]["text"]
    assert not good["isError"] and good["structuredContent"]["city"] == "Paris"


def test_the_transcript_in_process_is_the_json_rpc_session_in_order():
    transcript = capture_in_process(build_tools(["weather"], "en"), [("get_weather", {"city": "Paris"})])
    steps = [(r.direction, r.method) for r in transcript.records]
    assert steps == [
        ("client→server", "initialize"),
        ("server→client", "initialize"),
        ("client→server", "notifications/initialized"),
        ("client→server", "tools/list"),
        ("server→client", "tools/list"),
        ("client→server", "tools/call"),
        ("server→client", "tools/call"),
    ]
    listed = transcript.records[4].message["result"]["tools"][0]
    assert listed["name"] == "get_weather" and listed["inputSchema"]["required"] == ["city"]
    assert transcript.records[5].message["params"] == {"name": "get_weather", "arguments": {"city": "Paris"}}
    assert all(r.message["jsonrpc"] == "2.0" for r in transcript.records)


def test_the_transcript_over_stdio_is_what_crossed_the_pipes():
    transcript = capture_stdio([("get_weather", {"city": "Atlantis"})], ["--tools", "weather", "--lang", "en"])
    assert transcript.transport == "stdio"
    assert [r.method for r in transcript.records][-2:] == ["tools/call", "tools/call"]
    answer = transcript.records[-1]
    assert answer.message["result"]["isError"] is True
    assert answer.raw.startswith("{") and "\n" not in answer.raw


def test_the_toolsets_spec_is_resolved_at_run_time():
    assert load_toolsets() is TOOLSETS
    assert sorted(load_toolsets("toolcall_lab.mcp.toolsets:BUILTIN")) == ["weather"]
    for bad in ("lessons.toolsets", "no.such.module:X", "lessons.toolsets:NOPE"):
        with pytest.raises(ToolsetError):
            load_toolsets(bad)
    with pytest.raises(ToolsetError, match="unknown tool set 'calendar'"):
        build_tools(["calendar"], "en")


def test_the_ground_floor_mcp_package_has_no_lesson_import_line():
    for path in (ROOT / "toolcall_lab" / "mcp").glob("*.py"):
        assert not re.search(r"^\s*(from|import)\s+lessons", path.read_text(), re.M), path


def test_input_schema_is_the_args_schema_and_keeps_forbidden_extra_keys():
    (weather,) = build_tools(["weather"], "zh")
    assert input_schema(weather) == weather.args_schema.model_json_schema()
    (search,) = build_tools(["search"], "en")  # SearchArgs has extra="forbid"
    assert input_schema(search)["additionalProperties"] is False
    assert "additionalProperties" not in search.tool_call_schema.model_json_schema()  # what the copy loses
