"""Fourteenth round: what this session built, each kind on wordings of its own.

Ids written "stu-1002", "S-1-0-0-4", quoted, or told in a clause of their own; cities by old romanisations and
old names ("Hang-chou", "Calcutta", 北平), several cities in one short name (北上广), Latin capitals against Chinese,
and places that are no city at all; days asked as "the next few days", "a 2-week trip", "the one after tomorrow",
"大后天不算，就后天"; words that only sound like a record, quoted words that are only told about, grammar asked with
two quoted phrases; English answers without the Chinese originals beside their glosses; small talk, rules of thumb,
sums and the assistant's name; recall of what the learner said (recall.py); questions about how the assistant and
its tools are set up; a prompt that declines some tools; teachers, follow-ups, a search with a detail asked of it.
Every test runs the app's real tools where an answer is checked, and asserts what must not be called as plainly as
what must."""

from __future__ import annotations

import json
import re

from benchmarks.model_harness import _DECLINES
from lessons.tutor.tools import build_tools
from tests.unit.model.helpers import SEARCH, TUTOR, WEATHER, ask, calls, ran_each
from toolcall_lab.offline import recall, spans
from toolcall_lab.stages.weather_data import MAX_DAYS, build_weather_tool

_TOOLS = {t.name: t for t in build_tools()}
_TODAY = "You are the tutor assistant. Today is Wednesday, 5 August 2026. Students without an id are S1002."
_TODAY_ZH = "你是助教。今天是 2026 年 8 月 5 日，星期三。学生没报学号时用 S1002。"
_VOCAB_ONLY = (
    "You are a vocabulary helper. You only look up words; politely decline questions about timetables or records."
)
# A bracket holding Chinese: the original the gloss module drops from English answers.
_CHINESE_IN_BRACKETS = re.compile(r"[(（][^()（）]*[\u4e00-\u9fff][^()（）]*[)）]")


def _ran(name: str, *args_list: dict[str, object]) -> list[dict[str, object]]:
    """An earlier turn that ran the real tutor tool ``name`` once for each of ``args_list``."""
    return ran_each(name, list(args_list), _TOOLS[name].invoke)


def _weather(city: str) -> list[dict[str, object]]:
    """An earlier turn that ran the real weather tool for ``city``."""
    weather = build_weather_tool()
    return ran_each("get_weather", [{"city": city}], lambda a: json.dumps(weather.invoke(a), ensure_ascii=False))


def _asks_for_nothing(text: str | None) -> bool:
    return "still need" not in (text or "") and "还缺" not in (text or "")


def test_ids_with_a_prefix_quotes_hyphens_or_a_possessive_are_the_students():
    prefixed = ask("stu-1002 how am I doing overall?", tools=TUTOR)
    quoted = ask('my student ID "1003" — what were my test scores?', tools=TUTOR)
    hyphens = ask("my id is S-1-0-0-4. what were my test scores?", tools=TUTOR)
    zh = ask("帮我看看1004的学习记录", tools=TUTOR)
    possessive = ask("show me 1003's progress", tools=TUTOR)
    assert calls(prefixed) == [("get_learning_record", {"student_id": "S1002"})]
    assert calls(quoted) == [("get_learning_record", {"student_id": "S1003"})]
    assert calls(hyphens) == [("get_learning_record", {"student_id": "S1004"})]
    assert calls(zh) == [("get_learning_record", {"student_id": "S1004"})]
    assert calls(possessive) == [("get_learning_record", {"student_id": "S1003"})]


def test_an_id_told_in_a_clause_of_its_own_or_as_a_student_number_is_asked_about():
    labelled = ask("Learner ID: s1003. Which areas am I weak in?", tools=TUTOR)
    number = ask("student number 1002, how's their coursework going", tools=TUTOR)
    assert calls(labelled) == [("get_learning_record", {"student_id": "S1003"})]
    assert calls(number) == [("get_learning_record", {"student_id": "S1002"})]


