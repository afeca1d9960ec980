"""One search interface, two backends: real Tavily, or an offline BM25 corpus.

The search assistant only ever calls ``search(query, max_results=..., ...)`` and
reads back a dict shaped like Tavily's response::

    {"query": "...",
     "results": [{"title": ..., "url": ..., "content": ..., "score": ...}, ...],
     "answer": "...",            # only when include_answer=True
     "response_time": 0.01}

So the graph code cannot tell which backend it got, and the lessons run the same
way with or without a Tavily key:

* :class:`TavilySearch` wraps ``tavily.TavilyClient`` (a real web search).
* :class:`OfflineSearch` ranks the ~50 short documents in ``corpus.json`` (next to
  this file) with BM25 (``rank_bm25.BM25Okapi``). Chinese text is cut into words
  by ``jieba``; English text is lower-cased and split on non-letters. The pages
  live on reserved ``.example`` domains: they are teaching material, not the web.

Nothing here runs at import time: jieba, the corpus and the Tavily client are all
created the first time they are needed.
"""

from __future__ import annotations

import json
import os
import re
import threading
import time
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

CORPUS_PATH = Path(__file__).with_name("corpus.json")


# ---------------------------------------------------------------------------
# The interface both backends implement
# ---------------------------------------------------------------------------


@runtime_checkable
class SearchBackend(Protocol):
    """Anything with a Tavily-shaped ``search`` method.

    Attributes:
        name: short label for the UI, e.g. ``"offline-bm25"`` or ``"tavily"``.
    """

    name: str

    def search(
        self,
        query: str,
        *,
        max_results: int = 5,
        search_depth: str = "basic",
        include_answer: bool = False,
    ) -> dict[str, Any]:
        """Search and return ``{"query", "results", ["answer"], "response_time"}``."""
        ...


from lessons.search_assistant.tokenize import tokenize  # noqa: E402  (re-exported: callers import it from here)

# ---------------------------------------------------------------------------
# Offline backend: BM25 over the shipped corpus
# ---------------------------------------------------------------------------


