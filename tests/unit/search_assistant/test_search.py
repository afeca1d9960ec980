"""The search backends: BM25 ranking over the offline corpus, and Tavily's response shape."""

from __future__ import annotations

import re

import pytest

from lessons.search_assistant.search import (
    OfflineSearch,
    SearchBackend,
    TavilySearch,
    extractive_answer,
    load_corpus,
    make_search,
    tokenize,
)

# ---------------------------------------------------------------- the corpus


def test_corpus_is_big_enough_bilingual_and_on_example_domains():
    docs = load_corpus()
    assert len(docs) >= 40
    langs = {d["lang"] for d in docs}
    assert langs == {"zh", "en"}
    assert len({d["id"] for d in docs}) == len(docs)
    assert len({d["url"] for d in docs}) == len(docs)
    for doc in docs:
        # https, and a reserved .example domain: no page pretends to be a real site.
        assert re.match(r"^https://[a-z.]+\.example/", doc["url"]), doc["url"]
        assert doc["title"] and doc["content"]


def test_corpus_covers_the_articles_topics():
    text = " ".join(f"{d['title']} {d['content']}" for d in load_corpus())
    for topic in [
        "checkpointer",
        "thread_id",
        "user_id",
        "Store",
        "interrupt",
        "ToolNode",
        "bind_tools",
        "@tool",
        "Pydantic",
        "add_messages",
        "带伞",
        "umbrella",
    ]:
        assert topic in text, topic


# ---------------------------------------------------------------- tokenizer


def test_tokenize_segments_chinese_and_lowercases_english():
    assert tokenize("曼谷 明天 天气") == ["曼谷", "明天", "天气"]
    assert tokenize("LangGraph Checkpointers persistence") == ["langgraph", "checkpointer", "persistence"]
    # stop words drop out on both sides
    assert tokenize("How hot is Bangkok today?") == ["hot", "bangkok", "today"]


# ---------------------------------------------------------------- ranking


def test_zh_query_ranks_bangkok_tomorrow_first(offline_search):
    # "曼谷 明天 天气": only the Bangkok-tomorrow page has all three words; the
    # Tokyo-tomorrow and Bangkok-today pages share two of them and follow.
    results = offline_search.search("曼谷 明天 天气")["results"]
    assert [r["url"] for r in results[:3]] == [
        "https://weather.example/zh/bangkok/tomorrow",
        "https://weather.example/zh/tokyo/tomorrow",
        "https://weather.example/zh/bangkok/today",
    ]


def test_en_query_ranks_the_persistence_page_first(offline_search):
    results = offline_search.search("LangGraph checkpointer persistence")["results"]
    assert results[0]["url"] == "https://docs.example/langgraph/persistence"


def test_en_weather_query_ranks_bangkok_today_first(offline_search):
    results = offline_search.search("How hot is Bangkok today?")["results"]
    assert results[0]["url"] == "https://weather.example/bangkok/today"


def test_response_has_tavilys_shape_and_scores_are_relative(offline_search):
    response = offline_search.search("曼谷 明天 天气", max_results=3)
    assert set(response) == {"query", "results", "response_time"}  # no answer unless asked
    assert response["query"] == "曼谷 明天 天气"
    assert len(response["results"]) == 3
    for hit in response["results"]:
        assert set(hit) == {"title", "url", "content", "score"}
    scores = [hit["score"] for hit in response["results"]]
    assert scores[0] == 1.0 and scores == sorted(scores, reverse=True) and scores[-1] > 0


def test_include_answer_is_the_top_hits_first_two_sentences(offline_search):
    response = offline_search.search("曼谷 明天 天气", include_answer=True)
    assert response["answer"] == (
        "曼谷明天多云转雷阵雨，气温 26°C 到 31°C。"
        "降雨概率 80%，雷雨多出现在午后到傍晚，出门需要带伞，最好选结实的雨伞并避开低洼路段。"
    )


def test_a_query_with_no_known_word_returns_no_results(offline_search):
    response = offline_search.search("zzzz qqqq", include_answer=True)
    assert response["results"] == [] and response["answer"] is None


def test_extractive_answer_of_nothing_is_none():
    assert extractive_answer([]) is None


# ---------------------------------------------------------------- backends and the factory


class StubTavilyClient:
    """Stands in for ``TavilyClient``; records what it was asked."""

    def __init__(self):
        self.calls = []

    def search(self, **kwargs):
        self.calls.append(kwargs)
        return {
            "query": kwargs["query"],
            "answer": "It is hot.",
            "images": [],
            "results": [
                {"title": "T", "url": "https://t.example/a", "content": "C", "score": 0.9, "raw_content": None}
            ],
            "response_time": 0.42,
        }


def test_tavily_backend_passes_the_options_and_keeps_the_shape():
    stub = StubTavilyClient()
    backend = TavilySearch(client=stub)
    response = backend.search("Bangkok", max_results=3, include_answer=True)
    assert stub.calls == [{"query": "Bangkok", "search_depth": "basic", "max_results": 3, "include_answer": True}]
    assert response == {
        "query": "Bangkok",
        "results": [{"title": "T", "url": "https://t.example/a", "content": "C", "score": 0.9}],
        "answer": "It is hot.",
        "response_time": 0.42,
    }


def test_make_search_picks_tavily_only_with_a_key(monkeypatch):
    monkeypatch.delenv("TAVILY_API_KEY", raising=False)
    assert isinstance(make_search(), OfflineSearch)
    assert isinstance(make_search(""), OfflineSearch)
    assert isinstance(make_search({"tavily_api_key": ""}), OfflineSearch)

    backend = make_search("tvly-secret-123")
    assert isinstance(backend, TavilySearch)
    assert "tvly-secret-123" not in repr(backend)
    assert backend._client is None  # nothing built, nothing sent, until a search is made

    class Settings:
        tavily_api_key = "tvly-from-settings"

    assert isinstance(make_search(Settings()), TavilySearch)
    monkeypatch.setenv("TAVILY_API_KEY", "tvly-env")
    assert isinstance(make_search(), TavilySearch)


def test_both_backends_satisfy_the_protocol():
    assert isinstance(OfflineSearch(), SearchBackend)
    assert isinstance(TavilySearch(client=StubTavilyClient()), SearchBackend)


def test_tavily_backend_refuses_to_exist_without_a_key():
    with pytest.raises(ValueError):
        TavilySearch("")
