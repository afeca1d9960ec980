"""Sixteenth round: what the session before it built, each kind on wordings of its own.

What a tool needs asked before it is used, read off its schema (the magic tool's one integer too); cities by
one-character short names (沪杭, 京沪穗); which of two cities is warmer or cooler, by 哪边 and 哪里; climate,
which the weather tool does not hold, beside "climate" asked as a word; a word that is no city; a remark with the
weather ruled out; "already know", "我没问", "forget looking up" and "don't need" that leave only the rest; frame
words (rated, ranked, band, "that word") that are not looked up; arithmetic and "I mean" that is no average; the
schema asked about (days over range, its default, what is required); who runs a tool; who the model is and what it
can do; whether it can, answered without a call; a default id in the prompt that is no restriction; 昨儿个 and the
month's last day; spans (day five, a hundred days, 四十八小时, 整个寒假); record words; 课 in English; Bali against
bali; students compared; "just today" for one city; an umbrella for tomorrow; dates in Chinese numerals; a few
common words in the other language; a classmate who is not me; transposed letters; 别查 X，帮我查 Y; the id format;
what the weather tool does not give; how many words at once; time zones; two dates in one month; a class and a
city's weather on the same tomorrow. Every test runs the app's real tools where an answer is checked, and asserts
what must not be called as plainly as what must."""

from __future__ import annotations

import json
from typing import Any

from langchain_core.utils.function_calling import convert_to_openai_tool

from benchmarks.model_harness import SYSTEMS, magic_function
from tests.unit.model.helpers import ALL, SEARCH, TUTOR, WEATHER, ask, calls, ran_each
from toolcall_lab.offline.brain import Decision
from toolcall_lab.stages.weather_data import MAX_DAYS, build_weather_tool

_WEATHER_TOOL = build_weather_tool()
_MAGIC = [convert_to_openai_tool(magic_function)]
_TUTOR_WEATHER = [*TUTOR, *WEATHER]
# The prompt of lessons.tutor.agent (used by ``ask`` unless told otherwise) makes S1001 the learner.
_ME = "S1001"
_MONDAY = "You are the tutor assistant. Today is Monday, 3 August 2026. Students without an id are S1002."
_MONDAY_ZH = "你是助教。今天是 2026 年 8 月 3 日，星期一。学生没报学号时用 S1001。"
_FRIDAY_ZH = "今天是 2026 年 7 月 24 日，星期五。你是助教小E；学生没报学号时按 S1001 查询，只根据工具返回的内容回答。"
_RAINY = ("rain", "shower", "thunder", "drizzle")


def _weather(*args_list: dict[str, Any]) -> list[dict[str, Any]]:
    """An earlier turn that ran the real weather tool once for each of ``args_list``."""
    return ran_each(
        "get_weather",
        list(args_list),
        lambda a: json.dumps(_WEATHER_TOOL.invoke(a), ensure_ascii=False),
    )


def _names(decision: Decision) -> list[str]:
    return [name for name, _ in calls(decision)]


def _record(*students: str) -> list[tuple[str, dict[str, object]]]:
    return [("get_learning_record", {"student_id": s}) for s in students]


def _word(word: str) -> list[tuple[str, dict[str, object]]]:
    return [("lookup_word", {"word": word})]


def _city(city: str, days: int | None = None) -> tuple[str, dict[str, object]]:
    return ("get_weather", {"city": city} if days is None else {"city": city, "days": days})


def test_what_a_tool_needs_is_listed_from_its_schema_without_a_call():
    timetable = ask("what info do you need from me to check my timetable?", tools=TUTOR)
    zh_timetable = ask("查课表需要我提供什么信息？", tools=TUTOR)
    word = ask("查单词需要我给你什么信息？", tools=TUTOR)
    for decision in (timetable, zh_timetable, word):
        assert calls(decision) == []
    for decision in (timetable, zh_timetable):
        answer = decision.content or ""
        assert "get_schedule" in answer and "student_id" in answer and "date" in answer
        assert "lookup_word" not in answer
    assert "lookup_word" in (word.content or "") and "word" in (word.content or "")
    assert "get_schedule" not in (word.content or "")


