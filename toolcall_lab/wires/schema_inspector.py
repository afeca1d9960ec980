"""The schema inspector: what each provider receives for one tool, and what each would reject or drop.

:func:`inspect_schema` takes a LangChain tool or a Pydantic model and runs the real converters:

* OpenAI: ``convert_to_openai_tool(tool)``; OpenAI strict: ``convert_to_openai_tool(tool, strict=True)``;
* Anthropic: ``langchain_anthropic``'s ``convert_to_anthropic_tool(tool)``;
* Gemini: ``langchain_google_genai``'s ``convert_to_genai_function_declarations([tool])``, dumped as the
  google-genai SDK puts it on the wire (camelCase);
* MCP: the ``inputSchema`` the lab's MCP server lists (:func:`toolcall_lab.mcp.server.mcp_tool`).

Then :func:`lint` compares each received schema with the tool's own JSON Schema (``$ref`` inlined, so a
nested model is compared field by field) and applies the rules of :mod:`.schema_rules`: a keyword the
conversion lost is *dropped*; what strict mode or a name pattern refuses is *rejected*. Every
:class:`Finding` carries its rule's source, the date it was checked, and the fix in the learner's language.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from langchain_core.tools import BaseTool, StructuredTool
from pydantic import BaseModel

from toolcall_lab.wires.schema_rules import BY_ID, STRICT_UNSUPPORTED

PROVIDERS = ("openai", "openai_strict", "anthropic", "gemini", "mcp")
_IGNORED = {"title", "$defs", "$ref"}  # LangChain drops titles everywhere (the name carries them); refs are inlined
_NAME = {
    "openai": re.compile(r"^[a-zA-Z0-9_-]{1,64}$"),
    "anthropic": re.compile(r"^[a-zA-Z0-9_-]{1,128}$"),
    "gemini": re.compile(r"^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$"),
}


@dataclass(frozen=True)
class Finding:
    """One rule that applies to this schema, in one language."""

    rule: str
    provider: str
    effect: str
    path: str
    text: str
    fix: str
    source: str
    checked: str


@dataclass(frozen=True)
class Inspection:
    """What each provider receives, and the findings of the lint."""

    name: str
    own_schema: dict[str, Any]
    received: dict[str, Any]
    findings: list[Finding]


def as_tool(target: BaseTool | type[BaseModel]) -> BaseTool:
    """A tool as it is, or a Pydantic model as the arguments of a tool named after it."""
    if isinstance(target, BaseTool):
        return target
    description = (target.__doc__ or target.__name__).strip()
    return StructuredTool.from_function(lambda **kw: kw, name=target.__name__, description=description,
                                        args_schema=target)  # fmt: skip


def received(tool: BaseTool) -> dict[str, Any]:
    """What each provider's request carries for ``tool``, from the real converters."""
    from langchain_anthropic.chat_models import convert_to_anthropic_tool
    from langchain_core.utils.function_calling import convert_to_openai_tool
    from langchain_google_genai._function_utils import convert_to_genai_function_declarations

    from toolcall_lab.mcp.server import mcp_tool

    quiet = logging.getLogger("langchain_google_genai._function_utils")
    level = quiet.level
    quiet.setLevel(logging.ERROR)  # it logs each key it ignores; the lint reports them instead
    try:
        (gemini,) = convert_to_genai_function_declarations([tool])
    finally:
        quiet.setLevel(level)
    return {
        "openai": convert_to_openai_tool(tool),
        "openai_strict": convert_to_openai_tool(tool, strict=True),
        "anthropic": dict(convert_to_anthropic_tool(tool)),
        "gemini": gemini.model_dump(mode="json", exclude_none=True, by_alias=True)["functionDeclarations"][0],
        "mcp": mcp_tool(tool).model_dump(mode="json", exclude_none=True, by_alias=True),
    }


def parameters(provider: str, body: dict[str, Any]) -> dict[str, Any]:
    """The parameter schema inside one provider's tool definition."""
    if provider in ("openai", "openai_strict"):
        return dict(body["function"].get("parameters") or {})
    if provider == "anthropic":
        return dict(body.get("input_schema") or {})
    if provider == "gemini":
        return dict(_lower_types(body.get("parameters") or body.get("parametersJsonSchema") or {}))
    return dict(body.get("inputSchema") or {})


def _lower_types(schema: Any) -> Any:
    if isinstance(schema, dict):
        return {k: (v.lower() if k == "type" and isinstance(v, str) else _lower_types(v)) for k, v in schema.items()}
    if isinstance(schema, list):
        return [_lower_types(v) for v in schema]
    return schema


