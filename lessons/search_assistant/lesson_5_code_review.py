"""Lesson 5 — the code review: six findings, each reproduced on a live run (original vs fixed).

Each ``finding_*_steps`` function runs the article's original graph (labelled
``"original"``) and the fixed workflow (``"fixed"``) on the same input, yields the
records of every run while it goes, and returns the evidence for both sides:

====  ==================  ==========================================================
 n    key                 what the original does
====  ==================  ==========================================================
 1    user_query          overwrites ``user_query`` with the model's reading
 2    keyword_split       cuts the keyword out of free text with ``split("搜索词：")[1]``
 3    new_thread          gives every input its own thread
 4    history_not_sent    keeps the history in State but never sends it
 5    partial_updates     annotates partial updates as the full State
 6    in_memory           loses every thread with the process (``InMemorySaver``)
====  ==================  ==========================================================

A finding is data (``{"id", "key", "original", "fixed", "reproduced"}``); the page says
what each key means. :func:`review_findings` runs all six.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Generator
from dataclasses import asdict
from typing import Any, TypedDict

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver

from lessons.search_assistant import original as original_module
from lessons.search_assistant.common import ZH_TURNS, new_id, turns
from lessons.search_assistant.lesson_4_threads import survives_restart
from lessons.search_assistant.original import (
    OriginalSession,
    OriginalState,
    build_original,
    diagnose_keyword_parse,
    initial_state,
)
from lessons.search_assistant.search import SearchBackend, default_offline_search
from lessons.search_assistant.workflow import SearchUpdate, build_workflow, thread_config
from toolcall_lab.checkpointers import close_checkpointer, make_checkpointer, parse_setting
from toolcall_lab.graph import CompiledGraph, node_function
from toolcall_lab.graph_records import GraphRun, RunEvent, exchange_summary
from toolcall_lab.graph_run import drain, invoke_steps, run_steps, trace_steps
from toolcall_lab.llm import build_chat_model

# The keys of the six findings, in the review's order.
FINDING_KEYS = ("user_query", "keyword_split", "new_thread", "history_not_sent", "partial_updates", "in_memory")

# Model replies for finding 2, replayed through the built-in model's ``script`` so the original's split
# can be watched on each wording (labelled as scripted).  # zh-only: in the language the original asks for
KEYWORD_REPLY_EXAMPLES = {
    "follows_format": "理解：用户想知道曼谷今天的气温\n搜索词：曼谷 今天 气温",
    "ascii_colon": "理解：用户想知道曼谷今天的气温\n搜索词: 曼谷 今天 气温",
    "trailing_text": "理解：用户想知道曼谷今天的气温\n搜索词：曼谷 今天 气温\n\n如需更多信息请告诉我。",
    "no_label": "用户想知道曼谷今天的气温，建议搜索“曼谷 今天 气温”。",
}

FindingSteps = Generator[RunEvent, None, "Finding"]


class Finding(TypedDict):
    """One finding, reproduced: the evidence from the original and from the fixed version."""

    id: int
    key: str
    original: dict[str, Any]
    fixed: dict[str, Any]
    reproduced: bool


def _finding(n: int, original: dict[str, Any], fixed: dict[str, Any], reproduced: bool) -> Finding:
    return {"id": n, "key": FINDING_KEYS[n - 1], "original": original, "fixed": fixed, "reproduced": reproduced}


def _ask_original(session: OriginalSession, text: str) -> Generator[RunEvent, None, GraphRun]:
    """What ``OriginalSession.ask`` does, streamed: a new thread from the session's counter, then the run."""
    config = thread_config(session.next_thread_id())  # FINDING 3 happens here: one thread per input
    run = yield from run_steps(session.app, initial_state(text), config, graph="original")
    return run


def _ask_fixed(app: CompiledGraph, question: str, thread_id: str | None = None) -> Generator[RunEvent, None, Any]:
    """One turn on the fixed workflow (on a thread when ``thread_id`` is given); its final State."""
    config = thread_config(thread_id) if thread_id else None
    state = yield from invoke_steps(app, {"messages": [HumanMessage(question)]}, config, graph="fixed")
    return state


def finding_user_query_steps(
    llm: BaseChatModel, search: SearchBackend | None = None, question: str = ZH_TURNS[0]
) -> FindingSteps:
    """Finding 1: the original overwrites ``user_query`` with the model's reading."""
    backend = search if search is not None else default_offline_search()
    run = yield from _ask_original(OriginalSession(build_original(llm, backend)), question)
    original = run.output()
    answer_prompt = run.exchanges[-1].request_body["messages"][0]["content"]
    # the "user question" as the answer prompt carries it, read off the wire up to the blank
    # line that ends it (it may span lines: it is the model's reply)
    start = answer_prompt.find("用户问题：")  # zh-only: the original's label
    end = answer_prompt.find("\n\n", start)
    question_line = answer_prompt[start : end if end >= 0 else None] if start >= 0 else ""
    fixed = yield from _ask_fixed(build_workflow(llm, backend), question)
    return _finding(
        1,
        {"typed": question, "user_query": original["user_query"], "answer_prompt_question_line": question_line},
        {"typed": question, "user_query": fixed["user_query"], "query_intent": fixed["query_intent"]},
        original["user_query"] != question and fixed["user_query"] == question,
    )


