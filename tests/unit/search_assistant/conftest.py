"""Shared fixtures: the built-in teaching model, the offline corpus, a fresh memory saver."""

from __future__ import annotations

import uuid

import pytest


@pytest.fixture
def llm():
    """A real ``ChatOpenAI`` wired to the built-in, deterministic, in-process model."""
    from toolcall_lab.llm import build_chat_model

    return build_chat_model()


@pytest.fixture(scope="session")
def offline_search():
    from lessons.search_assistant.search import OfflineSearch

    return OfflineSearch()


@pytest.fixture
def memory():
    from langgraph.checkpoint.memory import InMemorySaver

    return InMemorySaver()


@pytest.fixture
def thread_id():
    """A thread id no other test uses."""
    return f"test-{uuid.uuid4().hex[:10]}"
