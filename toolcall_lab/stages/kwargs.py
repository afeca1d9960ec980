"""Stage 6 — ``func(**kwargs)``: a dict of arguments becomes a real Python call.

No LangChain magic happens here; it is Python's keyword-argument unpacking. Every
function below calls real code and reports what Python said:

* :func:`render_call` writes the call a dict turns into: ``{"days": 3, "city": "Bangkok"}``
  → ``weather_func(days=3, city='Bangkok')``;
* :func:`order_demo` calls the function with the keys in two orders: same result, because
  Python binds by name;
* :func:`wrong_name_demo` sends ``location`` where the function wants ``city``: Pydantic
  stops it first (missing ``city``; extra ``location`` when the model forbids extras), and
  if Pydantic is bypassed Python itself raises ``TypeError``;
* :func:`invoke_vs_call` shows that after ``@tool`` the name is a ``StructuredTool``:
  ``get_weather.invoke(kwargs)`` works, ``get_weather(**kwargs)`` does not.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable, Mapping
from typing import Any

from langchain_core.tools import StructuredTool

from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import to_jsonable
from toolcall_lab.stages import core
from toolcall_lab.stages._common import validation_errors
from toolcall_lab.stages.validation import json_stage, validate_stage
from toolcall_lab.stages.weather_data import build_weather_tool

DEFAULT_KWARGS: dict[str, Any] = {"city": "Bangkok", "days": 3}


def weather_func(city: str, days: int = 1) -> dict[str, Any]:
    """The article's plain function, before any decorator: it returns what it received."""
    return {"city": city, "days": days}


def render_call(func_name: str, kwargs: Mapping[str, Any]) -> str:
    """Write the call that ``func(**kwargs)`` performs, from the real dict, in its order.

    >>> render_call("weather_func", {"days": 3, "city": "Bangkok"})
    "weather_func(days=3, city='Bangkok')"
    """
    return f"{func_name}(" + ", ".join(f"{key}={value!r}" for key, value in kwargs.items()) + ")"


def _outcome(call: Callable[[], Any]) -> dict[str, Any]:
    """Run ``call`` and report ``{"ok", "result"}`` or ``{"ok", "error": {"type", "message"}}``."""
    try:
        return {"ok": True, "result": to_jsonable(call())}
    except Exception as exc:
        error: dict[str, Any] = {"type": type(exc).__name__, "message": str(exc)}
        if hasattr(exc, "errors"):
            error["errors"] = validation_errors(exc)
        return {"ok": False, "error": error}


def call_plain(kwargs: Mapping[str, Any], func: Callable[..., Any] = weather_func) -> dict[str, Any]:
    """Call a plain function with ``**kwargs`` and report the call, the binding and the outcome.

    Returns:
        ``{"call", "binding", "ok", "result" | "error"}``. ``binding`` maps each parameter
        to the value Python bound to it (``None`` when binding fails).

    Example:
        >>> call_plain({"location": "Bangkok"})["error"]["message"]
        "weather_func() got an unexpected keyword argument 'location'"
    """
    kwargs = dict(kwargs)
    try:
        bound = inspect.signature(func).bind(**kwargs)
        bound.apply_defaults()
        binding: dict[str, Any] | None = to_jsonable(dict(bound.arguments))
    except TypeError:
        binding = None
    outcome = _outcome(lambda: core.call_function(func, kwargs))
    return {"call": render_call(func.__name__, kwargs), "binding": binding, **outcome}


