"""Issue 23, the round against ``learners9``: general rules, each tried here on wordings of its own kind that
are not the part's. Each test is one behaviour on the app's real tools; what the model must *not* call is
asserted as plainly as what it must."""

from __future__ import annotations

from lessons.search_assistant.agent import SYSTEM_PROMPT as SEARCH_PROMPT
from tests.unit.model.helpers import ALL, SEARCH, TUTOR, WEATHER, ask, calls
from toolcall_lab.offline.knowledge import arithmetic, unit_conversion
from toolcall_lab.offline.nlu import cities_in, learner_language
from toolcall_lab.offline.spans import days_asked


def test_a_place_to_look_up_and_little_else_is_a_weather_call():
    assert calls(ask("帮我查查杭州", tools=WEATHER, system=None)) == [("get_weather", {"city": "Hangzhou"})]
    assert calls(ask("I moved to Seoul, check it out", tools=WEATHER, system=None)) == []
    assert calls(ask("look up the word London", tools=ALL)) == [("lookup_word", {"word": "London"})]


def test_a_sum_or_a_conversion_in_words_is_answered_without_a_call():
    assert arithmetic("quick maths: eighty times fifteen percent = ?") == "12"
    assert arithmetic("twenty-five plus seventeen") == "42"
    assert arithmetic("what's 3 plus 4 percent") is not None
    decision = ask("math q: forty divided by eight", tools=SEARCH, system=SEARCH_PROMPT)
    assert calls(decision) == [] and "5" in (decision.content or "")
    decision = ask("1 公里大概等于多少英里", tools=SEARCH, system=SEARCH_PROMPT)
    assert calls(decision) == [] and "0.621" in (decision.content or "")
    decision = ask("how many kg is 10 pounds?", tools=SEARCH, system=SEARCH_PROMPT)
    assert calls(decision) == [] and "4.54" in (decision.content or "")
    assert unit_conversion("I ran 5 km today") is None


def test_common_verbs_and_kinds_of_words_are_not_words_asked_about():
    assert calls(ask("do i gotta memorise meticulous for kaoyan or nah", tools=TUTOR)) == [
        ("lookup_word", {"word": "meticulous"})
    ]
    assert calls(ask("I never remember ubiquitous, what level is it", tools=TUTOR)) == [
        ("lookup_word", {"word": "ubiquitous"})
    ]
    assert not any(args.get("word") == "linking" for _, args in calls(ask("three linking words please", tools=TUTOR)))


def test_look_up_a_student_by_number_opens_their_record():
    assert calls(ask("look up student 7777", tools=TUTOR)) == [("get_learning_record", {"student_id": "S7777"})]
    assert calls(ask("查一下学号1003", tools=TUTOR)) == [("get_learning_record", {"student_id": "S1003"})]
    assert calls(ask("S1002", tools=TUTOR)) == []  # an id alone asks nothing


def test_an_id_stated_as_a_clause_is_the_learners_own():
    assert calls(ask("what's on my record? id S2001", tools=TUTOR)) == [
        ("get_learning_record", {"student_id": "S2001"})
    ]
    assert calls(ask("my weak points, id S1003", tools=TUTOR)) == [("get_learning_record", {"student_id": "S1003"})]
    both = calls(ask("my progress and S1003 progress", tools=TUTOR))
    assert sorted(a["student_id"] for _, a in both) == ["S1001", "S1003"]


def test_a_short_capitalised_place_one_letter_off_a_city_is_that_city():
    assert cities_in("temperature in Soul right now") == ("Seoul",)
    assert cities_in("weather in Pari") == ("Paris",)
    assert cities_in("I love Soul music") == ()
    assert calls(ask("is it raining in Soul", tools=WEATHER, system=None)) == [("get_weather", {"city": "Seoul"})]


def test_about_n_days_counts_n():
    assert days_asked("杭州往后十来天天气会怎样") == 10
    assert days_asked("next ten-ish days in Paris") == 10
    assert days_asked("10 or so days") == 10
    assert calls(ask("广州未来十几天", tools=WEATHER, system=None)) == [
        ("get_weather", {"city": "Guangzhou", "days": 7})
    ]


def test_progress_and_level_said_another_way():
    assert calls(ask("am I halfway through my course yet?", tools=TUTOR)) == [
        ("get_learning_record", {"student_id": "S1001"})
    ]
    assert calls(ask("离我把这门课上完还早着吗", tools=TUTOR)) == [("get_learning_record", {"student_id": "S1001"})]
    assert sorted(calls(ask("查下我的档案，顺便看看 benefit 什么意思", tools=TUTOR)), key=str) == [
        ("get_learning_record", {"student_id": "S1001"}),
        ("lookup_word", {"word": "benefit"}),
    ]
    assert calls(ask("how hard is negotiate and leisure each", tools=TUTOR)) == [
        ("lookup_word", {"word": "negotiate"}),
        ("lookup_word", {"word": "leisure"}),
    ]


def test_a_listed_word_keeps_its_place_with_small_words_after_it():
    assert calls(ask("tell me how difficult accord, leisure and schedule each are", tools=TUTOR)) == [
        ("lookup_word", {"word": "accord"}),
        ("lookup_word", {"word": "leisure"}),
        ("lookup_word", {"word": "schedule"}),
    ]


def test_where_a_days_lesson_is_asks_the_timetable():
    system = "Today is Friday, 24 July 2026. The student's id is S1001."
    decision = ask(
        "I don't care about my scores, just tell me where Saturday's speaking practice is", tools=TUTOR, system=system
    )
    assert calls(decision) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-25"})]
    decision = ask("where's Monday's listening class?", tools=TUTOR, system=system)
    assert calls(decision) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-27"})]


def test_an_english_frame_with_chinese_words_is_answered_in_english():
    assert learner_language("my 学号 is S1004, what's my 进度?") == "en"
    assert learner_language("is 'accord' a 名词 or a 动词") == "en"
    assert learner_language("我 this Saturday 有几节 class") == "zh"
    assert learner_language("benefit leisure schedule 分别几级") == "zh"
    assert learner_language("get_weather 的 days 参数最多能填几？") == "zh"
