"""Lesson prose for the seven LangGraph pages exists in both languages, at lesson length."""

from __future__ import annotations

import re

import pytest

from toolcall_lab.i18n import lesson_text

GRAPH_LESSONS = [
    "graph_1_state_nodes_edges",
    "graph_2_who_decides",
    "graph_3_model_context",
    "graph_4_threads_checkpoints",
    "graph_5_review_findings",
    "graph_6_human_approval",
    "graph_7_context_control",
]


@pytest.mark.parametrize("name", GRAPH_LESSONS)
def test_each_lesson_has_both_languages_at_lesson_length(name):
    english_words = len(lesson_text(name, "en").split())
    chinese_chars = len(re.findall(r"[\u4e00-\u9fff]", lesson_text(name, "zh")))
    assert 150 <= english_words <= 400, english_words
    assert 300 <= chinese_chars <= 800, chinese_chars
