"""The search assistant as first written, review findings and all.

This module rebuilds the original ``Dialogue_System.py`` design so each finding of
the code review can be *run* and looked at, next to the fixed version in
:mod:`lessons.search_assistant.workflow`. It is deliberately flawed. The six
findings, each marked ``# FINDING n`` in the code below:

1. ``user_query`` is overwritten with the model's reading of the question, so the
   answer step never sees what the user actually typed.
2. The search keyword is cut out of free text with ``split("搜索词：")[1]``; when
   the model words its reply differently the code silently falls back to the whole
   question (or keeps trailing text). :func:`diagnose_keyword_parse` explains which.
3. Every input gets a new ``thread_id`` from a session counter, so "那明天呢？"
   lands in a fresh, empty thread.
4. ``messages`` has the ``add_messages`` reducer, yet the model is only ever sent
   one SystemMessage built from the latest HumanMessage: the history sits in State
   and is never read.
5. Nodes are annotated ``-> OriginalState`` (every field required) while each
   returns a partial dict.
6. The checkpointer is a hard-wired ``InMemorySaver``: threads vanish with the
   process.

Only the model client and the search backend are injected (the original built
both at import time from environment variables; we must not).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, TypedDict

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, SystemMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages

from lessons.search_assistant.search import SearchBackend

KEYWORD_MARKER = "搜索词："  # note the full-width colon
ALT_KEYWORD_MARKER = "搜索关键词："


class OriginalState(TypedDict):
    """The original State, field for field."""

    messages: Annotated[list[AnyMessage], add_messages]  # FINDING 4: merged here, never sent to the model
    user_query: str  # meant to be the user's question...
    search_query: str
    search_results: str  # one formatted string, not structured hits
    final_answer: str
    step: str


def build_original(llm: BaseChatModel, search: SearchBackend):
    """Build the original three-node workflow (understand → search → answer).

    Args:
        llm: the chat model; it is called with plain ``invoke``.
        search: the search backend (the original called Tavily directly).

    Returns:
        The compiled graph, with its own ``InMemorySaver``.
    """

    # FINDING 5: annotated as returning the whole State, but returns 4 of 6 keys.
    def understand_query_node(state: OriginalState) -> OriginalState:
        """Step 1: have the model restate the question and propose a keyword."""
        # Find the newest HumanMessage: the only part of the history ever used.
        user_message = ""
        for message in reversed(state["messages"]):
            if isinstance(message, HumanMessage):
                user_message = str(message.content)
                break

        prompt = (
            f"分析用户的查询：“{user_message}”\n\n"
            "请完成两个任务：\n"
            "1. 简洁总结用户想要了解什么\n"
            "2. 生成最适合搜索的关键词（中英文均可，要精准）\n\n"
            "格式：\n理解：[用户需求总结]\n搜索词：[最佳搜索关键词]"
        )
        # FINDING 4: one SystemMessage, no history. Earlier turns are not sent.
        response = llm.invoke([SystemMessage(content=prompt)])
        response_text = str(response.content)

        # FINDING 2: free text cut with str.split; on any other wording the
        # keyword silently becomes the user's whole sentence.
        search_query = user_message
        if KEYWORD_MARKER in response_text:
            search_query = response_text.split(KEYWORD_MARKER)[1].strip()
        elif ALT_KEYWORD_MARKER in response_text:
            search_query = response_text.split(ALT_KEYWORD_MARKER)[1].strip()

        return {
            "user_query": response.content,  # FINDING 1: the model's words, not the user's
            "search_query": search_query,
            "step": "understood",
            "messages": [AIMessage(content=f"我理解您的需求：{response.content}")],
        }

    def tavily_search_node(state: OriginalState) -> OriginalState:
        """Step 2: search, and flatten the hits into one text block."""
        query = state["search_query"]
        try:
            response = search.search(query, search_depth="basic", include_answer=True, max_results=5)
        except Exception as exc:
            return {
                "search_results": f"搜索失败：搜索时发生错误: {exc}",
                "step": "search_failed",
                "messages": [AIMessage(content="❌ 搜索遇到问题，我将基于已有知识为您回答")],
            }
        text = ""
        if response.get("answer"):
            text = f"综合答案：\n{response['answer']}\n\n"
        if response.get("results"):
            text += "相关信息：\n"
            for i, hit in enumerate(response["results"][:3], 1):
                text += f"{i}. {hit.get('title', '')}\n{hit.get('content', '')}\n来源：{hit.get('url', '')}\n\n"
        return {
            "search_results": text or "抱歉，没有找到相关信息。",
            "step": "searched",
            "messages": [AIMessage(content="✅ 搜索完成！找到了相关信息，正在为您整理答案...")],
        }

    def generate_answer_node(state: OriginalState) -> OriginalState:
        """Step 3: answer from the search text and... the model's own reading."""
        if state["step"] == "search_failed":
            prompt = (
                "搜索API暂时不可用，请基于您的知识回答用户的问题：\n\n"
                f"用户问题：{state['user_query']}\n\n"
                "请提供一个有用的回答，并说明这是基于已有知识的回答。"
            )
        else:
            # FINDING 1 bites here: "用户问题" is whatever the model wrote in step 1.
            prompt = (
                "基于以下搜索结果为用户提供完整、准确的答案：\n\n"
                f"用户问题：{state['user_query']}\n\n"
                f"搜索结果：\n{state['search_results']}\n\n"
                "要求：综合搜索结果回答，引用重要信息的来源，结构清晰；"
                "如果搜索结果不够完整，请说明。"
            )
        response = llm.invoke([SystemMessage(content=prompt)])
        return {
            "final_answer": response.content,
            "step": "completed",
            "messages": [AIMessage(content=response.content)],
        }

    builder = StateGraph(OriginalState)
    builder.add_node("understand", understand_query_node)
    builder.add_node("search", tavily_search_node)
    builder.add_node("answer", generate_answer_node)
    builder.add_edge(START, "understand")
    builder.add_edge("understand", "search")
    builder.add_edge("search", "answer")
    builder.add_edge("answer", END)
    # FINDING 6: process memory only.
    return builder.compile(checkpointer=InMemorySaver())


