"""Issue 21, finding 5: the built-in model's text handling is linear, and a question over the
documented length is refused with the provider's 400.

No wall-clock assertion here (speed goes in ``benchmarks/model_long_input.py``): the behaviour
is asserted (answered / refused), and linearity by a bounded size check — the work for
eight times the input may not grow more than 24 times (a quadratic pattern grows 64×).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from tests.unit.model.helpers import ALL, ask
from toolcall_lab.offline import BuiltinModel, EndpointError, nlu, terms
from toolcall_lab.offline.answers import json_shape_asked
from toolcall_lab.offline.clauses import split_clauses, split_segments
from toolcall_lab.offline.dates import find_dates
from toolcall_lab.offline.limits import MAX_QUESTION_CHARS
from toolcall_lab.offline.policy import strip_injections
from toolcall_lab.offline.reading import find_documents
from toolcall_lab.offline.scanning import json_blobs, loads, squeeze_space
from toolcall_lab.offline.spans import days_asked


def _body(question: str, tools: bool = True) -> dict:
    body: dict = {"model": "m", "messages": [{"role": "user", "content": question}]}
    if tools:
        body["tools"] = ALL
    return body


def _refused(body: dict) -> dict:
    with pytest.raises(EndpointError) as err:
        BuiltinModel().respond(BuiltinModel().parse(body))
    assert err.value.status == 400
    return err.value.body["error"]


@pytest.mark.parametrize(
    ("question", "tools"),
    [("a" * 50_000, True), ("a" * 1_000_000, True), ("{" * 300_000, False)],
    ids=["50 kB with a tool", "1 MB with a tool", "300,000 { without tools"],
)
def test_a_question_over_the_limit_gets_the_providers_400(question, tools):
    error = _refused(_body(question, tools))
    assert error["code"] == "string_above_max_length"
    assert error["param"] == "messages.[0].content"
    assert str(MAX_QUESTION_CHARS) in error["message"] and str(len(question)) in error["message"]


def test_a_question_at_the_limit_is_answered():
    body = _body("a" * MAX_QUESTION_CHARS)
    completion, _ = BuiltinModel().respond(BuiltinModel().parse(body))
    assert completion["choices"][0]["message"]["content"]


def test_an_earlier_user_turn_over_the_limit_is_refused_too():
    body = {
        "model": "m",
        "messages": [
            {"role": "user", "content": "x" * (MAX_QUESTION_CHARS + 1)},
            {"role": "assistant", "content": "ok"},
            {"role": "user", "content": "hi"},
        ],
    }
    assert _refused(body)["param"] == "messages.[0].content"


def _work(fn: Callable[[str], object], text: str) -> float:
    """The best of three runs on the text as the model reads it (whitespace runs squeezed)."""
    text = squeeze_space(text)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        fn(text)
        best = min(best, time.perf_counter() - start)
    return best


def _grows_linearly(fn: Callable[[str], object], make: Callable[[int], str], n: int = 10_000) -> None:
    """Eight times the input costs at most 24 times the work: linear is 8× (up to about 16× where
    the text outgrows the processor's caches, measured), quadratic 64×."""
    small, large = _work(fn, make(n)), _work(fn, make(8 * n))
    assert large <= 24 * small + 0.05, (small, large)  # +50 ms: noise; a quadratic pattern takes seconds here


LINEAR_CASES = {
    "marked word before 什么意思": (terms.marked_terms, lambda n: "a" * n + "b"),
    "marked word, letters and hyphens": (terms.marked_terms, lambda n: "a-" * (n // 2)),
    "english terms": (terms.english_terms, lambda n: "a" * n + "1"),
    "numbers near a unit": (lambda t: nlu.numbers_near(t, ("days",)), lambda n: "1" * n + "x"),
    "dates in digits": (find_dates, lambda n: "2026-07-" * (n // 8)),
    "days asked, spaces": (days_asked, lambda n: "3" + " " * n + "x"),
    "clauses, spaces": (split_clauses, lambda n: "," + " " * n + "x"),
    "segments, spaces": (split_segments, lambda n: "a" + " " * n + "b"),
    "injections, brackets": (strip_injections, lambda n: "【系统" * (n // 3)),
    "injections, ignore": (strip_injections, lambda n: "ignore instructions " * (n // 20)),
    "json shape, braces": (json_shape_asked, lambda n: "{" * n),
    "json blobs, braces": (json_blobs, lambda n: "{" * n),
}


@pytest.mark.parametrize("name", list(LINEAR_CASES))
def test_text_handling_grows_linearly(name):
    fn, make = LINEAR_CASES[name]
    uncached = getattr(fn, "__wrapped__", fn)  # an lru_cache would hide the work
    _grows_linearly(uncached, make)


def test_documents_in_the_prompt_are_found_in_linear_time():
    def documents(text: str) -> object:
        return find_documents([{"role": "system", "content": text}])

    _grows_linearly(documents, lambda n: "{" * n)
    _grows_linearly(documents, lambda n: "[" * n)


def test_squeeze_space_keeps_lines_and_paragraphs():
    assert squeeze_space("a \t b\n\n\n\nc\n   d") == "a b\n\nc\nd"


def test_json_blobs_follow_strings_and_escapes():
    text = 'see {"a": [1, "}\\"\\n"]} and [2] and {"x\\\\": 1} but not {3'
    assert json_blobs(text) == ['{"a": [1, "}\\"\\n"]}', "[2]", '{"x\\\\": 1}']
    assert loads("[" * 5000 + "]" * 5000) is None  # too deep for json: no RecursionError escapes


def test_long_input_below_the_limit_is_answered_with_the_right_behaviour():
    question = "What level is the word accord? " + "please " * 1_500
    decision = ask(question)
    assert [name for name, _ in decision.tool_calls] == ["lookup_word"]
    assert decision.tool_calls[0][1] == {"word": "accord"}


def test_a_prompt_over_the_context_window_gets_the_providers_400():
    body = {
        "model": "m",
        "messages": [
            {"role": "system", "content": "Only answer S1001. " * 52_000},
            {"role": "user", "content": "What level is accord?"},
        ],
        "tools": ALL,
    }
    error = _refused(body)
    assert error["code"] == "context_length_exceeded" and error["param"] == "messages"


def test_a_message_of_many_questions_is_read_as_a_dozen_asks_at_most():
    from toolcall_lab.offline.clauses import MAX_PARTS

    clauses = split_clauses("weather in Paris? " * 1_000)
    assert len(clauses) == MAX_PARTS
    assert len(split_segments("accord, " * 2_000)) == MAX_PARTS
    decision = ask("weather in Paris? " * 800)
    assert decision.tool_calls and {name for name, _ in decision.tool_calls} == {"get_weather"}


def test_the_openai_sdk_gets_the_400_over_the_wire():
    import httpx
    import openai

    from toolcall_lab.offline import BuiltinTransport

    client = openai.OpenAI(
        api_key="x", base_url="http://builtin.local/v1", http_client=httpx.Client(transport=BuiltinTransport())
    )
    with pytest.raises(openai.BadRequestError) as err:
        client.chat.completions.create(
            model="m", messages=[{"role": "user", "content": "a" * 50_000}], tools=ALL, stream=True
        )
    assert err.value.status_code == 400 and err.value.code == "string_above_max_length"


def test_complete_answers_a_question_over_the_limit_with_the_providers_400():
    """``BuiltinModel.complete`` (what the in-process wire and the HTTP server call) returns the 400, never raises."""
    long = [{"role": "user", "content": "a" * (MAX_QUESTION_CHARS + 1)}]
    body = {"model": "builtin-teaching-model", "messages": long}
    status, answer = BuiltinModel().complete(body)
    assert status == 400 and answer["error"]["code"] == "string_above_max_length"
    status, _ = BuiltinModel().complete({**body, "messages": [{"role": "user", "content": "hi"}]})
    assert status == 200
