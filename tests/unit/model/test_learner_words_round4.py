"""Issue 23, fourth round: what learners4 and learners5 still showed the built-in model missing —
a date a configuration line states ("date = Friday 2026-07-24"), "what have I got tomorrow",
two weekdays in one question ("sat or sun"), a weather question about a lesson when no tool
knows the weather, and "my progress and S1003's" in one message. Each test is one behaviour
on the app's real tools."""

from __future__ import annotations

import json

import pytest

from lessons.tutor.tools import build_tools
from tests.unit.model.helpers import TUTOR, WEATHER, answered, ask, called, calls
from toolcall_lab.stages.weather_data import build_weather_tool

CONFIG = "[config] date = Friday 2026-07-24; default student = S1001; call the tools first."
TUESDAY = "You are Little E, a teaching assistant. It is Tuesday, 21 July 2026 today. The student is S1001."


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("am i free tonite or do i hav class", "2026-07-24"),
        ("should I set an alarm for tuesday morning", "2026-07-28"),
        ("what have I got tomorrow", "2026-07-25"),
        ("when's my 口语陪练 on the 25th", "2026-07-25"),
    ],
)
def test_a_day_from_a_configuration_line_resolves_the_learners_day(question, date):
    assert calls(ask(question, tools=TUTOR, system=CONFIG)) == [("get_schedule", {"student_id": "S1001", "date": date})]


def test_what_have_i_got_without_a_day_is_not_a_timetable_question():
    assert [name for name, _ in calls(ask("what have I got left to do in the course", tools=TUTOR))] != ["get_schedule"]


@pytest.mark.parametrize("question", ["do I have anything on sat or sun", "any class on Saturday and sun?"])
def test_two_weekdays_in_one_question_are_two_days(question):
    found = calls(ask(question, tools=TUTOR, system=TUESDAY))
    assert sorted(args["date"] for _, args in found) == ["2026-07-25", "2026-07-26"]
    assert {name for name, _ in found} == {"get_schedule"}


def test_rain_and_sun_are_not_a_sunday():
    found = calls(ask("rain and sun on Saturday in Tokyo?", system=TUESDAY))
    assert all(args.get("date") != "2026-07-26" for _, args in found)


@pytest.mark.parametrize(
    "question",
    ["will it be raining for my writing class on the 25th?", "明天杭州要下雨吗 要不要带伞去上课"],
)
def test_a_weather_question_about_a_lesson_without_a_weather_tool_calls_nothing(question):
    decision = ask(question, tools=TUTOR)
    assert calls(decision) == [] and decision.content


def test_a_weather_word_asked_about_as_a_word_is_still_looked_up():
    assert calls(ask("what level is the word forecast", tools=TUTOR)) == [("lookup_word", {"word": "forecast"})]


@pytest.mark.parametrize("question", ["我的进度 还有 S1003 的进度", "my progress, and S1003's progress too"])
def test_my_record_beside_anothers_is_the_system_prompts_id(question):
    found = calls(ask(question, tools=TUTOR))
    assert sorted(args["student_id"] for _, args in found) == ["S1001", "S1003"]


def test_a_learner_who_states_their_id_is_that_id():
    found = calls(ask("I'm S1003, my progress please", tools=TUTOR))
    assert found == [("get_learning_record", {"student_id": "S1003"})]


def test_a_lookup_followed_up_by_another_student_reads_their_record():
    found = calls(ask("hows S1002 getting on with the course", tools=TUTOR))
    assert found == [("get_learning_record", {"student_id": "S1002"})]


def test_a_word_with_its_possessive_is_the_word():
    assert calls(ask("benefit's level in your list?", tools=TUTOR)) == [("lookup_word", {"word": "benefit"})]


def test_ids_side_by_side_are_each_one_call():
    found = calls(ask("progress of S1001 S1002 S1003", tools=TUTOR))
    assert sorted(args["student_id"] for _, args in found) == ["S1001", "S1002", "S1003"]


def test_anything_on_two_days_reads_both_timetables():
    thursday = CONFIG.replace("Friday 2026-07-24", "Thursday 2026-07-23")
    found = calls(ask("anything tomorrow or saturday?", tools=TUTOR, system=thursday))
    assert sorted(args["date"] for _, args in found) == ["2026-07-24", "2026-07-25"]


def _forecast_answer(question: str, args: dict, system: str | None):
    """The real forecast for ``args`` and the model's answer to ``question`` once it came back."""
    result = build_weather_tool().invoke(args)
    reply = answered(json.dumps(result, ensure_ascii=False))
    return result, ask(question, called("get_weather", args), reply, tools=WEATHER, system=system)


