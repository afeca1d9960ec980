"""The eight chain pages under AppTest: each editor driven with good and bad input, each artifact checked.

Every expected value below can be worked out by hand from the page's default input:
``get_weather(city: str, days: int = 1)`` has ``required == ["city"]``; the arguments
``{"city": "Bangkok", "days": "3"}`` validate to ``days == 3``; a trailing ``}`` missing from
the arguments string lands the call in ``invalid_tool_calls``; and so on.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from streamlit.testing.v1 import AppTest

from pages.registry import in_section
from tests.app.conftest import ROOT

P1, P2, P3, P4, P5, P6, P7, P8 = (spec.path for spec in in_section("chain"))


# ---------------------------------------------------------------- reading a rendered page
def codes(at: AppTest) -> list[str]:
    return [c.value for c in at.code]


def json_codes(at: AppTest) -> list:
    """Every code block that holds a JSON document, parsed."""
    out = []
    for text in codes(at):
        try:
            out.append(json.loads(text))
        except ValueError:
            continue
    return out


def json_elements(at: AppTest) -> list:
    return [json.loads(j.value) for j in at.json]


def errors(at: AppTest) -> str:
    """Every explained error: red boxes, and the neutral "Expected: this is the lesson" boxes of an error demo."""
    demos = [i.value for i in at.info if "Expected: this is the lesson" in i.value or "预期之中" in i.value]
    return "\n".join([e.value for e in at.error] + demos)


def frames(at: AppTest) -> list:
    return [d.value for d in at.dataframe]


def share_query(at: AppTest, stem: str) -> dict[str, str]:
    """The query of the page's share link (editor contents included), as a learner would copy it.

    The page also shows the steps' own "copy a link to this step" (``/stem?lang=…&step=N``), drawn
    above the share link: the share link is the last of the page's links.
    """
    link = [c for c in codes(at) if c.startswith(f"/{stem}?")][-1]
    return {k: v[0] for k, v in parse_qs(urlsplit(link).query).items()}


def open_step(at: AppTest, n: int) -> AppTest:
    """Go to step ``n`` of the page the way a link does (``?step=N``)."""
    at.query_params["step"] = str(n)
    at.run()
    assert not at.exception, at.exception
    return at


def open_with_query(page: str, query: dict[str, str]) -> AppTest:
    """A fresh session opened from a shared link."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


# ---------------------------------------------------------------- ① @tool
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_stage1_default_function_becomes_get_weather_with_city_required(open_page, lang):
    at = open_page(P1, lang)
    assert not at.exception
    shown = codes(at)
    assert "get_weather" in shown  # tool.name
    assert '["city"]' in shown  # required
    assert '{"days": 1}' in shown  # defaults
    assert any(c.startswith("<function get_weather") for c in shown)  # tool.func
    fields = frames(at)[0]
    assert list(fields.iloc[:, 0]) == ["city", "days"]
    assert list(fields.iloc[:, 3]) == [True, False]  # required column
    assert at.success, "the page says a StructuredTool was built"


def test_stage1_parse_docstring_moves_each_args_line_into_its_field(open_page):
    at = open_page(P1, "zh")
    before = next(c for c in codes(at) if c.startswith("查询指定城市"))
    assert "Args:" in before  # switch off: the whole docstring is the description
    at.toggle(key="stage_tool_pd").set_value(True).run()
    assert not at.exception
    assert "查询指定城市未来几天的天气。" in codes(at)  # only the summary stays
    descriptions = list(frames(at)[0].iloc[:, 5])
    assert descriptions[0].startswith("城市名") and descriptions[1].startswith("查询的天数")
    assert at.query_params["pd"] == ["1"] or at.query_params["pd"] == "1"
    # The English page starts from the English edition of the same function (issue 11).
    en = open_page(P1, "en")
    assert "Args:" in next(c for c in codes(en) if c.startswith("Look up the weather"))
    en.toggle(key="stage_tool_pd").set_value(True).run()
    assert "Look up the weather of a city for the next few days." in codes(en)
    assert frames(en)[0].iloc[0, 5].startswith("The city's name")


