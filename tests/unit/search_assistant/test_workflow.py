"""The fixed workflow: its graph, the three-turn follow-up on one thread, and each fix."""

from __future__ import annotations

import typing

import pytest

from lessons.search_assistant.workflow import (
    QueryUnderstanding,
    SearchState,
    SearchUpdate,
    ask,
    build_workflow,
)
from toolcall_lab.capture import recording


@pytest.fixture
def app(llm, offline_search, memory):
    return build_workflow(llm, offline_search, memory)


def test_graph_is_start_understand_search_answer_end(app):
    graph = app.get_graph()
    assert set(graph.nodes) == {"__start__", "understand", "search", "answer", "__end__"}
    edges = {(e.source, e.target, e.conditional) for e in graph.edges}
    assert edges == {
        ("__start__", "understand", False),
        ("understand", "search", False),
        ("search", "answer", False),
        ("answer", "__end__", False),
    }


def test_node_results_are_typed_as_partial_updates():
    # total=False: every key optional, as a node really returns only what it changed.
    assert SearchUpdate.__required_keys__ == frozenset()
    assert SearchUpdate.__optional_keys__ == SearchState.__required_keys__
    assert set(QueryUnderstanding.model_fields) == {"intent", "search_query"}


def test_three_turns_in_chinese_on_one_thread(app, thread_id):
    first = ask(app, "曼谷今天多少度？", thread_id)
    # user_query is the user's own words; the model's reading lives in query_intent
    assert first["user_query"] == "曼谷今天多少度？"
    assert first["query_intent"] and first["query_intent"] != first["user_query"]
    assert "曼谷" in first["search_query"] and "今天" in first["search_query"]
    assert first["sources"][0] == "https://weather.example/zh/bangkok/today"
    assert "34°C" in first["answer"]
    assert "https://weather.example/zh/bangkok/today" in first["answer"]

    second = ask(app, "那明天呢？", thread_id)
    # "那明天呢？" names no city: Bangkok came from the earlier turn
    assert second["user_query"] == "那明天呢？"
    assert "曼谷" in second["search_query"] and "明天" in second["search_query"]
    assert second["sources"][0] == "https://weather.example/zh/bangkok/tomorrow"
    assert "31°C" in second["answer"]

    third = ask(app, "需要带伞吗？", thread_id)
    assert all(word in third["search_query"] for word in ("曼谷", "明天", "带伞"))
    assert third["sources"][0] == "https://weather.example/zh/bangkok/tomorrow"
    assert "需要带伞" in third["answer"]
    # the thread keeps the whole conversation: 3 questions + 3 answers
    assert [m.type for m in third["messages"]] == ["human", "ai"] * 3


def test_three_turns_in_english_on_one_thread(app, thread_id):
    first = ask(app, "How hot is Bangkok today?", thread_id)
    assert first["user_query"] == "How hot is Bangkok today?"
    assert first["sources"][0] == "https://weather.example/bangkok/today"
    assert "34°C" in first["answer"]

    second = ask(app, "And tomorrow?", thread_id)
    # "And tomorrow?" names no city: Bangkok came from the earlier turn
    assert "bangkok" in second["search_query"].lower() and "tomorrow" in second["search_query"].lower()
    assert second["sources"][0] == "https://weather.example/bangkok/tomorrow"
    assert "31°C" in second["answer"]

    third = ask(app, "Do I need an umbrella?", thread_id)
    assert all(w in third["search_query"].lower() for w in ("bangkok", "tomorrow", "umbrella"))
    assert third["sources"][0] == "https://weather.example/bangkok/tomorrow"
    assert "Take an umbrella" in third["answer"]
    assert [m.type for m in third["messages"]] == ["human", "ai"] * 3


def test_both_model_calls_are_sent_the_earlier_turns(app, thread_id):
    ask(app, "曼谷今天多少度？", thread_id)
    with recording() as rec:
        ask(app, "那明天呢？", thread_id)
    understand_call, answer_call = rec.exchanges
    sent = understand_call.request_body["messages"]
    # system prompt, then the first question, its answer, and the follow-up
    assert [m["role"] for m in sent] == ["system", "user", "assistant", "user"]
    assert sent[1]["content"] == "曼谷今天多少度？" and sent[3]["content"] == "那明天呢？"
    # the keyword came back as structured output, not as free text to split
    assert understand_call.request_body["response_format"]["json_schema"]["name"] == "QueryUnderstanding"
    assert [m["role"] for m in answer_call.request_body["messages"]] == ["system", "user", "assistant", "user"]
    assert "https://weather.example/zh/bangkok/tomorrow" in answer_call.request_body["messages"][0]["content"]


def test_a_failing_search_is_reported_not_raised(llm, memory, thread_id):
    class BrokenSearch:
        name = "broken"

        def search(self, query, **kwargs):
            raise ConnectionError("network unreachable")

    app = build_workflow(llm, BrokenSearch(), memory)
    state = ask(app, "曼谷今天多少度？", thread_id)
    assert state["search_results"] == []
    assert state["search_error"] == "ConnectionError: network unreachable"
    assert state["sources"] == []


def test_nodes_are_annotated_with_the_partial_update_type(app):
    for name in ("understand", "search", "answer"):
        func = app.builder.nodes[name].runnable.func
        assert typing.get_type_hints(func)["return"] is SearchUpdate
