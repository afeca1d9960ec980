"""Lesson 4 — thread_id and the checkpointer: one thread vs many, history, time travel, restarts, Store.

* :func:`thread_turns_steps` sends turns on one thread; :func:`read_thread` reads it back.
* :func:`compare_thread_modes` asks the same turns on one thread and on a new thread per turn.
* :func:`history_rows` lists the checkpoints; :func:`replay_steps` / :func:`fork_steps`
  travel back to one (:func:`time_travel_demo` does both on a fresh thread).
* :func:`survives_restart` writes a thread in one process and reads it in another.
* :func:`store_demo` keeps a user's preference across threads in a Store.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Generator, Sequence
from typing import Any, TypedDict, cast

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore

from lessons.search_assistant.common import ZH_TURNS, new_id, turns
from lessons.search_assistant.preferences import build_preference_graph, user_config
from lessons.search_assistant.search import SearchBackend, default_offline_search
from lessons.search_assistant.workflow import ask, build_workflow, thread_config
from toolcall_lab.checkpointers import parse_setting
from toolcall_lab.errors import explain
from toolcall_lab.graph import CompiledGraph
from toolcall_lab.graph_records import GraphTrace, RunEvent
from toolcall_lab.graph_run import drain, invoke_steps, trace_steps
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import message_to_dict, to_jsonable
from toolcall_lab.settings import REPO_ROOT

# ---- One thread: send turns, read it back


def thread_turns_steps(
    app: CompiledGraph, questions: Sequence[str], thread_id: str
) -> Generator[RunEvent, None, list[GraphTrace]]:
    """Each question on the same thread, one run per question; the trace of each run."""
    traces = []
    for question in questions:
        trace = yield from trace_steps(app, {"messages": [HumanMessage(question)]}, thread_config(thread_id))
        traces.append(trace)
    return traces


class HistoryRow(TypedDict):
    """One checkpoint of a thread (see :func:`history_rows`)."""

    checkpoint_id: str
    parent_id: str | None
    step: int | None
    source: str | None
    next: list[str]
    messages: int
    user_query: str
    search_query: str
    wrote: dict[str, list[str]]
    created_at: str | None
    config: RunnableConfig


def history_rows(app: CompiledGraph, config: RunnableConfig) -> list[HistoryRow]:
    """``get_state_history`` as table rows, newest first.

    Each row: ``checkpoint_id``, ``parent_id``, ``step``, ``source`` (``input`` or
    ``loop``), ``next`` (nodes still to run), ``messages`` (count), the short State
    fields, ``wrote`` (which node wrote which keys from here), ``config`` (pass it
    to :func:`replay_from` / :func:`fork_from`).
    """
    rows: list[HistoryRow] = []
    for snap in app.get_state_history(config):
        values = snap.values or {}
        rows.append(
            {
                "checkpoint_id": snap.config["configurable"]["checkpoint_id"],
                "parent_id": ((snap.parent_config or {}).get("configurable") or {}).get("checkpoint_id"),
                "step": snap.metadata.get("step") if snap.metadata else None,
                "source": snap.metadata.get("source") if snap.metadata else None,
                "next": list(snap.next),
                "messages": len(values.get("messages", [])),
                "user_query": values.get("user_query", ""),
                "search_query": values.get("search_query", ""),
                "wrote": {t.name: sorted(t.result) for t in snap.tasks if isinstance(t.result, dict)},
                "created_at": snap.created_at,
                "config": cast(RunnableConfig, to_jsonable(snap.config)),
            }
        )
    return rows


class ThreadView(TypedDict):
    """A thread read back from the checkpointer: its messages and checkpoints, or why that failed."""

    messages: list[dict[str, Any]]
    history: list[HistoryRow]
    error: dict[str, Any] | None


def read_thread(app: CompiledGraph, config: RunnableConfig) -> ThreadView:
    """The thread's messages (``get_state``) and checkpoint history, read back from the checkpointer.

    A checkpointer that fails on read (a dropped connection, a locked file) is explained.
    """
    try:
        messages = (app.get_state(config).values or {}).get("messages", [])
        return {"messages": [message_to_dict(m) for m in messages], "history": history_rows(app, config), "error": None}
    except Exception as exc:
        error = explain(
            "checkpointer",
            exc,
            title=Text("从 checkpointer 读回这个线程失败。", "Reading this thread back from the checkpointer failed."),
            hint=Text(
                "检查数据库是否还在运行、文件是否被别的进程锁住；或在侧边栏换回 SQLite 文件。",
                "Check that the database is still up and the file is not locked by another "
                "process, or switch back to the SQLite file.",
            ),
        )
        return {"messages": [], "history": [], "error": error.to_dict()}


# ---- One thread vs a new thread per turn


class TurnRow(TypedDict):
    """One turn of :func:`compare_thread_modes`."""

    turn: int
    thread_id: str
    question: str
    query_intent: str | None
    search_query: str | None
    top_source: str | None
    answer: str | None
    messages_in_thread: int


def _turn_row(turn: int, thread_id: str, question: str, state: dict[str, Any]) -> TurnRow:
    return {
        "turn": turn,
        "thread_id": thread_id,
        "question": question,
        "query_intent": state.get("query_intent"),
        "search_query": state.get("search_query"),
        "top_source": (state.get("sources") or [None])[0],
        "answer": state.get("answer"),
        "messages_in_thread": len(state.get("messages", [])),
    }


def compare_thread_modes(
    llm: BaseChatModel, questions: Sequence[str] | None = None, *, lang: str = "zh", search: SearchBackend | None = None
) -> dict[str, list[TurnRow]]:
    """Ask the same turns twice: all on one thread, then each on a new thread.

    Returns:
        ``{"same_thread": [rows], "new_thread_each_turn": [rows]}``; in the second
        the follow-ups arrive in empty threads and lose the city.
    """
    backend = search if search is not None else default_offline_search()
    questions = tuple(questions or turns(lang))
    same_app = build_workflow(llm, backend, InMemorySaver())
    shared = new_id("same")
    same = [_turn_row(i, shared, q, ask(same_app, q, shared)) for i, q in enumerate(questions, 1)]
    new_app = build_workflow(llm, backend, InMemorySaver())
    fresh = []
    for i, q in enumerate(questions, 1):
        tid = new_id(f"turn{i}")
        fresh.append(_turn_row(i, tid, q, ask(new_app, q, tid)))
    return {"same_thread": same, "new_thread_each_turn": fresh}


# ---- Time travel: replay from a checkpoint, or fork it


def replay_steps(app: CompiledGraph, checkpoint_config: RunnableConfig) -> Generator[RunEvent, None, dict[str, Any]]:
    """Resume from an earlier checkpoint as it was (input ``None``, the checkpoint's config): the nodes run again."""
    final = yield from invoke_steps(app, None, checkpoint_config, graph="replay")
    return cast(dict[str, Any], to_jsonable(final))


def replay_from(app: CompiledGraph, checkpoint_config: RunnableConfig) -> dict[str, Any]:
    """:func:`replay_steps`, run to the end: the final State of the replay."""
    return drain(replay_steps(app, checkpoint_config))


def fork_steps(
    app: CompiledGraph, checkpoint_config: RunnableConfig, values: dict[str, Any], as_node: str | None = None
) -> Generator[RunEvent, None, dict[str, Any]]:
    """Change an earlier checkpoint's State and run on from there: a new branch, ``{"fork_config", "final"}``.

    ``update_state`` writes a new checkpoint whose parent is the chosen one and returns its
    config; invoking with that config continues the fork. The old checkpoints stay untouched.
    """
    fork_config = app.update_state(checkpoint_config, values, as_node=as_node)
    final = yield from invoke_steps(app, None, fork_config, graph="fork")
    return {"fork_config": to_jsonable(fork_config), "final": to_jsonable(final)}


def fork_from(
    app: CompiledGraph, checkpoint_config: RunnableConfig, values: dict[str, Any], as_node: str | None = None
) -> dict[str, Any]:
    """:func:`fork_steps`, run to the end: ``{"fork_config", "final"}``."""
    return drain(fork_steps(app, checkpoint_config, values, as_node))


def question_at(app: CompiledGraph, checkpoint_config: RunnableConfig) -> HumanMessage:
    """The latest user message in the State saved at a checkpoint."""
    values = app.get_state(checkpoint_config).values
    return cast(HumanMessage, next(m for m in reversed(values["messages"]) if m.type == "human"))


def fork_question_steps(
    app: CompiledGraph, checkpoint_config: RunnableConfig, new_question: str
) -> Generator[RunEvent, None, dict[str, Any]]:
    """Fork a checkpoint with the user's words rewritten as ``new_question``.

    The new message keeps the old one's id, so ``add_messages`` replaces it instead of appending.
    """
    asked = question_at(app, checkpoint_config)
    result = yield from fork_steps(app, checkpoint_config, {"messages": [HumanMessage(new_question, id=asked.id)]})
    return result


class ReplayPoint(TypedDict):
    """A checkpoint taken just before ``understand``: where a turn can be replayed or forked."""

    checkpoint_id: str
    step: int | None
    question: str
    config: RunnableConfig


def replay_points(app: CompiledGraph, rows: Sequence[HistoryRow]) -> list[ReplayPoint]:
    """The checkpoints (of :func:`history_rows`) taken just before ``understand``, with the question asked there."""
    return [
        {
            "checkpoint_id": row["checkpoint_id"],
            "step": row["step"],
            "question": str(question_at(app, row["config"]).content),
            "config": row["config"],
        }
        for row in rows
        if row["next"] == ["understand"]
    ]


def time_travel_demo(
    llm: BaseChatModel, *, lang: str = "zh", search: SearchBackend | None = None, new_question: str | None = None
) -> dict[str, Any]:
    """One question, then a replay and a fork from the checkpoint before ``understand``.

    * Replay: invoke with that checkpoint's config; understand → search → answer run
      again on the same State (same answer: the built-in model is deterministic).
    * Fork: ``update_state`` rewrites the user's message at that checkpoint (same
      message id, so ``add_messages`` replaces it) to ``new_question`` (default: the
      same question about *tomorrow*), then the run continues on the new branch.

    Both new branches are added to the thread's history; the original branch (and
    its answer about today) is still there.
    """
    backend = search if search is not None else default_offline_search()
    question = turns(lang)[0]
    new_question = new_question or Text("曼谷明天多少度？", "How hot is Bangkok tomorrow?")(lang)
    app = build_workflow(llm, backend, InMemorySaver())
    config = thread_config(new_id("travel"))
    original = ask(app, question, config["configurable"]["thread_id"])
    target = next(s for s in app.get_state_history(config) if s.next == ("understand",))
    replayed = replay_from(app, target.config)
    forked = drain(fork_question_steps(app, target.config, new_question))

    def summary(state: dict[str, Any]) -> dict[str, Any]:
        return {k: state.get(k) for k in ("user_query", "search_query", "sources", "answer")}

    return {
        "question": question,
        "new_question": new_question,
        "checkpoint": {
            "checkpoint_id": target.config["configurable"]["checkpoint_id"],
            "next": list(target.next),
            "config": to_jsonable(target.config),
        },
        "original": summary(original),
        "replay": summary(replayed),
        "fork": {**summary(forked["final"]), "fork_config": forked["fork_config"]},
        "history": history_rows(app, config),
    }


# ---- Does a thread survive a restart? Two real processes.


def _run_demo_process(args: list[str], timeout: float) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "lessons.search_assistant.restart_demo", *args],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode != 0:
        raise RuntimeError(
            done.stderr.strip().splitlines()[-1] if done.stderr.strip() else f"exit code {done.returncode}"
        )
    return cast(dict[str, Any], json.loads(done.stdout.strip().splitlines()[-1]))