@pytest.mark.parametrize(
    ("source", "expect"),
    [
        ("def get_weather(city: str\n    return city\n", "Syntax error at line 1"),
        ('def a(x: int):\n    """A."""\n\n\ndef b(y: int):\n    """B."""\n', "Exactly one function definition"),
        ('import numpy as np\n\n\ndef get_weather(city: np.ndarray):\n    """W."""\n', "Cannot map the annotation"),
        ('def get_weather(city: str):\n    """W."""\n' + "# x\n" * 6000, "too long"),
        ("x = 1\n", "Only imports and one function"),
    ],
)
def test_stage1_bad_source_is_explained_in_place(open_page, source, expect):
    at = open_page(P1, "en")
    at.text_area(key="stage_tool_src").set_value(source).run()
    assert not at.exception, at.exception
    assert expect in errors(at)
    # (the live run's own "valid" box is another artifact: a cold page now opens on a real run)
    assert not [s for s in at.success if "built a" in s.value], "no tool is claimed to be built"


def test_stage1_learner_code_is_never_executed(open_page, tmp_path: Path):
    marker, shell_marker = tmp_path / "written.txt", tmp_path / "shell.txt"
    hostile = (
        "import os\n\n\n"
        "def get_weather(city: str, days: int = 1) -> dict:\n"
        '    """Weather."""\n'
        f"    open({str(marker)!r}, 'w').write('owned')\n"
        f"    import os; os.system('touch {shell_marker}')\n"
        "    while True:\n"
        "        pass\n"
    )
    at = open_page(P1, "en", timeout=30)
    at.text_area(key="stage_tool_src").set_value(hostile).run(timeout=30)  # an endless loop would time out here
    assert not at.exception, at.exception
    assert "get_weather" in codes(at) and '["city"]' in codes(at)  # the tool is still built
    # Step 2 invokes it: what runs is the lab's echo, not the body: the arguments come straight back.
    open_step(at, 2)
    assert not [t for t in at.text_area if t.key == "stage_tool_src"], "step 2 draws no editor: it uses the kept text"
    echoed = next(d for d in json_elements(at) if isinstance(d, dict) and "called_with" in d)
    assert echoed["called_with"] == {"city": "Bangkok", "days": 1}
    assert not marker.exists() and not shell_marker.exists()


def test_stage1_top_level_call_is_refused_not_run(open_page, tmp_path: Path):
    target = tmp_path / "top.txt"
    at = open_page(P1, "en")
    at.text_area(key="stage_tool_src").set_value(
        f"import os; os.system('touch {target}')\n\ndef f(x: int):\n    '''Doc.'''\n"
    ).run()
    assert "Only imports and one function definition" in errors(at)
    assert not target.exists()


def test_stage1_share_link_reopens_the_same_function(open_page):
    at = open_page(P1, "en")
    source = 'def get_time(zone: str = "UTC") -> str:\n    """What time is it?"""\n'
    at.text_area(key="stage_tool_src").set_value(source).run()
    query = share_query(at, "stage_1_tool")
    assert query["lang"] == "en" and query["src"].startswith("z:")  # multi-line text travels compressed
    again = open_with_query(P1, query)
    assert again.text_area(key="stage_tool_src").value == source
    assert "get_time" in codes(again)
    assert "[]" in codes(again)  # nothing required: zone has a default
    # A cold link to step 2 (no editor drawn there) invokes the function from the link, not the default.
    invoked = open_with_query(P1, {**query, "step": "2"})
    echoed = next(d for d in json_elements(invoked) if isinstance(d, dict) and "called_with" in d)
    assert echoed["called_with"] == {"zone": "UTC"}


def test_stage1_damaged_link_falls_back_to_the_default_with_a_warning():
    at = open_with_query(P1, {"lang": "en", "src": "z:not-base64-zlib!!"})
    assert "could not be read" in "\n".join(w.value for w in at.warning)
    assert "get_weather" in codes(at)


