"""What the launcher (``scripts/serve.py``) saves per student, measured in one process per configuration.

    .venv/bin/python benchmarks/serve_cost.py              # per-run cost, three configurations
    .venv/bin/python benchmarks/serve_cost.py memory 2000  # RSS over 2,000 script runs, postScriptGC on vs off

Not a test: it prints figures (a Markdown table for the README) and asserts nothing. Each
configuration runs in a fresh child process (``child``), so one's imports cannot help another:

* ``streamlit run`` — Streamlit's defaults: nothing loaded before the first session, its full
  ``gc.collect(2)`` after every script run (``runner.postScriptGC``; the project's config now turns that
  off for ``streamlit run app.py`` too, and the process collects every 10 s instead);
* ``launcher`` — ``scripts/serve.py``'s warm-up, then ``gc.freeze()``; the collection stays on;
* ``launcher, postScriptGC off`` — the same, without the collection after each run (the issue's experiment).

First, one process times a full ``gc.collect(2)`` after the warm-up, with and without
``gc.freeze()``. Then, per configuration, ``SESSIONS`` students one after another (AppTest sessions
of the real ``app.py`` router) each open the app, open the live-run page and ask one question: the
CPU time of the post-run ``gc.collect(2)`` (made after each run as Streamlit's runner makes it;
AppTest's runner leaves it out; AppTest itself is imported before the warm-up, since a server has
none of it), the process CPU time (all threads; AppTest's own work, about 0.5 s per
student here, is included) of each student's three script runs, the first student's apart (it pays
the imports when nothing was warmed), and the resident memory.
"""

from __future__ import annotations

import gc
import importlib
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SESSIONS = 30
QUESTION = "What's the weather in Tokyo?"
CONFIGS = {
    "streamlit run": {"warm": False, "post_gc": True},
    "launcher": {"warm": True, "post_gc": True},
    "launcher, postScriptGC off": {"warm": True, "post_gc": False},
}


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _gc_ms(n: int = 7) -> float:
    """The median CPU time (this thread's, so other processes on the machine do not count) of a full collection."""
    times = []
    for _ in range(n):
        t0 = time.thread_time()
        gc.collect(2)
        times.append((time.thread_time() - t0) * 1000)
    return statistics.median(times)


def _student(post_gc: bool, gc_ms: list[float]) -> tuple[Any, float]:
    """One student: open the app, switch to the live run, ask one question; returns (session, CPU seconds).

    AppTest's script runner leaves out the ``gc.collect(2)`` Streamlit's own runner makes after every
    run (``runner.postScriptGC``), so it is made here, where the server makes it, and timed into ``gc_ms``.
    """
    AppTest = _support().app_test_class()

    cpu = 0.0
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["lang"] = "en"
    for step in ("open", "page", "ask"):
        t0 = time.process_time()
        if step == "open":
            at.run()
        elif step == "page":
            at.switch_page("pages/live_run.py").run()
        else:
            at.chat_input[0].set_value(QUESTION).run()
        if post_gc:
            g0 = time.thread_time()
            gc.collect(2)
            gc_ms.append((time.thread_time() - g0) * 1000)
        cpu += time.process_time() - t0
        if at.exception:
            raise RuntimeError(f"{step}: {at.exception}")
    return at, cpu


def _support() -> Any:
    """``pages.serving.apptest``: Streamlit's AppTest, and its sessions through the real router as a server has them."""
    return importlib.import_module("pages.serving.apptest")


def _load_apptest() -> None:
    """Import AppTest before the warm-up: a server has no AppTest, so its objects must not count after a freeze."""
    _support().app_test_class()


def _prepare(warm: bool, post_gc: bool) -> dict[str, Any]:
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "scripts"))
    from pages.serving.launcher import post_script_gc

    post_script_gc(post_gc)
    done: dict[str, Any] = {"objects_frozen": 0}
    if warm:
        import serve

        serve.warm()
        done["objects_frozen"] = serve.freeze()
    return done