def test_what_the_magic_tool_takes_names_its_integer_parameter():
    decision = ask("what input does magic_function take?", tools=_MAGIC, system=None)
    answer = decision.content or ""
    assert calls(decision) == []
    assert "input" in answer and "integer" in answer


def test_one_character_short_names_are_a_call_per_city():
    two = ask("沪杭两地今天天气", tools=WEATHER, system=None)
    jing_hu = ask("京沪天气对比一下", tools=WEATHER, system=None)
    three = ask("京沪穗三地天气", tools=WEATHER, system=None)
    assert calls(two) == [_city("Shanghai"), _city("Hangzhou")]
    assert calls(jing_hu) == [_city("Beijing"), _city("Shanghai")]
    span = ask("广深这两天热不热", tools=WEATHER, system=None)
    assert calls(three) == [_city("Beijing"), _city("Shanghai"), _city("Guangzhou")]
    assert calls(span) == [_city("Guangzhou", 2), _city("Shenzhen", 2)]


def _readings(*cities: str) -> list[dict[str, Any]]:
    return [_WEATHER_TOOL.invoke({"city": c}) for c in cities]


def test_which_side_is_hotter_calls_both_and_names_the_warmer():
    question = "北京和上海哪边更热"
    assert calls(ask(question, tools=WEATHER, system=None)) == [_city("Beijing"), _city("Shanghai")]
    colder, warmer = sorted(_readings("Beijing", "Shanghai"), key=lambda r: r["temperature_c"])
    assert colder["temperature_c"] != warmer["temperature_c"]
    decision = ask(question, *_weather({"city": "Beijing"}, {"city": "Shanghai"}), tools=WEATHER, system=None)
    conclusion = (decision.content or "").split("结论")[-1]
    assert calls(decision) == []
    assert f"{warmer['city_zh']}更热" in conclusion and f"{colder['city_zh']}更热" not in conclusion


def test_where_is_warmer_and_where_is_cooler_conclude_on_the_right_city():
    warm_q = "广州跟北京哪里更暖和"
    cool_q = "东京和首尔哪里凉快些"
    assert calls(ask(warm_q, tools=WEATHER, system=None)) == [_city("Guangzhou"), _city("Beijing")]
    assert calls(ask(cool_q, tools=WEATHER, system=None)) == [_city("Tokyo"), _city("Seoul")]
    cold, warm = sorted(_readings("Guangzhou", "Beijing"), key=lambda r: r["temperature_c"])
    warm_answer = ask(warm_q, *_weather({"city": "Guangzhou"}, {"city": "Beijing"}), tools=WEATHER, system=None)
    assert f"{warm['city_zh']}更暖和" in (warm_answer.content or "")  # the learner's own word
    assert f"{cold['city_zh']}更暖和" not in (warm_answer.content or "")
    cool, hot = sorted(_readings("Tokyo", "Seoul"), key=lambda r: r["temperature_c"])
    assert cool["temperature_c"] != hot["temperature_c"]
    cool_answer = ask(cool_q, *_weather({"city": "Tokyo"}, {"city": "Seoul"}), tools=WEATHER, system=None)
    assert calls(cool_answer) == [] and calls(warm_answer) == []
    assert f"{cool['city_zh']}更凉快" in (cool_answer.content or "")
    assert f"{hot['city_zh']}更凉快" not in (cool_answer.content or "")


def test_usual_climate_is_not_called_and_the_answer_names_the_tools_reach():
    winter = ask("北京冬天通常有多冷", tools=WEATHER, system=None)
    october = ask("what is Paris normally like in October", tools=WEATHER, system=None)
    climate = ask("东京的气候是什么样的", tools=WEATHER, system=None)
    for decision in (winter, october, climate):
        assert calls(decision) == [] and "get_weather" in (decision.content or "")
        assert str(MAX_DAYS) in (decision.content or "")
    assert "现在的天气" in (winter.content or "") and "现在的天气" in (climate.content or "")
    assert "weather now" in (october.content or "") and f"up to {MAX_DAYS} days" in (october.content or "")


