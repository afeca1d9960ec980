"""run_manual, the loop by hand, driven by a scripted model that records every request."""

from __future__ import annotations

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.tools import tool

from lessons.tutor.agent import (
    FALLBACK_ANSWER,
    REPEAT_ANSWER,
    STOP_FINAL,
    STOP_MAX_STEPS,
    STOP_REPEAT,
    SYSTEM_PROMPT,
    run_manual,
)
from lessons.tutor.fakes import ScriptedChatModel
from lessons.tutor.tools import build_tools

from .conftest import asks, call


def test_single_round_trip():
    llm = ScriptedChatModel(
        responses=[asks(call("lookup_word", {"word": "accord"}, "w1")), "accord 在词表里是 B2 级。"]
    )
    result = run_manual("accord 是几级？", llm)
    assert result.answer == "accord 在词表里是 B2 级。"
    assert result.stop_reason == STOP_FINAL
    assert len(result.steps) == 1
    assert result.steps[0].tool_calls[0]["name"] == "lookup_word"
    assert result.steps[0].observations[0].startswith("accord · 词表等级 B2 级")
    assert len(llm.requests) == 2  # ask, then answer


def test_two_rounds_are_both_recorded():
    llm = ScriptedChatModel(
        responses=[
            asks(call("get_learning_record", {"student_id": "S1001"}, "r1")),
            asks(call("get_schedule", {"student_id": "S1001", "date": "2026-07-25"}, "s1")),
            "进度 52%，周六有两节课。",
        ]
    )
    result = run_manual("我的进度和周六的课", llm)
    assert [s.index for s in result.steps] == [1, 2]
    assert "进度 52%" in result.steps[0].observations[0]
    assert "雅思写作精讲" in result.steps[1].observations[0]
    assert result.stop_reason == STOP_FINAL


def test_parallel_tool_calls_in_one_step(q2_script):
    llm = ScriptedChatModel(responses=q2_script)
    result = run_manual("我明天（2026-07-25）有什么课？顺便告诉我我现在学到哪了。", llm)
    assert len(result.steps) == 1
    step = result.steps[0]
    assert [c["name"] for c in step.tool_calls] == ["get_schedule", "get_learning_record"]
    assert "共 2 节课" in step.observations[0] and "进度 52%" in step.observations[1]
    # One ToolMessage per call, in order, each answering its own id.
    tool_messages = [m for m in llm.requests[1] if isinstance(m, ToolMessage)]
    assert [m.tool_call_id for m in tool_messages] == ["c1", "c2"]


def test_tool_result_reaches_the_next_request():
    llm = ScriptedChatModel(responses=[asks(call("lookup_word", {"word": "accord"}, "w1")), "B2 级。"])
    run_manual("accord 是几级？", llm)
    first, second = llm.requests
    assert [type(m) for m in first] == [SystemMessage, HumanMessage]
    # The second request carries the whole story: system, question, the call, and its result.
    assert [type(m) for m in second] == [SystemMessage, HumanMessage, AIMessage, ToolMessage]
    assert "B2 级" in second[-1].content
    assert "The two countries signed a trade accord last spring." in second[-1].content


def test_tool_schema_is_bound_to_the_model():
    llm = ScriptedChatModel(responses=["你好"])
    run_manual("你好", llm)
    assert [t.name for t in llm.bound_tools] == ["lookup_word", "get_schedule", "get_learning_record"]
    date = llm.bound_schemas[1]["function"]["parameters"]["properties"]["date"]
    assert "YYYY-MM-DD" in date["description"]


def test_max_steps_stops_the_loop():
    # A model that keeps asking, each time with a new date: only the step limit ends it.
    dates = ["2026-07-24", "2026-07-25", "2026-07-26", "2026-07-27"]
    llm = ScriptedChatModel(
        responses=[asks(call("get_schedule", {"student_id": "S1001", "date": d}, f"s{i}")) for i, d in enumerate(dates)]
    )
    result = run_manual("这周我都有什么课？", llm, max_steps=2)
    assert result.stop_reason == STOP_MAX_STEPS
    assert result.answer == FALLBACK_ANSWER
    assert len(result.steps) == 2
    assert len(llm.requests) == 2  # the third model call was never made


