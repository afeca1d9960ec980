"""The schema inspector on hand-checkable schemas: what each provider receives, and what each would refuse or drop."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from toolcall_lab.stages.weather_data import build_weather_tool
from toolcall_lab.wires.schema_inspector import PROVIDERS, inspect_schema, parameters
from toolcall_lab.wires.schema_rules import CHECKED, RULES


def _by(findings, provider=None, rule=None):
    return {
        (f.rule, f.path)
        for f in findings
        if (provider is None or f.provider == provider) and (rule is None or f.rule == rule)
    }


def test_the_weather_tool_days_default_is_what_strict_and_gemini_trip_on():
    result = inspect_schema(build_weather_tool(lang="en"))
    assert set(result.received) == set(PROVIDERS)
    # OpenAI strict, as LangChain converts it: both fields required, `days` keeps its default → rejected
    strict = parameters("openai_strict", result.received["openai_strict"])
    assert strict["required"] == ["city", "days"] and strict["additionalProperties"] is False
    assert ("openai_strict.keyword", "days") in _by(result.findings, "openai_strict")
    assert ("openai_strict.optional_became_required", "days") in _by(result.findings, "openai_strict")
    # Gemini: the default of `days` never reaches the model
    assert "default" not in parameters("gemini", result.received["gemini"])["properties"]["days"]
    assert _by(result.findings, "gemini") == {("gemini.dropped", "days")}
    # Anthropic and MCP keep the schema as it is: nothing dropped
    assert not _by(result.findings, "anthropic") and not _by(result.findings, "mcp")


def test_the_fix_names_the_parameter_and_its_type_in_both_languages():
    en = inspect_schema(build_weather_tool(lang="en"), "en").findings
    zh = inspect_schema(build_weather_tool(lang="zh"), "zh").findings
    (fix_en,) = [f.fix for f in en if f.rule == "openai_strict.optional_became_required"]
    (fix_zh,) = [f.fix for f in zh if f.rule == "openai_strict.optional_became_required"]
    assert "`days: int | None`" in fix_en and "`days: int | None`" in fix_zh and fix_en != fix_zh
    assert all(f.checked == CHECKED and f.source for f in en + zh)


class Address(BaseModel):
    city: str


class Order(BaseModel):
    """Place an order."""

    model_config = ConfigDict(extra="forbid")
    item: str = Field(min_length=2)
    qty: int = Field(default=1, ge=1)
    ship: Address


def test_a_nested_model_is_compared_field_by_field():
    result = inspect_schema(Order)
    assert result.name == "Order" and result.own_schema["additionalProperties"] is False
    gemini = _by(result.findings, "gemini")
    # minLength, minimum, default: gone; additionalProperties too (the OpenAPI subset has none)
    assert {("gemini.dropped", "item"), ("gemini.dropped", "qty"), ("gemini.dropped", "(root)")} <= gemini
    keywords = {f.text.split("`")[1] for f in result.findings if f.provider == "gemini"}
    assert keywords == {"minLength", "minimum", "default", "additionalProperties"}
    # strict: minLength and default are refused; the nested object gets additionalProperties from LangChain
    strict = _by(result.findings, "openai_strict", "openai_strict.keyword")
    assert strict == {("openai_strict.keyword", "item"), ("openai_strict.keyword", "qty")}
    assert not _by(result.findings, "openai_strict", "openai_strict.additional_properties")
    # MCP passes the nested model as a $ref, which the Inspector's form cannot draw
    assert ("mcp.ref_anyof", "ship") in _by(result.findings, "mcp")


class Flat(BaseModel):
    """A schema every provider takes as it is."""

    model_config = ConfigDict(extra="forbid")
    city: str
    days: int | None


def test_the_strict_compatible_fix_leaves_only_the_nullable_note():
    result = inspect_schema(Flat)
    assert not [f for f in result.findings if f.effect == "rejects"]
    assert not _by(result.findings, "openai_strict")


def test_a_non_ascii_tool_name_is_rejected_by_every_provider():
    named = type("天气", (BaseModel,), {"__annotations__": {"city": str}, "__doc__": "查天气"})
    providers = {f.provider for f in inspect_schema(named).findings if f.rule.endswith(".name")}
    assert providers == {"openai", "anthropic", "gemini"}


def test_every_rule_has_both_languages_a_source_and_the_date():
    for rule in RULES:
        assert rule.text.zh and rule.text.en and rule.fix.zh and rule.fix.en
        assert rule.source and rule.checked == CHECKED and rule.effect in ("rejects", "drops", "warns")
