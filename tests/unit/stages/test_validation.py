"""Stage 5: json.loads (readable?), Pydantic (well-shaped?), the tool (true?)."""

from __future__ import annotations

import json

import pytest

from toolcall_lab.errors import ExplainedError
from toolcall_lab.stages._common import MAX_SOURCE_CHARS
from toolcall_lab.stages.args_model import parse_args_model
from toolcall_lab.stages.models import WeatherInput
from toolcall_lab.stages.validation import (
    MAX_TYPE_ROWS,
    JsonStageResult,
    ValidationStageResult,
    arguments_pipeline,
    fact_stage,
    json_stage,
    validate_stage,
    with_extra,
)

# ------------------------------------------------------------------ layer 1: json.loads


def test_articles_example_maps_each_json_type_to_its_python_type():
    r = json_stage('{"city":"Bangkok","days":3,"enabled":true,"result":null}')
    assert isinstance(r, JsonStageResult)
    assert r.value == {"city": "Bangkok", "days": 3, "enabled": True, "result": None}
    assert [(row["path"], row["json"], row["python"]) for row in r.type_map] == [
        ("", "object", "dict"),
        ("/city", "string", "str"),
        ("/days", "number", "int"),
        ("/enabled", "true", "bool"),
        ("/result", "null", "NoneType"),
    ]


def test_arrays_floats_and_false():
    r = json_stage('{"xs": [1.5, false]}')
    assert [(row["path"], row["json"], row["python"]) for row in r.type_map] == [
        ("", "object", "dict"),
        ("/xs", "array", "list"),
        ("/xs/0", "number", "float"),
        ("/xs/1", "false", "bool"),
    ]


def test_json_loads_does_not_know_the_tool_only_allows_seven_days():
    assert json_stage('{"city": "Bangkok", "days": 30}').value["days"] == 30


def test_nan_and_infinity_are_accepted_by_python_but_flagged():
    r = json_stage('{"days": NaN, "t": -Infinity}')
    assert r.non_standard == ["/days", "/t"]
    assert json.dumps(r.to_dict(), allow_nan=False)  # the page data itself stays strict JSON
    assert r.to_dict()["value"] == {"days": "NaN", "t": "-Infinity"}


@pytest.mark.parametrize(
    ("text", "msg", "colno"),
    [
        ("{'city': 'Bangkok'}", "Expecting property name enclosed in double quotes", 2),
        ('{"city": "Bangkok",}', "Expecting property name enclosed in double quotes", 20),
        ('{"city": "Bangkok", "days": }', "Expecting value", 29),
        ("", "Expecting value", 1),
        ('{"city": "Bangkok"} x', "Extra data", 21),
    ],
)
def test_malformed_json_reports_the_decoders_position(text, msg, colno):
    err = json_stage(text)
    assert isinstance(err, ExplainedError)
    assert err.stage == "json.loads" and err.kind == "JSONDecodeError"
    assert err.data["msg"] == msg and err.data["lineno"] == 1 and err.data["colno"] == colno
    assert err.data["pos"] == colno - 1
    assert err.data["caret"] == " " * (colno - 1) + "^"


def test_deep_nesting_and_huge_text_are_explained():
    assert json_stage("[" * 5000 + "]" * 5000).kind == "RecursionError"
    assert json_stage(" " * (MAX_SOURCE_CHARS + 1)).data["limit"] == MAX_SOURCE_CHARS
    assert isinstance(json_stage(None), ExplainedError)  # type: ignore[arg-type]


def test_type_map_stops_at_its_row_limit():
    r = json_stage(json.dumps(list(range(MAX_TYPE_ROWS * 2))))
    assert len(r.type_map) == MAX_TYPE_ROWS and r.truncated is True


# ------------------------------------------------------------------ layer 2: Pydantic


