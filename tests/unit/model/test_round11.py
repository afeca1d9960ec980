"""Issue 23, eleventh round: what the tuned parts still missed, each kind on wordings of its own.

A yes-or-no syllabus question answered yes or no; a parameter's purpose read from the schema; usage
questions and requests for word lists kept from the word tool; messages no tool sends; a thing, an id or
a search the learner waves away; a day counted on from the day asked before. Every test runs the app's
real tools and asserts what the model must not call as plainly as what it must."""

from __future__ import annotations

import json

from lessons.search_assistant.agent import SYSTEM_PROMPT as SEARCH_PROMPT
from lessons.tutor.tools import build_tools
from tests.unit.model.helpers import SEARCH, TUTOR, WEATHER, answered, ask, called, calls

_LOOKUP = {t.name: t for t in build_tools()}["lookup_word"]
_TODAY = "You are the tutor assistant. Today is Friday, 24 July 2026. Students without an id are S1001."


def _looked_up(question: str, word: str) -> str:
    """The final answer after the real lookup_word ran for ``word``."""
    reply = str(_LOOKUP.invoke({"word": word}))
    decision = ask(question, called("lookup_word", {"word": word}), answered(reply), tools=TUTOR)
    return decision.content or ""


def test_a_syllabus_question_is_answered_yes_or_no_first_without_pasting_the_record():
    yes = _looked_up("do kaoyan students need 'negotiate'? is it in the syllabus", "negotiate")
    no = _looked_up("is 'ubiquitous' a kaoyan word", "ubiquitous")
    zh_no = _looked_up("ubiquitous 考研要不要背", "ubiquitous")
    assert yes.startswith(("Yes:", "No:")) and "kaoyan syllabus" in yes
    assert no.startswith("No: ubiquitous is not in the kaoyan syllabus") and "释义" not in no
    assert zh_no.startswith("不是，ubiquitous 不在考研大纲词汇内") and "例句" not in zh_no


def test_a_syllabus_question_that_also_asks_the_meaning_keeps_the_record():
    both = _looked_up("is 'ubiquitous' in the kaoyan syllabus, and what does it mean?", "ubiquitous")
    assert both.startswith("No: ubiquitous is not in the kaoyan syllabus")
    assert "Meaning" in both  # the meaning was asked too: the tool's reply follows the verdict


def test_what_a_parameter_is_for_is_read_from_the_schema():
    decision = ask("what is the days option of get_weather for?", tools=WEATHER, system=None)
    content = decision.content or ""
    assert calls(decision) == [] and "days" in content and "default 1" in content
    assert "still need" not in content
    zh = ask("city 这个参数是干嘛用的", tools=WEATHER, system=None)
    assert calls(zh) == [] and "city" in (zh.content or "") and "还缺" not in (zh.content or "")


def test_a_usage_question_is_not_sent_to_the_word_tool():
    decision = ask("'in the morning' or 'on the morning', which do I use?", tools=TUTOR)
    content = decision.content or ""
    assert calls(decision) == [] and '"in the morning" and "on the morning"' in content
    mixed = ask("I keep mixing up accept and except, which one is the verb?", tools=TUTOR)
    assert calls(mixed) == [] and "accept" in (mixed.content or "")


def test_a_level_asked_of_two_quoted_words_still_looks_both_up():
    decision = ask("'accord' or 'leisure', which one is B2?", tools=TUTOR)
    assert sorted(args["word"] for _, args in calls(decision)) == ["accord", "leisure"]


def test_a_request_for_a_word_list_calls_nothing_and_says_what_the_tool_does():
    decision = ask("suggest five words to describe a graph for the writing test", tools=TUTOR)
    assert calls(decision) == [] and "Name a word" in (decision.content or "")
    zh = ask("给我列几个描述趋势的词", tools=TUTOR)
    assert calls(zh) == [] and "告诉我具体的单词" in (zh.content or "")


