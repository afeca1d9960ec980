"""The exercises of chain stages ① – ④: their specimens and their checks, pure and testable.

Each page ends with two exercises: a *predict* (say what the artifact will show before you
see it) and a *make or fix* (edit an input until the real artifact reaches a goal). Every
check here runs the real library call — ``@tool`` on parsed text, ``model_json_schema``,
``ChatOpenAI`` against the built-in endpoint, LangChain's parser of ``tool_calls`` — on the
learner's answer or input, and computes the right answer the same way. Nothing is typed by
hand but the specimens and the goals.

A check returns :class:`Checked` (data, no sentences): the page words the feedback in the
learner's language from ``got`` (what the artifact shows for the learner's answer) and
``expected`` (the right answer, as the real artifact gives it).

Learner text is parsed, never executed (see :mod:`.tool_source`, :mod:`.args_model`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from toolcall_lab.checks import Checked
from toolcall_lab.errors import ExplainedError
from toolcall_lab.stages.args_model import ArgsModelResult, parse_args_model
from toolcall_lab.stages.tool_call import calls_from_text, scripted_tool_call
from toolcall_lab.stages.tool_source import default_source, parse_tool_source
from toolcall_lab.stages.wire import payload_for_source

__all__ = [
    "BIND_CHOICE_ABSENT",
    "CALLS_SPECIMEN",
    "FIX_ARGUMENTS_GOAL",
    "FIX_ARGUMENTS_START",
    "MAKE_TOOL_START",
    "PREDICT_MODEL_SOURCE",
    "PREDICT_TOOL_SOURCE",
    "Checked",
    "bad_name_source",
    "bind_choice_options",
    "check_bind_choice",
    "check_call_count",
    "check_fix_arguments",
    "check_fix_bad_name",
    "check_make_schema_limits",
    "check_make_tool",
    "check_required_prediction",
    "check_visible_rules",
    "rule_options",
    "tool_parameters",
]


def _names(answer: Any) -> list[str]:
    return sorted(str(a) for a in answer) if isinstance(answer, (list, tuple, set)) else []


# ---------------------------------------------------------------- ① @tool
#: Predict: which parameters will ``required`` list? (``str | None`` without a default is still required.)
PREDICT_TOOL_SOURCE = '''from langchain_core.tools import tool


@tool
def book_table(restaurant: str, notes: str | None, people: int = 2, time: str = "19:00") -> str:
    """Book a table at a restaurant."""
    return booking_api.book(restaurant, notes, people, time)
'''


def _required_of(source: str) -> list[str]:
    built = parse_tool_source(source)
    if isinstance(built, ExplainedError):  # a specimen that stops building is a bug in the lab
        raise ValueError(built.detail)
    return list(built.required)


def tool_parameters(source: str = PREDICT_TOOL_SOURCE) -> list[str]:
    """The parameter names of the specimen's tool, in order (the options of the predict exercise)."""
    built = parse_tool_source(source)
    if isinstance(built, ExplainedError):
        raise ValueError(built.detail)
    return [str(f["name"]) for f in built.fields]


def check_required_prediction(answer: Any, source: str = PREDICT_TOOL_SOURCE) -> Checked:
    """Predict ``required``: the answer (a list of names) against ``tool.args_schema``'s real list.

    >>> check_required_prediction(["restaurant", "notes"]).correct
    True
    """
    expected = sorted(_required_of(source))
    return Checked(_names(answer) == expected, expected, _names(answer))


#: Make: start from a function without annotations or defaults.
MAKE_TOOL_START = '''def get_time(zone, offset):
    """What time is it in a time zone?"""
'''
#: The goal, in the words of the schema: the tool's name, what it requires, one typed default.
MAKE_TOOL_GOAL: dict[str, Any] = {"name": "get_time", "required": ["zone"], "offset": {"type": "integer", "default": 0}}


def _tool_shape(fields: Sequence[dict[str, Any]], name: str, required: Sequence[str]) -> dict[str, Any]:
    offset = next((f for f in fields if f["name"] == "offset"), None)
    return {
        "name": name,
        "required": list(required),
        "offset": None if offset is None else {"type": offset["json_type"], "default": offset["default"]},
    }


