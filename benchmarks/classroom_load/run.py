"""The classroom load benchmark: runs the Locust scenarios and prints the Markdown table (nothing asserted).

    .venv/bin/python -m benchmarks.classroom_load.run                          # whole + staggered, 1/10/60, app + bare
    .venv/bin/python -m benchmarks.classroom_load.run --scenario whole --students 60 --target app
    .venv/bin/python -m benchmarks.classroom_load.run --url http://127.0.0.1:8080 --pids 1234,1235   # a deployment
    .venv/bin/python -m benchmarks.classroom_load.run --scenario follow --students 60 --target app
    .venv/bin/python -m benchmarks.classroom_load.run --scenario whole --students 60 --target launcher --repeat 15

Targets: ``app`` starts ``streamlit run app.py`` on a free port (a fresh SQLite file per row, the
repo's .streamlit/config.toml); ``launcher`` starts ``scripts/serve.py`` (the app warmed and frozen);
``replicas`` starts ``scripts/serve_replicas.sh 2`` (two launchers behind nginx); ``bare`` starts a bare
app (one chat input echoing into a chat message) with the same config, the floor for CPU per student, and
``bare_gc`` the same with Streamlit's own full collection after every run (``--runner.postScriptGC true``);
``--url`` measures a running deployment (nginx in front of N processes): CPU and memory then come
from the ``--pids`` given.
Each local row gets a fresh server and one unmeasured warm-up visit (``--cold`` skips it).

Server CPU is utime+stime from ``/proc/<pid>/stat`` of the server processes and their children,
read before the students start and after the last one left, divided by the number of students.
Peak RSS is ``VmHWM`` from ``/proc/<pid>/status`` (the high-water mark of each process, summed).
The machine may be shared: the load client itself runs on it too (one process, gevent); the table shows
the client's own CPU time and the machine's 1-minute load average as each row ended, so noise is visible.
"""

from __future__ import annotations

# isort: off
import locust  # noqa: F401  (first: Locust monkey-patches the standard library with gevent)

# isort: on
import argparse
import math
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path

from locust.env import Environment

from benchmarks.classroom_load import locustfile
from benchmarks.classroom_load.locustfile import Follower, Plan, Student, Teacher
from benchmarks.classroom_load.protocol import Session
from benchmarks.server_process import free_port, stop, wait_healthy

ROOT = Path(__file__).resolve().parents[2]
#: The bare app, written to a temp folder beside a copy of the lab's config (so no extra Streamlit file lives here).
BARE_APP = (
    "import streamlit as st\n"
    'if question := st.chat_input("Ask a question…", key="live::chat"):\n'
    '    st.chat_message("assistant").text(question)\n'
)
HZ = os.sysconf("SC_CLK_TCK")
#: The bare app's targets: with the lab's config, and with Streamlit's full collection after every run.
BARE = ("bare", "bare_gc")


# ---------------------------------------------------------------- the server under test