def test_today_in_a_city_says_the_days_range_and_the_temperature_now():
    result, decision = _forecast_answer(
        "dont need the whole week, only today in singapore", {"city": "Singapore"}, None
    )
    day = result["forecast"][0]
    assert f"{day['low_c']}–{day['high_c']}°C" in decision.content
    assert f"now {result['temperature_c']}°C" in decision.content


def test_cities_listed_before_the_question_in_a_request_are_each_asked():
    decision = ask("帮我看看广州、新加坡还有曼谷此刻的气温", tools=WEATHER, system=None)
    assert sorted(args["city"] for _, args in calls(decision)) == ["Bangkok", "Guangzhou", "Singapore"]


@pytest.mark.parametrize(
    ("question", "other"),
    [
        ("我和 S1003 的 progress 谁快一点", "S1003"),
        ("咱俩谁进度快啊 我跟S1002", "S1002"),
        ("out of me, S1002 and S1003, whose progress is highest", "S1002"),
        ("hw many lessons r left for me + S1002 combined", "S1002"),
    ],
)
def test_the_learner_beside_another_student_is_both_of_them(question, other):
    found = {args["student_id"] for _, args in calls(ask(question, tools=TUTOR))}
    assert {"S1001", other} <= found


def test_do_we_both_have_class_reads_both_timetables():
    found = calls(ask("do S1004 and i both have 课 on the 29th", tools=TUTOR, system=CONFIG))
    assert sorted(args["student_id"] for _, args in found) == ["S1001", "S1004"]
    assert {args["date"] for _, args in found} == {"2026-07-29"}


def test_without_a_default_id_the_learner_is_not_guessed():
    found = calls(ask("我和 S1003 的进度谁快", tools=TUTOR, system="你是助教小E。"))
    assert [args["student_id"] for _, args in found] == ["S1003"]


def _records(*ids: str) -> tuple[list[dict], list[dict]]:
    tool = next(t for t in build_tools() if t.name == "get_learning_record")
    return [called("get_learning_record", {"student_id": i}, f"c{i}") for i in ids], [
        answered(str(tool.invoke({"student_id": i})), f"c{i}") for i in ids
    ]


def test_lessons_left_for_two_students_are_added_up():
    asked, results = _records("S1001", "S1002")
    both = {"role": "assistant", "content": None, "tool_calls": [c["tool_calls"][0] for c in asked]}
    decision = ask("hw many lessons r left for me + S1002 combined", both, *results, tools=TUTOR)
    assert "Together: 86 lessons left." in decision.content  # 38 + 48, from "已学 42 / 80" and "已学 12 / 60"


def test_two_weekdays_asked_of_a_forecast_are_named_and_compared():
    wednesday = "Today is Wednesday, 22 July 2026. Use get_weather for weather questions."
    question = "london: saturday or sunday, which is warmer"
    result, decision = _forecast_answer(question, {"city": "London", "days": 5}, wednesday)
    sat, sun = result["forecast"][3], result["forecast"][4]
    warmer = "Saturday (day 4)" if sat["high_c"] >= sun["high_c"] else "Sunday (day 5)"
    assert "Saturday (day 4)" in decision.content and "Sunday (day 5)" in decision.content
    assert f"The warmest day is {warmer}" in decision.content


def _looked_up(question: str, word: str):
    result = next(t for t in build_tools() if t.name == "lookup_word").invoke({"word": word})
    return ask(question, called("lookup_word", {"word": word}), answered(str(result)), tools=TUTOR)


def test_a_part_of_speech_question_is_answered_from_the_replys_marks():
    assert calls(ask("accord n or v? lol", tools=TUTOR)) == [("lookup_word", {"word": "accord"})]
    assert _looked_up("accord n or v? lol", "accord").content.startswith("accord is a noun and a verb.")
    assert _looked_up("告诉我 coherent 的词性就行", "coherent").content.startswith("coherent 是形容词")


def test_a_level_question_gets_no_part_of_speech_line():
    assert "is a noun" not in (_looked_up("what level is accord", "accord").content or "")


@pytest.mark.parametrize(
    ("question", "system", "date"),
    [
        ("class tmrw? nah scratch that, tues", CONFIG.replace("Friday 2026-07-24", "Sunday 2026-07-26"), "2026-07-28"),
        ("any lessons tomorrow? actually make it friday", TUESDAY, "2026-07-24"),
    ],
)
def test_a_day_taken_back_in_the_same_message_is_replaced(question, system, date):
    assert [args["date"] for _, args in calls(ask(question, tools=TUTOR, system=system))] == [date]


