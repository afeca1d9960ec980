"""Fifteenth round: what this session built, each kind on wordings of its own.

An id said first and then "my" something is the learner's own, as are "1002 is me", "1004's file", ids in groups
after "id" and in Chinese numerals after S; the learner asking about themself after another student's record;
隔天, "the one after" and "the day before" as follow-ups on a date, and a year said alone beside a month and day;
"just" of time, not of scope; exercise records and app progress bars that are no learning record; meetings and
alarms that are actions the tools cannot take; plans given up and the learner left out; cities by old names,
Vietnamese names and pinyin against Chinese, and a Chinese city name that keeps an English answer English
(learner_language); dates that do not exist; search ruled out in words; the tool schemas asked about (ranges,
date format, a tool's purpose) and capabilities asked in Chinese; the meaning not wanted but the word still asked;
spans of days from a stated today; topic words listed among words; which city is colder and by how much; frame
words that are not looked up. Every test runs the app's real tools where an answer is checked, and asserts what
must not be called as plainly as what must."""

from __future__ import annotations

import json

from benchmarks.model_harness import _DECLINES
from lessons.tutor.tools import build_tools
from tests.unit.model.helpers import ALL, SEARCH, TUTOR, WEATHER, ask, calls, ran_each
from toolcall_lab.offline.brain import Decision
from toolcall_lab.offline.nlu import learner_language
from toolcall_lab.stages.weather_data import MAX_DAYS, build_weather_tool

_TOOLS = {t.name: t for t in build_tools()}
_WEATHER_TOOL = build_weather_tool()
# The prompt of lessons.tutor.agent (used by ``ask`` unless told otherwise) makes S1001 the learner.
_ME = "S1001"
_MONDAY = "You are the tutor assistant. Today is Monday, 3 August 2026. Students without an id are S1002."
_WEDNESDAY = "You are the tutor assistant. Today is Wednesday, 5 August 2026. Students without an id are S1002."
_MONDAY_ZH = "你是助教。今天是 2026 年 8 月 3 日，星期一。学生没报学号时用 S1002。"
_ACTIONS = "only look information up"


def _ran(name: str, *args_list: dict[str, object]) -> list[dict[str, object]]:
    """An earlier turn that ran the real tutor tool ``name`` once for each of ``args_list``."""
    return ran_each(name, list(args_list), _TOOLS[name].invoke)


def _weather(*cities: str) -> list[dict[str, object]]:
    """An earlier turn that ran the real weather tool once for each of ``cities``."""
    return ran_each(
        "get_weather",
        [{"city": city} for city in cities],
        lambda a: json.dumps(_WEATHER_TOOL.invoke(a), ensure_ascii=False),
    )


def _record(student: str) -> list[tuple[str, dict[str, object]]]:
    return [("get_learning_record", {"student_id": student})]


def _names(decision: Decision) -> list[str]:
    return [name for name, _ in calls(decision)]


def test_an_id_said_first_then_my_something_is_the_learners_own_and_no_default_is_added():
    hyphens = ask("S-1-0-0-3, what's my progress", tools=TUTOR)
    zh = ask("S1004，我的成绩怎么样", tools=TUTOR)
    assert calls(hyphens) == _record("S1003")
    assert calls(zh) == _record("S1004")
    for decision in (hyphens, zh):
        assert ("get_learning_record", {"student_id": _ME}) not in calls(decision)


def test_an_id_that_is_me_or_whose_file_is_pulled_up():
    me = ask("1002 is me, how am I doing", tools=TUTOR)
    me_dash = ask("1003 is me — what are my test scores", tools=TUTOR)
    file = ask("pull up 1004's file", tools=TUTOR)
    assert calls(me) == _record("S1002")
    assert calls(me_dash) == _record("S1003")
    assert calls(file) == _record("S1004")


def test_an_id_in_digit_groups_after_id_is_one_id():
    first = ask("student id 10 02, what are my test scores", tools=TUTOR)
    second = ask("student id 10 04 — my scores?", tools=TUTOR)
    assert calls(first) == _record("S1002")
    assert calls(second) == _record("S1004")


