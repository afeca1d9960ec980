"""The checks of the seven LangGraph pages' exercises: each runs the real graph, schema or parser.

Every page ends with two exercises: a *predict* (say what an artifact will show, then see it)
and a *make or fix* (edit an input until the real stage reaches a goal). Each check here
takes the learner's answer, computes the right one from the real library call at check time
(never a typed constant) and returns a :class:`Checked`: whether the answer is right, the
right answer, and what the artifact showed, as data. The pages word the feedback.

Learner code is parsed (``json.loads``, ``ast.literal_eval``), never executed.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable, Sequence
from typing import Any, cast

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph.message import add_messages
from pydantic import ValidationError

from lessons.search_assistant.agent import SearchArgs, build_agent, make_search_web_tool
from lessons.search_assistant.common import new_id, turns
from lessons.search_assistant.context import naive_trim, orphaned_tool_replies
from lessons.search_assistant.lesson_1_workflow_vs_agent import who_decided
from lessons.search_assistant.lesson_2_is_tavily_a_tool import search_tool_schema
from lessons.search_assistant.lesson_5_code_review import KEYWORD_REPLY_EXAMPLES
from lessons.search_assistant.lesson_6_approval import approval_demo, parse_edit
from lessons.search_assistant.original import KEYWORD_MARKER, diagnose_keyword_parse
from lessons.search_assistant.search import SearchBackend, default_offline_search
from lessons.search_assistant.workflow import SearchState, build_workflow, thread_config
from toolcall_lab.checks import Checked
from toolcall_lab.llm import build_chat_model


def _first(candidates: Sequence[Any], works: Callable[[Any], bool]) -> Any:
    """The first candidate the real check accepts (so a "make" exercise's answer is computed, not typed)."""
    return next((c for c in candidates if works(c)), None)


# ---------------------------------------------------------------- page 1: who decided to search?
def agent_searches(
    llm: BaseChatModel, question: str, predicted: bool | None, search: SearchBackend | None = None
) -> Checked:
    """Predict: will the tool-calling agent search for ``question``? (Runs both graphs.)"""
    ran = who_decided(llm, question, search)
    actual = bool(ran["agent"]["searched"])
    return Checked(
        predicted is actual, actual, {"path": ran["agent"]["path"], "workflow_path": ran["workflow"]["path"]}
    )


def only_workflow_searches(
    llm: BaseChatModel, question: str | None, candidates: Sequence[str], search: SearchBackend | None = None
) -> Checked:
    """Make: a question the workflow searches (it always does) but the agent answers without a search."""

    def split(q: str) -> dict[str, Any]:
        ran = who_decided(llm, q, search)
        return {
            "workflow": ran["workflow"]["searched"],
            "agent": ran["agent"]["searched"],
            "path": ran["agent"]["path"],
        }

    def works(q: str) -> bool:
        seen = split(q)
        return bool(seen["workflow"]) and not seen["agent"]

    expected = _first(candidates, works)
    text = (question or "").strip()
    if not text:
        return Checked(False, expected)
    seen = split(text)
    return Checked(bool(seen["workflow"]) and not seen["agent"], expected, seen)


# ---------------------------------------------------------------- page 2: is Tavily a tool?
def required_fields(picked: Sequence[str] | None, search: SearchBackend | None = None) -> Checked:
    """Predict: which fields does ``search_web``'s schema (as ``bind_tools`` sends it) require?"""
    params = search_tool_schema(search)["function"]["parameters"]
    expected = sorted(params.get("required", []))
    return Checked(sorted(picked or []) == expected, expected, {"properties": sorted(params["properties"])})


def search_args_valid(text: str | None, want_limit: int, search: SearchBackend | None = None) -> Checked:
    """Make: arguments for ``search_web`` that its own ``args_schema`` accepts, asking ``want_limit`` results."""
    if make_search_web_tool(search).args_schema is not SearchArgs:  # the model bind_tools turns into the schema
        raise TypeError("search_web's args_schema is not SearchArgs")
    schema = SearchArgs
    expected = schema.model_validate({"query": "Bangkok weather", "limit": want_limit}).model_dump()
    try:
        parsed = json.loads(text or "")
        args = schema.model_validate(parsed).model_dump()
    except json.JSONDecodeError as exc:
        return Checked(False, expected, {"stage": "json.loads", "error": str(exc)})
    except ValidationError as exc:
        return Checked(
            False,
            expected,
            {"stage": "validate", "error": str(exc).splitlines()[0], "errors": exc.errors(include_url=False)},
        )
    return Checked(args.get("limit") == want_limit, expected, {"stage": "ok", "args": args})


# ---------------------------------------------------------------- page 3: State and reducers
def reducer_count(new_id_: str, predicted: int | None) -> Checked:
    """Predict: State holds ``[human h1, ai a1]``; a node returns an AIMessage with id ``new_id_``. How many after?"""
    left: list[Any] = [HumanMessage("How hot is Bangkok today?", id="h1"), AIMessage("26–31°C", id="a1")]
    merged = cast(
        list[BaseMessage], add_messages(left, [cast(Any, AIMessage("27–32°C", id=new_id_))])
    )  # the real reducer
    ids = [m.id for m in merged]
    return Checked(predicted == len(ids), len(ids), {"ids": ids})


def partial_update(text: str | None, target: str) -> Checked:
    """Make: the dict a node returns so State's ``search_query`` becomes ``target`` and nothing else changes.

    The learner's dict literal is parsed with ``ast.literal_eval`` and applied by the real
    workflow (``update_state(as_node="search")``) to a thread that holds one question.
    """

    def apply(update: dict[str, Any]) -> dict[str, Any]:
        app = build_workflow(_offline_llm(), default_offline_search(), InMemorySaver())
        config = thread_config(new_id("exercise"))
        app.update_state(config, {"messages": [HumanMessage("How hot is Bangkok today?")]}, as_node="understand")
        before = dict(app.get_state(config).values)
        app.update_state(config, update, as_node="search")
        after = dict(app.get_state(config).values)
        ignored = sorted(set(update) - set(SearchState.__annotations__))
        changed = sorted(k for k in after if after.get(k) != before.get(k))
        return {"search_query": after.get("search_query"), "changed": changed, "ignored": ignored}

    def works(update: dict[str, Any]) -> bool:
        seen = apply(update)
        return seen["search_query"] == target and seen["changed"] == ["search_query"] and not seen["ignored"]

    expected = _first([{"search_query": target}], works)
    try:
        update = ast.literal_eval((text or "").strip())
    except (ValueError, SyntaxError) as exc:
        return Checked(False, expected, {"error": f"{type(exc).__name__}: {exc}"})
    if not isinstance(update, dict):
        return Checked(False, expected, {"error": f"literal_eval gave {type(update).__name__}, not a dict"})
    seen = apply(update)
    return Checked(works(update), expected, seen)


def _offline_llm() -> BaseChatModel:
    """The built-in model, only to build the graph: ``update_state`` calls no model."""
    model: BaseChatModel = build_chat_model()
    return model


# ---------------------------------------------------------------- page 4: threads
def history_count(llm: BaseChatModel, lang: str, predicted: int | None, search: SearchBackend | None = None) -> Checked:
    """Predict: after the three turns on one new thread, how many checkpoints does ``get_state_history`` list?"""
    app = build_workflow(llm, search or default_offline_search(), InMemorySaver())
    config = thread_config(new_id("exercise"))
    for question in turns(lang):
        app.invoke({"messages": [HumanMessage(question)]}, config)
    count = len(list(app.get_state_history(config)))
    return Checked(predicted == count, count)


def same_thread(
    llm: BaseChatModel, lang: str, ids: tuple[str, str] | None, search: SearchBackend | None = None
) -> Checked:
    """Make: thread ids for turns 1 and 2 so that turn 2 ("And tomorrow?") is answered knowing turn 1."""
    first, second = turns(lang)[:2]

    def run(pair: tuple[str, str]) -> dict[str, Any]:
        app = build_workflow(llm, search or default_offline_search(), InMemorySaver())
        app.invoke({"messages": [HumanMessage(first)]}, thread_config(pair[0]))
        state = app.invoke({"messages": [HumanMessage(second)]}, thread_config(pair[1]))
        humans = [m.content for m in state["messages"] if m.type == "human"]
        return {"user_turns_seen": humans, "search_query": state.get("search_query")}

    expected = _first([("lab-a", "lab-b"), ("lab-a", "lab-a")], lambda p: len(run(p)["user_turns_seen"]) == 2)
    if not ids or not all(i.strip() for i in ids):
        return Checked(False, expected)
    seen = run((ids[0].strip(), ids[1].strip()))
    return Checked(len(seen["user_turns_seen"]) == 2, expected, seen)


# ---------------------------------------------------------------- page 5: the keyword split
def split_survivors(picked: Sequence[str] | None, question: str) -> Checked:
    """Predict: which scripted wordings does the original's ``split("搜索词：")[1]`` parse correctly?"""
    status = {name: diagnose_keyword_parse(text, question).status for name, text in KEYWORD_REPLY_EXAMPLES.items()}
    expected = sorted(name for name, s in status.items() if s == "ok")
    return Checked(sorted(picked or []) == expected, expected, {"status": status})


def parsable_reply(text: str | None, question: str, target: str) -> Checked:
    """Make: a model reply from which the original's parser gets exactly ``target`` as the search keyword."""
    template = KEYWORD_REPLY_EXAMPLES["follows_format"]
    head = template.split(KEYWORD_MARKER)[0]
    expected = _first(
        [head + KEYWORD_MARKER + target],
        lambda reply: diagnose_keyword_parse(reply, question).search_query == target,
    )
    if not (text or "").strip():
        return Checked(False, expected)
    parse = diagnose_keyword_parse(text or "", question)
    return Checked(
        parse.ok and parse.search_query == target,
        expected,
        {"status": parse.status, "search_query": parse.search_query},
    )


# ---------------------------------------------------------------- page 6: approval
def reject_path(llm: BaseChatModel, lang: str, predicted: Sequence[str] | None) -> Checked:
    """Predict: after a *reject*, which nodes run from the pause on, and is anything sent?"""
    ran = approval_demo(llm, {"action": "reject", "reason": "not now"}, lang=lang)
    return Checked(list(predicted or []) == ran["path"], ran["path"], {"outbox": ran["outbox"]})


def pending_args(llm: BaseChatModel, lang: str) -> dict[str, Any]:
    """The arguments of the tool call the approval agent pauses on (built-in model)."""
    ran = approval_demo(llm, {"action": "approve"}, lang=lang)
    args: dict[str, Any] = ran["pending"][0]["value"]["tool_calls"][0]["args"]
    return args


def valid_edit(text: str | None, original: dict[str, Any]) -> Checked:
    """Make / fix: an edit the tool's own schema accepts and that changes the message."""
    expected_edit = {"message": f"{original.get('message', '')} (edited)"}
    expected = _first([expected_edit], lambda e: parse_edit(json.dumps(e), original)[1] is None)
    args, error = parse_edit(text or "", original)
    if error is not None or args is None:
        return Checked(False, expected, {"error": error})
    merged = {**original, **args}
    return Checked(merged.get("message") != original.get("message"), expected, {"args": merged})


# ---------------------------------------------------------------- page 7: context
def three_turn_history(
    llm: BaseChatModel, lang: str, next_question: str, search: SearchBackend | None = None
) -> list[BaseMessage]:
    """The agent's State after the three turns, plus the next question: what a trim cuts."""
    backend = search or default_offline_search()
    app = build_agent(llm, [make_search_web_tool(backend)], InMemorySaver())
    config = thread_config(new_id("context"))
    for question in turns(lang):
        app.invoke({"messages": [HumanMessage(question)]}, config)
    kept: list[BaseMessage] = list(app.get_state(config).values["messages"])
    return [*kept, HumanMessage(next_question)]


def naive_orphans(history: Sequence[BaseMessage], budget: int, predicted: bool | None) -> Checked:
    """Predict: will the naive last-``budget`` cut send an orphaned ToolMessage?"""
    orphans = orphaned_tool_replies(naive_trim(history, budget))
    return Checked(
        predicted is bool(orphans), bool(orphans), {"orphans": orphans, "first_role": _role_of_first(history, budget)}
    )


def _role_of_first(history: Sequence[BaseMessage], budget: int) -> str:
    cut = naive_trim(history, budget)
    return cut[0].type if cut else ""


def safe_budget(history: Sequence[BaseMessage], budget: int | None) -> Checked:
    """Make: a budget at which the naive cut drops some messages yet orphans none (the smallest is the answer)."""
    total = len(history)

    def works(n: int) -> bool:
        return 1 <= n < total and not orphaned_tool_replies(naive_trim(history, n))

    expected = _first(list(range(1, total)), works)
    if budget is None:
        return Checked(False, expected)
    cut = naive_trim(history, budget)
    return Checked(works(budget), expected, {"sent": len(cut), "kept": total, "orphans": orphaned_tool_replies(cut)})
