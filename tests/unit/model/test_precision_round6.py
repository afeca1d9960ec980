"""Issue 23, sixth round: calls the built-in model made with arguments no learner asked for (learners6 and
learners8 showed them). Each test is one behaviour on the app's real tools; what the model must *not* call
is asserted as plainly as what it must."""

from __future__ import annotations

from tests.unit.model.helpers import SEARCH, TUTOR, WEATHER, answered, ask, called, calls

WEDNESDAY = "今日日期：2026年7月22日，星期三。天气问题用 get_weather 查询；forecast 里 day 1 是今天，day 2 是明天。"
SUNDAY = "今日日期：2026年7月26日，星期日。天气问题用 get_weather 查询。"


def test_a_language_named_in_a_chinese_question_is_not_the_word_looked_up():
    decision = ask("'勤奋' 的 English 是哪个词，考研要不要背", tools=TUTOR)
    assert calls(decision) == [("lookup_word", {"word": "diligent"})]  # not lookup_word("english")
    step = next(s for s in decision.record.steps if s.kind == "normalised")
    assert (step.typed, step.read_as) == ("勤奋", "diligent")


def test_the_syllabus_a_chinese_question_names_is_not_a_word_looked_up():
    assert calls(ask("meticulous 要不要背，考研 syllabus 里有它吗", tools=TUTOR)) == [
        ("lookup_word", {"word": "meticulous"})
    ]


def test_monday_and_tuesday_written_together_are_two_days_not_a_week():
    # "周一周二" holds the letters of 一周 (a week): today is Sunday, so Tuesday is day 3
    assert calls(ask("新加坡周一周二、首尔周一，天气都报一下", tools=WEATHER, system=SUNDAY)) == [
        ("get_weather", {"city": "Singapore", "days": 3}),
        ("get_weather", {"city": "Seoul", "days": 2}),
    ]


def test_a_second_clause_about_the_same_forecast_makes_no_second_call():
    decision = ask("杭州未来十天的天气，顺便说说哪天最热", tools=WEATHER, system=None)
    assert calls(decision) == [("get_weather", {"city": "Hangzhou", "days": 7})]
    assert "one call to get_weather for both asks: the longer forecast covers the shorter" in decision.record.notes


def test_the_two_days_after_today_asked_as_a_follow_up_reach_day_three():
    first = ask("上海今天天气咋样", tools=WEATHER, system=WEDNESDAY)
    assert calls(first) == [("get_weather", {"city": "Shanghai"})]
    follow = ask(
        "上海今天天气咋样",
        called("get_weather", {"city": "Shanghai"}),
        answered("上海今天多云，17～23°C。"),
        {"role": "assistant", "content": "上海今天多云，17～23°C。"},
        "后面两天呢，会不会下雨",
        tools=WEATHER,
        system=WEDNESDAY,
    )
    assert [args.get("days") for _, args in calls(follow)] == [3]


def test_swapping_lessons_is_declined_without_looking_anything_up():
    decision = ask("帮我跟 S1003 把周六的课对调一下", tools=TUTOR)
    assert calls(decision) == []
    assert "不能" in (decision.content or "")


def test_days_between_two_days_of_the_month_are_subtracted_not_looked_up():
    decision = ask("if today is the 24th and my class is on the 29th, how many days away is that", tools=TUTOR)
    assert calls(decision) == []  # no get_schedule(date="the 29th")
    assert "5 days" in (decision.content or "")


def test_a_part_of_speech_is_known_without_a_search():
    decision = ask("quick one: is 'meticulous' an adjective?", tools=SEARCH, system=None)
    assert calls(decision) == []
    assert "adjective" in (decision.content or "")
    both = ask("is 'forecast' a noun or a verb", tools=SEARCH, system=None)
    assert calls(both) == [] and "a noun and a verb" in (both.content or "")


def test_with_a_word_tool_the_part_of_speech_is_looked_up():
    # the tutor's lookup_word gives the part of speech with the meaning: that tool is the source
    assert calls(ask("is 'accord' a 名词 or a 动词", tools=TUTOR)) == [("lookup_word", {"word": "accord"})]


def test_a_students_record_is_not_searched_for_on_the_web():
    # weather and search tools only: no tool has the school's records, and no web page does either
    decision = ask("帮我查下我和 S1002 的学习进度", tools=[*WEATHER, *SEARCH], system=None)
    assert calls(decision) == []
    assert "没法" in (decision.content or "")


def test_those_two_days_are_the_ones_already_looked_up():
    saturday, sunday = {"city": "Shanghai", "days": 4}, {"city": "Shanghai", "days": 5}
    decision = ask(
        "上海这周六天气如何",
        called("get_weather", saturday),
        answered("上海第 4 天阴，16～22°C。"),
        {"role": "assistant", "content": "上海周六阴，16～22°C。"},
        "换成周日看看",
        called("get_weather", sunday, "call_2"),
        answered("上海第 5 天晴，17～25°C。", "call_2"),
        {"role": "assistant", "content": "上海周日晴，17～25°C。"},
        "那两天哪天出去玩好",
        tools=WEATHER,
        system=WEDNESDAY,
    )
    assert calls(decision) == []  # not get_weather(days=2) for "两天"


def test_a_word_question_without_its_word_does_not_open_the_learners_record_instead():
    # lookup_word scores highest but the question's word is not one it can read; the record tool, a point below,
    # would be filled only with the system prompt's own id: no call, and the reply says what it could not tell
    decision = ask("where does that one sit on the graded word list", tools=TUTOR)
    assert calls(decision) == []
    assert "word" in (decision.content or "")
    assert any(s.kind == "unclear" for s in decision.record.steps)
    # the learner's own record, asked about, still uses the prompt's id
    assert calls(ask("how is my progress in the course", tools=TUTOR)) == [
        ("get_learning_record", {"student_id": "S1001"})
    ]
