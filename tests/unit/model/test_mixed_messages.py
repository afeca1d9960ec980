"""Issue 23, second set: what a mixed, terse or roundabout learner message makes the built-in model do.

Each test is one mechanism, with words of its own (not the evaluation cases' wordings)."""

from __future__ import annotations

import pytest

from tests.unit.model.helpers import TUTOR, WEATHER, answered, ask, called, calls
from toolcall_lab.offline.ids import find_ids, misshapen_ids
from toolcall_lab.offline.nlu import learner_language
from toolcall_lab.offline.romanise import rewrite


@pytest.mark.parametrize(
    ("message", "lang"),
    [
        ("could you tell me my 成绩 please", "en"),
        ("is it 晴天 in Paris tomorrow", "en"),
        ("帮我 check 一下 accord 的 level", "zh"),
        ("S1003 的 progress", "zh"),
        ("quiet 啥意思", "zh"),
        ("tokyo tianqi", "en"),
    ],
)
def test_the_answer_language_is_the_sentence_frame_s(message, lang):
    assert learner_language(message) == lang


def test_an_english_sentence_with_a_chinese_word_gets_an_english_answer():
    reply = ask(
        "how far is S1002 in the 课程 now",
        called("get_learning_record", {"student_id": "S1002"}),
        answered("S1002 · 李四\n已学 10 / 40 课时，进度 25%"),
        tools=TUTOR,
    )
    assert reply.record.lang == "en"
    assert "已学" not in (reply.content or "")


def test_a_tool_s_advice_to_the_model_is_acted_on_not_pasted_to_the_learner():
    reply = ask(
        "what level is 'quixotic'",
        called("lookup_word", {"word": "quixotic"}),
        answered("分级词表里暂时没有「quixotic」这个词。请先确认拼写；如果拼写无误，可以说明词表未收录。"),
        tools=TUTOR,
    )
    text = reply.content or ""
    assert "quixotic" in text
    assert "请先确认拼写" not in text and "可以说明" not in text


@pytest.mark.parametrize(
    ("question", "student"),
    [("pupil 1003 how am I doing", "S1003"), ("学员 1004 的进度", "S1004"), ("编号1002的学习记录", "S1002")],
)
def test_an_id_after_a_cue_word_is_put_into_the_description_s_shape(question, student):
    assert calls(ask(question, tools=TUTOR)) == [("get_learning_record", {"student_id": student})]


def test_a_date_is_never_read_as_an_id():
    ids = find_ids("lessons? it's 2026-08-03 here", "学号，例如 S1001")
    assert ids == []


def test_an_id_in_the_wrong_shape_gets_no_call_and_an_answer_about_the_shape():
    reply = ask("how far along is student S7", tools=TUTOR)
    assert calls(reply) == []
    assert '"S7"' in (reply.content or "") and "4 digits" in (reply.content or "")
    assert misshapen_ids("学号 10021 的成绩", "学号，例如 S1001") == ["学号 10021"]


MONDAY = "Tutor assistant. Current student: S1002. Date: 2026-08-03 (Monday)."


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("any lessons next Tue?", "2026-08-11"),
        ("class on Fri?", "2026-08-07"),
        ("do I have class this Thursday", "2026-08-06"),
    ],
)
def test_short_weekdays_and_a_date_line_resolve_against_the_prompt_s_today(question, date):
    assert calls(ask(question, tools=TUTOR, system=MONDAY)) == [("get_schedule", {"student_id": "S1002", "date": date})]


@pytest.mark.parametrize(
    ("question", "days"),
    [
        ("Seoul weather on Thursday?", 4),  # Monday, Tuesday, Wednesday, Thursday
        ("首尔明后两天", 3),
        ("Seoul for a month", 7),  # the tool's limit
        ("Seoul over the weekend", 7),
    ],
)
def test_a_forecast_span_counts_from_today_and_stays_within_the_tool_s_limit(question, days):
    assert calls(ask(question, tools=WEATHER, system="The date today: Monday 3 August 2026.")) == [
        ("get_weather", {"city": "Seoul", "days": days})
    ]


@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("harvest 我已经知道了，diligent 是几级", "diligent"),
        ("老师说 accord 不难，你只帮我查 coherent 的等级", "coherent"),
        ("我不想知道 abandon 的意思，benefit 呢是几级", "benefit"),
    ],
)
def test_a_thing_the_learner_already_has_or_did_not_ask_is_not_looked_up(question, word):
    decision = ask(question, tools=TUTOR)
    assert calls(decision) == [("lookup_word", {"word": word})]
    assert any(s.kind == "not_argument" for s in decision.record.steps)


def test_words_around_a_negation_are_not_a_place_name():
    assert calls(ask("明天先不看天气了，S1003 学到哪了", tools=[*TUTOR, *WEATHER])) == [
        ("get_learning_record", {"student_id": "S1003"})
    ]


def test_i_do_not_care_about_a_city_any_more_drops_it():
    assert calls(ask("forget about Paris. Seoul weather now?", tools=WEATHER, system=None)) == [
        ("get_weather", {"city": "Seoul"})
    ]


def test_words_written_as_one_list_are_each_looked_up():
    assert calls(ask("harvest diligent accord 各是几级", tools=TUTOR)) == [
        ("lookup_word", {"word": w}) for w in ("harvest", "diligent", "accord")
    ]


def test_a_bare_list_before_the_question_belongs_to_the_question():
    assert calls(ask("benefit、leisure 以及 coherent 是考研词吗", tools=TUTOR)) == [
        ("lookup_word", {"word": w}) for w in ("benefit", "leisure", "coherent")
    ]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Seoul now and Paris the day after tomorrow", [("Seoul", None), ("Paris", 3)]),
        ("今天首尔，后天巴黎", [("Seoul", None), ("Paris", 3)]),
        ("Seoul and Paris tomorrow", [("Seoul", 2), ("Paris", 2)]),
    ],
)
def test_each_city_gets_the_days_of_its_own_words(question, expected):
    got = [(args["city"], args.get("days")) for _, args in calls(ask(question, tools=WEATHER, system=None))]
    assert got == expected


@pytest.mark.parametrize(
    ("question", "city"),
    [
        ("Séoul weather today?", "Seoul"),
        ("weather in Londres", "London"),
        ("狮城现在热吗", "Singapore"),
        ("汉城今天什么天气", "Seoul"),
    ],
)
def test_accents_foreign_spellings_and_chinese_nicknames_name_the_city(question, city):
    decision = ask(question, tools=WEATHER, system=None)
    assert [args["city"] for _, args in calls(decision)] == [city]


def test_hw_before_a_question_word_is_how_and_otherwise_homework():
    assert rewrite("hw much have I done")[0] == "how much have I done"
    assert rewrite("hw for monday")[0] == "homework for monday"