def check_make_tool(source: Any) -> Checked:
    """Make: the learner's function must become ``get_time`` requiring ``zone``, with ``offset: int = 0``.

    ``expected`` is what ``@tool`` makes of a function that reaches the goal.
    """
    solution = parse_tool_source('def get_time(zone: str, offset: int = 0) -> str:\n    """What time is it?"""\n')
    assert not isinstance(solution, ExplainedError)
    expected = _tool_shape(solution.fields, solution.name, solution.required)
    if not isinstance(source, str):
        return Checked(False, expected)
    built = parse_tool_source(source)
    if isinstance(built, ExplainedError):
        return Checked(False, expected, error=built)
    got = _tool_shape(built.fields, built.name, built.required)
    return Checked(got == expected == MAKE_TOOL_GOAL, expected, got)


# ---------------------------------------------------------------- ② JSON Schema
#: Predict: which of these rules will the model see in the schema?
PREDICT_MODEL_SOURCE = """from pydantic import BaseModel, Field, field_validator


class TripInput(BaseModel):
    city: str = Field(max_length=20)
    days: int = Field(default=1, gt=0, strict=True)

    @field_validator("city")
    @classmethod
    def known_city(cls, value: str) -> str:
        return value
"""


def _built_model(source: str) -> ArgsModelResult:
    built = parse_args_model(source)
    if isinstance(built, ExplainedError):
        raise ValueError(built.detail)
    return built


def _rule_label(field: str, rule: str) -> str:
    return f"{field}.{rule.removeprefix('field_validator:')}{'()' if rule.startswith('field_validator:') else ''}"


def rule_options(source: str = PREDICT_MODEL_SOURCE) -> dict[str, bool]:
    """Each rule of the model (``"city.max_length"``, ``"city.known_city()"``) → does the schema carry it?"""
    built = _built_model(source)
    out = {_rule_label(r["field"], r["rule"]): bool(r["in_schema"]) for r in built.rules if r["rule"] != "default"}
    for hidden in built.invisible:
        out.setdefault(_rule_label(hidden["field"], hidden["rule"]), False)
    return out


def check_visible_rules(answer: Any, source: str = PREDICT_MODEL_SOURCE) -> Checked:
    """Predict: the rules the model will see, against the rows the real schema was checked against.

    >>> check_visible_rules(["city.max_length", "days.gt"]).correct
    True
    """
    expected = sorted(k for k, seen in rule_options(source).items() if seen)
    return Checked(_names(answer) == expected, expected, _names(answer))


#: Make: the schema the model reads must say ``days`` ≤ 5 and ``city`` has at least 2 characters.
SCHEMA_GOAL: dict[str, dict[str, int]] = {"days": {"maximum": 5}, "city": {"minLength": 2}}


def _limits(schema: dict[str, Any]) -> dict[str, dict[str, Any]]:
    props = schema.get("properties", {}) or {}
    days, city = props.get("days", {}) or {}, props.get("city", {}) or {}
    return {"days": {"maximum": days.get("maximum")}, "city": {"minLength": city.get("minLength")}}


def check_make_schema_limits(source: Any, start: str) -> Checked:
    """Make: edit the argument model so its real ``model_json_schema()`` carries :data:`SCHEMA_GOAL`.

    Args:
        source: the learner's model text.
        start: the model the exercise starts from; ``expected`` is its schema with the goal's limits.
    """
    solution = start.replace("min_length=1", "min_length=2").replace("le=7", "le=5")
    expected = _limits(_built_model(solution).json_schema)
    if not isinstance(source, str):
        return Checked(False, expected)
    built = parse_args_model(source)
    if isinstance(built, ExplainedError):
        return Checked(False, expected, error=built)
    got = _limits(built.json_schema)
    return Checked(got == expected == SCHEMA_GOAL, expected, got)


# ---------------------------------------------------------------- ③ bind_tools
BIND_CHOICE_ABSENT = "(absent)"


def _on_wire(value: Any) -> str:
    return BIND_CHOICE_ABSENT if value is None else json.dumps(value, ensure_ascii=False)


def _named_choice(lang: str, question: str) -> str:
    data = payload_for_source(default_source(lang), False, question, "named", "unset")
    return _on_wire(data.get("tool_choice_on_wire"))


