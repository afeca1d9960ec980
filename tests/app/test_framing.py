"""Issue 22, point 1: every lesson page opens with its framing, above its artifact; the rest is one click away.

For every course page of the registry, in both languages, under AppTest: the framing's first
sentence (``lessons/content/<page>.<lang>.md``, its first part) is drawn once, before the page's
first artifact element (``st.container(key="artifact")``) in the element order, and the framing
is two to four sentences. The rest of the lesson is a closed expander, between the framing and
the artifact, labelled with what it holds (part 2's mark) and holding exactly that rest.
The browser half (both on the first screen at 1280×720 and 390×844) was checked by hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from lessons.content import lesson_frame, lesson_rest
from pages.registry import COURSE
from tests.unit.test_lesson_framing import sentences


def in_order(node: Any) -> Iterator[Any]:
    """The page's elements and blocks, depth first, in the order they are drawn."""
    yield node
    for child in getattr(node, "children", {}).values():
        yield from in_order(child)


def is_artifact(node: Any) -> bool:
    """A container keyed ``artifact`` (Streamlit writes the key at the end of the block's id)."""
    return type(node).__name__ == "Block" and str(getattr(node.proto, "id", "")).endswith("-artifact")


def holds(node: Any, text: str) -> bool:
    return type(node).__name__ == "Markdown" and text in str(node.value)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("spec", [pytest.param(s, id=s.url_path) for s in COURSE])
def test_the_framing_comes_first_and_the_rest_is_one_click_away(open_page, spec, lang):
    at = open_page(spec.path, lang, timeout=180)
    assert not at.exception, at.exception
    frame = lesson_frame(spec.lesson, lang)
    said = sentences(frame, lang)
    assert 2 <= len(said) <= 4, said
    order = list(in_order(at.main))
    drawn = [i for i, node in enumerate(order) if holds(node, said[0])]
    assert len(drawn) == 1, f"the framing's first sentence is drawn {len(drawn)} times"
    artifacts = [i for i, node in enumerate(order) if is_artifact(node)]
    assert artifacts, "the page marks no artifact"
    assert drawn[0] < artifacts[0], "the framing comes after the artifact"
    assert order[drawn[0]].value.strip() == frame  # the whole framing, in one paragraph

    what, rest = lesson_rest(spec.lesson, lang)
    label = ("The lesson: " if lang == "en" else "课文：") + what
    folded = [e for e in at.main.expander if e.label == label]
    assert len(folded) == 1, [e.label for e in at.main.expander][:5]
    assert not folded[0].proto.expanded  # closed: one click away
    assert [m.value for m in folded[0].markdown] == [rest]
    where = next(i for i, node in enumerate(order) if node is folded[0])
    assert drawn[0] < where < artifacts[0], "the folded lesson sits between the framing and the artifact"
