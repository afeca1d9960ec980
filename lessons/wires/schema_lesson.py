"""The schema inspector on ②: what each provider receives for the learner's tool, and two exercises about it.

:func:`toolcall_lab.wires.schema_inspector.inspect_schema` does the work (the real converters of
langchain-core, langchain-anthropic, langchain-google-genai and the lab's MCP server, then the lint
of :mod:`toolcall_lab.wires.schema_rules`). Here: the exercises' specimens and checks, on a model the
learner types, parsed by the lab's parser (``parse_args_model``), never run.

* :func:`check_strict_compatible` — *make*: a model OpenAI's strict mode accepts (no finding of
  strict mode that ``rejects``);
* :func:`check_gemini_drops` — *predict*: which keywords the conversion to a Gemini function
  declaration drops from the specimen's schema.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from toolcall_lab.checks import Checked
from toolcall_lab.errors import ExplainedError

#: The specimen of both exercises: a trip with a length limit, a default and a range.
SPECIMEN = '''from pydantic import BaseModel, Field


class TripInput(BaseModel):
    """Plan a trip."""

    city: str = Field(description="The city", max_length=40)
    days: int = Field(default=1, ge=1, le=7, description="How many days")
'''
#: A strict-compatible rewrite of the specimen, tried by the check before it is offered as the answer.
STRICT_CANDIDATE = '''from pydantic import BaseModel, ConfigDict, Field


class TripInput(BaseModel):
    """Plan a trip."""

    model_config = ConfigDict(extra="forbid")

    city: str = Field(description="The city")
    days: int | None = Field(ge=1, le=7, description="How many days (null: one)")
'''
#: Keywords that are structure, not rules: never offered as "dropped".
_STRUCTURE = {"properties", "items", "title", "type", "$defs", "$ref", "anyOf"}


def inspect_source(source: str, lang: str) -> Any:
    """The inspection of the model in ``source`` (an ``Inspection``), or the parser's ``ExplainedError``."""
    from toolcall_lab.stages.args_model import parse_args_model
    from toolcall_lab.wires.schema_inspector import inspect_schema

    built = parse_args_model(source)
    return built if isinstance(built, ExplainedError) else inspect_schema(built.model, lang)


def strict_rejections(source: str, lang: str) -> list[dict[str, str]] | ExplainedError:
    """What OpenAI's strict mode would refuse in the model of ``source``: one row per finding."""
    found = inspect_source(source, lang)
    if isinstance(found, ExplainedError):
        return found
    strict = [f for f in found.findings if f.provider == "openai_strict" and f.effect == "rejects"]
    return [{"path": f.path, "text": f.text} for f in strict]


def check_strict_compatible(source: str | None, lang: str) -> Checked:
    """Make: the specimen rewritten so strict mode rejects nothing (its names and fields kept: ``city``, ``days``)."""
    expected = STRICT_CANDIDATE if strict_rejections(STRICT_CANDIDATE, lang) == [] else None
    if not source:
        return Checked(False, expected)
    rejected = strict_rejections(source, lang)
    if isinstance(rejected, ExplainedError):
        return Checked(False, expected, {"error": rejected.to_dict()}, error=rejected)
    fields = set((inspect_source(source, lang).own_schema.get("properties") or {}).keys())
    shown = {"rejections": rejected, "fields": sorted(fields)}
    return Checked(not rejected and fields == {"city", "days"}, expected, shown)


def keyword_options(source: str = SPECIMEN) -> list[str]:
    """Every ``path: keyword`` of the specimen's own schema that is a rule, not structure (the options)."""
    from toolcall_lab.wires.schema_inspector import inline_refs, nodes

    found = inspect_source(source, "en")
    own = inline_refs(found.own_schema)
    return [f"{path}: {k}" for path, node in nodes(own) for k in sorted(node) if k not in _STRUCTURE]


def gemini_dropped(source: str = SPECIMEN) -> list[str]:
    """The ``path: keyword`` pairs the conversion to a Gemini function declaration dropped."""
    found = inspect_source(source, "en")
    return sorted(f"{f.path}: {f.text.split('`')[1]}" for f in found.findings if f.rule == "gemini.dropped")


def check_gemini_drops(answer: Sequence[str] | None) -> Checked:
    """Predict: which of the specimen's keywords never reach Gemini."""
    expected = gemini_dropped()
    picked = sorted(answer or [])
    kept = [k for k in keyword_options() if k not in expected]
    return Checked(answer is not None and picked == expected, expected, {"dropped": expected, "kept": kept})