def test_a_message_to_send_is_declined_not_read_as_a_lookup():
    decision = ask("email my teacher that I will be late on Monday", tools=TUTOR)
    assert calls(decision) == [] and "send" in (decision.content or "")
    zh = ask("帮我给家长发个消息说今天不去上课", tools=TUTOR)
    assert calls(zh) == [] and "发消息" in (zh.content or "")


def test_a_city_waved_away_is_not_looked_up():
    decision = ask("北京就算了，看看首尔", tools=WEATHER, system=None)
    assert calls(decision) == [("get_weather", {"city": "Seoul"})]


def test_an_id_said_to_be_someone_elses_is_not_looked_up():
    decision = ask("S1003 isn't me, I'm S1004 — how far along am I?", tools=TUTOR)
    assert calls(decision) == [("get_learning_record", {"student_id": "S1004"})]


def test_a_topic_forgotten_at_the_start_of_a_clause_lends_no_word():
    decision = ask("ok forget the schedule for a minute, what level is leisure", tools=TUTOR)
    assert calls(decision) == [("lookup_word", {"word": "leisure"})]
    kept = ask("I forget what leisure means", tools=TUTOR)  # the learner forgot: still a lookup
    assert calls(kept) == [("lookup_word", {"word": "leisure"})]


def test_a_search_ruled_out_is_not_made():
    decision = ask("without googling it, what's a tuple?", tools=SEARCH, system=SEARCH_PROMPT)
    assert calls(decision) == []
    zh = ask("别上网搜了，直接说说 ToolNode 是什么", tools=SEARCH, system=SEARCH_PROMPT)
    assert calls(zh) == []


def test_a_day_counted_on_from_the_day_asked_before():
    monday = ask("any class on Monday?", system=_TODAY, tools=TUTOR)
    assert calls(monday) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-27"})]
    earlier = called("get_schedule", {"student_id": "S1001", "date": "2026-07-27"})
    later = ask("any class on Monday?", earlier, answered("无课"), "and three days after that?", system=_TODAY)
    assert calls(later) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-30"})]
    zh = ask("明天有课吗", called("get_schedule", {"student_id": "S1001", "date": "2026-07-25"}), answered("无课"),
             "再往后两天呢", system=_TODAY)  # fmt: skip
    assert calls(zh) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-27"})]


def test_sums_over_the_learners_own_numbers_look_nothing_up():
    left = ask("总共60节课，我上了25节，还差几节", tools=TUTOR)
    assert calls(left) == [] and "35" in (left.content or "")
    per_day = ask("at 3 lessons a day, how many days to finish 12 lessons?", tools=TUTOR)
    assert calls(per_day) == [] and "4 days" in (per_day.content or "")
    mean = ask("my scores were 5.5 and 6.5, what's the average", tools=TUTOR)
    assert calls(mean) == [] and "6" in (mean.content or "")


def test_how_are_you_is_small_talk_even_after_saying_not_to_look_anything_up():
    for question in ("how r u today", "you don't need to look anything up, how's it going?"):
        decision = ask(question, tools=TUTOR)
        assert calls(decision) == [] and "doing well" in (decision.content or "")


def test_their_record_after_a_student_was_named_is_that_students():
    earlier = called("get_learning_record", {"student_id": "S1002"})
    decision = ask("pull up S1002", earlier, answered("S1002 · 李思雨"), "and their weak points?", tools=TUTOR)
    assert all(args == {"student_id": "S1002"} for _, args in calls(decision))


def test_when_days_starts_counting_is_read_from_its_description():
    decision = ask("is day one of get_weather's days today?", tools=WEATHER, system=None)
    assert calls(decision) == [] and "counts from today" in (decision.content or "")


def test_a_temperature_in_celsius_without_degrees_is_converted():
    decision = ask("20 celsius in fahrenheit?", tools=WEATHER, system=None)
    assert calls(decision) == [] and "68" in (decision.content or "")


