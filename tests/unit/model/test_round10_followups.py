"""Issue 23, tenth round: follow-ups and asks a learner words without a tool's word. The lessons left of the
course come from the record; a search said not to be made for one thing is still made for the other; "thanks!"
before a request does not make it small talk; separate searches are separate calls. Each test is one
behaviour on the app's real tools, in wordings other than the evaluation's cases."""

from __future__ import annotations

import json

from lessons.search_assistant.agent import make_search_web_tool
from lessons.tutor.tools import build_tools
from tests.unit.model.helpers import SEARCH, TUTOR, answered, ask, called, calls, ran_each

_RECORD = next(t for t in build_tools() if t.name == "get_learning_record")
_SEARCH = make_search_web_tool()


def _record_answer(question: str, sid: str = "S1001") -> str:
    """The answer after the real ``get_learning_record`` ran for ``sid``."""
    result = str(_RECORD.invoke({"student_id": sid}))
    decision = ask(question, called("get_learning_record", {"student_id": sid}), answered(result), tools=TUTOR)
    return decision.content or ""


def _searched(question: str, *queries: str) -> str:
    """The answer after the real ``search_web`` ran once per query, all in one assistant message."""
    turn = ran_each(
        "search_web", [{"query": q} for q in queries], lambda a: json.dumps(_SEARCH.invoke(a), ensure_ascii=False)
    )
    return ask(question, *turn, tools=SEARCH).content or ""


# 1. lessons left of the course, asked without the record's words


def test_lessons_till_the_end_of_the_course_read_the_learners_record():
    for question in (
        "我还要上几节才能结课",
        "我还剩几堂课",
        "还有多少节课才能全部学完",
        "how many classes until I'm done",
    ):
        assert calls(ask(question, tools=TUTOR)) == [("get_learning_record", {"student_id": "S1001"})], question


def test_a_day_named_keeps_it_a_timetable_question():
    assert [name for name, _ in calls(ask("我 2026-07-25 还有几节课", tools=TUTOR))] == ["get_schedule"]


def test_the_answer_states_the_lessons_left_computed_from_the_record():
    assert "还差 38 课时" in _record_answer("再上几节就能全部学完")
    assert "38 lessons left" in _record_answer("how many sessions before I'm through with the course")


# 2. "don't search X, search Y"


def test_a_search_said_not_for_one_thing_is_made_for_the_other():
    english = calls(ask("don't search the news, search how ToolNode validates arguments", tools=SEARCH))
    assert len(english) == 1 and "ToolNode" in english[0][1]["query"] and "news" not in english[0][1]["query"]
    zh = calls(ask("别搜新闻了，搜搜 LangGraph 的 reducer", tools=SEARCH))
    assert len(zh) == 1 and "reducer" in zh[0][1]["query"] and "搜" not in zh[0][1]["query"]


def test_a_search_said_not_to_be_made_at_all_is_not_made():
    assert calls(ask("don't search anything, just say hi to the class", tools=SEARCH)) == []


def test_the_answer_reads_the_hits_against_what_was_searched_not_what_was_ruled_out():
    text = _searched("don't search for ToolNode; search add_messages", "add_messages")
    assert "found nothing relevant" not in text and "add_messages" in text


def test_fenbie_is_no_negation():
    from toolcall_lab.offline.negation import drop_negated

    assert drop_negated("分别查一下 accord 和 abandon")[1] == []
    assert drop_negated("别查 accord，查 abandon")[1] != []


# 3. thanks, then a request


def test_thanks_then_a_new_thing_searches_the_new_thing():
    earlier = called("search_web", {"query": "StateGraph"})
    decision = ask("search StateGraph", earlier, answered("{}"), "great, thanks! how about bind_tools?", tools=SEARCH)
    assert calls(decision) == [("search_web", {"query": "bind_tools"})]
    assert any(s.kind == "not_argument" and "thanks" in s.typed for s in decision.record.steps)
    zh = ask("搜一下 StateGraph", earlier, answered("{}"), "好的谢谢，那 ToolNode 呢", tools=SEARCH)
    assert calls(zh) == [("search_web", {"query": "ToolNode"})]


def test_thanks_alone_is_still_small_talk():
    earlier = called("search_web", {"query": "interrupt"})
    assert calls(ask("search interrupt", earlier, answered("{}"), "ok thanks!", tools=SEARCH)) == []


# 4. separate searches


def test_separate_searches_are_one_call_per_topic():
    english = calls(ask("search checkpointer and interrupt separately", tools=SEARCH))
    assert [args["query"] for _, args in english] == ["checkpointer", "interrupt"]
    zh = calls(ask("帮我各搜一下：条件边、bind_tools", tools=SEARCH))
    assert [args["query"] for _, args in zh] == ["条件边", "bind_tools"]
    counted = calls(ask("do two searches - one on ToolNode, one on the Store", tools=SEARCH))
    assert [args["query"] for _, args in counted] == ["ToolNode", "Store"]


def test_one_search_of_two_topics_stays_one_search():
    assert len(calls(ask("search ToolNode and bind_tools", tools=SEARCH))) == 1


def test_each_separate_search_is_answered_on_its_own():
    text = _searched("search ToolNode and bind_tools separately", "ToolNode", "bind_tools")
    assert 'On "ToolNode"' in text and 'On "bind_tools"' in text
    assert "bind_tools([tool])" in text  # the second search's own hit, not the first's twice


def test_the_worked_examples_of_this_rounds_modules_run():
    import doctest

    from toolcall_lab.offline import negation, separate, smalltalk

    for module in (separate, smalltalk, negation):
        assert doctest.testmod(module).failed == 0, module.__name__
