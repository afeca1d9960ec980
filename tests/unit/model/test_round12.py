"""Issue 23, twelfth round: what the new tuned parts (learners13-15) missed, each kind on wordings of its own.

A value asked back by its kind; a syllabus verdict only for the word its clause asks about; the Chinese for a
word looked up; a restriction written "weather-only assistant"; a learner saying who they are without asking
for their record; "of next week" and European dates; a new count in place of the old one; the docs' own terms
sent to the search tool. Every test runs the app's real tools and asserts what must not be called as plainly
as what must."""

from __future__ import annotations

import json

from lessons.tutor.tools import build_tools
from tests.unit.model.helpers import SEARCH, TUTOR, WEATHER, answered, ask, called, calls, ran_each

_TOOLS = {t.name: t for t in build_tools()}
_TODAY = "You are the tutor assistant. Today is Monday, 20 July 2026. Students without an id are S1002."


def test_a_missing_city_is_asked_back_by_its_kind_in_both_languages():
    en = ask("is it going to pour later?", tools=WEATHER, system=None)
    zh = ask("后天会不会降温", tools=WEATHER, system=None)
    assert calls(en) == [] and (en.content or "").startswith("Which city do you mean?")
    assert calls(zh) == [] and (zh.content or "").startswith("你问的是哪个城市？")


def test_the_chinese_for_a_word_is_looked_up():
    decision = ask("what's the chinese word for diligent", tools=TUTOR)
    assert calls(decision) == [("lookup_word", {"word": "diligent"})]


def test_a_syllabus_verdict_is_given_only_for_the_word_its_clause_asks_about():
    first, second = "diligent", "ambiguous"
    history = ran_each("lookup_word", [{"word": first}, {"word": second}], _TOOLS["lookup_word"].invoke)
    decision = ask("the meaning of diligent? and is ambiguous on the kaoyan list", *history, tools=TUTOR)
    content = decision.content or ""
    assert "Yes: ambiguous is in the kaoyan syllabus" in content
    assert "diligent is not in the kaoyan syllabus" not in content.split("\n")[0]
    assert "勤奋" in content  # diligent's meaning is still given


def test_a_hyphened_restriction_declines_other_topics():
    system = "You are a vocabulary-only assistant. Politely decline anything else."
    declined = ask("how warm is seoul today", tools=[*TUTOR, *WEATHER], system=system)
    served = ask("what level is accord", tools=[*TUTOR, *WEATHER], system=system)
    assert calls(declined) == [] and "vocabulary-only" in (declined.content or "")
    assert calls(served) == [("lookup_word", {"word": "accord"})]


def test_saying_who_you_are_asks_for_no_record():
    decision = ask("my id is S1004, anything on 2026-07-29?", tools=TUTOR)
    assert calls(decision) == [("get_schedule", {"student_id": "S1004", "date": "2026-07-29"})]


def test_a_weekday_of_next_week_and_a_european_date_are_resolved():
    next_week = ask("any class on friday of next week", tools=TUTOR, system=_TODAY)
    dotted = ask("lessons on 29.07.2026?", tools=TUTOR, system=_TODAY)
    assert calls(next_week) == [("get_schedule", {"student_id": "S1002", "date": "2026-07-31"})]
    assert calls(dotted) == [("get_schedule", {"student_id": "S1002", "date": "2026-07-29"})]


def test_a_new_count_replaces_the_old_one_and_every_day_is_told():
    weather = WEATHER[0]
    first = ask("seoul forecast two days", tools=WEATHER, system=None)
    assert calls(first) == [("get_weather", {"city": "Seoul", "days": 2})]
    from toolcall_lab.stages.weather_data import build_weather_tool

    result = str(build_weather_tool().invoke({"city": "Seoul", "days": 2}))
    again = ask(
        "seoul forecast two days",
        called("get_weather", {"city": "Seoul", "days": 2}),
        answered(result),
        {"role": "assistant", "content": "…"},
        "change it to 5",
        tools=[weather],
        system=None,
    )
    assert calls(again) == [("get_weather", {"city": "Seoul", "days": 5})]


