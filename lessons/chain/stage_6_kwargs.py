"""Page ⑥ func(**kwargs) — its exercises: predict what ``weather_func(**d)`` does, then make a dict only invoke takes.

Each check makes the real call (``weather_func(**d)``, Pydantic bypassed, and ``get_weather.invoke``)
and reads Python's real ``TypeError``. Learner text is parsed (``json.loads``), never executed. The
stages are imported inside the functions, so the registry can count these exercises without LangChain.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal

from lessons.chain.answers import first_accepted
from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Code, Context, Exercise, Pick, Picks
from toolcall_lab.i18n import Text

Outcome = Literal["returns", "unexpected", "missing", "other"]
#: What ``weather_func(**d)`` can do with a dict.
OUTCOMES: tuple[Outcome, ...] = ("returns", "unexpected", "missing")
#: How the predict exercise names each outcome.
OUTCOME_NAMES: dict[str, Text] = {
    "returns": Text("返回结果", "returns"),
    "unexpected": Text("TypeError：多出的关键字参数", "TypeError: unexpected keyword argument"),
    "missing": Text("TypeError：缺少参数", "TypeError: missing argument"),
}

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
#: The make exercise's start: a dict both calls accept.
INVOKE_ONLY_START = '{"city": "Bangkok"}'


def call_outcome(kwargs: Mapping[str, Any]) -> Outcome:
    """What Python did with ``weather_func(**kwargs)``, read from the real call and its real ``TypeError``.

    >>> call_outcome({"city": "Paris"}), call_outcome({"town": "Paris", "city": "x"})
    ('returns', 'unexpected')
    """
    from toolcall_lab.stages.kwargs import call_plain

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
    from toolcall_lab.stages.kwargs import call_plain

    expected: dict[str, str] = {}
    messages: dict[str, Any] = {}
    for text in CALL_SAMPLES:
        kwargs = json.loads(text)
        expected[text] = call_outcome(kwargs)
        messages[text] = call_plain(kwargs).get("error")
    given = dict(answer or {})
    wrong = [text for text in CALL_SAMPLES if given.get(text) != expected[text]]
    return Checked(bool(answer) and not wrong, expected, {"wrong": wrong, "errors": messages, "given": given})


def _invoke_only(text: str, lang: str) -> dict[str, Any] | None:
    """``get_weather.invoke`` and ``weather_func(**d)`` on one dict, or ``None`` when it is no JSON object."""
    from toolcall_lab.errors import ExplainedError
    from toolcall_lab.stages.kwargs import kwargs_from_text, wrong_name_demo

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

    expected = first_accepted(INVOKE_ONLY_CANDIDATES, works)
    if not (text or "").strip():
        return Checked(False, expected)
    seen = _invoke_only(text or "", lang)
    if seen is None:
        return Checked(False, expected, {"not_object": True})
    return Checked(seen["invoke_ok"] and not seen["python_ok"], expected, seen)


def _python_said(found: Checked) -> Text:
    """What Python really did with each dict (told once the prediction is right, or with the answer)."""
    errors = (found.shown or {}).get("errors") or {}

    def said(lang: str) -> str:
        returns = Text("返回", "returns")(lang)
        return "; ".join(f"`{k}` → {e['message'] if e else returns}" for k, e in errors.items())

    return Text(said("zh"), said("en"))


def _outcomes_right(found: Checked, _context: Context) -> Text:
    return Text(
        "Python 按名字绑定，多一个、少一个都不行。Python 实际说：",
        "Python binds by name; one key too many or too few fails. What Python said: ",
    ) + _python_said(found)


def _outcomes_wrong(found: Checked, _context: Context) -> Text:
    """Which predictions differ, and where to look: never what Python did (that is the answer)."""
    wrong = list((found.shown or {}).get("wrong") or [])
    if not any(value for value in (found.shown or {}).get("given", {}).values()):
        return Text("每个字典都选一个结果。", "Pick an outcome for every dict.")
    listed = Text("、", ", ").join(f"`{w}`" for w in wrong)
    return Text(
        f"这几个字典的预测和 Python 的做法不一样：{listed.zh}。"
        "把每个字典的键和 `weather_func(city, days=1)` 的参数逐个对一下。",
        f"Your prediction differs from what Python does for: {listed.en}. "
        "Line each dict's keys up against the parameters of `weather_func(city, days=1)`.",
    )


def _invoke_only_right(found: Checked, _context: Context) -> Text:
    message = str((found.shown.get("python_error") or {}).get("message"))
    return Text(
        "@tool 推断的模型悄悄丢掉了多余的键，而 Python 直接报错：",
        "@tool's inferred model silently dropped the extra key, while Python raised: ",
    ) + Text(message, message)


def _invoke_only_wrong(found: Checked, _context: Context) -> Text:
    seen = found.shown or {}
    if seen.get("not_object"):
        return Text("需要一个 JSON 对象。", "A JSON object is needed.")
    invoke = Text("通过", "accepted") if seen.get("invoke_ok") else Text("拒绝", "refused")
    python = Text("通过", "accepted") if seen.get("python_ok") else Text("报错", "raised")
    return Text(
        f"get_weather.invoke: {invoke('zh')} · weather_func(**d): {python('zh')}",
        f"get_weather.invoke: {invoke('en')} · weather_func(**d): {python('en')}",
    )


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="call-outcomes",
        kind="predict",
        title=Text("预测：`weather_func(**d)` 会怎样？", "Predict: what does `weather_func(**d)` do?"),
        prompt=Text(
            "`weather_func(city, days=1)` 用每个字典展开调用：",
            "`weather_func(city, days=1)` called with each dict unpacked:",
        ),
        answer=Picks(
            lambda _c: [Pick(s, Text(f"d = `{s}`", f"d = `{s}`"), str(i)) for i, s in enumerate(CALL_SAMPLES)],
            lambda _c: OUTCOME_NAMES,
        ),
        check=lambda answer, _c: check_call_outcomes(answer),
        right=_outcomes_right,
        wrong=_outcomes_wrong,
        hint=Text(
            "键按名字对上参数；没有默认值的参数必须给。",
            "Keys match parameters by name; a parameter without a default must be given.",
        ),
    ),
    Exercise(
        slug="invoke-not-python",
        kind="make",
        title=Text("做一个：invoke 接受、Python 拒绝", "Make: invoke accepts, Python refuses"),
        prompt=Text(
            "写一个字典：`get_weather.invoke(d)` 能运行，`weather_func(**d)`（绕过 Pydantic）却报错。",
            "Write a dict that `get_weather.invoke(d)` runs but `weather_func(**d)` (Pydantic bypassed) refuses.",
        ),
        answer=Code(Text("d (JSON)", "d (JSON)"), lambda _c: INVOKE_ONLY_START, height=68),
        check=lambda answer, c: check_invoke_but_not_python(answer, str(c["lang"])),
        right=_invoke_only_right,
        wrong=_invoke_only_wrong,
        hint=Text("看第 2 步：@tool 推断的模型 extra=ignore。", "See step 2: @tool's inferred model has extra=ignore."),
    ),
)