def test_string_three_is_coerced_to_int_three_and_noted():
    r = validate_stage({"city": "Bangkok", "days": "3"})
    assert isinstance(r, ValidationStageResult) and r.ok
    assert r.kwargs == {"city": "Bangkok", "days": 3}
    assert r.coercions == [{"path": "/days", "input": "3", "input_type": "str", "output": 3, "output_type": "int"}]


def test_strict_mode_refuses_the_string_three():
    r = validate_stage({"city": "Bangkok", "days": "3"}, strict=True)
    assert not r.ok
    assert [(e["type"], e["loc"], e["input"]) for e in r.errors] == [("int_type", ["days"], "3")]
    assert r.error is not None and r.error.stage == "validation"


def test_range_length_and_extra_errors_straight_from_pydantic():
    r = validate_stage({"city": "", "days": 30, "location": "x"})
    assert [(e["type"], e["loc"]) for e in r.errors] == [
        ("string_too_short", ["city"]),
        ("less_than_equal", ["days"]),
        ("extra_forbidden", ["location"]),
    ]
    assert r.errors[1]["ctx"] == {"le": 7}
    assert r.errors[1]["url"].startswith("https://errors.pydantic.dev/")
    assert json.dumps(r.to_dict(), allow_nan=False)


def test_signature_model_ignores_extras_and_fills_defaults():
    r = validate_stage({"city": "Bangkok", "location": "x"}, "signature")
    assert r.ok and r.extra == "ignore"
    assert r.kwargs == {"city": "Bangkok", "days": 1}
    assert r.dropped == ["/location"] and r.defaults_filled == ["/days"]


def test_forbid_variant_of_the_signature_model():
    r = validate_stage({"city": "Bangkok", "location": "x"}, "signature", extra="forbid")
    assert not r.ok and r.extra == "forbid"
    assert [e["type"] for e in r.errors] == ["extra_forbidden"]
    assert with_extra(WeatherInput, "ignore").model_validate({"city": "x", "location": "y"}).city == "x"


def test_non_object_arguments_and_unknown_model_name():
    r = validate_stage([1, 2])
    assert [e["type"] for e in r.errors] == ["model_type"]
    err = validate_stage({}, "NoSuchModel")
    assert isinstance(err, ExplainedError) and "WeatherInput" in err.hint["en"]


def test_a_learner_model_from_the_editor_validates_for_real():
    learner = parse_args_model("class Q(BaseModel):\n    word: str = Field(min_length=2)\n")
    assert validate_stage({"word": "a"}, learner.model).errors[0]["type"] == "string_too_short"
    assert validate_stage({"word": "accord"}, learner.model).kwargs == {"word": "accord"}


def test_pipeline_stops_after_a_json_error():
    assert arguments_pipeline('{"city": }')["validation"] is None
    both = arguments_pipeline('{"city": "Bangkok", "days": "3"}')
    assert both["validation"]["kwargs"] == {"city": "Bangkok", "days": 3}


# ------------------------------------------------------------------ layer 3: the facts


def test_fakecity_is_well_shaped_and_still_wrong():
    r = fact_stage()
    assert r["args"] == {"city": "FakeCity", "days": 3}
    assert r["shape_ok"] is True and r["fact_ok"] is False
    assert "FakeCity" in r["result"]


def test_a_real_city_is_both():
    r = fact_stage(args={"city": "Tokyo", "days": 2})
    assert r["shape_ok"] and r["fact_ok"]
    assert r["result"]["temperature_c"] == 16


def test_bad_shape_never_reaches_the_tool():
    r = fact_stage(args={"town": "Tokyo"})
    assert r["shape_ok"] is False and r["result"] is None
    assert r["shape_errors"][0]["type"] == "missing"


def test_tutor_unknown_student():
    from lessons.tutor.tools import learning_record_subject

    r = fact_stage(learning_record_subject())
    assert r["tool"] == "get_learning_record"
    assert r["shape_ok"] is True and r["fact_ok"] is False
    assert "S9999" in r["result"]
