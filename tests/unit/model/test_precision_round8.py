"""Issue 23, eighth round: general rules for the learner as one party beside another student, the gap
between two records stated, and what the model cannot tell said in the learner's language. Each test is one
behaviour on the app's real tools; what the model must *not* call is asserted as plainly as what it must."""

from __future__ import annotations

import json

from lessons.tutor.agent import SYSTEM_PROMPT
from lessons.tutor.tools import build_tools
from tests.unit.model.helpers import TUTOR, ask, calls, ran_each
from toolcall_lab.offline.brain import Decision

_RECORD = next(t for t in build_tools() if t.name == "get_learning_record")


def _answer(question: str, ids: list[str], system: str | None = SYSTEM_PROMPT) -> Decision:
    """The turn after the real ``get_learning_record`` ran once for each id, all in one assistant message."""
    turn = ran_each("get_learning_record", [{"student_id": sid} for sid in ids], lambda a: str(_RECORD.invoke(a)))
    return ask(question, *turn, tools=TUTOR, system=system)


def test_a_who_question_after_just_these_parties_is_the_question_not_another_thing():
    decision = ask("never mind S1004 — just me and S1002, who has fewer lessons left", tools=TUTOR)
    assert sorted(calls(decision), key=str) == [
        ("get_learning_record", {"student_id": "S1001"}),
        ("get_learning_record", {"student_id": "S1002"}),
    ]
    assert not any("S1004" in str(args) for _, args in calls(decision))


def test_ahead_of_another_student_am_i_makes_the_learner_a_party():
    decision = ask("how many classes ahead of S1003 am i", tools=TUTOR)
    assert sorted(calls(decision), key=str) == [
        ("get_learning_record", {"student_id": "S1001"}),
        ("get_learning_record", {"student_id": "S1003"}),
    ]


def test_the_gap_in_lessons_done_is_stated():
    decision = _answer("how many lessons ahead of S1002 am i", ["S1001", "S1002"])
    assert "30 lessons ahead" in (decision.content or "")
    zh = _answer("我比 S1002 领先几节课", ["S1001", "S1002"])
    assert "多学了 30 课时" in (zh.content or "")


def test_the_learner_as_a_party_with_no_id_anywhere_is_asked_for_it_in_their_language():
    english = _answer("me and S1004, whose progress is better", ["S1004"], None)
    content = english.content or ""
    assert content.startswith("I don't know your own student id")
    assert "张一鸣" not in content  # S1001's record is nobody's guess
    assert any("their id" in note for note in english.record.notes)
    zh = _answer("我跟S1002 谁进度快", ["S1002"], "你是英语学校的助教，回答只依据工具结果。")
    assert (zh.content or "").startswith("我不知道你本人的学号")
    stated = _answer("I'm S1003. me and S1002, who is ahead?", ["S1003", "S1002"], None)
    assert "don't know your own" not in (stated.content or "")


def test_the_own_id_note_reads_in_both_languages():
    from toolcall_lab.offline.explain import OWN_ID_UNKNOWN, said

    text = said(OWN_ID_UNKNOWN()).en
    assert said(text)("zh").startswith("学生本人是比较的一方")


def test_in_english_after_a_record_is_the_answers_language_not_a_translation():
    decision = ask("S1002's course and weak points, in english", tools=TUTOR)
    assert calls(decision) == [("get_learning_record", {"student_id": "S1002"})]
    step = next(s for s in decision.record.steps if s.typed == "in english")
    assert "answer's language" in step.en and "回答用的语言" in step.zh
    translation = ask("明天见 in english?", tools=TUTOR)
    assert calls(translation) == []  # words to translate stay a translation: no tool translates


def test_english_only_answers_drop_the_chinese_originals():
    content = _answer("latest scores and weak points for S1002, in english please", ["S1002"]).content or ""
    assert "integrated speaking Task 2" in content
    assert not any("\u4e00" <= ch <= "\u9fff" for ch in content.split("\n", 2)[-1].replace("李思雨", ""))
    plain = _answer("latest scores and weak points for S1002", ["S1002"]).content or ""
    # asked in English, the answer is English all through: the gloss alone, not the Chinese original beside it
    assert "integrated speaking Task 2" in plain and "综合口语" not in plain


