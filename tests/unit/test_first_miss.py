"""Issue 22: a first miss points at the artifact, never at the computed answer (every predict and review exercise).

For every exercise of every page whose answer is picked (a radio, a select box, pills, a number, yes / no,
one select box per sample, a review's parts), this submits wrong answers once, as a learner would, and
reads what the renderer says after that miss: the exercise's feedback for the finding
(:func:`toolcall_lab.exercises.feedback`) and its hint. Neither may hold the right answer: not the
value the check computed from the real artifact (``expected``), nor, for a number, the number, nor an
option's words. The answer is shown by the renderer only after the second miss or on "show me".

The right answer is always the exercise's own check run on no answer (what "show me" shows); the wrong
answers are the other options, the neighbours of the number, the other yes / no; nothing is typed here.
Exercises that read the page's context get it from the same lesson functions the page calls.
"""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from pages.registry import PAGES, PageSpec
from toolcall_lab.exercises import (
    Choice,
    Choices,
    Context,
    Exercise,
    Number,
    Parts,
    Picks,
    Pills,
    Select,
    Widget,
    YesNo,
    feedback,
    inline,
)
from toolcall_lab.i18n import Text

PICKED = (Choice, Choices, Number, Parts, Picks, Pills, Select, YesNo)  # answers picked, not typed


def page_examples(spec: PageSpec) -> tuple[Text, ...]:
    """A page's ``EXAMPLES`` (its example questions), read from the page script without running Streamlit."""
    for node in ast.parse(spec.file.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "EXAMPLES" for t in node.targets):
            return eval(compile(ast.Expression(node.value), str(spec.file), "eval"), {"Text": Text})
    raise LookupError(f"{spec.path} has no EXAMPLES")


@cache
def page_context(url_path: str, lang: str) -> dict[str, Any]:
    """What the page hands its exercises at its defaults, built by the lesson functions the page calls."""
    spec = next(s for s in PAGES if s.url_path == url_path)
    context: dict[str, Any] = {"lang": lang, "ed": lang, "max_steps": 4, "budget": 7, "question": ""}
    if url_path == "home":
        from lessons.course import home

        context["review"] = home.review_run(lang)
    elif url_path.startswith("graph_1"):
        context["questions"] = [q(lang) for q in page_examples(spec)]
    elif url_path.startswith("graph_2"):
        from lessons.search_assistant.lesson_2_is_tavily_a_tool import search_tool_schema

        context["properties"] = sorted(search_tool_schema()["function"]["parameters"]["properties"])
    elif url_path.startswith("graph_5"):
        from lessons.search_assistant.lesson_5_code_review import KEYWORD_REPLY_EXAMPLES

        context["names"] = {key: key for key in KEYWORD_REPLY_EXAMPLES}
    elif url_path.startswith("graph_7"):
        from lessons.search_assistant.exercises_context import three_turn_history
        from toolcall_lab.llm import build_chat_model

        beijing = Text("那北京呢？", "What about Beijing?")(lang)  # the page's default next question
        context["history"] = three_turn_history(build_chat_model(), lang, beijing)
    return context


def picked_exercises() -> Iterator[tuple[str, Exercise]]:
    for spec in PAGES:
        if not spec.exercise_module:
            continue
        for item in importlib.import_module(spec.exercise_module).EXERCISES:
            if item.kind in ("predict", "review") and isinstance(item.answer, PICKED):
                yield spec.url_path, item


CASES = [pytest.param(url, item, id=f"{url}/{item.slug}") for url, item in picked_exercises()]


def misses(widget: Widget, expected: Any, context: Context) -> list[Any]:
    """Wrong answers a learner could pick, derived from the widget and the computed answer."""
    if isinstance(widget, Choice | Select) or (isinstance(widget, Pills) and not widget.multi):
        return [o for o in widget.options(context) if o != expected][:3]
    if isinstance(widget, Choices | Pills):
        right = list(expected or [])
        others = [o for o in widget.options(context) if o not in right]
        return [right[:-1]] * bool(right) + [right + others[:1]] * bool(others)
    if isinstance(widget, Number):
        return [n for n in (expected + 1, expected - 1) if widget.low <= n <= widget.high]
    if isinstance(widget, YesNo):
        return [not expected]
    if isinstance(widget, Picks):
        options = list(widget.options(context))
        return [{name: next(o for o in options if o != value) for name, value in expected.items()}]
    if isinstance(widget, Parts):
        names = [part.name for part in widget.parts]
        if isinstance(expected, dict) and not set(names) <= set(expected):  # per question: (question, its count)
            return [(q, n + 1) for q, n in expected.items()]
        right = expected if isinstance(expected, dict) else dict(zip(names, expected, strict=True))
        wrong = {p.name: misses(p.widget, right[p.name], context)[0] for p in widget.parts}
        return [tuple(wrong.values()) if widget.as_tuple else wrong]
    raise TypeError(type(widget).__name__)