def test_old_romanisations_and_old_names_of_cities_are_todays_names():
    hang_chou = ask("is it raining in Hang-chou?", tools=WEATHER, system=None)
    pei_ching = ask("Pei-ching, is it hot there now?", tools=WEATHER, system=None)
    calcutta = ask("how's the weather in Calcutta", tools=WEATHER, system=None)
    bei_ping = ask("北平今天天气如何", tools=WEATHER, system=None)
    assert calls(hang_chou) == [("get_weather", {"city": "Hangzhou"})]
    assert calls(pei_ching) == [("get_weather", {"city": "Beijing"})]
    # Kolkata is not in the weather data; the call still carries today's name, not the old one.
    assert calls(calcutta) == [("get_weather", {"city": "Kolkata"})]
    assert calls(bei_ping) == [("get_weather", {"city": "Beijing"})]


def test_bei_shang_guang_is_three_cities():
    decision = ask("北上广今天都热吗", tools=WEATHER, system=None)
    assert sorted(calls(decision), key=str) == [
        ("get_weather", {"city": "Beijing"}),
        ("get_weather", {"city": "Guangzhou"}),
        ("get_weather", {"city": "Shanghai"}),
    ]


def test_latin_capitals_touching_chinese_are_a_city():
    nyc = ask("NYC今天天气", tools=WEATHER, system=None)
    la = ask("LA明天热不热", tools=WEATHER, system=None)
    assert calls(nyc) == [("get_weather", {"city": "New York"})]
    assert calls(la) == [("get_weather", {"city": "Los Angeles", "days": 2})]


def test_a_desert_a_mountain_or_a_planet_is_no_city_and_no_city_is_demanded():
    sahara = ask("what's the weather like in the Sahara right now?", tools=WEATHER, system=None)
    everest = ask("how cold is it on Mount Everest today", tools=WEATHER, system=None)
    mars = ask("火星上现在天气怎么样", tools=WEATHER, system=None)
    for decision in (sahara, everest, mars):
        assert calls(decision) == []
        assert _asks_for_nothing(decision.content)
    assert "the Sahara" in (sahara.content or "") and "not a city" in (sahara.content or "")
    assert "Mount Everest" in (everest.content or "")
    assert "火星" in (mars.content or "") and "不是城市" in (mars.content or "")


def test_a_few_days_and_a_count_of_days():
    few = ask("Tokyo weather for the next few days", tools=WEATHER, system=None)
    zh_few = ask("这几天杭州会下雨吗", tools=WEATHER, system=None)
    seven = ask("Seoul forecast, next 7 please", tools=WEATHER, system=None)
    assert calls(few) == [("get_weather", {"city": "Tokyo", "days": 3})]
    assert calls(zh_few) == [("get_weather", {"city": "Hangzhou", "days": 3})]
    assert calls(seven) == [("get_weather", {"city": "Seoul", "days": 7})]


def test_a_two_week_trip_asks_fourteen_days_and_the_call_keeps_to_the_tools_limit():
    question = "I'm going on a 2-week trip to Paris, what will the weather be?"
    assert spans.days_asked(question) == 14
    # The schema says days runs 1 to 7: the model sends the most it allows, not 14.
    decision = ask(question, tools=WEATHER, system=None)
    assert calls(decision) == [("get_weather", {"city": "Paris", "days": MAX_DAYS})]


def test_days_named_by_where_they_fall_after_today():
    after = ask("do I have class the one after tomorrow?", tools=TUTOR, system=_TODAY)
    thursday = ask("any lesson this coming Thu?", tools=TUTOR, system=_TODAY)
    taken_back = ask("大后天不算，就后天，我有课吗", tools=TUTOR, system=_TODAY_ZH)
    assert calls(after) == [("get_schedule", {"student_id": "S1002", "date": "2026-08-07"})]
    assert calls(thursday) == [("get_schedule", {"student_id": "S1002", "date": "2026-08-06"})]
    assert calls(taken_back) == [("get_schedule", {"student_id": "S1002", "date": "2026-08-07"})]


