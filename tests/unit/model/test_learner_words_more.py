"""Issue 23, third round: what the learner sets still showed the built-in model missing — a place
and a time with no weather word, places outside the common list, questions a model answers
without a call (what it can do, arithmetic, an action no tool performs), a result the
conversation already holds, "the first of those two", misspelt words, words listed after a
word that also names a topic. Each test is one behaviour on the app's real tools."""

from __future__ import annotations

import json
import re

import pytest

from lessons.tutor.agent import SYSTEM_PROMPT
from lessons.tutor.tools import build_tools
from tests.unit.model.helpers import ALL, SEARCH, TUTOR, WEATHER, answered, ask, called, calls
from toolcall_lab.offline import explain
from toolcall_lab.offline.brain import Decision
from toolcall_lab.offline.gloss import in_learners_language
from toolcall_lab.offline.record import parse_decision_header, to_header
from toolcall_lab.offline.romanise import rewrite
from toolcall_lab.stages.weather_data import build_weather_tool, find_city


@pytest.mark.parametrize(
    ("question", "city"),
    [
        ("Sydney now?", "Sydney"),
        ("Seoul right now, in one sentence", "Seoul"),
        ("chongqing jintian re ma", "Chongqing"),
        ("Tokyo: wet out there at the moment?", "Tokyo"),
        ("乌鲁木齐现在几度啊", "Urumqi"),
        ("Lisbon conditions right now?", "Lisbon"),
    ],
)
def test_a_place_at_a_time_is_a_weather_question(question, city):
    assert calls(ask(question, tools=WEATHER, system=None)) == [("get_weather", {"city": city})]


def test_a_place_in_a_sentence_about_something_else_is_not():
    decision = ask("I moved to Seoul now that my company opened an office", tools=WEATHER, system=None)
    assert calls(decision) == []


def test_several_places_asked_about_now_each_get_a_call():
    decision = ask("Sydney now? Bangkok now? Seoul now?", tools=WEATHER, system=None)
    assert sorted(args["city"] for _, args in calls(decision)) == ["Bangkok", "Seoul", "Sydney"]


def test_a_comparison_word_without_weather_still_asks_the_weather():
    decision = ask("Which is chillier at the moment, Paris or New York?", tools=WEATHER, system=None)
    assert sorted(args["city"] for _, args in calls(decision)) == ["New York", "Paris"]


@pytest.mark.parametrize("question", ["你能帮我做什么", "what can you help me with?"])
def test_what_the_model_can_do_lists_its_tools_without_a_call(question):
    decision = ask(question)
    assert calls(decision) == [] and decision.record.kind == "no_call"
    assert all(t["function"]["name"] in (decision.content or "") for t in ALL)


@pytest.mark.parametrize(
    ("question", "value"), [("what's 2 + 2?", "4"), ("12 × 3 = ?", "36"), ("算一下 (3+4)*5", "35")]
)
def test_arithmetic_is_worked_out_not_searched(question, value):
    decision = ask(question)
    assert calls(decision) == []
    assert value in (decision.content or "")


@pytest.mark.parametrize("question", ["帮我订一下明天的 3 号教室", "can you book me a room for tomorrow?"])
def test_an_action_no_tool_performs_is_declined_without_a_lookup(question):
    decision = ask(question)
    assert calls(decision) == [] and decision.record.kind == "no_call"
    assert "get_schedule" in (decision.content or "")


def _weather(city: str) -> str:
    return json.dumps(build_weather_tool().invoke({"city": city}), ensure_ascii=False)


def _tokyo_then(*turns: str | dict) -> Decision:
    """东京 asked and answered, then ``turns``."""
    tokyo = (called("get_weather", {"city": "Tokyo"}, "c1"), answered(_weather("Tokyo"), "c1"))
    return ask("东京现在多少度", *tokyo, {"role": "assistant", "content": "东京 …"}, *turns, tools=WEATHER, system=None)


def test_a_comparison_of_results_the_conversation_holds_makes_no_new_call():
    seoul = (called("get_weather", {"city": "Seoul"}, "c2"), answered(_weather("Seoul"), "c2"))
    decision = _tokyo_then("首尔呢", *seoul, {"role": "assistant", "content": "首尔 …"}, "哪个更冷")
    tokyo, seoul = find_city("Tokyo"), find_city("Seoul")
    assert tokyo is not None and seoul is not None
    colder = (tokyo if tokyo.temperature_c < seoul.temperature_c else seoul).name_zh
    assert calls(decision) == []
    assert colder in (decision.content or "")
    assert any("already" in n for n in decision.record.notes)


