"""The worked examples in the built-in model's docstrings run as tests."""

from __future__ import annotations

import doctest

import pytest

from toolcall_lab.offline import arguments, clauses, dates, explain, kinds, policy, record


@pytest.mark.parametrize(
    "module", [arguments, clauses, dates, explain, kinds, policy, record], ids=lambda m: m.__name__
)
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
