"""The data the six tutor lesson pages show: each function run for real and checked."""

from __future__ import annotations

import inspect
import json

import pytest

from lessons.content import lesson_text
from lessons.tutor import (
    lesson_1_model_talks,
    lesson_2_tools_for_programs,
    lesson_3_registry,
    lesson_4_loop_guard,
    lesson_5_manual_vs_react,
    lesson_6_broken,
    lesson_6_exercises,
    lesson_6_pitfalls,
    lesson_common,
)
from lessons.tutor import lessons as L
from lessons.tutor.agent import STOP_FINAL, STOP_MAX_STEPS, STOP_REPEAT
from lessons.tutor.fakes import ScriptedChatModel
from pages.registry import in_section
from toolcall_lab.errors import ExplainedError
from toolcall_lab.llm import build_chat_model


# ------------------------------------------------------------------ lesson 1
def test_lesson1_cuts_question_two_into_four_steps():
    data = L.lesson1_four_steps(build_chat_model())
    ask, intent, act, answer = data["steps"]
    assert [s["key"] for s in data["steps"]] == ["ask", "intent", "act", "answer"]
    # plain data: each step is its key and its artifact (the page words the key; the app test reads it)
    assert all(set(s) == {"key", "artifact"} for s in data["steps"])
    # ① the request carries the question and the three tool schemas
    request = ask["artifact"]["request"]
    assert request["messages"][-1] == {
        "content": "我明天（2026-07-25）有什么课？顺便告诉我我现在学到哪了。",
        "role": "user",
    }
    assert [t["function"]["name"] for t in request["tools"]] == ["lookup_word", "get_schedule", "get_learning_record"]
    # ② two calls in parallel; on the wire, arguments are a JSON string
    assert [c["name"] for c in intent["artifact"]["tool_calls"]] == ["get_schedule", "get_learning_record"]
    wire = intent["artifact"]["wire_tool_calls"]
    assert json.loads(wire[0]["function"]["arguments"]) == {"student_id": "S1001", "date": "2026-07-25"}
    # ③ our code ran them
    assert "雅思写作精讲" in act["artifact"]["executions"][0]["observation"]
    assert "进度 52%" in act["artifact"]["executions"][1]["observation"]
    # ④ the next request ends with the two tool messages; the answer quotes them
    assert [m["role"] for m in answer["artifact"]["request"]["messages"][-2:]] == ["tool", "tool"]
    assert "52%" in answer["artifact"]["answer"]
    assert len(data["exchanges"]) == 2


def test_lesson1_without_a_wire_still_gives_the_steps():
    data = L.lesson1_four_steps(ScriptedChatModel(responses=L.q2_script()))
    assert data["steps"][0]["artifact"]["request"] is None
    assert len(data["steps"][2]["artifact"]["executions"]) == 2


# ------------------------------------------------------------------ lesson 2
def test_lesson2_next_wednesday_and_one_factory_two_data_sets():
    data = L.lesson2_tools_for_programs(build_chat_model())
    assert data["tool_call"]["args"] == {"student_id": "S1001", "date": "下周三"}
    assert data["tool_message"].startswith("日期「下周三」格式不对")
    assert "下周三" in data["answer"] and "YYYY-MM-DD" in data["answer"]
    same = data["same_factory"]
    assert "09:00-10:30 雅思写作精讲" in same["default_data"]
    assert (
        same["other_data"] == "S1001 · 2026-07-25（周六）共 1 节课\n1. 13:30-15:00 雅思口语小班 · 孙老师 在 分校 A201"
    )


def test_bad_input_gallery_never_raises_and_explains():
    gallery = L.bad_input_gallery()
    assert len(gallery) == len(L.BAD_INPUT_CASES)
    replies = {(g["tool"], json.dumps(g["args"], ensure_ascii=False)): g["reply"] for g in gallery}
    assert "格式不对" in replies[("get_schedule", '{"student_id": "S1001", "date": "tomorrow"}')]
    assert "不是一个真实存在的日期" in replies[("get_schedule", '{"student_id": "S1001", "date": "2026-02-30"}')]


