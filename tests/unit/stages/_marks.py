"""Shared fixtures for the stage tests.

The wire-level stages need the built-in model (``toolcall_lab.llm``). When that module is
missing the tests that need it are skipped, not failed.
"""

from __future__ import annotations

import importlib.util

import pytest

HAS_LLM = (
    importlib.util.find_spec("toolcall_lab.llm") is not None
    and importlib.util.find_spec("toolcall_lab.offline") is not None
)

needs_llm = pytest.mark.skipif(not HAS_LLM, reason="toolcall_lab.llm (built-in model) not available yet")
