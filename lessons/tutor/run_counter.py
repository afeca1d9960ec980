"""A LangChain callback that counts how many times tools really ran (the loop-guard lesson's meter).

It subclasses LangChain's ``BaseCallbackHandler``, so it lives apart from
:mod:`lessons.tutor.lesson_4_loop_guard`, whose top level stays light (the registry imports it to
count the page's exercises); that module still offers it as ``ToolRunCounter``.
"""

from __future__ import annotations

from typing import Any

from langchain_core.callbacks import BaseCallbackHandler


class ToolRunCounter(BaseCallbackHandler):
    """Counts how many times tools really ran (LangChain calls ``on_tool_start`` each time)."""

    def __init__(self) -> None:
        self.runs: list[str] = []

    def on_tool_start(self, serialized: dict[str, Any], input_str: str, **kwargs: Any) -> None:
        """Note one real run of the tool named in ``serialized``."""
        self.runs.append(str((serialized or {}).get("name", "")))
