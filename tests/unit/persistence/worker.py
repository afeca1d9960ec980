"""A worker process for the persistence tests: runs the traced agent on a SQLite thread.

    python -m tests.unit.persistence.worker DB THREAD QUESTION [--slow-tool SECONDS]

The slow tool lets a test kill the process (SIGKILL) while a run is in the middle of a
tool call, after the model's checkpoint was committed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("db")
    parser.add_argument("thread")
    parser.add_argument("question")
    parser.add_argument("--slow-tool", type=float, default=0.0)
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--repeat", type=int, default=1, help="also run the question on THREAD-1..THREAD-(N-1)")
    args = parser.parse_args()

    from langchain_core.messages import HumanMessage

    from toolcall_lab.checkpointers import make_checkpointer
    from toolcall_lab.live import TraceCollector, build_traced_agent
    from toolcall_lab.llm import build_chat_model
    from toolcall_lab.stages.weather_data import build_weather_tool
    from toolcall_lab.trace import RunTrace

    tool = build_weather_tool()
    if args.slow_tool:
        func = tool.func

        def slow(**kwargs):  # the tool the kill lands in
            print("TOOL-STARTED", flush=True)
            time.sleep(args.slow_tool)
            return func(**kwargs)

        tool = tool.model_copy(update={"func": slow})
    # sqlite:/// + a relative path is relative to the repo; + an absolute one ("/tmp/x") gives sqlite:////tmp/x
    saver = make_checkpointer(f"sqlite:///{args.db}")
    collector = TraceCollector(
        trace=RunTrace(run_id="w", question=args.question, model_label="", lang="en", started_at=time.time())
    )
    graph = build_traced_agent(build_chat_model(), [tool], collector, checkpointer=saver)
    config = {"configurable": {"thread_id": args.thread}}
    payload = None if args.resume else {"messages": [HumanMessage(args.question)]}
    # durability="sync": each checkpoint is on disk before the next step starts, so a kill
    # between steps loses nothing committed (the default "async" writes in the background)
    result = graph.invoke(payload, config, durability="sync")
    for n in range(1, args.repeat):  # more writes, to overlap with another writer
        graph.invoke(payload, {"configurable": {"thread_id": f"{args.thread}-{n}"}}, durability="sync")
    print(
        json.dumps({"answer": result["messages"][-1].content, "messages": len(result["messages"])}, ensure_ascii=False),
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