def inline_refs(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema with every local ``$ref`` replaced by its definition (a recursive model is cut at depth 8)."""
    defs = schema.get("$defs") or {}

    def walk(node: Any, depth: int) -> Any:
        if isinstance(node, list):
            return [walk(v, depth) for v in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and depth < 8:
            merged = {**defs.get(ref.split("/")[-1], {}), **{k: v for k, v in node.items() if k != "$ref"}}
            return walk(merged, depth + 1)
        return {k: walk(v, depth) for k, v in node.items() if k != "$defs"}

    return dict(walk(schema, 0))


def nodes(schema: Any, path: str = "(root)") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every subschema with its place: ``(root)``, ``ship``, ``ship.city``, ``tags[]``, ``note|1``."""
    if not isinstance(schema, dict):
        return
    yield path, schema
    for name, sub in (schema.get("properties") or {}).items():
        yield from nodes(sub, name if path == "(root)" else f"{path}.{name}")
    if isinstance(schema.get("items"), dict):
        yield from nodes(schema["items"], f"{path}[]")
    for key in ("anyOf", "oneOf", "allOf"):
        for i, sub in enumerate(schema.get(key) or []):
            yield from nodes(sub, f"{path}|{i}")


_PYTHON = {"integer": "int", "string": "str", "number": "float", "boolean": "bool", "array": "list", "object": "dict"}


def _finding(rule_id: str, lang: str, path: str, node: dict[str, Any] | None = None, **values: str) -> Finding:
    rule = BY_ID[rule_id]
    kind = (node or {}).get("type")
    if kind is None:  # `X | None` is anyOf [X, null]: name X
        kinds = [s.get("type") for s in (node or {}).get("anyOf") or [] if s.get("type") != "null"]
        kind = kinds[0] if kinds else None
    python = _PYTHON.get(str(kind), "str") if isinstance(kind, str) else "str"
    fill = {"path": path, "name": path.rsplit(".", 1)[-1], "keyword": "", "type": python, **values}
    return Finding(rule.id, rule.provider, rule.effect, path, rule.text(lang).format(**fill),
                   rule.fix(lang).format(**fill), rule.source, rule.checked)  # fmt: skip


def _dropped(provider: str, own: dict[str, Any], got: dict[str, Any], lang: str) -> list[Finding]:
    theirs = dict(nodes(got))
    found = []
    for path, node in nodes(own):
        other = theirs.get(path)
        if other is None:
            continue
        moved = {"description"} if path == "(root)" else set()  # the tool's description, said beside the schema
        for keyword in sorted(set(node) - set(other) - _IGNORED - moved - {"properties", "items"}):
            if provider == "gemini" and keyword == "anyOf" and other.get("nullable"):
                continue  # `X | None` became `nullable: true`: said another way, not lost
            found.append(_finding(f"{provider}.dropped", lang, path, keyword=keyword))
    return found


def _strict(strict: dict[str, Any], own: dict[str, Any], lang: str) -> list[Finding]:
    found = []
    originals = dict(nodes(own))
    for path, node in nodes(strict):
        if node.get("type") == "object" or "properties" in node:
            required = set(node.get("required") or [])
            for name in node.get("properties") or {}:
                place = name if path == "(root)" else f"{path}.{name}"
                sub = (node.get("properties") or {})[name]
                if name not in required:
                    found.append(_finding("openai_strict.required", lang, place, sub))
                elif name not in set((originals.get(path) or {}).get("required") or []):
                    found.append(_finding("openai_strict.optional_became_required", lang, place, sub))
            if node.get("additionalProperties") is not False:
                found.append(_finding("openai_strict.additional_properties", lang, path))
        for keyword in STRICT_UNSUPPORTED:
            if keyword in node:
                found.append(_finding("openai_strict.keyword", lang, path, keyword=keyword))
    return found


def lint(tool: BaseTool, got: dict[str, Any], lang: str = "en") -> list[Finding]:
    """Every rule that applies to ``tool`` as the providers received it (``got``, from :func:`received`)."""
    from toolcall_lab.mcp.server import input_schema

    own = inline_refs(input_schema(tool))
    findings = []
    for provider, pattern in _NAME.items():
        if not pattern.match(tool.name):
            findings.append(_finding(f"{provider}.name", lang, "(name)", name=tool.name))
    for provider in ("openai", "anthropic", "gemini"):
        findings.extend(_dropped(provider, own, parameters(provider, got[provider]), lang))
    findings.extend(_strict(parameters("openai_strict", got["openai_strict"]), own, lang))
    raw = parameters("mcp", got["mcp"])
    for path, node in nodes(raw):
        for keyword in ("$ref", "anyOf", "oneOf"):
            if keyword in node:
                findings.append(_finding("mcp.ref_anyof", lang, path, keyword=keyword))
    return findings


def inspect_schema(target: BaseTool | type[BaseModel], lang: str = "en") -> Inspection:
    """What OpenAI, OpenAI strict, Anthropic, Gemini and MCP receive for ``target``, and the lint of it."""
    tool = as_tool(target)
    got = received(tool)
    from toolcall_lab.mcp.server import input_schema

    return Inspection(tool.name, input_schema(tool), got, lint(tool, got, lang))