def test_the_docs_own_terms_go_to_the_search_tool_not_the_word_list():
    decision = ask("can you look up ToolNode for me", tools=[*TUTOR, *SEARCH])
    assert [name for name, _ in calls(decision)] == ["search_web"]


def test_a_search_hit_sharing_only_the_place_is_not_relevant():
    from lessons.search_assistant.agent import SYSTEM_PROMPT, make_search_web_tool

    question = "nice sushi bars in tokyo"
    first = ask(question, tools=SEARCH, system=SYSTEM_PROMPT)
    assert [name for name, _ in calls(first)] == ["search_web"]
    args = dict(calls(first)[0][1])
    hits = json.dumps(make_search_web_tool().invoke(args), ensure_ascii=False)
    final = ask(question, called("search_web", args), answered(hits), tools=SEARCH, system=SYSTEM_PROMPT)
    assert "nothing relevant" in (final.content or "") and "°C" not in (final.content or "")


def test_a_greeting_with_good_wishes_calls_nothing():
    decision = ask("morning! hope you're keeping well", tools=TUTOR)
    assert calls(decision) == []


def test_an_id_shape_question_without_the_word_parameter_is_read_from_the_schema():
    decision = ask("does every student id begin with S?", tools=TUTOR)
    assert calls(decision) == [] and "S followed by 4 digits" in (decision.content or "")


def test_a_place_taken_back_in_the_same_message_is_not_called():
    en = ask("london, hmm, no wait, make it paris, weather now", tools=WEATHER, system=None)
    zh = ask("查查上海……算了，不要上海，查首尔吧", tools=WEATHER, system=None)
    assert calls(en) == [("get_weather", {"city": "Paris"})]
    assert calls(zh) == [("get_weather", {"city": "Seoul"})]


def test_goodbyes_that_name_a_class_or_a_meal_call_nothing():
    for said in ("alright that's all i needed, later", "谢谢你帮忙，我先去吃饭了"):
        decision = ask(said, tools=[*TUTOR, *WEATHER, *SEARCH], system=None)
        assert calls(decision) == [] and "still need" not in (decision.content or ""), said


def test_a_sum_written_out_is_worked_out_and_an_iso_date_is_not_a_sum():
    sum_ = ask("quick one, what is 7 times 8?", tools=[*TUTOR, *SEARCH], system=None)
    dated = ask("any class on 2026-07-28?", tools=TUTOR)
    assert calls(sum_) == [] and "56" in (sum_.content or "")
    assert calls(dated) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-28"})]


def test_questions_about_the_assistant_itself_are_not_searched():
    sources = ask("where does your search info come from?", tools=SEARCH)
    default = ask("how did you know my id?", tools=TUTOR)
    assert calls(sources) == [] and "search_web" in (sources.content or "")
    assert calls(default) == [] and "S1001" not in (default.content or "")  # no id named: the default, unnamed


def test_last_weekday_is_the_one_just_gone():
    decision = ask("did i have a lesson last friday", tools=TUTOR, system=_TODAY)
    assert calls(decision) == [("get_schedule", {"student_id": "S1002", "date": "2026-07-17"})]


def test_an_abbreviation_and_a_spelling_question_are_answered_without_a_call():
    cefr = ask("what is CEFR short for", tools=TUTOR)
    spelling = ask("how do you spell recieve", tools=[*TUTOR, *SEARCH], system=None)
    assert calls(cefr) == [] and "Common European Framework" in (cefr.content or "")
    assert calls(spelling) == [] and "receive" in (spelling.content or "")


def test_the_sky_in_an_abbreviated_city_is_a_weather_question():
    decision = ask("what's the sky like in bkk now", tools=WEATHER, system=None)
    assert calls(decision) == [("get_weather", {"city": "Bangkok"})]


def test_a_student_read_digit_by_digit_in_chinese():
    decision = ask("一零零三号同学的进度怎么样", tools=TUTOR)
    assert calls(decision) == [("get_learning_record", {"student_id": "S1003"})]


def test_for_me_asks_on_the_learners_behalf_not_about_them():
    decision = ask("check S1003's progress for me, thanks", tools=TUTOR)
    assert calls(decision) == [("get_learning_record", {"student_id": "S1003"})]