def test_repeated_call_is_blocked():
    runs = []

    @tool
    def get_schedule(student_id: str, date: str) -> str:
        """Counts how often it really runs."""
        runs.append(date)
        return f"日期「{date}」格式不对，需要 YYYY-MM-DD。"

    same = {"student_id": "S1001", "date": "下周三"}
    llm = ScriptedChatModel(responses=[asks(call("get_schedule", same, f"x{i}")) for i in range(3)])
    result = run_manual("下周三我有课吗？", llm, tools=[get_schedule])
    assert runs == ["下周三"]  # executed once, never again
    assert "你刚才已经用完全相同的参数调用过 get_schedule" in result.steps[1].observations[0]
    # The model did receive the notice (request 3) before repeating a third time.
    assert "日期「下周三」格式不对" in llm.requests[2][-1].content
    assert result.stop_reason == STOP_REPEAT
    assert result.answer == REPEAT_ANSWER


def test_model_can_recover_after_a_repeat_notice():
    same = {"student_id": "S1001", "date": "下周三"}
    llm = ScriptedChatModel(
        responses=[asks(call("get_schedule", same, "x1")), asks(call("get_schedule", same, "x2")), "请告诉我具体日期。"]
    )
    result = run_manual("下周三我有课吗？", llm)
    assert result.stop_reason == STOP_FINAL
    assert result.answer == "请告诉我具体日期。"


def test_unknown_tool_name_does_not_crash():
    llm = ScriptedChatModel(responses=[asks(call("get_weather", {"city": "北京"}, "g1")), "这个我查不了。"])
    result = run_manual("北京天气？", llm)
    observation = result.steps[0].observations[0]
    assert "没有名为「get_weather」的工具" in observation
    assert "lookup_word, get_schedule, get_learning_record" in observation
    assert result.answer == "这个我查不了。"


def test_tool_exception_is_contained():
    @tool
    def get_learning_record(student_id: str) -> str:
        """Pretends the database is down."""
        raise RuntimeError("database down")

    llm = ScriptedChatModel(
        responses=[asks(call("get_learning_record", {"student_id": "S1001"}, "r1")), "暂时查不到。"]
    )
    result = run_manual("我学到哪了？", llm, tools=[get_learning_record])
    assert "RuntimeError: database down" in result.steps[0].observations[0]
    assert result.stop_reason == STOP_FINAL and result.answer == "暂时查不到。"


def test_model_may_answer_without_tools():
    llm = ScriptedChatModel(responses=["你好，我是小E。"])
    result = run_manual("你好", llm)
    assert result.answer == "你好，我是小E。"
    assert result.steps == [] and result.stop_reason == STOP_FINAL
    assert llm.requests[0][0].content == SYSTEM_PROMPT


def test_missing_call_id_gets_a_fallback_on_both_sides():
    # Step 1, position 0 -> "call_1_0", on the AIMessage's call AND on its ToolMessage.
    llm = ScriptedChatModel(responses=[asks(call("lookup_word", {"word": "accord"}, None)), "B2。"])
    run_manual("accord 几级", llm)
    ai, tool_message = llm.requests[1][2], llm.requests[1][3]
    assert ai.tool_calls[0]["id"] == "call_1_0"
    assert tool_message.tool_call_id == "call_1_0"


def test_system_prompt_names_the_student():
    assert "S1001" in SYSTEM_PROMPT
    assert "工具" in SYSTEM_PROMPT and "不要凭印象猜" in SYSTEM_PROMPT


def test_custom_tools_are_the_ones_run():
    tools = build_tools(words={"zebra": {"level": "A2", "kaoyan": True, "meaning": "斑马", "example": "A zebra."}})
    llm = ScriptedChatModel(responses=[asks(call("lookup_word", {"word": "zebra"}, "z")), "A2。"])
    result = run_manual("zebra 几级", llm, tools=tools)
    assert "zebra · 词表等级 A2 级" in result.steps[0].observations[0]