def finding_keyword_split_steps(
    llm: BaseChatModel,
    search: SearchBackend | None = None,
    question: str = ZH_TURNS[0],
    scripted_reply: str | None = None,
) -> FindingSteps:
    """Finding 2: the keyword is cut out of free text with ``split("搜索词：")[1]``.

    Args:
        scripted_reply: optional text for the original's understand call, replayed by
            the built-in model (see :data:`KEYWORD_REPLY_EXAMPLES`); ``None`` lets the
            given ``llm`` reply on its own.
    """
    backend = search if search is not None else default_offline_search()
    original_llm = llm if scripted_reply is None else build_chat_model(script=[{"content": scripted_reply}])
    run = yield from _ask_original(OriginalSession(build_original(original_llm, backend)), text=question)
    original = run.output()
    reply = run.exchanges[0].response_body["choices"][0]["message"]["content"] or ""
    diagnosis = diagnose_keyword_parse(reply, question)
    # The same split on the other wordings models really produce (pure parsing, no model):
    # one well-behaved reply proves nothing about the next one.
    variants = (
        {name: diagnose_keyword_parse(text, question).status for name, text in KEYWORD_REPLY_EXAMPLES.items()}
        if scripted_reply is None
        else {}
    )
    fixed_run = yield from run_steps(
        build_workflow(llm, backend), {"messages": [HumanMessage(question)]}, graph="fixed"
    )
    fixed = fixed_run.output()
    understand_call = exchange_summary(fixed_run.exchanges[0])
    return _finding(
        2,
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
    )


def finding_new_thread_steps(
    llm: BaseChatModel, search: SearchBackend | None = None, *, lang: str = "zh"
) -> FindingSteps:
    """Finding 3: a session counter gives every input its own thread."""
    backend = search if search is not None else default_offline_search()
    first, second = turns(lang)[:2]
    session = OriginalSession(build_original(llm, backend))
    yield from _ask_original(session, first)
    orig_second = (yield from _ask_original(session, second)).output()
    app = build_workflow(llm, backend, InMemorySaver())
    tid = new_id("fixed")
    yield from _ask_fixed(app, first, tid)
    fixed_second = yield from _ask_fixed(app, second, tid)
    orig_humans = [m.content for m in orig_second["messages"] if m.type == "human"]
    fixed_humans = [m.content for m in fixed_second["messages"] if m.type == "human"]
    return _finding(
        3,
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
    )


def finding_history_not_sent_steps(
    llm: BaseChatModel, search: SearchBackend | None = None, *, lang: str = "zh"
) -> FindingSteps:
    """Finding 4: ``add_messages`` keeps the history, but the model is never sent it.

    The original is run with the *same* thread for both inputs, so this finding is
    seen on its own, apart from finding 3.
    """
    backend = search if search is not None else default_offline_search()
    first, second = turns(lang)[:2]
    original_app = build_original(llm, backend)
    config = thread_config(new_id("orig-same"))
    yield from run_steps(original_app, initial_state(first), config, graph="original")
    orig_run = yield from run_steps(original_app, initial_state(second), config, graph="original")
    orig_state = orig_run.output()
    orig_sent: list[dict[str, Any]] = orig_run.exchanges[0].request_body["messages"]

    fixed_app = build_workflow(llm, backend, InMemorySaver())
    tid = new_id("fixed")
    yield from _ask_fixed(fixed_app, first, tid)
    fixed_run = yield from run_steps(fixed_app, {"messages": [HumanMessage(second)]}, thread_config(tid), graph="fixed")
    fixed_state = fixed_run.output()
    fixed_sent: list[dict[str, Any]] = fixed_run.exchanges[0].request_body["messages"]

    def mentions_first(sent: list[dict[str, Any]]) -> bool:
        return any(first in str(m.get("content", "")) for m in sent)

    return _finding(
        4,
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
    )


def _per_node(app: CompiledGraph, inputs: Any, graph: str) -> Generator[RunEvent, None, dict[str, dict[str, Any]]]:
    """Run once; for each node, the keys its return annotation requires vs the keys it returned."""
    trace = yield from trace_steps(app, inputs, thread_config(new_id("types")), graph=graph)
    out = {}
    for step in trace["steps"]:
        declared = typing.get_type_hints(node_function(app, step["node"])).get("return")
        required = sorted(getattr(declared, "__required_keys__", ()))
        returned = sorted(step["update"] or {})
        out[step["node"]] = {
            "annotation": getattr(declared, "__name__", str(declared)),
            "required_by_annotation": required,
            "returned": returned,
            "missing": sorted(set(required) - set(returned)),
        }
    return out