def test_chinese_numerals_after_s_are_the_ids_digits():
    assert calls(ask("S一〇〇三 的学习进度怎么样", tools=TUTOR)) == _record("S1003")
    assert calls(ask("S一〇〇四 的成绩", tools=TUTOR)) == _record("S1004")


def test_the_learner_asking_about_themself_after_another_students_record_is_the_prompts_student():
    en = ask("how is S1003 doing?", *_ran("get_learning_record", {"student_id": "S1003"}), "and where am I at?")
    zh = ask("S1004 的进度怎么样", *_ran("get_learning_record", {"student_id": "S1004"}), "那我呢", tools=TUTOR)
    other_prompt = ask(
        "what's S1004's progress?",
        *_ran("get_learning_record", {"student_id": "S1004"}),
        "and where am I at?",
        tools=TUTOR,
        system=_MONDAY,
    )
    assert calls(en) == _record(_ME)
    assert calls(zh) == _record(_ME)
    assert calls(other_prompt) == _record("S1002")


def test_the_next_day_and_the_day_before_follow_on_from_the_date_asked():
    history = ["any class on 2026-08-05?", *_ran("get_schedule", {"student_id": _ME, "date": "2026-08-05"})]
    zh_history = ["2026-08-05 我有课吗", *_ran("get_schedule", {"student_id": _ME, "date": "2026-08-05"})]
    ge_tian = ask(*zh_history, "那隔天呢", tools=TUTOR)
    after = ask(*history, "and the one after?", tools=TUTOR)
    before = ask(*history, "what about the day before?", tools=TUTOR)
    assert calls(ge_tian) == [("get_schedule", {"student_id": _ME, "date": "2026-08-06"})]
    assert calls(after) == [("get_schedule", {"student_id": _ME, "date": "2026-08-06"})]
    assert calls(before) == [("get_schedule", {"student_id": _ME, "date": "2026-08-04"})]


def test_a_year_said_alone_beside_a_month_and_day_completes_the_date():
    third = ask("8月3号有课吗，2026年", tools=TUTOR)
    fifth = ask("8月5号有课吗，2026年", tools=TUTOR)
    assert calls(third) == [("get_schedule", {"student_id": _ME, "date": "2026-08-03"})]
    assert calls(fifth) == [("get_schedule", {"student_id": _ME, "date": "2026-08-05"})]


def test_just_of_time_does_not_narrow_the_question():
    gym = ask("just got back from the gym. anyway what does 'leisure' mean?", tools=TUTOR)
    work = ask("just got home from work. anyway what's 'diligent' mean?", tools=TUTOR)
    woke = ask("just woke up lol, is 'meticulous' on the kaoyan list?", tools=TUTOR)
    assert calls(gym) == [("lookup_word", {"word": "leisure"})]
    assert calls(work) == [("lookup_word", {"word": "diligent"})]
    assert calls(woke) == [("lookup_word", {"word": "meticulous"})]


def test_exercise_records_and_app_progress_bars_are_no_learning_record():
    sports = ask("我的运动记录怎么样", tools=TUTOR)
    gym = ask("看看我这周的健身记录", tools=TUTOR)
    bar = ask("the progress bar in my app is stuck at 40%, why?", tools=TUTOR)
    phone = ask("why is the progress bar on my phone app not moving?", tools=TUTOR)
    for decision in (sports, gym, bar, phone):
        assert "get_learning_record" not in _names(decision)
        assert calls(decision) == []


def test_booking_a_meeting_or_setting_an_alarm_is_an_action_the_tools_cannot_take():
    meeting = ask("can you book a meeting with my teacher for Friday?", tools=TUTOR)
    with_whom = ask("please schedule a meeting with Ms Li next Monday", tools=TUTOR)
    alarm = ask("can you set an alarm for 7am", tools=TUTOR)
    for decision in (meeting, with_whom, alarm):
        assert calls(decision) == []
        assert _ACTIONS in (decision.content or "") and _DECLINES.search(decision.content or "")


