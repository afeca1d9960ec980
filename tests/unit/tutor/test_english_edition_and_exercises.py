"""The English edition of 小E and the tutor pages' exercise checks, on real runs.

Each check's right answer is computed from the real artifact; these tests derive the
same answer independently (from the tools, the schema or the run) and hold the check to it.
"""

from __future__ import annotations

import json
import re

import pytest

from lessons.tutor import data_en
from lessons.tutor.agent import FALLBACK_ANSWER_EN, REPEAT_ANSWER_EN, SYSTEM_PROMPT_EN, run_manual
from lessons.tutor.demo import demo_questions
from lessons.tutor.lesson_1_model_talks import (
    MAKE_EXAMPLE,
    PREDICT_QUESTION,
    check_make_calls,
    check_predict_calls,
    first_calls,
)
from lessons.tutor.lesson_2_tools_for_programs import check_fix_date, check_predict_rejects, next_wednesday
from lessons.tutor.lesson_3_registry import FIX_SOURCE, check_fix_docstring, check_predict_description
from lessons.tutor.lesson_4_loop_guard import check_make_tool_runs, check_predict_model_calls, lesson4_loop_guard
from lessons.tutor.lesson_5_manual_vs_react import check_make_script, check_predict_next_node, script_to_json
from lessons.tutor.lesson_6_exercises import FIX_SOURCE as FIX6
from lessons.tutor.lesson_6_exercises import check_fix_decorator, check_predict_pitfall
from lessons.tutor.lesson_common import q2_script
from lessons.tutor.loop_guard import LoopGuard
from lessons.tutor.tools import build_tools
from toolcall_lab.llm import build_chat_model

CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def test_the_english_edition_has_the_same_facts_in_english():
    tools = {t.name: t for t in build_tools(lang="en")}
    assert [t.name for t in build_tools(lang="en")] == [t.name for t in build_tools()]
    word = tools["lookup_word"].invoke({"word": "accord"})
    assert "level B2" in word and "NOT in the kaoyan syllabus" in word
    day = tools["get_schedule"].invoke({"student_id": "S1001", "date": "2026-07-25"})
    assert day.startswith("S1001 · 2026-07-25 (Saturday): 2 lesson(s)")
    assert "42 / 80 lessons done, progress 52%" in tools["get_learning_record"].invoke({"student_id": "S1001"})
    for tool in tools.values():
        assert not CJK.search(tool.description)
    assert not CJK.search(json.dumps([data_en.WORDS, data_en.SCHEDULES, data_en.RECORDS], ensure_ascii=False))
    for text in (FALLBACK_ANSWER_EN, REPEAT_ANSWER_EN):
        assert not CJK.search(text)
    assert not CJK.search(SYSTEM_PROMPT_EN.replace("小E", ""))  # the name is glossed "(Little E)"


def test_the_english_guard_sends_an_english_notice():
    guard = LoopGuard(lang="en")
    guard.remember("get_schedule", {"date": "x"}, "previous")
    assert guard.repeat_notice("get_schedule", {"date": "x"}).startswith("You already called get_schedule")
    data = lesson4_loop_guard(lang="en")
    assert data["repeat"]["guarded"]["result"]["answer"] == REPEAT_ANSWER_EN


def test_the_built_in_model_answers_the_english_next_wednesday_question_honestly():
    result = run_manual(
        "Do I have class next Wednesday? My id is S1001",
        build_chat_model(),
        build_tools(lang="en"),
        system=SYSTEM_PROMPT_EN,
        lang="en",
    )
    assert result.steps[0].tool_calls[0]["args"] == {"student_id": "S1001", "date": "next Wednesday"}
    assert result.answer.startswith('I cannot tell which date "next Wednesday" is')


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_lesson_1_checks(lang):
    # the exercise's question is not the page's run of question two (issue 22): its calls are another set
    expected = first_calls(PREDICT_QUESTION(lang), lang)
    assert len(set(expected)) == len(expected) == 2
    assert sorted(expected) != sorted(first_calls(demo_questions(lang)[1], lang))
    right = check_predict_calls(list(expected), lang)
    assert right.correct and right.expected == expected
    # parallel calls have no order: the right tools in another order are right too (issue 22)
    assert check_predict_calls(list(reversed(expected)), lang).correct
    assert not check_predict_calls(expected[:1], lang).correct
    others = [t.name for t in build_tools(lang=lang) if t.name not in expected]
    assert not check_predict_calls([*expected, *others[:1]], lang).correct
    assert not check_predict_calls([expected[0], expected[0]], lang).correct
    assert check_make_calls(MAKE_EXAMPLE(lang), lang).correct
    wrong = check_make_calls("What level is accord?" if lang == "en" else "accord 是几级？", lang)
    assert not wrong.correct and wrong.shown == ["lookup_word"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_lesson_2_checks(lang):
    tool = {t.name: t for t in build_tools(lang=lang)}["get_schedule"]
    check = check_predict_rejects(None, lang)
    for date, reply in check.shown.items():
        assert reply == tool.invoke({"student_id": "S1001", "date": date})
    assert "2026-07-25" not in check.expected and "2026-02-30" in check.expected
    assert check_predict_rejects(check.expected, lang).correct
    assert next_wednesday().isoformat() == "2026-07-29"
    assert check_fix_date("2026-07-29", lang).correct
    assert not check_fix_date("2026-07-30", lang).correct  # a Thursday: the tool answers, but not that day


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_lesson_3_checks(lang):
    assert check_predict_description("whole_docstring", lang).correct  # a bare @tool keeps the Args section
    assert check_fix_docstring(FIX_SOURCE[lang], lang).shown == ["date"]
    fixed = FIX_SOURCE[lang].replace('    """\n', '        date: YYYY-MM-DD.\n    """\n', 1)
    assert check_fix_docstring(fixed, lang).correct
    assert not check_fix_docstring("def broken(", lang).correct  # refused, explained, never run


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_lesson_4_checks(lang):
    assert check_predict_model_calls(3, 4, lang).correct  # run, notice, repeat-after-notice
    assert check_predict_model_calls(2, 2, lang).correct  # the step limit comes first
    assert check_make_tool_runs(3, lang).correct and check_make_tool_runs(None, lang).expected == 3
    assert check_make_tool_runs(5, lang).shown == 5  # every reworded call is new: one run per step


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_lesson_5_checks(lang):
    assert check_predict_next_node("tools", lang).correct
    start = check_make_script(script_to_json(q2_script(lang)), lang)
    assert not start.correct and start.shown["manual_model_calls"] == 2
    assert check_make_script(json.dumps(start.expected["script"]), lang).correct
    assert "JSONDecodeError" in check_make_script("[", lang).shown


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_lesson_6_checks(lang):
    assert check_predict_pitfall(5, lang).correct and check_predict_pitfall(5, lang).shown == "script_restarts"
    assert check_fix_decorator(FIX6(lang), lang).shown == ["student_id", "date"]
    assert check_fix_decorator(FIX6(lang).replace("@tool", "@tool(parse_docstring=True)", 1), lang).correct