def survives_restart(
    setting: str, *, question: str = ZH_TURNS[0], thread_id: str | None = None, timeout: float = 120
) -> dict[str, Any]:
    """Write a thread in one process, read it from another, with checkpointer ``setting``.

    Both processes really run (``python -m lessons.search_assistant.restart_demo``).

    Returns:
        ``{"setting_kind", "thread_id", "writer", "reader", "survived"}``, or
        ``{"error": ...}`` if a process failed.
    """
    thread_id = thread_id or new_id("restart")
    try:
        writer = _run_demo_process(
            ["write", "--checkpointer", setting, "--thread", thread_id, "--question", question], timeout
        )
        reader = _run_demo_process(["read", "--checkpointer", setting, "--thread", thread_id], timeout)
    except (RuntimeError, subprocess.TimeoutExpired, ValueError) as exc:
        return {
            "error": explain(
                "checkpointer",
                exc,
                title=Text("演示进程没有正常结束", "A demo process did not finish"),
                hint=Text(
                    "检查检查点设置（文件路径或数据库地址）是否可用。",
                    "Check that the checkpointer setting (file path or database URL) works.",
                ),
            ).to_dict()
        }
    return {
        "setting_kind": parse_setting(setting).kind,
        "thread_id": thread_id,
        "writer": writer,
        "reader": reader,
        "survived": reader["found"],
    }


