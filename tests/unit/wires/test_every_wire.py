"""One tool, one question, one result on every wire, each captured from its real client library."""

from __future__ import annotations

import json
import re

import pytest

from toolcall_lab.stages.weather_data import build_weather_tool
from toolcall_lab.wires.every_wire import WIRES, every_wire


@pytest.fixture(scope="module")
def captured():
    tool = build_weather_tool(lang="en")
    return tool, every_wire(tool, "What's the weather in Paris?")


def test_every_wire_is_captured_with_its_client(captured):
    _, wires = captured
    assert tuple(wires) == WIRES
    paths = {w: c.exchanges[0].get("path") for w, c in wires.items() if w != "mcp"}
    assert paths["chat_completions"] == "/v1/chat/completions"
    assert paths["responses"] == "/v1/responses"
    assert paths["anthropic"].split("?")[0] == "/v1/messages"
    # google-genai calls /v1/ when given a base_url, /v1beta/ on Google's own host: the model serves both
    assert re.match(r"^/v1(beta)?/models/builtin-teaching-model:generateContent$", paths["gemini"])


def test_each_wire_declares_the_same_tool_in_its_own_shape(captured):
    tool, wires = captured
    properties = set(tool.args_schema.model_json_schema()["properties"])
    assert set(wires["chat_completions"].tool_definition["function"]["parameters"]["properties"]) == properties
    assert set(wires["responses"].tool_definition["parameters"]["properties"]) == properties
    assert set(wires["anthropic"].tool_definition["input_schema"]["properties"]) == properties
    assert set(wires["gemini"].tool_definition["parameters"]["properties"]) == properties
    assert set(wires["mcp"].tool_definition["inputSchema"]["properties"]) == properties
    # the Gemini conversion drops what the OpenAPI subset has no room for: the default of `days`
    assert "default" in wires["anthropic"].tool_definition["input_schema"]["properties"]["days"]
    assert "default" not in wires["gemini"].tool_definition["parameters"]["properties"]["days"]


def test_the_call_is_a_string_on_openai_wires_and_an_object_elsewhere(captured):
    _, wires = captured
    args = json.loads(wires["chat_completions"].tool_call["function"]["arguments"])
    assert json.loads(wires["responses"].tool_call["arguments"]) == args
    assert wires["anthropic"].tool_call["input"] == args
    assert wires["anthropic"].tool_call["id"].startswith("toolu_")
    assert wires["gemini"].tool_call["functionCall"]["args"] == args
    assert wires["mcp"].tool_call == {"name": "get_weather", "arguments": args}


def test_the_result_goes_back_paired_with_its_call(captured):
    tool, wires = captured
    expected = tool.invoke({"city": "Paris"})
    chat = wires["chat_completions"]
    assert chat.tool_result["tool_call_id"] == chat.tool_call["id"]
    assert json.loads(chat.tool_result["content"]) == expected
    responses = wires["responses"]
    assert responses.tool_result["call_id"] == responses.tool_call["call_id"]
    anthropic = wires["anthropic"]
    assert anthropic.tool_result["tool_use_id"] == anthropic.tool_call["id"]
    assert wires["gemini"].tool_result["functionResponse"]["response"] == expected
    assert wires["mcp"].tool_result["structuredContent"] == expected


def test_the_model_answers_from_the_result_on_every_model_wire(captured):
    tool, wires = captured
    temperature = str(tool.invoke({"city": "Paris"})["temperature_c"])
    for wire in ("chat_completions", "responses", "anthropic", "gemini"):
        assert temperature in wires[wire].answer, wire