def test_a_school_word_list_level_asked_with_no_word_tool_is_not_searched():
    decision = ask("accord 在你们的词表里算几级", tools=SEARCH)
    assert calls(decision) == [] and "accord" in (decision.content or "")


def test_weeks_ahead_ask_the_longest_forecast():
    decision = ask("paris over the next few weeks", tools=WEATHER, system=None)
    assert calls(decision) == [("get_weather", {"city": "Paris", "days": 7})]


def test_a_word_added_after_a_syllabus_question_gets_the_verdict_too():
    first = ask("is accord a kaoyan word? and leisure?", tools=TUTOR)
    assert calls(first) == [("lookup_word", {"word": "accord"}), ("lookup_word", {"word": "leisure"})]
    history = ran_each("lookup_word", [{"word": "accord"}, {"word": "leisure"}], _TOOLS["lookup_word"].invoke)
    final = ask("is accord a kaoyan word? and leisure?", *history, tools=TUTOR)
    content = final.content or ""
    assert "accord is not in the kaoyan syllabus" in content and "leisure is in the kaoyan syllabus" in content


_ZH_TODAY = "你是助教小E。今天是2026年7月24日（星期五）。学生不报学号就查 S1003。"


def test_a_day_with_a_class_word_or_a_place_of_class_is_a_timetable_question():
    en = ask("do i need to go into school on 2026-07-27 or is it a day off", tools=TUTOR)
    zh = ask("明天的口语课是线上还是线下", tools=TUTOR, system=_ZH_TODAY)
    assert calls(en) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-27"})]
    assert calls(zh) == [("get_schedule", {"student_id": "S1003", "date": "2026-07-25"})]


def test_a_teacher_introducing_themself_asks_only_about_the_student_named():
    decision = ask("hi, I'm a tutor here, can you pull up student number 1002's record?", tools=TUTOR)
    assert calls(decision) == [("get_learning_record", {"student_id": "S1002"})]


def test_an_id_spoken_in_chinese_digits_is_a_statement_not_a_record_request():
    decision = ask("我学号是一零零四，明天有课吗", tools=TUTOR, system=_ZH_TODAY)
    assert calls(decision) == [("get_schedule", {"student_id": "S1004", "date": "2026-07-25"})]


def test_one_date_for_two_ids_goes_to_the_timetable_for_both():
    decision = ask("can you check S1003 and S1004 for 2026-07-29", tools=TUTOR)
    assert calls(decision) == [
        ("get_schedule", {"student_id": "S1003", "date": "2026-07-29"}),
        ("get_schedule", {"student_id": "S1004", "date": "2026-07-29"}),
    ]


def test_a_city_outside_the_data_named_in_chinese_before_a_day():
    decision = ask("京都后天天气如何", tools=WEATHER, system=None)
    assert calls(decision) == [("get_weather", {"city": "Kyoto", "days": 3})]


def test_words_of_the_learners_life_are_not_looked_up():
    owned = ask("is ambiguous a kaoyan word? my friend swears it is", tools=TUTOR)
    plans = ask("i've got an exam on friday, is coherent in the syllabus", tools=TUTOR)
    assert calls(owned) == [("lookup_word", {"word": "ambiguous"})]
    assert calls(plans) == [("lookup_word", {"word": "coherent"})]


def test_neither_and_the_same_level_are_said():
    words = ("diligent", "meticulous")
    history = ran_each("lookup_word", [{"word": w} for w in words], _TOOLS["lookup_word"].invoke)
    neither = ask("diligent 和 meticulous 哪个是考研词", *history, tools=TUTOR)
    same_words = ("negotiate", "diligent")
    same_history = ran_each("lookup_word", [{"word": w} for w in same_words], _TOOLS["lookup_word"].invoke)
    same = ask("negotiate 和 diligent 哪个级别高", *same_history, tools=TUTOR)
    assert (neither.content or "").startswith("两个都不在考研大纲词汇内")
    assert "同一级" in (same.content or "")


def test_the_coming_month_asks_the_longest_forecast():
    decision = ask("seoul over the coming month", tools=WEATHER, system=None)
    assert calls(decision) == [("get_weather", {"city": "Seoul", "days": 7})]


