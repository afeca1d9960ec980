"""Stage 2, checking — which of the rules the learner wrote reach the model, and which never do.

Each rule read by :mod:`.model_source` (``ge=1``, ``pattern=...``, ``extra="forbid"``, a
``Literal``) is looked up in two real artifacts: the model's ``model_json_schema()`` and
the strict OpenAI tool (``convert_to_openai_tool(model, strict=True)``, through
:func:`toolcall_lab.stages.core.openai_tool`). A rule found in neither is one the model
never sees; custom validators are never in either.
"""

from __future__ import annotations

import warnings
from typing import Any

from pydantic import BaseModel

from toolcall_lab.errors import explain
from toolcall_lab.i18n import Text
from toolcall_lab.stages import core
from toolcall_lab.stages._common import Refused
from toolcall_lab.stages.model_source import FIELD_KEYWORDS, STAGE


def _resolve(prop: dict[str, Any], defs: dict[str, Any]) -> list[dict[str, Any]]:
    """A property schema and the sub-schemas it points to ($ref, anyOf, items)."""
    seen: list[dict[str, Any]] = []
    stack = [prop]
    while stack and len(seen) < 50:
        current = stack.pop()
        if not isinstance(current, dict):
            continue
        seen.append(current)
        ref = current.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            stack.append(defs.get(ref.split("/")[-1], {}))
        stack.extend(current.get("anyOf", []) or [])
        stack.extend(current.get("allOf", []) or [])
    return seen


def find_keyword(schema: dict[str, Any], field_name: str | None, rule: str) -> str | None:
    """The JSON Schema keyword that carries ``rule`` for ``field_name``, if present in ``schema``."""
    if field_name is None:  # model-level: extra="forbid" → additionalProperties: false
        return "additionalProperties" if schema.get("additionalProperties") is False else None
    prop = schema.get("properties", {}).get(field_name)
    if prop is None:
        return None
    keywords = FIELD_KEYWORDS.get(rule, ("enum", "const"))
    for sub in _resolve(prop, schema.get("$defs", {})):
        for kw in keywords:
            if kw in sub:
                return kw
    return None


def _why_invisible(rule: str, in_schema: bool, in_strict: bool) -> str | None:
    if rule == "strict":
        return "strict_switch"
    if not in_schema:
        return "not_in_schema"
    if not in_strict:
        return "dropped_by_strict"
    return None


def analyse(model: type[BaseModel], written: list[dict[str, Any]], validators: list[dict[str, Any]]) -> dict[str, Any]:
    """Look for each written rule in the model's real JSON Schema and in its strict tool.

    Returns:
        ``{"schema", "strict", "rules", "invisible", "strict_changes", "warnings"}``: the two
        artifacts, one row per rule (``schema_keyword``, ``in_schema``, ``in_strict``,
        ``note``), the rules the model never sees, what strict mode changes, and what
        Pydantic warned about while generating the schema.
    """
    try:
        # Pydantic warns (and leaves a default out) when a default has no JSON form.
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            schema = model.model_json_schema()
    except Exception as exc:
        raise Refused(
            explain(
                STAGE,
                exc,
                title=Text(
                    "模型创建成功，但无法生成 JSON Schema",
                    "The model was built, but its JSON Schema cannot be generated",
                ),
                hint=Text("某个默认值或类型无法用 JSON 表达。", "A default or a type has no JSON form."),
            )
        ) from None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the same warnings were recorded just above
            strict: dict[str, Any] | None = core.openai_tool(model, strict=True)
    except Exception:
        strict = None
    strict_params = (strict or {}).get("function", {}).get("parameters", {})

    rules, invisible = [], []
    for item in written:
        keyword_found = find_keyword(schema, item["field"], item["rule"])
        in_strict = find_keyword(strict_params, item["field"], item["rule"]) is not None
        row = {**item, "schema_keyword": keyword_found, "in_schema": keyword_found is not None, "in_strict": in_strict}
        why = _why_invisible(item["rule"], row["in_schema"], in_strict)
        row["note"] = why
        rules.append(row)
        if why is not None:
            invisible.append({"field": item["field"], "rule": item["rule"], "why": why})
    for record in validators:
        invisible.append(
            {
                "field": ", ".join(record["fields"]) or None,
                "rule": f"{record['kind']}:{record['name']}",
                "why": "runs_only_at_call_time",
            }
        )

    # Strict mode makes every property required: a default no longer lets the model leave it out.
    optional = [name for name in schema.get("properties", {}) if name not in schema.get("required", [])]
    strict_changes = [
        {
            "field": name,
            "change": "required",
            "why": "strict_requires_every_field",
        }
        for name in optional
        if name in strict_params.get("required", [])
    ]
    return {
        "schema": schema,
        "strict": strict,
        "rules": rules,
        "invisible": invisible,
        "strict_changes": strict_changes,
        "warnings": [f"{w.category.__name__}: {w.message}" for w in caught],
    }
