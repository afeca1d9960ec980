"""Data for the seven LangGraph lesson pages: every function runs something real and
returns JSON-safe dicts the page renders as they are.

Groups (one or more per page):

* graph pictures: :func:`graph_structure`, :func:`graph_mermaid`, :func:`graph_dot`;
* a run, step by step: :func:`trace_run` (node, partial update, full State after,
  and the exact model requests made by that node);
* who decided to search: :func:`who_decided` (workflow vs agent);
* what the model was sent vs what State keeps: :func:`sent_vs_kept`;
* threads and checkpoints: :func:`compare_thread_modes`, :func:`history_rows`,
  :func:`replay_from`, :func:`fork_from`, :func:`time_travel_demo`,
  :func:`survives_restart`, :func:`store_demo`;
* the six review findings: :func:`finding_user_query` ... :func:`finding_in_memory`,
  and :func:`review_findings` for all six;
* human approval: :func:`approval_start`, :func:`approval_resume`, :func:`approval_demo`;
* context control: :func:`context_demo`.

Nothing here imports streamlit; models, search backends and checkpointers are
passed in. A failing run comes back as an ``ExplainedError`` dict under ``"error"``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import typing
import uuid
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from langchain_core.messages import BaseMessage, HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from lessons.search_assistant.agent import build_agent, make_search_web_tool, model_input
from lessons.search_assistant.approval import build_approval_agent
from lessons.search_assistant.context import naive_trim, orphaned_tool_replies, trim_keeping_pairs
from lessons.search_assistant.original import (
    OriginalSession,
    OriginalState,
    build_original,
    diagnose_keyword_parse,
    initial_state,
)
from lessons.search_assistant.preferences import build_preference_graph, user_config
from lessons.search_assistant.search import SearchBackend, default_offline_search
from lessons.search_assistant.workflow import SearchUpdate, ask, build_workflow, thread_config
from toolcall_lab.capture import WireExchange, recording
from toolcall_lab.errors import explain, explain_exception
from toolcall_lab.jsonable import message_to_dict, to_jsonable

ZH_TURNS = ("曼谷今天多少度？", "那明天呢？", "需要带伞吗？")
EN_TURNS = ("How hot is Bangkok today?", "And tomorrow?", "Do I need an umbrella?")

# Model replies for finding 2, replayed through the built-in model's ``script`` so
# the original's split can be watched on each wording (labelled as scripted).
KEYWORD_REPLY_EXAMPLES = {
    "follows_format": "理解：用户想知道曼谷今天的气温\n搜索词：曼谷 今天 气温",
    "ascii_colon": "理解：用户想知道曼谷今天的气温\n搜索词: 曼谷 今天 气温",
    "trailing_text": "理解：用户想知道曼谷今天的气温\n搜索词：曼谷 今天 气温\n\n如需更多信息请告诉我。",
    "no_label": "用户想知道曼谷今天的气温，建议搜索“曼谷 今天 气温”。",
}


def _turns(lang: str) -> tuple[str, ...]:
    return EN_TURNS if lang == "en" else ZH_TURNS


def _new_id(prefix: str) -> str:
    """A thread id nobody can guess: the lesson's label plus a full uuid4."""
    return f"{prefix}-{uuid.uuid4().hex}"


# ---------------------------------------------------------------------------
# JSON-safe rendering
# ---------------------------------------------------------------------------


def exchange_summary(exchange: WireExchange) -> dict[str, Any]:
    """One model request/response, reduced to what the lessons discuss.

    Returns:
        ``{"status_code", "latency_ms", "request_messages", "tools", "response_format",
        "response_message", "error"}`` where every value is the captured wire data.
    """
    body = exchange.request_body or {}
    response = exchange.response_body or {}
    choices = response.get("choices") or [{}]
    fmt = body.get("response_format") or {}
    return {
        "status_code": exchange.status_code,
        "latency_ms": exchange.latency_ms,
        "request_messages": body.get("messages", []),
        "tools": [t.get("function", {}).get("name") for t in body.get("tools", [])],
        "response_format": (fmt.get("json_schema") or {}).get("name") or fmt.get("type"),
        "response_message": choices[0].get("message"),
        "error": response.get("error"),
    }


# ---------------------------------------------------------------------------
# Graph pictures, from the compiled graph itself
# ---------------------------------------------------------------------------


def graph_structure(app) -> dict[str, Any]:
    """Nodes and edges exactly as ``app.get_graph()`` reports them.

    Returns:
        ``{"nodes": [id, ...], "edges": [{"source", "target", "conditional", "label"}]}``
    """
    graph = app.get_graph()
    return {
        "nodes": list(graph.nodes),
        "edges": [
            {
                "source": e.source,
                "target": e.target,
                "conditional": e.conditional,
                "label": None if e.data is None else str(e.data),
            }
            for e in graph.edges
        ],
    }