def test_asking_whether_to_set_an_alarm_for_a_class_is_a_timetable_question():
    decision = ask("should I set an alarm for Tuesday's class", tools=TUTOR, system=_MONDAY)
    assert calls(decision) == [("get_schedule", {"student_id": "S1002", "date": "2026-08-04"})]
    assert _ACTIONS not in (decision.content or "")


def test_a_plan_given_up_leaves_only_the_new_city():
    seoul = ask("我不去东京了，改去首尔，那边冷不冷", tools=WEATHER, system=None)
    singapore = ask("我不去曼谷了，改去新加坡，那边热吗", tools=WEATHER, system=None)
    assert calls(seoul) == [("get_weather", {"city": "Seoul"})]
    assert calls(singapore) == [("get_weather", {"city": "Singapore"})]


def test_the_learner_left_out_asks_only_the_other_students_record():
    besides = ask("除了我自己，看看 S1002 的进度", tools=TUTOR)
    not_me = ask("不是问我的，S1004 的进度", tools=TUTOR)
    assert calls(besides) == _record("S1002")
    assert calls(not_me) == _record("S1004")


def test_cities_by_old_names_are_called_by_todays():
    rangoon = ask("Rangoon weather now", tools=WEATHER, system=None)
    madras = ask("Madras weather today?", tools=WEATHER, system=None)
    keijo = ask("Keijo, cold right now?", tools=WEATHER, system=None)
    assert calls(rangoon) == [("get_weather", {"city": "Yangon"})]
    assert calls(madras) == [("get_weather", {"city": "Chennai"})]
    assert calls(keijo) == [("get_weather", {"city": "Seoul"})]


def test_a_vietnamese_name_and_pinyin_against_chinese_are_cities():
    bac_kinh = ask("weather in Bắc Kinh?", tools=WEATHER, system=None)
    dongjing = ask("Dongjing明天冷吗", tools=WEATHER, system=None)
    shouer = ask("Shouer今天下雨吗", tools=WEATHER, system=None)
    assert calls(bac_kinh) == [("get_weather", {"city": "Beijing"})]
    assert calls(dongjing) == [("get_weather", {"city": "Tokyo", "days": 2})]
    assert calls(shouer) == [("get_weather", {"city": "Seoul"})]


def test_a_chinese_city_name_in_an_english_sentence_keeps_the_answer_english():
    assert learner_language("is 南京 raining") == "en"
    assert learner_language("南京下雨吗") == "zh"
    assert calls(ask("is 南京 raining", tools=WEATHER, system=None)) == [("get_weather", {"city": "Nanjing"})]
    tokyo = ask("is 东京 raining", *_weather("Tokyo"), tools=WEATHER, system=None).content or ""
    paris = ask("how hot is 巴黎 right now", *_weather("Paris"), tools=WEATHER, system=None).content or ""
    assert tokyo.startswith("Tokyo now:") and "现在" not in tokyo
    assert paris.startswith("Paris now:") and "现在" not in paris


def test_english_glue_words_decide_a_mixed_messages_language():
    assert learner_language("pls check 我的 test scores") == "en"
    assert learner_language("ubiquitous 怎么读我不管 just tell me 它考研考不考") == "zh"
    assert calls(ask("ubiquitous 怎么读我不管 just tell me 它考研考不考", tools=TUTOR)) == [
        ("lookup_word", {"word": "ubiquitous"})
    ]


def test_a_date_that_does_not_exist_is_called_for_not_at_all():
    april = ask("my classes on 2026-04-31?", tools=TUTOR)
    june = ask("any class on 2026-06-31", tools=TUTOR)
    february = ask("2026年2月30日我有课吗", tools=TUTOR)
    for decision in (april, june, february):
        assert calls(decision) == []
    assert "April has only 30 days" in (april.content or "")
    assert "June has only 30 days" in (june.content or "")
    assert "2 月只有 28 天" in (february.content or "")