def test_a_new_argument_is_still_looked_up():
    assert calls(_tokyo_then("首尔呢")) == [("get_weather", {"city": "Seoul"})]


@pytest.mark.parametrize(
    ("earlier", "question", "sid"),
    [
        ("How are S1004 and S1002 doing?", "For the first of those two, any lessons on 2026-07-25?", "S1004"),
        ("对比一下 S1002 和 S1003 的进度", "后面那个同学 2026-07-29 有课吗", "S1003"),
        ("compare S1002 and S1003", "what about the latter's lessons on 2026-07-29?", "S1003"),
    ],
)
def test_a_student_named_by_position_is_the_earlier_turns_student(earlier, question, sid):
    decision = ask(earlier, {"role": "assistant", "content": "…"}, question, tools=TUTOR)
    assert [args["student_id"] for name, args in calls(decision) if name == "get_schedule"] == [sid]


def test_a_year_written_in_chinese_is_not_an_id():
    decision = ask("那个同学 2026年7月29日 有课吗", tools=TUTOR, system=SYSTEM_PROMPT)
    assert all(args.get("student_id") != "S2026" for _, args in calls(decision))


@pytest.mark.parametrize(("question", "word"), [("ubiquitious 是几级", "ubiquitous"), ("ambigous啥意思", "ambiguous")])
def test_a_misspelt_word_is_looked_up_as_the_word_meant_and_said_so(question, word):
    decision = ask(question)
    assert calls(decision) == [("lookup_word", {"word": word})]
    step = next(s for s in decision.record.steps if s.read_as == word)
    assert word in step.en and word in step.zh
    assert parse_decision_header(to_header(decision.record)).steps == decision.record.steps


def test_a_real_word_is_never_corrected():
    assert calls(ask("what does 'accord' mean?")) == [("lookup_word", {"word": "accord"})]


def test_a_word_listed_with_other_words_is_looked_up_even_when_it_names_a_topic():
    decision = ask("levels of benefit, diligent and schedule")
    assert calls(decision) == [("lookup_word", {"word": w}) for w in ("benefit", "diligent", "schedule")]


@pytest.mark.parametrize(
    ("question", "word"), [("forecast 考研考吗", "forecast"), ("考研词汇表里有没有 weather", "weather")]
)
def test_the_one_english_word_of_a_chinese_question_is_the_word_asked_about(question, word):
    assert calls(ask(question)) == [("lookup_word", {"word": word})]


def test_a_date_the_learner_states_is_today_and_no_second_ask():
    decision = ask("any classes 2day? it's 2026-07-27 btw", tools=TUTOR)
    assert calls(decision) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-27"})]
    step = next(s for s in decision.record.steps if s.kind == "computed" and s.read_as == "2026-07-27")
    assert "2026-07-27" in step.en and "2026-07-27" in step.zh


def _schedule_tool_text(student: str, day: str) -> str:
    tool = next(t for t in build_tools() if t.name == "get_schedule")
    return str(tool.invoke({"student_id": student, "date": day}))


def test_a_comparison_with_one_new_result_also_reads_the_earlier_one():
    decision = ask(
        "Bangkok weather",
        called("get_weather", {"city": "Bangkok"}, "c1"),
        answered(_weather("Bangkok"), "c1"),
        {"role": "assistant", "content": "Bangkok …"},
        "is that hotter than Singapore right now?",
        called("get_weather", {"city": "Singapore"}, "c2"),
        answered(_weather("Singapore"), "c2"),
        tools=WEATHER,
        system=None,
    )
    bangkok, singapore = find_city("Bangkok"), find_city("Singapore")
    assert bangkok is not None and singapore is not None
    content = decision.content or ""
    assert "Bangkok" in content and "Singapore" in content
    assert str(bangkok.temperature_c) in content and str(singapore.temperature_c) in content


def test_lessons_left_are_computed_from_the_record_and_said_first():
    record = str(next(t for t in build_tools() if t.name == "get_learning_record").invoke({"student_id": "S1001"}))
    done, total = (int(x) for x in re.search(r"(\d+)\s*/\s*(\d+)\s*课时", record).groups())
    decision = ask("我离结课还差多少课时", called("get_learning_record", {"student_id": "S1001"}), answered(record))
    assert (decision.content or "").splitlines()[0].count(str(total - done)) == 1


def test_a_classroom_number_is_glossed_for_an_english_learner():
    text = _schedule_tool_text("S1001", "2026-07-25")
    assert "号教室" in text  # the Chinese tool's own wording, which the answer must not paste
    decision = ask(
        "Run me through my lessons on 2026-07-25",
        called("get_schedule", {"student_id": "S1001", "date": "2026-07-25"}),
        answered(text),
    )
    assert "号教室" not in (decision.content or "") and "Room" in (decision.content or "")


