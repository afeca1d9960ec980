"""Filling arguments: each parameter's value read from the question, its history or the system text.

A parameter is classified by its name, type and description (a date, an id, a city, a
search query …) and filled with what the words hold for that kind, or left out.
"""

from __future__ import annotations

import ast
import re
from typing import Any

from toolcall_lab.offline import nlu
from toolcall_lab.offline.choosing import score_tool


def _kind(pname: str, schema: dict[str, Any]) -> str:
    """Classify a parameter by its name and description."""
    name = pname.lower()
    desc = str(schema.get("description", "")).lower()
    typ = schema.get("type")
    if schema.get("enum"):
        return "enum"
    if typ in ("integer", "number"):
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


def _find_id(pattern: re.Pattern[str] | None, ctx: nlu.Context, clause: str) -> str | None:
    if pattern is None:
        return None
    for text in (clause, ctx.question, *reversed(ctx.history), ctx.system):
        m = pattern.search(text)
        if m:
            return m.group(1).upper()
    return None


def fill_value(pname: str, schema: dict[str, Any], ctx: nlu.Context, clause: str) -> Any:
    """Extract one argument's value from the clause, the question, history or system text.

    Returns ``None`` when the words hold nothing for this parameter.
    """
    kind = _kind(pname, schema)
    desc = str(schema.get("description", ""))
    if kind == "enum":
        for value in schema["enum"]:
            if str(value).lower() in clause.lower():
                return value
        return schema.get("default")
    if kind == "number":
        units = (
            ("天", "日", "day", "days", "条", "个", "results", "result", "items")
            if pname.lower() in ("days", "limit", "max_results", "n", "count", "top_k", "k")
            else ()
        )
        found = nlu.numbers_near(clause, units) if units else []
        if found:
            return found[0] if schema.get("type") == "integer" else float(found[0])
        return None
    if kind == "boolean":
        return None
    if kind == "date":
        dates = nlu.iso_dates(clause) or nlu.iso_dates(ctx.question)
        if dates:
            return dates[0]
        rel = nlu.relative_dates(clause) or nlu.relative_dates(ctx.question)
        if rel:
            return rel[0]  # passed through raw, as real models do
        for text in reversed(ctx.history):
            past = nlu.time_words(text)
            if past:
                return past[-1]
        return None
    if kind == "id":
        return _find_id(nlu.id_pattern_from(desc), ctx, clause)
    if kind == "city":
        cities = nlu.cities_in(clause) or nlu.cities_in(ctx.question)
        if not cities and ctx.is_follow_up:
            for text in reversed(ctx.history):
                cities = nlu.cities_in(text)
                if cities:
                    break
        if cities:
            return cities[0]
        return nlu.unknown_place(clause) or nlu.unknown_place(ctx.question)
    if kind == "word":
        terms = nlu.english_terms(clause) or nlu.english_terms(ctx.question)
        return terms[0] if terms else None
    if kind == "query":
        words = ctx.resolved_keywords() if ctx.is_follow_up else nlu.keywords(clause)
        return " ".join(words) if words else None
    if kind == "intent":
        topic = " ".join(ctx.resolved_keywords()) or ctx.question
        return f"用户想了解：{topic}" if ctx.lang == "zh" else f"The user wants to know about: {topic}"
    return clause.strip() or None


def fill_arguments(
    schema: dict[str, Any], ctx: nlu.Context, clause: str, *, all_required: bool = False
) -> tuple[dict[str, Any], list[str]]:
    """Fill an object schema's properties.

    Args:
        schema: the JSON schema of the arguments (``type: object``).
        ctx: what the model knows.
        clause: the part of the question this call answers.
        all_required: structured output must fill every required field, even with a guess.

    Returns:
        ``(arguments, missing)``: the values found, and required names with no value.
    """
    props = schema.get("properties") if isinstance(schema, dict) else None
    props = props if isinstance(props, dict) else {}
    required_raw = schema.get("required") if isinstance(schema, dict) else None
    required = [r for r in required_raw if isinstance(r, str)] if isinstance(required_raw, list) else []
    args: dict[str, Any] = {}
    missing: list[str] = []
    for pname, pschema in props.items():
        pschema = pschema if isinstance(pschema, dict) else {}
        pschema = _resolve(pschema, schema)
        value = fill_value(pname, pschema, ctx, clause)
        if value is None and all_required and pname in required:
            value = _placeholder(pschema, ctx)
        if value is not None:
            args[pname] = value
        elif pname in required:
            missing.append(pname)
    return args, missing


