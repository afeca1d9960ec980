"""The search assistant, fixed: a three-step workflow that remembers its thread.

    START → understand → search → answer → END

This is the article's fixed workflow with every review finding mended:

1. ``user_query`` keeps the user's own words; the model's reading of them goes to a
   separate field, ``query_intent``.
2. The search keyword comes from *structured output*: the model fills a
   ``QueryUnderstanding`` object, validated by Pydantic, instead of writing a
   "keyword: ..." line that we would cut with ``str.split``.
3. The thread is the caller's choice (one ``thread_id`` per conversation), and
4. the nodes really *send the earlier turns to the model*: ``messages`` holds the
   whole conversation (merged by ``add_messages``) and both model calls get it. So
   "那明天呢？" after "曼谷今天多少度？" is read as "Bangkok, tomorrow".
5. Nodes are typed as returning ``SearchUpdate`` (a ``total=False`` TypedDict): a
   partial update, which is what LangGraph merges into the State.
6. The checkpointer is injected (SQLite by default in the app, see
   ``toolcall_lab.checkpointers``) instead of a hard-wired ``InMemorySaver``.

The *code* decides to search here: every question goes through the search node.
Compare :mod:`lessons.search_assistant.agent`, where the model decides.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, TypedDict

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, SystemMessage
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages
from pydantic import BaseModel, Field

from lessons.search_assistant.search import SearchBackend
from toolcall_lab.graph import CompiledGraph

# How many search hits the answer is built from (and cites).
RESULTS_FOR_ANSWER = 3


# ---------------------------------------------------------------------------
# State: what the graph keeps between steps and between turns
# ---------------------------------------------------------------------------


class SearchState(TypedDict):
    """Everything the workflow keeps for one thread.

    Attributes:
        messages: the whole conversation, user turns and final answers; new
            messages are appended by the ``add_messages`` reducer.
        user_query: the latest question, exactly as the user typed it.
        query_intent: the model's one-sentence reading of that question.
        search_query: the keyword the model chose for the search engine.
        search_results: the hits (``title, url, content, score``) of this turn.
        search_error: why the search failed this turn (``""`` when it worked).
        answer: the final answer text, sources included.
        sources: the urls the answer cites.
    """

    messages: Annotated[list[AnyMessage], add_messages]
    user_query: str
    query_intent: str
    search_query: str
    search_results: list[dict[str, Any]]
    search_error: str
    answer: str
    sources: list[str]


class SearchUpdate(TypedDict, total=False):
    """What a node returns: any subset of :class:`SearchState`'s fields.

    ``total=False`` says "every key is optional", which is the truth: the
    understand node returns three keys, search two, answer three.
    """

    messages: list[AnyMessage]
    user_query: str
    query_intent: str
    search_query: str
    search_results: list[dict[str, Any]]
    search_error: str
    answer: str
    sources: list[str]


class QueryUnderstanding(BaseModel):
    """How the model reads the user's latest question, in the context of the thread."""

    intent: str = Field(
        description="One sentence: what the user wants to know, with anything a "
        "follow-up leaves out (place, day, topic) filled in from earlier turns."
    )
    search_query: str = Field(
        description="The best keywords for a search engine, in the user's language, "
        "e.g. '曼谷 明天 天气' or 'Bangkok tomorrow weather'."
    )


# ---------------------------------------------------------------------------
# Small helpers the nodes share
# ---------------------------------------------------------------------------

_CJK = re.compile(r"[\u4e00-\u9fff]")


def is_chinese(text: str) -> bool:
    """True when the text contains Chinese characters (the prompts follow the user)."""
    return bool(_CJK.search(text or ""))


def latest_user_text(messages: list[AnyMessage]) -> str:
    """The content of the newest HumanMessage (``""`` if there is none)."""
    for message in reversed(messages):
        if isinstance(message, HumanMessage):
            return str(message.content)
    return ""


def format_results(results: list[dict[str, Any]]) -> str:
    """Number the hits so the model (and the reader) can refer to them as [1], [2]...

    >>> format_results([{"title": "T", "url": "https://x.example", "content": "C"}])
    '[1] T\\nhttps://x.example\\nC'
    """
    return "\n\n".join(
        f"[{i}] {r.get('title', '')}\n{r.get('url', '')}\n{r.get('content', '')}" for i, r in enumerate(results, 1)
    )


def cite(answer: str, urls: list[str], zh: bool) -> tuple[str, list[str]]:
    """Make sure the answer names its sources; return ``(answer, cited_urls)``.

    If the model already quoted some of the urls it was given, those are the
    answer's sources and the text is kept as it is. If it quoted none, the code
    appends a numbered list of every url it was given, so a citation is never lost.

    >>> cite("34°C", ["https://w.example/a"], zh=False)
    ('34°C\\n\\nSources:\\n[1] https://w.example/a', ['https://w.example/a'])
    >>> cite("34°C, see https://w.example/a", ["https://w.example/a", "https://w.example/b"], zh=False)
    ('34°C, see https://w.example/a', ['https://w.example/a'])
    """
    quoted = [url for url in urls if url in answer]
    if quoted or not urls:
        return answer, quoted
    label = "来源：" if zh else "Sources:"
    lines = "\n".join(f"[{i}] {url}" for i, url in enumerate(urls, 1))
    return f"{answer}\n\n{label}\n{lines}", list(urls)