def test_forget_saturday_asks_about_sunday():
    friday = "Today is Friday, 24 July 2026."
    found = calls(ask("forget saturday, how's sunday looking in sydney", tools=WEATHER, system=friday))
    assert found == [("get_weather", {"city": "Sydney", "days": 3})]


def test_not_tomorrow_the_day_after_is_the_day_after_tomorrow():
    found = calls(ask("no not tomorrow, the day after — Seoul", tools=WEATHER, system=None))
    assert found == [("get_weather", {"city": "Seoul", "days": 3})]


def test_i_meant_the_day_after_moves_the_earlier_forecast_one_day():
    monday = "Today is Monday, 27 July 2026."
    asked = called("get_weather", {"city": "Hangzhou", "days": 2})
    result = json.dumps(build_weather_tool().invoke({"city": "Hangzhou", "days": 2}), ensure_ascii=False)
    earlier = ("rain in hangzhou tomorrow?", asked, answered(result), {"role": "assistant", "content": "..."})
    found = calls(ask(*earlier, "no sorry, i meant the day after", tools=WEATHER, system=monday))
    assert found == [("get_weather", {"city": "Hangzhou", "days": 3})]


def test_what_two_students_have_on_a_day_reads_both_timetables():
    found = calls(ask("what do S1002 and S1004 have on 2026-07-28", tools=TUTOR))
    assert sorted(args["student_id"] for _, args in found) == ["S1002", "S1004"]


def test_colloquial_days_name_the_days_a_forecast_answer_describes():
    saturday = "今日日期：2026年7月25日，星期六。"
    _, decision = _forecast_answer("明儿个后儿个 广州哪天不下雨", {"city": "Guangzhou", "days": 3}, saturday)
    assert "明天" in decision.content and "后天" in decision.content and "现在" not in decision.content


def test_the_gap_between_two_test_scores_is_computed():
    tool = next(t for t in build_tools() if t.name == "get_learning_record")
    record = str(tool.invoke({"student_id": "S1003"}))
    decision = ask(
        "S1003's last test: by how much did reading beat writing",
        called("get_learning_record", {"student_id": "S1003"}),
        answered(record),
        tools=TUTOR,
    )
    assert decision.content.startswith("S1003: reading 32 − writing 18 = 14.")  # 32.0 and 18.0 in the record


def test_an_empty_day_is_said_in_english_to_an_english_learner():
    tool = next(t for t in build_tools() if t.name == "get_schedule")
    empty = str(tool.invoke({"student_id": "S1001", "date": "2026-07-26"}))
    decision = ask(
        "where's my class on 2026-07-26",
        called("get_schedule", {"student_id": "S1001", "date": "2026-07-26"}),
        answered(empty),
        tools=TUTOR,
    )
    assert "S1001 has no lesson on 2026-07-26 (Sunday)." in decision.content
    assert "没有排课" not in decision.content


@pytest.mark.parametrize(
    ("question", "must"),
    [
        ("whats the 反义词 of diligent", "lazy"),
        ("gimme a synonym for meticulous", "careful"),
        ("how many syllables does ubiquitous have", "4 syllables"),
        ("meticulous 这个词怎么读，重音在哪个音节", "第 2 个音节"),
        ("is schedule said shed-yool or sked-yool", "both are right"),
        ("what's the plural of 'schedule'? easy one lol", "schedules"),
    ],
)
def test_what_no_tool_answers_about_a_course_word_is_answered_without_a_call(question, must):
    decision = ask(question, tools=TUTOR)
    assert calls(decision) == [] and decision.record.kind == "no_call"
    assert must in (decision.content or "")


def test_a_word_asked_about_earlier_is_the_one_a_follow_up_means():
    decision = ask("look up benefit for me", {"role": "assistant", "content": "..."}, "and the opposite word?")
    assert calls(decision) == [] and "harm" in (decision.content or "")


def test_without_a_word_tool_a_chinese_meaning_comes_from_what_the_model_knows():
    decision = ask("ubiquitous 中文啥意思", tools=WEATHER, system=None)
    assert calls(decision) == [] and "无处不在" in (decision.content or "")


def test_an_english_learner_gets_the_english_meaning_beside_the_tools_chinese_one():
    decision = _looked_up("what does 'accord' mean?", "accord")
    assert 'In English, "accord" means (n.) an agreement' in (decision.content or "")
    assert "In English" not in (_looked_up("accord 是什么意思", "accord").content or "")


