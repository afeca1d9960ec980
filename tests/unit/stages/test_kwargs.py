"""Stage 6: func(**kwargs) — Python's own keyword unpacking, and its real errors."""

from __future__ import annotations

from toolcall_lab.stages.kwargs import (
    call_plain,
    invoke_vs_call,
    order_demo,
    render_call,
    syntax_demo,
    weather_func,
    wrong_name_demo,
)


def test_render_call_follows_the_dicts_order():
    assert render_call("weather_func", {"city": "Bangkok", "days": 3}) == "weather_func(city='Bangkok', days=3)"
    assert render_call("weather_func", {"days": 3, "city": "Bangkok"}) == "weather_func(days=3, city='Bangkok')"
    assert render_call("f", {}) == "f()"


def test_order_does_not_matter():
    demo = order_demo({"days": 3, "city": "Bangkok"})
    first, second = demo["orders"]
    assert first["call"] == "weather_func(days=3, city='Bangkok')"
    assert second["call"] == "weather_func(city='Bangkok', days=3)"
    assert first["result"] == second["result"] == {"city": "Bangkok", "days": 3}
    assert demo["same"] is True


def test_binding_is_by_name_with_defaults():
    r = call_plain({"city": "Bangkok"})
    assert r["binding"] == {"city": "Bangkok", "days": 1}
    assert r["result"] == weather_func(city="Bangkok")


def test_wrong_name_fails_at_every_layer_with_the_real_messages():
    demo = wrong_name_demo()
    assert demo["kwargs"] == {"location": "Bangkok", "days": 3}
    # @tool's inferred model: missing city only (location is ignored).
    assert [(e["type"], e["loc"]) for e in demo["signature_model"]["errors"]] == [("missing", ["city"])]
    # The article's WeatherInput (extra="forbid"): missing city and extra location.
    assert [(e["type"], e["loc"]) for e in demo["forbid_model"]["errors"]] == [
        ("missing", ["city"]),
        ("extra_forbidden", ["location"]),
    ]
    assert demo["tool_invoke"]["ok"] is False
    assert demo["tool_invoke"]["error"]["type"] == "ValidationError"
    # Pydantic bypassed: Python itself refuses.
    assert demo["python"]["ok"] is False
    assert demo["python"]["binding"] is None
    assert demo["python"]["error"] == {
        "type": "TypeError",
        "message": "weather_func() got an unexpected keyword argument 'location'",
    }


def test_a_decorated_tool_is_invoked_not_called():
    demo = invoke_vs_call({"city": "Bangkok", "days": 3})
    assert demo["type"] == "StructuredTool"
    assert demo["invoke"]["ok"] and demo["invoke"]["result"]["city"] == "Bangkok"
    assert demo["call"]["error"] == {"type": "TypeError", "message": "'StructuredTool' object is not callable"}
    assert demo["call"]["code"] == "get_weather(city='Bangkok', days=3)"
    assert demo["func"]["result"] == demo["invoke"]["result"]


def test_the_articles_two_wrong_spellings_are_syntax_errors():
    rows = syntax_demo()
    assert [r["valid"] for r in rows] == [True, True, True, False, False]
    assert rows[3]["error"]["msg"] == 'expression cannot contain assignment, perhaps you meant "=="?'
    assert rows[4]["error"]["msg"] == "invalid syntax"
