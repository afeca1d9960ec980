"""Performance figures for the README (not a test: it prints numbers, it asserts nothing).

    .venv/bin/python benchmarks/bench.py            # all
    .venv/bin/python benchmarks/bench.py run rerun  # some

* ``imports`` — which heavy modules the landing page loads (must be none);
* ``render``  — first render in Chromium of the landing page vs a bare one-line page;
* ``rerun``   — median page rerun after a widget interaction under AppTest;
* ``run``     — a fully traced run with the built-in model over the wire vs a bare
  hand-written loop with a scripted ``BaseChatModel`` on the same question;
* ``stream``  — the same traced run with and without streaming over the in-process wire
  (the live run page streams; the issue's goal is ≤ 10 % overhead).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the benchmarks import LangChain lazily: `imports` must measure a cold app
    from langchain_core.language_models import LanguageModelInput
    from langchain_core.runnables import Runnable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
HEAVY = ("langchain_core", "langgraph", "langchain_openai", "openai", "pydantic_core._pydantic_core")
QUESTION = "曼谷天气怎么样？"


def bench_imports() -> dict[str, object]:
    code = (
        "import sys; AppTest = __import__('streamlit.testing.v1', fromlist=['AppTest']).AppTest;"
        f"at = AppTest.from_file({str(ROOT / 'app.py')!r}, default_timeout=60); at.run();"
        f"import json; heavy = {HEAVY!r}; print(json.dumps(sorted(m for m in sys.modules "
        "if any(m == h or m.startswith(h + '.') for h in heavy))))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    loaded = json.loads(out.stdout.strip().splitlines()[-1])
    return {"heavy_modules_loaded_by_landing_page": len(loaded), "examples": loaded[:5]}


def bench_rerun(n: int = 40) -> dict[str, object]:
    """Median rerun after a sidebar widget change, under AppTest (in a child process)."""
    out = subprocess.run(
        [sys.executable, "-m", "pages.serving.apptest", "rerun", str(n)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    times = json.loads(out.stdout.strip().splitlines()[-1])
    return {
        "rerun_median_ms": round(statistics.median(times), 1),
        "rerun_p90_ms": round(sorted(times)[int(n * 0.9)], 1),
    }


def bench_run(n: int = 60) -> dict[str, object]:
    """The traced run against the bare baseline, and the steps in between.

    Five ways to answer the same question, each timed ``n`` times, interleaved:

    * ``bare``           — hand-written loop, scripted ``BaseChatModel`` (the issue's baseline);
    * ``graph_scripted`` — a plain LangGraph agent (model node + ``ToolNode``), same scripted model;
    * ``wire_loop``      — the hand-written loop again, but with ``ChatOpenAI`` talking to the
      built-in model over the in-process wire (the SDK builds, sends and parses real bodies);
    * ``graph_wire``     — the plain LangGraph agent over that wire, nothing recorded;
    * ``traced``         — :func:`toolcall_lab.live.run_traced`: LangGraph, wire, every artifact kept.
    """
    from langchain_core.callbacks import CallbackManagerForLLMRun
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
    from langchain_core.outputs import ChatGeneration, ChatResult
    from langchain_core.tools import BaseTool
    from langgraph.graph import START, MessagesState, StateGraph
    from langgraph.graph.state import CompiledStateGraph
    from langgraph.prebuilt import ToolNode, tools_condition

    from toolcall_lab.live import run_traced
    from toolcall_lab.llm import build_chat_model
    from toolcall_lab.stages.weather_data import build_weather_tool
    from toolcall_lab.trace import RunTrace

    tool = build_weather_tool()
    system = "你是天气助手。"
    reference = run_traced(QUESTION, build_chat_model(), [tool], system=system)
    first_reply = reference.model_calls[0].ai_message
    if first_reply is None or reference.answer is None:
        raise RuntimeError(f"the reference run did not call the tool and answer: {reference.error}")
    call = first_reply["tool_calls"][0]
    answer: str = reference.answer

    class Scripted(BaseChatModel):
        """The same two replies, with no wire: the bare baseline."""

        @property
        def _llm_type(self) -> str:
            return "scripted"

        def bind_tools(
            self,
            tools: Sequence[dict[str, Any] | type | Callable[..., Any] | BaseTool],
            *,
            tool_choice: str | None = None,
            **kw: Any,
        ) -> Scripted:
            return self

        def _generate(
            self,
            messages: list[BaseMessage],
            stop: list[str] | None = None,
            run_manager: CallbackManagerForLLMRun | None = None,
            **kw: Any,
        ) -> ChatResult:
            answered = isinstance(messages[-1], ToolMessage)
            msg = AIMessage(content=answer) if answered else AIMessage(content="", tool_calls=[call])
            return ChatResult(generations=[ChatGeneration(message=msg)])

    def hand_loop(llm: Runnable[LanguageModelInput, AIMessage]) -> str:
        messages: list[BaseMessage] = [SystemMessage(system), HumanMessage(QUESTION)]
        while True:
            ai = llm.invoke(messages)
            messages.append(ai)
            if not ai.tool_calls:
                return _text(ai.content)
            for c in ai.tool_calls:
                messages.append(
                    ToolMessage(content=json.dumps(tool.invoke(c["args"]), ensure_ascii=False), tool_call_id=c["id"])
                )

    def plain_graph(llm: Runnable[LanguageModelInput, AIMessage]) -> CompiledStateGraph[Any]:
        def model(state: MessagesState) -> dict[str, list[BaseMessage]]:
            return {"messages": [llm.invoke([SystemMessage(system), *state["messages"]])]}

        builder = StateGraph(MessagesState)
        builder.add_node("model", model)
        builder.add_node("tools", ToolNode([tool]))
        builder.add_edge(START, "model")
        builder.add_conditional_edges("model", tools_condition)
        builder.add_edge("tools", "model")
        return builder.compile()

    scripted = Scripted().bind_tools([tool])
    wire_llm = build_chat_model()
    wire_bound = wire_llm.bind_tools([tool])
    graph_scripted, graph_wire = plain_graph(scripted), plain_graph(wire_bound)
    start = {"messages": [HumanMessage(QUESTION)]}
    ways: dict[str, Callable[[], object]] = {
        "bare": lambda: hand_loop(scripted),
        "graph_scripted": lambda: graph_scripted.invoke(start),
        "wire_loop": lambda: hand_loop(wire_bound),
        "graph_wire": lambda: graph_wire.invoke(start),
        "traced": lambda: run_traced(QUESTION, wire_llm, [tool], system=system),
    }

    def answer_of(result: object) -> str:
        if isinstance(result, str):  # a hand-written loop
            return result
        if isinstance(result, dict):  # a graph's final state
            return _text(result["messages"][-1].content)
        if isinstance(result, RunTrace):
            return _text(result.answer)
        raise TypeError(f"not an answer: {result!r}")

    answers = {name: answer_of(way()) for name, way in ways.items()}
    if len(set(answers.values())) != 1:  # the five ways must answer the same question the same way
        raise RuntimeError(f"the ways disagree: {answers}")
    times: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(5):  # warm up every path
        for way in ways.values():
            way()
    for _ in range(n):
        for name, way in ways.items():
            t0 = time.perf_counter()
            way()
            times[name].append((time.perf_counter() - t0) * 1000)
    med = {name: statistics.median(values) for name, values in times.items()}
    out: dict[str, object] = {f"{name}_median_ms": round(value, 2) for name, value in med.items()}
    out.update({f"{name}_vs_bare": round(value / med["bare"], 2) for name, value in med.items() if name != "bare"})
    out["traced_vs_wire_loop"] = round(med["traced"] / med["wire_loop"], 2)
    out["traced_vs_graph_wire"] = round(med["traced"] / med["graph_wire"], 2)
    return out


def bench_stream(n: int = 60) -> dict[str, object]:
    """A traced run, streamed and not, over the in-process wire: medians of ``n`` interleaved runs.

    * ``traced``          — :func:`toolcall_lab.live.run_traced`, each model call one JSON reply;
    * ``streamed``        — the same with ``on_token`` (LangGraph ``stream_mode="messages"``): every
      model call asks for ``stream: true``, the reply arrives as server-sent events, each text
      token reaches a callback, and the trace keeps the events and reads the calls from them;
    * ``streamed_usage``  — as the live run page does it: the stream also asks for its usage;
    * ``client_invoke`` / ``client_stream`` — no graph, no trace: ``ChatOpenAI`` alone sending the
      run's answering request, as one reply or as a stream added up chunk by chunk (what streaming
      costs the client itself: the SDK builds one object per event, LangChain one chunk per event).
    """
    from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

    from toolcall_lab.live import run_traced
    from toolcall_lab.llm import build_chat_model
    from toolcall_lab.stages.weather_data import build_weather_tool

    tool = build_weather_tool()
    system = "你是天气助手。"
    llm, usage_llm = build_chat_model(), build_chat_model(stream_usage=True)
    tokens: list[str] = []
    bound = llm.bind_tools([tool])
    asked: list[BaseMessage] = [SystemMessage(system), HumanMessage(QUESTION)]
    first = bound.invoke(asked)
    answering = [*asked, first, *(tool.invoke(call) for call in first.tool_calls)]  # the request that is answered

    def sink(_step: int, text: str) -> None:
        tokens.append(text)

    def client_stream() -> object:
        total: Any = None  # AIMessageChunk + AIMessageChunk
        for chunk in bound.stream(answering):
            total = chunk if total is None else total + chunk
        return total

    ways: dict[str, Callable[[], Any]] = {
        "traced": lambda: run_traced(QUESTION, llm, [tool], system=system),
        "streamed": lambda: run_traced(QUESTION, llm, [tool], system=system, on_token=sink),
        "streamed_usage": lambda: run_traced(QUESTION, usage_llm, [tool], system=system, on_token=sink),
        "client_invoke": lambda: bound.invoke(answering),
        "client_stream": client_stream,
    }
    answers = {name: way().answer for name, way in list(ways.items())[:3]}
    if len(set(answers.values())) != 1 or "".join(tokens) != answers["traced"] * 2:
        raise RuntimeError(f"the ways disagree: {answers}")
    times: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(5):  # warm up every path
        for way in ways.values():
            way()
    for _ in range(n):
        for name, way in ways.items():
            t0 = time.perf_counter()
            way()
            times[name].append((time.perf_counter() - t0) * 1000)
    med = {name: statistics.median(values) for name, values in times.items()}
    out: dict[str, object] = {f"{name}_median_ms": round(value, 2) for name, value in med.items()}
    out["streamed_vs_traced"] = round(med["streamed"] / med["traced"], 3)
    out["streamed_usage_vs_traced"] = round(med["streamed_usage"] / med["traced"], 3)
    out["client_stream_vs_invoke"] = round(med["client_stream"] / med["client_invoke"], 3)
    out["streamed_extra_ms"] = round(med["streamed"] - med["traced"], 2)
    out["client_stream_extra_ms_per_call"] = round(med["client_stream"] - med["client_invoke"], 2)
    return out


def _text(content: object) -> str:
    """A reply's text: the runs here answer with a plain string; anything else is shown as it is."""
    return content if isinstance(content, str) else repr(content)


