"""Shared helpers for the tutor tests: build scripted replies the way a model sends them."""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.messages import AIMessage


def call(name: str, args: dict[str, Any], id: str | None = None) -> dict[str, Any]:
    """One tool call as it appears on an AIMessage."""
    return {"name": name, "args": args, "id": id, "type": "tool_call"}


def asks(*calls: dict[str, Any]) -> AIMessage:
    """A model reply that asks for the given tool calls and says nothing."""
    return AIMessage(content="", tool_calls=list(calls))


@pytest.fixture
def q2_script() -> list[Any]:
    """The article's question two, scripted: two parallel calls, then the answer."""
    return [
        asks(
            call("get_schedule", {"student_id": "S1001", "date": "2026-07-25"}, "c1"),
            call("get_learning_record", {"student_id": "S1001"}, "c2"),
        ),
        "7 月 25 日（周六）你有两节课：09:00-10:30 雅思写作精讲，19:00-20:00 口语陪练。已学 42/80 课时，进度 52%。",
    ]
