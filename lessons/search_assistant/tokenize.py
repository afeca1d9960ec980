"""The offline search's tokenizer: jieba for Chinese, a regex for everything else.

:class:`lessons.search_assistant.search.OfflineSearch` ranks its corpus with BM25 over these
terms; the same function tokenizes a query and a document, so both meet on the same words.
"""

from __future__ import annotations

import logging
import re
import threading
from functools import lru_cache
from typing import Any

# A run of CJK ideographs, or a run of latin letters / digits / underscore.
_TOKEN_RUNS = re.compile(r"[\u4e00-\u9fff]+|[A-Za-z0-9_]+")

# Words so common that they only add noise to a 50-document corpus.
_STOPWORDS = frozenset(
    [
        "the",
        "a",
        "an",
        "is",
        "are",
        "was",
        "be",
        "to",
        "of",
        "and",
        "or",
        "in",
        "on",
        "for",
        "with",
        "at",
        "by",
        "it",
        "its",
        "this",
        "that",
        "what",
        "how",
        "do",
        "does",
        "i",
        "me",
        "my",
        "you",
        "your",
        "can",
        "will",
        "should",
        "need",
        "about",
        "from",
        "as",
        "的",
        "了",
        "吗",
        "呢",
        "吧",
        "是",
        "在",
        "和",
        "与",
        "或",
        "把",
        "被",
        "就",
        "都",
        "也",
        "要",
        "会",
        "能",
        "我",
        "你",
        "他",
        "它",
        "这",
        "那",
        "一个",
        "什么",
        "怎么",
        "怎么样",
        "多少",
        "请问",
    ]
)

_jieba_lock = threading.Lock()


@lru_cache(maxsize=1)
def _jieba() -> Any:
    """Import and initialise jieba once, with its startup chatter silenced.

    jieba prints "Building prefix dict..." through the logging module on first use;
    we lower its logger to WARNING before it builds the dictionary.
    """
    import jieba  # heavy import (dictionary load), so deferred until first search

    jieba.setLogLevel(logging.WARNING)
    with _jieba_lock:
        jieba.initialize()
    return jieba


def _normalize_latin(word: str) -> str:
    """Lower-case and strip a plain English plural so "checkpointers" meets "checkpointer"."""
    word = word.lower()
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return word


def tokenize(text: str) -> list[str]:
    """Split mixed Chinese / English text into search terms.

    Chinese runs go through ``jieba.cut_for_search`` (which also emits the short
    words inside long ones, good for recall); latin runs are lower-cased. Stop
    words and single Chinese characters that are stop words are dropped.

    >>> tokenize("LangGraph Checkpointers")
    ['langgraph', 'checkpointer']
    """
    terms: list[str] = []
    for run in _TOKEN_RUNS.findall(text):
        if run[0] >= "\u4e00":  # a CJK run: let jieba find the words
            words = [w for w in _jieba().cut_for_search(run) if w.strip()]
        else:
            words = [_normalize_latin(run)]
        terms.extend(w for w in words if w not in _STOPWORDS)
    return terms
