"""What kind of value each parameter of a tool wants, read from its name, type and description.

A parameter is a date, an id, a city, an English word, a count of days or of results, a
search query, an intent summary, an enum, a number, a boolean or plain text. The kind
decides where the model looks for a value (see :mod:`.arguments`), and which things named
in a question make a tool fit it (a city makes a tool with a city parameter fit better).
"""

from __future__ import annotations

import re
from typing import Any

_DAYS_NAMES = ("days", "num_days", "n_days", "day_count", "forecast_days")
_COUNT_NAMES = ("limit", "max_results", "n", "count", "top_k", "k", "num_results", "size")


def param_kind(pname: str, schema: dict[str, Any]) -> str:
    """Classify a parameter by its name, type and description.

    >>> param_kind("date", {"type": "string", "description": "YYYY-MM-DD"})
    'date'
    >>> param_kind("days", {"type": "integer", "description": "查询的天数"})
    'days'
    """
    name = pname.lower()
    desc = str(schema.get("description", "")).lower()
    typ = schema.get("type")
    if schema.get("enum"):
        return "enum"
    if typ in ("integer", "number"):
        if name in _DAYS_NAMES or "天数" in desc or re.search(r"\bnumber of days\b|\bhow many days\b", desc):
            return "days"
        if name in _COUNT_NAMES or "几条" in desc or re.search(r"\bhow many results\b|\bresults\b", desc):
            return "count"
        return "number"
    if typ == "boolean":
        return "boolean"
    if "date" in name or "yyyy-mm-dd" in desc or "日期" in desc:
        return "date"
    if name.endswith("id") or "学号" in desc or re.search(r"\bid\b", desc):
        return "id"
    if name in ("city", "location", "place") or "城市" in desc or "city" in desc:
        return "city"
    if name in ("word", "term", "vocab") or "单词" in desc or "english word" in desc:
        return "word"
    if "query" in name or "keyword" in name or name in ("q", "search", "topic") or "关键词" in desc:
        return "query"
    if "intent" in name or "reason" in name or "summary" in name or "意图" in desc:
        return "intent"
    return "text"


def resolve(pschema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    """Follow a local ``$ref`` / single ``anyOf`` so the kind of a parameter can be read."""
    if "$ref" in pschema and isinstance(pschema["$ref"], str):
        ref = pschema["$ref"].split("/")[-1]
        defs = root.get("$defs") or root.get("definitions") or {}
        target = defs.get(ref, {}) if isinstance(defs, dict) else {}
        target = target if isinstance(target, dict) else {}
        return {**target, **{k: v for k, v in pschema.items() if k != "$ref"}}
    if "anyOf" in pschema and "type" not in pschema and isinstance(pschema["anyOf"], list):
        options = [o for o in pschema["anyOf"] if isinstance(o, dict) and o.get("type") != "null"]
        if len(options) == 1:
            return {**options[0], **{k: v for k, v in pschema.items() if k != "anyOf"}}
    return pschema


def properties(params: Any) -> dict[str, dict[str, Any]]:
    """The properties of an object schema, each resolved; ``{}`` for anything else."""
    if not isinstance(params, dict):
        return {}
    props = params.get("properties")
    if not isinstance(props, dict):
        return {}
    return {str(k): resolve(v if isinstance(v, dict) else {}, params) for k, v in props.items()}


def required(params: Any) -> list[str]:
    """The required property names of an object schema."""
    raw = params.get("required") if isinstance(params, dict) else None
    return [r for r in raw if isinstance(r, str)] if isinstance(raw, list) else []


def function_of(tool: dict[str, Any]) -> dict[str, Any]:
    """The ``function`` object of a tool in the chat-completions shape (``{}`` when absent)."""
    fn = tool.get("function")
    return fn if isinstance(fn, dict) else {}


def tool_name(tool: dict[str, Any]) -> str:
    return str(function_of(tool).get("name") or "")


def kinds_of(tool: dict[str, Any]) -> dict[str, str]:
    """Each parameter of a tool and its kind."""
    return {p: param_kind(p, s) for p, s in properties(function_of(tool).get("parameters")).items()}
