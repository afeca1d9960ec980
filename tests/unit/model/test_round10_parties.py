"""Issue 23, tenth round: several students in one request, a change of subject, chit-chat and goodbyes that
call nothing, what-ifs answered without a look-up, and a thank-you that does not swallow a request."""

from __future__ import annotations

from tests.unit.model.helpers import TUTOR, WEATHER, ask, calls


def _records(*ids: str) -> list[tuple[str, dict[str, str]]]:
    return sorted([("get_learning_record", {"student_id": i}) for i in ids], key=str)


def test_students_joined_by_plus_and_haiyou_are_each_looked_up():
    assert sorted(calls(ask("S1003 plus S1004, their progress", tools=TUTOR)), key=str) == _records("S1003", "S1004")
    assert sorted(calls(ask("S1004 还有 S1002 的学习进度", tools=TUTOR)), key=str) == _records("S1002", "S1004")


def test_vs_mine_makes_the_learner_a_party():
    assert sorted(calls(ask("S1004 vs mine", tools=TUTOR)), key=str) == _records("S1001", "S1004")


def test_a_student_finished_with_is_not_looked_up_again():
    assert calls(ask("ok I'm finished with S1003, next up S1004", tools=TUTOR)) == _records("S1004")
    assert calls(ask("S1004 查完了，换成 S1002", tools=TUTOR)) == _records("S1002")


def test_goodbyes_and_chatter_call_nothing_in_the_learners_language():
    for text in ("gotta run", "ttyl", "hehe ok", "回头再聊吧", "哈哈哈"):
        decision = ask(text, tools=TUTOR)
        assert calls(decision) == [] and decision.content
    stuck = ask("不知道该问什么", tools=WEATHER, system=None)
    assert calls(stuck) == [] and "天气" in (stuck.content or "")


def test_a_what_if_is_answered_without_a_lookup():
    rain = ask("要是后天下雨，出门要带什么", tools=WEATHER, system=None)
    assert calls(rain) == [] and "伞" in (rain.content or "") and "还缺" not in (rain.content or "")
    days = ask("what would you do if I asked for a 12-day forecast", tools=WEATHER, system=None)
    assert calls(days) == [] and "7" in (days.content or "")
    trip = ask("if I go to Tokyo tomorrow what should I wear", tools=WEATHER, system=None)
    assert [name for name, _ in calls(trip)] == ["get_weather"]


def test_idk_what_to_ask_glosses_a_chinese_tool_description_for_an_english_learner():
    from toolcall_lab.offline.suggest import what_to_ask

    tool = {"type": "function", "function": {"name": "count_beans", "description": "数一数罐子里有多少颗豆子"}}
    english = what_to_ask([tool], "en")
    assert "count_beans" in english and not any("\u4e00" <= ch <= "\u9fff" for ch in english)
    assert "数一数" in what_to_ask([tool], "zh")