def test_usage_asked_in_chinese_or_as_a_difference_the_learner_mixes_up():
    zh = ask("since 和 for 的用法有什么不同", tools=TUTOR)
    assert calls(zh) == []
    en = ask("difference between borrow and lend? i always confuse them", tools=TUTOR)
    assert calls(en) == [] and "borrow" in (en.content or "")


def test_a_weather_waved_away_does_not_make_a_past_day_a_weather_question():
    system = "You are the study assistant. Today is Thursday, 30 July 2026. The student is S1001."
    decision = ask("天气就算了，昨天我有课吗", tools=[*TUTOR, *WEATHER], system=system)
    assert calls(decision) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-29"})]


def test_the_meaning_not_wanted_keeps_the_word_and_drops_the_meaning():
    question = "don't need the definition of leisure, is it on the kaoyan list?"
    decision = ask(question, tools=TUTOR)
    assert calls(decision) == [("lookup_word", {"word": "leisure"})]
    answer = _looked_up(question, "leisure")
    assert "kaoyan syllabus" in answer and "means" not in answer


def test_a_level_asked_of_an_assistant_without_a_word_tool_is_no_weather_question():
    decision = ask("is windy a c1 word", tools=WEATHER, system=None)
    assert (
        calls(decision) == [] and "windy" in (decision.content or "") and "still need" not in (decision.content or "")
    )


def test_lowercase_levels_scores_in_dialect_and_prog_reach_their_tools():
    assert calls(ask("is leisure b2?", tools=TUTOR)) == [("lookup_word", {"word": "leisure"})]
    assert calls(ask("我的分数咋样", tools=TUTOR)) == [("get_learning_record", {"student_id": "S1001"})]
    assert calls(ask("how's my prog", tools=TUTOR)) == [("get_learning_record", {"student_id": "S1001"})]


def test_find_or_lookup_anywhere_in_the_message_asks_the_search_tool():
    decision = ask("hmm ok, lookup StateGraph compile options", tools=SEARCH, system=SEARCH_PROMPT)
    assert [name for name, _ in calls(decision)] == ["search_web"]
    assert "lookup" not in calls(decision)[0][1]["query"].lower()


def test_a_detail_of_the_timetable_just_read_is_answered_from_it():
    system = "You are the tutor. Today is Tuesday, 21 July 2026. Students without an id are S1003."
    earlier = called("get_schedule", {"student_id": "S1003", "date": "2026-07-25"})
    reply = "S1003 · 2026-07-25（周六）共 1 节课\n1. 08:30-11:30 考研英语长难句 · 陈老师 在 报告厅"
    decision = ask("周六有课吗", earlier, answered(reply), "在哪上，几点", tools=TUTOR, system=system)
    assert calls(decision) == [] and "报告厅" in (decision.content or "")


def test_a_chinese_count_of_two_characters_is_read_whole():
    decision = ask("首尔接下来二十天", tools=WEATHER, system=None)
    assert calls(decision) == [("get_weather", {"city": "Seoul", "days": 7})]  # 20 days, the most is 7
    five = ask("首尔接下来五天", tools=WEATHER, system=None)
    assert calls(five) == [("get_weather", {"city": "Seoul", "days": 5})]


def test_not_asking_about_a_city_any_more_drops_it_without_an_i_am():
    decision = ask("not interested in paris anymore, is london warm?", tools=WEATHER, system=None)
    assert calls(decision) == [("get_weather", {"city": "London"})]


def test_a_weekday_written_beside_its_date_names_that_date():
    system = "You are the tutor. Today is Saturday, 18 July 2026. Students without an id are S1001."
    decision = ask("anything on tuesday 28 july?", tools=TUTOR, system=system)
    assert calls(decision) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-28"})]
    both = ask("monday or 28 july, which day do I have class", tools=TUTOR, system=system)
    assert sorted(args["date"] for _, args in calls(both)) == ["2026-07-20", "2026-07-28"]


