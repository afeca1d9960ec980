"""Issue 23, thirteenth round: what the new tuned parts (learners18-22) missed, each kind on wordings of its own.

Learners who say who they are in passing ("1003 here", "(S1004)", "I'm student no. 1004"); clauses that only tell
("my roommate thinks …", "外面在下雨") beside the one that asks; news and thanks with nothing to look up; dates
written "Tue -", "7/29", "a week Friday" or "三十号"; what a named tool returns; an answer's language asked for in
words; a word of English that is no misspelt city ("changing" is not Chongqing). Every test runs the app's real
tools and asserts what must not be called as plainly as what must."""

from __future__ import annotations

import json

from lessons.tutor.tools import build_tools
from tests.unit.model.helpers import SEARCH, TUTOR, WEATHER, answered, ask, called, calls, ran_each
from toolcall_lab.stages.weather_data import build_weather_tool

_TOOLS = {t.name: t for t in build_tools()}
_TODAY = "You are the tutor assistant. Today is Monday, 20 July 2026. Students without an id are S1002."
_TODAY_ZH = "你是助教。今天是 2026 年 7 月 20 日，星期一。学生没报学号时用 S1002。"


def _record(student: str) -> list[dict[str, object]]:
    """An earlier turn that fetched ``student``'s record with the real tool."""
    return ran_each("get_learning_record", [{"student_id": student}], _TOOLS["get_learning_record"].invoke)


def test_a_learner_who_says_who_they_are_in_passing_is_looked_up_as_themself():
    here = ask("hey, 1003 here. what did i get on my last test?", tools=TUTOR)
    bracket = ask("(S1004) how far along am I?", tools=TUTOR)
    numbered = ask("I'm student no. 1004, any weak spots?", tools=TUTOR)
    grouped = ask("my id is S 10 02, where am I weakest", tools=TUTOR)
    assert calls(here) == [("get_learning_record", {"student_id": "S1003"})]
    assert calls(bracket) == [("get_learning_record", {"student_id": "S1004"})]
    assert calls(numbered) == [("get_learning_record", {"student_id": "S1004"})]
    assert calls(grouped) == [("get_learning_record", {"student_id": "S1002"})]


def test_an_id_said_in_an_earlier_turn_stays_the_learners_own():
    decision = ask("this is 1004 speaking", "ok, anything on 2026-07-29 for me?", tools=TUTOR)
    assert calls(decision) == [("get_schedule", {"student_id": "S1004", "date": "2026-07-29"})]


def test_a_clause_that_only_tells_asks_nothing_beside_the_one_that_asks():
    told = ask("My roommate thinks 'benefit' is easy. What level is 'coherent'?", tools=TUTOR)
    raining = ask("外面在下雨，我不想出门。accord 什么意思？", tools=[*TUTOR, *WEATHER])
    assert calls(told) == [("lookup_word", {"word": "coherent"})]
    assert calls(raining) == [("lookup_word", {"word": "accord"})]


def test_a_told_clause_pointed_back_at_still_gives_its_word():
    decision = ask("I keep forgetting 'leisure'. What level is it?", tools=TUTOR)
    assert calls(decision) == [("lookup_word", {"word": "leisure"})]


def test_news_and_thanks_with_nothing_to_look_up_call_nothing():
    news = ask("guess what, I passed my piano exam!", tools=TUTOR)
    thanks = ask("别查课表了，就想说声谢谢你", tools=TUTOR)
    chat = ask("what's a nice way to start the morning? just chatting, no need to look anything up", tools=TUTOR)
    for decision in (news, thanks, chat):
        assert calls(decision) == []
        assert "still need" not in (decision.content or "") and "还缺" not in (decision.content or "")
    assert "sharing" in (news.content or "")


def test_dates_written_the_way_learners_write_them():
    short = ask("Tue - where is my class?", tools=TUTOR, system=_TODAY)
    slashed = ask("any lessons 7/29?", tools=TUTOR, system=_TODAY)
    a_week = ask("anything on a week Friday?", tools=TUTOR, system=_TODAY)
    zh_day = ask("三十号有课吗", tools=TUTOR, system=_TODAY_ZH)
    assert calls(short) == [("get_schedule", {"student_id": "S1002", "date": "2026-07-21"})]
    assert calls(slashed) == [("get_schedule", {"student_id": "S1002", "date": "2026-07-29"})]
    assert calls(a_week) == [("get_schedule", {"student_id": "S1002", "date": "2026-07-31"})]
    assert calls(zh_day) == [("get_schedule", {"student_id": "S1002", "date": "2026-07-30"})]


def test_a_slash_date_that_reads_both_ways_is_not_guessed():
    decision = ask("any lessons 7/8?", tools=TUTOR, system=_TODAY)
    assert all(args.get("date") not in ("2026-07-08", "2026-08-07") for _, args in calls(decision))