def load_corpus(path: Path = CORPUS_PATH) -> list[dict[str, str]]:
    """Read the corpus file and return its documents (``id, lang, title, url, content``)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return list(data["documents"])


class OfflineSearch:
    """BM25 search over a local corpus, answering in Tavily's response shape.

    Args:
        documents: the documents to search; defaults to ``corpus.json``.

    Example:
        >>> hits = OfflineSearch().search("曼谷 明天 天气", max_results=1)["results"]
        >>> hits[0]["url"]
        'https://weather.example/zh/bangkok/tomorrow'
    """

    name = "offline-bm25"

    def __init__(self, documents: list[dict[str, str]] | None = None) -> None:
        self._documents = documents
        self._index = None  # built on first search
        self._lock = threading.Lock()

    @property
    def documents(self) -> list[dict[str, str]]:
        """The corpus being searched (loaded on first access)."""
        if self._documents is None:
            self._documents = load_corpus()
        return self._documents

    def _bm25(self) -> Any:
        # Each document is indexed as title + content, so a title word counts too.
        with self._lock:
            if self._index is None:
                from rank_bm25 import BM25Okapi

                tokenized = [tokenize(f"{d['title']} {d['content']}") for d in self.documents]
                self._index = BM25Okapi(tokenized)
            return self._index

    def rank(self, query: str) -> list[tuple[float, dict[str, str]]]:
        """Return ``(bm25_score, document)`` pairs, best first, dropping zero scores."""
        terms = tokenize(query)
        if not terms:
            return []
        scores = self._bm25().get_scores(terms)
        ranked = sorted(zip(scores, self.documents, strict=True), key=lambda p: (-p[0], p[1]["id"]))
        return [(float(s), d) for s, d in ranked if s > 0]

    def search(
        self,
        query: str,
        *,
        max_results: int = 5,
        search_depth: str = "basic",
        include_answer: bool = False,
    ) -> dict[str, Any]:
        """Rank the corpus for ``query`` and shape the hits like Tavily does.

        ``score`` is the BM25 score divided by the best score, so the top hit is
        1.0 and the rest fall between 0 and 1, the range Tavily's scores live in.
        ``search_depth`` is accepted for interface parity; offline it changes nothing.
        """
        started = time.perf_counter()
        ranked = self.rank(query)[: max(1, int(max_results))]
        top = ranked[0][0] if ranked else 1.0
        results = [
            {
                "title": doc["title"],
                "url": doc["url"],
                "content": doc["content"],
                "score": round(score / top, 4),
            }
            for score, doc in ranked
        ]
        response: dict[str, Any] = {"query": query, "results": results}
        if include_answer:
            response["answer"] = extractive_answer(results)
        response["response_time"] = round(time.perf_counter() - started, 4)
        return response

    def __repr__(self) -> str:
        return f"OfflineSearch(documents={len(self.documents)})"


def extractive_answer(results: list[dict[str, Any]]) -> str | None:
    """The offline stand-in for Tavily's ``answer``: the top hit's first two sentences.

    >>> extractive_answer([{"content": "First. Second. Third."}])
    'First. Second.'
    """
    if not results:
        return None
    sentences = re.findall(r"[^。！？.!?]+[。！？.!?]?", results[0]["content"])
    return "".join(sentences[:2]).strip() or None


# ---------------------------------------------------------------------------
# Real backend: Tavily
# ---------------------------------------------------------------------------


class TavilySearch:
    """Real web search through ``tavily.TavilyClient``.

    The client is built on the first search, with the key given here; the key is
    never logged, and ``repr()`` does not show it.

    Args:
        api_key: a Tavily API key.
        client: an already-built client (tests pass a stub here).
    """

    name = "tavily"

    def __init__(self, api_key: str | None = None, *, client: Any | None = None) -> None:
        if not api_key and client is None:
            raise ValueError("TavilySearch needs an api_key (or a client)")
        self.__api_key = api_key
        self._client = client

    def _get_client(self) -> Any:
        if self._client is None:
            from tavily import TavilyClient

            self._client = TavilyClient(api_key=self.__api_key)
        return self._client

    def search(
        self,
        query: str,
        *,
        max_results: int = 5,
        search_depth: str = "basic",
        include_answer: bool = False,
    ) -> dict[str, Any]:
        """Call Tavily and return its response, keeping only the fields the lab uses."""
        raw = self._get_client().search(
            query=query,
            search_depth=search_depth,
            max_results=max_results,
            include_answer=include_answer,
        )
        response: dict[str, Any] = {
            "query": raw.get("query", query),
            "results": [
                {
                    "title": r.get("title", ""),
                    "url": r.get("url", ""),
                    "content": r.get("content", ""),
                    "score": r.get("score"),
                }
                for r in raw.get("results", [])
            ],
        }
        if include_answer:
            response["answer"] = raw.get("answer")
        response["response_time"] = raw.get("response_time")
        return response

    def __repr__(self) -> str:
        return "TavilySearch(api_key=***)"


# ---------------------------------------------------------------------------
# Picking a backend
# ---------------------------------------------------------------------------


def _secret(value: Any) -> str | None:
    """Unwrap a pydantic ``SecretStr`` (or return a plain string) and drop blanks."""
    if value is None:
        return None
    if hasattr(value, "get_secret_value"):
        value = value.get_secret_value()
    value = str(value).strip()
    return value or None


def tavily_key_from(settings_or_key: Any = None) -> str | None:
    """Find a Tavily key in whatever the caller holds.

    Accepts ``None`` (read ``TAVILY_API_KEY`` from the environment), a key string,
    a mapping with ``tavily_api_key`` / ``TAVILY_API_KEY``, or a settings object
    with a ``tavily_api_key`` attribute.
    """
    if settings_or_key is None:
        return _secret(os.environ.get("TAVILY_API_KEY"))
    if isinstance(settings_or_key, str):
        return _secret(settings_or_key)
    if isinstance(settings_or_key, Mapping):
        return _secret(settings_or_key.get("tavily_api_key") or settings_or_key.get("TAVILY_API_KEY"))
    return _secret(getattr(settings_or_key, "tavily_api_key", None))


def make_search(settings_or_key: Any = None) -> SearchBackend:
    """Return :class:`TavilySearch` when a Tavily key is available, else :class:`OfflineSearch`.

    Args:
        settings_or_key: ``None`` (use the environment), a key string (``""`` means
            offline), a mapping, or a settings object with ``tavily_api_key``.
    """
    key = tavily_key_from(settings_or_key)
    if key:
        return TavilySearch(key)
    return default_offline_search()


@lru_cache(maxsize=1)
def default_offline_search() -> OfflineSearch:
    """One shared :class:`OfflineSearch`, so the BM25 index is built once per process."""
    return OfflineSearch()