def test_a_trip_next_week_beside_a_day_named_asks_that_day():
    en = ask("I'm off to Tokyo next week. What about tomorrow's weather there?", tools=WEATHER, system=None)
    zh = ask("下周要飞首尔，明天那边天气怎样", tools=WEATHER, system=None)
    assert calls(en) == [("get_weather", {"city": "Tokyo", "days": 2})]
    assert calls(zh) == [("get_weather", {"city": "Seoul", "days": 2})]


def test_words_that_only_sound_like_a_record_ask_for_no_record():
    personal = ask(
        "I'm trying to beat my personal record for words learned today. What level is 'negotiate'?", tools=TUTOR
    )
    testing = ask("just testing — is 'leisure' in the kaoyan syllabus?", tools=TUTOR)
    marked = ask("my tutor marked wrong how I used 'accord'. what does it mean?", tools=TUTOR)
    assert calls(personal) == [("lookup_word", {"word": "negotiate"})]
    assert calls(testing) == [("lookup_word", {"word": "leisure"})]
    assert calls(marked) == [("lookup_word", {"word": "accord"})]


def test_a_word_pointed_back_at_with_zhe_ci_is_the_word_before_it():
    spaced = ask("meticulous 这词考研考不考", tools=TUTOR)
    glued = ask("ubiquitous这词是什么意思", tools=TUTOR)
    assert calls(spaced) == [("lookup_word", {"word": "meticulous"})]
    assert calls(glued) == [("lookup_word", {"word": "ubiquitous"})]


def test_the_word_just_asked_about_is_no_new_word():
    history = ["what level is 'coherent'?", *_ran("lookup_word", {"word": "coherent"})]
    decision = ask(*history, "is the word I just asked about in the kaoyan syllabus?", tools=TUTOR)
    assert calls(decision) == []
    assert "coherent" in (decision.content or "") and "kaoyan syllabus" in (decision.content or "")


def test_a_quoted_word_only_told_about_is_not_looked_up():
    decision = ask("I had 'class' marked wrong in my essay; what level is 'diligent'?", tools=TUTOR)
    assert calls(decision) == [("lookup_word", {"word": "diligent"})]


def test_two_quoted_phrases_side_by_side_are_grammar():
    been_gone = ask("「I have been to」和「I have gone to」有什么区别", tools=TUTOR)
    used_to = ask("「used to do」跟「be used to doing」有啥不同", tools=TUTOR)
    for decision in (been_gone, used_to):
        assert calls(decision) == []
        assert "语法" in (decision.content or "") and _asks_for_nothing(decision.content)
    assert "I have gone to" in (been_gone.content or "")


def test_n_typed_between_two_words_is_and():
    first = ask("lvls of abandon n diligent", tools=TUTOR)
    second = ask("lvls of coherent n leisure pls", tools=TUTOR)
    assert calls(first) == [("lookup_word", {"word": "abandon"}), ("lookup_word", {"word": "diligent"})]
    assert calls(second) == [("lookup_word", {"word": "coherent"}), ("lookup_word", {"word": "leisure"})]


def test_an_idiom_or_a_word_about_weather_asks_no_forecast():
    idiom = ask("it's raining cats and dogs, what does that idiom mean", tools=WEATHER, system=None)
    searchable = ask("it's raining cats and dogs, what does that idiom mean", tools=[*WEATHER, *SEARCH], system=None)
    whether = ask("weather or whether, which one do I use in 'I don't know ___ to go'?", tools=[*TUTOR, *WEATHER])
    for decision in (idiom, searchable, whether):
        assert calls(decision) == []
        assert _asks_for_nothing(decision.content)


def test_english_answers_give_the_gloss_without_the_chinese_original_in_brackets():
    question = "how is my learning going? which areas are weak?"
    assert calls(ask(question, tools=TUTOR)) == [("get_learning_record", {"student_id": "S1001"})]
    decision = ask(question, *_ran("get_learning_record", {"student_id": "S1001"}), tools=TUTOR)
    answer = decision.content or ""
    assert calls(decision) == []
    assert "Weak points" in answer and "薄弱项" not in answer
    assert _CHINESE_IN_BRACKETS.search(answer) is None


