"""The examples in the stage modules' docstrings are tests too: they must stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

PURE = [
    "_common",
    "weather_data",
    "annotations",
    "function_source",
    "tool_source",
    "schema",
    "model_source",
    "model_rules",
    "args_model",
    "json_layer",
    "shape_layer",
    "fact_layer",
    "validation",
    "kwargs",
    "core",
    "tables",
    "examples",
    "run_excerpt",
]
WIRE = ["wire", "tool_call", "tool_node", "tool_message", "round_trip", "practice"]


def _run(name: str) -> None:
    module = importlib.import_module(f"toolcall_lab.stages.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"


@pytest.mark.parametrize("name", PURE)
def test_pure_module_doctests(name):
    _run(name)


@pytest.mark.parametrize("name", WIRE)
def test_wire_module_doctests(name):
    _run(name)