def test_without_rules_out_a_search_not_the_words_after_it():
    decision = ask("can I get to school without getting soaked in Seoul tomorrow?", tools=WEATHER, system=None)
    assert calls(decision) == [("get_weather", {"city": "Seoul", "days": 2})]


def test_out_of_those_after_a_forecast_is_not_a_day_counted_out():
    from toolcall_lab.stages.weather_data import build_weather_tool

    reply = json.dumps(build_weather_tool().invoke({"city": "Tokyo", "days": 4}), ensure_ascii=False)
    earlier = called("get_weather", {"city": "Tokyo", "days": 4})
    decision = ask(
        "tokyo next 4 days pls", earlier, answered(reply), "out of those which day is coldest", tools=WEATHER
    )
    content = decision.content or ""
    assert calls(decision) == [] and "coldest day is" in content and "day 5" not in content


def test_a_course_concept_is_explained_when_the_search_is_ruled_out_or_absent():
    told = ask("don't search it, just tell me what add_messages does", tools=SEARCH, system=SEARCH_PROMPT)
    assert calls(told) == [] and "reducer" in (told.content or "") and "not to search" in (told.content or "")
    tutor = ask("bind_tools 是什么意思", tools=TUTOR)
    assert calls(tutor) == [] and "JSON Schema" in (tutor.content or "")
    searched = ask("what's new in LangGraph checkpointers? search it", tools=SEARCH, system=SEARCH_PROMPT)
    assert [name for name, _ in calls(searched)] == ["search_web"]


def test_a_short_capitalised_city_before_weather_is_one_letter_off_a_known_one():
    assert calls(ask("Rone weather today", tools=WEATHER, system=None)) == [("get_weather", {"city": "Rome"})]


def test_ids_named_by_their_last_digits_or_spelt_in_english():
    assert calls(ask("my id's one-zero-zero-two, any weak spots?", tools=TUTOR)) == [
        ("get_learning_record", {"student_id": "S1002"})
    ]
    assert calls(ask("学号尾号1004的进度", tools=TUTOR)) == [("get_learning_record", {"student_id": "S1004"})]


def test_struggles_a_teacher_and_fillers_reach_the_right_tool_and_no_filler_is_looked_up():
    assert calls(ask("what is S1002 struggling with", tools=TUTOR)) == [
        ("get_learning_record", {"student_id": "S1002"})
    ]
    teacher = ask("which teacher do I have on 2026-07-25", tools=TUTOR)
    assert calls(teacher) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-25"})]
    assert calls(ask("erm, uhh, what level is leisure tho", tools=TUTOR)) == [("lookup_word", {"word": "leisure"})]
    aside = ask("My teacher said yesterday I should ask: what does 'accord' mean?", tools=TUTOR)
    assert calls(aside) == [("lookup_word", {"word": "accord"})]  # a teacher mentioned is no timetable question


def test_these_two_is_no_city_and_compares_the_two_just_fetched():
    from toolcall_lab.stages.weather_data import build_weather_tool

    tool = build_weather_tool()
    first = [{"city": "Tokyo"}, {"city": "Bangkok"}]
    turn = {"role": "assistant", "content": None, "tool_calls": [
        {"id": f"c{i}", "type": "function", "function": {"name": "get_weather", "arguments": json.dumps(a)}}
        for i, a in enumerate(first)
    ]}  # fmt: skip
    replies = [answered(json.dumps(tool.invoke(a), ensure_ascii=False), f"c{i}") for i, a in enumerate(first)]
    decision = ask("东京和曼谷现在多少度", turn, *replies, "这俩谁更热些", tools=WEATHER, system=None)
    assert calls(decision) == [] and "结论" in (decision.content or "")


def test_a_plain_bu_after_xian_rules_a_topic_out():
    decision = ask("进度先不看，2026-07-25 S1003 几点上课", tools=TUTOR)
    assert calls(decision) == [("get_schedule", {"student_id": "S1003", "date": "2026-07-25"})]