def edges_text(app) -> str:
    """The compiled graph's edges on one line, read from ``get_graph()``.

    ``→`` is a fixed edge, ``⇢`` a conditional one; ``__start__`` / ``__end__`` print as
    START / END. For the fixed workflow: ``START → understand · understand → search · ...``.
    """
    names = {"__start__": "START", "__end__": "END"}
    return " · ".join(
        f"{names.get(e['source'], e['source'])} {'⇢' if e['conditional'] else '→'} {names.get(e['target'], e['target'])}"
        for e in graph_structure(app)["edges"]
    )


def graph_mermaid(app, highlight: str | None = None) -> str:
    """``draw_mermaid()`` of the compiled graph, with one node optionally highlighted."""
    text = app.get_graph().draw_mermaid()
    if highlight and highlight in app.get_graph().nodes:
        text = text.rstrip("\n") + (
            f"\n\tclassDef highlight fill:#ffd54f,stroke:#e65100,stroke-width:3px\n\tclass {highlight} highlight\n"
        )
    return text


def _dot_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def graph_dot(app, highlight: str | None = None) -> str:
    """Graphviz DOT text for the compiled graph: conditional edges dashed.

    START and END are drawn as ovals; ``highlight`` (a node id) is filled amber,
    e.g. the node a step-through has just run.
    """
    graph = app.get_graph()
    lines = [
        "digraph G {",
        "  rankdir=TB;",
        '  node [shape=box, style="rounded,filled", fillcolor="#f2f0ff", fontname="Helvetica"];',
        '  edge [fontname="Helvetica", fontsize=10];',
    ]
    for node_id in graph.nodes:
        attrs: dict[str, str] = {}
        if node_id == "__start__":
            attrs = {"label": "START", "shape": "oval", "fillcolor": "#ffffff"}
        elif node_id == "__end__":
            attrs = {"label": "END", "shape": "oval", "fillcolor": "#bfb6fc"}
        if node_id == highlight:
            attrs.update({"fillcolor": "#ffd54f", "penwidth": "3"})
        rendered = ", ".join(f"{k}={_dot_quote(v)}" for k, v in attrs.items())
        lines.append(f"  {_dot_quote(node_id)}" + (f" [{rendered}]" if rendered else "") + ";")
    for edge in graph.edges:
        attrs = {}
        if edge.conditional:
            attrs["style"] = "dashed"
        if edge.data is not None:
            attrs["label"] = str(edge.data)
        rendered = ", ".join(f"{k}={_dot_quote(v)}" for k, v in attrs.items())
        lines.append(
            f"  {_dot_quote(edge.source)} -> {_dot_quote(edge.target)}" + (f" [{rendered}]" if rendered else "") + ";"
        )
    lines.append("}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# A run, super-step by super-step
# ---------------------------------------------------------------------------


def trace_run(app, inputs: Any, config: dict[str, Any] | None = None) -> dict[str, Any]:
    """Stream a graph and record every super-step.

    Uses ``stream_mode=["updates", "values"]``: after each node LangGraph yields the
    node's partial update, then the full State it produced. Model requests made
    while a node ran are captured from the wire and attached to that node.

    Args:
        app: a compiled graph.
        inputs: the input (a dict, ``None`` to continue, or ``Command(resume=...)``).
        config: the run config (``thread_id`` etc.).

    Returns:
        ``{"input", "steps", "final", "interrupts", "error", "failed_calls"}``;
        each step is ``{"step", "node", "update", "state", "model_calls"}``.
    """
    steps: list[dict[str, Any]] = []
    interrupts: list[dict[str, Any]] = []
    first: Any = None
    final: Any = None
    error = None
    failed_calls: list[dict[str, Any]] = []
    with recording() as rec:
        seen = 0
        try:
            for mode, chunk in app.stream(inputs, config, stream_mode=["updates", "values"]):
                if mode == "values":
                    snapshot = to_jsonable(chunk)
                    if first is None and not steps:
                        first = snapshot
                    for step in steps:
                        if step["state"] is None:
                            step["state"] = snapshot
                    final = snapshot
                    continue
                for node, update in chunk.items():
                    if node == "__interrupt__":
                        interrupts.extend({"id": i.id, "value": to_jsonable(i.value)} for i in update)
                        continue
                    calls = [exchange_summary(e) for e in rec.exchanges[seen:]]
                    seen = len(rec.exchanges)
                    steps.append(
                        {
                            "step": len(steps) + 1,
                            "node": node,
                            "update": to_jsonable(update),
                            "state": None,
                            "model_calls": calls,
                        }
                    )
        except Exception as exc:  # the page shows the explanation, not a traceback
            error = explain_exception(exc).to_dict()
            failed_calls = [exchange_summary(e) for e in rec.exchanges[seen:]]
    return {
        "input": first,
        "steps": steps,
        "final": final,
        "interrupts": interrupts,
        "error": error,
        "failed_calls": failed_calls,
    }


def _path(trace: dict[str, Any]) -> list[str]:
    return [step["node"] for step in trace["steps"]]


# ---------------------------------------------------------------------------
# Who decided to search?
# ---------------------------------------------------------------------------


def who_decided(llm, question: str, search: SearchBackend | None = None) -> dict[str, Any]:
    """Send one question through the fixed workflow and through the agent.

    In the workflow the search happens because an unconditional edge leads to the
    search node: the *code* decided. In the agent it happens only if the model's
    reply carries a ``tool_call``: the *model* decided. Both are shown with their
    evidence (the edge from ``get_graph()``, the tool_call from the wire).
    """
    backend = search if search is not None else default_offline_search()
    workflow = build_workflow(llm, backend)
    agent = build_agent(llm, [make_search_web_tool(backend)])
    inputs = {"messages": [HumanMessage(question)]}
    wf, ag = trace_run(workflow, inputs), trace_run(agent, inputs)

    wf_edge = next(
        e for e in graph_structure(workflow)["edges"] if (e["source"], e["target"]) == ("understand", "search")
    )
    first_model_step = next((s for s in ag["steps"] if s["node"] == "model"), None)
    model_calls = (first_model_step or {}).get("model_calls") or [{}]
    reply = model_calls[0].get("response_message") or {}
    tool_calls = reply.get("tool_calls") or []
    agent_searched = "tools" in _path(ag)
    return {
        "question": question,
        "workflow": {
            "searched": "search" in _path(wf),
            "decided_by": "code",
            "path": _path(wf),
            "edge": wf_edge,
            "search_query": (wf["final"] or {}).get("search_query"),
            "why": {
                "zh": "understand → search 是一条无条件边：只要走到这里就一定搜索，由代码决定。",
                "en": "understand → search is an unconditional edge: reaching it always searches. The code decided.",
            },
            "error": wf["error"],
        },
        "agent": {
            "searched": agent_searched,
            "decided_by": "model",
            "path": _path(ag),
            "tool_calls": tool_calls,
            "model_reply": reply,
            "why": (
                {
                    "zh": "模型的回复里带有 tool_calls，条件边据此走向 tools 节点：由模型决定。",
                    "en": "The model's reply carried tool_calls, so the conditional edge went to "
                    "the tools node. The model decided.",
                }
                if agent_searched
                else {
                    "zh": "模型直接作答、没有 tool_calls，条件边走向 END：模型决定不搜索。",
                    "en": "The model answered without tool_calls, so the conditional edge went to "
                    "END. The model decided not to search.",
                }
            ),
            "error": ag["error"],
        },
        "traces": {"workflow": wf, "agent": ag},
    }


# ---------------------------------------------------------------------------
# What each model call was sent vs what State keeps
# ---------------------------------------------------------------------------


def sent_vs_kept(trace: dict[str, Any]) -> list[dict[str, Any]]:
    """For every model call in a traced run: the messages sent vs the State's messages.

    Returns:
        One row per call: ``{"step", "node", "sent", "sent_count", "kept", "kept_count",
        "tools", "response_format"}``; ``sent`` is the wire ``messages`` array, ``kept``
        the State's ``messages`` after that step.
    """
    rows = []
    for step in trace["steps"]:
        kept = (step["state"] or {}).get("messages", [])
        for call in step["model_calls"]:
            rows.append(
                {
                    "step": step["step"],
                    "node": step["node"],
                    "sent": call["request_messages"],
                    "sent_count": len(call["request_messages"]),
                    "kept": kept,
                    "kept_count": len(kept),
                    "tools": call["tools"],
                    "response_format": call["response_format"],
                }
            )
    return rows


# ---------------------------------------------------------------------------
# Threads: same thread vs new thread per turn, history, time travel, restarts, Store
# ---------------------------------------------------------------------------


def _turn_row(turn: int, thread_id: str, question: str, state: dict[str, Any]) -> dict[str, Any]:
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
    llm, questions: Sequence[str] | None = None, *, lang: str = "zh", search: SearchBackend | None = None
) -> dict[str, Any]:
    """Ask the same turns twice: all on one thread, then each on a new thread.

    Returns:
        ``{"same_thread": [rows], "new_thread_each_turn": [rows]}``; in the second
        the follow-ups arrive in empty threads and lose the city.
    """
    backend = search if search is not None else default_offline_search()
    questions = tuple(questions or _turns(lang))
    same_app = build_workflow(llm, backend, InMemorySaver())
    shared = _new_id("same")
    same = [_turn_row(i, shared, q, ask(same_app, q, shared)) for i, q in enumerate(questions, 1)]
    new_app = build_workflow(llm, backend, InMemorySaver())
    fresh = []
    for i, q in enumerate(questions, 1):
        tid = _new_id(f"turn{i}")
        fresh.append(_turn_row(i, tid, q, ask(new_app, q, tid)))
    return {"same_thread": same, "new_thread_each_turn": fresh}