# ---------------------------------------------------------------- ② JSON Schema
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_stage2_three_views_and_their_differences(open_page, lang):
    at = open_page(P2, lang)
    assert not at.exception
    docs = json_codes(at)
    model_schema = next(d for d in docs if d.get("title") == "get_weather")
    openai = next(d for d in docs if d.get("type") == "function" and "strict" not in d["function"])
    strict = next(d for d in docs if d.get("type") == "function" and d["function"].get("strict") is True)
    assert model_schema["required"] == ["city"]
    assert openai["function"]["parameters"]["required"] == ["city"]
    assert strict["function"]["parameters"]["required"] == ["city", "days"]
    assert strict["function"]["parameters"]["additionalProperties"] is False
    paths = {p for frame in frames(at) if frame.shape[1] == 4 for p in frame.iloc[:, 1]}  # the diff tables
    assert "/function/parameters/additionalProperties" in paths
    assert "/properties/city/title" in paths


def test_stage2_args_model_rules_the_model_sees_and_the_validator_it_never_sees(open_page):
    at = open_step(open_page(P2, "en"), 2)  # step 2: the argument model
    rules = next(f for f in frames(at) if len(f.columns) == 7)
    by_rule = {(r[0], r[1]): r for r in rules.itertuples(index=False)}
    assert by_rule[("days", "ge")][3] == "minimum" and by_rule[("days", "ge")][4] is True
    assert by_rule[("days", "le")][3] == "maximum"
    assert by_rule[("city", "min_length")][3] == "minLength"
    warning = "\n".join(w.value for w in at.warning)
    assert "Rules the model never sees" in warning and "city_must_be_supported" in warning


def test_stage2_rich_model_enum_nested_pattern_and_strict(open_page):
    at = open_step(open_page(P2, "en"), 2)
    at.button(key="stage2::example::rich").click().run()
    assert not at.exception
    rules = next(f for f in frames(at) if len(f.columns) == 7)
    keywords = {(r[0], r[1]): r[3] for r in rules.itertuples(index=False)}
    assert keywords[("start", "pattern")] == "pattern"
    assert keywords[("units", "enum")] == "enum"
    assert keywords[("detail", "literal")] == "enum"
    assert keywords[("days", "strict")] == "—"  # a validation switch with no schema keyword
    warning = "\n".join(w.value for w in at.warning)
    assert "within_forecast" in warning and "strict" in warning
    assert any("Nested model: Location" in c.value for c in at.caption)


def test_stage2_model_as_subject_and_a_broken_model(open_page):
    at = open_page(P2, "en")
    at.segmented_control(key="stage_schema_subject").set_value("model").run()
    strict = next(d for d in json_codes(at) if d.get("type") == "function" and d["function"].get("strict"))
    assert strict["function"]["name"] == "WeatherInput"
    assert strict["function"]["parameters"]["required"] == ["city", "days", "units"]
    open_step(at, 2).text_area(key="stage_model_src").set_value("class WeatherInput(BaseModel)\n    city: str\n").run()
    assert not at.exception
    assert "Syntax error at line 1" in errors(at)
    open_step(at, 1)  # back on step 1, the model chosen as the subject is the broken one: no views, a pointer
    views = [d for d in json_codes(at) if isinstance(d, dict) and d.get("type") == "function"]
    assert not [d for d in views if d["function"].get("strict")]
    assert any("see step 2" in c.value for c in at.caption)


# ---------------------------------------------------------------- ③ bind_tools
def page_bodies(at: AppTest) -> list[dict]:
    """Page ③'s request bodies (JSON code blocks, their long lines wrapped); the live run's carry its system prompt."""
    return [
        d
        for d in json_codes(at)
        if isinstance(d, dict)
        and "messages" in d
        and "tools" in d
        and not any(m.get("role") == "system" for m in d["messages"])
    ]


