"""One tool's function through ``@tool`` twice, with and without ``parse_docstring=True`` (tutor 3's artifact).

It imports LangChain at its top, so it lives apart from :mod:`lessons.tutor.lesson_3_registry`, whose
top level stays light (the registry imports it to count the page's exercises); that module still
offers it as ``parse_docstring_comparison``. The page shows this function's source as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.tools import BaseTool, StructuredTool, tool
from langchain_core.utils.function_calling import convert_to_openai_tool

from lessons.tutor.lesson_common import tools_for
from lessons.tutor.registry import get_tool, schema_snapshot


def parse_docstring_comparison(
    name: str = "get_schedule", tools: Sequence[BaseTool] | None = None, lang: str = "zh"
) -> dict[str, Any]:
    """Build one tool's function twice, with and without ``parse_docstring=True``.

    The same Python function (the tool's ``func``) goes through ``@tool`` and through
    ``@tool(parse_docstring=True)``; both schemas are the libraries' real output.

    Returns:
        ``{"name", "with", "without", "lost"}`` where ``with``/``without`` are
        ``{"description", "model_json_schema", "openai_tool"}`` and ``lost`` lists
        ``{"parameter", "description"}`` for every parameter description that only
        the flag put into the schema.

    Raises:
        TypeError: when the tool was not built from a Python function.
    """
    found = get_tool(name, tools if tools is not None else tools_for(lang))
    if not isinstance(found, StructuredTool) or found.func is None:
        raise TypeError(f"{name!r} is not a tool built from a Python function")
    func = found.func
    built = {"with": tool(parse_docstring=True)(func), "without": tool(func)}
    out: dict[str, Any] = {"name": name}
    for key, item in built.items():
        out[key] = {
            "description": item.description,
            "model_json_schema": schema_snapshot([item])[0]["parameters"],  # args_schema.model_json_schema()
            "openai_tool": convert_to_openai_tool(item),
        }
    with_props = out["with"]["openai_tool"]["function"]["parameters"]["properties"]
    without_props = out["without"]["openai_tool"]["function"]["parameters"]["properties"]
    out["lost"] = [
        {"parameter": pname, "description": schema["description"]}
        for pname, schema in with_props.items()
        if schema.get("description") and not without_props.get(pname, {}).get("description")
    ]
    return out
