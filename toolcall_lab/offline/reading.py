"""Reading a request: the question, its history, pending tool results, documents in the prompt.

Every function here takes the ``messages`` of a chat-completions request body exactly as
the client sent them and returns plain data for the rest of the model to decide on.
"""

from __future__ import annotations

import re
from typing import Any

from toolcall_lab.offline import nlu
from toolcall_lab.offline.romanise import rewrite
from toolcall_lab.offline.scanning import json_blobs, loads, squeeze_space


def text_of(content: Any) -> str:
    """Message content may be a string or a list of content parts; whitespace runs are cut short
    (:func:`.scanning.squeeze_space`) so no pattern the model applies scans a long run."""
    if content is None:
        return ""
    if isinstance(content, str):
        return squeeze_space(content)
    if isinstance(content, list):
        return squeeze_space(" ".join(str(p.get("text", "")) for p in content if isinstance(p, dict)))
    return squeeze_space(str(content))


def read_context(messages: list[dict[str, Any]]) -> nlu.Context:
    """The latest user question, earlier user turns, and the system text."""
    users = [text_of(m.get("content")) for m in messages if m.get("role") == "user"]
    system = squeeze_space(
        "\n".join(text_of(m.get("content")) for m in messages if m.get("role") in ("system", "developer"))
    )
    question = users[-1] if users else ""
    if not question:
        # a prompt with no user turn often quotes the user inside the instructions: “…”
        quoted = re.search(r"[“\"「]([^”\"」]{2,400})[”\"」]", system)
        question = quoted.group(1) if quoted else ""
    return nlu.Context(
        question=question,
        history=users[:-1],
        system=system,
        lang=_language(question, users[:-1]) if question else ("zh" if nlu.is_chinese(system) else "en"),
        earlier_calls=earlier_calls(messages),
    )


def _language(question: str, history: list[str]) -> str:
    """The language to answer in: the question's, or the previous turn's when it has none of its own.

    "S1003", "2026-07-25" or "Paris" alone, sent after the model asked for an id, a date or a city,
    carry no language: the learner is still speaking the language of the question they complete.

    >>> _language("S1003", ["他的进度怎么样"]), _language("paris", ["天气怎么样"]), _language("ok", ["天气"])
    ('zh', 'zh', 'en')
    """
    for lang, pattern in _ANSWER_IN.items():  # "say that again in Chinese please", "用英文回答"
        if pattern.search(question):
            return lang
    words = [w for w in _LATIN_WORD.findall(question) if not nlu.cities_in(w)]
    pinyin = [r for r in rewrite(question)[1] if r.why.startswith("pinyin")]
    if len(pinyin) >= 2 and 2 * len(pinyin) >= len(_LATIN_WORD.findall(question)):
        return "zh"  # "shou er tianqi zenmeyang a": Chinese, typed in pinyin
    if history and not nlu.CJK.search(question) and not words:
        return nlu.learner_language(history[-1])
    # "schedule" alone after "我想查个单词的等级": the word asked about, in the language of that question
    lone = len(words) == 1 and question.strip(" '\"“”‘’?？").lower() == words[0].lower()
    if history and lone and re.search(r"单词|词|word", history[-1], re.I):
        return nlu.learner_language(history[-1])
    return nlu.learner_language(question)


#: The answer's language asked for in words, whatever the message is written in.
_ANSWER_IN = {
    lang: re.compile(
        rf"\b(?:answer|reply|respond|say|repeat|tell me|write|explain|give me)(?:\s+(?:it|that|this))?(?:\s+again)?"
        rf"\s+in\s+{en}\b|\bin {en},?\s*(?:please|pls|plz)\b"
        rf"|用{zh}(?:回答|说|讲|回复|再说|解释)|{zh}回答|说{zh}",
        re.I,
    )
    for lang, en, zh in (("zh", "chinese", "(?:中文|汉语)"), ("en", "english", "(?:英文|英语)"))
}
_LATIN_WORD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{2,}(?![A-Za-z0-9])")


