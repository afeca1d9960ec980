"""One tool call on two wires: what changes (names, nesting, call_id vs tool_call_id) and what LangChain hides."""

from __future__ import annotations

import json

from toolcall_lab.stages.weather_data import build_weather_tool
from toolcall_lab.stages.wires import both_wires


def test_same_call_same_result_different_wire_shapes():
    rounds = both_wires("What's the weather in Bangkok?", [build_weather_tool(lang="en")])
    chat, resp = rounds["chat_completions"], rounds["responses"]
    assert (chat.path, resp.path) == ("/v1/chat/completions", "/v1/responses")
    # the tools: nested under "function" on Chat Completions, flat on Responses
    assert chat.first_request["tools"][0]["function"]["name"] == "get_weather"
    assert resp.first_request["tools"][0]["name"] == "get_weather" and "function" not in resp.first_request["tools"][0]
    # the call: an assistant tool_calls entry vs a function_call output item with a call_id
    wire_call = chat.first_response["choices"][0]["message"]["tool_calls"][0]
    item = next(i for i in resp.first_response["output"] if i["type"] == "function_call")
    assert json.loads(wire_call["function"]["arguments"]) == json.loads(item["arguments"]) == {"city": "Bangkok"}
    # LangChain normalises both into the same tool_calls (only the ids differ)
    strip = [{k: v for k, v in c.items() if k != "id"} for c in chat.tool_calls]
    assert strip == [{k: v for k, v in c.items() if k != "id"} for c in resp.tool_calls]
    assert resp.tool_calls[0]["id"] == item["call_id"]
    # the result goes back as role "tool" + tool_call_id, or as function_call_output + call_id
    tool_msg = chat.second_request["messages"][-1]
    assert tool_msg["role"] == "tool" and tool_msg["tool_call_id"] == wire_call["id"]
    output = resp.second_request["input"][-1]
    assert output["type"] == "function_call_output" and output["call_id"] == item["call_id"]
    assert json.loads(tool_msg["content"]) == json.loads(output["output"])
    assert chat.answer == resp.answer and "31" in chat.answer
