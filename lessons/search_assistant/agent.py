"""The search assistant as a tool-calling agent: the model decides whether to search.

    START → model ──(tool_calls?)──yes──→ tools ──→ model
                  └────────────────no───→ END

In the fixed workflow (:mod:`lessons.search_assistant.workflow`) the code always
searches. Here search is a *tool*: ``@tool`` turns ``search_web`` into a
``StructuredTool`` with a JSON Schema (from :class:`SearchArgs`), ``bind_tools``
sends that schema with every model request, and the model may answer with a
``tool_call``. ``ToolNode`` then validates the arguments with Pydantic, runs the
function and returns a ``ToolMessage``; the model reads it and answers (or
searches again). The one conditional edge is the only place the model steers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, SystemMessage
from langchain_core.tools import BaseTool, tool
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import START, MessagesState, StateGraph
from langgraph.prebuilt import ToolNode
from pydantic import BaseModel, ConfigDict, Field

from lessons.search_assistant.search import SearchBackend, default_offline_search
from toolcall_lab.graph import CompiledGraph

SYSTEM_PROMPT = (
    "你是搜索助手，需要最新资料时调用搜索工具，并在回答中注明来源链接。"
    " / You are a search assistant: call the search tool when you need up-to-date "
    "information, and cite the source links in your answer."
)


class SearchArgs(BaseModel):
    """The arguments ``search_web`` accepts; this model *is* the tool's JSON Schema."""

    # extra="forbid": an argument the schema does not name is an error, not ignored.
    model_config = ConfigDict(extra="forbid")

    query: str = Field(min_length=2, description="要搜索的关键词 / the search keywords")
    limit: int = Field(default=5, ge=1, le=10, description="返回几条结果（1-10）/ how many results, 1-10")


def make_search_web_tool(search: SearchBackend | None = None) -> BaseTool:
    """Build the ``search_web`` tool over a search backend.

    Args:
        search: the backend to call; the offline BM25 corpus when omitted.

    Returns:
        A ``StructuredTool`` named ``search_web`` whose ``args_schema`` is :class:`SearchArgs`.
    """
    backend = search if search is not None else default_offline_search()

    @tool(args_schema=SearchArgs)
    def search_web(query: str, limit: int = 5) -> dict[str, Any] | str:
        """搜索互联网中的最新资料（天气、新闻、技术文档）。Search the web for up-to-date information."""
        try:
            return backend.search(query, max_results=limit, include_answer=True)
        except Exception as exc:
            # A failed search is reported to the model as text, so it can say so honestly.
            return f"搜索失败 / search failed: {type(exc).__name__}: {exc}"

    return search_web


def model_input(
    messages: Sequence[BaseMessage], trim: Callable[[list[BaseMessage]], list[BaseMessage]] | None = None
) -> list[BaseMessage]:
    """What one model call receives: the instructions, then the thread.

    State keeps every message; ``trim`` (optional) chooses which of them this one call
    sends, e.g. :func:`lessons.search_assistant.context.trim_keeping_pairs`.
    """
    sent = trim(list(messages)) if trim is not None else list(messages)
    return [SystemMessage(SYSTEM_PROMPT), *sent]


def build_agent(
    llm: BaseChatModel,
    tools: list[BaseTool] | None = None,
    checkpointer: BaseCheckpointSaver[Any] | None = None,
    trim: Callable[[list[BaseMessage]], list[BaseMessage]] | None = None,
) -> CompiledGraph:
    """Build and compile the model → tools → model agent.

    Args:
        llm: a chat model that supports ``bind_tools``.
        tools: the tools the model may call; ``[make_search_web_tool()]`` by default.
        checkpointer: where threads are saved (optional).
        trim: picks the messages each model call sends (State still keeps them all).

    Returns:
        The compiled graph over ``MessagesState``.
    """
    tools = list(tools) if tools is not None else [make_search_web_tool()]
    # bind_tools returns a *new* runnable that sends the tool schemas on every call.
    model_with_tools = llm.bind_tools(tools)

    def call_model(state: MessagesState) -> dict[str, Any]:
        """Send the instructions plus the thread (trimmed, if asked); the reply may hold tool_calls."""
        reply = model_with_tools.invoke(model_input(state["messages"], trim))
        return {"messages": [reply]}

    def route_after_model(state: MessagesState) -> Literal["tools", "__end__"]:
        """The model's choice becomes the graph's path: tool_calls → tools, else END."""
        last = state["messages"][-1]
        if getattr(last, "tool_calls", None):
            return "tools"
        return "__end__"  # END: the run stops here

    builder = StateGraph(MessagesState)
    builder.add_node("model", call_model)
    builder.add_node("tools", ToolNode(tools))
    builder.add_edge(START, "model")
    builder.add_conditional_edges("model", route_after_model)
    builder.add_edge("tools", "model")
    return builder.compile(checkpointer=checkpointer)