def test_a_sum_after_a_short_label_without_its_colon_and_one_level_explained():
    assert "56" in (ask("quick q what's 7 times 8", tools=TUTOR).content or "")
    level = ask("what does C1 mean on your word list", tools=TUTOR)
    assert calls(level) == [] and "advanced" in (level.content or "")


def test_a_day_of_the_month_after_a_full_date_is_in_that_month():
    earlier = called("get_schedule", {"student_id": "S1001", "date": "2026-07-24"})
    decision = ask("lessons on 2026-07-24?", earlier, answered("无课"), "and on the 27th?", tools=TUTOR)
    assert calls(decision) == [("get_schedule", {"student_id": "S1001", "date": "2026-07-27"})]


def test_the_calendar_itself_is_answered_from_the_prompt_or_said_unknown():
    stated = ask("btw what's today's date", tools=SEARCH, system="Today is Monday, 27 July 2026.")
    assert calls(stated) == [] and "Monday, 27 July 2026" in (stated.content or "")
    unstated = ask("今天几号", tools=SEARCH, system=SEARCH_PROMPT)
    assert calls(unstated) == [] and "系统提示词" in (unstated.content or "")
    supposed = ask("if today is monday, what day is the day after tomorrow?", tools=TUTOR)
    assert calls(supposed) == [] and "Wednesday" in (supposed.content or "")


def test_a_city_in_place_of_another_asks_the_weather_tool():
    for question in ("drop tokyo, what about london", "not seoul, just paris pls"):
        decision = ask(question, tools=WEATHER, system=None)
        assert [args["city"] for _, args in calls(decision)] in (["London"], ["Paris"])


def test_a_form_of_a_word_or_a_labelled_grammar_question_is_not_looked_up():
    for question in ("what's the past tense of 'run'", "grammar question: is 'light' an adjective or a noun"):
        decision = ask(question, tools=TUTOR)
        assert calls(decision) == [] and "grammar" in (decision.content or "")


def test_a_weekday_the_learner_states_counts_the_days_to_the_weekend():
    decision = ask("bbq in london this weekend? it's friday today", tools=WEATHER, system=None)
    assert calls(decision) == [("get_weather", {"city": "London", "days": 3})]


def test_which_of_some_words_is_harder_looks_each_up_and_names_the_harder():
    decision = ask("which is easier, benefit or ubiquitous", tools=TUTOR)
    assert sorted(args["word"] for _, args in calls(decision)) == ["benefit", "ubiquitous"]
    skills = ask("which is harder for me, listening or reading?", tools=TUTOR)
    assert not any(name == "lookup_word" for name, _ in calls(skills))


def test_a_bare_value_with_nothing_before_it_is_asked_back_not_refused():
    decision = ask("好的谢谢，那大后天呢", tools=TUTOR)
    content = decision.content or ""
    assert calls(decision) == [] and "大后天" in content and "get_schedule" in content and "对不上" not in content
    when = ask("thanks, and the day after tomorrow?", tools=TUTOR)
    assert calls(when) == [] and "the day after tomorrow" in (when.content or "")


def test_just_browsing_is_told_what_the_tools_answer():
    decision = ask("随便看看", tools=TUTOR)
    assert calls(decision) == [] and "get_schedule" not in [n for n, _ in calls(decision)]
    assert "你可以问我" in (decision.content or "")


def test_the_tools_themselves_are_described_in_the_learners_language():
    count = ask("how many tools do you have?", tools=TUTOR)
    content = count.content or ""
    assert calls(count) == [] and "3 tool" in content and not any("\u4e00" <= ch <= "\u9fff" for ch in content)
    purpose = ask("what is get_schedule for?", tools=TUTOR)
    assert calls(purpose) == [] and "get_schedule" in (purpose.content or "")


