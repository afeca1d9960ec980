"""Property tests for the remaining editor-fed stages (③ bind_tools, ④ tool_call, ⑥ kwargs,
⑦ ToolMessage): whatever a learner types, a result or an ExplainedError — never an uncaught
exception, and always strict JSON for the page to render. 1000 generated inputs each.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolcall_lab.errors import ExplainedError
from toolcall_lab.stages import kwargs as kw
from toolcall_lab.stages.tool_call import scripted_tool_call
from toolcall_lab.stages.tool_message import run_tool_node
from toolcall_lab.stages.wire import bind_tools_payload

SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=60),
    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=12), c, max_size=4),
    max_leaves=20,
)
arg_dicts = st.dictionaries(
    st.sampled_from(["city", "days", "location", "x", ""]) | st.text(max_size=10), values, max_size=4
)


def strict(data) -> str:
    return json.dumps(data, allow_nan=False, ensure_ascii=False)


def _as_data(result):
    return result.to_dict() if hasattr(result, "to_dict") else result


@SETTINGS
@given(st.one_of(st.text(max_size=400), st.lists(st.text(max_size=80), max_size=4)))
def test_tool_call_stage_on_any_arguments_text(calls):
    result = scripted_tool_call(calls)
    strict(_as_data(result))
    if not isinstance(result, ExplainedError) and calls:
        data = result.to_dict()
        # every call the model sent is either a parsed tool_call or an invalid_tool_call
        assert len(data["tool_calls"]) + len(data["invalid_tool_calls"]) >= 1


@SETTINGS
@given(
    st.text(max_size=300),
    st.sampled_from([None, "auto", "required", "none", "get_weather", "nope", ""]),
    st.sampled_from([None, True, False]),
)
def test_bind_tools_stage_on_any_question_and_switches(question, choice, parallel):
    result = bind_tools_payload(messages=question, tool_choice=choice, parallel_tool_calls=parallel)
    strict(_as_data(result))


@SETTINGS
@given(arg_dicts)
def test_kwargs_stage_on_any_dict(args):
    for fn in (kw.call_plain, kw.order_demo, kw.wrong_name_demo, kw.invoke_vs_call):
        strict(_as_data(fn(args)))
    assert kw.render_call("get_weather", args).startswith("get_weather(")


@SETTINGS
@given(arg_dicts, st.text(max_size=40))
def test_tool_message_stage_on_any_call(args, call_id):
    result = run_tool_node([{"name": "get_weather", "args": args, "id": call_id, "type": "tool_call"}])
    strict(_as_data(result))