@pytest.mark.parametrize(
    ("question", "must"), [("overcast 是什么意思", "阴"), ("what does 'haze' mean in a forecast?", "visibility")]
)
def test_a_weather_word_is_explained_without_a_call_when_no_tool_looks_words_up(question, must):
    decision = ask(question, tools=WEATHER, system=None)
    assert calls(decision) == [] and must in (decision.content or "")


def test_with_a_word_tool_the_weather_word_is_looked_up():
    assert calls(ask("overcast 是什么意思")) == [("lookup_word", {"word": "overcast"})]


@pytest.mark.parametrize(
    ("question", "city"),
    [
        ("Tientsin weather tomorrow", "Tianjin"),
        ("Saigon weather", "Ho Chi Minh City"),
        ("鹏城这会儿热吗", "Shenzhen"),
        ("hw's da weather in sg rn", "Singapore"),
        ("manggu tianqi", "Bangkok"),  # one letter off the pinyin of 曼谷 (mangu)
    ],
)
def test_old_names_nicknames_short_names_and_near_pinyin_are_places(question, city):
    assert [args["city"] for _, args in calls(ask(question, tools=WEATHER, system=None))] == [city]


@pytest.mark.parametrize("word", ["maybe", "hello", "happen"])
def test_an_english_word_is_never_read_as_near_pinyin(word):
    assert rewrite(f"{word} tianqi")[0].split()[0] == word


@pytest.mark.parametrize(("question", "value"), [("12 乘以 7 等于几", "84"), ("what's 15% of 80?", "12")])
def test_arithmetic_in_words_is_worked_out(question, value):
    decision = ask(question)
    assert calls(decision) == [] and value in (decision.content or "")


def test_moving_a_class_is_an_action_no_tool_performs():
    decision = ask("could you move my Saturday class to Sunday")
    assert calls(decision) == [] and decision.record.kind == "no_call"


@pytest.mark.parametrize(
    ("question", "sid"),
    [
        ("帮我瞅瞅１００３那位同学哪块儿比较弱", "S1003"),
        ("uhh my number is actually 1002 not 1001, pull up my record", "S1002"),
        ("lookup progress for s_1003", "S1003"),
        ("pupil S.1004 — which class are they in?", "S1004"),
    ],
)
def test_a_record_asked_in_other_words_is_the_record_of_the_id_written(question, sid):
    assert calls(ask(question)) == [("get_learning_record", {"student_id": sid})]


def test_an_id_that_cannot_be_one_is_not_replaced_by_the_system_prompts():
    decision = ask("学号是 10021 帮我查下进度")
    assert calls(decision) == []


def test_a_missing_test_is_said_in_english_for_an_english_learner():
    record = str(next(t for t in build_tools() if t.name == "get_learning_record").invoke({"student_id": "S1004"}))
    assert "暂无" in record  # the tool's own Chinese
    asked = called("get_learning_record", {"student_id": "S1004"})
    decision = ask("S1004's last test result?", asked, answered(record))
    assert "暂无" not in (decision.content or "")


SATURDAY = SYSTEM_PROMPT + "\nToday's date: Saturday, 18 July 2026."


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("what time does class start on Monday the 27th", "2026-07-27"),  # the day of the month, not the Monday
        ("anything on for me a week from tomorrow?", "2026-07-26"),
        ("9 days out — do I have class that day?", "2026-07-27"),
    ],
)
def test_dates_in_words_count_from_the_stated_today(question, day):
    assert calls(ask(question, tools=TUTOR, system=SATURDAY)) == [
        ("get_schedule", {"student_id": "S1001", "date": day})
    ]


@pytest.mark.parametrize(
    ("question", "system", "days"),
    [("Tokyo next 72 hrs", None, 3), ("杭州从今天到这周日的天气", "今天是2026年7月21日，星期二。", 6)],
)
def test_a_span_in_hours_or_up_to_a_weekday_is_a_number_of_days(question, system, days):
    assert [args.get("days") for _, args in calls(ask(question, tools=WEATHER, system=system))] == [days]


@pytest.mark.parametrize(
    ("question", "wanted"),
    [("不要 leisure，查 benefit", [("lookup_word", {"word": "benefit"})])],
)
def test_a_word_the_learner_does_not_want_is_not_looked_up(question, wanted):
    assert calls(ask(question)) == wanted


def test_dont_bother_searching_keeps_the_search_tool_out():
    decision = ask("don't bother searching online, is 'schedule' a kaoyan word?")
    assert calls(decision) == [("lookup_word", {"word": "schedule"})]