# ------------------------------------------------------------------ lesson 3
def test_parse_docstring_comparison_shows_what_is_lost():
    data = L.parse_docstring_comparison("get_schedule")
    without = data["without"]["openai_tool"]["function"]["parameters"]["properties"]
    with_ = data["with"]["openai_tool"]["function"]["parameters"]["properties"]
    assert without == {"student_id": {"type": "string"}, "date": {"type": "string"}}
    assert "YYYY-MM-DD" in with_["date"]["description"]
    assert [x["parameter"] for x in data["lost"]] == ["student_id", "date"]
    # Without the flag, the Args: block stays inside the tool description instead.
    assert "Args:" in data["without"]["description"] and "Args:" not in data["with"]["description"]
    assert "description" in data["with"]["model_json_schema"]["properties"]["date"]


def test_lesson3_registry():
    data = L.lesson3_registry()
    assert data["names"] == ["lookup_word", "get_schedule", "get_learning_record"]
    assert "get_weather" in data["lookup_error"] and "get_learning_record" in data["lookup_error"]
    assert data["comparison"]["name"] == "get_schedule"
    assert not _bilingual_dicts(data)


def test_result_summary_is_plain_data_with_the_stop_key():
    summary = L.lesson1_four_steps(build_chat_model())["result"]
    assert set(summary) == {"question", "answer", "stop_reason", "steps"}
    assert summary["stop_reason"] == STOP_FINAL  # a key; the page words it
    assert not _bilingual_dicts(L.lesson4_loop_guard(max_steps=2, hard_limit=3))


# ------------------------------------------------------------------ lesson 4
def test_lesson4_repeat_scenario_counts():
    data = L.lesson4_loop_guard(max_steps=4, hard_limit=12)
    guarded, unguarded = data["repeat"]["guarded"], data["repeat"]["unguarded"]
    # Guarded: run once, warned once, stopped on the third identical call.
    assert guarded["result"]["stop_reason"] == STOP_REPEAT
    assert (guarded["model_calls"], guarded["tool_runs"]) == (3, 1)
    # Unguarded: every call runs until the lesson's hard cap.
    assert (unguarded["model_calls"], unguarded["tool_runs"], unguarded["reached_hard_limit"]) == (12, 12, True)
    assert unguarded["prompt_chars"] > guarded["prompt_chars"]
    # The notice the model received carries the previous result.
    assert data["notice_received"].startswith("你刚才已经用完全相同的参数调用过 get_schedule")
    assert "日期「下周三」格式不对" in data["notice_received"]


def test_lesson4_rephrase_scenario_hits_the_step_limit():
    data = L.lesson4_loop_guard(max_steps=4, hard_limit=12)
    guarded = data["rephrase"]["guarded"]
    assert guarded["result"]["stop_reason"] == STOP_MAX_STEPS
    assert (guarded["model_calls"], guarded["tool_runs"]) == (4, 4)
    dates = [s["tool_calls"][0]["args"]["date"] for s in guarded["result"]["steps"]]
    assert dates == ["下周三", "下星期三", "next Wednesday", "周三"]
    assert data["rephrase"]["unguarded"]["tool_runs"] == 12


# ------------------------------------------------------------------ lesson 5
def test_lesson5_manual_and_react_agree_and_the_graph_is_real():
    data = L.lesson5_manual_vs_react()
    assert data["same_answer"] and data["same_observations"]
    assert data["manual"]["stop_reason"] == data["react"]["stop_reason"] == STOP_FINAL
    assert data["manual_model_calls"] == data["react_model_calls"] == 2
    mermaid = data["mermaid"]
    assert "graph TD" in mermaid and "agent -.-> tools;" in mermaid and "tools --> agent;" in mermaid