def test_why_a_sum_holds_is_not_searched_and_pronunciation_is_not_looked_up():
    sum_ = ask("2 加 3 为什么等于 5", tools=SEARCH)
    sound = ask("no need to look it up, how do people say meticulous — muh-tick or mee-tick?", tools=TUTOR)
    assert calls(sum_) == [] and calls(sound) == []
    assert "still need" not in (sound.content or "")


def test_a_tool_with_a_chinese_only_description_is_glossed_with_what_it_takes():
    decision = ask("what tools do you have", tools=WEATHER, system=None)
    assert calls(decision) == [] and "city" in (decision.content or "")


def test_a_city_named_by_its_place_in_the_conversation():
    from toolcall_lab.stages.weather_data import build_weather_tool

    weather = build_weather_tool()
    fetched = ran_each("get_weather", [{"city": "Paris"}, {"city": "London"}], lambda a: json.dumps(weather.invoke(a)))
    decision = ask("paris and london now", *fetched, {"role": "assistant", "content": "…"}, "the first one, tomorrow?",
                   tools=WEATHER, system=None)  # fmt: skip
    assert calls(decision) == [("get_weather", {"city": "Paris", "days": 2})]


def test_the_weekday_of_a_date_and_the_day_after_a_weekday():
    weekday = ask("what weekday is 2026-08-03?", tools=TUTOR)
    after = ask("what's on the day right after thursday", tools=TUTOR, system=_TODAY)
    assert calls(weekday) == [] and "Monday" in (weekday.content or "")
    assert calls(after) == [("get_schedule", {"student_id": "S1002", "date": "2026-07-24"})]


def test_two_numbers_apart_an_abbreviation_and_a_city_name_need_no_tool():
    gap = ask("one score is 6.5 and the other is 5, what's the difference", tools=TUTOR, system=None)
    json_ = ask("JSON 的全称是什么", tools=SEARCH)
    city = ask("what is tokyo called in chinese", tools=WEATHER, system=None)
    assert calls(gap) == [] and "1.5" in (gap.content or "")
    assert calls(json_) == [] and "JavaScript Object Notation" in (json_.content or "")
    assert calls(city) == [] and "东京" in (city.content or "")


def test_an_id_said_with_here_is_the_learners_own():
    decision = ask("S1002 here, how are my scores looking", tools=TUTOR)
    assert calls(decision) == [("get_learning_record", {"student_id": "S1002"})]


def test_days_to_finish_with_a_chinese_count_and_a_couple_of_days():
    days = ask("每天上三节课，60节要上多少天", tools=TUTOR)
    couple = ask("paris for the next couple of days", tools=WEATHER, system=None)
    assert calls(days) == [] and "20" in (days.content or "")
    assert calls(couple) == [("get_weather", {"city": "Paris", "days": 2})]


def test_a_span_or_a_tool_waved_away_in_chinese_is_not_called():
    span = ask("不要三天的，就今天，首尔", tools=WEATHER, system=None)
    meant = ask("我不是要查单词，我说的 schedule 是我 2026-07-27 的课表", tools=TUTOR)
    dropped = ask("不看 S1002 了，改看 S1004 的进度", tools=TUTOR)
    assert calls(span) == [("get_weather", {"city": "Seoul"})]
    assert calls(meant) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-27"})]
    assert calls(dropped) == [("get_learning_record", {"student_id": "S1004"})]


def test_questions_about_tools_and_tool_calling_are_answered_without_a_call():
    concept = ask("no lookups please, what is function calling?", tools=TUTOR)
    purpose = ask("what is the weather tool for?", tools=WEATHER, system=None)
    which = ask("which tool would you use to check my record? don't run it", tools=TUTOR)
    assert calls(concept) == [] and "tool_call" in (concept.content or "")
    assert calls(purpose) == [] and "get_weather" in (purpose.content or "")
    assert calls(which) == [] and "get_learning_record" in (which.content or "")


def test_ids_said_in_words_spaced_or_with_yao():
    words = ask("student number one thousand and four, how far along?", tools=TUTOR)
    spaced = ask("my id is s 1 0 0 3, anything on my record?", tools=TUTOR)
    yao = ask("幺零零二号学员学到哪了", tools=TUTOR)
    assert calls(words) == [("get_learning_record", {"student_id": "S1004"})]
    assert calls(spaced) == [("get_learning_record", {"student_id": "S1003"})]
    assert calls(yao) == [("get_learning_record", {"student_id": "S1002"})]


