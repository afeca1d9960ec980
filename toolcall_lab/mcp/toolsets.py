"""Where the MCP server's tools come from: a ``module:attribute`` spec resolved at run time.

The ground floor may not import the lessons (an import contract), yet it serves the lessons' own
tools, built by the same factories the pages use. So, like ``uvicorn main:app``, the command line
names the tool sets as a string, ``--toolsets lessons.toolsets:TOOLSETS`` by default, and
:func:`load_toolsets` imports that module with :mod:`importlib` only when the server starts. The
attribute is a mapping from a set's name (``weather``, ``tutor``, ``search``) to a factory that takes
``lang`` (``"zh"`` or ``"en"``) and returns LangChain tools.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from langchain_core.tools import BaseTool

DEFAULT_SPEC = "lessons.toolsets:TOOLSETS"
ToolFactory = Callable[..., Any]


class ToolsetError(ValueError):
    """A spec that names no module or attribute, or a tool set that does not exist."""


def load_toolsets(spec: str = DEFAULT_SPEC) -> Mapping[str, ToolFactory]:
    """Import ``module:attribute`` and return the mapping of tool-set factories it names.

    >>> sorted(load_toolsets("toolcall_lab.mcp.toolsets:BUILTIN"))
    ['weather']
    """
    module_name, sep, attribute = spec.partition(":")
    if not sep or not module_name or not attribute:
        raise ToolsetError(f"expected 'module:attribute', got {spec!r}")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ToolsetError(f"cannot import {module_name!r}: {exc}") from exc
    found = getattr(module, attribute, None)
    if not isinstance(found, Mapping):
        raise ToolsetError(f"{spec!r} is not a mapping of tool-set factories")
    return found


def build_tools(names: Sequence[str], lang: str, spec: str = DEFAULT_SPEC) -> list[BaseTool]:
    """The tools of the named sets, in order, each built by its factory with ``lang``."""
    sets = load_toolsets(spec)
    tools: list[BaseTool] = []
    for name in names:
        if name not in sets:
            raise ToolsetError(f"unknown tool set {name!r}; known: {', '.join(sorted(sets))}")
        built = sets[name](lang=lang)
        tools.extend(built if isinstance(built, list | tuple) else [built])
    return tools


def _weather(lang: str = "zh") -> list[BaseTool]:
    from toolcall_lab.stages.weather_data import build_weather_tool

    return [build_weather_tool(lang=lang)]


BUILTIN: Mapping[str, ToolFactory] = {"weather": _weather}
"""The one tool set the ground floor owns itself (the chain's weather tool), for tests and the docstring."""