def test_in_english_only_drops_the_chinese_meaning_of_a_looked_up_word():
    only = "what does 'diligent' mean, in English only"
    plain = "what does 'diligent' mean?"
    assert calls(ask(only, tools=TUTOR)) == [("lookup_word", {"word": "diligent"})]
    looked_up = _ran("lookup_word", {"word": "diligent"})
    english = ask(only, *looked_up, tools=TUTOR).content or ""
    both = ask(plain, *looked_up, tools=TUTOR).content or ""
    assert "Meaning (Chinese)" in both and "勤奋" in both  # what "in English only" takes out
    assert "Meaning (Chinese)" not in english and "勤奋" not in english
    assert "hard-working" in english


def test_thanks_and_goodbye_beside_a_told_clause_are_small_talk():
    weather = ask("thanks, that's all I needed about the weather, bye", tools=WEATHER, system=None)
    timetable = ask("cheers, that was everything I wanted on my timetable, see ya", tools=TUTOR)
    for decision in (weather, timetable):
        assert calls(decision) == []
        assert _asks_for_nothing(decision.content) and "Goodbye" in (decision.content or "")


def test_how_things_are_as_a_rule_needs_no_call():
    usually = ask("what's it usually like in Tokyo in winter?", tools=WEATHER, system=None)
    level = ask("what makes a word C1 rather than B2?", tools=TUTOR)
    in_general = ask("in general, what makes a word C1?", tools=TUTOR)
    for decision in (usually, level, in_general):
        assert calls(decision) == []
        assert _asks_for_nothing(decision.content)


def test_numbers_the_learner_gives_are_worked_out():
    percent = ask("42除以80等于百分之几", tools=TUTOR)
    fahrenheit = ask("31 in celsius, what's that in fahrenheit", tools=WEATHER, system=None)
    assert calls(percent) == [] and "52.5%" in (percent.content or "")
    assert calls(fahrenheit) == [] and "87.8" in (fahrenheit.content or "")


def test_what_to_call_the_assistant_is_the_name_the_prompt_gives():
    zh = ask("怎么称呼你", tools=TUTOR)
    en = ask("what should I call you?", tools=TUTOR)
    for decision in (zh, en):
        assert calls(decision) == [] and "小E" in (decision.content or "")


def test_service_scope_lists_the_tools_and_asks_for_nothing():
    decision = ask("你的服务范围是什么", tools=TUTOR)
    answer = decision.content or ""
    assert calls(decision) == []
    assert all(name in answer for name in ("lookup_word", "get_schedule", "get_learning_record"))
    assert "还缺" not in answer


def test_what_the_learner_said_earlier_is_recalled_without_a_look_up():
    the_id = ask("my id is S1003", "which id did I just give you?", tools=TUTOR)
    told = ask("my id is S1003, remember it", "what id did I just tell you?", tools=TUTOR)
    name = ask("我叫小林，今天想复习单词", "我刚才说我叫什么来着", tools=TUTOR)
    for decision in (the_id, told):
        assert calls(decision) == [] and "S1003" in (decision.content or "")
    assert calls(name) == [] and "小林" in (name.content or "")


def test_asking_what_was_wrong_in_a_sentence_is_no_recall():
    assert recall.asks_back("which id did I just give you?") == "id"
    assert recall.asks_back("what did I say wrong in this sentence") is None
    decision = ask("my id is S1003", "what did I say wrong in this sentence: 'He go to school yesterday'?", tools=TUTOR)
    assert "The id you gave me" not in (decision.content or "")
    assert all(name != "get_learning_record" for name, _ in calls(decision))


def test_why_the_assistant_is_set_up_as_it_is_needs_no_call():
    days = ask("why does your weather tool only go up to 7 days?", tools=WEATHER, system=None)
    words = ask("why can you only look up words? who decided that?", tools=TUTOR)
    for decision in (days, words):
        assert calls(decision) == []
        assert _asks_for_nothing(decision.content) and "how I was set up" in (decision.content or "")


