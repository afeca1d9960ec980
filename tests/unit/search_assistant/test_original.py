"""The original design: each review finding reproduced on a live run."""

from __future__ import annotations

import typing

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from lessons.search_assistant.original import (
    OriginalSession,
    OriginalState,
    build_original,
    diagnose_keyword_parse,
)
from toolcall_lab.capture import recording


@pytest.fixture
def session(llm, offline_search):
    return OriginalSession(build_original(llm, offline_search))


def test_same_graph_shape_as_the_fixed_workflow(session):
    edges = {(e.source, e.target) for e in session.app.get_graph().edges}
    assert edges == {("__start__", "understand"), ("understand", "search"), ("search", "answer"), ("answer", "__end__")}


def test_finding_1_user_query_is_not_what_the_user_typed(session):
    state = session.ask("曼谷今天多少度？")
    # the field meant for the question holds the model's reply to the understand prompt
    assert state["user_query"] != "曼谷今天多少度？"
    assert state["messages"][0].content == "曼谷今天多少度？"


def test_finding_2_the_built_in_model_follows_the_format_and_the_split_works_this_time(session):
    with recording() as rec:
        state = session.ask("曼谷今天多少度？")
    reply = rec.exchanges[0].response_body["choices"][0]["message"]["content"]
    # the prompt's template "理解：[…] / 搜索词：[…]" was followed line by line
    assert reply == "理解：用户想了解曼谷 今天 气温的相关信息\n搜索词：曼谷 今天 气温"
    diagnosis = diagnose_keyword_parse(reply, "曼谷今天多少度？")
    assert diagnosis.status == "ok"
    assert state["search_query"] == diagnosis.search_query == "曼谷 今天 气温"


@pytest.mark.parametrize(
    ("reply", "status", "keyword"),
    [
        ("理解：用户想知道曼谷气温\n搜索词：曼谷 今日 气温", "ok", "曼谷 今日 气温"),
        ("理解：用户想知道曼谷气温\n搜索词: 曼谷 今日 气温", "colon_variant", "曼谷今天多少度？"),
        ("搜索词：曼谷 气温\n希望对你有帮助！", "trailing_text", "曼谷 气温\n希望对你有帮助！"),
        ("搜索关键词：曼谷 气温", "alt_marker", "曼谷 气温"),
        ("曼谷今天很热。", "no_marker", "曼谷今天多少度？"),
    ],
)
def test_finding_2_each_way_the_split_can_go(reply, status, keyword):
    diagnosis = diagnose_keyword_parse(reply, "曼谷今天多少度？")
    assert (diagnosis.status, diagnosis.search_query) == (status, keyword)
    assert diagnosis.zh and diagnosis.en


def test_finding_2_a_scripted_format_following_reply_is_parsed(offline_search):
    from toolcall_lab.llm import build_chat_model

    scripted = build_chat_model(script=[{"content": "理解：曼谷今天的气温\n搜索词：曼谷 今天 天气"}])
    state = OriginalSession(build_original(scripted, offline_search)).ask("曼谷今天多少度？")
    assert state["search_query"] == "曼谷 今天 天气"


def test_finding_3_two_inputs_land_in_two_threads(session):
    session.ask("曼谷今天多少度？")
    state = session.ask("那明天呢？")
    assert session.thread_ids == ["search-session-1", "search-session-2"]
    # the second thread knows nothing of the first question
    assert [m.content for m in state["messages"] if m.type == "human"] == ["那明天呢？"]


def test_finding_4_understand_is_sent_only_the_latest_message(llm, offline_search):
    app = build_original(llm, offline_search)
    config = {"configurable": {"thread_id": "same-thread"}}
    from lessons.search_assistant.original import initial_state

    app.invoke(initial_state("曼谷今天多少度？"), config)
    with recording() as rec:
        state = app.invoke(initial_state("那明天呢？"), config)
    # State kept everything (the reducer works)...
    assert state["messages"][0].content == "曼谷今天多少度？"
    assert len(state["messages"]) == 8
    # ...but the model got one system message holding only the latest question.
    sent = rec.exchanges[0].request_body["messages"]
    assert [m["role"] for m in sent] == ["system"]
    assert "那明天呢？" in sent[0]["content"] and "曼谷" not in sent[0]["content"]


def test_finding_5_nodes_claim_to_return_the_full_state(session):
    hints = typing.get_type_hints(session.app.builder.nodes["understand"].runnable.func)
    assert hints["return"] is OriginalState
    assert OriginalState.__required_keys__ == {
        "messages",
        "user_query",
        "search_query",
        "search_results",
        "final_answer",
        "step",
    }
    updates = list(
        session.app.stream(
            {"messages": [("user", "曼谷今天多少度？")], "step": "start"},
            {"configurable": {"thread_id": "stream"}},
            stream_mode="updates",
        )
    )
    understand_update = updates[0]["understand"]
    assert set(understand_update) == {"user_query", "search_query", "step", "messages"}


def test_finding_6_the_checkpointer_is_in_memory(session):
    assert isinstance(session.app.checkpointer, InMemorySaver)


def test_finding_6_names_the_class_each_side_really_built(tmp_path):
    from lessons.search_assistant.lessons import finding_in_memory
    from toolcall_lab.llm import build_chat_model

    finding = finding_in_memory(build_chat_model(), sqlite_setting=str(tmp_path / "cp.sqlite"), run_processes=False)
    assert finding["original"]["checkpointer"] == "InMemorySaver"
    assert finding["fixed"]["checkpointer"] == "SqliteSaver"  # built from the setting, not typed
    assert finding["reproduced"] is True
    memory = finding_in_memory(build_chat_model(), sqlite_setting="memory", run_processes=False)
    assert memory["fixed"]["checkpointer"] == "InMemorySaver" and memory["reproduced"] is False