def test_more_days_on_top_and_a_cantonese_city():
    from toolcall_lab.stages.weather_data import build_weather_tool

    first = build_weather_tool().invoke({"city": "Seoul", "days": 2})
    more = ask("首尔未来两天", called("get_weather", {"city": "Seoul", "days": 2}), answered(json.dumps(first)),
               {"role": "assistant", "content": "…"}, "再加三天", tools=WEATHER, system=None)  # fmt: skip
    cantonese = ask("soeng4 hoi2 今日几度", tools=WEATHER, system=None)
    assert calls(more) == [("get_weather", {"city": "Seoul", "days": 5})]
    assert calls(cantonese) == [("get_weather", {"city": "Shanghai"})]


def test_a_word_asked_as_a_kaoyan_word_and_a_student_asked_of_a_weather_tool():
    word = ask("is sunny a kaoyan word", tools=TUTOR)
    student = ask("how is S1002 doing lately", tools=WEATHER, system=None)
    assert calls(word) == [("lookup_word", {"word": "sunny"})]
    assert calls(student) == []


def test_a_story_before_anyway_is_context_not_a_request():
    decision = ask(
        "my brother lives in paris and it's always raining there, anyway, what's my progress", tools=[*TUTOR, *WEATHER]
    )
    assert calls(decision) == [("get_learning_record", {"student_id": "S1001"})]


def test_a_span_of_days_is_no_city_and_a_past_this_weekday_is_the_one_gone():
    span = ask("要是我想查三天的天气，get_weather 能查吗", tools=WEATHER, system=None)
    gone = ask(
        "was there a lesson this monday? i forgot",
        tools=TUTOR,
        system="Today is Thursday 30 July 2026. Default student S1002.",
    )
    assert all(args.get("city") != "三天" for _, args in calls(span))
    assert calls(gone) == [("get_schedule", {"student_id": "S1002", "date": "2026-07-27"})]


def test_an_id_signed_at_the_end_is_the_learners_own():
    decision = ask("nervous about my scores but go on, tell me, S1004", tools=TUTOR)
    assert calls(decision) == [("get_learning_record", {"student_id": "S1004"})]


def test_what_the_new_readings_must_not_swallow():
    from toolcall_lab.offline.cantonese import without_tones
    from toolcall_lab.offline.spelling import spelling_asked
    from toolcall_lab.offline.stated_numbers import arithmetic, difference

    cant_get = ask("i cant get the weather for tokyo. whats it like in paris?", tools=WEATHER, system=None)
    assert ("get_weather", {"city": "Paris"}) in calls(cant_get)
    assert arithmetic("what is S1001 x 2?") is None and arithmetic("what is 2026 - 07?") is None
    assert arithmetic("iphone 15 plus 2?") is None and arithmetic("what is 10 - 3?") == ("10", "−", "3", "7")
    assert difference("what's the difference between lesson 3 and lesson 5?") is None
    assert spelling_asked("how do i spell " + "z" * 60) is None  # never echoed, never vouched for
    assert without_tones("mp3 mp4 and CS1 CS2") == "mp3 mp4 and CS1 CS2"
    linked = ask("你帮我把链接里的文章总结一下", tools=SEARCH)
    assert "my search results come from" not in (linked.content or "") and "搜索结果来自" not in (linked.content or "")


def test_a_code_name_follow_up_is_searched():
    from lessons.search_assistant.agent import SYSTEM_PROMPT, make_search_web_tool

    hits = json.dumps(make_search_web_tool().invoke({"query": "ToolNode"}), ensure_ascii=False)
    before = [called("search_web", {"query": "ToolNode"}), answered(hits), {"role": "assistant", "content": "…"}]
    follow = ask("search ToolNode for me", *before, "thanks, now add_messages", tools=SEARCH, system=SYSTEM_PROMPT)
    assert [name for name, _ in calls(follow)] == ["search_web"]
    assert "add_messages" in str(calls(follow)[0][1])