def test_a_word_the_model_does_not_know_is_not_made_up():
    decision = ask("what's the opposite of serendipity", tools=TUTOR)
    assert "opposite of" not in (decision.content or "")


def test_a_word_question_the_learner_declines_part_of_is_not_answered_from_the_lexicon():
    assert calls(ask("no opposite needed, just the level of abandon", tools=TUTOR)) == [
        ("lookup_word", {"word": "abandon"})
    ]


@pytest.mark.parametrize(
    "question", ["what does 'ubiquitous' mean, in english please", "don't translate it, is 'ubiquitous' on the list"]
)
def test_a_learner_who_does_not_want_the_chinese_meaning_is_not_shown_it(question):
    assert "无处不在" not in (_looked_up(question, "ubiquitous").content or "")


def test_a_weekday_is_never_a_word_to_look_up_nor_vocab_a_typo():
    assert calls(ask("S1002's 课 next tuesday — what time + which room", tools=TUTOR, system=TUESDAY)) == [
        ("get_schedule", {"student_id": "S1002", "date": "2026-07-28"})
    ]
    found = calls(ask("whats the weather word 'overcast' mean, is it in ur vocab list", tools=TUTOR))
    assert found == [("lookup_word", {"word": "overcast"})]


@pytest.mark.parametrize(
    ("question", "system", "dates"),
    [
        ("下周一到周三，我哪天的课开始得最早", CONFIG, ["2026-07-27", "2026-07-28", "2026-07-29"]),
        ("earliest class monday to wednesday next week?", TUESDAY, ["2026-07-27", "2026-07-28", "2026-07-29"]),
        ("how many classes do i have from today through sunday", CONFIG, ["2026-07-24", "2026-07-25", "2026-07-26"]),
    ],
)
def test_a_span_of_days_reads_each_day(question, system, dates):
    found = calls(ask(question, tools=TUTOR, system=system))
    assert sorted(args["date"] for _, args in found) == dates


def test_a_span_of_ids_reads_each_student():
    found = calls(ask("total lessons left across all four students S1001 to S1004", tools=TUTOR))
    assert sorted(args["student_id"] for _, args in found) == ["S1001", "S1002", "S1003", "S1004"]


def test_same_but_for_next_week_reads_that_day_a_week_later():
    found = calls(
        ask(
            "any lessons for me this saturday",
            called("get_schedule", {"student_id": "S1001", "date": "2026-07-25"}),
            answered("S1001 · 2026-07-25（周六）共 2 节课"),
            {"role": "assistant", "content": "..."},
            "same but for next week",
            tools=TUTOR,
            system=TUESDAY,
        )
    )
    assert found == [("get_schedule", {"student_id": "S1001", "date": "2026-08-01"})]


@pytest.mark.parametrize(
    ("question", "total"),
    [
        ("if me and a friend have 38 and 10 lessons left, how many is that together", "48"),
        ("假如我跟同桌一个上了 42 节、一个上了 30 节，俩人加一块多少节", "72"),
    ],
)
def test_numbers_the_learner_gives_are_added_without_a_call(question, total):
    decision = ask(question, tools=TUTOR)
    assert calls(decision) == [] and total in (decision.content or "")


def test_two_words_compared_vs_each_other_are_both_looked_up_and_compared():
    found = calls(ask("coherent vs ambiguous, which is the harder word", tools=TUTOR))
    assert sorted(args["word"] for _, args in found) == ["ambiguous", "coherent"]
    tool = next(t for t in build_tools() if t.name == "lookup_word")
    both = {"role": "assistant", "content": None, "tool_calls": []}
    results = []
    for n, word in enumerate(("negotiate", "diligent")):
        both["tool_calls"].append(called("lookup_word", {"word": word}, f"c{n}")["tool_calls"][0])
        results.append(answered(str(tool.invoke({"word": word})), f"c{n}"))
    decision = ask("levels of negotiate and diligent — same or different?", both, *results, tools=TUTOR)
    assert "negotiate and diligent are the same level: B2." in (decision.content or "")  # both B2 in the data


def test_a_word_run_elsewhere_in_the_message_is_not_the_list_asked_about():
    assert calls(ask("coherent - gotta memorise it for kaoyan y/n", tools=TUTOR)) == [
        ("lookup_word", {"word": "coherent"})
    ]


@pytest.mark.parametrize(
    "system",
    [
        "助教小E｜日期：7月24日（2026年，星期五）｜学生没报学号时按 S1001 查",
        "Tutor bot 小E. Calendar: Friday 24/07/2026. Account holder: student S1001.",
    ],
)
def test_more_ways_of_stating_today_resolve_the_learners_day(system):
    assert calls(ask("明天 morning 有 class 吗，几点开始", tools=TUTOR, system=system)) == [
        ("get_schedule", {"student_id": "S1001", "date": "2026-07-25"})
    ]