def wire_body(at: AppTest) -> dict:
    return page_bodies(at)[0]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_stage3_the_wire_body_carries_the_tools_array(open_page, lang):
    at = open_page(P3, lang)
    assert not at.exception
    body = wire_body(at)
    assert [t["function"]["name"] for t in body["tools"]] == ["get_weather"]
    assert body["tools"][0]["type"] == "function"
    assert body["tools"][0]["function"]["parameters"]["required"] == ["city"]
    assert "tool_choice" not in body and "parallel_tool_calls" not in body
    assert body["messages"] == [
        {"content": "曼谷天气怎么样？" if lang == "zh" else "What's the weather in Bangkok?", "role": "user"}
    ]


def test_stage3_untouched_question_follows_the_language_switch(open_page):
    at = open_page(P3, "zh")
    assert wire_body(at)["messages"][0]["content"] == "曼谷天气怎么样？"
    # What the sidebar's language switch does: the picker and the session both say "en".
    at.segmented_control(key="lang_picker").set_value("en")
    at.session_state["lang"] = "en"
    at.run()
    assert not at.exception
    assert wire_body(at)["messages"][0]["content"] == "What's the weather in Bangkok?"
    assert "q" not in at.query_params  # still the default: nothing to carry in the link


def test_stage3_switches_change_the_body_live(open_page):
    at = open_page(P3, "en")
    at.radio(key="stage_bind_tc").set_value("required").run()
    assert wire_body(at)["tool_choice"] == "required"
    at.radio(key="stage_bind_tc").set_value("named").run()
    assert wire_body(at)["tool_choice"] == {"type": "function", "function": {"name": "get_weather"}}
    at.segmented_control(key="stage_bind_ptc").set_value("false").run()
    assert wire_body(at)["parallel_tool_calls"] is False
    at.radio(key="stage_bind_tc").set_value("unbound").run()
    assert not at.exception
    assert "HTTP 400" in errors(at)


def test_stage3_a_tool_name_outside_the_pattern_is_refused_by_the_endpoint(open_page):
    at = open_page(P3, "en")
    at.button(key="stage3::example::bad_name").click().run()
    assert not at.exception
    assert "HTTP 400" in errors(at)
    refusal = next(d for d in json_elements(at) if isinstance(d, dict) and "error" in d)
    assert refusal["error"]["param"] == "tools[0].function.name"
    assert wire_body(at)["tools"][0]["function"]["name"] == "get weather!"  # sent as written


@pytest.mark.parametrize(
    ("lang", "summary", "city"),
    [
        ("zh", "查询指定城市未来几天的天气。", "城市名"),
        ("en", "Look up the weather of a city for the next few days.", "The city's name"),
    ],
)
def test_stage3_docstring_is_the_description_the_model_reads(open_page, lang, summary, city):
    at = open_page(P3, lang)  # each language's page binds the function in its language (issue 11)
    assert "Args:" in wire_body(at)["tools"][0]["function"]["description"]
    at.toggle(key="stage_tool_pd").set_value(True).run()
    tool = wire_body(at)["tools"][0]["function"]
    assert tool["description"] == summary
    assert tool["parameters"]["properties"]["city"]["description"].startswith(city)


def test_stage3_broken_tool_source_sends_nothing(open_page):
    at = open_page(P3, "en")
    at.text_area(key="stage_tool_src").set_value("def get_weather(:\n").run()
    assert not at.exception
    assert "Syntax error" in errors(at)
    assert not page_bodies(at)


# ---------------------------------------------------------------- ④ tool_call
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_stage4_raw_arguments_string_and_parsed_tool_calls(open_page, lang):
    at = open_page(P4, lang)
    assert not at.exception
    raw = next(d for d in json_codes(at) if isinstance(d, list) and d and "function" in d[0])
    assert raw[0]["function"]["arguments"] == '{"city": "Bangkok", "days": 3}'  # a string on the wire
    parsed, invalid = json_elements(at)[0], json_elements(at)[1]
    assert parsed[0]["args"] == {"city": "Bangkok", "days": 3} and parsed[0]["id"] == "call_123"
    assert invalid == []