def order_demo(kwargs: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Call :func:`weather_func` with the same keys in two orders.

    Returns:
        ``{"orders": [<call_plain of the dict>, <call_plain of the reversed dict>], "same": bool}``.

    Example:
        >>> order_demo()["same"]
        True
    """
    first = dict(DEFAULT_KWARGS if kwargs is None else kwargs)
    second = dict(reversed(list(first.items())))
    runs = [call_plain(first), call_plain(second)]
    return {"orders": runs, "same": runs[0].get("result") == runs[1].get("result") and runs[0]["ok"]}


def wrong_name_demo(kwargs: Mapping[str, Any] | None = None, lang: str = "zh") -> dict[str, Any]:
    """Send a misnamed argument through every layer and collect each real error.

    Args:
        kwargs: defaults to ``{"location": "Bangkok", "days": 3}``.
        lang: the weather tool's edition (``"en"`` answers in English).

    Returns:
        ``{"kwargs", "signature_model", "forbid_model", "tool_invoke", "python"}``:

        * ``signature_model`` — ``@tool``'s inferred model: only ``missing city``
          (the stray ``location`` is silently ignored);
        * ``forbid_model`` — the article's ``WeatherInput`` (``extra="forbid"``):
          ``missing city`` **and** ``extra location``;
        * ``tool_invoke`` — what ``get_weather.invoke(kwargs)`` raised;
        * ``python`` — Pydantic bypassed: ``weather_func(**kwargs)`` raising ``TypeError``.
    """
    kwargs = dict({"location": "Bangkok", "days": 3} if kwargs is None else kwargs)
    tool = build_weather_tool(lang=lang)
    return {
        "kwargs": to_jsonable(kwargs),
        "signature_model": validate_stage(kwargs, "signature", with_schema=False, lang=lang).to_dict(),
        "forbid_model": validate_stage(kwargs, "WeatherInput", with_schema=False).to_dict(),
        "tool_invoke": _outcome(lambda: tool.invoke(kwargs)),
        "python": call_plain(kwargs),
    }


def _call_func(tool: StructuredTool, kwargs: Mapping[str, Any]) -> Any:
    """``tool.func(**kwargs)``: the original function, Pydantic bypassed."""
    if tool.func is None:
        raise TypeError(f"{tool.name} has no sync function")
    return core.call_function(tool.func, kwargs)


def invoke_vs_call(kwargs: Mapping[str, Any] | None = None, lang: str = "zh") -> dict[str, Any]:
    """After ``@tool``, ``get_weather`` is a ``StructuredTool``: compare the ways to call it.

    ``lang`` picks the weather tool's edition (``"en"`` answers in English).

    Returns:
        ``{"type", "invoke", "call", "func"}``: ``type`` is the class of the decorated
        object; ``invoke`` the outcome of ``get_weather.invoke(kwargs)``; ``call`` the real
        error of ``get_weather(**kwargs)``; ``func`` the outcome of
        ``get_weather.func(**kwargs)`` — the original function ``invoke`` ends up calling.

    Example:
        >>> invoke_vs_call()["call"]["error"]["message"]
        "'StructuredTool' object is not callable"
    """
    kwargs = dict(DEFAULT_KWARGS if kwargs is None else kwargs)
    get_weather = build_weather_tool(lang=lang)
    return {
        "type": type(get_weather).__name__,
        "invoke": {"code": f"get_weather.invoke({kwargs!r})", **_outcome(lambda: get_weather.invoke(kwargs))},
        # the lesson is that this call fails: a StructuredTool is not callable
        "call": {"code": render_call("get_weather", kwargs), **_outcome(lambda: get_weather(**kwargs))},  # type: ignore[operator]
        "func": {"code": render_call("get_weather.func", kwargs), **_outcome(lambda: _call_func(get_weather, kwargs))},
    }


#: The article's four spellings: a dict literal, a call, an unpacking, and two mistakes.
SPELLINGS: tuple[str, ...] = (
    '{"city": "Bangkok"}',
    'weather_func(city="Bangkok")',
    "weather_func(**kwargs)",
    'weather_func("city"="Bangkok")',
    'weather_func("city": "Bangkok")',
)


def syntax_demo(spellings: tuple[str, ...] = SPELLINGS) -> list[dict[str, Any]]:
    """Ask Python's own parser about each spelling (parsed only, never run).

    Returns:
        One ``{"code", "valid", "error"}`` per spelling; ``error`` is the parser's message
        with its column, e.g. ``"expression cannot contain assignment, perhaps you meant \\"==\\"?"``.
    """
    rows = []
    for code in spellings:
        try:
            ast.parse(code, mode="eval")
            rows.append({"code": code, "valid": True, "error": None})
        except SyntaxError as exc:
            rows.append({"code": code, "valid": False, "error": {"msg": exc.msg, "col": exc.offset}})
    return rows


def kwargs_from_text(text: str) -> dict[str, Any] | ExplainedError:
    """The editor's JSON as the dict ``**`` will unpack; anything but a JSON object is explained.

    >>> kwargs_from_text('{"city": "Bangkok"}')
    {'city': 'Bangkok'}
    >>> kwargs_from_text("[1, 2]").stage
    'kwargs'
    """
    parsed = json_stage(text)
    if isinstance(parsed, ExplainedError):
        return parsed
    if isinstance(parsed.value, dict):
        return parsed.value
    return explain(
        "kwargs",
        f"expected a JSON object, got {type(parsed.value).__name__}",
        title=Text(
            "** 只能展开字典：这里需要一个 JSON 对象 {...}。",
            "** unpacks a dict only: a JSON object {...} is needed here.",
        ),
        hint=Text('例如 {"city": "Bangkok", "days": 3}。', 'For example {"city": "Bangkok", "days": 3}.'),
    )
