"""Stage 2, the model editor: a Pydantic model from learner text, and what the model can see."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from toolcall_lab.errors import ExplainedError
from toolcall_lab.stages._common import MAX_SOURCE_CHARS
from toolcall_lab.stages.args_model import DEFAULT_MODEL_SOURCE, ArgsModelResult, parse_args_model


def ok(source: str) -> ArgsModelResult:
    result = parse_args_model(source)
    assert isinstance(result, ArgsModelResult), result
    return result


def refused(source: str) -> ExplainedError:
    result = parse_args_model(source)
    assert isinstance(result, ExplainedError), result
    assert result.stage == "args_model"
    return result


def rule(result: ArgsModelResult, field: str | None, name: str) -> dict:
    return next(r for r in result.rules if r["field"] == field and r["rule"] == name)


def test_default_is_the_articles_weather_input_plus_units_and_a_validator():
    r = ok(DEFAULT_MODEL_SOURCE)
    assert r.name == "WeatherInput"
    props = r.json_schema["properties"]
    assert props["city"]["minLength"] == 1
    assert (props["days"]["default"], props["days"]["minimum"], props["days"]["maximum"]) == (1, 1, 7)
    assert props["units"]["enum"] == ["celsius", "fahrenheit"]
    assert r.json_schema["additionalProperties"] is False
    assert r.json_schema["required"] == ["city"]


def test_each_written_rule_is_found_in_the_real_schema():
    r = ok(DEFAULT_MODEL_SOURCE)
    assert rule(r, "city", "min_length")["schema_keyword"] == "minLength"
    assert rule(r, "days", "ge")["schema_keyword"] == "minimum"
    assert rule(r, "days", "le")["schema_keyword"] == "maximum"
    assert rule(r, "units", "literal")["schema_keyword"] == "enum"
    assert rule(r, None, "extra")["schema_keyword"] == "additionalProperties"
    assert all(row["in_schema"] and row["in_strict"] for row in r.rules)


def test_the_validator_is_recorded_not_run_and_invisible_to_the_model():
    r = ok(DEFAULT_MODEL_SOURCE)
    assert [(v["kind"], v["name"], v["fields"]) for v in r.validators] == [
        ("field_validator", "city_must_be_supported", ["city"])
    ]
    # the lesson says why as a key (the page words it: "invisible in the schema"; tests/app checks the words)
    assert r.validators[0]["status"] == "runs_only_at_call_time"
    assert r.invisible == [
        {"field": "city", "rule": "field_validator:city_must_be_supported", "why": r.validators[0]["status"]}
    ]
    # Not attached: a city the validator would refuse passes the built model.
    assert r.model.model_validate({"city": "Paris"}).city == "Paris"


def test_strict_mode_makes_defaulted_fields_required():
    r = ok(DEFAULT_MODEL_SOURCE)
    assert [c["field"] for c in r.strict_changes] == ["days", "units"]
    assert r.openai_strict["function"]["parameters"]["required"] == ["city", "days", "units"]


def test_enum_nested_model_and_field_strict():
    src = (
        "from enum import Enum\n"
        "from pydantic import BaseModel, Field, model_validator\n"
        "class Units(str, Enum):\n"
        "    C = 'celsius'\n"
        "    F = 'fahrenheit'\n"
        "class Location(BaseModel):\n"
        "    lat: float = Field(ge=-90, le=90)\n"
        "    lon: float = Field(ge=-180, le=180)\n"
        "class Query(BaseModel):\n"
        "    model_config = {'extra': 'forbid'}\n"
        "    where: Location\n"
        "    units: Units = Units.C\n"
        "    tags: list[str] = Field(default=[], max_length=3)\n"
        "    n: int = Field(3, strict=True, multiple_of=3)\n"
        "    @model_validator(mode='after')\n"
        "    def check(self):\n"
        "        return self\n"
    )
    r = ok(src)
    assert r.name == "Query" and r.nested == "Location"
    assert r.enums == {"Units": ["celsius", "fahrenheit"]}
    assert rule(r, "tags", "max_length")["schema_keyword"] == "maxItems"
    assert rule(r, "units", "enum")["schema_keyword"] == "enum"
    assert rule(r, "n", "multiple_of")["schema_keyword"] == "multipleOf"
    # strict=True on a field is a Pydantic switch with no JSON Schema keyword.
    strict_row = rule(r, "n", "strict")
    assert strict_row["in_schema"] is False
    assert {"field": "n", "rule": "strict", "why": strict_row["note"]} in r.invisible
    assert r.validators[0]["kind"] == "model_validator" and r.validators[0]["mode"] == "after"
    # The nested model is real: its range is enforced.
    with pytest.raises(ValidationError):
        r.model.model_validate({"where": {"lat": 100, "lon": 0}})
    assert r.model.model_validate({"where": {"lat": 1, "lon": 2}}).units.value == "celsius"


def test_pattern_and_description_reach_the_schema():
    r = ok("class A(BaseModel):\n    code: str = Field(pattern='^S[0-9]{4}$', description='student id')\n")
    assert r.json_schema["properties"]["code"]["pattern"] == "^S[0-9]{4}$"
    assert rule(r, "code", "pattern")["in_schema"] is True


@pytest.mark.parametrize(
    ("source", "expected_en"),
    [
        ("x = 1\n", "Only imports and class definitions are allowed at top level"),
        ("import os\n", "No `class X(BaseModel)` was found"),
        ("class A(Foo):\n    x: int\n", "The class `A` is neither a BaseModel nor an Enum"),
        ("class A(BaseModel):\n    x: int = foo()\n", "The value of `x default`, `foo()`, is not a literal"),
        ("class A(BaseModel):\n    x: int = Field(ge=LIMIT)\n", "The value of `x.ge`, `LIMIT`, is not a literal"),
        ("class A(BaseModel):\n    x: int = Field(alias='y')\n", "Field keyword `alias` is not supported here"),
        ("class A(BaseModel):\n    x: Foo\n", "Cannot map the annotation `Foo`"),
        ("class A(BaseModel):\n    _x: int\n", "Field name `_x` cannot start with an underscore"),
        ("class A(BaseModel):\n    print('hi')\n", "The model `A` contains a statement the lab does not read"),
        ("class A(BaseModel):\n    model_config = ConfigDict(frozen=True)\n", "Unsupported config key `frozen`"),
        (
            "class E(Enum):\n    A = auto()\nclass M(BaseModel):\n    e: E\n",
            "The value of `E.A`, `auto()`, is not a literal",
        ),
        (
            "class A(BaseModel):\n x: int\nclass B(BaseModel):\n y: int\nclass C(BaseModel):\n z: int\n",
            "At most two BaseModel classes",
        ),
    ],
)
def test_refusals(source, expected_en):
    err = refused(source)
    assert err.title["en"].startswith(expected_en)


def test_pydantic_own_errors_are_shown():
    err = refused("class A(BaseModel):\n    x: int = Field(pattern='(')\n")
    assert err.kind == "SchemaError"
    err = refused("class A(BaseModel):\n    x: int = Field(ge='a')\n")
    assert "ge" in err.detail


def test_syntax_error_and_oversized_source():
    err = refused("class A(BaseModel)\n    x: int\n")
    assert err.kind == "SyntaxError" and err.data["line"] == 1
    err = refused(" " * (MAX_SOURCE_CHARS + 1))
    assert err.data["limit"] == MAX_SOURCE_CHARS


def test_validator_bodies_never_run(tmp_path: Path):
    target = tmp_path / "validator-ran"
    src = (
        "class A(BaseModel):\n"
        "    city: str\n"
        "    @field_validator('city')\n"
        "    @classmethod\n"
        "    def touch(cls, v):\n"
        f"        open({str(target)!r}, 'w').write('x')\n"
        "        return v\n"
    )
    r = ok(src)
    r.model.model_validate({"city": "x"})
    assert not target.exists()


def test_validator_naming_a_missing_field_gets_a_warning():
    r = ok("class A(BaseModel):\n    city: str\n    @field_validator('town')\n    def v(cls, x):\n        return x\n")
    assert r.validators[0]["warning"] == {"key": "unknown_fields", "fields": ["town"]}


def test_a_default_without_json_form_is_reported_as_pydantics_warning():
    r = ok('class A(BaseModel):\n    x: str = b"\\xff"\n')
    assert "default" not in r.json_schema["properties"]["x"]
    assert any("non-serializable-default" in w for w in r.warnings)
    assert ok(DEFAULT_MODEL_SOURCE).warnings == []