def test_adding_them_up_reads_every_earlier_record():
    tool = next(t for t in build_tools() if t.name == "get_learning_record")
    turns: list = []
    for n, (question, sid) in enumerate((("how many lessons have i done", "S1001"), ("and S1003?", "S1003"))):
        call = called("get_learning_record", {"student_id": sid}, f"c{n}")
        reply = answered(str(tool.invoke({"student_id": sid})), f"c{n}")
        turns += [question, call, reply, {"role": "assistant", "content": "..."}]
    decision = ask(*turns, "add them up for me", tools=TUTOR)
    assert calls(decision) == [] and "Together: 72 lessons done." in (decision.content or "")  # 42 + 30


def test_forget_a_place_asks_about_the_other_one():
    assert calls(ask("forget tokyo, how's seoul looking tomorrow", tools=WEATHER, system=None)) == [
        ("get_weather", {"city": "Seoul", "days": 2})
    ]


def test_25_degrees_celsius_in_fahrenheit_needs_no_call():
    decision = ask("25 摄氏度换成华氏是多少", tools=WEATHER, system=None)
    assert calls(decision) == [] and "77" in (decision.content or "")


@pytest.mark.parametrize("question", ["any tips for remembering new vocabulary?", "where does sunny sit on the list"])
def test_frame_words_are_not_words_to_look_up(question):
    assert all(args.get("word") not in ("tips", "sit") for _, args in calls(ask(question, tools=TUTOR)))


@pytest.mark.parametrize(
    "question", ["my teacher said leisure is B1, is that right?", "what level is meticulous? I'm stressed about it"]
)
def test_said_and_stressed_in_passing_are_not_questions_about_saying_a_word(question):
    decision = ask(question, tools=TUTOR)
    assert decision.record.kind != "no_call" and any(name == "lookup_word" for name, _ in calls(decision))


def test_a_quoted_sentence_is_not_a_word_of_the_lexicon():
    decision = ask("translate 'my schedule is busy' into chinese", tools=WEATHER, system=None)
    assert "时间表" not in (decision.content or "")
    assert "lazy" in (ask("what's the opposite of 'diligent'", tools=WEATHER, system=None).content or "")


def test_the_thing_named_before_not_to_look_it_up_is_dropped():
    found = calls(ask("今天的课就不用查了，后天我有没有课", tools=TUTOR, system=CONFIG))
    assert found == [("get_schedule", {"student_id": "S1001", "date": "2026-07-26"})]
    assert calls(ask("benefit 我懂了不用查，帮我看 accord 考研考不考", tools=TUTOR)) == [
        ("lookup_word", {"word": "accord"})
    ]


def test_this_weeks_friday_is_a_day_not_the_whole_week_and_this_weeks_weather_is_the_week():
    assert calls(ask("东京这礼拜天气", tools=WEATHER, system=None)) == [("get_weather", {"city": "Tokyo", "days": 7})]


def test_which_lesson_a_student_is_on_reads_the_record():
    assert calls(ask("S1009 学到第几节了", tools=TUTOR)) == [("get_learning_record", {"student_id": "S1009"})]


def test_the_english_editions_reply_gets_its_part_of_speech_and_no_second_english_meaning():
    tool = next(t for t in build_tools(lang="en") if t.name == "lookup_word")
    reply = str(tool.invoke({"word": "accord"}))  # "Meaning: n. an agreement; harmony  v. to match …"
    decision = ask("what does accord mean? is it a noun or a verb", called("lookup_word", {"word": "accord"}),
                   answered(reply), tools=TUTOR)  # fmt: skip
    assert (decision.content or "").startswith("accord is a noun and a verb.")
    assert "In English" not in (decision.content or "")


def test_two_calls_failing_alike_are_explained_once():
    both = {"role": "assistant", "content": None, "tool_calls": []}
    results = []
    for n, sid in enumerate(("S1001", "S1003")):
        both["tool_calls"].append(
            called("get_schedule", {"student_id": sid, "date": "Saturday"}, f"c{n}")["tool_calls"][0]
        )
        results.append(answered("日期格式不对：请用 YYYY-MM-DD。", f"c{n}"))
    decision = ask("me n S1003 both got class sat?", both, *results, tools=TUTOR)
    assert (decision.content or "").count('which date "Saturday" is') == 1
