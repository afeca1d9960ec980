"""The exercise checks of the seven LangGraph pages: each right answer is computed by the real call.

A check must accept its own ``expected`` answer and refuse a wrong one, and its ``expected``
must be what the real graph, schema or parser produces (asserted here from the same call).
"""

from __future__ import annotations

import json

import pytest
from langchain_core.messages import ToolMessage

from lessons.search_assistant import exercises_approval as approval
from lessons.search_assistant import exercises_code_review as review
from lessons.search_assistant import exercises_context as context
from lessons.search_assistant import exercises_state as state
from lessons.search_assistant import exercises_threads as threads
from lessons.search_assistant import exercises_tool_schema as schema
from lessons.search_assistant import exercises_workflow_vs_agent as wva
from lessons.search_assistant.lesson_1_workflow_vs_agent import who_decided
from lessons.search_assistant.lesson_2_is_tavily_a_tool import search_tool_schema
from toolcall_lab.llm import build_chat_model


@pytest.fixture(scope="module")
def llm():
    return build_chat_model()


def test_page1_predict_follows_the_real_agent(llm):
    actual = who_decided(llm, "Hello")["agent"]["searched"]
    assert wva.agent_searches(llm, "Hello", actual).correct
    wrong = wva.agent_searches(llm, "Hello", not actual)
    assert not wrong.correct and wrong.expected is actual and wrong.shown["path"] == ["model"]


def test_page1_make_only_the_workflow_searches(llm):
    candidates = ["How hot is Bangkok today?", "Hello"]
    right = wva.only_workflow_searches(llm, "Hello", candidates)
    assert right.correct and right.expected == "Hello"
    assert not wva.only_workflow_searches(llm, "How hot is Bangkok today?", candidates).correct
    assert not wva.only_workflow_searches(llm, "  ", candidates).correct


def test_page2_required_fields_come_from_the_schema():
    required = search_tool_schema()["function"]["parameters"]["required"]
    assert schema.required_fields(required).correct
    assert not schema.required_fields(["query", "limit"]).correct
    assert schema.required_fields(None).expected == sorted(required)


def test_page2_arguments_are_validated_by_the_tools_own_schema():
    assert schema.search_args_valid('{"query": "Bangkok weather", "limit": 3}', 3).correct
    bad_json = schema.search_args_valid('{"query": ', 3)
    assert not bad_json.correct and bad_json.shown["stage"] == "json.loads"
    too_many = schema.search_args_valid('{"query": "Bangkok", "limit": 30}', 3)
    assert not too_many.correct and too_many.shown["stage"] == "validate"
    extra = schema.search_args_valid('{"query": "Bangkok", "limit": 3, "city": "x"}', 3)
    assert not extra.correct  # extra="forbid": an unknown argument is an error
    assert schema.search_args_valid(json.dumps(schema.search_args_valid(None, 3).expected), 3).correct


@pytest.mark.parametrize(("new_id", "count"), [("a1", 2), ("a2", 3)])
def test_page3_reducer_count_is_add_messages(new_id, count):
    checked = state.reducer_count(new_id, count)
    assert checked.correct and checked.expected == count
    assert not state.reducer_count(new_id, count + 1).correct


def test_page3_partial_update_is_applied_by_the_real_graph():
    target = "Bangkok weather"
    assert state.partial_update("{'search_query': 'Bangkok weather'}", target).correct
    ignored = state.partial_update("{'search_query': 'Bangkok weather', 'city': 'x'}", target)
    assert not ignored.correct and ignored.shown["ignored"] == ["city"]  # LangGraph drops unknown keys silently
    appended = state.partial_update("{'search_query': 'Bangkok weather', 'messages': ['hi']}", target)
    assert not appended.correct and "messages" in appended.shown["changed"]  # add_messages appended
    assert not state.partial_update("search_query = 'x'", target).correct
    assert state.partial_update(None, target).expected == {"search_query": target}


def test_page4_history_count_and_same_thread(llm):
    counted = threads.history_count(llm, "en", None)
    assert counted.expected == 15 and threads.history_count(llm, "en", 15).correct
    assert threads.same_thread(llm, "en", ("t", "t")).correct
    apart = threads.same_thread(llm, "en", ("t1", "t2"))
    assert not apart.correct and apart.shown["user_turns_seen"] == ["And tomorrow?"]
    assert apart.expected == ("lab-a", "lab-a")


def test_page5_split_survivors_and_a_parsable_reply():
    checked = review.split_survivors(None, "How hot is Bangkok today?")
    assert checked.expected == ["follows_format"]
    assert review.split_survivors(["follows_format"], "How hot is Bangkok today?").correct
    target = "Bangkok weather"
    assert review.parsable_reply("理解：天气\n搜索词：Bangkok weather", "q", target).correct
    wrong = review.parsable_reply("搜索词: Bangkok weather", "q", target)
    assert not wrong.correct and wrong.shown["status"] == "colon_variant"
    assert review.parsable_reply(review.parsable_reply(None, "q", target).expected, "q", target).correct


def test_page6_reject_path_and_a_valid_edit(llm):
    checked = approval.reject_path(llm, "en", ["approve", "model"])
    assert checked.correct and checked.shown["outbox"] == []
    assert not approval.reject_path(llm, "en", ["approve", "tools", "model"]).correct
    original = approval.pending_args(llm, "en")
    assert approval.valid_edit('{"message": "S1001 is ill today."}', original).correct
    assert not approval.valid_edit('{"mesage": "typo"}', original).correct
    assert not approval.valid_edit("{}", original).correct  # valid, but nothing changed
    assert approval.valid_edit(json.dumps(approval.valid_edit(None, original).expected), original).correct


def test_page7_naive_orphans_and_a_safe_budget(llm):
    history = context.three_turn_history(llm, "en", "What about Beijing?")
    assert len(history) == 13
    seven = context.naive_orphans(history, 7, True)
    assert seven.correct and seven.shown["first_role"] == "tool"
    safe = context.safe_budget(history, None).expected
    assert context.safe_budget(history, safe).correct
    cut = history[-safe:]
    assert not any(isinstance(m, ToolMessage) for m in cut[:1])
    assert not context.safe_budget(history, 7).correct and not context.safe_budget(history, 13).correct