def test_climate_asked_as_a_word_is_still_looked_up():
    decision = ask("is 'climate' on the word list? what level", tools=_TUTOR_WEATHER)
    assert calls(decision) == _word("climate")
    assert "get_weather" not in _names(decision)


def test_a_word_beside_weather_talk_is_no_city():
    decision = ask("accord 跟天气有啥关系？它是几级词", tools=_TUTOR_WEATHER)
    assert calls(decision) == _word("accord")
    assert "get_weather" not in _names(decision)


def test_a_remark_with_the_weather_ruled_out_calls_nothing():
    decision = ask("不要给我查天气！我只是吐槽一下北京好冷", tools=WEATHER, system=None)
    assert calls(decision) == []
    assert "不查" in (decision.content or "")


def test_already_known_leaves_only_the_rest_but_a_known_meaning_keeps_the_word():
    city = ask("I already know how tokyo is doing, skip it — what about seoul?", tools=WEATHER, system=None)
    word = ask("I already know what diligent means, just tell me its level", tools=TUTOR)
    assert calls(city) == [_city("Seoul")]
    assert _city("Tokyo") not in calls(city)
    assert calls(word) == _word("diligent")


def test_not_asking_progress_leaves_only_the_timetable():
    decision = ask("我没问成绩，我问的是 2026年7月26日 有没有课", tools=TUTOR)
    assert calls(decision) == [("get_schedule", {"student_id": _ME, "date": "2026-07-26"})]
    assert "get_learning_record" not in _names(decision)


def test_forget_looking_up_and_dont_need_leave_only_the_other_thing():
    forget = ask("forget checking 'leisure', I only want my latest progress", tools=TUTOR)
    dont = ask("don't need my timetable, just the level of diligent", tools=TUTOR)
    assert calls(forget) == _record(_ME)
    assert "lookup_word" not in _names(forget)
    assert calls(dont) == _word("diligent")
    assert "get_schedule" not in _names(dont)


def test_rated_and_ranked_are_frame_words_not_words_to_look_up():
    rated = ask("the word forecast itself, how is it rated?", tools=TUTOR)
    ranked = ask("the word leisure itself — how is it ranked?", tools=TUTOR)
    assert calls(rated) == _word("forecast")
    assert calls(ranked) == _word("leisure")
    for decision in (rated, ranked):
        looked_up = {args.get("word") for _, args in calls(decision)}
        assert not looked_up & {"rated", "ranked", "word", "itself"}


def test_the_english_word_and_that_word_frames_look_up_only_the_word():
    band = ask("the english word leisure — which band is it?", tools=TUTOR)
    that = ask("schedule - what level is that word", tools=TUTOR)
    textbook = ask("在课本里看到 diligent，它是啥意思", tools=TUTOR)
    assert calls(band) == _word("leisure")
    assert calls(that) == _word("schedule")
    assert calls(textbook) == _word("diligent")
    assert "get_schedule" not in _names(that)


