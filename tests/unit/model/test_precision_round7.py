"""Issue 23, seventh round: the last calls with arguments no learner asked for in the tunable parts. A web
search is for up-to-date information (the search specimen's own prompt says so), not for settled knowledge nor
for a record another tool holds. Each test is one behaviour on the app's real tools; what the model must *not*
call is asserted as plainly as what it must."""

from __future__ import annotations

from lessons.search_assistant.agent import SYSTEM_PROMPT as SEARCH_PROMPT
from tests.unit.model.helpers import SEARCH, TUTOR, answered, ask, called, calls


def test_a_capital_is_settled_knowledge_not_a_search():
    decision = ask("what is the capital of Canada?", tools=SEARCH, system=SEARCH_PROMPT)
    assert calls(decision) == []
    assert "Ottawa" in (decision.content or "")
    step = next(s for s in decision.record.steps if s.kind == "not_searched")
    assert "settled knowledge" in step.en and "稳定的常识" in step.zh
    zh = ask("泰国的首都是哪里？", tools=SEARCH, system=SEARCH_PROMPT)
    assert calls(zh) == [] and "曼谷" in (zh.content or "")


def test_a_definition_the_model_does_not_know_is_said_not_searched_with_filler():
    decision = ask("简单解释一下什么是递归", tools=SEARCH, system=SEARCH_PROMPT)
    assert calls(decision) == []  # not search_web(query="简单解释一下 递归")
    content = decision.content or ""
    assert "说不上来" in content and "search_web" in content  # says what it cannot tell, in Chinese
    english = ask("stack vs queue, what's the difference?", tools=SEARCH, system=SEARCH_PROMPT)
    assert calls(english) == [] and "can't tell" in (english.content or "")


def test_fresh_or_documented_or_asked_for_searches_still_search():
    for question in (
        "what's the difference between thread_id and user_id?",  # a documented name
        "what is ToolNode",  # a documented name
        "什么是 checkpointer",  # a name coined from two words, as software is named
        "what is the population of Tokyo?",  # a figure that changes
        "what's the latest news about the olympics?",  # up to date
        "search: what is recursion",  # asked for by name
    ):
        assert [name for name, _ in calls(ask(question, tools=SEARCH, system=SEARCH_PROMPT))] == ["search_web"]


def test_a_conversation_already_searching_keeps_searching():
    decision = ask(
        "search LangGraph checkpointers",
        called("search_web", {"query": "LangGraph checkpointers"}),
        answered("A checkpointer saves the graph State after every super-step."),
        {"role": "assistant", "content": "A checkpointer saves the graph State after every super-step."},
        "and what is a reducer?",
        tools=SEARCH,
        system=SEARCH_PROMPT,
    )
    assert [name for name, _ in calls(decision)] == ["search_web"]


def test_the_assistants_own_word_list_is_not_on_the_web():
    decision = ask("is 'leisure' on your vocab list?", tools=SEARCH, system=SEARCH_PROMPT)
    assert calls(decision) == []
    assert any(s.kind == "not_searched" and "own list" in s.en for s in decision.record.steps)


def test_search_online_for_a_students_record_uses_the_record_tool():
    decision = ask("search the web for S1004's latest test score", tools=[*TUTOR, *SEARCH])
    assert calls(decision) == [("get_learning_record", {"student_id": "S1004"})]  # not search_web(...)
    step = next(s for s in decision.record.steps if s.kind == "not_searched")
    assert step.read_as == "get_learning_record" and "get_learning_record" in step.zh


def test_quoted_grammar_words_are_a_grammar_question_not_words_to_look_up():
    decision = ask("should I say 'during' or 'while' here? I always get it wrong", tools=TUTOR)
    assert calls(decision) == []  # not lookup_word("during"), lookup_word("while")
    content = decision.content or ""
    assert "grammar" in content and '"during" and "while"' in content
    assert [(s.kind, s.typed) for s in decision.record.steps] == [("not_argument", "during"), ("not_argument", "while")]
    zh = ask("'because' 和 'so' 用法有什么区别", tools=TUTOR)
    assert calls(zh) == [] and "语法" in (zh.content or "")


def test_a_grammar_word_asked_about_as_a_word_is_still_looked_up():
    assert calls(ask("what does 'since' mean?", tools=TUTOR)) == [("lookup_word", {"word": "since"})]


def test_what_the_web_says_is_quoted_not_searched_and_its_word_is_the_one_with_a_level():
    decision = ask("a website says meticulous is C1, is it the same on your list?", tools=[*TUTOR, *SEARCH])
    assert calls(decision) == [("lookup_word", {"word": "meticulous"})]  # no search_web, no lookup_word("same")
    step = next(s for s in decision.record.steps if s.kind == "not_searched")
    assert step.typed == "website says" and "引用" in step.zh
    zh = ask("网上说 ambiguous 是 C1，你们这边是几级", tools=[*TUTOR, *SEARCH])
    assert calls(zh) == [("lookup_word", {"word": "ambiguous"})]


def test_two_levels_joined_by_or_are_one_item_and_a_frame_piece_gives_no_word():
    # "B1 or B2" is not split into two items; "which one do you guys use" names no word of its own
    assert calls(ask("leisure is B1 or B2, which one do you guys use?", tools=TUTOR)) == [
        ("lookup_word", {"word": "leisure"})
    ]


def test_a_question_about_the_exam_itself_opens_nobodys_record():
    decision = ask("how long is the IELTS listening section usually?", tools=TUTOR)
    assert calls(decision) == []  # not get_learning_record(S1001): the record's "test" is not this exam
    assert "30 minutes" in (decision.content or "")
    assert decision.record.refusal == "no call needed: exam"
    zh = ask("雅思阅读一般多长时间", tools=TUTOR)
    assert calls(zh) == [] and "60 分钟" in (zh.content or "")


def test_an_exam_the_model_does_not_know_is_said_not_made_up():
    decision = ask("托福一般考多久", tools=TUTOR)
    assert calls(decision) == []
    assert "说不上来" in (decision.content or "")


def test_somebodys_own_exam_is_still_their_record():
    assert calls(ask("how did I do on my last IELTS test", tools=TUTOR)) == [
        ("get_learning_record", {"student_id": "S1001"})
    ]
    assert calls(ask("S1002 的雅思口语一般几分", tools=TUTOR)) == [("get_learning_record", {"student_id": "S1002"})]