def test_search_ruled_out_in_words_runs_no_search():
    vocab = ask("what's a good way to memorise vocab? no searching please", tools=SEARCH, system=None)
    capital = ask("what's the capital of Australia, without looking anything up", tools=SEARCH, system=None)
    for decision in (vocab, capital):
        assert "search_web" not in _names(decision) and calls(decision) == []
    assert "won't look anything up" in (capital.content or "")


def test_tool_call_id_is_explained_from_the_course_without_a_look_up():
    for tools in (SEARCH, ALL, [*TUTOR, *SEARCH]):
        decision = ask("explain what a tool_call_id is without looking anything up", tools=tools, system=None)
        answer = decision.content or ""
        assert calls(decision) == []
        assert "ToolMessage" in answer and "same id" in answer


def test_an_over_range_days_value_asked_hypothetically_names_the_limit():
    decision = ask("hypothetically if I passed days=12 what happens", tools=WEATHER, system=None)
    answer = decision.content or ""
    assert calls(decision) == []
    assert f"1 to {MAX_DAYS}" in answer and "12" in answer


def test_how_far_the_forecast_goes_is_read_off_the_schema():
    how_far = ask("how far out can the forecast go", tools=WEATHER, system=None)
    furthest = ask("what's the furthest ahead get_weather can forecast", tools=WEATHER, system=None)
    for decision in (how_far, furthest):
        assert calls(decision) == []
        assert f"1 to {MAX_DAYS}" in (decision.content or "") and "schema" in (decision.content or "")


def test_the_date_format_and_a_tools_purpose_are_read_off_the_schema():
    fmt = ask("how do I have to write the date for get_schedule", tools=TUTOR)
    purpose = ask("get_schedule 这个工具是干嘛的", tools=TUTOR)
    assert calls(fmt) == [] and "YYYY-MM-DD" in (fmt.content or "")
    assert calls(purpose) == []
    assert "get_schedule" in (purpose.content or "") and "课表" in (purpose.content or "")


def test_capabilities_asked_in_chinese_list_the_tools():
    for question in ("你都能帮我查哪几类东西", "你能帮我查些什么"):
        decision = ask(question, tools=TUTOR)
        answer = decision.content or ""
        assert calls(decision) == []
        assert all(name in answer for name in ("lookup_word", "get_schedule", "get_learning_record"))
        assert "还缺" not in answer


def test_the_meaning_not_wanted_still_asks_the_word_but_a_word_set_aside_is_dropped():
    kept = ask("我不想知道 negotiate 啥意思，只关心它考研考不考", tools=TUTOR)
    dropped = ask("我不想知道 abandon 的意思，benefit 呢是几级", tools=TUTOR)
    assert calls(kept) == [("lookup_word", {"word": "negotiate"})]
    assert calls(dropped) == [("lookup_word", {"word": "benefit"})]
    assert ("lookup_word", {"word": "abandon"}) not in calls(dropped)


def test_spans_of_days_count_from_the_stated_today():
    week = ask("Tokyo weather all week", tools=WEATHER, system=_MONDAY)
    wed_to_fri = ask("seoul wed to fri", tools=WEATHER, system=_MONDAY)
    from_wednesday = ask("seoul wed to fri", tools=WEATHER, system=_WEDNESDAY)
    nights = ask("9 nights in Paris, what weather should I expect", tools=WEATHER, system=_MONDAY)
    september = ask("东京整个九月天气怎么样", tools=WEATHER, system=_MONDAY_ZH)
    assert calls(week) == [("get_weather", {"city": "Tokyo", "days": 7})]
    assert calls(wed_to_fri) == [("get_weather", {"city": "Seoul", "days": 5})]  # Mon..Fri
    assert calls(from_wednesday) == [("get_weather", {"city": "Seoul", "days": 3})]  # Wed..Fri
    assert calls(nights) == [("get_weather", {"city": "Paris", "days": MAX_DAYS})]
    assert calls(september) == [("get_weather", {"city": "Tokyo", "days": MAX_DAYS})]


