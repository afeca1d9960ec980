"""Lesson prose for the seven LangGraph pages exists in both languages, at lesson length."""

from __future__ import annotations

import re

import pytest

from lessons.content import lesson_parts
from pages.registry import in_section

# each part of each LangGraph page's prose after its framing (part 1, a few sentences, held by
# tests/unit/test_lesson_framing.py); most pages have one such part, graph 3 has two
GRAPH_LESSONS = [(p.lesson, n) for p in in_section("graph") for n in range(1, len(lesson_parts(p.lesson, "en")))]


@pytest.mark.parametrize(("name", "part"), GRAPH_LESSONS)
def test_each_lesson_has_both_languages_at_lesson_length(name, part):
    english_words = len(lesson_parts(name, "en")[part].split())
    chinese_chars = len(re.findall(r"[\u4e00-\u9fff]", lesson_parts(name, "zh")[part]))
    assert 150 <= english_words <= 400, english_words
    assert 300 <= chinese_chars <= 800, chinese_chars
