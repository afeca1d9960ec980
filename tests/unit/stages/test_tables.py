"""What the chain pages show, shaped by pure functions: rows from real stage results, and the page-level calls."""

from __future__ import annotations

from toolcall_lab.errors import ExplainedError
from toolcall_lab.stages import tables
from toolcall_lab.stages.args_model import parse_args_model
from toolcall_lab.stages.kwargs import kwargs_from_text, syntax_demo
from toolcall_lab.stages.round_trip import run_round_trip
from toolcall_lab.stages.schema import schema_views
from toolcall_lab.stages.tool_call import MAX_CALLS, calls_from_text, scripted_tool_call
from toolcall_lab.stages.tool_message import city_in, run_from_text
from toolcall_lab.stages.tool_source import DEFAULT_SOURCE, parse_tool_source, try_invoke
from toolcall_lab.stages.validation import json_stage, passed_both, validate_stage
from toolcall_lab.stages.weather_data import build_weather_tool
from toolcall_lab.stages.wire import UNBOUND, payload_for_source

CITY = '{"city": "Bangkok"}'


#: a page's wording of the invisibility keys (any words will do: the tables only place them)
WHY = {k: f"<{k}>" for k in ("strict_switch", "not_in_schema", "dropped_by_strict", "runs_only_at_call_time")}


def test_stage1_rows_from_the_default_function():
    result = parse_tool_source()
    rows = tables.field_rows(result.fields)
    assert [(r["name"], r["required"], r["default"]) for r in rows] == [("city", True, ""), ("days", False, "1")]
    assert tables.defaults_of(result.fields) == {"days": 1}
    assert tables.invoke_guess(result.fields) == {"city": "Bangkok"}
    assert tables.tool_notes(result) == [("decorator_read", ""), ("imports", "from langchain_core.tools import tool")]
    invoked = try_invoke(result, '{"city": "Bangkok"}')
    assert invoked["result"]["called_with"] == {"city": "Bangkok", "days": 1}
    assert isinstance(try_invoke(result, "{}"), ExplainedError)  # city is required


def test_stage2_rule_rows_and_diffs():
    built = parse_args_model()
    rows = {(r["field"], r["rule"]): r for r in tables.rule_rows(built.rules, WHY, "(whole model)")}
    assert rows[("days", "le")]["keyword"] == "maximum" and rows[("(whole model)", "extra")]["in_schema"] is True
    assert "city_must_be_supported" in tables.invisible_lines(built.invisible, WHY)
    views = schema_views(build_weather_tool())
    diff = tables.unified_diff(views, "openai_vs_strict", "openai", "openai_strict").splitlines()
    assert diff[:2] == ["--- openai", "+++ openai_strict"]
    assert '+    "strict": true' in diff and '+      "additionalProperties": false' in diff
    same = {"a": {"x": 1}, "b": {"x": 1}}
    assert tables.unified_diff(same, "openai_vs_strict", "a", "b") == ""  # identical → empty


def test_stage3_page_call_maps_the_switches():
    named = payload_for_source(DEFAULT_SOURCE, False, "Hi", "named", "false")
    assert named["request_body"]["tool_choice"] == {"type": "function", "function": {"name": "get_weather"}}
    assert named["request_body"]["parallel_tool_calls"] is False
    unbound = payload_for_source(DEFAULT_SOURCE, False, "Hi", "unbound", "unset")
    assert unbound["request_body"]["tool_choice"] == UNBOUND and unbound["status_code"] == 400
    assert "tool_error" in payload_for_source("def f(:\n", False, "Hi", "unset", "unset")
    code = tables.bind_call_code("get_weather", {"tool_choice": "auto"}, "Hi")
    assert code == "llm.bind_tools([get_weather], tool_choice='auto').invoke('Hi')"


def test_stage4_lines_and_rows():
    assert calls_from_text("\n  \n") == ()
    assert isinstance(calls_from_text("{}\n" * (MAX_CALLS + 1)), ExplainedError)
    rows = tables.call_rows(scripted_tool_call(['{"city": "Tokyo"}', '{"city": }']).calls)
    assert [(r["valid"], r["args"]) for r in rows] == [(True, '{"city": "Tokyo"}'), (False, "")]
    assert rows[1]["error"].startswith("are not valid JSON")
    assert tables.arguments_field('{"a": 1}') == '"arguments": "{\\"a\\": 1}"'


def test_stage5_rows_and_the_args_that_reach_layer_three():
    parsed = json_stage('{"city": "Bangkok", "days": "3"}')
    checked = validate_stage(parsed.value)
    assert tables.type_rows(parsed.type_map)[0]["path"] == "(root)"
    assert tables.coercion_rows(checked.coercions) == [{"path": "/days", "input": '"3" (str)', "output": "3 (int)"}]
    assert passed_both(parsed, checked) == {"city": "Bangkok", "days": "3"}
    refused = validate_stage({"city": ""})
    assert passed_both(parsed, refused) is None
    assert tables.error_rows(refused.errors)[0]["loc"] == "city"
    assert tables.decoder_caret(json_stage("{'a': 1}").data) == "{'a': 1}\n ^"


def test_stage6_rows():
    assert kwargs_from_text('{"city": "x"}') == {"city": "x"}
    assert isinstance(kwargs_from_text("[1]"), ExplainedError)
    rows = tables.syntax_rows(syntax_demo(), "(col {col})")
    assert [r["valid"] for r in rows] == [True, True, True, False, False]
    assert rows[3]["error"].endswith("(col 14)")
    assert tables.binding_rows({"city": "x", "days": 1}) == [
        {"parameter": "city", "value": '"x"'},
        {"parameter": "days", "value": "1"},
    ]


def test_stage7_page_call_and_rows():
    run = run_from_text('{"city": "Tokyo"}', "call_x", False, "default")
    fields = tables.message_fields(run["messages"][0], "type of content", "chars")
    assert [f["field"] for f in fields] == ["type", "name", "tool_call_id", "status", "type of content"]
    assert fields[2]["value"] == "call_x" and fields[3]["value"] == "success"
    assert "input_error" in run_from_text("[1]", "", False, "default")
    assert run_from_text(CITY, "", True, "default")["error"]  # the service is down and nothing handles it
    assert run_from_text(CITY, "", True, "true")["messages"][0]["status"] == "error"
    assert city_in('{"city": "  "}') == "Bangkok"


def test_stage8_rows_and_pairing():
    run = run_round_trip()
    rows = tables.second_request_rows(run.second_request_messages)
    assert [r["role"] for r in rows] == ["user", "assistant", "tool"]
    assert rows[1]["tool_calls"] == rows[2]["tool_call_id"]
    assert tables.pairing(run.second_request_messages) == (1, 1, True)
    assert tables.pairing([{"role": "assistant", "tool_calls": [{"id": "a"}]}]) == (1, 0, False)
