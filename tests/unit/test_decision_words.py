"""The decision record's matched words, worded for a learner in either language (pages/_ui/decision.py)."""

from __future__ import annotations

import pytest

from lessons.course.live_run import no_fit_hint
from pages._ui.decision import matched_words, score_rows
from toolcall_lab.trace import decision_view


@pytest.mark.parametrize(
    ("tag", "en", "zh"),
    [
        ("name:weather", "its name has “weather”", "工具名含「weather」"),
        ("words:rain/snow", "its description has “rain/snow”", "说明里的词「rain/snow」"),
        ("asked:get_weather", "asked for get_weather by name", "点名要用 get_weather"),
        ("never:search_web", "told not to use search_web", "点名不用 search_web"),
        ("weather:rain", "“rain” → weather", "「rain」→ 概念 weather"),
        ("date", "cue: a date", "线索：日期"),  # a value for one of the tool's arguments, no words
        ("date+my day", "cue: a date and “my day”", "线索：日期和“我的安排”"),
        ("somecue", "cue: somecue", "线索：somecue"),  # one the page does not know: as the model wrote it
        ("search:the learner's own record", "search: the learner's own record", "search：学生自己的档案"),
    ],
)
def test_each_kind_of_tag_is_worded_in_both_languages(tag, en, zh):
    assert matched_words([tag], "en") == en
    assert matched_words([tag], "zh") == zh


def test_a_tag_holding_a_comma_stays_one_tag():
    """The model writes ``date:a count of lessons, no day``: split on ", " it read as a concept named "no day"."""
    view = decision_view(
        {
            "clauses": [
                {"text": "x", "scores": [{"tool": "t", "score": -4, "matched": ["date:a count of lessons, no day"]}]}
            ]
        }
    )
    assert view["tools"][0]["tags"] == ["date:a count of lessons, no day"]
    assert matched_words(view["tools"][0]["tags"], "en") == "date: a count of lessons, no day"
    assert matched_words(view["tools"][0]["tags"], "zh") == "date：问的是课的数量，不是哪一天"


def test_no_english_cell_keeps_a_raw_tag_or_chinese_quotes():
    cell = matched_words(["progress:record", "name:progress", "words:learn/record", "id"], "en")
    assert "name:" not in cell and "words:" not in cell and "「" not in cell and "，" not in cell


def test_with_every_tool_given_the_hint_does_not_send_the_learner_to_another_set():
    assert no_fit_hint("all")("en") != no_fit_hint("weather")("en")
    assert "another set" not in no_fit_hint("all")("en") and "换一组" not in no_fit_hint("all")("zh")
    assert "new run" in no_fit_hint("all")("en") and "新的运行" in no_fit_hint("all")("zh")
    assert no_fit_hint("tutor")("en").startswith("Pick another set")


def test_the_clause_column_shows_only_when_the_question_had_several_clauses():
    row = {"tool": "t", "score": 3, "tags": ["name:t"], "chosen": False}
    one = score_rows([{**row, "clause": 1}, {**row, "clause": 1}], "en")
    assert list(one[0]) == ["tool", "score", "matched words"] and one[0]["tool"] == "t"
    two = score_rows([{**row, "clause": 1, "chosen": True}, {**row, "clause": 2}], "zh")
    assert [r["句"] for r in two] == [1, 2] and [r["工具"] for r in two] == ["✓ t", "t"]
    assert list(two[0])[-1] == "匹配到的词" and two[0]["匹配到的词"] == "工具名含「t」"
