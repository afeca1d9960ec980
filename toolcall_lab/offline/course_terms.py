"""The course's own concepts, which the built-in model explains without a search when asked not to search.

"no need to search, just explain what a thread_id is", "不要上网搜，讲讲 checkpointer 是干嘛的", "what is
ToolNode?" asked of the tutor (who has no search tool): these are the words this app teaches. A learner who
rules the search out, or an assistant with no search tool, gets the short definition the course gives; with a
search tool and no such words, the model still searches (a documentation page is what "latest" needs).
"""

from __future__ import annotations

import re
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline import nlu
from toolcall_lab.offline.kinds import tool_name
from toolcall_lab.offline.negation import drop_negated

#: Each concept: the ways a learner writes it, and its definition in both languages.
TERMS: dict[str, tuple[str, Text]] = {
    "thread_id": (
        r"thread[_ ]?id|线程\s*id|会话\s*id",
        Text(
            "thread_id 是一段对话（线程）的编号：用同一个 thread_id 调用，"
            "检查点保存器会取回这段对话上次保存的状态接着走；换一个 thread_id 就是一段新对话。",
            "thread_id names a conversation (a thread): calls with the same thread_id get back the state the "
            "checkpointer saved for it and carry on; a new thread_id starts a new conversation.",
        ),
    ),
    "checkpointer": (
        r"checkpointers?|check-pointer|检查点(?:保存器)?",
        Text(
            "checkpointer（检查点保存器）在图每执行一步后把 State 存下来（内存、SQLite 或 PostgreSQL），"
            "下次用同一个 thread_id 调用时从上次保存的状态继续，所以对话能“记住”前面的内容。",
            "A checkpointer saves the graph's State after every step (in memory, SQLite or PostgreSQL), so a later "
            "call with the same thread_id carries on from the saved state: that is how a conversation is remembered.",
        ),
    ),
    "ToolNode": (
        r"tool\s?node",
        Text(
            "ToolNode 是 LangGraph 预置的节点：读出上一条 AI 消息里的 tool_calls，逐个执行对应的工具，"
            "把每个结果作为 ToolMessage 加回消息列表。",
            "ToolNode is LangGraph's prebuilt node: it reads the tool_calls of the last AI message, runs each tool, "
            "and appends each result to the messages as a ToolMessage.",
        ),
    ),
    "bind_tools": (
        r"bind[_ ]tools",
        Text(
            "bind_tools 把工具的 JSON Schema 放进每次发给模型的请求（tools 字段），模型才知道能调用什么；"
            "它自己不执行任何工具。",
            "bind_tools puts the tools' JSON Schemas into every request sent to the model (the tools field), so the "
            "model knows what it may call; it runs no tool itself.",
        ),
    ),
    "ToolMessage": (
        r"tool\s?message",
        Text(
            "ToolMessage 是把工具结果送回模型的消息，带着它回答的那个 tool_call_id。",
            "A ToolMessage carries a tool's result back to the model, with the tool_call_id it answers.",
        ),
    ),
    "tool_call_id": (
        r"tool[_ ]call[_ ]id",
        Text(
            "tool_call_id 是模型给每一次工具调用起的编号；ToolMessage 带着同一个编号把结果交回，"
            "模型就知道哪个结果对应哪次调用。",
            "A tool_call_id is the id the model gives each tool call; the ToolMessage carrying the result has the same "
            "id, so the model knows which result answers which call.",
        ),
    ),
    "tool_call": (
        r"tool[_ ]calls?(?![_ ]?id)",
        Text(
            "tool_call 是模型回复里的调用请求：工具名、JSON 格式的参数和一个 id。真正执行工具的是你的代码。",
            "A tool_call is the model's request in its reply: a tool name, arguments as JSON, and an id. Your code "
            "is what runs the tool.",
        ),
    ),
    "who runs a tool": (
        r"\bwho (?:actually |really |then )?(?:executes|runs|invokes|carries out) "
        r"(?:it|(?:the|that|this) (?:tool|function"
        r"|call)|tools|functions)\b|谁(?:来|去)?(?:真正|实际)?(?:执行|运行)(?:这个|那个)?(?:函数|工具|它|调用)",
        Text(
            "工具是你的代码（应用程序）执行的，不是模型：模型只在回复里写出 tool_call（工具名和参数），"
            "你的程序读到后调用那个函数，再把结果作为 ToolMessage 交回模型。",
            "Your code (the application) runs the tool, not the model: the model only writes a tool_call (the tool's "
            "name and arguments) in its reply; your program reads it, calls the function, and sends the result back "
            "as a ToolMessage.",
        ),
    ),
    "add_messages": (
        r"add[_ ]messages",
        Text(
            "add_messages 是 messages 字段的 reducer：节点返回的新消息按 id 追加或替换，而不是覆盖整个列表。",
            "add_messages is the reducer of the messages field: a node's new messages are appended (or replaced by "
            "id) instead of overwriting the list.",
        ),
    ),
    "StateGraph": (
        r"state\s?graph",
        Text(
            "StateGraph 是搭图的类：先定义 State，再 add_node 加节点、add_edge 连边，compile() 之后才能运行。",
            "StateGraph is the class a graph is built with: define the State, add nodes and edges, then compile() "
            "it before it can run.",
        ),
    ),
    "LangGraph": (
        r"lang\s?graph",
        Text(
            "LangGraph 是用“图”来编排 LLM 应用的库：State（状态）、节点（普通函数）和边（决定下一步走哪）"
            "组成一张可以循环的图，agent 的“调用工具 → 看结果 → 再决定”就是这样一个循环。",
            "LangGraph is a library that runs an LLM application as a graph: a State, nodes (plain functions) and "
            "edges (which node runs next), with loops allowed; an agent's call-a-tool, read-the-result, decide-again "
            "is such a loop.",
        ),
    ),
    "tool calling": (
        r"tool[- ]call(?:ing|s)?|function[- ]call(?:ing|s)?|工具调用|函数调用",
        Text(
            "工具调用：模型不自己执行函数，而是按工具的 JSON Schema 写出要调用哪个工具、带什么参数（tool_call），"
            "由程序去执行，再把结果作为 ToolMessage 交回模型。",
            "Tool calling: the model does not run a function itself; it writes which tool to call and with what "
            "arguments (a tool_call, shaped by the tool's JSON Schema), the program runs it, and the result goes "
            "back to the model as a ToolMessage.",
        ),
    ),
    "JSON Schema": (
        r"json\s?schema",
        Text(
            "JSON Schema 描述参数的形状：有哪些字段、什么类型、哪些必填、取值范围；模型照着它填参数。",
            "A JSON Schema describes the shape of the arguments: which fields, their types, which are required, "
            "their ranges; the model fills the arguments in to match it.",
        ),
    ),
}
_EXPLAIN = re.compile(
    r"\bwhat(?:'s| is| are| does)\b|\bwhat\b.{1,40}\b(?:does|do|is|are)\b|\bexplain\b|\bmeaning\b|\bmeans?\b"
    r"|\bis for\b|\btell me about\b"
    r"|\bwho (?:actually |really |then )?(?:executes|runs|invokes)\b|谁(?:来|去)?(?:真正|实际)?(?:执行|运行)"
    r"|是什么|是啥|是个啥|是个什么|干嘛|干什么|讲讲|解释|介绍|作用|什么意思|啥意思|有什么用",
    re.I,
)
_COMPILED = {name: re.compile(rf"(?<![A-Za-z]){pattern}(?![A-Za-z])", re.I) for name, (pattern, _) in TERMS.items()}