def _serve(script: Path, cwd: Path) -> tuple[subprocess.Popen[bytes], str]:
    from benchmarks.server_process import free_port, wait_healthy  # after the project is on sys.path (run as a script)

    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            str(script),
            "--server.port",
            str(port),
            "--server.headless",
            "true",
        ],
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    wait_healthy([url], proc, limit_s=60)
    return proc, url


def bench_render(n: int = 25) -> dict[str, object]:
    from playwright.sync_api import sync_playwright

    bare_dir = Path(tempfile.mkdtemp())
    (bare_dir / "bare.py").write_text('import streamlit as st\nst.title("Tool Call Lab")\n', encoding="utf-8")
    # the floor of any st.navigation app: a one-page router around the same one-line page
    (bare_dir / "router.py").write_text(
        'import streamlit as st\nst.navigation([st.Page("bare.py", default=True)]).run()\n', encoding="utf-8"
    )
    servers = {
        "bare": _serve(bare_dir / "bare.py", bare_dir),
        "bare_router": _serve(bare_dir / "router.py", bare_dir),
        "app": _serve(ROOT / "app.py", ROOT),
    }
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
    results: dict[str, list[float]] = {name: [] for name in servers}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=flags)
            for _, url in servers.values():  # warm the server's first script run
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
    return {
        "bare_page_ms": round(b),
        "bare_router_ms": round(r),
        "app_ms": round(a),
        "app_vs_bare_page": round(a / b, 2),
        "app_vs_bare_router": round(a / r, 2),
    }


BENCHES = {
    "imports": bench_imports,
    "rerun": bench_rerun,
    "run": bench_run,
    "stream": bench_stream,
    "render": bench_render,
}

if __name__ == "__main__":
    os.environ.setdefault("STREAMLIT_BROWSER_GATHER_USAGE_STATS", "false")
    chosen = sys.argv[1:] or list(BENCHES)
    for name in chosen:
        print(name, json.dumps(BENCHES[name](), ensure_ascii=False), flush=True)