@contextmanager
def local_server(target: str) -> Iterator[tuple[str, list[int]]]:
    """Start a server for ``target`` on free ports; yields its URL and the pid whose process family serves it.

    ``app``: ``streamlit run app.py``; ``launcher``: ``scripts/serve.py`` (warmed, frozen, TCP_NODELAY);
    ``replicas``: ``scripts/serve_replicas.sh 2`` (two launchers behind Debian's nginx, sharing one SQLite
    file on this machine); ``bare``: the one-line app with the lab's config (no full collection after each
    run); ``bare_gc``: the same with Streamlit's own full collection after every run, the floor as issue 15
    first measured it.
    """
    tmp = Path(tempfile.mkdtemp(prefix="classroom-load-"))
    cwd = ROOT
    bare = target in BARE
    if bare:
        (tmp / ".streamlit").mkdir()
        shutil.copy(ROOT / ".streamlit" / "config.toml", tmp / ".streamlit" / "config.toml")
        (tmp / "bare.py").write_text(BARE_APP, encoding="utf-8")
        cwd = tmp
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LLM_", "TAVILY_"))}
    env["CHECKPOINTER"] = f"sqlite:///{tmp / 'lab.sqlite'}"  # an absolute path: four slashes
    args = ["--server.port", str(port), "--server.address", "127.0.0.1", "--server.headless", "true"]
    url = f"http://127.0.0.1:{port}"
    health = [url]
    if bare:
        gc_after_runs = ["--runner.postScriptGC", "true"] if target == "bare_gc" else []
        cmd = [sys.executable, "-m", "streamlit", "run", str(tmp / "bare.py"), *args, *gc_after_runs]
    elif target == "app":
        cmd = [sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), *args]
    elif target == "launcher":
        cmd = [sys.executable, str(ROOT / "scripts" / "serve.py"), *args]
    else:  # replicas: nginx on `port`, the two replicas on the two ports after a free one
        first = free_port()
        env.update(LISTEN=f"127.0.0.1:{port}", FIRST_PORT=str(first), RUN_DIR=str(tmp / "run"), PYTHON=sys.executable)
        cmd = ["bash", str(ROOT / "scripts" / "serve_replicas.sh"), "2"]
        health = [f"http://127.0.0.1:{first}", f"http://127.0.0.1:{first + 1}", url]
    log_path = tmp / "server.log"
    log = log_path.open("wb")
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_healthy(health, proc, log_path)
        yield url, [proc.pid]
    finally:
        stop(proc, grace_s=30)
        log.close()
        shutil.rmtree(tmp, ignore_errors=True)


def _family(pids: Sequence[int]) -> list[int]:
    """The given processes and all their descendants (read from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    family, todo = set(pids), list(pids)
    while todo:
        pid = todo.pop()
        for child, parent in parents.items():
            if parent == pid and child not in family:
                family.add(child)
                todo.append(child)
    return sorted(family)


def cpu_seconds(pids: Sequence[int]) -> float:
    """utime + stime of these processes and their children, in seconds."""
    total = 0
    for pid in _family(pids):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / HZ


def peak_rss_mb(pids: Sequence[int]) -> float:
    """The summed high-water mark of resident memory (VmHWM) of these processes and their children, MB."""
    kb = 0
    for pid in _family(pids):
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    kb += int(line.split()[1])
        except OSError:
            continue
    return kb / 1024


# ---------------------------------------------------------------- one row
def warm_up(url: str, page: str, question: str) -> None:
    """One unmeasured visit: the first question on a cold server imports LangChain/LangGraph (~4 s)."""
    s = Session(url)
    s.wait_run(s.connect(page, "lang=en"))
    s.wait_run(s.chat("live::chat", question))
    s.close()


def _own_cpu() -> float:
    """CPU seconds of this process: the load client's own cost, to see whether it kept up."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def run_plan(url: str, pids: Sequence[int], plan: Plan) -> dict[str, object]:
    """Run one scenario with Locust's library API; the row's figures."""
    locustfile.PLAN = plan
    follow = plan.scenario == "follow"
    env = Environment(user_classes=[Teacher, Follower] if follow else [Student], host=url)
    runner = env.create_local_runner()
    cpu0, t0, own0 = cpu_seconds(pids), time.perf_counter(), _own_cpu()
    users = plan.students + (1 if follow else 0)
    runner.start(users, spawn_rate=users)
    budget = plan.timeout_s * 2 + plan.spread_s * (plan.scenario == "staggered") + plan.moves * plan.move_every_s
    finished = plan.all_done.wait(budget)
    runner.quit()
    time.sleep(1.0)  # the server ends the closed sessions
    cpu = cpu_seconds(pids) - cpu0 if pids else float("nan")
    if not finished:
        plan.errors.append(f"the scenario did not end within {budget:.0f} s")
    return {
        "answer": plan.answer_ms,
        "first": plan.first_render_ms,
        "follow": plan.follow_ms,
        "cpu_per_student": cpu / plan.students if pids else None,
        "rss_mb": peak_rss_mb(pids) if pids else None,
        "errors": plan.errors,
        "wall_s": time.perf_counter() - t0,
        "client_cpu_s": _own_cpu() - own0,
        "load_avg": os.getloadavg()[0],  # the machine's 1-minute load average as the row ended (2 cores)
    }