def test_questions_about_the_weather_tools_schema_are_answered_from_it():
    most = ask("what's the most days get_weather will give me?", tools=WEATHER, system=None)
    params = ask("difference between the city and days params?", tools=WEATHER, system=None)
    day_number = ask("which forecast day number would tomorrow be?", tools=WEATHER, system=None)
    for decision in (most, params, day_number):
        assert calls(decision) == []
    assert "7" in (most.content or "")
    assert "city (string)" in (params.content or "") and "days (integer)" in (params.content or "")
    assert "2 is today and tomorrow" in (day_number.content or "")


def test_a_prompt_that_declines_timetables_and_records_is_kept():
    progress = ask("what's my progress", tools=TUTOR, system=_VOCAB_ONLY)
    lesson = ask("when does my lesson start tomorrow", tools=TUTOR, system=_VOCAB_ONLY)
    scores = ask("how are my test scores looking?", tools=TUTOR, system=_VOCAB_ONLY)
    room = ask("which room is my class in on Friday?", tools=TUTOR, system=_VOCAB_ONLY)
    word = ask("what level is 'ubiquitous'?", tools=TUTOR, system=_VOCAB_ONLY)
    for decision in (progress, lesson, scores, room):
        assert calls(decision) == []
        assert _DECLINES.search(decision.content or "")
    assert calls(word) == [("lookup_word", {"word": "ubiquitous"})]


def test_a_teacher_comparing_students_gets_each_record():
    named = ask("I'm checking on S1001, S1002 and S1003. Which of them is furthest through their course?", tools=TUTOR)
    taught = ask("I teach S1002, S1003 and S1004 — who of them has done the most lessons so far?", tools=TUTOR)
    assert calls(named) == [("get_learning_record", {"student_id": f"S100{n}"}) for n in (1, 2, 3)]
    assert calls(taught) == [("get_learning_record", {"student_id": f"S100{n}"}) for n in (2, 3, 4)]


def test_same_question_for_another_city_carries_the_question():
    history = ["what's the weather in Tokyo today?", *_weather("Tokyo")]
    paris = ask(*history, "ok and over in Paris, same question", tools=WEATHER, system=None)
    seoul = ask(*history, "right, and Seoul — same question", tools=WEATHER, system=None)
    assert calls(paris) == [("get_weather", {"city": "Paris"})]
    assert calls(seoul) == [("get_weather", {"city": "Seoul"})]


def test_which_of_the_two_is_harder_points_back_at_the_words_looked_up():
    en = [
        "what levels are 'benefit' and 'meticulous'?",
        *_ran("lookup_word", {"word": "benefit"}, {"word": "meticulous"}),
    ]
    zh = ["meticulous 和 leisure 分别是几级", *_ran("lookup_word", {"word": "meticulous"}, {"word": "leisure"})]
    harder = ask(*en, "which of the two is the harder one?", tools=TUTOR)
    difficult = ask(*en, "which of the two is more difficult?", tools=TUTOR)
    reversed_order = ask(*zh, "which of the two is the harder one?", tools=TUTOR)
    for decision in (harder, difficult):
        assert calls(decision) == []
        assert "meticulous (C2) is the harder word" in (decision.content or "")
    assert calls(reversed_order) == []
    assert "meticulous (C2) is the harder word" in (reversed_order.content or "")


def test_a_detail_asked_of_a_search_is_no_second_search():
    decision = ask(
        "search whether it will rain in Tokyo tomorrow and tell me the chance of rain", tools=SEARCH, system=None
    )
    assert len(calls(decision)) == 1
    name, args = calls(decision)[0]
    assert name == "search_web" and "Tokyo" in args["query"]


def test_teaches_is_no_slip_for_teacher_and_the_time_of_day_is_no_timetable():
    july = ask("who teaches me on 2026-07-29?", tools=TUTOR)
    august = ask("who teaches me on 2026-08-03", tools=TUTOR)
    clock = ask("what time is it in Tokyo", tools=TUTOR)
    assert calls(july) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-29"})]
    assert calls(august) == [("get_schedule", {"student_id": "S1001", "date": "2026-08-03"})]
    assert calls(clock) == []
