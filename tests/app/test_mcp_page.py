"""The MCP page (issue 24), in both languages: the transcript, the two schemas, the agent, the exercises.

The expected values come from the same real captures the page shows (the lab's MCP server and the
official SDK's client), never typed.
"""

from __future__ import annotations

import json

import pytest

from lessons.wires import mcp_protocol
from pages._ui.exercise import verdict_words
from tests.app.test_live_faults_home import CHECK, main_text, unglossed_cjk

pytestmark = pytest.mark.usefixtures("memory_store")  # progress in a private in-memory database

PAGE = "pages/mcp.py"


def _open(open_page, lang: str, **params: str):
    at = open_page(PAGE, lang)
    for key, value in params.items():
        at.query_params[key] = value
    if params:
        at.run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_cold_page_shows_the_json_rpc_transcript_as_captured(open_page, lang):
    at = _open(open_page, lang)
    codes = [c.value for c in at.code]
    lines = [json.loads(v) for v in codes if v.startswith('{"') and '"jsonrpc"' in v]
    methods = [m["method"] for m in lines if "method" in m]
    assert methods == ["initialize", "notifications/initialized", "tools/list", "tools/call"]
    call = next(m for m in lines if m.get("method") == "tools/call")
    assert call["params"] == {"name": "get_weather", "arguments": {"city": mcp_protocol.CITY(lang)}}
    answer = next(m for m in lines if m.get("id") == call["id"] and "result" in m)
    assert (
        answer["result"]["structuredContent"]["temperature_c"]
        == json.loads(answer["result"]["content"][0]["text"])["temperature_c"]
    ), "the structured result and its text twin say the same"
    if lang == "en":
        assert unglossed_cjk(main_text(at)) == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_schema_step_sets_input_schema_beside_bind_tools_and_lists_the_differences(open_page, lang):
    at = _open(open_page, lang, step="2")
    pair = mcp_protocol.schema_pair(lang)
    codes = [json.loads(c.value) for c in at.code if c.language == "json"]
    assert pair["mcp"] in codes and pair["bind_tools"] in codes
    table = at.dataframe[0].value
    assert len(table) == len(pair["differences"]) > 0
    assert "title" in set(pair["mcp"]["inputSchema"]) - set(pair["bind_tools"]["function"]["parameters"])
    if lang == "en":
        assert unglossed_cjk(main_text(at)) == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_agent_step_runs_the_mcp_tools_in_langgraph_on_the_builtin_model(open_page, lang):
    at = _open(open_page, lang, step="3")
    run = mcp_protocol.agent_run(mcp_protocol.QUESTION(lang), lang)
    assert [t["class"] for t in run["loaded"]] == ["StructuredTool"]
    shown = [json.loads(c.value) for c in at.code if c.value.startswith("{") and "tool_call" in c.value]
    asked = [call["id"] for s in shown for call in s.get("tool_calls", [])]
    answered = [s["tool_call_id"] for s in shown if "tool_call_id" in s]
    assert asked and answered == asked, "the ToolMessage answers the call the model made"
    assert any("structured_content" in c.value for c in at.code), "the adapter keeps structuredContent as artifact"
    assert "tools/call" in [r["method"] for r in run["records"]]
    if lang == "en":
        assert unglossed_cjk(main_text(at)) == []


def _judge(at, n: int, lang: str, right: bool) -> None:
    at = next(b for i, b in enumerate(b for b in at.button if b.label == CHECK[lang]) if i == n - 1).click().run()
    assert not at.exception, at.exception
    verdict = at.session_state[f"exercise-mcp-{n}::verdict"]
    assert verdict.correct is right
    shown = at.success if right else at.warning
    assert any(box.value == verdict_words(right, verdict.feedback, lang) for box in shown)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_predict_the_fields_of_a_call_for_an_unknown_city(open_page, lang):
    expected = mcp_protocol.check_call_shape(None, lang).expected
    at = _open(open_page, lang)
    at.multiselect(key="exercise-mcp-1::answer").set_value(["content", "structuredContent"])
    _judge(at, 1, lang, right=expected == ["content", "structuredContent"])
    at.multiselect(key="exercise-mcp-1::answer").set_value(expected)
    _judge(at, 1, lang, right=True)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_fix_a_tool_whose_result_has_no_structured_content(open_page, lang):
    at = _open(open_page, lang)
    at.text_area(key=f"exercise-mcp-2::answer::{lang}").set_value(mcp_protocol.BROKEN_SOURCE(lang))
    _judge(at, 2, lang, right=False)
    at.text_area(key=f"exercise-mcp-2::answer::{lang}").set_value(mcp_protocol.fixed_source(lang))
    _judge(at, 2, lang, right=True)