def test_till_the_end_of_this_week_runs_to_sunday():
    monday = ask("Beijing weather till the end of this week", tools=WEATHER, system=_MONDAY)
    wednesday = ask("Beijing weather till the end of this week", tools=WEATHER, system=_WEDNESDAY)
    assert calls(monday) == [("get_weather", {"city": "Beijing", "days": 7})]  # Mon..Sun
    assert calls(wednesday) == [("get_weather", {"city": "Beijing", "days": 5})]  # Wed..Sun


def test_a_topic_word_listed_among_words_is_one_of_them():
    listed = ask("levels of leisure, diligent and schedule", tools=TUTOR)
    weather = ask("weather 和 benefit 考研考吗", tools=TUTOR)
    schedule = ask("schedule 和 leisure 考研要考吗", tools=TUTOR)
    level_of = ask("what's the level of schedule", tools=TUTOR)
    assert calls(listed) == [("lookup_word", {"word": w}) for w in ("leisure", "diligent", "schedule")]
    assert calls(weather) == [("lookup_word", {"word": "weather"}), ("lookup_word", {"word": "benefit"})]
    assert calls(schedule) == [("lookup_word", {"word": "schedule"}), ("lookup_word", {"word": "leisure"})]
    assert calls(level_of) == [("lookup_word", {"word": "schedule"})]
    for decision in (listed, weather, schedule, level_of):
        assert "get_schedule" not in _names(decision) and "get_weather" not in _names(decision)


def test_which_of_two_cities_is_colder_names_it_and_the_difference():
    question = "悉尼和首尔现在哪个冷，差几度"
    assert calls(ask(question, tools=WEATHER, system=None)) == [
        ("get_weather", {"city": "Sydney"}),
        ("get_weather", {"city": "Seoul"}),
    ]
    sydney = _WEATHER_TOOL.invoke({"city": "Sydney"})
    seoul = _WEATHER_TOOL.invoke({"city": "Seoul"})
    colder, warmer = sorted((sydney, seoul), key=lambda r: r["temperature_c"])
    assert colder["temperature_c"] != warmer["temperature_c"]
    decision = ask(question, *_weather("Sydney", "Seoul"), tools=WEATHER, system=None)
    answer = decision.content or ""
    assert calls(decision) == []
    assert f"{colder['city_zh']}更冷" in answer and f"{warmer['city_zh']}更冷" not in answer
    assert f"相差 {warmer['temperature_c'] - colder['temperature_c']}°C" in answer


def test_which_is_colder_in_english_names_the_colder_city_and_by_how_much():
    question = "Tokyo or London, which is colder now, and by how much?"
    tokyo = _WEATHER_TOOL.invoke({"city": "Tokyo"})
    london = _WEATHER_TOOL.invoke({"city": "London"})
    colder, warmer = sorted((tokyo, london), key=lambda r: r["temperature_c"])
    decision = ask(question, *_weather("Tokyo", "London"), tools=WEATHER, system=None)
    answer = decision.content or ""
    assert calls(decision) == []
    assert f"{colder['city']} is colder" in answer and f"{warmer['city']} is colder" not in answer
    assert f"difference is {warmer['temperature_c'] - colder['temperature_c']}°C" in answer


def test_frame_words_around_the_word_are_not_looked_up():
    coherent = ask("coherent — meaning and an example sentence please", tools=TUTOR)
    definition = ask("give me the definition and an example for coherent", tools=TUTOR)
    grade = ask("is 'meticulous' easy or hard, which grade", tools=TUTOR)
    leisure = ask("is 'leisure' easy or hard? which grade is it", tools=TUTOR)
    for decision in (coherent, definition):
        assert calls(decision) == [("lookup_word", {"word": "coherent"})]
    assert calls(grade) == [("lookup_word", {"word": "meticulous"})]
    assert calls(leisure) == [("lookup_word", {"word": "leisure"})]
    for decision in (coherent, definition, grade, leisure):
        looked_up = {args["word"] for _, args in calls(decision)}
        assert not looked_up & {"example", "definition", "meaning", "easy", "hard", "grade"}