def history_rows(app, config: dict[str, Any]) -> list[dict[str, Any]]:
    """``get_state_history`` as table rows, newest first.

    Each row: ``checkpoint_id``, ``parent_id``, ``step``, ``source`` (``input`` or
    ``loop``), ``next`` (nodes still to run), ``messages`` (count), the short State
    fields, ``wrote`` (which node wrote which keys from here), ``config`` (pass it
    to :func:`replay_from` / :func:`fork_from`).
    """
    rows = []
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
                "config": to_jsonable(snap.config),
            }
        )
    return rows


def replay_from(app, checkpoint_config: dict[str, Any]) -> dict[str, Any]:
    """Resume from an earlier checkpoint as it was: the nodes after it run again."""
    return to_jsonable(app.invoke(None, checkpoint_config))


def fork_from(
    app, checkpoint_config: dict[str, Any], values: dict[str, Any], as_node: str | None = None
) -> dict[str, Any]:
    """Change an earlier checkpoint's State and run on from there: a new branch.

    ``update_state`` writes a new checkpoint whose parent is the chosen one, and
    returns its config; invoking with that config continues the fork. The old
    checkpoints stay in the history untouched.

    Returns:
        ``{"fork_config", "final"}``.
    """
    fork_config = app.update_state(checkpoint_config, values, as_node=as_node)
    final = app.invoke(None, fork_config)
    return {"fork_config": to_jsonable(fork_config), "final": to_jsonable(final)}


