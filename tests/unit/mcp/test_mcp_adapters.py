"""langchain-mcp-adapters loads the lab's MCP tools into a LangGraph agent that runs on the built-in model."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from langchain_core.messages import ToolMessage
from langchain_mcp_adapters.client import MultiServerMCPClient
from langgraph.prebuilt import create_react_agent

from toolcall_lab.llm import build_chat_model
from toolcall_lab.stages.weather_data import build_weather_tool

ROOT = Path(__file__).resolve().parents[3]


def _client() -> MultiServerMCPClient:
    args = ["-m", "toolcall_lab.mcp", "serve", "--tools", "weather", "--lang", "en"]
    return MultiServerMCPClient(
        {"lab": {"transport": "stdio", "command": sys.executable, "args": args, "cwd": str(ROOT)}}
    )


def test_the_adapter_s_tools_have_the_servers_schema():
    (weather,) = asyncio.run(_client().get_tools())
    assert weather.name == "get_weather"
    assert weather.args_schema["required"] == ["city"]
    assert set(weather.args_schema["properties"]) == {"city", "days"}


def test_a_langgraph_agent_calls_the_mcp_tool_and_answers_from_its_result():
    tools = asyncio.run(_client().get_tools())
    agent = create_react_agent(build_chat_model(), tools)
    state = asyncio.run(agent.ainvoke({"messages": [("user", "What's the weather in Paris?")]}))
    messages = state["messages"]
    (result,) = [m for m in messages if isinstance(m, ToolMessage)]
    assert result.name == "get_weather" and result.status == "success"
    assert "Paris" in str(result.content)
    assert messages[-1].type == "ai" and not messages[-1].tool_calls
    expected = build_weather_tool(lang="en").invoke({"city": "Paris"})["temperature_c"]
    assert str(expected) in messages[-1].text  # the temperature the tool returned, read from the MCP result
