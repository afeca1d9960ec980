"""Trimming a model call's messages without splitting an AIMessage/ToolMessage pair."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

from lessons.search_assistant.context import (
    naive_trim,
    orphaned_tool_replies,
    split_units,
    trim_keeping_pairs,
)


def call(call_id: str, *more: str) -> AIMessage:
    """An AIMessage asking for search_web once per id."""
    return AIMessage("", tool_calls=[{"name": "search_web", "args": {"query": "x"}, "id": i} for i in (call_id, *more)])


def reply(call_id: str) -> ToolMessage:
    return ToolMessage("{}", tool_call_id=call_id)


def kinds(messages) -> str:
    """One letter per message: S system, H human, C call, T tool reply, A answer."""
    out = ""
    for m in messages:
        if isinstance(m, SystemMessage):
            out += "S"
        elif isinstance(m, HumanMessage):
            out += "H"
        elif isinstance(m, ToolMessage):
            out += "T"
        else:
            out += "C" if m.tool_calls else "A"
    return out


CONVERSATION = [
    SystemMessage("sys"),
    HumanMessage("曼谷今天多少度？"),
    call("c1"),
    reply("c1"),
    AIMessage("34°C"),
    HumanMessage("那明天呢？"),
    call("c2"),
    reply("c2"),
    AIMessage("31°C"),
    HumanMessage("需要带伞吗？"),
]


def test_units_group_a_call_with_its_replies():
    assert [kinds(u) for u in split_units(CONVERSATION[1:])] == ["H", "CT", "A", "H", "CT", "A", "H"]
    two_calls = [call("a", "b"), reply("a"), reply("b"), AIMessage("done")]
    assert [kinds(u) for u in split_units(two_calls)] == ["CTT", "A"]


def test_naive_cut_orphans_a_tool_reply_and_the_paired_cut_does_not():
    # The last 3 messages are T A H: the reply to "c2" without the call that asked for it.
    naive = naive_trim(CONVERSATION, 3)
    assert kinds(naive) == "TAH"
    assert orphaned_tool_replies(naive) == ["c2"]
    # The paired cut cannot fit C+T into the 3 slots, so it drops both; the system
    # prompt stays and is not counted.
    paired = trim_keeping_pairs(CONVERSATION, 3)
    assert kinds(paired) == "SAH"
    assert orphaned_tool_replies(paired) == []
    # With 4 slots the pair fits whole.
    assert kinds(naive_trim(CONVERSATION, 4)) == "CTAH"
    assert kinds(trim_keeping_pairs(CONVERSATION, 4)) == "SCTAH"


def test_a_generous_budget_keeps_everything():
    assert trim_keeping_pairs(CONVERSATION, 100) == CONVERSATION


def test_the_newest_unit_is_kept_even_if_over_budget():
    messages = [HumanMessage("q"), call("a", "b"), reply("a"), reply("b")]
    assert kinds(trim_keeping_pairs(messages, 2)) == "CTT"


# ---------------------------------------------------------------- property: never split a pair


@st.composite
def conversations(draw):
    """Random well-formed histories: questions, calls with 1-3 replies, answers."""
    messages, n = [], 0
    for _ in range(draw(st.integers(1, 8))):
        messages.append(HumanMessage("q"))
        for _ in range(draw(st.integers(0, 2))):
            ids = [f"id{n + i}" for i in range(draw(st.integers(1, 3)))]
            n += len(ids)
            messages.append(call(*ids))
            messages.extend(reply(i) for i in ids)
        messages.append(AIMessage("answer"))
    return messages


@settings(deadline=None)
@given(conversations(), st.integers(1, 12))
def test_trim_never_orphans_a_reply_and_is_a_suffix(messages, budget):
    trimmed = trim_keeping_pairs(messages, budget)
    assert orphaned_tool_replies(trimmed) == []
    assert trimmed == messages[len(messages) - len(trimmed) :]  # the most recent messages
    newest_unit = split_units(messages)[-1]
    assert len(trimmed) <= max(budget, len(newest_unit))
    # every call kept has all of its replies
    kept_ids = {m.tool_call_id for m in trimmed if isinstance(m, ToolMessage)}
    for m in trimmed:
        if isinstance(m, AIMessage) and m.tool_calls:
            assert {c["id"] for c in m.tool_calls} <= kept_ids
