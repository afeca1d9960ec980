"""Issue 23: several words asked about in one line, written side by side with no commas or "and".

A word that also names a tool's topic ("schedule", "weather") is one of the words asked about when it is
written among them, and only then; a conjunction between two words ("vs") is never a word."""

from __future__ import annotations

from tests.unit.model.helpers import TUTOR, ask, calls
from toolcall_lab.offline import terms


def _words(question: str) -> list[str]:
    return [args["word"] for name, args in calls(ask(question, tools=TUTOR)) if name == "lookup_word"]


def test_a_topic_word_between_two_asked_words_is_asked_about_too():
    assert _words("diligent schedule meticulous levels?") == ["diligent", "schedule", "meticulous"]
    assert _words("what level are leisure weather benefit") == ["leisure", "weather", "benefit"]
    assert _words("帮我看看 accord schedule coherent 都是几级") == ["accord", "schedule", "coherent"]


def test_a_topic_word_beside_a_single_word_or_in_the_frame_is_not_a_word_asked_about():
    assert "schedule" not in _words("is my schedule full tomorrow, and what does benefit mean")
    assert terms.english_terms("accord level benefit") == ["accord", "benefit"]


def test_a_conjunction_between_two_words_is_never_an_item_of_the_list():
    assert terms.term_run("coherent vs ambiguous") == ["coherent", "ambiguous"]
    assert terms.term_run("leisure versus benefit") == ["leisure", "benefit"]
    assert "vs" not in _words("coherent vs ambiguous")