def test_stage4_malformed_arguments_land_in_invalid_tool_calls(open_page):
    at = open_page(P4, "en")
    at.text_area(key="stage_call_args").set_value('{"city": "Bangkok", "days": }').run()
    assert not at.exception
    parsed, invalid = json_elements(at)[0], json_elements(at)[1]
    assert parsed == []
    assert invalid and invalid[0]["args"] == '{"city": "Bangkok", "days": }'
    assert "invalid_tool_calls" in errors(at)
    assert any("JSONDecodeError" in c for c in codes(at))


def test_stage4_several_calls_in_one_reply_keep_their_ids(open_page):
    at = open_page(P4, "en")
    at.button(key="stage4::example::mixed").click().run()
    parsed, invalid = json_elements(at)[0], json_elements(at)[1]
    assert [(c["id"], c["args"]) for c in parsed] == [("call_123", {"city": "Tokyo"})]
    assert [c["id"] for c in invalid] == ["call_124"]


def test_stage4_valid_json_that_is_not_an_object_is_explained(open_page):
    at = open_page(P4, "en")
    at.text_area(key="stage_call_args").set_value("[1, 2]").run()
    assert not at.exception
    assert "could not turn it into an AIMessage" in errors(at)


# ---------------------------------------------------------------- ⑤ validation
def shown_failures(at: AppTest) -> str:
    """Every failure box: real ones (red) and deliberate ones framed as the lesson (neutral)."""
    return "\n".join([errors(at), *(i.value for i in at.info)])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_stage5_type_map_and_the_coerced_3(open_page, lang):
    at = open_page(P5, lang)
    assert not at.exception
    types = frames(at)[0]
    assert list(types.iloc[:, 0]) == ["(root)", "/city", "/days"]
    assert list(types.iloc[:, 2]) == ["dict", "str", "str"]
    coercion = frames(at)[1]
    assert list(coercion.iloc[0]) == ["/days", '"3" (str)', "3 (int)"]
    assert json_elements(at)[0] == {"city": "Bangkok", "days": 3}


@pytest.mark.parametrize(
    ("args", "switch", "error_type"),
    [
        ('{"city": "Bangkok", "days": "3"}', ("strict", True), "int_type"),
        ('{"city": "Bangkok", "days": 30}', None, "less_than_equal"),
        ('{"city": "", "days": 2}', None, "string_too_short"),
        ('{"location": "Bangkok", "days": 3}', None, "extra_forbidden"),
    ],
)
def test_stage5_pydantic_errors_straight_from_errors(open_page, args, switch, error_type):
    at = open_page(P5, "en")
    at.text_area(key="stage_valid_args").set_value(args).run()
    if switch:
        at.toggle(key="stage_valid_strict").set_value(True).run()
    assert not at.exception
    table = next(f for f in frames(at) if list(f.columns)[:2] == ["loc", "type"])
    assert error_type in list(table["type"])


def test_stage5_signature_model_ignores_the_stray_key_that_forbid_rejects(open_page):
    at = open_page(P5, "en")
    at.text_area(key="stage_valid_args").set_value('{"city": "Paris", "location": "x"}').run()
    assert "extra_forbidden" in list(next(f for f in frames(at) if "type" in f.columns)["type"])
    at.segmented_control(key="stage_valid_model").set_value("signature").run()
    assert json_elements(at)[0] == {"city": "Paris", "days": 1}
    assert any("/location" in c.value for c in at.caption)  # silently ignored, and said so


def test_stage5_malformed_json_stops_at_layer_one(open_page):
    at = open_page(P5, "en")
    at.text_area(key="stage_valid_args").set_value("{'city': 'Bangkok'}").run()
    assert "Not valid JSON" in shown_failures(at)
    assert "Expecting property name enclosed in double quotes" in shown_failures(at) or any("^" in c for c in codes(at))


