"""LangGraph page 4 (thread_id and checkpointers) — its exercises: checkpoints of three turns, and one thread.

Each check runs the real workflow with a fresh ``InMemorySaver`` on the built-in model. Only
``lang`` is in the context. LangGraph is imported inside the checks, so the registry can count
these exercises without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lessons.search_assistant.exercise_words import as_int, builtin_llm, code, first_accepted
from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Context, Exercise, Lines, Number
from toolcall_lab.i18n import Text

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

    from lessons.search_assistant.search import SearchBackend


def history_count(llm: BaseChatModel, lang: str, predicted: int | None, search: SearchBackend | None = None) -> Checked:
    """Predict: after the three turns on one new thread, how many checkpoints does ``get_state_history`` list?"""
    from langchain_core.messages import HumanMessage
    from langgraph.checkpoint.memory import InMemorySaver

    from lessons.search_assistant.common import new_id, turns
    from lessons.search_assistant.search import default_offline_search
    from lessons.search_assistant.workflow import build_workflow, thread_config

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
    from langchain_core.messages import HumanMessage
    from langgraph.checkpoint.memory import InMemorySaver

    from lessons.search_assistant.common import turns
    from lessons.search_assistant.search import default_offline_search
    from lessons.search_assistant.workflow import build_workflow, thread_config

    first, second = turns(lang)[:2]

    def run(pair: tuple[str, str]) -> dict[str, Any]:
        app = build_workflow(llm, search or default_offline_search(), InMemorySaver())
        app.invoke({"messages": [HumanMessage(first)]}, thread_config(pair[0]))
        state = app.invoke({"messages": [HumanMessage(second)]}, thread_config(pair[1]))
        humans = [m.content for m in state["messages"] if m.type == "human"]
        return {"user_turns_seen": humans, "search_query": state.get("search_query")}

    expected = first_accepted([("lab-a", "lab-b"), ("lab-a", "lab-a")], lambda p: len(run(p)["user_turns_seen"]) == 2)
    if not ids or len(ids) != 2 or not all(isinstance(i, str) and i.strip() for i in ids):
        return Checked(False, expected)
    seen = run((ids[0].strip(), ids[1].strip()))
    return Checked(len(seen["user_turns_seen"]) == 2, expected, seen)


def _two_turns(context: Context) -> Text:
    from lessons.search_assistant.common import turns

    first, second = turns(str(context["lang"]))[:2]
    return Text(
        f"先问 {code(first)}，再问 {code(second)}。给两轮各填一个 thread_id，让第二轮知道在问曼谷。",
        f"First {code(first)}, then {code(second)}. Give each turn a thread_id so turn 2 knows it is about Bangkok.",
    )


def _seen(found: Checked) -> Any:
    return (found.shown or {}).get("user_turns_seen")


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="count-checkpoints",
        kind="predict",
        title=Text("预测：三轮之后有几个检查点？", "Predict: how many checkpoints after three turns?"),
        prompt=Text(
            "在一个新线程上跑这三轮，get_state_history 会列出几个检查点？",
            "Run the three turns on a new thread: how many checkpoints will get_state_history list?",
        ),
        answer=Number(Text("检查点个数", "Checkpoints"), 0, 100, None),
        check=lambda answer, c: history_count(builtin_llm(), str(c["lang"]), as_int(answer)),
        right=Text("get_state_history 列出 {expected} 个。", "`get_state_history` lists {expected}."),
        wrong=Text(  # the count itself comes with the answer
            "get_state_history 列出的不是这个数。按轮数一数每一轮留下的检查点。",
            "`get_state_history` lists another number. Count the checkpoints each turn leaves.",
        ),
        hint=Text(
            "每轮：输入一个、开始前一个、三个节点各一个。",
            "Per turn: one for the input, one before the first node, one after each of 3 nodes.",
        ),
    ),
    Exercise(
        slug="same-thread",
        kind="make",
        title=Text("动手：让追问记得上文", "Make: let the follow-up remember"),
        prompt=_two_turns,
        answer=Lines(
            (Text("第 1 轮的 thread_id", "thread_id of turn 1"), Text("第 2 轮的 thread_id", "thread_id of turn 2")),
            ("lab-1", "lab-2"),
        ),
        check=lambda answer, c: same_thread(builtin_llm(), str(c["lang"]), answer),
        right=lambda found, _c: Text(f"第 2 轮的线程里有 {_seen(found)}。", f"Turn 2's thread holds {_seen(found)}."),
        wrong=lambda found, _c: Text(
            f"第 2 轮的线程里只有 {_seen(found)}：前文不在。",
            f"Turn 2's thread holds only {_seen(found)}: turn 1 is not there.",
        ),
        hint=Text("checkpointer 只按 thread_id 找历史。", "The checkpointer finds history by thread_id only."),
    ),
)
