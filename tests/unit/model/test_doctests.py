"""The worked examples in the built-in model's docstrings run as tests."""

from __future__ import annotations

import doctest

import pytest

from toolcall_lab.offline import (
    about_me,
    arguments,
    asking,
    beyond_forecast,
    calendar_facts,
    cantonese,
    clarify,
    clauses,
    clock_spans,
    comparing,
    course_terms,
    date_ranges,
    dates,
    exams,
    explain,
    gloss,
    glossary,
    ids,
    impossible_dates,
    kinds,
    knowledge,
    later_days,
    learner_language,
    limits,
    negation,
    nlu,
    non_cities,
    parties,
    phrasing,
    place_cues,
    policy,
    reading,
    recall,
    record,
    references,
    romanise,
    scanning,
    schema_facts,
    schema_questions,
    scope,
    separate,
    server,
    settled,
    smalltalk,
    spans,
    spelled_dates,
    spelling,
    stated_numbers,
    study_tips,
    suggest,
    system_dates,
    terms,
    the_other,
    time_zones,
    tokens,
    tool_reach,
    untrusted,
    usage,
    vocabulary,
    weekday_beside,
    what_if,
    word_facts,
)

MODULES = [
    arguments, clauses, clock_spans, comparing, dates, exams, explain, gloss, ids, impossible_dates, kinds,
    negation, knowledge,
    parties, phrasing, place_cues, policy, reading, record, references, romanise, settled, spans, spelled_dates,
    spelling, terms,
    the_other, usage, vocabulary, word_facts, later_days, stated_numbers, weekday_beside, course_terms,
    calendar_facts, clarify, study_tips, asking, about_me, cantonese, date_ranges, system_dates,
    limits, nlu, non_cities, recall, scanning, schema_facts, schema_questions, separate, server, smalltalk, suggest,
    tokens, untrusted, what_if, learner_language, beyond_forecast, glossary, tool_reach, scope, time_zones,
]  # fmt: skip


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