def test_react_deprecation_warning_is_captured_as_printed():
    warning = L.react_deprecation_warning()
    assert warning["category"] == "LangGraphDeprecatedSinceV10"
    assert "from langchain.agents import create_agent" in warning["message"]
    assert warning["printed_relative"].startswith("lessons/tutor/agent.py:")
    assert "LangGraphDeprecatedSinceV10: create_react_agent has been moved" in warning["printed"]


# ------------------------------------------------------------------ lesson 6
# What each side of each pitfall comes to, as the key the page words (the app test reads the wording).
OUTCOMES = {
    1: ("descriptions_lost", "descriptions_kept"),
    2: ("loop_crashed", "error_as_text"),
    3: ("confident_wrong_answer", "asks_for_the_date"),
    4: ("bind_tools_not_implemented", "scripted_fake_runs"),
    5: ("script_restarts", "script_advances"),
    6: ("runs_until_hard_cap", "guard_stops"),
    7: ("id_mismatch_rejected", "ids_match"),
}


@pytest.mark.parametrize("n", sorted(L.PITFALLS))
@pytest.mark.parametrize("broken", [True, False])
def test_every_pitfall_has_the_common_shape(n, broken):
    data = L.PITFALLS[n](broken)
    assert data["n"] == n and data["broken"] is broken
    # keys, not prose: the pitfall's key and what happened on this side
    assert data["key"] == L.PITFALL_KEYS[n]
    assert data["outcome"] == OUTCOMES[n][0 if broken else 1]
    assert data["error"] is None or isinstance(data["error"], ExplainedError)
    assert not _bilingual_dicts(data["artifact"]), "a lesson returns keys and values, not {zh, en} prose"


def _bilingual_dicts(value) -> list:
    """Every ``{"zh", "en"}`` dict inside plain data (lists, tuples, dicts)."""
    if isinstance(value, dict):
        found = [value] if set(value) == {"zh", "en"} else []
        return found + [d for item in value.values() for d in _bilingual_dicts(item)]
    if isinstance(value, (list, tuple)):
        return [d for item in value for d in _bilingual_dicts(item)]
    return []


def test_pitfall_code_names_real_source_for_both_sides():
    for n in L.PITFALLS:
        broken, fixed = L.pitfall_code(n, True), L.pitfall_code(n, False)
        assert broken and fixed and broken != fixed
        assert all(inspect.getsource(obj) for obj in [*broken, *fixed])
    assert L.pitfall_code(3, True) == [L.naive_get_schedule]


def test_pitfall_1_bare_tool_loses_the_descriptions():
    broken = L.pitfall_1(True)
    assert [x["parameter"] for x in broken["artifact"]["lost"]] == ["student_id", "date"]
    assert broken["facts"] == {"lost": 2}  # the number the page quotes
    fixed = L.pitfall_1(False)["artifact"]["openai_tool"]["function"]["parameters"]["properties"]
    assert "YYYY-MM-DD" in fixed["date"]["description"]


def test_pitfall_2_raising_tool_crashes_react_but_not_the_manual_loop():
    broken = L.pitfall_2(True)
    assert broken["error"].kind == "ValueError"
    assert "明天" in broken["error"].detail
    contained = broken["artifact"]["manual_with_try_except"]
    assert "ValueError" in contained["steps"][0]["observations"][0]
    fixed = L.pitfall_2(False)
    assert fixed["error"] is None and fixed["artifact"]["run"]["stop_reason"] == STOP_FINAL


def test_pitfall_3_naive_date_gives_a_confident_wrong_answer():
    broken = L.pitfall_3(True)["artifact"]
    assert broken["run"]["steps"][0]["observations"] == ["S1001 在 明天 没有排课。"]
    assert "没有排课" in broken["run"]["answer"]  # wrong: 2026-07-25 has two lessons
    assert broken["date_schema"] == {"description": "日期。", "type": "string"}
    fixed = L.pitfall_3(False)["artifact"]
    assert "YYYY-MM-DD" in fixed["run"]["answer"] and "没有排课" not in fixed["run"]["answer"]