def finding_partial_updates_steps(
    llm: BaseChatModel, search: SearchBackend | None = None, question: str = ZH_TURNS[0]
) -> FindingSteps:
    """Finding 5: nodes annotated as returning the full State return partial dicts."""
    backend = search if search is not None else default_offline_search()
    original = yield from _per_node(build_original(llm, backend), initial_state(question), "original")
    fixed = yield from _per_node(build_workflow(llm, backend), {"messages": [HumanMessage(question)]}, "fixed")
    return _finding(
        5,
        {"nodes": original, "state_required_keys": sorted(OriginalState.__required_keys__)},
        {"nodes": fixed, "update_required_keys": sorted(SearchUpdate.__required_keys__)},
        all(v["missing"] for v in original.values()) and not any(v["missing"] for v in fixed.values()),
    )


def finding_in_memory(
    llm: BaseChatModel,
    search: SearchBackend | None = None,
    *,
    sqlite_setting: str | None = None,
    run_processes: bool = True,
) -> Finding:
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
    return _finding(6, original, fixed, reproduced)


def review_findings_steps(
    llm: BaseChatModel,
    search: SearchBackend | None = None,
    *,
    sqlite_setting: str | None = None,
    run_processes: bool = True,
    lang: str = "zh",
) -> Generator[RunEvent, None, list[Finding]]:
    """All six findings, each reproduced on a live run (original vs fixed), step by step, on ``lang``'s turns."""
    first = turns(lang)[0]  # the learner's language; the original's own prompts stay as the article wrote them
    findings = [
        (yield from finding_user_query_steps(llm, search, first)),
        (yield from finding_keyword_split_steps(llm, search, first)),
        (yield from finding_new_thread_steps(llm, search, lang=lang)),
        (yield from finding_history_not_sent_steps(llm, search, lang=lang)),
        (yield from finding_partial_updates_steps(llm, search, first)),
    ]
    findings.append(finding_in_memory(llm, search, sqlite_setting=sqlite_setting, run_processes=run_processes))
    return findings


# ---- the same findings, run to the end (the names the lesson has always had)


def finding_user_query(llm: BaseChatModel, search: SearchBackend | None = None, question: str = ZH_TURNS[0]) -> Finding:
    """Finding 1, run to the end (see :func:`finding_user_query_steps`)."""
    return drain(finding_user_query_steps(llm, search, question))


def finding_keyword_split(
    llm: BaseChatModel,
    search: SearchBackend | None = None,
    question: str = ZH_TURNS[0],
    scripted_reply: str | None = None,
) -> Finding:
    """Finding 2, run to the end (see :func:`finding_keyword_split_steps`)."""
    return drain(finding_keyword_split_steps(llm, search, question, scripted_reply))


def finding_new_thread(llm: BaseChatModel, search: SearchBackend | None = None, *, lang: str = "zh") -> Finding:
    """Finding 3, run to the end (see :func:`finding_new_thread_steps`)."""
    return drain(finding_new_thread_steps(llm, search, lang=lang))


def finding_history_not_sent(llm: BaseChatModel, search: SearchBackend | None = None, *, lang: str = "zh") -> Finding:
    """Finding 4, run to the end (see :func:`finding_history_not_sent_steps`)."""
    return drain(finding_history_not_sent_steps(llm, search, lang=lang))


def finding_partial_updates(
    llm: BaseChatModel, search: SearchBackend | None = None, question: str = ZH_TURNS[0]
) -> Finding:
    """Finding 5, run to the end (see :func:`finding_partial_updates_steps`)."""
    return drain(finding_partial_updates_steps(llm, search, question))


def review_findings(
    llm: BaseChatModel,
    search: SearchBackend | None = None,
    *,
    sqlite_setting: str | None = None,
    run_processes: bool = True,
    lang: str = "zh",
) -> list[Finding]:
    """All six findings, each reproduced on a live run (original vs fixed), on ``lang``'s turns."""
    steps = review_findings_steps(llm, search, sqlite_setting=sqlite_setting, run_processes=run_processes, lang=lang)
    return drain(steps)


# ---- where the original marks each finding, and which store the fixed side uses


def finding_lines(context: int = 6) -> dict[int, str]:
    """The lines of ``original.py`` marked ``# FINDING n``, numbered, with up to ``context`` lines after each.

    A block stops at the first blank line; several marks of one finding are joined by ``⋮``.
    """
    lines = inspect.getsource(original_module).splitlines()
    out: dict[int, list[str]] = {}
    for i, line in enumerate(lines):
        for n in range(1, len(FINDING_KEYS) + 1):
            if f"# FINDING {n}" in line:
                block = [line]
                for following in lines[i + 1 : i + 1 + context]:
                    if not following.strip():
                        break
                    block.append(following)
                out.setdefault(n, []).append("\n".join(f"{i + 1 + k:>4}  {text}" for k, text in enumerate(block)))
    return {n: "\n   ⋮\n".join(blocks) for n, blocks in out.items()}


def fixed_side_setting(setting: str) -> str | None:
    """The store for finding 6's fixed side: the configured one, unless it is memory (then the SQLite default)."""
    try:
        return None if parse_setting(setting).kind == "memory" else setting
    except ValueError:  # an unknown setting: let the run itself explain it
        return setting