#: Concepts of the whole field, not names in one library's documentation: explained, never searched.
_GENERAL = frozenset({"tool calling", "tool_call", "JSON Schema", "who runs a tool"})


def mentioned(text: str) -> list[str]:
    """The course concepts a text names, asked to be explained or not ("look up langgraph checkpointers").

    >>> mentioned("pls look up langgraph checkpointers for me")
    ['checkpointer', 'LangGraph']
    """
    return [name for name, pattern in _COMPILED.items() if pattern.search(text)]


def asked(text: str) -> list[str]:
    """The course concepts a question asks to have explained, in the order written, else ``[]``.

    >>> asked("no need to search, just explain in one sentence what a thread_id is in LangGraph")
    ['thread_id']
    >>> asked("不要上网搜，凭你自己的理解讲讲 checkpointer 是干嘛的"), asked("search thread_id docs")
    (['checkpointer'], [])
    """
    if not _EXPLAIN.search(text):
        return []
    found = sorted((m.start(), name) for name, pattern in _COMPILED.items() if (m := pattern.search(text)))
    names = [name for _, name in found]
    # "what a thread_id is in LangGraph": the concept asked, not the library it lives in
    return [n for n in names if n != "LangGraph"] or names


def search_ruled_out(text: str) -> bool:
    """Did the learner say not to search ("no need to search", "别搜网页", "without googling")?"""
    return any("search" in n.concepts for n in drop_negated(text)[1])


def explains(text: str, tools: list[dict[str, Any]]) -> bool:
    """Is this a course concept to explain without a call: the search ruled out, or no search tool offered?"""
    has_search = any("search" in nlu.concepts_in(tool_name(t).replace("_", " ")) for t in tools)
    names = asked(text)
    general = all(n in _GENERAL for n in names)  # "what is a tool call?": no page of one library's docs
    return bool(names) and (search_ruled_out(text) or not has_search or general)


def answer(text: str, lang: str) -> str:
    """The course's definitions of the concepts asked, and why no tool was called."""
    lines = [TERMS[name][1](lang) for name in asked(text)]
    if search_ruled_out(text):
        why = Text(
            "你说了不用搜索，所以我没有调用搜索工具，上面是课程里的解释。",
            "You said not to search, so I called no search tool; that is how this course explains it.",
        )
    else:
        why = Text(
            "这是本课程讲的概念，我直接回答，没有调用工具。",
            "That is a concept this course teaches, so I answered it without a tool.",
        )
    return "\n".join([*lines, why(lang)])