def child(name: str, sessions: int) -> dict[str, Any]:
    """One configuration in this (fresh) process: the figures of the module's doc."""
    router_on_every_run = _support().router_on_every_run
    _load_apptest()
    t0 = time.perf_counter()
    config = CONFIGS[name]
    done = _prepare(**config)
    start_s = time.perf_counter() - t0
    cpu: list[float] = []
    gc_ms: list[float] = []
    with router_on_every_run():
        for _ in range(sessions):
            _at, seconds = _student(config["post_gc"], gc_ms)
            cpu.append(seconds)
    after_first = gc_ms[3:]  # each student is three script runs; the first student's are apart
    return {
        "config": name,
        "start_s": round(start_s, 2),
        "objects_frozen": done["objects_frozen"],
        "post_run_gc_ms_median": round(statistics.median(after_first), 1) if after_first else 0.0,
        "first_student_cpu_s": round(cpu[0], 3),
        "student_cpu_s_median": round(statistics.median(cpu[1:]), 3),
        "rss_mb": round(_rss_mb(), 1),
    }


def gc_child() -> dict[str, Any]:
    """One full collection after the warm-up's imports and runs, without and with ``gc.freeze()``."""
    _prepare(warm=True, post_gc=True)  # warm-up, then freeze (``serve.freeze``)
    frozen_ms = _gc_ms()
    objects_frozen = gc.get_freeze_count()
    gc.unfreeze()
    return {"objects": objects_frozen, "warm_ms": round(_gc_ms(), 1), "frozen_ms": round(frozen_ms, 2)}


def memory_child(post_gc: bool, runs: int, class_size: int = 60) -> dict[str, Any]:
    """The launcher's process over ``runs`` script runs: students come and go, a class of 60 alive at a time."""
    router_on_every_run = _support().router_on_every_run
    _load_apptest()
    _prepare(warm=True, post_gc=post_gc)
    samples: list[tuple[int, float]] = [(0, round(_rss_mb(), 1))]
    alive: list[Any] = []
    done = 0
    t0 = time.process_time()
    with router_on_every_run():
        while done < runs:
            at, _cpu = _student(post_gc, [])
            alive.append(at)
            del alive[:-class_size]  # the oldest student leaves
            done += 3
            if done // 250 != (done - 3) // 250:
                samples.append((done, round(_rss_mb(), 1)))
    return {"postScriptGC": post_gc, "runs": done, "cpu_s": round(time.process_time() - t0, 1), "rss_mb": samples}


def _run_child(*args: str) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=3600,
        env={"PATH": "/usr/bin:/bin", "CHECKPOINTER": "memory", "PYTHONPATH": str(ROOT)},
    )
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-3000:])
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str]) -> None:
    if argv[:1] == ["child"]:
        print(json.dumps(child(argv[1], int(argv[2]))))
        return
    if argv[:1] == ["gc-child"]:
        print(json.dumps(gc_child()))
        return
    if argv[:1] == ["memory-child"]:
        print(json.dumps(memory_child(argv[1] == "on", int(argv[2]))))
        return
    if argv[:1] == ["memory"]:
        runs = argv[1] if len(argv) > 1 else "2000"
        print("| postScriptGC | script runs | CPU | RSS (MB) after 0 / … runs |")
        print("| --- | --- | --- | --- |")
        for flag in ("on", "off"):
            r = _run_child("memory-child", flag, runs)
            trail = " · ".join(f"{n}: {mb:.0f}" for n, mb in r["rss_mb"])
            print(f"| {flag} (launcher, frozen) | {r['runs']} | {r['cpu_s']} s | {trail} |", flush=True)
        return
    sessions = int(argv[0]) if argv else SESSIONS
    g = _run_child("gc-child")
    print(
        f"One gc.collect(2) after the launcher's warm-up ({g['objects']:,} objects alive): "
        f"{g['warm_ms']} ms of CPU as they are, {g['frozen_ms']} ms after gc.freeze()\n"
    )
    rows = [_run_child("child", name, str(sessions)) for name in CONFIGS]
    print(f"{sessions} students per configuration, one after another; each opens the app, opens /live_run, asks one")
    print("question (three script runs, AppTest sessions of the real router; CPU includes AppTest's own work)\n")
    print(
        "| configuration | start-up | objects frozen | post-run gc.collect(2), CPU, median | "
        "CPU, first student | CPU per student, median | RSS |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(
            f"| {r['config']} | {r['start_s']} s | {r['objects_frozen']:,} | {r['post_run_gc_ms_median']} ms | "
            f"{r['first_student_cpu_s']} s | {r['student_cpu_s_median']} s | {r['rss_mb']:.0f} MB |"
        )
    print("\n" + json.dumps([g, *rows]))


if __name__ == "__main__":
    main(sys.argv[1:])