def time_travel_demo(
    llm, *, lang: str = "zh", search: SearchBackend | None = None, new_question: str | None = None
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
    question = _turns(lang)[0]
    new_question = new_question or ("How hot is Bangkok tomorrow?" if lang == "en" else "曼谷明天多少度？")
    app = build_workflow(llm, backend, InMemorySaver())
    config = thread_config(_new_id("travel"))
    original = ask(app, question, config["configurable"]["thread_id"])
    target = next(s for s in app.get_state_history(config) if s.next == ("understand",))
    replayed = replay_from(app, target.config)
    asked = target.values["messages"][-1]
    forked = fork_from(app, target.config, {"messages": [HumanMessage(new_question, id=asked.id)]})

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


def _run_demo_process(args: list[str], timeout: float) -> dict[str, Any]:
    from toolcall_lab.checkpointers import REPO_ROOT

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
    return json.loads(done.stdout.strip().splitlines()[-1])


def survives_restart(
    setting: str, *, question: str = ZH_TURNS[0], thread_id: str | None = None, timeout: float = 120
) -> dict[str, Any]:
    """Write a thread in one process, read it from another, with checkpointer ``setting``.

    Both processes really run (``python -m lessons.search_assistant.restart_demo``).

    Returns:
        ``{"setting_kind", "thread_id", "writer", "reader", "survived"}``, or
        ``{"error": ...}`` if a process failed.
    """
    from toolcall_lab.checkpointers import parse_setting

    thread_id = thread_id or _new_id("restart")
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
                zh="演示进程没有正常结束",
                en="A demo process did not finish",
                hint_zh="检查检查点设置（文件路径或数据库地址）是否可用。",
                hint_en="Check that the checkpointer setting (file path or database URL) works.",
            ).to_dict()
        }
    return {
        "setting_kind": parse_setting(setting).kind,
        "thread_id": thread_id,
        "writer": writer,
        "reader": reader,
        "survived": reader["found"],
    }


