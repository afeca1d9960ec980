"""Issue 23, fifth round: what learners8 showed the built-in model missing — today's date written out
in words in the system prompt (Chinese numerals, English ordinals, a two-digit year, day.month.year,
"the server clock reads", a JSON "today" field). Each test is one behaviour on the app's real tools."""

from __future__ import annotations

import datetime as dt

import pytest

from lessons.tutor.tools import build_tools
from tests.unit.model.helpers import SEARCH, TUTOR, WEATHER, answered, ask, called, calls
from toolcall_lab.offline.system_dates import today_in


def _tool_said(name: str, args: dict) -> str:
    """What the tutor's real tool ``name`` replies to ``args``."""
    return str(next(t for t in build_tools() if t.name == name).invoke(args))


def _answer_after(question: str, name: str, args: dict):
    """The model's answer once ``name(args)`` was called for ``question`` and the real tool replied."""
    return ask(question, called(name, args), answered(_tool_said(name, args)), tools=TUTOR)


@pytest.mark.parametrize(
    ("system", "today"),
    [
        ("你是助教。今天是二〇二六年七月二十一日，星期二。", dt.date(2026, 7, 21)),
        ("天气助手：今天是八月三号（2026年，周一）。", dt.date(2026, 8, 3)),
        ("Tutor bot. Date in London time: the thirty-first of July 2026 (a Friday).", dt.date(2026, 7, 31)),
        ("配置 → 日期：26年8月4号 周二；学员：S1002。", dt.date(2026, 8, 4)),
        ("Weather bot. Local date: 05.08.2026 (dd.mm.yyyy), a Wednesday.", dt.date(2026, 8, 5)),
        ("Assistant. The server clock reads 2026-07-30 17:40, a Thursday afternoon.", dt.date(2026, 7, 30)),
        ('{"bot": "tutor", "today": "2026-08-02", "weekday": "Sunday"}', dt.date(2026, 8, 2)),
        ("Tutor. Sessions run Monday to Friday; this prompt was written on 2026-07-29.", dt.date(2026, 7, 29)),
    ],
)
def test_today_written_out_in_the_system_prompt_is_read(system, today):
    assert today_in(system) == today


def test_a_prompt_with_two_dates_and_no_word_for_today_states_no_today():
    assert today_in("Term runs 2026-07-01 to 2026-08-31, Monday to Friday.") is None


def test_a_chinese_numeral_date_resolves_tomorrow_for_the_timetable():
    system = "你是学习助手。今天是二〇二六年七月二十三日，礼拜四。登录学员：S1001。"
    assert calls(ask("明天几点上课", tools=TUTOR, system=system)) == [
        ("get_schedule", {"student_id": "S1001", "date": "2026-07-24"})
    ]


def test_an_ordinal_date_resolves_a_weekday_for_the_timetable():
    system = "Little E. Date in Beijing time: the twenty-fourth of July 2026 (a Friday). Student: S1001."
    assert calls(ask("which room is my monday class in", tools=TUTOR, system=system)) == [
        ("get_schedule", {"student_id": "S1001", "date": "2026-07-27"})
    ]


def test_thanks_and_see_you_in_class_is_small_talk_not_a_timetable_question():
    decision = ask("thanks so much, that really helped me!! see you in class", tools=TUTOR)
    assert calls(decision) == [] and "still need" not in decision.content


def test_what_kind_of_things_can_you_help_with_lists_the_tools_without_a_search():
    decision = ask("hey! what sort of things can you help me with?", tools=SEARCH)
    assert calls(decision) == [] and "search_web" in decision.content


def test_two_cefr_levels_compared_with_which_is_are_answered_without_a_tool():
    decision = ask("which is the harder level, C1 or B2?", tools=TUTOR)
    assert calls(decision) == [] and "C1 is higher than B2" in decision.content


