"""Issue 23, tenth round: a question about a bound tool's schema answered from that schema, in the learner's
language (a Chinese description glossed for an English learner, never pasted), with no call. Each probe is a
wording of our own; what the model must not call is asserted as plainly as what it must say."""

from __future__ import annotations

import re

import pytest

from tests.unit.model.helpers import ALL, ask, calls

_CJK = re.compile(r"[\u3400-\u9fff]")
_PASTED = ("中文或英文均可", "查询的天数", "必须是", "大写 S 开头", "要搜索的关键词", "查询指定城市")

SCHEMA_PROBES = [
    ("is there a minimum length for search_web's query? could I search just 'a'?", "en", ["2"]),
    ("search_web 的 query 最短要几个字符？", "zh", ["2"]),
    ("for get_weather can the city be written in Chinese characters?", "en", ["either"]),
    ("get_weather 的城市参数能写英文吗", "zh", ["可以"]),
    ("what days value would cover till sunday for get_weather if today's wednesday", "en", ["days=5"]),
    ("get_weather 的 days 参数填几能看到周末？今天是周四", "zh", ["days=4"]),
    ("suppose I asked you for a 14-day forecast, what then?", "en", ["7"]),
    ("如果我让你查 10 天的天气预报，你会怎么做", "zh", ["7"]),
    ("is the limit of search_web required?", "en", ["optional", "5"]),
    ("search_web 的 limit 最多能填多少", "zh", ["10"]),
    ("what format does get_schedule want for the date?", "en", ["YYYY-MM-DD"]),
    ("what does the student_id of get_learning_record look like?", "en", ["S followed by 4 digits"]),
    ("what does get_weather's city parameter want?", "en", ["Chinese or an English name"]),
]


@pytest.mark.parametrize(("question", "lang", "must"), SCHEMA_PROBES)
def test_a_schema_question_is_answered_from_the_schema_in_the_learners_language(question, lang, must):
    decision = ask(question, tools=ALL, system=None)
    content = decision.content or ""
    assert calls(decision) == [] and decision.record.kind == "no_call"
    assert all(m in content for m in must), content
    first = content.splitlines()[0]
    if lang == "en":  # glossed, never the Chinese description pasted
        assert not any(p in content for p in _PASTED), content
        assert not _CJK.search(first[:40]), first
    else:
        assert _CJK.search(first), first


def test_a_named_tool_with_a_city_and_days_is_still_a_look_up():
    decision = ask("use get_weather for Tokyo for 3 days", tools=ALL, system=None)
    assert calls(decision) == [("get_weather", {"city": "Tokyo", "days": 3})]


def test_a_ten_day_forecast_for_a_city_is_looked_up_at_the_most_the_tool_gives():
    decision = ask("10 day forecast for Seoul please", tools=ALL, system=None)
    assert calls(decision) == [("get_weather", {"city": "Seoul", "days": 7})]


def test_an_unstated_weekday_is_asked_for_not_guessed():
    decision = ask("for get_weather, what days value covers the weekend?", tools=ALL, system=None)
    content = decision.content or ""
    assert calls(decision) == [] and "what day today is" in content
