"""The lessons' tool sets, by name, for the MCP server (``python -m toolcall_lab.mcp serve``).

Each entry is a factory taking ``lang`` (``"zh"`` or ``"en"``) that builds the same tools the lesson
pages build, from the same factories: the chain's ``get_weather``, the 小E tutor's three tools, and
the search assistant's ``search_web`` over the offline corpus. The server finds this mapping through
its ``--toolsets`` spec, ``lessons.toolsets:TOOLSETS`` by default.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from langchain_core.tools import BaseTool

from lessons.search_assistant.agent import make_search_web_tool
from lessons.tutor.tools import build_tools as build_tutor_tools
from toolcall_lab.stages.weather_data import build_weather_tool


def weather(lang: str = "zh") -> list[BaseTool]:
    """The chain's ``get_weather`` tool."""
    return [build_weather_tool(lang=lang)]


def tutor(lang: str = "zh") -> list[BaseTool]:
    """The 小E tutor's ``lookup_word``, ``get_schedule`` and ``get_learning_record``."""
    return build_tutor_tools(lang=lang)


def search(lang: str = "zh") -> list[BaseTool]:
    """The search assistant's ``search_web`` (bilingual already; ``lang`` is accepted for the same signature)."""
    del lang
    return [make_search_web_tool()]


TOOLSETS: Mapping[str, Callable[..., Any]] = {"weather": weather, "tutor": tutor, "search": search}