def initial_state(user_input: str) -> dict[str, Any]:
    """The original's starting State: the message plus every other field blanked."""
    return {
        "messages": [HumanMessage(content=user_input)],
        "user_query": "",
        "search_query": "",
        "search_results": "",
        "final_answer": "",
        "step": "start",
    }


@dataclass
class OriginalSession:
    """The original command-line loop, minus ``input()``: one counter, one thread per input.

    Example:
        >>> session = OriginalSession(app=None)
        >>> session.next_thread_id(), session.next_thread_id()
        ('search-session-1', 'search-session-2')
    """

    app: Any
    session_count: int = 0
    thread_ids: list[str] = field(default_factory=list)

    def next_thread_id(self) -> str:
        # FINDING 3: the counter moves on every input, so every input is a new thread.
        self.session_count += 1
        thread_id = f"search-session-{self.session_count}"
        self.thread_ids.append(thread_id)
        return thread_id

    def ask(self, user_input: str) -> dict[str, Any]:
        """Run one input the way the original loop did; return the final State."""
        config = {"configurable": {"thread_id": self.next_thread_id()}}
        return self.app.invoke(initial_state(user_input), config)


# ---------------------------------------------------------------------------
# Finding 2, explained: what did split("搜索词：")[1] do with this reply?
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class KeywordParse:
    """What the original's keyword parsing did with one model reply.

    Attributes:
        status: ``"ok"``, ``"no_marker"`` (fell back to the user's sentence),
            ``"colon_variant"`` (the model wrote the label with another colon, so the
            marker was missed), ``"trailing_text"`` (the keyword swallowed the rest
            of the reply) or ``"alt_marker"`` (found only "搜索关键词：").
        search_query: the keyword the original code ended up with.
        strict_error: what the bare ``split("搜索词：")[1]`` raises on this reply
            (``"IndexError: list index out of range"``), or ``""``.
        zh: explanation in Chinese.
        en: explanation in English.
    """

    status: str
    search_query: str
    strict_error: str
    zh: str
    en: str

    @property
    def ok(self) -> bool:
        return self.status == "ok"


def diagnose_keyword_parse(response_text: str, user_message: str) -> KeywordParse:
    """Replay finding 2 on a reply and say what broke.

    >>> diagnose_keyword_parse("理解：曼谷天气\\n搜索词：曼谷 天气", "曼谷今天多少度？").status
    'ok'
    >>> diagnose_keyword_parse("搜索词: 曼谷 天气", "曼谷今天多少度？").search_query
    '曼谷今天多少度？'
    """
    # Run the bare expression from the article, to show its real exception.
    try:
        response_text.split(KEYWORD_MARKER)[1]
        strict_error = ""
    except IndexError as exc:
        strict_error = f"IndexError: {exc}"

    if KEYWORD_MARKER in response_text:
        keyword = response_text.split(KEYWORD_MARKER)[1].strip()
        if "\n" in keyword or KEYWORD_MARKER in keyword:
            return KeywordParse(
                "trailing_text",
                keyword,
                strict_error,
                "找到了“搜索词：”，但 split(...)[1] 取走了它后面的全部文字，多出的内容也进了搜索词。",
                "The marker was found, but split(...)[1] took everything after it; the extra "
                "text went into the search keyword.",
            )
        return KeywordParse(
            "ok",
            keyword,
            strict_error,
            "模型按格式写了“搜索词：”，这一次切割成功。换一种写法就不一定了。",
            "The model followed the format this time, so the split worked. Another wording may not.",
        )
    if ALT_KEYWORD_MARKER in response_text:
        keyword = response_text.split(ALT_KEYWORD_MARKER)[1].strip()
        return KeywordParse(
            "alt_marker",
            keyword,
            strict_error,
            "没有“搜索词：”，靠备用的“搜索关键词：”才切出关键词。",
            "No '搜索词：' marker; only the backup label '搜索关键词：' rescued the keyword.",
        )
    if "搜索词" in response_text:
        return KeywordParse(
            "colon_variant",
            user_message,
            strict_error,
            "模型写了“搜索词”，但冒号不是全角的“：”，字符串匹配失败；代码悄悄退回用整句用户问题去搜索。",
            "The model wrote the label with a different colon, so the exact match failed; the "
            "code silently fell back to searching the user's whole sentence.",
        )
    return KeywordParse(
        "no_marker",
        user_message,
        strict_error,
        '模型的回答里没有“搜索词：”。裸写的 split("搜索词：")[1] 会抛 IndexError；'
        "原代码有兜底，于是悄悄用整句用户问题去搜索，没有任何提示。",
        "The reply has no '搜索词：' marker. A bare split(\"搜索词：\")[1] raises IndexError; the "
        "original's fallback silently searched the user's whole sentence instead, with no warning.",
    )
