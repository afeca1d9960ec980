"""Stage 2, second half — an argument model the learner writes, and what the model can see of it.

The learner types a Pydantic class such as the article's ``WeatherInput``. As with
``@tool`` functions, the text is **parsed, never executed**:

* ``class X(BaseModel)`` becomes a real model built by ``pydantic.create_model``;
* each ``name: T = Field(...)`` line becomes a real ``Field(...)`` whose keyword values
  are read with ``ast.literal_eval`` (``ge=1``, ``pattern="^[A-Z]"`` …);
* ``model_config = ConfigDict(extra="forbid")`` becomes the real config;
* ``class Units(str, Enum)`` becomes a real ``Enum`` with the literal members written;
* one more ``BaseModel`` class, defined first, may be used as a nested field type;
* ``@field_validator`` / ``@model_validator`` methods are **recorded, not attached**:
  their bodies are code, and the lab runs no learner code. They are listed as
  "custom validator present — enforced only at run time, invisible in the schema",
  which is also the lesson: the JSON Schema cannot carry them.

Then :func:`parse_args_model` compares the rules written with the real JSON Schema
(``model_json_schema()``) and the strict OpenAI tool (``convert_to_openai_tool(...,
strict=True)``): which constraints reach the model, and which it never sees.

Reading the classes is :mod:`.model_source`; checking the rules is :mod:`.model_rules`;
this module holds the entry point and its result.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import BaseModel

from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import to_jsonable
from toolcall_lab.stages._common import (
    Refused,
    json_dict,
    parse_learner_source,
    too_long,
    type_label,
    unexpected,
    unparse,
)
from toolcall_lab.stages.model_rules import analyse
from toolcall_lab.stages.model_source import STAGE, build_enum, build_model, class_kind, refuse_at

__all__ = [
    "DEFAULT_MODEL_SOURCE",
    "DEFAULT_MODEL_SOURCE_EN",
    "STAGE",
    "ArgsModelResult",
    "default_model_source",
    "parse_args_model",
]

DEFAULT_MODEL_SOURCE = '''from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator


class WeatherInput(BaseModel):
    """查询天气的参数。"""

    model_config = ConfigDict(extra="forbid")

    city: str = Field(min_length=1, description="城市名，中文或英文，例如 Bangkok")
    days: int = Field(default=1, ge=1, le=7, description="查询的天数，1 到 7")
    units: Literal["celsius", "fahrenheit"] = Field(default="celsius", description="温度单位")

    @field_validator("city")
    @classmethod
    def city_must_be_supported(cls, value: str) -> str:
        if value.strip().lower() not in {"bangkok", "beijing", "tokyo"}:
            raise ValueError("暂不支持这个城市")
        return value
'''

#: The same model, English edition: the same rules, English descriptions and message.
# zh-only: the article's descriptions it replaces
DEFAULT_MODEL_SOURCE_EN = (
    DEFAULT_MODEL_SOURCE.replace("查询天气的参数。", "The arguments of a weather query.")
    .replace("城市名，中文或英文，例如 Bangkok", "The city's name, in English or Chinese, for example Bangkok")
    .replace("查询的天数，1 到 7", "How many days to look at, 1 to 7")
    .replace("温度单位", "Temperature unit")
    .replace("暂不支持这个城市", "This city is not supported yet")
)


def default_model_source(lang: str) -> str:
    """The argument-model editor's starting text in the learner's language."""
    return Text(DEFAULT_MODEL_SOURCE, DEFAULT_MODEL_SOURCE_EN)(lang)


@dataclass
class ArgsModelResult:
    """What the learner's argument model is, and which of its rules the model can see.

    Attributes:
        name: the model class name.
        json_schema: ``model.model_json_schema()``, as Pydantic produced it.
        openai_strict: ``convert_to_openai_tool(model, strict=True)``.
        fields: one row per field (``name``, ``type``, ``required``, ``default``,
            ``description``).
        rules: one row per rule written: ``field``, ``rule``, ``value``,
            ``schema_keyword`` (the JSON Schema keyword found, or ``None``),
            ``in_schema`` and ``in_strict`` (found in each real artifact), ``note``.
        validators: the custom validators found (``kind``, ``name``, ``fields``,
            ``mode``, ``line``, ``source``) — recorded, never run.
        invisible: the rules the model never sees, each ``{"field", "rule", "why"}``.
        strict_changes: what strict mode changes for the model (fields that become required).
        enums: the Enum classes built, name → member values.
        nested: the nested model's name, if any.
        warnings: what Pydantic warned about while generating the schema.
        model: the real Pydantic class (left out of :meth:`to_dict`).
    """

    name: str
    json_schema: dict[str, Any]
    openai_strict: dict[str, Any] | None
    fields: list[dict[str, Any]]
    rules: list[dict[str, Any]]
    validators: list[dict[str, Any]]
    invisible: list[dict[str, Any]]
    strict_changes: list[dict[str, Any]]
    enums: dict[str, list[Any]]
    nested: str | None
    warnings: list[str]
    model: type[BaseModel] = field(repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """Everything but the class object, as JSON-safe data."""
        return json_dict({k: v for k, v in self.__dict__.items() if k != "model"})


def parse_args_model(source: str = DEFAULT_MODEL_SOURCE) -> ArgsModelResult | ExplainedError:
    """Build a real Pydantic model from the learner's class text and sort its rules.

    Args:
        source: one ``class X(BaseModel)``, optionally preceded by imports, ``Enum``
            classes and one other ``BaseModel`` class used as a nested field type.

    Returns:
        An :class:`ArgsModelResult`, or an :class:`ExplainedError` (with line / column).

    Example:
        >>> r = parse_args_model()
        >>> r.name, r.json_schema["properties"]["days"]["maximum"]
        ('WeatherInput', 7)
        >>> [v["name"] for v in r.validators]
        ['city_must_be_supported']
    """
    if not isinstance(source, str):
        return explain(
            STAGE,
            f"expected text, got {type(source).__name__}",
            title=Text("需要一段 Python 文本。", "Python text is needed."),
            hint=Text("在编辑框里输入模型定义。", "Type a model definition in the editor."),
        )
    if (error := too_long(STAGE, source, what=Text("模型源码", "model source"))) is not None:
        return error
    try:
        return _parse_args_model(source)
    except Refused as refused:
        # the annotation mapper is shared with the tool-source stage: its refusals are ours here
        return replace(refused.error, stage=STAGE)
    except Exception as exc:
        return unexpected(STAGE, exc, title=Text("构建参数模型时出错。", "Building the argument model failed."))


def _parse_args_model(source: str) -> ArgsModelResult:
    module = parse_learner_source(STAGE, source)

    known: dict[str, Any] = {}
    enums: dict[str, list[Any]] = {}
    models: list[tuple[ast.ClassDef, type[BaseModel], list[dict[str, Any]], list[dict[str, Any]]]] = []
    for index, stmt in enumerate(module.body):
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            continue  # read, never run
        if index == 0 and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue  # module docstring
        if not isinstance(stmt, ast.ClassDef):
            raise refuse_at(
                stmt,
                f"top-level statement: {unparse(stmt)[:100]}",
                title=Text("顶层只允许 import 和类定义", "Only imports and class definitions are allowed at top level"),
                hint=Text(
                    "删掉类外面的语句；实验室不会运行它们。",
                    "Remove statements outside the classes; the lab would not run them.",
                ),
            )
        if stmt.decorator_list:
            raise refuse_at(
                stmt.decorator_list[0],
                "class decorator",
                title=Text("类不能带装饰器", "Classes cannot be decorated here"),
                hint=Text("删掉类上方的 @ 行。", "Remove the @ line above the class."),
            )
        if class_kind(stmt) == "enum":
            built = build_enum(stmt)
            known[stmt.name] = built
            enums[stmt.name] = [m.value for m in built]
            continue
        if len(models) == 2:
            raise refuse_at(
                stmt,
                "more than two BaseModel classes",
                title=Text(
                    "最多两个 BaseModel：一个参数模型，加一个嵌套模型",
                    "At most two BaseModel classes: the arguments, plus one nested model",
                ),
                hint=Text("把多余的模型删掉或合并。", "Remove or merge the extra model."),
            )
        model, written, validators = build_model(stmt, known)
        known[stmt.name] = model
        models.append((stmt, model, written, validators))
    if not models:
        raise refuse_at(
            None,
            "no BaseModel class",
            title=Text("没有找到 `class X(BaseModel)`", "No `class X(BaseModel)` was found"),
            hint=Text("写一个继承 BaseModel 的参数模型。", "Write an argument model that inherits from BaseModel."),
        )

    # The last model is the arguments; a model defined before it is its nested type.
    cls, model, written, validators = models[-1]
    nested = models[0][0].name if len(models) == 2 else None
    if nested is not None:
        validators = models[0][3] + validators
    analysis = analyse(model, written, validators)
    fields = [
        {
            "name": name,
            "type": type_label(info.annotation),
            "required": info.is_required(),
            "default": None if info.is_required() else to_jsonable(info.default),
            "description": info.description,
        }
        for name, info in model.model_fields.items()
    ]
    return ArgsModelResult(
        name=cls.name,
        json_schema=to_jsonable(analysis["schema"]),
        openai_strict=to_jsonable(analysis["strict"]),
        fields=fields,
        rules=analysis["rules"],
        validators=validators,
        invisible=analysis["invisible"],
        strict_changes=analysis["strict_changes"],
        enums=to_jsonable(enums),
        nested=nested,
        warnings=analysis["warnings"],
        model=model,
    )
