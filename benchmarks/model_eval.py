"""The built-in model's evaluation figures (not a test: it prints numbers, it asserts nothing).

    .venv/bin/python benchmarks/model_eval.py              # every part on disk not kept aside
    .venv/bin/python benchmarks/model_eval.py heldout      # one part (or several)
    .venv/bin/python benchmarks/model_eval.py learners -v  # and list the cases that fail
    .venv/bin/python benchmarks/model_eval.py aside        # a kept-aside part: figures only

Each case of ``benchmarks/model_cases/<part>.json`` (see :mod:`benchmarks.model_harness`) is run
the way the tests run it: ``ChatOpenAI`` → the built-in model over the in-process wire → the
app's real tools → the model again. Printed for each part: passed / total per category and per
language, the cases where the model called a tool with an argument the case rules out
("invented argument"), and the model time per request (the median, measured in-process).

A part named in :data:`KEPT_ASIDE` is never listed case by case, even with ``-v``: it is
kept aside from tuning, and only its aggregate figures are printed.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from langchain_core.utils.function_calling import convert_to_openai_tool

from benchmarks.model_harness import Outcome, figures, load_cases, parts, run_case
from lessons.tutor.agent import SYSTEM_PROMPT
from lessons.tutor.tools import build_tools
from toolcall_lab.offline import BuiltinModel

KEPT_ASIDE = frozenset({"aside", "aside2"})


def _row(label: str, ok: int, total: int) -> str:
    return f"  {label:<16} {ok:>4} / {total:<4} {100 * ok / total:6.1f} %"


def report(part: str, verbose: bool = False) -> list[Outcome]:
    """Run one part and print its figures (and, when ``verbose`` and not kept aside, its failures)."""
    started = time.perf_counter()
    outcomes = [run_case(case) for case in load_cases(part)]
    seconds = time.perf_counter() - started
    passed = sum(o.passed for o in outcomes)
    invented = sum(o.invented > 0 for o in outcomes)
    print(f"{part}: {passed} / {len(outcomes)} passed ({100 * passed / len(outcomes):.1f} %) in {seconds:.1f} s")
    print(f"  invented-argument cases: {invented} ({sum(o.invented for o in outcomes)} calls)")
    table = figures(outcomes)
    for axis in ("category", "lang"):
        print(f" by {axis}:")
        for key, (ok, total) in sorted(table[axis].items()):
            bad = table["invented"].get(key, (0, 0))[0] if axis == "category" else 0
            print(_row(key, ok, total) + (f"   invented {bad}" if bad else ""))
    if verbose and part not in KEPT_ASIDE:
        for o in outcomes:
            if not o.passed:
                mark = " [invented]" if o.invented else ""
                print(f"  FAIL{mark} {o.case['id']} {o.case['turns']}: {'; '.join(o.problems)}")
    return outcomes


def model_time(repeats: int = 200) -> float:
    """Median microseconds the model takes for one non-streaming request with the tutor's tools."""
    model = BuiltinModel()
    tools = [convert_to_openai_tool(t) for t in build_tools()]
    question = "我明天（2026-07-25）有什么课？顺便告诉我我现在学到哪了。"
    messages = [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": question}]
    body = {"model": "m", "messages": messages, "tools": tools}
    model.complete(body)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        model.complete(body)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def main(argv: list[str]) -> None:
    available = parts()
    chosen = [a for a in argv if a in available] or [p for p in available if p not in KEPT_ASIDE]
    for part in chosen:
        report(part, verbose="-v" in argv)
        print()
    print(f"model time, first request of the tutor's two-part question: {model_time():.0f} us (median)")


if __name__ == "__main__":
    main(sys.argv[1:])