UNDERSTAND_PROMPT = {
    "zh": "你是搜索助手的“理解”步骤。阅读整段对话，弄清用户最新一句话想知道什么；"
    "追问里省略的城市、日期或话题要从前面的对话补全。给出意图（intent）和搜索关键词（search_query）。",
    "en": "You are the 'understand' step of a search assistant. Read the whole conversation "
    "and work out what the user's latest message asks; fill in the city, day or topic a "
    "follow-up leaves out from the earlier turns. Return the intent and the search_query.",
}

ANSWER_PROMPT = {
    "zh": "你是搜索助手。只根据下面的搜索结果回答用户最新的问题，结合前面的对话理解追问；"
    "结果里没有的信息就直说不知道。\n\n搜索结果：\n\n{results}",
    "en": "You are a search assistant. Answer the user's latest question using only the "
    "search results below, reading follow-ups in the light of the earlier turns; say so "
    "plainly when the results do not contain the answer.\n\nSearch results:\n\n{results}",
}


# ---------------------------------------------------------------------------
# The graph
# ---------------------------------------------------------------------------


def build_workflow(
    llm: BaseChatModel,
    search: SearchBackend,
    checkpointer: BaseCheckpointSaver[Any] | None = None,
) -> CompiledGraph:
    """Build and compile the fixed search workflow.

    Args:
        llm: any chat model that supports ``with_structured_output`` (the built-in
            teaching model, or a real one via ``ChatOpenAI``).
        search: a search backend (``OfflineSearch`` or ``TavilySearch``).
        checkpointer: where threads are saved; without one, every call starts fresh.

    Returns:
        The compiled graph. Call it with
        ``{"messages": [HumanMessage(question)]}`` and
        ``{"configurable": {"thread_id": ...}}`` (see :func:`ask`).
    """
    # The model's reading comes back as a validated QueryUnderstanding object.
    reader = llm.with_structured_output(QueryUnderstanding)

    def understand(state: SearchState) -> SearchUpdate:
        """Read the latest question in the light of the whole thread."""
        question = latest_user_text(state["messages"])
        lang = "zh" if is_chinese(question) else "en"
        # The earlier turns go to the model: this is what makes "And tomorrow?" work.
        reading = reader.invoke([SystemMessage(UNDERSTAND_PROMPT[lang]), *state["messages"]])
        assert isinstance(reading, QueryUnderstanding)  # validated by Pydantic before it got here
        return {
            "user_query": question,  # the user's own words, untouched
            "query_intent": reading.intent,  # the model's reading, kept apart
            "search_query": reading.search_query.strip() or question,
        }

    def search_step(state: SearchState) -> SearchUpdate:
        """Always search: in a workflow the code, not the model, makes this call."""
        try:
            response = search.search(state["search_query"], max_results=5, search_depth="basic")
        except Exception as exc:  # a network error is a fact to report, not a crash
            return {"search_results": [], "search_error": f"{type(exc).__name__}: {exc}"}
        return {"search_results": response.get("results", []), "search_error": ""}

    def answer(state: SearchState) -> SearchUpdate:
        """Compose the answer from the hits and the conversation, then cite the hits."""
        question = state.get("user_query") or latest_user_text(state["messages"])
        zh = is_chinese(question)
        hits = state.get("search_results", [])[:RESULTS_FOR_ANSWER]
        if hits:
            context = format_results(hits)
        elif state.get("search_error"):
            context = ("搜索失败：" if zh else "Search failed: ") + state["search_error"]
        else:
            context = "（没有找到相关结果）" if zh else "(no results found)"
        prompt = ANSWER_PROMPT["zh" if zh else "en"].format(results=context)
        reply = llm.invoke([SystemMessage(prompt), *state["messages"]])
        urls = [hit["url"] for hit in hits if hit.get("url")]
        text, sources = cite(str(reply.content), urls, zh)
        return {"answer": text, "sources": sources, "messages": [AIMessage(text)]}

    builder = StateGraph(SearchState)
    builder.add_node("understand", understand)
    builder.add_node("search", search_step)
    builder.add_node("answer", answer)
    builder.add_edge(START, "understand")
    builder.add_edge("understand", "search")
    builder.add_edge("search", "answer")
    builder.add_edge("answer", END)
    return builder.compile(checkpointer=checkpointer)


def thread_config(thread_id: str) -> RunnableConfig:
    """The config that selects a thread: ``{"configurable": {"thread_id": ...}}``."""
    return {"configurable": {"thread_id": thread_id}}


def ask(app: CompiledGraph, question: str, thread_id: str) -> Any:
    """Send one user turn on a thread and return the State after the run.

    Only the new message is passed in; the checkpointer supplies the earlier ones.
    """
    return app.invoke({"messages": [HumanMessage(question)]}, thread_config(thread_id))