def store_demo(*, lang: str = "zh", search: SearchBackend | None = None) -> dict[str, Any]:
    """A unit preference set in one thread, used in another thread of the same user.

    Three runs: Alice sets °F in thread A; Alice asks a temperature in new thread B
    (answered in °F, although B has no earlier messages); Bob asks the same in
    thread C (°C: the preference is Alice's, not global).
    """
    from langgraph.store.memory import InMemoryStore

    store = InMemoryStore()
    app = build_preference_graph(InMemorySaver(), store, search)
    set_pref, question = (
        ("From now on use Fahrenheit.", "How hot is Bangkok today?")
        if lang == "en"
        else ("以后温度都用华氏度。", "曼谷今天多少度？")
    )
    runs = [("thread-A", "alice", set_pref), ("thread-B", "alice", question), ("thread-C", "bob", question)]
    rows = []
    for thread, user, text in runs:
        thread_id = _new_id(thread)
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


# ---------------------------------------------------------------------------
# The six review findings: original vs fixed, on live runs
# ---------------------------------------------------------------------------


def _finding(
    n: int, key: str, zh: str, en: str, original: dict, fixed: dict, reproduced: bool, explain_zh: str, explain_en: str
) -> dict[str, Any]:
    return {
        "id": n,
        "key": key,
        "title": {"zh": zh, "en": en},
        "original": original,
        "fixed": fixed,
        "reproduced": reproduced,
        "explain": {"zh": explain_zh, "en": explain_en},
    }


def finding_user_query(llm, search: SearchBackend | None = None, question: str = ZH_TURNS[0]) -> dict[str, Any]:
    """Finding 1: the original overwrites ``user_query`` with the model's reading."""
    backend = search if search is not None else default_offline_search()
    with recording() as rec:
        original = OriginalSession(build_original(llm, backend)).ask(question)
    answer_prompt = rec.exchanges[-1].request_body["messages"][0]["content"]
    # the "user question" as the answer prompt carries it, read off the wire up to the blank
    # line that ends it (it may span lines: it is the model's reply)
    start = answer_prompt.find("用户问题：")
    end = answer_prompt.find("\n\n", start)
    question_line = answer_prompt[start : end if end >= 0 else None] if start >= 0 else ""
    fixed = build_workflow(llm, backend).invoke({"messages": [HumanMessage(question)]})
    return _finding(
        1,
        "user_query",
        "user_query 被模型的理解覆盖",
        "user_query overwritten by the model's reading",
        {"typed": question, "user_query": original["user_query"], "answer_prompt_question_line": question_line},
        {"typed": question, "user_query": fixed["user_query"], "query_intent": fixed["query_intent"]},
        original["user_query"] != question and fixed["user_query"] == question,
        "原版把模型对问题的复述存进 user_query，回答节点看到的“用户问题”已不是用户的原话。"
        "修正版原话存 user_query，模型的理解另存 query_intent。",
        "The original stores the model's restatement in user_query, so the answer step's "
        "'user question' is no longer what the user typed. The fix keeps the words in "
        "user_query and the model's reading in query_intent.",
    )


def finding_keyword_split(
    llm, search: SearchBackend | None = None, question: str = ZH_TURNS[0], scripted_reply: str | None = None
) -> dict[str, Any]:
    """Finding 2: the keyword is cut out of free text with ``split("搜索词：")[1]``.

    Args:
        scripted_reply: optional text for the original's understand call, replayed by
            the built-in model (see :data:`KEYWORD_REPLY_EXAMPLES`); ``None`` lets the
            given ``llm`` reply on its own.
    """
    backend = search if search is not None else default_offline_search()
    original_llm = llm
    if scripted_reply is not None:
        from toolcall_lab.llm import build_chat_model

        original_llm = build_chat_model(script=[{"content": scripted_reply}])
    with recording() as rec:
        original = OriginalSession(build_original(original_llm, backend)).ask(question)
    reply = rec.exchanges[0].response_body["choices"][0]["message"]["content"] or ""
    diagnosis = diagnose_keyword_parse(reply, question)
    # The same split on the other wordings models really produce (pure parsing, no model):
    # one well-behaved reply proves nothing about the next one.
    variants = (
        {name: diagnose_keyword_parse(text, question).status for name, text in KEYWORD_REPLY_EXAMPLES.items()}
        if scripted_reply is None
        else {}
    )
    with recording() as rec_fixed:
        fixed = build_workflow(llm, backend).invoke({"messages": [HumanMessage(question)]})
    understand_call = exchange_summary(rec_fixed.exchanges[0])
    return _finding(
        2,
        "keyword_split",
        "搜索词靠字符串切割",
        "search keyword cut out with str.split",
        {
            "model_reply": reply,
            "scripted": scripted_reply is not None,
            "search_query": original["search_query"],
            "diagnosis": asdict(diagnosis),
            "other_wordings": variants,
        },
        {
            "response_format": understand_call["response_format"],
            "structured_reply": (understand_call["response_message"] or {}).get("content"),
            "search_query": fixed["search_query"],
            "query_intent": fixed["query_intent"],
        },
        not diagnosis.ok or any(status != "ok" for status in variants.values()),
        diagnosis.zh + " 修正版用 with_structured_output 拿到经过校验的 QueryUnderstanding。",
        diagnosis.en + " The fix gets a validated QueryUnderstanding from with_structured_output.",
    )


