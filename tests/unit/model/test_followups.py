"""Follow-ups repeat the earlier call with what the new words change; the rest is carried over."""

from __future__ import annotations

from tests.unit.model.helpers import SEARCH, TUTOR, WEATHER, answered, ask, called, calls


def test_and_tomorrow_asks_the_same_city_for_two_days():
    decision = ask(
        "曼谷今天天气怎么样？", called("get_weather", {"city": "Bangkok"}), answered("{}"), "那明天呢？", tools=WEATHER
    )
    assert calls(decision) == [("get_weather", {"city": "Bangkok", "days": 2})]
    sources = {a.name: a.source for a in decision.record.calls[0].args}
    assert sources == {"city": "earlier call", "days": "question"}


def test_a_new_city_keeps_the_days_asked_before():
    earlier = called("get_weather", {"city": "Paris", "days": 3})
    decision = ask("Weather in Paris for 3 days?", earlier, answered("{}"), "What about London?", tools=WEATHER)
    assert calls(decision) == [("get_weather", {"city": "London", "days": 3})]


def test_an_iso_date_in_a_follow_up_replaces_the_date_whole():
    earlier = called("get_schedule", {"student_id": "S1001", "date": "2026-07-25"})
    decision = ask("2026-07-25 我有什么课？", earlier, answered("…"), "那 2026-07-27 呢？", tools=TUTOR)
    assert calls(decision) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-27"})]


def test_a_correction_gives_the_date_the_tool_needs():
    earlier = called("get_schedule", {"student_id": "S1001", "date": "明天"})
    decision = ask("我明天有课吗？", earlier, answered("日期「明天」格式不对"), "明天是2026年7月25日", tools=TUTOR)
    assert calls(decision) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-25"})]


def test_the_next_day_counts_from_the_earlier_date():
    earlier = called("get_schedule", {"student_id": "S1001", "date": "2026-07-24"})
    decision = ask("What's my schedule on 2026-07-24?", earlier, answered("…"), "and the next day?", tools=TUTOR)
    assert calls(decision) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-25"})]


def test_a_plural_follow_up_makes_one_call_per_word():
    earlier = called("lookup_word", {"word": "ambiguous"})
    decision = ask("What level is ambiguous?", earlier, answered("…"), "What about coherent and diligent?", tools=TUTOR)
    assert calls(decision) == [("lookup_word", {"word": "coherent"}), ("lookup_word", {"word": "diligent"})]


def test_another_student_keeps_the_date():
    earlier = called("get_schedule", {"student_id": "S1001", "date": "2026-07-25"})
    decision = ask("我 2026-07-25 有课吗", earlier, answered("…"), "S1002 呢？", tools=TUTOR)
    assert calls(decision) == [("get_schedule", {"student_id": "S1002", "date": "2026-07-25"})]


def test_a_new_question_in_a_conversation_is_not_a_follow_up():
    earlier = called("get_schedule", {"student_id": "S1001", "date": "2026-07-25"})
    decision = ask("Do I have class on 2026-07-25?", earlier, answered("…"), "What about my progress?", tools=TUTOR)
    assert calls(decision) == [("get_learning_record", {"student_id": "S1001"})]


def test_thanks_after_an_answer_calls_nothing():
    decision = ask("accord 是几级", called("lookup_word", {"word": "accord"}), answered("…"), "谢谢！", tools=TUTOR)
    assert calls(decision) == [] and decision.record.kind == "smalltalk"


def test_a_search_follow_up_searches_again_with_the_carried_words():
    earlier = called("search_web", {"query": "Bangkok today hot"})
    decision = ask("How hot is Bangkok today?", earlier, answered('{"results": []}'), "And tomorrow?", tools=SEARCH)
    assert calls(decision) == [("search_web", {"query": "Bangkok tomorrow hot"})]
