"""Performance figures for the README (not a test: it prints numbers, it asserts nothing).

    .venv/bin/python benchmarks/bench.py            # all
    .venv/bin/python benchmarks/bench.py run rerun  # some

* ``imports`` — which heavy modules the landing page loads (must be none);
* ``render``  — first render in Chromium of the landing page vs a bare one-line page;
* ``rerun``   — median page rerun after a widget interaction under AppTest;
* ``run``     — a fully traced run with the built-in model over the wire vs a bare
  hand-written loop with a scripted ``BaseChatModel`` on the same question.
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
HEAVY = ("langchain_core", "langgraph", "langchain_openai", "openai", "pydantic_core._pydantic_core")
QUESTION = "曼谷天气怎么样？"


def bench_imports() -> dict[str, object]:
    code = (
        "import sys; AppTest = __import__('streamlit.testing.v1', fromlist=['AppTest']).AppTest;"
        f"at = AppTest.from_file({str(ROOT / 'app.py')!r}, default_timeout=60); at.run();"
        "import json; print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('langchain_core', 'langgraph', 'langchain_openai', 'openai'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    loaded = json.loads(out.stdout.strip().splitlines()[-1])
    return {"heavy_modules_loaded_by_landing_page": len(loaded), "examples": loaded[:5]}


def bench_rerun(n: int = 40) -> dict[str, object]:
    """Median rerun after a sidebar widget change, under AppTest (in a child process)."""
    out = subprocess.run([sys.executable, "-m", "tests.apptest_support", "rerun", str(n)], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    times = json.loads(out.stdout.strip().splitlines()[-1])
    return {"rerun_median_ms": round(statistics.median(times), 1), "rerun_p90_ms": round(sorted(times)[int(n * .9)], 1)}


def bench_run(n: int = 60) -> dict[str, object]:
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
    from langchain_core.outputs import ChatGeneration, ChatResult

    from toolcall_lab.live import run_traced
    from toolcall_lab.llm import build_chat_model
    from toolcall_lab.stages.weather_data import build_weather_tool

    tool = build_weather_tool()
    system = "你是天气助手。"
    reference = run_traced(QUESTION, build_chat_model(), [tool], system=system)
    call = reference.model_calls[0].ai_message["tool_calls"][0]
    answer = reference.answer

    class Scripted(BaseChatModel):
        """The same two replies, with no wire: the bare baseline."""

        step: int = 0

        @property
        def _llm_type(self) -> str:
            return "scripted"

        def bind_tools(self, tools, **kw):  # noqa: ANN001
            return self

        def _generate(self, messages, stop=None, run_manager=None, **kw):  # noqa: ANN001
            self.step += 1
            msg = (AIMessage(content="", tool_calls=[call]) if self.step == 1 else AIMessage(content=answer))
            return ChatResult(generations=[ChatGeneration(message=msg)])

    def bare_loop() -> str:
        llm = Scripted().bind_tools([tool])
        messages = [SystemMessage(system), HumanMessage(QUESTION)]
        while True:
            ai = llm.invoke(messages)
            messages.append(ai)
            if not ai.tool_calls:
                return ai.content
            for c in ai.tool_calls:
                messages.append(ToolMessage(content=json.dumps(tool.invoke(c["args"]), ensure_ascii=False),
                                            tool_call_id=c["id"]))

    llm = build_chat_model()
    for _ in range(5):  # warm up both paths
        bare_loop()
        run_traced(QUESTION, llm, [tool], system=system)
    bare, traced = [], []
    for _ in range(n):
        t0 = time.perf_counter()
        bare_loop()
        bare.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        run_traced(QUESTION, llm, [tool], system=system)
        traced.append((time.perf_counter() - t0) * 1000)
    b, t = statistics.median(bare), statistics.median(traced)
    return {"bare_loop_median_ms": round(b, 2), "traced_run_median_ms": round(t, 2), "ratio": round(t / b, 2)}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(script: Path, cwd: Path) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(script), "--server.port", str(port),
                             "--server.headless", "true"], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            urllib.request.urlopen(f"{url}/_stcore/health", timeout=1)
            return proc, url
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("streamlit did not start")


def bench_render(n: int = 25) -> dict[str, object]:
    from playwright.sync_api import sync_playwright

    bare_dir = Path(tempfile.mkdtemp())
    (bare_dir / "bare.py").write_text('import streamlit as st\nst.title("Tool Call Lab")\n', encoding="utf-8")
    # the floor of any st.navigation app: a one-page router around the same one-line page
    (bare_dir / "router.py").write_text('import streamlit as st\nst.navigation([st.Page("bare.py", default=True)]).run()\n',
                                        encoding="utf-8")
    servers = {"bare": _serve(bare_dir / "bare.py", bare_dir), "bare_router": _serve(bare_dir / "router.py", bare_dir),
               "app": _serve(ROOT / "app.py", ROOT)}
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
    results: dict[str, list[float]] = {name: [] for name in servers}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=flags)
            for name, (_, url) in servers.items():  # warm the server's first script run
                page = browser.new_page()
                page.goto(url)
                page.get_by_text("Tool Call Lab").first.wait_for(timeout=60000)
                page.close()
            for _ in range(n):
                for name, (_, url) in servers.items():
                    context = browser.new_context()
                    page = context.new_page()
                    t0 = time.perf_counter()
                    page.goto(url)
                    page.get_by_text("Tool Call Lab").first.wait_for(timeout=60000)
                    results[name].append((time.perf_counter() - t0) * 1000)
                    context.close()
            browser.close()
    finally:
        for proc, _ in servers.values():
            proc.terminate()
    b, r, a = (statistics.median(results[k]) for k in ("bare", "bare_router", "app"))
    return {"bare_page_ms": round(b), "bare_router_ms": round(r), "app_ms": round(a),
            "app_vs_bare_page": round(a / b, 2), "app_vs_bare_router": round(a / r, 2)}


BENCHES = {"imports": bench_imports, "rerun": bench_rerun, "run": bench_run, "render": bench_render}

if __name__ == "__main__":
    os.environ.setdefault("STREAMLIT_BROWSER_GATHER_USAGE_STATS", "false")
    chosen = sys.argv[1:] or list(BENCHES)
    for name in chosen:
        print(name, json.dumps(BENCHES[name](), ensure_ascii=False), flush=True)