def test_which_is_hotter_after_two_cities_were_fetched_compares_both():
    from toolcall_lab.stages.weather_data import build_weather_tool

    tool = build_weather_tool()
    turns: list = []
    for i, city in enumerate(("Sydney", "Hangzhou")):
        turns += [f"{city} weather", called("get_weather", {"city": city}, f"c{i}")]
        turns.append(answered(json.dumps(tool.invoke({"city": city}), ensure_ascii=False), f"c{i}"))
    decision = ask(*turns, "which is colder?", tools=WEATHER, system=None)
    assert calls(decision) == [] and "Sydney" in (decision.content or "") and "Hangzhou" in (decision.content or "")


def test_the_day_right_after_a_forecast_and_do_that_for_another_city_carry_the_days():
    earlier = called("get_weather", {"city": "Seoul", "days": 3})
    after = ask("seoul 3 days", earlier, answered("{}"), "and the day right after that?", tools=WEATHER, system=None)
    assert calls(after) == [("get_weather", {"city": "Seoul", "days": 4})]
    zh = ask("首尔三天", earlier, answered("{}"), "再下一天呢", tools=WEATHER, system=None)
    assert calls(zh) == [("get_weather", {"city": "Seoul", "days": 4})]
    again = ask("seoul 3 days", earlier, answered("{}"), "ok do the same for sydney", tools=WEATHER, system=None)
    assert calls(again) == [("get_weather", {"city": "Sydney", "days": 3})]


def test_learner_states_and_fillers_are_not_words_to_look_up():
    decision = ask("i'm so confused, what level is negotiate, spelling idk", tools=TUTOR)
    assert calls(decision) == [("lookup_word", {"word": "negotiate"})]
    thanks = ask("ahh ok thank u", tools=TUTOR)
    assert calls(thanks) == [] and "welcome" in (thanks.content or "")


def test_sentences_to_write_and_study_methods_to_judge_call_nothing():
    for question in (
        "write me two sentences with 'diligent' pls",
        "用 negotiate 造两个句子",
        "anki flashcards really work?",
    ):
        decision = ask(question, tools=TUTOR)
        assert calls(decision) == [], question
    assert "diligent" in (ask("write me two sentences with 'diligent' pls", tools=TUTOR).content or "")


def test_a_lower_case_place_after_weather_in_is_looked_up_and_a_why_is_not():
    assert calls(ask("weather in quito rn", tools=WEATHER, system=None)) == [("get_weather", {"city": "Quito"})]
    why = ask("why does it rain more in summer", tools=WEATHER, system=None)
    assert calls(why) == [] and "still need" not in (why.content or "")


def test_the_word_after_what_level_is_is_the_word_whatever_its_topic():
    decision = ask("skip the forecast, what level is schedule", tools=[*TUTOR, *WEATHER])
    assert calls(decision) == [("lookup_word", {"word": "schedule"})]


def test_an_id_and_a_date_ask_the_tool_that_takes_both():
    decision = ask("not my own timetable, check S1003's on 2026-07-25", tools=TUTOR)
    assert calls(decision) == [("get_schedule", {"student_id": "S1003", "date": "2026-07-25"})]
    assert calls(ask("look up S1004", tools=TUTOR)) == [("get_learning_record", {"student_id": "S1004"})]


def test_a_word_sent_after_the_model_asked_for_one_is_that_word_in_the_question_language():
    first = "帮我看个单词是几级"
    reply = {"role": "assistant", "content": "要用 lookup_word 回答这个问题，我还缺少：word。请补充后再问我。"}
    decision = ask(first, reply, "schedule", tools=TUTOR)
    assert calls(decision) == [("lookup_word", {"word": "schedule"})]


def test_the_best_way_to_learn_words_is_study_advice():
    decision = ask("what's the best way to memorise vocab", tools=TUTOR)
    assert calls(decision) == [] and "spaced" in (decision.content or "")


def test_a_bare_day_ahead_to_a_weather_assistant_asks_which_city():
    decision = ask("ok and tomorrow?", tools=WEATHER, system=None)
    assert (
        calls(decision) == [] and "get_weather" in (decision.content or "") and "which city" in (decision.content or "")
    )
