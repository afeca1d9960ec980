"""The built-in model's evaluation figures (not a test: it prints numbers, it asserts nothing).

    .venv/bin/python benchmarks/model_eval.py            # both parts
    .venv/bin/python benchmarks/model_eval.py heldout    # one part
    .venv/bin/python benchmarks/model_eval.py dev -v     # and list the cases that fail

Each case of ``tests/unit/model/eval/{dev,heldout}.json`` is run the way the tests run it:
``ChatOpenAI`` → the built-in model over the in-process wire → the app's real tools → the
model again. Printed: passed / total per category and per language, for each part, and the
model time per request (the median of the cases' requests, measured in-process).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from langchain_core.utils.function_calling import convert_to_openai_tool

from lessons.tutor.agent import SYSTEM_PROMPT
from lessons.tutor.tools import build_tools
from tests.unit.model.harness import PARTS, Outcome, figures, load_cases, run_case
from toolcall_lab.offline import BuiltinModel


def _row(label: str, ok: int, total: int) -> str:
    return f"  {label:<14} {ok:>4} / {total:<4} {100 * ok / total:6.1f} %"


def report(part: str, verbose: bool = False) -> list[Outcome]:
    """Run one part and print its figures."""
    started = time.perf_counter()
    outcomes = [run_case(case) for case in load_cases(part)]
    seconds = time.perf_counter() - started
    passed = sum(o.passed for o in outcomes)
    print(f"{part}: {passed} / {len(outcomes)} passed ({100 * passed / len(outcomes):.1f} %) in {seconds:.1f} s")
    table = figures(outcomes)
    for axis in ("category", "lang"):
        print(f" by {axis}:")
        for key, (ok, total) in sorted(table[axis].items()):
            print(_row(key, ok, total))
    if verbose:
        for o in outcomes:
            if not o.passed:
                print(f"  FAIL {o.case['id']} {o.case['turns']}: {'; '.join(o.problems)}")
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
    parts = [a for a in argv if a in PARTS] or list(PARTS)
    for part in parts:
        report(part, verbose="-v" in argv)
        print()
    print(f"model time, first request of the tutor's two-part question: {model_time():.0f} us (median)")


if __name__ == "__main__":
    main(sys.argv[1:])
