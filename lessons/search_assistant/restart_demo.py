"""Does a thread survive a restart? Run it in two separate processes and see.

``python -m lessons.search_assistant.restart_demo write --checkpointer SETTING --thread T --question Q``
asks one question on thread ``T`` with the fixed workflow (built-in model, offline
search) and exits. ``... read --checkpointer SETTING --thread T`` is a *new*
process that opens the same checkpointer setting and looks the thread up. Each
prints one JSON line. With a SQLite file the reader finds the conversation; with
``memory`` it finds nothing, because the writer's memory died with the writer.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any


def write(setting: str, thread_id: str, question: str) -> dict[str, Any]:
    """Ask one question on a thread, saved by the checkpointer ``setting``."""
    from lessons.search_assistant.search import OfflineSearch
    from lessons.search_assistant.workflow import ask, build_workflow
    from toolcall_lab.checkpointers import close_checkpointer, make_checkpointer
    from toolcall_lab.llm import build_chat_model

    saver = make_checkpointer(setting)
    try:
        app = build_workflow(build_chat_model(), OfflineSearch(), saver)
        state = ask(app, question, thread_id)
    finally:
        close_checkpointer(saver)
    return {"pid": os.getpid(), "thread_id": thread_id, "messages": len(state["messages"]), "answer": state["answer"]}


def read(setting: str, thread_id: str) -> dict[str, Any]:
    """Open the checkpointer ``setting`` in this (new) process and look for the thread."""
    from lessons.search_assistant.search import OfflineSearch
    from lessons.search_assistant.workflow import build_workflow, thread_config
    from toolcall_lab.checkpointers import close_checkpointer, make_checkpointer
    from toolcall_lab.llm import build_chat_model

    saver = make_checkpointer(setting)
    try:
        app = build_workflow(build_chat_model(), OfflineSearch(), saver)
        snapshot = app.get_state(thread_config(thread_id))
    finally:
        close_checkpointer(saver)
    messages = snapshot.values.get("messages", [])
    return {
        "pid": os.getpid(),
        "thread_id": thread_id,
        "found": bool(messages),
        "messages": [{"type": m.type, "content": str(m.content)} for m in messages],
        "checkpoint_id": (snapshot.config or {}).get("configurable", {}).get("checkpoint_id"),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["write", "read"])
    parser.add_argument("--checkpointer", required=True)
    parser.add_argument("--thread", required=True)
    parser.add_argument("--question", default="曼谷今天多少度？")
    args = parser.parse_args(argv)
    if args.action == "write":
        result = write(args.checkpointer, args.thread, args.question)
    else:
        result = read(args.checkpointer, args.thread)
    sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
