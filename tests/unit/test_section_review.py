"""The section reviews' mixed checks (:mod:`lessons.course.review`)."""

from __future__ import annotations

import pytest

from lessons.course import review as rv
from pages.registry import in_section

CHECKS = {
    "chain": rv.check_chain,
    "tutor": rv.check_tutor,
    "graph": rv.check_graph,
    "reliability": rv.check_reliability,
}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("section", rv.SECTIONS)
def test_the_expected_answer_passes_and_each_wrong_part_fails(section, lang):
    check = CHECKS[section]
    expected = check(None, lang).expected
    assert check(None, lang).correct is False
    got = check(expected, lang)
    assert got.correct and all(got.shown["right"].values())
    for part, value in expected.items():
        wrong = {**expected, part: "not this" if not isinstance(value, bool) else not value}
        got = check(wrong, lang)
        assert not got.correct and got.shown["right"][part] is False
        assert [k for k, ok in got.shown["right"].items() if not ok] == [part]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_chain_artifacts_come_from_four_stages_of_one_real_run(lang):
    trace = rv.chain_run(lang)
    shown = rv.chain_artifacts(lang)
    answer = rv.check_chain(None, lang).expected
    assert sorted(answer.values()) == [3, 4, 5, 7]
    call = next(label for label, n in answer.items() if n == 4)
    assert shown[call]["id"] == trace.tool_executions[0].tool_call_id
    message = next(label for label, n in answer.items() if n == 7)
    assert shown[message]["tool_call_id"] == shown[call]["id"], "the ToolMessage answers that call"


def test_the_graph_budget_orphans_a_reply_and_one_more_message_would_not_be_the_smallest():
    history = list(rv.graph_history("en"))
    budget = rv.graph_budget("en")
    assert rv.check_graph(None, "en").expected["keeps_pairs"] is False
    assert all(not rv.orphaned_tool_replies(rv.naive_trim(history, n)) for n in range(1, budget))


def test_the_reliability_fix_keeps_the_student_whatever_the_injection():
    expected = rv.check_reliability(None, "en").expected
    assert expected["injection_changes"] is False
    assert expected["attempts"] == rv.RELIABILITY_FAILS + 1


@pytest.mark.parametrize("section", rv.SECTIONS)
def test_each_section_ends_on_a_page_with_the_review_as_its_last_exercise(section):
    assert in_section(section)[-1].exercises >= 3


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_reliability_reviews_questions_read_as_sentences(lang):
    """The review asked "the first 1 request(s) get a 429": a template, not a sentence; the count is worded."""
    from lessons.course import review_exercises as rx
    from toolcall_lab.exercises import Number

    labels = [
        part.widget.label(lang)
        for part in rx.REVIEW_RELIABILITY.answer.parts
        if isinstance(part.widget, Number) and "429" in part.widget.label(lang)
    ]
    assert labels
    assert not any("(s)" in label or "first 1 " in label or "前 1 次" in label for label in labels), labels
