"""LangGraph page 3 (State, nodes, edges) — its exercises: what ``add_messages`` keeps, and a partial update.

The predict runs the real reducer; the make applies the learner's dict (parsed with
``ast.literal_eval``, never executed) through the real workflow's ``update_state``. Only ``lang``
is in the context. LangGraph is imported inside the checks, so the registry can count these
exercises without it.
"""

from __future__ import annotations

import ast
from typing import Any

from lessons.search_assistant.exercise_words import TARGET_QUERY, as_int, builtin_llm, code, first_accepted
from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Code, Exercise, Number
from toolcall_lab.i18n import Text


def reducer_count(new_id_: str, predicted: int | None) -> Checked:
    """Predict: State holds ``[human h1, ai a1]``; a node returns an AIMessage with id ``new_id_``. How many after?"""
    from typing import cast

    from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
    from langgraph.graph.message import add_messages

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
    from langchain_core.messages import HumanMessage
    from langgraph.checkpoint.memory import InMemorySaver

    from lessons.search_assistant.common import new_id
    from lessons.search_assistant.search import default_offline_search
    from lessons.search_assistant.workflow import SearchState, build_workflow, thread_config

    def apply(update: dict[str, Any]) -> dict[str, Any]:
        app = build_workflow(builtin_llm(), default_offline_search(), InMemorySaver())
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

    expected = first_accepted([{"search_query": target}], works)
    try:
        update = ast.literal_eval((text if isinstance(text, str) else "").strip())
    except (ValueError, SyntaxError) as exc:
        return Checked(False, expected, {"error": f"{type(exc).__name__}: {exc}"})
    if not isinstance(update, dict):
        return Checked(False, expected, {"error": f"literal_eval gave {type(update).__name__}, not a dict"})
    seen = apply(update)
    return Checked(works(update), expected, seen)


def _ids(found: Checked) -> str:
    return ", ".join(str(i) for i in found.shown["ids"])


def _update_words(found: Checked, _context: Any) -> Text:
    s = found.shown or {}
    if s.get("error"):
        return Text(str(s["error"]), str(s["error"]))
    return Text(
        f"改变的键：{s.get('changed')}；被忽略的键：{s.get('ignored')}",
        f"keys changed: {s.get('changed')}; keys ignored: {s.get('ignored')}",
    )


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="reducer-count",
        kind="predict",
        title=Text("预测：reducer 之后有几条？", "Predict: how many after the reducer?"),
        prompt=Text(
            "State 里有 [human `h1`, ai `a1`]；一个节点返回一条 id 为 `a1` 的 AIMessage。合并后有几条？",
            "State holds [human `h1`, ai `a1`]; a node returns an AIMessage with id `a1`. How many after the merge?",
        ),
        answer=Number(Text("条数", "Messages"), 0, 5, None),
        check=lambda answer, _c: reducer_count("a1", as_int(answer)),
        right=lambda found, _c: Text(
            f"ids = {_ids(found)}，a1 被原地替换。", f"ids = {_ids(found)}; a1 was replaced in place."
        ),
        wrong=Text(  # where to look, never the ids add_messages gave (their number is the answer)
            "逐个对照 id：更新里那条消息的 id，State 里已经有了吗？add_messages 对已知的 id 做什么？",
            "Compare the ids one by one: does the update's message carry an id the State already holds? What does "
            "add_messages do with a known id?",
        ),
        hint=Text(
            "add_messages 按 id 合并：已有的 id 会被替换。", "add_messages merges by id: a known id is replaced."
        ),
    ),
    Exercise(
        slug="partial-update",
        kind="make",
        title=Text("动手：写一个部分更新", "Make: write a partial update"),
        prompt=Text(
            f"写出 search 节点的返回值（Python 字面量 dict），"
            f"让 State 的 search_query 变成 {code(TARGET_QUERY)}，其他都不变。",
            f"Write what the search node returns (a Python dict literal) so State's search_query becomes "
            f"{code(TARGET_QUERY)} and nothing else changes.",
        ),
        answer=Code(Text("返回值", "Return value"), lambda _c: "{'search_query': ''}", height=80),
        check=lambda answer, _c: partial_update(answer, TARGET_QUERY),
        right=Text("只有 search_query 变了。", "Only search_query changed."),
        wrong=_update_words,
        hint=Text(
            "只写你改的键；State 里没有的键会被悄悄丢掉。",
            "Return only the keys you change; a key State lacks is silently dropped.",
        ),
    ),
)