def _resolve(pschema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    """Follow a local ``$ref`` / single ``anyOf`` so the kind of a parameter can be read."""
    if "$ref" in pschema:
        ref = pschema["$ref"].split("/")[-1]
        target = (root.get("$defs") or root.get("definitions") or {}).get(ref, {})
        return {**target, **{k: v for k, v in pschema.items() if k != "$ref"}}
    if "anyOf" in pschema and "type" not in pschema:
        options = [o for o in pschema["anyOf"] if isinstance(o, dict) and o.get("type") != "null"]
        if len(options) == 1:
            return {**options[0], **{k: v for k, v in pschema.items() if k != "anyOf"}}
    return pschema


def _placeholder(pschema: dict[str, Any], ctx: nlu.Context) -> Any:
    typ = pschema.get("type")
    if "default" in pschema:
        return pschema["default"]
    if typ == "integer":
        return int(pschema.get("minimum", 1))
    if typ == "number":
        return float(pschema.get("minimum", 0))
    if typ == "boolean":
        return False
    if typ == "array":
        return []
    if typ == "object":
        return {}
    return ctx.question


def literal_call(name: str, schema: dict[str, Any], text: str) -> dict[str, Any]:
    """Arguments written out as a call in the text: ``magic_function(3)`` or ``f(a=1, b="x")``.

    Positional values fill the schema's properties in order; keyword values fill the
    property they name. Only literal values (numbers, strings, lists …) are read.

    >>> literal_call("magic_function", {"properties": {"input": {"type": "integer"}}}, "magic_function(3)?")
    {'input': 3}
    """
    found = re.search(rf"(?<![\w.]){re.escape(name)}\s*\(([^()]*)\)", text) if name else None
    if found is None:
        return {}
    try:
        call = ast.parse(f"f({found.group(1)})", mode="eval").body
        assert isinstance(call, ast.Call)
        positional = [ast.literal_eval(a) for a in call.args]
        named = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg}
    except (SyntaxError, ValueError, TypeError, AssertionError, RecursionError, MemoryError):
        return {}
    props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    return {**dict(zip(list(props or {}), positional, strict=False)), **named}


def arguments_for(
    tool: dict[str, Any], ctx: nlu.Context, clause: str, *, all_required: bool = False
) -> tuple[dict[str, Any], list[str]]:
    """A tool's arguments for a clause: a literal call first, then each parameter's reading.

    Returns:
        ``(arguments, missing)`` as :func:`fill_arguments` does.
    """
    fn = tool.get("function") or {}
    params = fn.get("parameters") or {"type": "object", "properties": {}}
    written = literal_call(str(fn.get("name", "")), params, ctx.question)
    args, missing = fill_arguments(params, ctx, clause)
    args.update(written)
    missing = [m for m in missing if m not in written]
    if all_required and missing:
        guessed, _ = fill_arguments(params, ctx, clause, all_required=True)
        args, missing = {**guessed, **args}, []
    return args, missing


def plan_calls(
    ctx: nlu.Context, chosen: list[dict[str, Any]]
) -> tuple[list[tuple[str, dict[str, Any]]], list[tuple[str, list[str]]]]:
    """Arguments for each chosen tool, and the tools skipped for a missing required value.

    A clause naming several cities for a city tool becomes one call per city (parallel calls).
    """
    clauses = nlu.split_clauses(ctx.question)
    calls: list[tuple[str, dict[str, Any]]] = []
    skipped: list[tuple[str, list[str]]] = []
    for tool in chosen:
        fn = tool.get("function") or {}
        name = fn.get("name", "")
        params = fn.get("parameters") or {"type": "object", "properties": {}}
        clause = max(clauses, key=lambda c: score_tool(c, tool, ctx)) if clauses else ctx.question
        args, missing = arguments_for(tool, ctx, clause)
        if missing:
            skipped.append((name, missing))
            continue
        calls.append((name, args))
        city_params = [
            p for p, s in (params.get("properties") or {}).items() if isinstance(s, dict) and _kind(p, s) == "city"
        ]
        if city_params:
            first = args.get(city_params[0])
            for extra in [c for c in nlu.cities_in(ctx.question) if c != first]:
                calls.append((name, {**args, city_params[0]: extra}))
    return calls, skipped


def forced_call(tool: dict[str, Any], ctx: nlu.Context) -> tuple[str, dict[str, Any]]:
    """The call a model makes when it must call ``tool`` (``tool_choice`` required or named).

    Like a real model it fills what it can read and guesses the rest of the required fields.
    """
    fn = tool.get("function") or {}
    args, _ = arguments_for(tool, ctx, ctx.question, all_required=True)
    return str(fn.get("name", "")), args
