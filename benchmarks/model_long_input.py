"""The built-in model on very long input: each request answered (or refused with a 400) within 1 s.

    .venv/bin/python benchmarks/model_long_input.py          # every request, each in a fresh process
    .venv/bin/python benchmarks/model_long_input.py --limit 60

Not a test: it prints seconds. Each request runs in its own process (a regex that backtracks
holds the interpreter lock, so a stuck one is stopped after ``--limit`` seconds and reported as
such). The requests (issue 21, finding 5): a 50 kB question with a tool, 100 kB and 1 MB
questions with a tool, 300,000 ``{`` with no tools, and the same lengths with words and
quotes that reach every pattern of the package (marked words, JSON blobs, dates, lists); then
the same just under the documented maximum question length (16,000 characters, answered), and
1 MB system prompts with a short question.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

_CHILD = """
import json, sys, time
sys.path.insert(0, {root!r})
from langchain_core.utils.function_calling import convert_to_openai_tool
from lessons.tutor.tools import build_tools
from toolcall_lab.offline import BuiltinModel
from toolcall_lab.stages.weather_data import build_weather_tool
question, with_tools, system = json.loads(sys.stdin.read())
tools = [convert_to_openai_tool(t) for t in [*build_tools(), build_weather_tool()]] if with_tools else []
messages = [{{"role": "system", "content": system}}] if system else []
body = {{"model": "m", "messages": [*messages, {{"role": "user", "content": question}}]}}
if tools:
    body["tools"] = tools
model = BuiltinModel()
model.complete({{"model": "m", "messages": [{{"role": "user", "content": "wx in nyc 2day?"}}], "tools": tools or None}})
start = time.perf_counter()  # after one small warm-up request: tables and patterns are built once per process
try:
    status, reply = model.complete(body)
except Exception as exc:  # the model raising is a result too (a 400 the endpoint would send)
    status = getattr(exc, "status", type(exc).__name__)
print(json.dumps([time.perf_counter() - start, status]))
"""


def requests() -> list[tuple[str, str, bool, str]]:
    """``(label, question, with tools, system prompt)`` for each long request."""
    just = 16_000  # the documented maximum question length (toolcall_lab/offline/limits.py)
    return [
        ("50 kB letters, tools", "a" * 50_000, True, ""),
        ("100 kB letters, tools", "a" * 100_000, True, ""),
        ("1 MB letters, tools", "a" * 1_000_000, True, ""),
        ("300,000 '{', no tools", "{" * 300_000, False, ""),
        ("300,000 '[', no tools", "[" * 300_000, False, ""),
        ("50 kB 'word x', tools", "the word x " * 4_600, True, ""),
        ("50 kB quotes, tools", "'a" * 25_000, True, ""),
        ("50 kB CJK + 什么意思, tools", "的" * 16_000 + "a什么意思", True, ""),
        ("50 kB digits, tools", "2026-07-" * 6_250, True, ""),
        ("50 kB 'in X', tools", "in Aa" * 10_000, True, ""),
        ("50 kB list, tools", "accord, " * 6_250, True, ""),
        ("16 kB letters, tools", "a" * just, True, ""),
        ("16 kB '{', no tools", "{" * just, False, ""),
        ("16 kB 'word x', tools", ("the word x " * 2_000)[:just], True, ""),
        ("16 kB quotes, tools", "'a" * (just // 2), True, ""),
        ("16 kB list, tools", ("accord, " * 2_000)[:just], True, ""),
        ("16 kB questions, tools", ("weather in Paris? " * 1_000)[:just], True, ""),
        ("16 kB spaces, tools", "a" + " " * (just - 2) + "b", True, ""),
        ("1 MB system letters, tools", "What level is accord?", True, "a" * 1_000_000),
        ("300,000 '{' in system", "hi there, what is this?", False, "{" * 300_000),
        ("1 MB system sentences, tools", "What level is accord?", True, "Only answer S1001. " * 52_000),
    ]


def run(question: str, with_tools: bool, system: str, limit: float) -> str:
    code = _CHILD.format(root=str(ROOT))
    try:
        done = subprocess.run(
            [sys.executable, "-c", code],
            input=json.dumps([question, with_tools, system]),
            capture_output=True,
            text=True,
            timeout=limit + 15,
        )
    except subprocess.TimeoutExpired:
        return f"> {limit:.0f} s (stopped)"
    if done.returncode != 0:
        return "crashed: " + done.stderr.strip().splitlines()[-1][:120]
    seconds, status = json.loads(done.stdout.strip().splitlines()[-1])
    return f"{seconds:8.3f} s  status {status}"


def main(argv: list[str]) -> None:
    limit = float(argv[argv.index("--limit") + 1]) if "--limit" in argv else 30.0
    started = time.perf_counter()
    for label, question, with_tools, system in requests():
        print(f"{label:<32} {run(question, with_tools, system, limit)}", flush=True)
    print(f"total {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
