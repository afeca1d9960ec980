"""Stage 5 — three layers between the model's argument string and a trustworthy call.

The article's rule of thumb, one function per layer:

* :func:`json_stage` — ``json.loads``: *can it be read?* Any well-formed JSON passes,
  ``{"days": 30}`` included; the result is walked to show which Python type each
  JSON value became (object → dict, array → list, number → int/float, null → None …).
* :func:`validate_stage` — ``Model.model_validate``: *is it the right shape?* Required
  fields, types, ranges, lengths, extra keys. Coercions are listed (``"3"`` → ``3``),
  and strict mode shows what happens when they are not allowed.
* :func:`fact_stage` — the tool itself: *is it true?* ``{"city": "FakeCity", "days": 3}``
  is perfectly shaped; only the weather service can say there is no such city.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.jsonable import MAX_DEPTH, to_jsonable
from toolcall_lab.stages._common import too_long, unexpected, validation_errors
from toolcall_lab.stages.models import WeatherInput
from toolcall_lab.stages.schema import pointer

#: How many rows the JSON → Python type map shows before it stops.
MAX_TYPE_ROWS = 300

DEFAULT_ARGUMENTS = '{"city": "Bangkok", "days": "3"}'


# --------------------------------------------------------------------------------------
# Layer 1: json.loads


@dataclass
class JsonStageResult:
    """A successful ``json.loads``.

    Attributes:
        value: the Python value, exactly as ``json.loads`` returned it.
        type_map: one row per value inside it: ``path`` (JSON pointer, ``""`` = the whole
            document), ``json`` (its JSON type), ``python`` (the Python type it became),
            ``value`` (a short preview).
        truncated: ``True`` when the type map stopped at :data:`MAX_TYPE_ROWS` rows or
            at the depth limit.
        non_standard: paths of ``NaN`` / ``Infinity`` values: Python's ``json.loads``
            accepts them, strict JSON (and most other parsers) does not.
    """

    value: Any
    type_map: list[dict[str, Any]]
    truncated: bool
    non_standard: list[str]

    def to_dict(self) -> dict[str, Any]:
        return to_jsonable(self.__dict__)


def _json_type(value: Any) -> str:
    """The JSON name of a value ``json.loads`` produced."""
    if value is None:
        return "null"
    if isinstance(value, bool):  # before int: True is an int in Python
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def _preview(value: Any) -> Any:
    if isinstance(value, dict):
        return f"{{…{len(value)} keys}}"
    if isinstance(value, list):
        return f"[…{len(value)} items]"
    if isinstance(value, str) and len(value) > 80:
        return value[:80] + "…"
    return to_jsonable(value)


def type_map(value: Any) -> tuple[list[dict[str, Any]], bool, list[str]]:
    """Walk a ``json.loads`` result: one row per value, plus the non-standard numbers.

    >>> rows, _, _ = type_map({"days": 3, "ok": True})
    >>> [(r["path"], r["json"], r["python"]) for r in rows]
    [('', 'object', 'dict'), ('/days', 'number', 'int'), ('/ok', 'true', 'bool')]
    """
    rows: list[dict[str, Any]] = []
    odd: list[str] = []
    truncated = False
    # Breadth-first with an explicit stack: deep nesting cannot blow Python's recursion.
    queue: list[tuple[list[str | int], Any]] = [([], value)]
    while queue:
        path, current = queue.pop(0)
        if len(rows) >= MAX_TYPE_ROWS or len(path) > MAX_DEPTH:
            truncated = True
            break
        where = pointer(path)
        rows.append(
            {"path": where, "json": _json_type(current), "python": type(current).__name__, "value": _preview(current)}
        )
        if isinstance(current, float) and not math.isfinite(current):
            odd.append(where)
        if isinstance(current, dict):
            queue.extend(([*path, k], v) for k, v in current.items())
        elif isinstance(current, list):
            queue.extend(([*path, i], v) for i, v in enumerate(current))
    return rows, truncated, odd


def json_stage(text: str) -> JsonStageResult | ExplainedError:
    """Run ``json.loads`` on the argument string the model wrote.

    Args:
        text: ``function.arguments`` as it came off the wire (a *string*).

    Returns:
        A :class:`JsonStageResult`, or an :class:`ExplainedError` (stage ``"json.loads"``)
        whose ``data`` holds the decoder's ``msg``, ``lineno``, ``colno``, ``pos`` and the
        offending line with a caret under the column.

    Example:
        >>> json_stage('{"city": "Bangkok", "days": 3}').value
        {'city': 'Bangkok', 'days': 3}
        >>> json_stage("{'city': 'Bangkok'}").data["msg"]
        'Expecting property name enclosed in double quotes'
    """
    stage = "json.loads"
    if not isinstance(text, str):
        return explain(
            stage,
            f"expected str, got {type(text).__name__}",
            zh="arguments 应该是一个字符串。",
            en="arguments should be a string.",
            hint_zh="模型返回的 function.arguments 总是 JSON 文本。",
            hint_en="function.arguments from the model is always JSON text.",
        )
    if (error := too_long(stage, text, what_zh="参数字符串", what_en="argument string")) is not None:
        return error
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        lines = exc.doc.splitlines() or [""]
        line_text = lines[exc.lineno - 1] if 0 < exc.lineno <= len(lines) else ""
        return explain(
            stage,
            exc,
            zh=f"不是合法的 JSON：第 {exc.lineno} 行第 {exc.colno} 列，{exc.msg}",
            en=f"Not valid JSON: line {exc.lineno}, column {exc.colno}: {exc.msg}",
            hint_zh="JSON 的键和字符串必须用双引号；不能有尾随逗号；true/false/null 要小写。",
            hint_en="JSON keys and strings need double quotes; no trailing commas; true/false/null in lower case.",
            data={
                "msg": exc.msg,
                "lineno": exc.lineno,
                "colno": exc.colno,
                "pos": exc.pos,
                "line_text": line_text[:300],
                "caret": " " * max(0, min(exc.colno - 1, 300)) + "^",
            },
        )
    except RecursionError as exc:
        return explain(
            stage,
            exc,
            zh="JSON 嵌套太深，解析器放弃了。",
            en="The JSON is nested too deeply for the parser.",
            hint_zh="工具参数通常只有一两层。",
            hint_en="Tool arguments are usually one or two levels deep.",
        )
    except Exception as exc:
        return unexpected(stage, exc, zh="json.loads 失败。", en="json.loads failed.")
    rows, truncated, odd = type_map(value)
    return JsonStageResult(value=value, type_map=rows, truncated=truncated, non_standard=odd)


# --------------------------------------------------------------------------------------
# Layer 2: Pydantic


@dataclass
class ValidationStageResult:
    """The outcome of ``model_validate`` — a pass or a list of Pydantic's own errors.

    Attributes:
        ok: whether validation passed.
        model: the model's name.
        strict: whether ``strict=True`` was used.
        extra: the model's ``extra`` setting (``"ignore"``, ``"forbid"``, ``"allow"``).
        kwargs: the validated arguments (``model_dump()``), which become ``func(**kwargs)``.
        coercions: values Pydantic converted: ``path``, ``input`` / ``input_type``,
            ``output`` / ``output_type`` (``"3"`` str → ``3`` int).
        defaults_filled: fields absent from the input that got their default.
        dropped: input keys the model ignored (only when ``extra="ignore"``).
        errors: ``ValidationError.errors()``, JSON-safe.
        error: the same failure as an :class:`ExplainedError`, or ``None``.
        json_schema: the schema of the model used, so a page can show the rule broken.
    """

    ok: bool
    model: str
    strict: bool
    extra: str
    kwargs: dict[str, Any] | None
    coercions: list[dict[str, Any]] = field(default_factory=list)
    defaults_filled: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    error: ExplainedError | None = None
    json_schema: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        data = {k: v for k, v in self.__dict__.items() if k != "error"}
        data["error"] = self.error.to_dict() if self.error else None
        return to_jsonable(data)


def available_models() -> dict[str, type[BaseModel]]:
    """The argument models a page can pick by name.

    * ``"signature"`` — what ``@tool`` inferred from ``get_weather(city: str, days: int = 1)``:
      types and the default only, unknown keys ignored;
    * ``"WeatherInput"`` — the article's explicit model: ``city`` at least one character,
      ``1 <= days <= 7``, unknown keys forbidden.
    """
    from toolcall_lab.stages.weather_data import build_weather_tool  # built on demand, not at import

    return {"signature": build_weather_tool().args_schema, "WeatherInput": WeatherInput}  # type: ignore[dict-item]


def with_extra(model: type[BaseModel], extra: Literal["ignore", "forbid", "allow"]) -> type[BaseModel]:
    """A subclass of ``model`` that differs only in how it treats unknown keys.

    >>> with_extra(WeatherInput, "ignore").model_validate({"city": "x", "location": "y"}).city
    'x'
    """
    config = ConfigDict(**{**model.model_config, "extra": extra})
    return type(f"{model.__name__}_extra_{extra}", (model,), {"model_config": config, "__doc__": model.__doc__})


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return type(a) is type(b) and a == b


def _compare(given: Any, result: Any, path: list[str | int], out: dict[str, list[Any]], depth: int = 0) -> None:
    """Walk input and validated output side by side, noting what changed."""
    if depth > MAX_DEPTH:
        return
    if isinstance(given, dict) and isinstance(result, dict):
        for key, value in result.items():
            if key in given:
                _compare(given[key], value, [*path, key], out, depth + 1)
            else:
                out["defaults_filled"].append(pointer([*path, key]))
        out["dropped"] += [pointer([*path, k]) for k in given if k not in result]
        return
    if isinstance(given, list) and isinstance(result, list) and len(given) == len(result):
        for index, (g, r) in enumerate(zip(given, result)):
            _compare(g, r, [*path, index], out, depth + 1)
        return
    if not _same(given, result):
        out["coercions"].append(
            {
                "path": pointer(path),
                "input": to_jsonable(given),
                "input_type": type(given).__name__,
                "output": to_jsonable(result),
                "output_type": type(result).__name__,
            }
        )


def validate_stage(
    value: Any,
    model: str | type[BaseModel] = "WeatherInput",
    *,
    strict: bool = False,
    extra: Literal["ignore", "forbid", "allow"] | None = None,
    with_schema: bool = True,
) -> ValidationStageResult | ExplainedError:
    """Validate parsed arguments with a real Pydantic model, and say what it changed.

    Args:
        value: the ``json.loads`` result (any JSON value; a non-object fails validation).
        model: a name from :func:`available_models` or a Pydantic model class (for
            example the one the learner wrote in the model editor).
        strict: pass ``strict=True`` to ``model_validate``: no ``"3"`` → ``3``.
        extra: override the model's treatment of unknown keys (``"forbid"`` turns a
            stray ``location`` into an error).
        with_schema: also return the model's JSON Schema (a traced run, which validates
            on every tool call, leaves it out).

    Returns:
        A :class:`ValidationStageResult` (``ok`` is ``False`` with ``errors`` when
        Pydantic said no), or an :class:`ExplainedError` for an unknown model name.

    Example:
        >>> r = validate_stage({"city": "Bangkok", "days": "3"})
        >>> r.kwargs, r.coercions[0]["input"], r.coercions[0]["output"]
        ({'city': 'Bangkok', 'days': 3}, '3', 3)
        >>> validate_stage({"city": "Bangkok", "days": "3"}, strict=True).errors[0]["type"]
        'int_type'
    """
    stage = "validation"
    if isinstance(model, str):
        models = available_models()
        if model not in models:
            return explain(
                stage,
                f"unknown model {model!r}",
                zh=f"没有名为 {model} 的模型。",
                en=f"There is no model named {model}.",
                hint_zh=f"可选：{', '.join(models)}。",
                hint_en=f"Choose one of: {', '.join(models)}.",
            )
        model_cls = models[model]
    else:
        model_cls = model
    name = model_cls.__name__
    if extra is not None:
        model_cls = with_extra(model_cls, extra)
    setting = str(model_cls.model_config.get("extra") or "ignore")
    schema = None
    if with_schema:
        try:
            schema = to_jsonable(model_cls.model_json_schema())
        except Exception:
            schema = None
    try:
        validated = model_cls.model_validate(value, strict=strict)
    except ValidationError as exc:
        errors = validation_errors(exc)
        return ValidationStageResult(
            ok=False,
            model=name,
            strict=strict,
            extra=setting,
            kwargs=None,
            errors=errors,
            json_schema=schema,
            error=explain(
                stage,
                exc,
                zh=f"{name} 拒绝了这些参数（{len(errors)} 处错误）",
                en=f"{name} rejected these arguments ({len(errors)} error{'s' if len(errors) != 1 else ''})",
                hint_zh="看每条错误的 loc（哪个字段）和 type（哪条规则）；工具函数不会被调用。",
                hint_en="Read each error's loc (which field) and type (which rule); the tool function is not called.",
                data=errors,
            ),
        )
    except Exception as exc:
        return unexpected(stage, exc, zh="验证时出错。", en="Validation failed unexpectedly.")
    kwargs = validated.model_dump()
    notes: dict[str, list[Any]] = {"coercions": [], "defaults_filled": [], "dropped": []}
    _compare(value, kwargs, [], notes)
    return ValidationStageResult(
        ok=True,
        model=name,
        strict=strict,
        extra=setting,
        kwargs=kwargs,
        json_schema=schema,
        coercions=notes["coercions"],
        defaults_filled=notes["defaults_filled"],
        dropped=notes["dropped"],
    )


def arguments_pipeline(
    text: str,
    model: str | type[BaseModel] = "WeatherInput",
    *,
    strict: bool = False,
    extra: Literal["ignore", "forbid", "allow"] | None = None,
) -> dict[str, Any]:
    """Layers 1 and 2 in a row, for one argument string: what each stage said.

    Returns:
        ``{"json": <JsonStageResult dict or error dict>, "validation": <... or None>}``;
        validation is ``None`` when ``json.loads`` already failed.
    """
    parsed = json_stage(text)
    if isinstance(parsed, ExplainedError):
        return {"json": parsed.to_dict(), "validation": None}
    checked = validate_stage(parsed.value, model, strict=strict, extra=extra)
    return {"json": parsed.to_dict(), "validation": checked.to_dict()}


# --------------------------------------------------------------------------------------
# Layer 3: the facts


@dataclass(frozen=True)
class FactSubject:
    """A tool whose answers can be checked against the facts its data knows.

    Attributes:
        tool: the real LangChain tool (its ``args_schema`` checks the shape).
        knows: ``knows(args)`` is True when the data has the thing asked about.
        default_args: well-shaped arguments that are wrong in fact (the lesson's example).
    """

    tool: Any
    knows: Callable[[dict[str, Any]], bool]
    default_args: dict[str, Any]


def weather_subject() -> FactSubject:
    """The lab's ``get_weather`` over its local dataset; ``FakeCity`` is the article's wrong fact."""
    from toolcall_lab.stages.weather_data import build_weather_tool, find_city

    return FactSubject(
        tool=build_weather_tool(),
        knows=lambda a: find_city(str(a.get("city", ""))) is not None,
        default_args={"city": "FakeCity", "days": 3},
    )


def fact_stage(
    subject: FactSubject | None = None, args: dict[str, Any] | None = None
) -> dict[str, Any] | ExplainedError:
    """Run the real tool on arguments that are well-shaped but may be wrong in fact.

    Args:
        subject: the tool and its facts; by default :func:`weather_subject`. A specimen
            passes its own (the tutor's ``get_learning_record`` is
            ``lessons.tutor.tools.learning_record_subject()``).
        args: the arguments; by default the subject's ``default_args``
            (``{"city": "FakeCity", "days": 3}`` for the weather).

    Returns:
        ``{"tool", "args", "shape_ok", "shape_errors", "fact_ok", "result"}``: ``shape_ok``
        is the Pydantic verdict, ``fact_ok`` whether the data knows the thing asked
        about, ``result`` what the tool answered (its text for a fact it cannot find).

    Example:
        >>> r = fact_stage()
        >>> r["shape_ok"], r["fact_ok"]
        (True, False)
    """
    chosen_subject = subject or weather_subject()
    chosen, knows = chosen_subject.tool, chosen_subject.knows
    args = dict(chosen_subject.default_args) if args is None else args

    shape = validate_stage(args, chosen.args_schema)
    if isinstance(shape, ExplainedError):
        return shape
    result: Any = None
    if shape.ok:
        try:
            result = chosen.invoke(args)
        except Exception as exc:
            result = f"{type(exc).__name__}: {exc}"
    return to_jsonable(
        {
            "tool": chosen.name,
            "args": args,
            "shape_ok": shape.ok,
            "shape_errors": shape.errors,
            "fact_ok": bool(shape.ok and knows(args)),
            "result": result,
        }
    )
