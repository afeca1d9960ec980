"""The registry: one list of tools, a loud lookup, and a schema snapshot that tests can watch."""

from __future__ import annotations

import pytest

from lessons.tutor.registry import TOOLS, get_tool, schema_snapshot
from lessons.tutor.tools import build_tools


def test_registry_has_three_tools():
    assert [t.name for t in TOOLS] == ["lookup_word", "get_schedule", "get_learning_record"]


def test_get_tool_hit():
    assert get_tool("get_schedule").name == "get_schedule"
    other = build_tools(words={})
    assert get_tool("lookup_word", other) is other[0]


def test_get_tool_unknown_raises():
    with pytest.raises(KeyError) as info:
        get_tool("get_weather")
    message = str(info.value)
    assert "get_weather" in message
    for name in ("lookup_word", "get_schedule", "get_learning_record"):
        assert name in message


def test_snapshot_has_three_fields():
    snapshot = schema_snapshot()
    assert len(snapshot) == 3
    assert all(set(entry) == {"name", "description", "parameters"} for entry in snapshot)
    # The description says when to call the tool, with students' own words.
    by_name = {entry["name"]: entry for entry in snapshot}
    assert "「我明天有课吗」" in by_name["get_schedule"]["description"]
    assert (
        "「学到哪了」" in by_name["get_learning_record"]["description"]
        or "「我学到哪了」" in by_name["get_learning_record"]["description"]
    )
    assert "「这个词是几级」" in by_name["lookup_word"]["description"]


def test_every_schema_has_parameters():
    for entry in schema_snapshot():
        assert entry["parameters"]["type"] == "object"
        assert entry["parameters"]["properties"], entry["name"]


def test_every_parameter_has_a_description():
    # This is the test that turns red if someone drops parse_docstring=True or the Args: section.
    for entry in schema_snapshot():
        for pname, pschema in entry["parameters"]["properties"].items():
            assert pschema.get("description"), f"{entry['name']}.{pname} has no description"
    params = {e["name"]: e["parameters"]["properties"] for e in schema_snapshot()}
    assert "YYYY-MM-DD" in params["get_schedule"]["date"]["description"]
    assert "2026-07-25" in params["get_schedule"]["date"]["description"]
    assert "S1001" in params["get_schedule"]["student_id"]["description"]


def test_required_params_match_expectation():
    required = {e["name"]: e["parameters"]["required"] for e in schema_snapshot()}
    assert required == {
        "lookup_word": ["word"],
        "get_schedule": ["student_id", "date"],
        "get_learning_record": ["student_id"],
    }
