"""Page ⑤ validation — its exercises: predict where each argument string stops, then fix one until it passes.

Each check runs the three real layers (``json.loads``, ``WeatherInput``, the weather tool) on the
learner's answer. Learner text is parsed (``json.loads``), never executed. The stages are imported
inside the functions, so the registry can count these exercises without loading Pydantic or LangChain.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal

from lessons.chain.answers import code_list
from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Code, Context, Exercise, Pick, Picks
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import json_text

Layer = Literal["json", "shape", "fact", "none"]
#: Where an argument string can be stopped, in chain order (``"none"``: it passes all three).
LAYERS: tuple[Layer, ...] = ("json", "shape", "fact", "none")
#: How the exercises name each layer.
LAYER_NAMES: dict[str, Text] = {
    "json": Text("json.loads（读不了）", "json.loads (unreadable)"),
    "shape": Text("Pydantic（形状不对）", "Pydantic (wrong shape)"),
    "fact": Text("工具（事实不对）", "the tool (not true)"),
    "none": Text("三道都通过", "passes all three"),
}

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
    from toolcall_lab.errors import ExplainedError
    from toolcall_lab.stages.fact_layer import fact_stage, weather_subject
    from toolcall_lab.stages.json_layer import json_stage
    from toolcall_lab.stages.models import WeatherInput
    from toolcall_lab.stages.shape_layer import validate_stage

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
    from toolcall_lab.stages.models import WeatherInput

    expected = json.dumps(WeatherInput.model_validate(FIX_GOAL).model_dump())
    if not (text or "").strip():
        return Checked(False, expected)
    seen = layers_verdict(text or "", lang)
    return Checked(seen["layer"] == "none" and seen["kwargs"] == FIX_GOAL, expected, seen)


def _lang(context: Context) -> str:
    return str(context["lang"])


def _stops_wrong(found: Checked, _context: Context) -> Text:
    wrong = (found.shown or {}).get("wrong") or list(STOP_SAMPLES)
    return Text("这些判断不对：", "These are not where it stops: ") + Text(code_list(wrong), code_list(wrong))


def _fixed_right(found: Checked, _context: Context) -> Text:
    kwargs = json_text(found.shown["kwargs"], indent=None)
    return Text(f"通过三道：kwargs = {kwargs}", f"It passes all three: kwargs = {kwargs}")


def _fixed_wrong(found: Checked, _context: Context) -> Text:
    seen = found.shown or {}
    where = LAYER_NAMES.get(str(seen.get("layer")), Text("—", "—"))
    errors = ", ".join(f"{'/'.join(map(str, e.get('loc', [])))}: {e.get('type')}" for e in seen.get("errors") or [])
    detail = Text(errors, errors)
    if seen.get("json_error"):
        msg = str(seen["json_error"].get("msg"))
        detail = Text(msg, msg)
    if seen.get("layer") == "none":
        kwargs = json_text(seen.get("kwargs"), indent=None)
        detail = Text(
            "通过了，但 kwargs 不是东京 5 天：", "it passes, but the kwargs are not Tokyo for 5 days: "
        ) + Text(kwargs, kwargs)
    return Text("停在：", "Stopped at: ") + where + Text(" — ", " — ") + detail


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="stop-layer",
        kind="predict",
        title=Text("预测：在哪一道被拦下？", "Predict: where is it stopped?"),
        prompt=Text(
            "每个参数字符串走三道检查（WeatherInput）。它在哪一道停下？",
            "Each argument string goes through the three layers (WeatherInput). Where does it stop?",
        ),
        answer=Picks(
            lambda _c: [Pick(s, Text(f"参数 `{s}`", f"Arguments `{s}`"), str(i)) for i, s in enumerate(STOP_SAMPLES)],
            lambda _c: LAYER_NAMES,
        ),
        check=lambda answer, c: check_stop_layers(answer, _lang(c)),
        right=Text("每一道只回答自己的问题。", "Each layer answers its own question."),
        wrong=_stops_wrong,
        hint=Text(
            "json.loads 只管语法；Pydantic 管类型和范围（days 1–7）；只有工具知道城市是否存在。",
            "json.loads checks syntax only; Pydantic checks types and ranges (days 1–7); "
            "only the tool knows whether a city exists.",
        ),
    ),
    Exercise(
        slug="fix-arguments",
        kind="fix",
        title=Text("修复：让它通过三道", "Fix: make it pass all three"),
        prompt=Text(
            "改这段参数，让它通过三道检查，得到东京、5 天：",
            "Edit these arguments so they pass all three layers and ask for Tokyo, 5 days:",
        ),
        answer=Code(Text("arguments", "arguments"), lambda _c: BROKEN_ARGUMENTS, height=80),
        check=lambda answer, c: check_fixed_arguments(answer, _lang(c)),
        right=_fixed_right,
        wrong=_fixed_wrong,
        hint=Text(
            "JSON 要双引号、不能有尾逗号；WeatherInput 禁止多余的键。",
            "JSON needs double quotes and no trailing comma; WeatherInput forbids extra keys.",
        ),
    ),
)