@pytest.mark.parametrize(
    ("question", "minutes"),
    [
        ("suppose a class ran from 7:15 to 9 in the evening, how long is that?", "105 minutes"),
        ("从下午2点到4点半一共多长时间", "150 分钟"),
    ],
)
def test_how_long_between_two_clock_times_is_a_subtraction_not_a_look_up(question, minutes):
    decision = ask(question, tools=TUTOR)
    assert calls(decision) == [] and minutes in decision.content


def test_the_celsius_fahrenheit_formula_is_known_without_a_tool():
    decision = ask("华氏度和摄氏度怎么换算，公式是什么", tools=WEATHER)
    assert calls(decision) == [] and "9/5" in decision.content


@pytest.mark.parametrize(
    ("question", "city"), [("how warm is it in xi'an now", "Xi'an"), ("guang zhou weather", "Guangzhou")]
)
def test_pinyin_written_with_its_syllable_mark_or_spaced_is_the_city(question, city):
    assert calls(ask(question, tools=WEATHER)) == [("get_weather", {"city": city})]


def test_a_search_for_the_learners_own_score_reads_the_record_instead():
    tools = [*TUTOR, *SEARCH]
    assert calls(ask("could you google my latest writing score", tools=tools)) == [
        ("get_learning_record", {"student_id": "S1001"})
    ]


def test_with_only_a_search_tool_the_learners_own_lessons_are_not_searched_for():
    decision = ask("网上搜一下我还剩多少节课", tools=SEARCH)
    assert calls(decision) == [] and "search_web" in decision.content


def test_a_search_about_a_topic_still_searches():
    assert [name for name, _ in calls(ask("google how LangGraph checkpointers work", tools=[*TUTOR, *SEARCH]))] == [
        "search_web"
    ]


def _after_record(first: str, then: str):
    """A conversation: the learner's first question read S1001's record; ``then`` follows it."""
    result = _tool_said("get_learning_record", {"student_id": "S1001"})
    return ask(
        first, called("get_learning_record", {"student_id": "S1001"}), answered(result), then, tools=TUTOR
    ), result


def test_a_short_follow_up_on_an_earlier_record_is_answered_from_it_without_a_new_call():
    decision, result = _after_record("what was my reading score on the last test?", "and speaking?")
    assert calls(decision) == [] and "6.5" in decision.content and "6.5" in result


def test_a_chinese_follow_up_after_thanks_goes_on_from_the_record():
    decision, _ = _after_record("我的成绩查一下", "谢了，那我接下来该重点练什么")
    assert calls(decision) == [] and "地图" in decision.content


@pytest.mark.parametrize(
    ("question", "tool"),
    [("am I in school on Monday?", "get_schedule"), ("quick update on S1003 pls", "get_learning_record")],
)
def test_school_and_an_update_on_a_student_name_their_tools(question, tool):
    system = "Today is Friday, 24 July 2026. The student is S1001."
    assert [name for name, _ in calls(ask(question, tools=TUTOR, system=system))] == [tool]


def test_a_place_no_longer_wanted_is_not_looked_up():
    assert calls(ask("不查上海了，改查成都现在的", tools=WEATHER, system=None)) == [
        ("get_weather", {"city": "Chengdu"})
    ]


def test_a_learner_stating_a_dashed_id_is_that_student_only():
    system = "Today is Friday, 24 July 2026. The student is S1001."
    assert calls(ask("I'm S-1002, what do I have on Monday?", tools=TUTOR, system=system)) == [
        ("get_schedule", {"student_id": "S1002", "date": "2026-07-27"})
    ]


def test_no_more_lookups_and_bye_is_small_talk():
    assert calls(ask("ok great, no more lookups for now, bye", tools=TUTOR)) == []


