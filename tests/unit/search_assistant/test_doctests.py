"""The worked examples in the docstrings are run, so they cannot drift from the code."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "module",
    [
        "lessons.search_assistant.search",
        "lessons.search_assistant.workflow",
        "lessons.search_assistant.original",
        "lessons.search_assistant.context",
        "lessons.search_assistant.common",
        "toolcall_lab.graph",
        "toolcall_lab.jsonable",
        "toolcall_lab.errors",
        "toolcall_lab.checkpointers",
    ],
)
def test_docstring_examples(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
