"""The evaluation harness now lives in :mod:`benchmarks.model_harness` (benchmarks import
nothing from tests; tests may import benchmarks). Re-exported here for older imports."""

from benchmarks.model_harness import (
    EVAL_DIR,
    MAX_MODEL_CALLS,
    PARTS,
    SYSTEMS,
    Outcome,
    check_answer,
    figures,
    invented_calls,
    load_cases,
    magic_function,
    match_calls,
    parts,
    run_case,
    system_for,
    tools_for,
)

__all__ = [
    "EVAL_DIR",
    "MAX_MODEL_CALLS",
    "PARTS",
    "SYSTEMS",
    "Outcome",
    "check_answer",
    "figures",
    "invented_calls",
    "load_cases",
    "magic_function",
    "match_calls",
    "parts",
    "run_case",
    "system_for",
    "tools_for",
]