def answer_words(widget: Widget, expected: Any, context: Context) -> list[str]:
    """How the right answer reads on screen: its value, and an option's shown words."""
    if isinstance(widget, Parts) and isinstance(expected, dict):
        parts = {p.name: p.widget for p in widget.parts}
        if set(parts) <= set(expected):
            return [w for name, value in expected.items() for w in answer_words(parts[name], value, context)]
        return [str(n) for n in expected.values()]  # per question: each question's count
    if isinstance(widget, Picks):
        names = widget.options(context)
        return [names[v](str(context["lang"])) for v in expected.values()]
    if isinstance(expected, bool):
        return []  # a yes / no reads as a word of any sentence: judged by what the check saw (below)
    words = [inline(expected)]
    shown = getattr(widget, "format", None)
    if shown is not None and not isinstance(expected, list):
        words.append(shown(expected, context))
    return words


def holds(said: str, word: str) -> bool:
    """Whether ``said`` holds ``word``; a number only as a whole number (``5`` is not in ``15``)."""
    if re.fullmatch(r"\d+", word):
        return re.search(rf"(?<![\d.]){word}(?![\d.])", said) is not None
    return word in said


def leaves(value: Any) -> Iterator[Any]:
    """Every scalar inside a check's record (dict values, list items), depth first."""
    if isinstance(value, dict):
        for inner in value.values():
            yield from leaves(inner)
    elif isinstance(value, list | tuple):
        for inner in value:
            yield from leaves(inner)
    else:
        yield value


def seen_words(shown: Any, known: str) -> list[str]:
    """What the check saw that would name the answer: a path the graph took, the ids a reducer kept, a status.

    Words the learner already has (``known``: the prompt, the answer they gave) give nothing away; neither does
    a plain lower-case word ("model", "tools": words of any sentence about a graph).
    """
    out: list[str] = []
    if isinstance(shown, dict):
        for key in ("path", "ids", "orphans"):
            value = shown.get(key)
            if isinstance(value, list) and len(value) > 1:
                out += [" → ".join(map(str, value)), ", ".join(map(str, value)), inline(value)]
    for leaf in leaves(shown):
        if isinstance(leaf, str) and len(leaf) >= 4 and not re.fullmatch(r"[a-z]+", leaf):
            out.append(leaf.strip().splitlines()[0][:60] if leaf.strip() else leaf)
    return [w for w in out if w and w not in known]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("url_path", "item"), CASES)
def test_a_first_miss_names_where_to_look_never_the_answer(url_path: str, item: Exercise, lang: str) -> None:
    context = page_context(url_path, lang)
    expected = item.check(None, context).expected  # what "show me" shows, computed by the exercise's own check
    tried = misses(item.answer, expected, context)
    assert tried, f"{item.slug}: no wrong answer to try"
    for answer in tried:
        found = item.check(answer, context)
        assert not found.correct, (item.slug, answer)
        said = feedback(item, found, context)(lang) + "\n" + item.hint(lang)
        known = item.prompt_text(context)(lang) + inline(answer) + str(answer)
        if item.specimen is not None:
            known += item.specimen.text(context)
        for word in answer_words(item.answer, expected, context) + seen_words(found.shown, known):
            assert not holds(said, word), f"{item.slug} ({lang}) gives away {word!r} after one miss: {said}"


def test_every_page_with_a_predict_exercise_is_audited() -> None:
    """The audit is not empty: the chain, tutor, graph and course sections each have picked predictions."""
    audited = {url.split("_")[0] for url, _item in picked_exercises()}
    assert {"stage", "tutor", "graph", "home", "live", "faults", "who"} <= audited, audited