def finding_new_thread(llm, search: SearchBackend | None = None, *, lang: str = "zh") -> dict[str, Any]:
    """Finding 3: a session counter gives every input its own thread."""
    backend = search if search is not None else default_offline_search()
    first, second = _turns(lang)[:2]
    session = OriginalSession(build_original(llm, backend))
    session.ask(first)
    orig_second = session.ask(second)
    app = build_workflow(llm, backend, InMemorySaver())
    tid = _new_id("fixed")
    ask(app, first, tid)
    fixed_second = ask(app, second, tid)
    orig_humans = [m.content for m in orig_second["messages"] if m.type == "human"]
    fixed_humans = [m.content for m in fixed_second["messages"] if m.type == "human"]
    return _finding(
        3,
        "new_thread",
        "每次输入都开新线程",
        "a new thread for every input",
        {
            "thread_ids": list(session.thread_ids),
            "user_turns_in_second_thread": orig_humans,
            "second_search_query": orig_second["search_query"],
        },
        {
            "thread_ids": [tid, tid],
            "user_turns_in_second_thread": fixed_humans,
            "second_search_query": fixed_second["search_query"],
        },
        len(set(session.thread_ids)) == 2 and len(orig_humans) == 1 and len(fixed_humans) == 2,
        "原版每次输入 session_count 加一，追问落进一个空线程，前文全部丢失。"
        "修正版由调用方决定 thread_id，同一段对话复用同一个。",
        "The original bumps session_count on every input, so a follow-up lands in an empty "
        "thread with nothing before it. The fix lets the caller reuse one thread_id per "
        "conversation.",
    )


def finding_history_not_sent(llm, search: SearchBackend | None = None, *, lang: str = "zh") -> dict[str, Any]:
    """Finding 4: ``add_messages`` keeps the history, but the model is never sent it.

    The original is run with the *same* thread for both inputs, so this finding is
    seen on its own, apart from finding 3.
    """
    backend = search if search is not None else default_offline_search()
    first, second = _turns(lang)[:2]
    original_app = build_original(llm, backend)
    config = thread_config(_new_id("orig-same"))
    original_app.invoke(initial_state(first), config)
    with recording() as rec:
        orig_state = original_app.invoke(initial_state(second), config)
    orig_sent = rec.exchanges[0].request_body["messages"]

    fixed_app = build_workflow(llm, backend, InMemorySaver())
    tid = _new_id("fixed")
    ask(fixed_app, first, tid)
    with recording() as rec_fixed:
        fixed_state = ask(fixed_app, second, tid)
    fixed_sent = rec_fixed.exchanges[0].request_body["messages"]

    def mentions_first(sent: list[dict[str, Any]]) -> bool:
        return any(first in str(m.get("content", "")) for m in sent)

    return _finding(
        4,
        "history_not_sent",
        "State 里有历史，模型却看不到",
        "history in State, never sent to the model",
        {
            "messages_in_state": len(orig_state["messages"]),
            "understand_call_sent": orig_sent,
            "first_question_sent": mentions_first(orig_sent),
        },
        {
            "messages_in_state": len(fixed_state["messages"]),
            "understand_call_sent": fixed_sent,
            "first_question_sent": mentions_first(fixed_sent),
        },
        not mentions_first(orig_sent) and mentions_first(fixed_sent),
        "add_messages 只决定节点返回的消息怎样并进 State；原版理解节点只发了一条 SystemMessage，"
        "里面只有最新一句。修正版把整段对话发给模型。",
        "add_messages only decides how returned messages merge into State; the original's "
        "understand node sends one SystemMessage holding the latest question only. The fix "
        "sends the whole conversation.",
    )