def _calls_by_id(message: dict[str, Any]) -> dict[str, tuple[str, dict[str, Any]]]:
    """An assistant message's tool calls, ``id → (name, arguments)`` (arguments a dict, else empty)."""
    out = {}
    for call in message.get("tool_calls") or []:
        fn = call.get("function") or {} if isinstance(call, dict) else {}
        args = loads(str(fn.get("arguments") or "{}"))
        out[str(call.get("id", "") if isinstance(call, dict) else "")] = (
            str(fn.get("name", "")),
            args if isinstance(args, dict) else {},
        )
    return out


def _calls_of(message: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for call in message.get("tool_calls") or []:
        fn = call.get("function") or {} if isinstance(call, dict) else {}
        args = loads(str(fn.get("arguments") or "{}"))
        out.append((str(fn.get("name", "")), args if isinstance(args, dict) else {}))
    return out


def earlier_calls(messages: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """The tool calls of the last assistant turn that made any, before the latest user message."""
    last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=-1)
    for m in reversed(messages[: max(last_user, 0)]):
        if m.get("role") == "assistant" and m.get("tool_calls"):
            return _calls_of(m)
    return []


def pending_tool_results(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The latest batch of tool results (those answering the last assistant tool_calls
    after the latest user message), each with its call.

    Returns:
        ``[{"name", "args", "content"}]`` in the order of the calls.
    """
    last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=-1)
    calls: dict[str, tuple[str, dict[str, Any]]] = {}
    results: list[dict[str, Any]] = []
    for m in messages[last_user + 1 :]:
        if m.get("role") == "assistant":
            results = []  # a newer batch replaces the older one
            calls.update(_calls_by_id(m))
        elif m.get("role") == "tool":
            name, args = calls.get(m.get("tool_call_id", ""), ("", {}))
            results.append({"name": name, "args": args, "content": text_of(m.get("content"))})
    return results


def earlier_results(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every tool result of the conversation before the latest user message, each with its call.

    Returns:
        ``[{"name", "args", "content"}]`` oldest first (a call made twice, twice).
    """
    last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=-1)
    calls: dict[str, tuple[str, dict[str, Any]]] = {}
    results: list[dict[str, Any]] = []
    for m in messages[:last_user]:
        if m.get("role") == "assistant":
            calls.update(_calls_by_id(m))
        elif m.get("role") == "tool" and m.get("tool_call_id", "") in calls:
            name, args = calls[m.get("tool_call_id", "")]
            results.append({"name": name, "args": args, "content": text_of(m.get("content"))})
    return results


def rounds_since_user(messages: list[dict[str, Any]]) -> int:
    """How many assistant turns with tool calls followed the latest user message."""
    last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=-1)
    return sum(1 for m in messages[last_user + 1 :] if m.get("role") == "assistant" and m.get("tool_calls"))


def find_documents(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Search results placed in the prompt (JSON with ``url`` fields, or ``url`` lines)."""
    docs: list[dict[str, Any]] = []
    for m in messages:
        if m.get("role") not in ("system", "developer", "user"):
            continue
        text = text_of(m.get("content"))
        for blob in json_blobs(text):
            data = loads(blob)
            items = data.get("results") if isinstance(data, dict) else data
            if isinstance(items, list):
                docs.extend(x for x in items if isinstance(x, dict) and x.get("url"))
        if not docs:
            for block in re.split(r"\n\s*\n", text):
                url = re.search(r"https?://\S+", block)
                if url:
                    rest = [ln.strip() for ln in block.splitlines() if ln.strip() and url.group(0) not in ln]
                    title = re.sub(r"^(\[\d+\]|\d+[.、])\s*", "", rest[0]) if rest else url.group(0)
                    title = re.sub(r"^(标题|title)[:：]\s*", "", title, flags=re.I)
                    content = " ".join(re.sub(r"^(内容|content)[:：]\s*", "", r, flags=re.I) for r in rest[1:])
                    docs.append({"title": title, "url": url.group(0).rstrip(").,，。"), "content": content or title})
    return docs
