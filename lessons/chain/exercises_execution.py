"""The checks of chain pages ⑤–⑧'s exercises: each runs the real stage on the learner's answer.

Every page ends with two exercises: a *predict* (say what an artifact will show before
seeing it) and a *make or fix* (edit an input until the real stage reaches a goal). Each
check takes the learner's answer, computes the right one from the real library call at
check time (never a typed constant) and returns a :class:`Checked`: whether the answer is
right, the right answer, and what the artifact showed, as data. The pages word the feedback.

Learner text is parsed (``json.loads``), never executed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

from toolcall_lab.capture import recording, response_tool_calls
from toolcall_lab.checks import Checked
from toolcall_lab.errors import ExplainedError
from toolcall_lab.llm import build_chat_model
from toolcall_lab.stages import core
from toolcall_lab.stages.fact_layer import fact_stage, weather_subject
from toolcall_lab.stages.json_layer import json_stage
from toolcall_lab.stages.kwargs import call_plain, kwargs_from_text, wrong_name_demo
from toolcall_lab.stages.models import WeatherInput
from toolcall_lab.stages.round_trip import run_round_trip
from toolcall_lab.stages.shape_layer import validate_stage
from toolcall_lab.stages.tool_node import run_from_text, run_tool_node
from toolcall_lab.stages.weather_data import build_weather_tool
from toolcall_lab.stages.wire import exchange_summary, model_error


def _first(candidates: Sequence[Any], works: Callable[[Any], bool]) -> Any:
    """The first candidate the real check accepts (so a "make" answer is computed, not typed)."""
    return next((c for c in candidates if works(c)), None)


# ---------------------------------------------------------------- ⑤ validation
Layer = Literal["json", "shape", "fact", "none"]
#: Where an argument string can be stopped, in chain order (``"none"``: it passes all three).
LAYERS: tuple[Layer, ...] = ("json", "shape", "fact", "none")

#: Four argument strings for "predict where it stops" (one per layer, in a mixed order).
STOP_SAMPLES: tuple[str, ...] = (
    '{"city": "Tokyo", "days": 8}',
    '{"city": "Atlantis", "days": 2}',
    '{"city": "Tokyo", "days": "2"}',
    "{city: 'Tokyo'}",
)

#: The string to fix on page ⑤: single quotes, a trailing comma, and a key WeatherInput forbids.
BROKEN_ARGUMENTS = "{'city': 'Tokyo', 'days': '5', 'country': 'Japan',}"
#: What the fixed string must validate to.
FIX_GOAL: dict[str, Any] = {"city": "Tokyo", "days": 5}


def layers_verdict(text: str, lang: str = "zh") -> dict[str, Any]:
    """Run one argument string through the three layers: where it stopped, and what each said.

    Returns:
        ``{"layer", "kwargs", "errors", "result"}``: ``layer`` is where it stopped (or
        ``"none"``), ``kwargs`` what ``WeatherInput`` made of it, ``errors`` Pydantic's
        ``errors()``, ``result`` the tool's answer when it got that far.

    Example:
        >>> layers_verdict('{"city": "Tokyo", "days": 8}')["layer"]
        'shape'
    """
    parsed = json_stage(text)
    if isinstance(parsed, ExplainedError):
        return {"layer": "json", "kwargs": None, "errors": [], "result": None, "json_error": parsed.data}
    checked = validate_stage(parsed.value, WeatherInput, with_schema=False)
    if isinstance(checked, ExplainedError) or not checked.ok:
        errors = [] if isinstance(checked, ExplainedError) else checked.errors
        return {"layer": "shape", "kwargs": None, "errors": errors, "result": None}
    fact = fact_stage(weather_subject(lang), checked.kwargs)
    if isinstance(fact, ExplainedError):  # pragma: no cover - the weather tool's schema always builds
        return {"layer": "shape", "kwargs": checked.kwargs, "errors": [], "result": None}
    layer: Layer = "none" if fact["fact_ok"] else "fact"
    return {"layer": layer, "kwargs": checked.kwargs, "errors": [], "result": fact["result"]}


def check_stop_layers(answer: Mapping[str, str] | None, lang: str = "zh") -> Checked:
    """Predict: at which layer is each of :data:`STOP_SAMPLES` stopped?"""
    expected = {text: layers_verdict(text, lang)["layer"] for text in STOP_SAMPLES}
    given = dict(answer or {})
    wrong = [text for text in STOP_SAMPLES if given.get(text) != expected[text]]
    return Checked(bool(answer) and not wrong, expected, {"wrong": wrong})


def check_fixed_arguments(text: str | None, lang: str = "zh") -> Checked:
    """Fix: make :data:`BROKEN_ARGUMENTS` pass all three layers as ``FIX_GOAL``."""
    expected = json.dumps(WeatherInput.model_validate(FIX_GOAL).model_dump())
    if not (text or "").strip():
        return Checked(False, expected)
    seen = layers_verdict(text or "", lang)
    return Checked(seen["layer"] == "none" and seen["kwargs"] == FIX_GOAL, expected, seen)


# ---------------------------------------------------------------- ⑥ func(**kwargs)
Outcome = Literal["returns", "unexpected", "missing", "other"]
#: What ``weather_func(**d)`` can do with a dict.
OUTCOMES: tuple[Outcome, ...] = ("returns", "unexpected", "missing")

#: Three dicts for "predict what weather_func(**d) does".
CALL_SAMPLES: tuple[str, ...] = (
    '{"days": 2, "city": "Paris"}',
    '{"city": "Paris", "location": "Rome"}',
    '{"days": 2}',
)

#: Dicts tried, in order, to compute the answer of the "make" exercise on page ⑥.
INVOKE_ONLY_CANDIDATES: tuple[str, ...] = (
    '{"city": "Bangkok", "days": 3}',
    '{"location": "Bangkok"}',
    '{"city": "Bangkok", "country": "Thailand"}',
)


def call_outcome(kwargs: Mapping[str, Any]) -> Outcome:
    """What Python did with ``weather_func(**kwargs)``, read from the real call and its real ``TypeError``.

    >>> call_outcome({"city": "Paris"}), call_outcome({"town": "Paris", "city": "x"})
    ('returns', 'unexpected')
    """
    run = call_plain(kwargs)
    if run["ok"]:
        return "returns"
    message = str((run.get("error") or {}).get("message", ""))
    if "unexpected keyword argument" in message:
        return "unexpected"
    if "missing" in message:
        return "missing"
    return "other"


def check_call_outcomes(answer: Mapping[str, str] | None) -> Checked:
    """Predict: for each of :data:`CALL_SAMPLES`, does ``weather_func(**d)`` return or raise, and why?"""
    expected: dict[str, str] = {}
    messages: dict[str, Any] = {}
    for text in CALL_SAMPLES:
        kwargs = json.loads(text)
        expected[text] = call_outcome(kwargs)
        messages[text] = call_plain(kwargs).get("error")
    given = dict(answer or {})
    wrong = [text for text in CALL_SAMPLES if given.get(text) != expected[text]]
    return Checked(bool(answer) and not wrong, expected, {"wrong": wrong, "errors": messages})


def _invoke_only(text: str, lang: str) -> dict[str, Any] | None:
    """``get_weather.invoke`` and ``weather_func(**d)`` on one dict, or ``None`` when it is no JSON object."""
    kwargs = kwargs_from_text(text)
    if isinstance(kwargs, ExplainedError):
        return None
    demo = wrong_name_demo(kwargs, lang)
    return {
        "invoke_ok": bool(demo["tool_invoke"]["ok"]),
        "python_ok": bool(demo["python"]["ok"]),
        "python_error": demo["python"].get("error"),
        "invoke_error": demo["tool_invoke"].get("error"),
    }


def check_invoke_but_not_python(text: str | None, lang: str = "zh") -> Checked:
    """Make: a dict that ``get_weather.invoke`` accepts but ``weather_func(**d)`` refuses.

    (``@tool``'s inferred model ignores an unknown key; Python, with Pydantic bypassed, raises.)
    """

    def works(candidate: str) -> bool:
        seen = _invoke_only(candidate, lang)
        return seen is not None and seen["invoke_ok"] and not seen["python_ok"]

    expected = _first(INVOKE_ONLY_CANDIDATES, works)
    if not (text or "").strip():
        return Checked(False, expected)
    seen = _invoke_only(text or "", lang)
    if seen is None:
        return Checked(False, expected, {"not_object": True})
    return Checked(seen["invoke_ok"] and not seen["python_ok"], expected, seen)


# ---------------------------------------------------------------- ⑦ ToolMessage
#: Calls given to ToolNode for "predict the status": (label, args as JSON, weather service down).
STATUS_CASES: tuple[tuple[str, str, bool], ...] = (
    ("tokyo", '{"city": "Tokyo"}', False),
    ("location", '{"location": "Tokyo"}', False),
    ("fake", '{"city": "FakeCity"}', False),
    ("down", '{"city": "Tokyo"}', True),
)


def tool_node_outcome(args_text: str, down: bool, lang: str = "zh") -> str:
    """The real ToolNode's verdict on one call: the message's ``status``, or ``"stops"`` when it raised.

    >>> tool_node_outcome('{"city": "FakeCity"}', False)
    'success'
    """
    run = run_from_text(args_text, "call_1", down, "default", lang)
    if run.get("error") or "input_error" in run:
        return "stops"
    return str(run["messages"][0]["status"])


def check_statuses(answer: Mapping[str, str] | None, lang: str = "zh") -> Checked:
    """Predict: for each of :data:`STATUS_CASES`, the ToolMessage's status (or that the graph stops)."""
    expected = {label: tool_node_outcome(args, down, lang) for label, args, down in STATUS_CASES}
    given = dict(answer or {})
    wrong = [label for label, _, _ in STATUS_CASES if given.get(label) != expected[label]]
    return Checked(bool(answer) and not wrong, expected, {"wrong": wrong})


def first_reply(question: str, lang: str = "zh", *, llm: Any = None) -> dict[str, Any]:
    """Request 1 for real: the model's reply as on the wire, and as LangChain parsed it.

    Returns:
        ``{"question", "raw_tool_calls", "tool_calls"}`` (``raw_tool_calls`` from the
        response body: ``arguments`` still a string).
    """
    chat = build_chat_model() if llm is None else llm
    with recording() as rec:
        ai = core.ask_with_tools(chat, [build_weather_tool(lang=lang)], [HumanMessage(question)])
    body = rec.exchanges[-1].response_body if rec.exchanges else None
    return {"question": question, "raw_tool_calls": response_tool_calls(body), "tool_calls": list(ai.tool_calls)}


def check_answer_id(reply: Mapping[str, Any], typed_id: str | None, lang: str = "zh", *, llm: Any = None) -> Checked:
    """Fix: the ToolMessage answering ``reply``'s call is addressed to ``typed_id``; does request 2 go through?

    The check sends the real second request (question, the assistant's reply, ToolNode's
    answer re-addressed to ``typed_id``) and reads the endpoint's status.
    """
    calls = list(reply.get("tool_calls") or [])
    expected = calls[0]["id"] if calls else None
    typed = (typed_id or "").strip()
    if not typed or not calls:
        return Checked(False, expected)
    answer = run_tool_node(calls[:1], lang=lang).tool_messages[0]
    addressed = core.answer_call({**calls[0], "id": typed}, answer.content, status=answer.status)
    ai = AIMessage(content="", tool_calls=calls[:1])
    messages: list[BaseMessage] = [HumanMessage(str(reply.get("question", ""))), ai, addressed]
    chat = build_chat_model() if llm is None else llm
    error = None
    with recording() as rec:
        try:
            core.ask_with_tools(chat, [build_weather_tool(lang=lang)], messages)
        except Exception as exc:
            error = model_error("tool_message", exc, rec.exchanges)
    status = exchange_summary(rec.exchanges[-1])["status_code"] if rec.exchanges else None
    return Checked(error is None, expected, {"status_code": status, "typed": typed})


# ---------------------------------------------------------------- ⑧ the round trip
def second_request_size(question: str, lang: str = "zh", *, llm: Any = None) -> dict[str, Any]:
    """The real run's second request: how many messages and which roles (0 and ``[]`` when there is none)."""
    run = run_round_trip(question, llm=llm, lang=lang)
    roles = [m.get("role") for m in run.second_request_messages or []]
    return {"count": len(roles), "roles": roles, "requests": len(run.exchanges)}


def check_second_request_size(answer: int | None, question: str, lang: str = "zh", *, llm: Any = None) -> Checked:
    """Predict: how many messages will the second request carry for ``question``?"""
    seen = second_request_size(question, lang, llm=llm)
    return Checked(answer is not None and int(answer) == seen["count"], seen["count"], seen)


#: Questions tried, in order, to compute the answer of the "make" exercise on page ⑧.
THREE_TOOLS_CANDIDATES: tuple[str, ...] = (
    "What's the weather in Bangkok?",
    "Weather in Beijing, Shanghai and Tokyo",
    "北京、上海和东京的天气",
)


def check_three_tool_messages(question: str | None, lang: str = "zh", *, llm: Any = None) -> Checked:
    """Make: a question whose second request carries exactly three ``tool`` messages."""

    def tools_in(q: str) -> dict[str, Any]:
        return second_request_size(q, lang, llm=llm)

    expected = _first(THREE_TOOLS_CANDIDATES, lambda q: tools_in(q)["roles"].count("tool") == 3)
    text = (question or "").strip()
    if not text:
        return Checked(False, expected)
    seen = tools_in(text)
    return Checked(seen["roles"].count("tool") == 3, expected, seen)