def test_stage5_fakecity_is_well_shaped_and_answered_by_the_tool(open_page):
    at = open_page(P5, "zh")
    at.button(key="stage5::example::fake").click().run()
    assert not at.exception
    shown = "\n".join(codes(at))
    assert "没有找到城市“FakeCity”" in shown
    assert "学号 S9999 不存在" in shown  # the unknown student, answered by 小E's tool


# ---------------------------------------------------------------- ⑥ func(**kwargs)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_stage6_dict_becomes_the_call_in_any_order(open_page, lang):
    at = open_page(P6, lang)
    assert not at.exception
    shown = codes(at)
    assert any("weather_func(city='Bangkok', days=3)" in c for c in shown)
    assert "weather_func(days=3, city='Bangkok')" in shown  # the reversed order …
    assert at.success  # … gives the same result


def test_stage6_wrong_name_fails_at_pydantic_and_then_at_python():
    at = open_with_query(P6, {"lang": "en", "step": "2"})  # step 2: through every layer
    at.button(key="stage6::example::location").click().run()
    assert not at.exception
    shown = "\n".join(codes(at))
    assert "city: missing — Field required" in shown
    assert "location: extra_forbidden" in shown
    assert "TypeError: weather_func() got an unexpected keyword argument 'location'" in shown


def test_stage6_invoke_versus_calling_the_decorated_object():
    at = open_with_query(P6, {"lang": "en", "step": "3"})  # step 3: invoke vs a call
    shown = "\n".join(codes(at))
    assert "TypeError: 'StructuredTool' object is not callable" in shown
    assert "get_weather.invoke({'city': 'Bangkok', 'days': 3})" in shown


def test_stage6_non_object_is_explained(open_page):
    at = open_page(P6, "en")
    at.text_area(key="stage_kwargs").set_value("[1, 2]").run()
    assert not at.exception
    assert "unpacks a dict only" in errors(at)


# ---------------------------------------------------------------- ⑦ ToolMessage
def message_fields(at: AppTest) -> dict[str, str]:
    frame = next(f for f in frames(at) if list(f.iloc[:, 0])[:3] == ["type", "name", "tool_call_id"])
    return dict(zip(frame.iloc[:, 0], frame.iloc[:, 1], strict=True))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_stage7_tool_node_message_content_is_a_json_string(open_page, lang):
    at = open_page(P7, lang)
    assert not at.exception
    fields = message_fields(at)
    assert fields["tool_call_id"] == "call_123" and fields["status"] == "success" and fields["name"] == "get_weather"
    content = json.loads(next(c for c in codes(at) if c.startswith('"{')))
    assert isinstance(content, str) and json.loads(content)["temperature_c"] == 31


def test_stage7_bad_arguments_come_back_with_status_error(open_page):
    at = open_page(P7, "en")
    at.button(key="stage7::example::location").click().run()
    assert not at.exception
    assert message_fields(at)["status"] == "error"


def test_stage7_a_raising_tool_stops_the_graph_unless_handled(open_page):
    at = open_page(P7, "en")
    at.toggle(key="stage_msg_down").set_value(True).run()
    assert "did not handle it" in shown_failures(at)
    at.segmented_control(key="stage_msg_hte").set_value("true").run()
    assert message_fields(at)["status"] == "error"


def test_stage7_pairing_errors_come_from_the_endpoint():
    at = open_with_query(P7, {"lang": "en", "step": "4"})  # step 4: missing or mismatched
    assert "HTTP 400" in shown_failures(at)  # default: the ToolMessage is missing
    assert any("did not have response messages" in json.dumps(d) for d in json_elements(at))
    at.segmented_control(key="stage_msg_pair").set_value("paired").run()
    assert not any("HTTP 400" in e.value for e in at.error)
    assert "HTTP 400" not in shown_failures(at)
    at.query_params["step"] = "1"  # back to ToolNode's answer, where the call's id is typed
    at.run()
    at.text_input(key="stage_msg_id").set_value("call_abc").run()
    assert message_fields(at)["tool_call_id"] == "call_abc"