def test_a_weekday_listed_after_one_of_next_week_is_of_next_week_too():
    decision = ask("下周二和周四我有什么课", tools=TUTOR, system=_TODAY_ZH)
    assert sorted(calls(decision), key=str) == [
        ("get_schedule", {"student_id": "S1002", "date": "2026-07-28"}),
        ("get_schedule", {"student_id": "S1002", "date": "2026-07-30"}),
    ]


def test_a_weekday_after_an_earlier_date_counts_from_that_date_without_today():
    history = ["my lessons on 2026-07-29?", called("get_schedule", {"student_id": "S1001", "date": "2026-07-29"})]
    decision = ask(*history, answered("…"), "and the saturday after that?", tools=TUTOR)
    assert calls(decision) == [("get_schedule", {"student_id": "S1001", "date": "2026-08-01"})]


def test_the_same_again_for_a_bare_number_takes_the_earlier_ids_letters():
    decision = ask("S1003's progress please", *_record("S1003"), "now the same for 1002", tools=TUTOR)
    assert calls(decision) == [("get_learning_record", {"student_id": "S1002"})]


def test_a_bare_year_in_a_follow_up_is_no_id():
    history = ["classes on 2026-07-25?", called("get_schedule", {"student_id": "S1001", "date": "2026-07-25"})]
    decision = ask(*history, answered("…"), "and 2026-07-27?", tools=TUTOR)
    assert calls(decision) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-27"})]


def test_the_first_student_asked_about_counts_across_the_conversation():
    first = ["how is S1004 doing?", *_record("S1004")]
    second = ["and S1002?", *_record("S1002")]
    decision = ask(*first, *second, "ok go back to the first student I asked about, any class on 2026-07-29?")
    assert calls(decision) == [("get_schedule", {"student_id": "S1004", "date": "2026-07-29"})]


def test_ruled_out_things_are_not_looked_up():
    pulled = ask("don't bring up S1002, show me S1003's record", tools=TUTOR)
    aside = ask("Set 'accord' aside, I already know that one. Is 'benefit' in the syllabus?", tools=TUTOR)
    corrected = ask("不是 2026-07-28，我说错了，是 2026-07-30。那天有课吗？", tools=TUTOR)
    except_one = ask("除了 benefit 以外，accord 和 leisure 都帮我查一下", tools=TUTOR)
    assert calls(pulled) == [("get_learning_record", {"student_id": "S1003"})]
    assert calls(aside) == [("lookup_word", {"word": "benefit"})]
    assert calls(corrected) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-30"})]
    assert sorted(calls(except_one), key=str) == [
        ("lookup_word", {"word": "accord"}),
        ("lookup_word", {"word": "leisure"}),
    ]


def test_the_answers_language_asked_for_in_words_is_kept():
    weather = build_weather_tool()
    history = ["tokyo weather", *ran_each("get_weather", [{"city": "Tokyo"}], lambda a: json.dumps(weather.invoke(a)))]
    again = ask(*history, "now tell me that in chinese", tools=WEATHER, system=None)
    english = ask("首尔天气，用英文回答", tools=WEATHER, system=None)
    assert calls(again) == [] and (again.content or "").startswith("东京")
    assert calls(english) == [("get_weather", {"city": "Seoul"})] and english.record.lang == "en"


def test_an_english_word_is_no_misspelt_city():
    decision = ask("my plans keep changing lol, what's the weather in Seoul", tools=WEATHER, system=None)
    assert calls(decision) == [("get_weather", {"city": "Seoul"})]


def test_a_code_name_far_from_the_weather_is_no_place():
    decision = ask("StateGraph 是干什么的？外面天气不错我待会儿要出门", tools=[*SEARCH, *WEATHER], system=None)
    assert all(name != "get_weather" for name, _ in calls(decision))


def test_what_a_named_tool_returns_is_answered_from_its_schema():
    en = ask("what does get_schedule return on a day with no classes?", tools=TUTOR)
    zh = ask("lookup_word 会返回什么", tools=TUTOR)
    assert calls(en) == [] and "get_schedule" in (en.content or "")
    assert calls(zh) == [] and "lookup_word" in (zh.content or "")


def test_questions_about_the_assistant_and_the_field_need_no_call():
    choose = ask("how do you choose which tool to call?", tools=TUTOR)
    opinion = ask("你觉得学 LangGraph 有没有必要", tools=SEARCH, system=None)
    term = ask("what is JSON?", tools=SEARCH, system=None)
    for decision in (choose, opinion, term):
        assert calls(decision) == []
    assert "JavaScript Object Notation" in (term.content or "")


def test_the_role_the_system_prompt_gives_answers_who_are_you():
    decision = ask("你是谁呀", tools=TUTOR)
    assert calls(decision) == [] and "小E" in (decision.content or "")


def test_a_city_outside_the_data_is_passed_on_by_its_name():
    decision = ask("is it snowing in budapest rn", tools=WEATHER, system=None)
    assert calls(decision) == [("get_weather", {"city": "Budapest"})]


