"""thread_id vs user_id: a preference kept in a Store outlives the thread it was set in.

* The **checkpointer** keeps one *thread*: the messages of one conversation, found
  by ``config["configurable"]["thread_id"]``.
* The **Store** keeps facts about a *user* across all their threads, under a
  namespace the application chooses, here ``("users", user_id)``. ``user_id`` is
  our own config key; LangGraph does not interpret it.

The graph is tiny and needs no model: say "以后用华氏度" / "use Fahrenheit" in one
thread and the unit is saved for that user; ask "曼谷今天多少度？" in a brand-new
thread and the answer comes in °F, although that thread has no earlier messages.
"""

from __future__ import annotations

import re
from typing import Any

from langchain_core.messages import AIMessage
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.store.base import BaseStore

from lessons.search_assistant.search import SearchBackend, default_offline_search
from lessons.search_assistant.workflow import is_chinese
from toolcall_lab.graph import CompiledGraph

_WANTS_F = re.compile(r"华氏|fahrenheit|°F", re.I)
_WANTS_C = re.compile(r"摄氏|celsius|°C", re.I)
_CELSIUS = re.compile(r"(-?\d+)\s*°C")


def to_fahrenheit(celsius: int) -> int:
    """Convert and round: ``to_fahrenheit(34) == 93``."""
    return round(celsius * 9 / 5 + 32)


def build_preference_graph(
    checkpointer: BaseCheckpointSaver[Any],
    store: BaseStore,
    search: SearchBackend | None = None,
) -> CompiledGraph:
    """Build a one-node graph that reads and writes a per-user unit preference.

    Args:
        checkpointer: keeps each thread's messages.
        store: keeps each user's preferences, across threads.
        search: where temperatures come from (the offline corpus by default).
    """
    backend = search if search is not None else default_offline_search()

    def respond(state: MessagesState, config: RunnableConfig, *, store: BaseStore) -> dict[str, Any]:
        """LangGraph passes the run's config and, by the parameter's name, the graph's Store."""
        user_id = config["configurable"].get("user_id", "anonymous")
        namespace = ("users", user_id)  # the Store is keyed by the user, not the thread
        text = str(state["messages"][-1].content)
        zh = is_chinese(text)

        # 1. A stated preference is written to the Store.
        for pattern, unit in ((_WANTS_F, "F"), (_WANTS_C, "C")):
            if pattern.search(text) and not re.search(r"多少度|how hot|temperature", text, re.I):
                store.put(namespace, "preferences", {"unit": unit})
                reply = (
                    f"好的，以后温度都用{'华氏度' if unit == 'F' else '摄氏度'}。"
                    if zh
                    else f"OK, temperatures in {'Fahrenheit' if unit == 'F' else 'Celsius'} from now on."
                )
                return {"messages": [AIMessage(reply)]}

        # 2. Otherwise answer a temperature question, in the unit the Store says.
        item = store.get(namespace, "preferences")
        unit = item.value["unit"] if item else "C"
        hits = backend.search(text, max_results=1)["results"]
        if not hits:
            reply = "没有找到这个问题的资料。" if zh else "I found nothing on that."
            return {"messages": [AIMessage(reply)]}
        degrees = [int(x) for x in _CELSIUS.findall(hits[0]["content"])]
        if unit == "F":
            shown = " ~ ".join(f"{to_fahrenheit(c)}°F" for c in degrees)
        else:
            shown = " ~ ".join(f"{c}°C" for c in degrees)
        reply = (
            f"{hits[0]['title']}：{shown}（单位偏好：{unit}，来自 Store）\n{hits[0]['url']}"
            if zh
            else f"{hits[0]['title']}: {shown} (unit preference: {unit}, from the Store)\n{hits[0]['url']}"
        )
        return {"messages": [AIMessage(reply)]}

    builder = StateGraph(MessagesState)
    builder.add_node("respond", respond)
    builder.add_edge(START, "respond")
    builder.add_edge("respond", END)
    return builder.compile(checkpointer=checkpointer, store=store)


def user_config(thread_id: str, user_id: str) -> RunnableConfig:
    """Config naming both: which conversation (thread_id) and which person (user_id)."""
    return {"configurable": {"thread_id": thread_id, "user_id": user_id}}