def test_pitfall_4_fake_list_chat_model_cannot_bind_tools():
    broken = L.pitfall_4(True)
    assert broken["error"].kind == "NotImplementedError"
    assert broken["artifact"]["raised_in"] == "langchain_core/language_models/chat_models.py:bind_tools"
    fixed = L.pitfall_4(False)["artifact"]
    assert fixed["bound_tools"] == ["lookup_word", "get_schedule", "get_learning_record"]
    assert fixed["requests_recorded"] == 2


def test_pitfall_5_copying_bind_tools_restarts_the_script():
    broken = L.pitfall_5(True)["artifact"]
    replies = broken["rebinding_loop"]["replies"]
    assert broken["rebinding_loop"]["answer"] is None
    assert len(replies) == 4 and all(r == replies[0] for r in replies)  # always the first line
    assert broken["requests_recorded_on_held_object"] == 0
    fixed = L.pitfall_5(False)["artifact"]
    assert "52%" in fixed["rebinding_loop"]["answer"]
    assert fixed["requests_recorded_on_held_object"] == 2


def test_pitfall_6_counts():
    broken = L.pitfall_6(True, hard_limit=9)
    assert (broken["artifact"]["tool_runs"]) == 9
    assert broken["facts"] == {"tool_runs": 9, "model_calls": 9}
    fixed = L.pitfall_6(False)["artifact"]
    assert (fixed["model_calls"], fixed["tool_runs"]) == (3, 1)


def test_pitfall_7_id_mismatch_gets_a_real_400():
    broken = L.pitfall_7(True)
    assert broken["artifact"]["status_codes"] == [200, 400]
    body = broken["artifact"]["last_response_body"]
    assert body["error"]["type"] == "invalid_request_error"
    # the call on the AIMessage has no id, so the endpoint rejects the history before it even
    # looks for the tool message's partner (the same order of checks as a real provider)
    assert body["error"]["message"] == "Missing required parameter: 'messages[2].tool_calls[0].id'."
    assert "400" in broken["error"].detail
    sent = broken["artifact"]["last_request_messages"]
    assert sent[2]["tool_calls"][0]["id"] is None and sent[3]["tool_call_id"] == "call_1_0"
    fixed = L.pitfall_7(False)
    assert fixed["error"] is None and fixed["artifact"]["status_codes"] == [200, 200]
    assert "B2" in fixed["artifact"]["run"]["answer"]


# ------------------------------------------------------------------ prose
@pytest.mark.parametrize("stem", sorted(p.lesson for p in in_section("tutor")))
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_lesson_has_prose_in_both_languages(stem, lang):
    text = lesson_text(stem, lang)
    assert text.startswith("# ")
    # 150-400 English words; a Chinese text counts its characters (about 1.5 per English word).
    size = len(text.split()) if lang == "en" else len([c for c in text if "\u4e00" <= c <= "\u9fff"])
    assert 150 <= size <= (400 if lang == "en" else 600), size


# ------------------------------------------------------------------ the index
def test_the_index_re_exports_each_lesson_module():
    modules = (
        lesson_1_model_talks,
        lesson_2_tools_for_programs,
        lesson_3_registry,
        lesson_4_loop_guard,
        lesson_5_manual_vs_react,
        lesson_6_broken,
        lesson_6_exercises,
        lesson_6_pitfalls,
        lesson_common,
    )
    homes = {name: [m for m in modules if getattr(m, name, None) is getattr(L, name)] for name in L.__all__}
    assert all(homes.values()), [name for name, found in homes.items() if not found]
    assert L.lesson4_loop_guard is lesson_4_loop_guard.lesson4_loop_guard
    assert L.PITFALLS[3] is lesson_6_pitfalls.pitfall_3