def test_stage7_artifact_is_kept_out_of_the_content():
    at = open_with_query(P7, {"lang": "en", "step": "2"})  # step 2: content_and_artifact
    metrics = {m.label: m.value for m in at.metric}
    content = int(metrics["content chars (for the model)"])
    artifact = int(metrics["artifact chars (for the program)"])
    assert content < 50 < artifact


# ---------------------------------------------------------------- ⑧ round trip
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_stage8_second_request_and_step_through(open_page, lang):
    at = open_page(P8, lang, timeout=90)
    assert not at.exception, at.exception
    roles = next(f for f in frames(at) if "role" in f.columns)
    # the page opens on stage ⑧ of the shared run, whose first message is its system prompt
    assert list(roles["role"]) == ["system", "user", "assistant", "tool"]
    assert roles["tool_calls"][2] == roles["tool_call_id"][3]  # the tool answers the assistant's call by id
    # The shared run was made for the step-through (built-in model, default question).
    trace = at.session_state["trace::chain"]
    assert trace.stop_reason == "final"
    at.query_params["step"] = "4"  # the step lives in the link
    at.run()
    assert at.query_params["step"] in ("4", ["4"])
    step4 = next(d for d in json_elements(at) if isinstance(d, dict) and "raw_tool_calls" in d)
    assert step4["raw_tool_calls"][0]["id"] == trace.model_calls[0].ai_message["tool_calls"][0]["id"]


def test_stage8_a_question_no_tool_fits_has_no_second_request(open_page):
    at = open_page(P8, "en", timeout=90)
    at.segmented_control(key="stage_rt_which").set_value("page").run()  # walk my question, not the shared run
    at.text_input(key="stage_rt_q").set_value("Hello").run()
    assert not at.exception
    assert any("there is no second request" in i.value for i in at.info)


def test_stage8_walks_the_page_run_when_asked(open_page):
    at = open_page(P8, "en", timeout=90)
    at.segmented_control(key="stage_rt_which").set_value("page").run()
    at.text_input(key="stage_rt_q").set_value("Weather in Beijing, and also Shanghai").run()
    at.query_params["step"] = "8"
    at.run()
    last = next(d for d in json_elements(at) if isinstance(d, dict) and "messages" in d and "answer" in d)
    # the page's own run carries the shared run's system prompt (issue 22: ⑧ Ex 1 counts what the table shows)
    assert [m["role"] for m in last["messages"]] == ["system", "user", "assistant", "tool", "tool"]


# ---------------------------------------------------------------- one run shared by the eight pages
def test_one_live_run_is_shared_and_highlighted_on_every_page(open_page):
    at = open_page(P1, "en", timeout=90)
    # Issue 11: a cold page opens on a real run of its first example, never on "No run yet".
    assert not any("No run yet" in c.value for c in at.caption)
    assert at.session_state["trace::chain"].question == "What's the weather in Bangkok?"
    at.text_input(key="chain::q").set_value("What's the weather in Tokyo?")
    at.button[[b.label for b in at.button].index("Run")].click().run()
    assert not at.exception, at.exception
    trace = at.session_state["trace::chain"]
    call_id = trace.model_calls[0].ai_message["tool_calls"][0]["id"]
    # Page ①: the tools array of the run's first request body, as the model received it.
    assert any(
        isinstance(d, list) and d and isinstance(d[0], dict) and d[0].get("function", {}).get("name") == "get_weather"
        for d in json_codes(at)
    )
    for page in (P2, P3, P4, P5, P6, P7, P8):
        at.switch_page(page).run()
        assert not at.exception, (page, at.exception)
        assert at.session_state["trace::chain"].run_id == trace.run_id
        assert any(call_id in e.label for e in at.expander), page