def test_arithmetic_is_answered_without_a_call():
    percent = ask("what's 15 percent of 60", tools=ALL, system=None)
    plus = ask("whats 9 + 4", tools=_MAGIC, system=None)
    assert calls(percent) == [] and calls(plus) == []
    assert str(15 * 60 // 100) in (percent.content or "")
    assert f"9 + 4 = {9 + 4}" in (plus.content or "")
    assert "magic_function" not in _names(plus)


def test_i_mean_is_no_average_and_the_vocab_item_is_looked_up():
    decision = ask("not my lessons, I mean the vocab item forecast — is it A1 or A2?", tools=TUTOR)
    assert calls(decision) == _word("forecast")
    assert "get_schedule" not in _names(decision) and "get_learning_record" not in _names(decision)


def test_days_over_the_limit_asked_in_chinese_names_the_maximum():
    decision = ask("days 如果填 10 会怎么样？先别调用", tools=WEATHER, system=None)
    assert calls(decision) == []
    assert f"最多 {MAX_DAYS}" in (decision.content or "")


def test_the_default_of_days_and_what_is_required_are_read_off_the_schema():
    decision = ask("what happens if I don't pass days, what's the default?", tools=WEATHER, system=None)
    assert calls(decision) == []
    assert "default 1" in (decision.content or "")
    required = ask("city and days, which do I have to give and which is optional?", tools=WEATHER, system=None)
    answer = required.content or ""
    assert calls(required) == []
    assert "city is required" in answer and "days is optional" in answer


def test_who_runs_a_tool_is_the_application_not_the_model():
    decision = ask("when the model wants lookup_word, who runs it — the model or my program?", tools=TUTOR)
    assert calls(decision) == []
    assert "Your code" in (decision.content or "")


def test_who_it_is_and_what_it_can_do_list_the_tools_without_a_call():
    decision = ask("你是谁，可以帮我做点什么", tools=TUTOR)
    answer = decision.content or ""
    assert calls(decision) == []
    assert "小E" in answer
    assert all(name in answer for name in ("lookup_word", "get_schedule", "get_learning_record"))
    greeting = ask("嗨，你都能帮我做些啥", tools=SEARCH, system=SYSTEMS["search"])
    assert calls(greeting) == [] and "search_web" not in _names(greeting)
    assert "search_web" in (greeting.content or "")


def test_whether_it_can_is_answered_without_a_call():
    can = ask("你能查我的成绩吗？先回答能不能", tools=TUTOR)
    cannot = ask("这个搜索工具能查到我的课表吗？只回答能不能", tools=SEARCH, system=SYSTEMS["search"])
    assert calls(can) == [] and calls(cannot) == []
    assert (can.content or "").startswith("能") and "get_learning_record" in (can.content or "")
    assert (cannot.content or "").startswith("不能")


def test_a_default_id_in_the_prompt_is_no_restriction_on_another_id():
    decision = ask("S1003 下周一几点上课", tools=TUTOR, system=_FRIDAY_ZH)
    assert calls(decision) == [("get_schedule", {"student_id": "S1003", "date": "2026-07-27"})]
    assert ("get_schedule", {"student_id": _ME, "date": "2026-07-27"}) not in calls(decision)


def test_zuo_er_ge_and_the_last_day_of_the_month_are_dates():
    yesterday = ask("我昨儿个有课吗", tools=TUTOR, system=_FRIDAY_ZH)
    last = ask("anything on my schedule on the last day of the month?", tools=TUTOR, system=_MONDAY)
    assert calls(yesterday) == [("get_schedule", {"student_id": _ME, "date": "2026-07-23"})]
    assert calls(last) == [("get_schedule", {"student_id": "S1002", "date": "2026-08-31"})]


def test_day_five_after_a_three_day_forecast_widens_the_span():
    history: list[str | dict[str, Any]] = ["Paris, next three days", *_weather({"city": "Paris", "days": 3})]
    assert calls(ask("Paris, next three days", tools=WEATHER, system=None)) == [_city("Paris", 3)]
    assert calls(ask(*history, "what about day five?", tools=WEATHER, system=None)) == [_city("Paris", 5)]


def test_spans_beyond_the_forecast_or_in_hours_become_days():
    hundred = ask("london for like 100 days", tools=WEATHER, system=None)
    hours = ask("首尔未来四十八小时天气", tools=WEATHER, system=None)
    winter = ask("整个寒假北京啥天气", tools=WEATHER, system=None)
    assert calls(hundred) == [_city("London", MAX_DAYS)]
    assert calls(hours) == [_city("Seoul", 2)]
    assert calls(winter) == [_city("Beijing", MAX_DAYS)]


def test_record_words_call_the_learning_record_with_the_right_id():
    assessment = ask("how did my most recent assessment go", tools=TUTOR)
    weakest = ask("我哪类题目最拖后腿", tools=TUTOR)
    improve = ask("S1002 哪些地方需要加强", tools=TUTOR)
    lessons = ask("我是 s1003 我上了几节课了", tools=TUTOR)
    assert calls(assessment) == _record(_ME)
    assert calls(weakest) == _record(_ME)
    assert calls(improve) == _record("S1002")
    assert calls(lessons) == _record("S1003")
    assert "get_schedule" not in _names(lessons)


def test_ke_in_an_english_question_is_the_timetable():
    decision = ask("do I have any 课 on 2026-07-26?", tools=TUTOR)
    assert calls(decision) == [("get_schedule", {"student_id": _ME, "date": "2026-07-26"})]
    assert "lookup_word" not in _names(decision)


def test_bali_in_latin_letters_is_the_island_but_bali_tianqi_is_paris():
    island = ask("Bali 后天 weather 怎么样", tools=WEATHER, system=None)
    pinyin = ask("bali tianqi zenmeyang", tools=WEATHER, system=None)
    assert [args["city"] for _, args in calls(island)] == ["Bali"]
    assert calls(pinyin) == [_city("Paris")]


def test_students_compared_calls_each_record():
    named = ask("which student has more percentage done, S1002 or S1003", tools=TUTOR)
    bare = ask("1001 and 1003, who is further ahead", tools=TUTOR)
    span = ask("S1002 到 S1004 谁进度最快", tools=TUTOR)
    assert calls(named) == _record("S1002", "S1003")
    assert calls(bare) == _record("S1001", "S1003")
    assert calls(span) == _record("S1002", "S1003", "S1004")
    assert ("get_learning_record", {"student_id": _ME}) not in calls(named)


def test_just_today_scopes_one_city_to_one_day():
    decision = ask("Seoul for the next 4 days, Bangkok just today", tools=WEATHER, system=None)
    assert calls(decision) == [_city("Seoul", 4), _city("Bangkok")]


def test_an_umbrella_for_tomorrow_follows_the_real_forecast():
    for zh, city in (("东京", "Tokyo"), ("巴黎", "Paris")):
        question = f"明天去{zh}出差，要不要带伞"
        assert calls(ask(question, tools=WEATHER, system=_MONDAY_ZH)) == [_city(city, 2)]
        tomorrow = _WEATHER_TOOL.invoke({"city": city, "days": 2})["forecast"][1]["condition"]
        rainy = any(r in tomorrow for r in _RAINY)
        answer = ask(question, *_weather({"city": city, "days": 2}), tools=WEATHER, system=_MONDAY_ZH).content or ""
        assert ("不用带伞" in answer) is not rainy
        assert ("记得带伞" in answer) is rainy


def test_a_date_in_chinese_numerals_is_the_date():
    decision = ask("二零二六年七月二十六号我有课吗", tools=TUTOR)
    assert calls(decision) == [("get_schedule", {"student_id": _ME, "date": "2026-07-26"})]


def test_common_words_in_the_other_language_are_answered_without_a_call():
    homework = ask("“作业”用英文怎么说", tools=TUTOR)
    library = ask("how do you say 'library' in chinese", tools=TUTOR)
    sentence = ask("请把这句话翻译成英文：我明天要去图书馆写作业", tools=TUTOR)
    for decision in (homework, library, sentence):
        assert calls(decision) == [] and "lookup_word" not in _names(decision)
    assert "homework" in (homework.content or "")
    library_answer = library.content or ""
    first_line = library_answer.split("\n")[0]
    assert "图书馆" in library_answer and first_line.startswith('"library" in Chinese')
    assert "翻译" in (sentence.content or "") and "library" not in (sentence.content or "")


def test_a_classmates_id_is_not_mine():
    decision = ask("hey, I think my classmate's id is S1004 — could you check his progress?", tools=TUTOR)
    assert calls(decision) == _record("S1004")
    assert ("get_learning_record", {"student_id": _ME}) not in calls(decision)


def test_transposed_letters_still_name_the_city():
    assert calls(ask("tokoy weather", tools=WEATHER, system=None)) == [_city("Tokyo")]
    assert calls(ask("wetaher in tokyo", tools=WEATHER, system=None)) == [_city("Tokyo")]
    assert calls(ask("weahter in london", tools=WEATHER, system=None)) == [_city("London")]


def test_dont_check_x_check_y_calls_only_y():
    decision = ask("别查成都了，帮我查重庆", tools=WEATHER, system=None)
    assert calls(decision) == [_city("Chongqing")]
    assert _city("Chengdu") not in calls(decision)


def test_the_id_format_is_read_off_the_schema():
    decision = ask("学号长啥样？是字母加数字吗", tools=TUTOR)
    assert calls(decision) == []
    assert "S 加 4 位数字" in (decision.content or "")


def test_what_the_weather_tool_does_not_give_is_answered_from_its_description():
    humidity = ask("你这个天气工具能查湿度吗", tools=WEATHER, system=None)
    air = ask("does get_weather give air quality?", tools=WEATHER, system=None)
    assert calls(humidity) == [] and calls(air) == []
    assert "没有提到湿度" in (humidity.content or "") and "不能" in (humidity.content or "")
    assert "does not mention air quality" in (air.content or "")


def test_how_many_words_at_once_is_about_the_model_not_a_look_up():
    decision = ask("how many words can I look up at once in a single message?", tools=TUTOR)
    assert calls(decision) == [] and "lookup_word" not in _names(decision)


def test_time_zones_are_general_knowledge_but_the_weather_now_is_called():
    zone = ask("what time zone is seoul in", tools=ALL, system=None)
    gap = ask("伦敦和北京差几个小时", tools=ALL, system=None)
    now = ask("london weather now", tools=WEATHER, system=None)
    assert calls(zone) == [] and calls(gap) == []
    assert "UTC+9" in (zone.content or "")
    assert "8 小时" in (gap.content or "") and "夏令时" in (gap.content or "")
    assert calls(now) == [_city("London")]


def test_two_days_of_one_month_are_two_schedule_calls():
    decision = ask("我2026年7月26号和27号的课都帮我看看", tools=TUTOR)
    assert calls(decision) == [
        ("get_schedule", {"student_id": _ME, "date": "2026-07-26"}),
        ("get_schedule", {"student_id": _ME, "date": "2026-07-27"}),
    ]


def test_a_class_and_a_citys_weather_on_the_same_tomorrow():
    decision = ask("明天我有课吗？上海那天热不热", tools=_TUTOR_WEATHER, system=_MONDAY_ZH)
    assert calls(decision) == [
        ("get_schedule", {"student_id": _ME, "date": "2026-08-04"}),
        _city("Shanghai", 2),
    ]
    assert "get_learning_record" not in _names(decision)


# The second batch of the round (learners43, learners44): English in its plainer and chattier forms.


def test_not_this_city_but_that_one_calls_only_that_one():
    decision = ask("not Tokyo but Seoul, how does it look there right now?", tools=WEATHER, system=None)
    assert calls(decision) == [_city("Seoul")]


def test_not_the_word_but_my_timetable_calls_the_timetable():
    decision = ask("not the word 'schedule' — my actual schedule for 2026-07-25", tools=TUTOR)
    assert calls(decision) == [("get_schedule", {"student_id": _ME, "date": "2026-07-25"})]
    assert "lookup_word" not in _names(decision)


def test_pronunciation_waved_off_keeps_the_word_and_names_no_city():
    decision = ask("纽约口音里 diligent 怎么读先不管，它在词表里几级？", tools=_TUTOR_WEATHER)
    assert calls(decision) == _word("diligent")


def test_my_progress_compared_with_anothers_calls_both_records():
    decision = ask("put my progress next to S1004's progress", tools=TUTOR)
    assert sorted(calls(decision), key=str) == sorted(_record(_ME, "S1004"), key=str)


def test_words_from_todays_class_are_words_not_a_timetable():
    decision = ask("two words from yesterday's lesson: leisure, accord. levels?", tools=TUTOR)
    assert calls(decision) == [*_word("leisure"), *_word("accord")]
    assert "get_schedule" not in _names(decision)


def test_plus_and_bruh_are_never_words_to_look_up():
    plus = ask("Is benefit on the kaoyan list? Only yes or no plus its level.", tools=TUTOR)
    bruh = ask("bruh leisure is wat level", tools=TUTOR)
    assert calls(plus) == _word("benefit")
    assert calls(bruh) == _word("leisure")


def test_a_goodbye_with_thanks_after_a_lookup_calls_nothing():
    looked = [*ran_each("lookup_word", [{"word": "accord"}], lambda a: "accord · B2")]
    decision = ask("Look up 'accord' please", *looked, "great, you've been a real help, logging off now", tools=TUTOR)
    assert calls(decision) == []


def test_how_is_it_in_a_city_asks_the_weather_tool():
    decision = ask("how is it in Sydney", tools=WEATHER, system=None)
    assert calls(decision) == [_city("Sydney")]


def test_the_learners_own_verb_and_a_year_are_not_words():
    decision = ask("I review kaoyan every night, is 'benefit' in the dagang?", tools=TUTOR)
    assert calls(decision) == _word("benefit")


def test_general_knowledge_said_so_is_answered_without_a_call():
    decision = ask("零下5度算冷吗？我是问常识，不是问某个城市", tools=WEATHER, system=None)
    assert calls(decision) == []
    assert "还缺" not in (decision.content or "")


def test_a_plan_to_change_a_class_told_beside_a_word_question_is_no_action():
    decision = ask("I want to ask my teacher to change my class. by the way is 'benefit' in kaoyan?", tools=TUTOR)
    assert calls(decision) == _word("benefit")


def test_each_student_with_the_date_beside_it():
    decision = ask("Show S1003's timetable for 2026-07-29 and S1004's for 2026-07-27", tools=TUTOR)
    assert sorted(calls(decision), key=str) == sorted(
        [
            ("get_schedule", {"student_id": "S1003", "date": "2026-07-29"}),
            ("get_schedule", {"student_id": "S1004", "date": "2026-07-27"}),
        ],
        key=str,
    )


def test_and_is_another_word_is_one_more_item_of_the_same_ask():
    decision = ask("is leisure in kaoyan? and is accord?", tools=TUTOR)
    assert calls(decision) == [*_word("leisure"), *_word("accord")]


def test_a_figure_the_result_does_not_hold_is_said_to_be_missing():
    asked = ask("what's the humidity in Tokyo", tools=WEATHER, system=None)
    assert calls(asked) == [_city("Tokyo")]
    looked = _weather({"city": "Tokyo"})
    held = json.loads(looked[-1]["content"])
    assert not any("humid" in key for key in held)  # the real tool gives no humidity
    answer = ask("what's the humidity in Tokyo", *looked, tools=WEATHER, system=None)
    assert "no humidity" in (answer.content or "")
    plain = ask("tokyo weather", *looked, tools=WEATHER, system=None)
    assert "humidity" not in (plain.content or "")


def test_part_of_speech_marks_are_explained_without_a_call():
    english = ask("what is 'adv.' short for in a word entry?", tools=TUTOR)
    chinese = ask("释义前面的 adj. 和 n. 代表什么", tools=TUTOR)
    assert calls(english) == [] and calls(chinese) == []
    assert "adverb" in (english.content or "")
    assert "形容词" in (chinese.content or "") and "名词" in (chinese.content or "")
    assert calls(ask("what does benefit mean", tools=TUTOR)) == _word("benefit")
