"""run_react, LangGraph's prebuilt agent, checked against the hand-written loop."""

from __future__ import annotations

from langchain_core.messages import AIMessage, ToolMessage

from lessons.tutor.agent import STOP_FINAL, STOP_MAX_STEPS, run_manual, run_react
from lessons.tutor.fakes import ScriptedChatModel
from lessons.tutor.tools import build_tools

from .conftest import asks, call


def test_react_runs_a_single_tool():
    llm = ScriptedChatModel(responses=[asks(call("lookup_word", {"word": "accord"}, "w1")), "accord 是 B2 级。"])
    result = run_react("accord 是几级？", llm)
    assert result.answer == "accord 是 B2 级。"
    assert result.stop_reason == STOP_FINAL
    assert [c["name"] for s in result.steps for c in s.tool_calls] == ["lookup_word"]


def test_react_really_executed_the_tool():
    # Data only these tools have: the observation can only come from really running them.
    tools = build_tools(
        words={"zebra": {"level": "A2", "kaoyan": True, "meaning": "n. 斑马", "example": "A zebra ran."}}
    )
    llm = ScriptedChatModel(responses=[asks(call("lookup_word", {"word": "zebra"}, "z1")), "A2 级。"])
    result = run_react("zebra 几级", llm, tools=tools)
    assert result.steps[0].observations == [
        "zebra · 词表等级 A2 级 · 属于考研大纲词汇\n释义：n. 斑马\n例句：A zebra ran."
    ]


def test_react_produces_tool_messages(q2_script):
    llm = ScriptedChatModel(responses=q2_script)
    result = run_react("我明天（2026-07-25）有什么课？顺便告诉我我现在学到哪了。", llm)
    tool_messages = [m for m in result.messages if isinstance(m, ToolMessage)]
    assert [m.tool_call_id for m in tool_messages] == ["c1", "c2"]
    assert [m.name for m in tool_messages] == ["get_schedule", "get_learning_record"]
    # The model's second request carried them.
    assert [m.tool_call_id for m in llm.requests[1] if isinstance(m, ToolMessage)] == ["c1", "c2"]


def test_react_matches_manual_on_the_same_script(q2_script):
    question = "我明天（2026-07-25）有什么课？顺便告诉我我现在学到哪了。"
    manual = run_manual(question, ScriptedChatModel(responses=list(q2_script)))
    react = run_react(question, ScriptedChatModel(responses=list(q2_script)))
    assert react.answer == manual.answer
    assert [s.observations for s in react.steps] == [s.observations for s in manual.steps]
    assert react == manual  # question, answer, steps, stop reason all equal


def test_react_stops_at_its_recursion_limit():
    same = {"student_id": "S1001", "date": "下周三"}
    llm = ScriptedChatModel(responses=[asks(call("get_schedule", same, f"x{i}")) for i in range(10)])
    result = run_react("下周三我有课吗？", llm)
    assert result.stop_reason == STOP_MAX_STEPS
    assert len(llm.requests) == 4  # four model calls, like run_manual's max_steps=4
    # No repeat guard in the prebuilt loop: the same bad call ran three times.
    assert len(result.steps) == 3
    assert isinstance(result.messages[-1], AIMessage)