def test_a_pinyin_syllable_is_no_slip_for_another_city():
    decision = ask("beijing tianqi zenmeyang, wo xiang qu wan", tools=WEATHER, system=None)
    assert calls(decision) == [("get_weather", {"city": "Beijing"})]


def test_a_follow_up_without_an_id_stays_on_the_student_asked_about():
    decision = ask("S1003's record", *_record("S1003"), "and the weak points again?", tools=TUTOR)
    assert all(args.get("student_id") != "S1001" for _, args in calls(decision))
    assert "S1003" in (decision.content or "") or calls(decision) == [("get_learning_record", {"student_id": "S1003"})]


def test_thanks_for_something_named_and_goodbye_call_nothing():
    decision = ask("thanks for all the timetable help, bye!", tools=TUTOR)
    assert calls(decision) == [] and "still need" not in (decision.content or "")


def test_numbers_the_learner_gives_are_worked_out():
    percent = ask("what's 20 out of 80 as a percentage?", tools=TUTOR)
    warmed = ask("it was 32 degrees, then it warmed up by 4. what is it now?", tools=WEATHER, system=None)
    zh = ask("华氏 68 度是摄氏多少度", tools=WEATHER, system=None)
    assert calls(percent) == [] and "25%" in (percent.content or "")
    assert calls(warmed) == [] and "36" in (warmed.content or "")
    assert calls(zh) == [] and "20" in (zh.content or "")


def test_a_tool_named_by_what_it_does_is_not_run():
    decision = ask("which of your tools would give me my test scores? don't run it", tools=TUTOR)
    assert calls(decision) == [] and "get_learning_record" in (decision.content or "")


def test_a_weekend_the_week_after_next_and_the_end_of_the_month():
    weekend = ask("这周末有课吗", tools=TUTOR, system=_TODAY_ZH)
    after_next = ask("the week after next, Tuesday: any class?", tools=TUTOR, system=_TODAY)
    month_end = ask("月底那天有课吗", tools=TUTOR, system=_TODAY_ZH)
    assert sorted(calls(weekend), key=str) == [
        ("get_schedule", {"student_id": "S1002", "date": "2026-07-25"}),
        ("get_schedule", {"student_id": "S1002", "date": "2026-07-26"}),
    ]
    assert calls(after_next) == [("get_schedule", {"student_id": "S1002", "date": "2026-08-04"})]
    assert calls(month_end) == [("get_schedule", {"student_id": "S1002", "date": "2026-07-31"})]


def test_ids_and_cities_typed_with_slips():
    letter_o = ask("S1O04 progress?", tools=TUTOR)
    toned = ask("Shang4hai3 weather now", tools=WEATHER, system=None)
    old_name = ask("Pusan weather today", tools=WEATHER, system=None)
    glued = ask("seoul现在冷不冷", tools=WEATHER, system=None)
    assert calls(letter_o) == [("get_learning_record", {"student_id": "S1004"})]
    assert calls(toned) == [("get_weather", {"city": "Shanghai"})]
    assert calls(old_name) == [("get_weather", {"city": "Busan"})]
    assert calls(glued) == [("get_weather", {"city": "Seoul"})]


def test_an_earlier_reading_is_given_in_fahrenheit_when_asked():
    weather = build_weather_tool()
    history = ["seoul now", *ran_each("get_weather", [{"city": "Seoul"}], lambda a: json.dumps(weather.invoke(a)))]
    decision = ask(*history, "in fahrenheit?", tools=WEATHER, system=None)
    assert calls(decision) == [] and "°F" in (decision.content or "")


def test_what_is_left_out_of_a_list_is_not_looked_up():
    except_one = ask("Except Tokyo, which of Seoul and Paris is warmer now?", tools=WEATHER, system=None)
    known = ask("我已经知道 benefit 是 B1 了，帮我查 leisure", tools=TUTOR)
    assert sorted(calls(except_one), key=str) == [
        ("get_weather", {"city": "Paris"}),
        ("get_weather", {"city": "Seoul"}),
    ]
    assert calls(known) == [("lookup_word", {"word": "leisure"})]


def test_a_numbered_list_is_several_asks_and_a_translation_to_another_language_is_declined():
    listed = ask("1) Tokyo weather 2) Seoul weather", tools=WEATHER, system=None)
    french = ask("how would you say 'good luck' in French?", tools=TUTOR)
    assert sorted(calls(listed), key=str) == [("get_weather", {"city": "Seoul"}), ("get_weather", {"city": "Tokyo"})]
    assert calls(french) == [] and "still need" not in (french.content or "")


def test_a_weekday_of_this_week_is_this_weeks_even_when_it_is_gone():
    system = "You are the tutor assistant. Today is Friday, 24 July 2026. Students without an id are S1002."
    decision = ask("what did I have on Monday this week?", tools=TUTOR, system=system)
    assert calls(decision) == [("get_schedule", {"student_id": "S1002", "date": "2026-07-20"})]
