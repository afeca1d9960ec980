"""One list of tools, one truth: lookup by name and a snapshot of every schema.

``TOOLS`` is the single list the agents bind to the model. ``get_tool`` fails loudly
on an unknown name: a misspelt tool name is a bug to catch while developing, not
something to paper over at run time. ``schema_snapshot`` exports what the model
will read (name, description, parameter schema) so a test can watch it: if someone
drops the ``Args:`` section or the ``parse_docstring=True`` flag, the parameter
descriptions disappear silently, and only a test on this snapshot turns red.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.tools import BaseTool
from pydantic import BaseModel

from lessons.tutor.tools import build_tools

# Built over the default, in-memory data: no network, no files, no client.
TOOLS: list[BaseTool] = build_tools()


def get_tool(name: str, tools: Sequence[BaseTool] | None = None) -> BaseTool:
    """Return the tool called ``name``.

    Args:
        name: the tool name, e.g. ``"get_schedule"``.
        tools: where to look; defaults to :data:`TOOLS`.

    Raises:
        KeyError: when no tool has that name; the message lists the available names.
    """
    pool = list(tools) if tools is not None else TOOLS
    for item in pool:
        if item.name == name:
            return item
    raise KeyError(f"工具 {name!r} 不存在 / no tool named {name!r}; available: {[t.name for t in pool]}")


def schema_snapshot(tools: Sequence[BaseTool] | None = None) -> list[dict[str, Any]]:
    """Export each tool's schema as ``{"name", "description", "parameters"}``.

    ``parameters`` is the real ``args_schema.model_json_schema()`` output.

    Args:
        tools: the tools to export; defaults to :data:`TOOLS`.
    """
    pool = list(tools) if tools is not None else TOOLS
    return [
        {
            "name": item.name,
            "description": item.description or "",
            "parameters": _parameters_of(item),
        }
        for item in pool
    ]


def _parameters_of(item: BaseTool) -> dict[str, Any]:
    """The JSON Schema of a tool's arguments (``{}`` when it has none)."""
    schema = item.args_schema
    if schema is None:
        return {}
    if isinstance(schema, dict):  # a tool built from a raw JSON schema
        return dict(schema)
    if issubclass(schema, BaseModel):  # Pydantic v2, as @tool builds it
        return schema.model_json_schema()
    return schema.schema()  # a Pydantic v1 model
