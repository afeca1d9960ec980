"""Stage 5, layer 2 — Pydantic: are the parsed arguments the right shape?

:func:`validate_stage` runs a real argument model over the ``json.loads`` result —
through :func:`toolcall_lab.stages.core.to_kwargs`, the two lines that matter — and says
what it changed: coercions (``"3"`` → ``3``), defaults filled in, keys dropped. When the
model says no, its ``ValidationError.errors()`` are returned as they were raised.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import MAX_DEPTH, to_jsonable
from toolcall_lab.stages import core
from toolcall_lab.stages._common import json_dict, unexpected, validation_errors
from toolcall_lab.stages.models import WeatherInput
from toolcall_lab.stages.schema import pointer


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
        return json_dict(data)


Extra = Literal["ignore", "forbid", "allow"]
#: How a model may treat unknown keys (Pydantic's ``extra`` setting).
EXTRA_SETTINGS: tuple[Extra, ...] = ("ignore", "forbid", "allow")


def extra_override(choice: str) -> Extra | None:
    """A switch's value as an ``extra`` override: one of :data:`EXTRA_SETTINGS`, else ``None`` (the model's own).

    >>> extra_override("forbid"), extra_override("model")
    ('forbid', None)
    """
    return next((setting for setting in EXTRA_SETTINGS if setting == choice), None)


def available_models(lang: str = "zh") -> dict[str, type[BaseModel]]:
    """The argument models a page can pick by name (``lang``: the weather tool's edition).

    * ``"signature"`` — what ``@tool`` inferred from ``get_weather(city: str, days: int = 1)``:
      types and the default only, unknown keys ignored;
    * ``"WeatherInput"`` — the article's explicit model: ``city`` at least one character,
      ``1 <= days <= 7``, unknown keys forbidden.
    """
    from toolcall_lab.stages.weather_data import build_weather_tool  # built on demand, not at import

    return {"signature": build_weather_tool(lang=lang).args_schema, "WeatherInput": WeatherInput}  # type: ignore[dict-item]


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
        for index, (g, r) in enumerate(zip(given, result, strict=True)):
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
    lang: str = "zh",
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
        lang: the edition of the weather tool behind the name ``"signature"``.

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
        models = available_models(lang)
        if model not in models:
            return explain(
                stage,
                f"unknown model {model!r}",
                title=Text(f"没有名为 {model} 的模型。", f"There is no model named {model}."),
                hint=Text(f"可选：{', '.join(models)}。", f"Choose one of: {', '.join(models)}."),
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
        kwargs = core.to_kwargs(model_cls, value, strict=strict)
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
                title=Text(
                    f"{name} 拒绝了这些参数（{len(errors)} 处错误）",
                    f"{name} rejected these arguments ({len(errors)} error{'s' if len(errors) != 1 else ''})",
                ),
                hint=Text(
                    "看每条错误的 loc（哪个字段）和 type（哪条规则）；工具函数不会被调用。",
                    "Read each error's loc (which field) and type (which rule); the tool function is not called.",
                ),
                data=errors,
            ),
        )
    except Exception as exc:
        return unexpected(stage, exc, title=Text("验证时出错。", "Validation failed unexpectedly."))
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