def test_lessons_left_compared_between_two_students_read_their_records_and_name_the_fewest():
    asked = "S1002 和 S1003 谁剩的课更少"
    first = ask(asked, tools=TUTOR)
    assert calls(first) == [
        ("get_learning_record", {"student_id": "S1002"}),
        ("get_learning_record", {"student_id": "S1003"}),
    ]
    results = [answered(_tool_said("get_learning_record", {"student_id": i}), f"c{i}") for i in ("S1002", "S1003")]
    requested = [called("get_learning_record", {"student_id": i}, f"c{i}") for i in ("S1002", "S1003")]
    assistant = {"role": "assistant", "content": None, "tool_calls": [c["tool_calls"][0] for c in requested]}
    final = ask(asked, assistant, *results, tools=TUTOR)
    assert "剩得最少的是 S1003" in final.content


def test_an_impossible_date_is_said_in_english_to_an_english_learner():
    final = _answer_after(
        "do I have class on 2026-02-30?", "get_schedule", {"student_id": "S1001", "date": "2026-02-30"}
    )
    assert "2026-02-30 is not a real date" in final.content and "不是一个真实存在的日期" not in final.content


def test_an_english_learner_reads_the_class_name_in_english_beside_the_tools_chinese():
    final = _answer_after("which class is S1002 in?", "get_learning_record", {"student_id": "S1002"})
    assert "TOEFL foundation class" in final.content and "托福基础班" not in final.content  # the gloss alone


def test_one_city_asked_first_then_the_other_one():
    first = ask("tokyo or seoul for a walk today? look up tokyo first", tools=WEATHER, system=None)
    assert calls(first) == [("get_weather", {"city": "Tokyo"})]
    then = ask(
        "tokyo or seoul for a walk today? look up tokyo first",
        called("get_weather", {"city": "Tokyo"}),
        answered("东京现在晴，22°C。"),
        "now the other one",
        tools=WEATHER,
        system=None,
    )
    assert calls(then) == [("get_weather", {"city": "Seoul"})]


@pytest.mark.parametrize(
    "question", ["smth on langgraph checkpointer backends pls", "I want to read up on interrupts in LangGraph"]
)
def test_a_request_for_reading_on_a_topic_searches(question):
    assert [name for name, _ in calls(ask(question, tools=SEARCH))] == ["search_web"]


def test_a_words_cefr_band_is_a_word_level_question():
    assert calls(ask("accord is which CEFR band again", tools=TUTOR)) == [("lookup_word", {"word": "accord"})]


@pytest.mark.parametrize(
    ("question", "said"),
    [("any tricks to memorise new words?", "spaced review"), ("生词总是忘，有什么好办法", "间隔复习")],
)
def test_study_advice_is_given_without_a_tool(question, said):
    decision = ask(question, tools=TUTOR)
    assert calls(decision) == [] and said in decision.content


def test_a_weather_word_compared_with_another_is_explained_without_a_city():
    decision = ask("the forecast says overcast, is that the same as cloudy?", tools=WEATHER, system=None)
    assert calls(decision) == [] and "completely covered by cloud" in decision.content


def test_thanks_for_helpful_links_is_small_talk_not_a_search():
    assert calls(ask("好的谢了，那几篇文章很有帮助", tools=SEARCH)) == []


def test_how_long_a_days_lessons_take_is_added_up_from_the_timetable():
    args = {"student_id": "S1001", "date": "2026-07-25"}
    final = _answer_after("how long are my classes on 2026-07-25 in total?", "get_schedule", args)
    assert "In all 2 hours 30 minutes (150 minutes)" in final.content


def test_lessons_left_from_numbers_the_learner_gives_is_a_subtraction():
    decision = ask("假如一共50节我上了18节，还剩几节", tools=TUTOR)
    assert calls(decision) == [] and "32" in decision.content


@pytest.mark.parametrize("question", ["and what's the capital of France?", "so how do I bake bread?"])
def test_a_short_new_question_is_not_answered_with_the_earlier_results(question):
    decision = ask(
        "weather in Paris?",
        called("get_weather", {"city": "Paris"}),
        answered("巴黎现在多云，13°C。今天多云，8～15°C。"),
        question,
        tools=WEATHER,
        system=None,
    )
    assert calls(decision) == [] and "13" not in decision.content
