"""The tool-calling agent: SearchArgs, the search_web tool, and model → tools → model."""

from __future__ import annotations

import json

import pytest
from langchain_core.messages import HumanMessage
from pydantic import ValidationError

from lessons.search_assistant.agent import SearchArgs, build_agent, make_search_web_tool

# ---------------------------------------------------------------- SearchArgs


def test_search_args_accepts_and_defaults():
    assert SearchArgs(query="曼谷").model_dump() == {"query": "曼谷", "limit": 5}
    assert SearchArgs.model_validate({"query": "Bangkok", "limit": "3"}).limit == 3  # lax mode


def test_search_args_rejects_a_one_character_query():
    with pytest.raises(ValidationError) as info:
        SearchArgs(query="a")
    (error,) = info.value.errors()
    assert (error["type"], error["loc"]) == ("string_too_short", ("query",))
    assert error["msg"] == "String should have at least 2 characters"


def test_search_args_rejects_limit_eleven():
    with pytest.raises(ValidationError) as info:
        SearchArgs(query="Bangkok", limit=11)
    (error,) = info.value.errors()
    assert (error["type"], error["loc"], error["ctx"]) == ("less_than_equal", ("limit",), {"le": 10})


def test_search_args_rejects_an_extra_field():
    with pytest.raises(ValidationError) as info:
        SearchArgs(query="Bangkok", city="Bangkok")
    (error,) = info.value.errors()
    assert (error["type"], error["loc"]) == ("extra_forbidden", ("city",))


# ---------------------------------------------------------------- the tool


def test_search_web_tool_schema_comes_from_search_args(offline_search):
    from langchain_core.utils.function_calling import convert_to_openai_tool

    tool = make_search_web_tool(offline_search)
    assert tool.name == "search_web"
    assert tool.args_schema is SearchArgs
    # what bind_tools puts on the wire for this tool
    params = convert_to_openai_tool(tool)["function"]["parameters"]
    assert params["required"] == ["query"]
    assert params["properties"]["query"]["minLength"] == 2
    assert (params["properties"]["limit"]["minimum"], params["properties"]["limit"]["maximum"]) == (1, 10)
    # extra="forbid" is enforced when the tool runs, but the model is never told:
    assert SearchArgs.model_json_schema()["additionalProperties"] is False
    assert "additionalProperties" not in params


def test_search_web_tool_validates_then_searches(offline_search):
    tool = make_search_web_tool(offline_search)
    result = tool.invoke({"query": "曼谷 明天 天气", "limit": 2})
    assert [hit["url"] for hit in result["results"]] == [
        "https://weather.example/zh/bangkok/tomorrow",
        "https://weather.example/zh/tokyo/tomorrow",
    ]
    assert result["answer"].startswith("曼谷明天多云转雷阵雨")
    with pytest.raises(ValidationError):
        tool.invoke({"query": "曼谷", "limit": 0})


# ---------------------------------------------------------------- the graph


def test_graph_is_model_tools_model_with_one_conditional_edge(llm):
    graph = build_agent(llm).get_graph()
    assert set(graph.nodes) == {"__start__", "model", "tools", "__end__"}
    edges = {(e.source, e.target, e.conditional) for e in graph.edges}
    assert edges == {
        ("__start__", "model", False),
        ("model", "tools", True),
        ("model", "__end__", True),
        ("tools", "model", False),
    }


def test_the_model_decides_to_search_and_the_answer_quotes_the_result(llm, offline_search, memory):
    app = build_agent(llm, [make_search_web_tool(offline_search)], memory)
    state = app.invoke({"messages": [HumanMessage("曼谷今天多少度？")]}, {"configurable": {"thread_id": "agent-zh"}})
    _human, call, tool_msg, answer = state["messages"]
    assert call.tool_calls[0]["name"] == "search_web"
    assert set(call.tool_calls[0]["args"]) == {"query"}
    assert "曼谷" in call.tool_calls[0]["args"]["query"]
    assert tool_msg.tool_call_id == call.tool_calls[0]["id"]
    assert json.loads(tool_msg.content)["results"][0]["url"] == "https://weather.example/zh/bangkok/today"
    assert "34°C" in answer.content and "https://weather.example/zh/bangkok/today" in answer.content


def test_a_greeting_needs_no_search(llm):
    state = build_agent(llm).invoke({"messages": [HumanMessage("你好")]})
    assert [m.type for m in state["messages"]] == ["human", "ai"]
    assert state["messages"][-1].tool_calls == []


def test_follow_up_on_the_same_thread_searches_with_the_resolved_words(llm, memory):
    app = build_agent(llm, checkpointer=memory)
    config = {"configurable": {"thread_id": "agent-follow-up"}}
    app.invoke({"messages": [HumanMessage("曼谷今天多少度？")]}, config)
    state = app.invoke({"messages": [HumanMessage("那明天呢？")]}, config)
    query = state["messages"][-3].tool_calls[0]["args"]["query"]
    assert "曼谷" in query and "明天" in query  # the city came from the earlier turn
    assert "https://weather.example/zh/bangkok/tomorrow" in state["messages"][-1].content


def test_a_failing_backend_becomes_tool_text(llm):
    class BrokenSearch:
        name = "broken"

        def search(self, query, **kwargs):
            raise TimeoutError("tavily did not answer")

    tool = make_search_web_tool(BrokenSearch())
    assert tool.invoke({"query": "曼谷"}) == "搜索失败 / search failed: TimeoutError: tavily did not answer"


def test_the_articles_example_question_is_answered_from_the_results(llm):
    state = build_agent(llm).invoke({"messages": [HumanMessage("搜索 LangGraph 最新的持久化方式")]})
    assert "https://docs.example/zh/langgraph/persistence" in state["messages"][-1].content


def test_a_trimming_agent_keeps_every_message_but_sends_only_the_trimmed_ones():
    """build_agent(trim=...) is the lesson-7 trim inside the real model node."""
    from langgraph.checkpoint.memory import InMemorySaver

    from lessons.search_assistant.agent import build_agent, make_search_web_tool
    from lessons.search_assistant.context import trim_keeping_pairs
    from lessons.search_assistant.workflow import thread_config
    from toolcall_lab.capture import recording
    from toolcall_lab.llm import build_chat_model

    app = build_agent(
        build_chat_model(),
        [make_search_web_tool()],
        InMemorySaver(),
        trim=lambda messages: trim_keeping_pairs(messages, 3),
    )
    config = thread_config("trim-test")
    with recording() as rec:
        for question in ("曼谷今天多少度？", "那明天呢？"):
            app.invoke({"messages": [("user", question)]}, config)
    kept = app.get_state(config).values["messages"]
    sent = [[m["role"] for m in e.request_body["messages"]] for e in rec.exchanges]
    assert len(kept) == 8  # two turns: question, tool call, tool reply, answer
    # the second turn's first call: the first question is cut, the last answer and the new question sent
    assert sent == [
        ["system", "user"],
        ["system", "user", "assistant", "tool"],
        ["system", "assistant", "user"],
        ["system", "user", "assistant", "tool"],
    ]