def test_the_forecasts_furthest_day_is_read_from_the_schema():
    decision = ask("天气这个工具最远能看到第几天", tools=WEATHER, system=None)
    assert calls(decision) == [] and "7" in (decision.content or "")


def test_an_ids_shape_is_said_from_the_parameters_example():
    decision = ask("what format does a student id have to be in")
    assert calls(decision) == [] and "S followed by 4 digits" in (decision.content or "")


def _record(student: str) -> str:
    return str(next(t for t in build_tools() if t.name == "get_learning_record").invoke({"student_id": student}))


def test_a_question_pointing_back_is_answered_from_the_earlier_result():
    record = _record("S1001")
    weak = record.split("薄弱项：")[1].split("、")[0].strip()
    weak, glossed = in_learners_language(weak, "en", english_only=True)  # an English answer gives the gloss alone
    assert glossed
    decision = ask(
        "my progress please",
        called("get_learning_record", {"student_id": "S1001"}),
        answered(record),
        {"role": "assistant", "content": "…"},
        "from that, what's my weakest area",
    )
    assert calls(decision) == [] and weak in (decision.content or "")
    # answered from the result already in the conversation, and the record says so
    assert any("earlier result" in n or "already holds the result" in n for n in decision.record.notes)


def test_a_question_no_tool_fits_that_does_not_point_back_is_still_declined():
    decision = ask(
        "my progress please",
        called("get_learning_record", {"student_id": "S1001"}),
        answered(_record("S1001")),
        {"role": "assistant", "content": "…"},
        "what's the capital of France?",
        tools=TUTOR,
    )
    assert calls(decision) == [] and decision.record.kind == "cannot_help"


@pytest.mark.parametrize(
    ("question", "city"),
    [
        ("下午想去外滩溜达一圈 要带伞不", "Shanghai"),
        ("thinking of a jog along the Thames past Big Ben tonight, will I get soaked", "London"),
        ("heading to Shibuya later, do I need a brolly", "Tokyo"),
    ],
)
def test_a_landmark_is_read_as_its_city(question, city):
    assert [args["city"] for _, args in calls(ask(question, tools=WEATHER, system=None))] == [city]


def test_it_is_a_date_today_in_a_system_prompt_is_today():
    system = SYSTEM_PROMPT + "\nIt is Sunday, 26 July 2026 today."
    assert calls(ask("got class 2nite?", tools=TUTOR, system=system)) == [
        ("get_schedule", {"student_id": "S1001", "date": "2026-07-26"})
    ]


@pytest.mark.parametrize(
    ("question", "must"),
    [
        ("摄氏25度换成华氏大概多少度", "77"),
        ("thanks a ton!! before i go - B2 is above B1 right?", "B2 is higher than B1"),
        ("谢谢哈～顺便问一嘴，你平时都能帮我查些啥", "get_schedule"),
        ("查课表的那个工具要我提供哪两样信息呀", "student_id"),
    ],
)
def test_questions_a_model_answers_itself_make_no_call(question, must):
    decision = ask(question)
    assert calls(decision) == [] and must in (decision.content or "")


def test_past_weather_is_said_to_be_outside_a_forecast_tool():
    decision = ask("can u tell me what the weather was like last tuesday", tools=WEATHER, system=None)
    assert calls(decision) == [] and "only forecasts" in (decision.content or "")


@pytest.mark.parametrize(
    ("question", "sid"),
    [
        ("学号一零零二 今天几点上课", "S1002"),
        ("for student one-zero-zero-two, any class on 2026-07-28", "S1002"),
        ("我不是 S1001 哦 我是 S1004，我现在学到哪了", "S1004"),
    ],
)
def test_spelt_ids_and_corrected_ids_are_the_learners(question, sid):
    assert {args["student_id"] for _, args in calls(ask(question))} == {sid}


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("look up negotiate then diligent", ["negotiate", "diligent"]),
        ("levels for ambiguous + negotiate + leisure pls", ["ambiguous", "negotiate", "leisure"]),
        ("benefit 我懂了不用查，帮我看 accord 考研考不考", ["accord"]),
    ],
)
def test_words_listed_with_then_or_plus_and_a_word_already_known(question, words):
    assert calls(ask(question)) == [("lookup_word", {"word": w}) for w in words]