def pct(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100)."""
    ordered = sorted(values)
    return ordered[max(math.ceil(p / 100 * len(ordered)) - 1, 0)]


def _ms(values: Sequence[float], *ps: float) -> str:
    return " / ".join(f"{pct(values, p):,.0f}" for p in ps) + " ms" if values else "—"


def markdown_row(label: str, r: dict[str, object], follow: bool) -> str:
    answer = r["follow"] if follow else r["answer"]
    cpu = r["cpu_per_student"]
    rss = r["rss_mb"]
    errors: list[str] = r["errors"]  # type: ignore[assignment]
    return (
        f"| {label} | {_ms(answer, 50, 95)} | {_ms(r['first'], 95)} | "  # type: ignore[arg-type]
        f"{'—' if cpu is None else f'{cpu:.2f} s'} | {'—' if rss is None else f'{rss:,.0f} MB'} | "
        f"{len(errors)} | {r['client_cpu_s']:.1f} s / {r['wall_s']:.0f} s | {r['load_avg']:.1f} |"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scenario", nargs="+", choices=["whole", "staggered", "follow"], default=["whole", "staggered"])
    ap.add_argument("--students", nargs="+", type=int, default=[1, 10, 60])
    ap.add_argument("--target", nargs="+", choices=["app", "launcher", "replicas", *BARE], default=["app", "bare"])
    ap.add_argument("--url", help="measure a running deployment instead of starting servers")
    ap.add_argument("--pids", default="", help="with --url: comma-separated server pids for CPU and memory")
    ap.add_argument("--spread", type=float, default=60.0, help="staggered: arrivals spread over this many seconds")
    ap.add_argument("--question", default="What's the weather in Paris?")
    ap.add_argument("--moves", type=int, default=6, help="follow: how many times the teacher moves")
    ap.add_argument("--move-every", type=float, default=6.0, help="follow: seconds between moves (plus 0-2 s)")
    ap.add_argument("--class-code", default="", help="follow: an existing class (else the teacher starts one)")
    ap.add_argument("--teacher-learner", default="", help="follow: the learner id that started --class-code")
    ap.add_argument("--cold", action="store_true", help="no warm-up visit before the students")
    ap.add_argument("--repeat", type=int, default=1, help="classes one after another on the same server (memory)")
    ap.add_argument("--pause", type=float, default=11.0, help="with --repeat: seconds between two classes")
    args = ap.parse_args(argv)
    pids = [int(p) for p in args.pids.split(",") if p.strip()]
    first_col = {"follow": "move → banner p50 / p95"}.get(args.scenario[0], "answer p50 / p95")
    print(
        f"| scenario, target, students | {first_col} | first render p95 | server CPU per student | peak RSS "
        "| errors | load client CPU / wall | machine load |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for scenario in args.scenario:
        for target in ["url"] if args.url else args.target:
            if scenario == "follow" and target in BARE:
                continue  # the bare app has no class banner
            for n in args.students:

                def plan(n: int = n, scenario: str = scenario, target: str = target) -> Plan:
                    return Plan(
                        scenario=scenario,
                        students=n,
                        page="" if scenario == "follow" or target in BARE else "live_run",
                        question=args.question,
                        spread_s=args.spread,
                        moves=args.moves,
                        move_every_s=args.move_every,
                        class_code=args.class_code,
                        teacher_learner=args.teacher_learner,
                    )

                with nullcontext((args.url, pids)) if args.url else local_server(target) as (url, server_pids):
                    if not args.url and not args.cold:
                        warm_up(url, "" if target in BARE else "live_run", args.question)
                    for k in range(1, args.repeat + 1):
                        if k > 1:
                            time.sleep(args.pause)  # the students have left; the paced full collection runs
                        result = run_plan(url, server_pids, plan())
                        label = f"{scenario}, {target}, {n}" + (
                            f" (class {k} of {args.repeat})" if args.repeat > 1 else ""
                        )
                        print(markdown_row(label, result, scenario == "follow"), flush=True)
                        for e in sorted(set(result["errors"]))[:5]:  # type: ignore[call-overload]
                            print(f"<!-- {e} -->", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