def finding_partial_updates(llm, search: SearchBackend | None = None, question: str = ZH_TURNS[0]) -> dict[str, Any]:
    """Finding 5: nodes annotated as returning the full State return partial dicts."""
    backend = search if search is not None else default_offline_search()

    def per_node(app, inputs) -> dict[str, dict[str, Any]]:
        out = {}
        for chunk in app.stream(inputs, thread_config(_new_id("types")), stream_mode="updates"):
            for node, update in chunk.items():
                func = app.builder.nodes[node].runnable.func
                declared = typing.get_type_hints(func).get("return")
                required = sorted(getattr(declared, "__required_keys__", ()))
                returned = sorted(update or {})
                out[node] = {
                    "annotation": getattr(declared, "__name__", str(declared)),
                    "required_by_annotation": required,
                    "returned": returned,
                    "missing": sorted(set(required) - set(returned)),
                }
        return out

    original = per_node(build_original(llm, backend), initial_state(question))
    fixed = per_node(build_workflow(llm, backend), {"messages": [HumanMessage(question)]})
    return _finding(
        5,
        "partial_updates",
        "部分更新被标注成完整 State",
        "partial updates typed as the full State",
        {"nodes": original, "state_required_keys": sorted(OriginalState.__required_keys__)},
        {"nodes": fixed, "update_required_keys": sorted(SearchUpdate.__required_keys__)},
        all(v["missing"] for v in original.values()) and not any(v["missing"] for v in fixed.values()),
        "原版节点标注 -> SearchState（六个字段都必填），实际每个节点只返回自己改的几个字段；"
        "运行没问题，但类型标注在说谎。修正版用 total=False 的 SearchUpdate。",
        "The original nodes say -> SearchState (all six keys required) but each returns only "
        "the keys it changed; it runs, but the annotation lies. The fix uses SearchUpdate "
        "with total=False.",
    )


def finding_in_memory(
    llm, search: SearchBackend | None = None, *, sqlite_setting: str | None = None, run_processes: bool = True
) -> dict[str, Any]:
    """Finding 6: ``InMemorySaver`` loses every thread when the process ends.

    Args:
        sqlite_setting: the SQLite file for the fixed side (default: the app's
            ``data/checkpoints.sqlite``).
        run_processes: run the two-process restart demo (takes a few seconds).
    """
    backend = search if search is not None else default_offline_search()
    saver = build_original(llm, backend).checkpointer
    original: dict[str, Any] = {"checkpointer": type(saver).__name__}
    # the fixed side's checkpointer is whatever the setting builds: open it, name its class, close it
    from toolcall_lab.checkpointers import close_checkpointer, make_checkpointer

    fixed_saver = make_checkpointer(sqlite_setting or "sqlite")
    fixed: dict[str, Any] = {"checkpointer": type(fixed_saver).__name__}
    close_checkpointer(fixed_saver)
    reproduced = type(saver).__name__ == "InMemorySaver" and fixed["checkpointer"] != "InMemorySaver"
    if run_processes:
        original["restart"] = survives_restart("memory")
        fixed["restart"] = survives_restart(sqlite_setting or "sqlite")
        reproduced = (
            reproduced and original["restart"].get("survived") is False and fixed["restart"].get("survived") is True
        )
    return _finding(
        6,
        "in_memory",
        "InMemorySaver 进程一退出就丢失",
        "InMemorySaver is lost when the process exits",
        original,
        fixed,
        reproduced,
        "原版把检查点放在进程内存里：写入线程的进程一结束，下一个进程什么也找不到。"
        "修正版把 checkpointer 作为依赖传入，默认写 SQLite 文件，多副本用 PostgreSQL。",
        "The original keeps checkpoints in process memory: once the writing process ends, "
        "the next one finds nothing. The fix injects the checkpointer: a SQLite file by "
        "default, PostgreSQL for several replicas.",
    )


def review_findings(
    llm, search: SearchBackend | None = None, *, sqlite_setting: str | None = None, run_processes: bool = True
) -> list[dict[str, Any]]:
    """All six findings, each reproduced on a live run (original vs fixed)."""
    return [
        finding_user_query(llm, search),
        finding_keyword_split(llm, search),
        finding_new_thread(llm, search),
        finding_history_not_sent(llm, search),
        finding_partial_updates(llm, search),
        finding_in_memory(llm, search, sqlite_setting=sqlite_setting, run_processes=run_processes),
    ]


# ---------------------------------------------------------------------------
# Human approval
# ---------------------------------------------------------------------------

APPROVAL_QUESTION = {
    "zh": "请通知老师：学生 S1001 今天发烧，请假一天。",
    "en": "Please notify the teacher: student S1001 has a fever and is absent today.",
}


def approval_start(app, question: str, thread_id: str) -> dict[str, Any]:
    """Run until the graph pauses for approval; return what the reviewer must decide on."""
    trace = trace_run(app, {"messages": [HumanMessage(question)]}, thread_config(thread_id))
    snapshot = app.get_state(thread_config(thread_id))
    return {"pending": trace["interrupts"], "next": list(snapshot.next), "trace": trace}