def setting_kind(setting: str) -> str:
    """``"memory"``, ``"sqlite"`` or ``"postgres"``; an unreadable setting counts as memory."""
    try:
        return parse_setting(setting).kind
    except ValueError:
        return "memory"


def restart_checks(setting: str, *, lang: str = "zh") -> dict[str, dict[str, Any]]:
    """:func:`survives_restart` on the app's setting and on ``memory`` (only memory if that is the setting)."""
    settings_to_try = ["memory"] if setting_kind(setting) == "memory" else [setting, "memory"]
    return {
        label: survives_restart(label, question=turns(lang)[0], thread_id=new_id("restart"))
        for label in settings_to_try
    }


# ---- thread_id is not user_id: a Store


def store_demo(*, lang: str = "zh", search: SearchBackend | None = None) -> dict[str, Any]:
    """A unit preference set in one thread, used in another thread of the same user.

    Three runs: Alice sets °F in thread A; Alice asks a temperature in new thread B
    (answered in °F, although B has no earlier messages); Bob asks the same in
    thread C (°C: the preference is Alice's, not global).
    """
    store = InMemoryStore()
    app = build_preference_graph(InMemorySaver(), store, search)
    set_pref = Text("以后温度都用华氏度。", "From now on use Fahrenheit.")(lang)
    question = Text("曼谷今天多少度？", "How hot is Bangkok today?")(lang)
    runs = [("thread-A", "alice", set_pref), ("thread-B", "alice", question), ("thread-C", "bob", question)]
    rows = []
    for thread, user, text in runs:
        thread_id = new_id(thread)
        state = app.invoke({"messages": [HumanMessage(text)]}, user_config(thread_id, user))
        rows.append(
            {
                "thread_id": thread_id,
                "user_id": user,
                "said": text,
                "reply": state["messages"][-1].content,
                "messages_in_thread": len(state["messages"]),
            }
        )
    items = [{"namespace": list(i.namespace), "key": i.key, "value": i.value} for i in store.search(("users",))]
    return {"runs": rows, "store": items}