def bind_choice_options(lang: str, question: str) -> list[str]:
    """The choices of the predict exercise: the real value on the wire among three that are not it."""
    return sorted({_named_choice(lang, question), '"get_weather"', '"required"', BIND_CHOICE_ABSENT})


def check_bind_choice(answer: Any, lang: str, question: str) -> Checked:
    """Predict: what ``bind_tools(tools, tool_choice="get_weather")`` puts in the body's ``tool_choice``."""
    expected = _named_choice(lang, question)
    return Checked(answer == expected, expected, answer)


def bad_name_source(lang: str) -> str:
    """The fix exercise's start: page ①'s function under a name the protocol refuses."""
    return default_source(lang).replace("@tool\n", '@tool("get weather!")\n')


def check_fix_bad_name(source: Any, lang: str, question: str) -> Checked:
    """Fix: the endpoint must accept the request (HTTP 200) and the model must call the learner's tool."""
    fixed = payload_for_source(default_source(lang), False, question, "unset", "unset")
    expected = {"status_code": fixed.get("status_code"), "name": fixed["tools_on_wire"][0]["function"]["name"]}
    if not isinstance(source, str):
        return Checked(False, expected)
    data = payload_for_source(source, False, question, "unset", "unset")
    if "tool_error" in data:
        return Checked(False, expected, error=ExplainedError.from_dict(data["tool_error"]))
    if "request_body" not in data:
        return Checked(False, expected, error=ExplainedError.from_dict(data["error"]))
    tools = data.get("tools_on_wire") or [{}]
    got = {"status_code": data.get("status_code"), "name": tools[0].get("function", {}).get("name")}
    calls = (data.get("reply") or {}).get("tool_calls") or []
    ok = got["status_code"] == expected["status_code"] == 200 and [c.get("name") for c in calls][:1] == [got["name"]]
    err = ExplainedError.from_dict(data["error"]) if data.get("error") else None
    return Checked(ok, expected, got, error=err)


# ---------------------------------------------------------------- ④ tool_call
#: Predict: the model's reply carries these two arguments strings.
CALLS_SPECIMEN: tuple[str, ...] = ('{"city": "Tokyo"}', '{"city": "Paris", "days": 3,}')


def check_call_count(answer: Any, lines: Sequence[str] = CALLS_SPECIMEN) -> Checked:
    """Predict: how many entries ``AIMessage.tool_calls`` will have (the answer is a digit, as text).

    >>> check_call_count("1").expected
    '1'
    """
    result = scripted_tool_call(list(lines))
    if isinstance(result, ExplainedError):
        raise ValueError(result.detail)
    expected = str(len(result.tool_calls))
    got = {
        "tool_calls": [c["id"] for c in result.tool_calls],
        "invalid_tool_calls": [c["id"] for c in result.invalid_tool_calls],
    }
    return Checked(str(answer) == expected, expected, got)


#: Fix: the start (single quotes and a trailing comma) and the args LangChain must make of the fixed line.
FIX_ARGUMENTS_START = "{'city': 'Paris', 'days': 3,}"
FIX_ARGUMENTS_GOAL: dict[str, Any] = {"city": "Paris", "days": 3}


def check_fix_arguments(text: Any) -> Checked:
    """Fix: one arguments line that LangChain parses into :data:`FIX_ARGUMENTS_GOAL` (one call, none invalid).

    ``expected`` is what the real parser makes of the goal written as JSON.
    """
    solution = scripted_tool_call(json.dumps(FIX_ARGUMENTS_GOAL))
    assert not isinstance(solution, ExplainedError)
    expected = {"arguments": json.dumps(FIX_ARGUMENTS_GOAL), "args": solution.tool_calls[0]["args"]}
    if not isinstance(text, str):
        return Checked(False, expected)
    lines = calls_from_text(text)
    if isinstance(lines, ExplainedError):
        return Checked(False, expected, error=lines)
    if len(lines) != 1:
        return Checked(False, expected, {"lines": len(lines)})
    result = scripted_tool_call(list(lines))
    if isinstance(result, ExplainedError):
        return Checked(False, expected, error=result)
    got = {
        "args": result.tool_calls[0]["args"] if result.tool_calls else None,
        "invalid": [c.get("error") for c in result.invalid_tool_calls],
    }
    ok = got["args"] == expected["args"] and not got["invalid"]
    return Checked(ok, expected, got)
