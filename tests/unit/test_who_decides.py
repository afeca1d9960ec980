"""Who decides the student? The lesson's runs and its two checks, against the real runs and the lab's parser."""

from __future__ import annotations

import pytest

from lessons.course import who_decides as lesson
from toolcall_lab.stages.tool_source import parse_tool_source


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_injection_reads_another_record_only_with_the_gullible_model(lang):
    question = lesson.injections(lang)[0]
    assert lesson.records_read(lesson.naive_run(question, lang, True)) == [lesson.OTHER]
    careful = lesson.naive_run(question, lang, False)
    assert lesson.records_read(careful) == [] and careful.tool_executions == []
    assert careful.model_calls[0].decision["ignored"], "the decision record names the injection it ignored"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_fix_reads_the_signed_in_student_whatever_the_text_says(lang):
    for question in lesson.injections(lang):
        fixed = lesson.artifacts(lesson.context_run(question, lang, True))
        assert fixed["parameters"] == {"properties": {}, "type": "object"}
        assert fixed["tool_calls"] == [{"name": "get_learning_record", "args": {}}]
        assert fixed["read"] == [lesson.STUDENT]
    naive = lesson.artifacts(lesson.naive_run(lesson.injections(lang)[0], lang, True))
    assert "student_id" in naive["parameters"]["properties"]
    assert naive["tool_calls"] == [{"name": "get_learning_record", "args": {"student_id": lesson.OTHER}}]


def test_the_fixed_tool_gets_the_run_config_as_its_caller_set_it():
    trace = lesson.context_run(lesson.injections("en")[1], "en", True, student_id="S1003")
    assert trace.tool_executions[0].kwargs_passed == {"config": {"configurable": {"student_id": "S1003"}}}
    assert lesson.records_read(trace) == ["S1003"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_predict_is_checked_by_running_each_text(lang):
    expected = lesson.check_reads_other(None, lang).expected
    reads = [
        t for t in lesson.predict_texts(lang) if lesson.OTHER in lesson.records_read(lesson.naive_run(t, lang, True))
    ]
    assert expected == reads and 0 < len(reads) < len(lesson.predict_texts(lang))
    assert lesson.check_reads_other(list(reversed(reads)), lang).correct
    wrong = lesson.check_reads_other(list(lesson.predict_texts(lang)), lang)
    assert not wrong.correct and set(wrong.shown["read"]) == set(lesson.predict_texts(lang))


CONTEXT_SOURCES = {
    "config": 'def get_learning_record(config: RunnableConfig) -> str:\n    """Read the record."""\n',
    "injected": (
        "from typing import Annotated\n\n@tool\n"
        'def get_learning_record(student_id: Annotated[str, InjectedToolArg]) -> str:\n    """Read the record."""\n'
    ),
}


@pytest.mark.parametrize("name", list(CONTEXT_SOURCES))
def test_make_accepts_a_parameter_the_run_fills(name):
    checked = lesson.check_context_tool(CONTEXT_SOURCES[name])
    assert checked.correct, checked.shown
    assert checked.shown["properties"] == [] and len(checked.shown["from_run"]) == 1


def test_make_refuses_the_naive_tool_a_tool_that_cannot_know_the_student_and_bad_python():
    naive = lesson.check_context_tool(lesson.starting_source("en"))
    assert not naive.correct and naive.shown["properties"] == ["student_id"]
    blind = lesson.check_context_tool('def get_learning_record() -> str:\n    """Read it."""\n')
    assert not blind.correct and blind.shown == {"properties": [], "from_run": []}
    broken = lesson.check_context_tool("def x(:")
    assert not broken.correct and broken.shown["error"]["kind"] == "SyntaxError"


def test_the_expected_answer_is_the_fix_itself_and_it_passes():
    expected = lesson.check_context_tool(None).expected
    assert "config: RunnableConfig" in expected
    assert lesson.check_context_tool(expected).correct


def test_the_parser_maps_run_context_types_without_running_anything():
    built = parse_tool_source(CONTEXT_SOURCES["config"])
    assert not isinstance(built, Exception) and built.dropped == ["config"]
    assert (
        parse_tool_source("def f(x: Annotated[str, SomethingElse]) -> str:\n    '''d'''\n")
        .title["en"]
        .startswith("Cannot map")
    )