@pytest.mark.parametrize(
    ("question", "wanted"),
    [
        (
            "don't need the meaning, just tell me if ubiquitous is B2 or higher",
            [("lookup_word", {"word": "ubiquitous"})],
        ),
        (
            "benefit leisure schedule 分别几级",
            [("lookup_word", {"word": w}) for w in ("benefit", "leisure", "schedule")],
        ),
    ],
)
def test_a_part_of_the_answer_not_wanted_and_words_side_by_side(question, wanted):
    assert calls(ask(question)) == wanted


def test_a_search_asked_for_is_not_a_question_about_the_tools():
    decision = ask("搜一下 ToolNode 参数校验失败会怎样", tools=SEARCH, system=None)
    assert [name for name, _ in calls(decision)] == ["search_web"]


def test_a_real_word_near_a_trigger_is_still_the_word_asked_about():
    # "harvest" is one letter from "hardest"; it is a word the learner asks about, not a typo
    assert calls(ask("harvest diligent accord 各是几级", tools=TUTOR))[0] == ("lookup_word", {"word": "harvest"})


@pytest.mark.parametrize(
    "note",
    [
        explain.ALREADY_KNOWN(names="get_weather"),
        explain.FROM_EARLIER(names="get_schedule"),
        explain.COMPARED_EARLIER(name="get_weather"),
        explain.NO_CALL_NEEDED(about="levels"),
    ],
)
def test_the_new_notes_read_in_chinese_in_the_why_panel(note):
    zh = explain.said(note)("zh")
    assert zh != note and re.search(r"[\u4e00-\u9fff]", zh)


def test_a_default_id_that_may_be_replaced_is_no_restriction():
    system = "Role: Little E. Current date: 2026-07-27 (Monday). Default student id: S1001 (use another id only if "
    system += "the student gives one)."
    decision = ask("for student one-zero-zero-two, any class tomorrow", tools=TUTOR, system=system)
    assert calls(decision) == [("get_schedule", {"student_id": "S1002", "date": "2026-07-28"})]


def test_an_id_the_system_prompt_allows_alone_is_still_a_restriction():
    decision = ask("S1002 的进度", tools=TUTOR, system="你只能为学号 S1001 的学生服务。")
    assert calls(decision) == [] and decision.record.kind == "refusal"


def test_lessons_i_have_done_is_a_record_question():
    decision = ask("wrong id on file, i'm S1003 not S1001 — how many lessons have I done", tools=TUTOR)
    assert calls(decision) == [("get_learning_record", {"student_id": "S1003"})]


@pytest.mark.parametrize(
    ("question", "city", "days"),
    [
        ("不是东京 是首尔，明天会下雨不", "Seoul", 2),
        ("not nyc i meant sydney - whats the temp rn", "Sydney", 1),
        ("dont want 7 days, just tmrw for canton", "Guangzhou", 2),
        ("一整周的不用 光看今天广州热不热", "Guangzhou", 1),
        ("off to see the guards at Buckingham Palace this afternoon, need a coat?", "London", 1),
    ],
)
def test_corrections_and_unwanted_spans_in_weather_questions(question, city, days):
    got = calls(ask(question, tools=WEATHER, system=None))
    assert [(args["city"], args.get("days", 1)) for _, args in got] == [(city, days)]


def test_a_book_that_is_a_noun_is_no_booking():
    decision = ask("my kaoyan prep book doesnt have 'meticulous', is it safe to skip")
    assert calls(decision) == [("lookup_word", {"word": "meticulous"})]


@pytest.mark.parametrize(
    ("question", "must"),
    [
        ("美剧里说今天 50 华氏度，换成摄氏是多少", "10°C"),
        ("hypothetically if beijing hit 18 degrees C whats that in F", "64.4°F"),
        ("thx for everything! last thing - how many minutes is two and a half hours", "150"),
        ("how many letters are in the word meticulous", "10 letters"),
        ("is kaoyan the same thing as gaokao?", "postgraduate"),
    ],
)
def test_what_the_model_knows_is_said_without_a_call(question, must):
    decision = ask(question)
    assert calls(decision) == [] and must in (decision.content or "")


def test_a_course_term_beside_other_words_still_looks_them_up():
    decision = ask("what does leisure mean? is accord in kaoyan? level of benefit?")
    assert {args["word"] for _, args in calls(decision)} == {"leisure", "accord", "benefit"}


def test_my_record_beside_another_students_is_two_calls():
    decision = ask("weak points for me and for S1002?", tools=TUTOR)
    assert {args["student_id"] for _, args in calls(decision)} == {"S1001", "S1002"}


def test_my_is_the_id_the_learner_states_not_the_system_prompts():
    decision = ask("我学号是1002，查下我的学习记录", tools=TUTOR)
    assert calls(decision) == [("get_learning_record", {"student_id": "S1002"})]
