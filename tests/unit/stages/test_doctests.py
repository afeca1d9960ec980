"""The examples in the stage modules' docstrings are tests too: they must stay true."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

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
    "run_excerpt",
]
WIRE = ["wire", "tool_call", "tool_node", "tool_message", "round_trip"]
#: The chain's taught material (lessons/chain): its examples and every page's exercises, their checks' doctests.
CHAIN_DIR = Path(__file__).resolve().parents[3] / "lessons" / "chain"
CHAIN = sorted(p.stem for p in CHAIN_DIR.glob("*.py") if p.stem != "__init__")


def _run(name: str, package: str = "toolcall_lab.stages") -> None:
    module = importlib.import_module(f"{package}.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"


@pytest.mark.parametrize("name", PURE)
def test_pure_module_doctests(name):
    _run(name)


@pytest.mark.parametrize("name", WIRE)
def test_wire_module_doctests(name):
    _run(name)


@pytest.mark.parametrize("name", CHAIN)
def test_chain_lesson_doctests(name):
    _run(name, "lessons.chain")


def test_i18n_doctests():
    """``Text``, ``pick``, ``normalize_lang`` and ``counted`` ("1 student", "3 students")."""
    _run("i18n", package="toolcall_lab")