def approval_resume(app, thread_id: str, decision: dict[str, Any]) -> dict[str, Any]:
    """Resume the paused thread with ``Command(resume=decision)``."""

    trace = trace_run(app, Command(resume=decision), thread_config(thread_id))
    return {"decision": decision, "path": _path(trace), "final": trace["final"], "trace": trace}


def approval_demo(llm, decision: dict[str, Any], *, lang: str = "zh", question: str | None = None) -> dict[str, Any]:
    """Start, pause, decide, resume: the whole approval round in one call.

    Args:
        decision: ``{"action": "approve"}``, ``{"action": "edit", "args": {...}}`` or
            ``{"action": "reject", "reason": "..."}``.

    Returns:
        ``{"question", "pending", "outbox_before", "decision", "path", "outbox",
        "answer"}``: the outbox shows whether the side effect really happened.
    """
    outbox: list[dict[str, str]] = []
    app = build_approval_agent(llm, outbox, InMemorySaver())
    question = question or APPROVAL_QUESTION["en" if lang == "en" else "zh"]
    thread_id = _new_id("approval")
    started = approval_start(app, question, thread_id)
    outbox_before = list(outbox)
    if not started["pending"]:  # the model did not ask for the tool: nothing to approve
        return {
            "question": question,
            "pending": [],
            "outbox_before": outbox_before,
            "decision": None,
            "path": _path(started["trace"]),
            "outbox": list(outbox),
            "answer": ((started["trace"]["final"] or {}).get("messages") or [{}])[-1].get("content"),
            "error": started["trace"]["error"],
        }
    resumed = approval_resume(app, thread_id, decision)
    messages = (resumed["final"] or {}).get("messages") or [{}]
    return {
        "question": question,
        "pending": started["pending"],
        "outbox_before": outbox_before,
        "decision": decision,
        "path": resumed["path"],
        "outbox": list(outbox),
        "answer": messages[-1].get("content"),
        "error": resumed["trace"]["error"],
    }


# ---------------------------------------------------------------------------
# Context control
# ---------------------------------------------------------------------------


def _try_call(runnable, messages: list[BaseMessage]) -> dict[str, Any]:
    """Send one request and keep what went over the wire, success or failure."""
    with recording() as rec:
        try:
            reply = runnable.invoke(messages)
            result: dict[str, Any] = {"ok": True, "reply": message_to_dict(reply), "error": None}
        except Exception as exc:
            result = {"ok": False, "reply": None, "error": explain_exception(exc).to_dict()}
    result["wire"] = [exchange_summary(e) for e in rec.exchanges]
    return result


def context_demo(
    llm,
    *,
    lang: str = "zh",
    max_messages: int = 7,
    search: SearchBackend | None = None,
    next_question: str | None = None,
) -> dict[str, Any]:
    """State keeps everything; one model call need not. Trim it two ways and send both.

    Runs the agent for three turns on one thread (each turn: question, tool call,
    tool reply, answer), then prepares the next call: the naive last-N cut and
    :func:`trim_keeping_pairs`, each sent to the endpoint for real.

    Returns:
        ``{"sent_sizes"`` (messages per model call so far), ``"kept"`` (State),
        ``"naive"`` / ``"paired"``: ``{"messages", "orphans", "result"}``}.
    """
    backend = search if search is not None else default_offline_search()
    tool = make_search_web_tool(backend)
    app = build_agent(llm, [tool], InMemorySaver())
    config = thread_config(_new_id("context"))
    with recording() as rec:
        for question in _turns(lang):
            app.invoke({"messages": [HumanMessage(question)]}, config)
    kept = app.get_state(config).values["messages"]
    upcoming = next_question or ("What about Beijing?" if lang == "en" else "那北京呢？")
    history = [*kept, HumanMessage(upcoming)]
    bound = llm.bind_tools([tool])
    out: dict[str, Any] = {
        "sent_sizes": [len(e.request_body["messages"]) for e in rec.exchanges],
        "kept": [message_to_dict(m) for m in kept],
        "next_question": upcoming,
        "max_messages": max_messages,
    }
    for label, trimmed in (
        ("naive", naive_trim(history, max_messages)),
        ("paired", trim_keeping_pairs(history, max_messages)),
    ):
        out[label] = {
            "messages": [message_to_dict(m) for m in trimmed],
            "orphans": orphaned_tool_replies(trimmed),
            "result": _try_call(bound, model_input(trimmed)),  # what the agent's model node would send
        }
    return out