def test_a_topic_word_asked_about_on_the_word_list_is_looked_up_as_a_word():
    decision = ask("where does cloudy sit on the word list", tools=TUTOR)
    assert calls(decision) == [("lookup_word", {"word": "cloudy"})]
    both = ask("rain 和 sunny 这两个词在词表里几级", tools=TUTOR)
    assert sorted(calls(both), key=str) == [("lookup_word", {"word": "rain"}), ("lookup_word", {"word": "sunny"})]
    mine = ask("is my schedule on the word list", tools=TUTOR)
    assert ("lookup_word", {"word": "schedule"}) not in calls(mine)  # "my schedule" names a thing, not a word


def _schedule_failed(question: str, date: str) -> Decision:
    """The turn after the real ``get_schedule`` refused ``date``."""
    schedule = next(t for t in build_tools() if t.name == "get_schedule")
    args = {"student_id": "S1001", "date": date}
    wire = [{"id": "call_0", "type": "function", "function": {"name": "get_schedule", "arguments": json.dumps(args)}}]
    result = {"role": "tool", "tool_call_id": "call_0", "content": str(schedule.invoke(args))}
    return ask(question, {"role": "assistant", "content": None, "tool_calls": wire}, result, tools=TUTOR)


def test_a_date_that_does_not_exist_is_said_so_in_the_learners_language():
    zh = _schedule_failed("帮我看看 2026-11-31 有没有课", "2026-11-31")
    assert (zh.content or "").startswith("「2026-11-31」这个日期不存在：11 月只有 30 天")
    assert "请核对年、月、日" not in (zh.content or "")  # the tool's refusal is explained, not pasted
    assert any("does not exist" in note for note in zh.record.notes)
    en = _schedule_failed("any class on april 31?", "april 31")
    assert "April has only 30 days" in (en.content or "")


def _schedules(question: str, asked: list[tuple[str, str]]) -> Decision:
    """The turn after the real ``get_schedule`` ran once for each (student, date), all in one message."""
    schedule = next(t for t in build_tools() if t.name == "get_schedule")
    argses = [{"student_id": sid, "date": date} for sid, date in asked]
    wire = [
        {"id": f"call_{n}", "type": "function", "function": {"name": "get_schedule", "arguments": json.dumps(a)}}
        for n, a in enumerate(argses)
    ]
    results = [
        {"role": "tool", "tool_call_id": f"call_{n}", "content": str(schedule.invoke(a))} for n, a in enumerate(argses)
    ]
    return ask(question, {"role": "assistant", "content": None, "tool_calls": wire}, *results, tools=TUTOR)


def test_timetables_all_without_lessons_are_said_to_be_so_at_once():
    zh = _schedules("我和S1003 这周日是不是都没课", [("S1001", "2026-07-26"), ("S1003", "2026-07-26")])
    assert (zh.content or "").startswith("S1001 2026-07-26、S1003 2026-07-26 都没有排课")
    en = _schedules("do S1003 and i both have sunday off", [("S1001", "2026-07-26"), ("S1003", "2026-07-26")])
    assert (en.content or "").startswith("No lessons at all: neither")


def test_english_answers_open_in_english():
    terms = ask("kaoyan vs gaokao, what's the difference?", tools=TUTOR)
    assert calls(terms) == []  # not lookup_word("difference"): a frame word of the comparison
    first = (terms.content or "").splitlines()
    assert first[0] == "They are two different exams:" and first[1].startswith("kaoyan is China's")
    length = _schedules("how long is my speaking class on 2026-07-25", [("S1001", "2026-07-25")])
    assert (length.content or "").startswith("The 19:00–20:00 lesson takes 1 hour (60 minutes)")


def test_both_sides_of_a_comparison_with_than_are_looked_up():
    assert calls(ask("is 'abandon' an easier word than 'coherent'?", tools=TUTOR)) == [
        ("lookup_word", {"word": "abandon"}),
        ("lookup_word", {"word": "coherent"}),
    ]
    assert calls(ask("is negotiate harder than accord", tools=TUTOR)) == [
        ("lookup_word", {"word": "negotiate"}),
        ("lookup_word", {"word": "accord"}),
    ]


def test_an_id_said_not_to_be_meant_is_never_called_even_before_chinese():
    decision = ask("不是S1002，看下S1003的进度", tools=TUTOR)
    assert calls(decision) == [("get_learning_record", {"student_id": "S1003"})]
    step = next(s for s in decision.record.steps if s.typed == "不是S1002")
    assert "corrected" in step.en and "更正" in step.zh
    short = ask("不是S1002，我学号是S10，看下进度", tools=TUTOR)
    assert calls(short) == [] and "S10" in (short.content or "") and "4 位数字" in (short.content or "")
    english = ask("not S1003 - my id is S103, progress pls", tools=TUTOR)
    assert calls(english) == [] and "4 digits" in (english.content or "")
