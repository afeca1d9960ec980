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
"""

from __future__ import annotations

import ast
import enum
import keyword
import warnings
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import BaseModel, ConfigDict, Field, create_model

from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.jsonable import to_jsonable
from toolcall_lab.stages._common import (
    Refused,
    parse_learner_source,
    refuse,
    too_long,
    type_label,
    unexpected,
    unparse,
)
from toolcall_lab.stages.tool_source import map_annotation

STAGE = "args_model"

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

# Keyword arguments of Field(...) the lab reads, and the JSON Schema keywords each
# one may turn into (min_length means minLength on a string, minItems on a list).
FIELD_KEYWORDS: dict[str, tuple[str, ...]] = {
    "default": ("default",),
    "description": ("description",),
    "title": ("title",),
    "examples": ("examples",),
    "ge": ("minimum",),
    "gt": ("exclusiveMinimum",),
    "le": ("maximum",),
    "lt": ("exclusiveMaximum",),
    "multiple_of": ("multipleOf",),
    "min_length": ("minLength", "minItems", "minProperties"),
    "max_length": ("maxLength", "maxItems", "maxProperties"),
    "pattern": ("pattern",),
    "strict": (),  # a validation switch with no JSON Schema keyword at all
}
# model_config keys the lab reads.
CONFIG_KEYS = ("extra", "strict", "str_strip_whitespace", "str_to_lower", "str_to_upper", "title")
_ENUM_BASES = {"Enum": enum.Enum, "IntEnum": enum.IntEnum, "StrEnum": enum.StrEnum}


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
        return to_jsonable({k: v for k, v in self.__dict__.items() if k != "model"})


def _refuse(node: Any, detail: str, *, zh: str, en: str, hint_zh: str, hint_en: str) -> Refused:
    return refuse(STAGE, node, detail, zh=zh, en=en, hint_zh=hint_zh, hint_en=hint_en)


def _literal(node: ast.AST, what: str, known: dict[str, Any] | None = None) -> Any:
    """Read a literal value from the tree (``1``, ``"c"``, ``[1, 2]``, ``...``); never a call.

    ``Units.C`` is read too when ``Units`` is an Enum the lab built from the same text.
    """
    if (
        known
        and isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and isinstance(known.get(node.value.id), type)
        and issubclass(known[node.value.id], enum.Enum)
        and node.attr in known[node.value.id].__members__
    ):
        return known[node.value.id][node.attr]
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
        text = unparse(node)[:100]
        raise _refuse(
            node,
            f"non-literal value for {what}: {text}",
            zh=f"`{what}` 的值 `{text}` 不是字面量",
            en=f"The value of `{what}`, `{text}`, is not a literal",
            hint_zh="这里只读取字面量（数字、字符串、None、列表……），不运行任何表达式。",
            hint_en="Only literals are read here (numbers, strings, None, lists…); no expression is run.",
        ) from None


def _name_of(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


# --------------------------------------------------------------------------------------
# Classes: Enum, nested BaseModel, main BaseModel


def _class_kind(cls: ast.ClassDef) -> str:
    bases = {_name_of(b) for b in cls.bases}
    if bases & set(_ENUM_BASES):
        return "enum"
    if "BaseModel" in bases:
        return "model"
    raise _refuse(
        cls,
        f"class {cls.name} bases: {[unparse(b) for b in cls.bases]}",
        zh=f"类 `{cls.name}` 既不是 BaseModel 也不是 Enum",
        en=f"The class `{cls.name}` is neither a BaseModel nor an Enum",
        hint_zh="这里只接受 `class X(BaseModel)` 和 `class X(str, Enum)` 这样的类。",
        hint_en="Only classes like `class X(BaseModel)` and `class X(str, Enum)` are accepted here.",
    )


def _build_enum(cls: ast.ClassDef) -> type[enum.Enum]:
    """``class Units(str, Enum): C = "celsius"`` → a real Enum with those members."""
    bases = [_name_of(b) for b in cls.bases]
    enum_base = next(_ENUM_BASES[b] for b in bases if b in _ENUM_BASES)
    members: dict[str, Any] = {}
    for stmt in cls.body:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue  # docstring
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            members[stmt.targets[0].id] = _literal(stmt.value, f"{cls.name}.{stmt.targets[0].id}")
            continue
        raise _refuse(
            stmt,
            f"enum body statement: {unparse(stmt)[:100]}",
            zh=f"枚举 `{cls.name}` 里只能写 `名字 = 字面量`",
            en=f"Enum `{cls.name}` may only contain `NAME = literal` lines",
            hint_zh='例如 `CELSIUS = "celsius"`。',
            hint_en='For example `CELSIUS = "celsius"`.',
        )
    if not members:
        raise _refuse(
            cls,
            f"enum {cls.name} has no members",
            zh=f"枚举 `{cls.name}` 没有成员",
            en=f"Enum `{cls.name}` has no members",
            hint_zh="至少写一个成员。",
            hint_en="Write at least one member.",
        )
    mixin = str if "str" in bases else int if "int" in bases else None
    try:
        if mixin is not None and enum_base is enum.Enum:
            return enum.Enum(cls.name, members, type=mixin)  # type: ignore[return-value]
        return enum_base(cls.name, members)  # type: ignore[return-value]
    except (TypeError, ValueError) as exc:
        raise Refused(
            explain(
                STAGE,
                exc,
                zh=f"无法创建枚举 `{cls.name}`",
                en=f"Cannot build the enum `{cls.name}`",
                hint_zh="检查成员的值是否与基类匹配（str 枚举的值要是字符串）。",
                hint_en="Check that member values fit the base (a str enum needs string values).",
            )
        ) from None


def _config(stmt: ast.Assign | ast.AnnAssign) -> dict[str, Any]:
    """``model_config = ConfigDict(extra="forbid")`` (or a dict literal) → the config keys."""
    value = stmt.value
    if isinstance(value, ast.Call) and _name_of(value.func) == "ConfigDict" and not value.args:
        items = {kw.arg: kw.value for kw in value.keywords if kw.arg is not None}
    elif isinstance(value, ast.Dict) and all(isinstance(k, ast.Constant) for k in value.keys):
        items = {k.value: v for k, v in zip(value.keys, value.values)}  # type: ignore[union-attr]
    else:
        raise _refuse(
            stmt,
            f"model_config = {unparse(value)[:100] if value else ''}",
            zh="model_config 需要写成 ConfigDict(...) 或字典字面量",
            en="model_config must be ConfigDict(...) or a dict literal",
            hint_zh='例如 `model_config = ConfigDict(extra="forbid")`。',
            hint_en='For example `model_config = ConfigDict(extra="forbid")`.',
        )
    config: dict[str, Any] = {}
    for key, node in items.items():
        if key not in CONFIG_KEYS:
            raise _refuse(
                node,
                f"unsupported config key: {key}",
                zh=f"不支持的配置项 `{key}`",
                en=f"Unsupported config key `{key}`",
                hint_zh=f"可用：{', '.join(CONFIG_KEYS)}。",
                hint_en=f"Supported: {', '.join(CONFIG_KEYS)}.",
            )
        config[key] = _literal(node, f"model_config.{key}")
    return config


def _field_call(node: ast.Call, name: str, known: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """``Field(1, ge=1, description="...")`` → the keyword values, and the rule names written."""
    kwargs: dict[str, Any] = {}
    if len(node.args) > 1:
        raise _refuse(
            node,
            "Field() takes at most one positional argument (the default)",
            zh="Field() 最多一个位置参数（默认值）",
            en="Field() takes at most one positional argument (the default)",
            hint_zh="其余都用关键字写，例如 ge=1。",
            hint_en="Write the rest as keywords, e.g. ge=1.",
        )
    if node.args:
        value = _literal(node.args[0], f"{name} default", known)
        if value is not Ellipsis:  # Field(...) means "required"
            kwargs["default"] = value
    for kw in node.keywords:
        if kw.arg not in FIELD_KEYWORDS:
            raise _refuse(
                kw.value,
                f"unsupported Field keyword: {kw.arg}",
                zh=f"Field 不支持（或实验室不读取）参数 `{kw.arg}`",
                en=f"Field keyword `{kw.arg}` is not supported here",
                hint_zh=f"可用：{', '.join(FIELD_KEYWORDS)}。",
                hint_en=f"Supported: {', '.join(FIELD_KEYWORDS)}.",
            )
        value = _literal(kw.value, f"{name}.{kw.arg}", known)
        if not (kw.arg == "default" and value is Ellipsis):
            kwargs[kw.arg] = value
    return kwargs, [k for k in kwargs if k not in {"title"}]


def _validator(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, Any] | None:
    """Record a ``@field_validator`` / ``@model_validator`` method; ``None`` for other methods."""
    for deco in fn.decorator_list:
        target = deco.func if isinstance(deco, ast.Call) else deco
        kind = _name_of(target)
        if kind not in {"field_validator", "model_validator", "validator", "root_validator"}:
            continue
        fields: list[str] = []
        mode = None
        if isinstance(deco, ast.Call):
            fields = [a.value for a in deco.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            for kw in deco.keywords:
                if kw.arg == "mode" and isinstance(kw.value, ast.Constant):
                    mode = kw.value.value
        return {
            "kind": kind,
            "name": fn.name,
            "fields": fields,
            "mode": mode or ("after"),
            "line": fn.lineno,
            "source": unparse(fn)[:4000],
            "status": {
                "zh": "自定义验证器：只在运行时执行，JSON Schema 里看不见（实验室未运行其代码）",
                "en": "custom validator present — enforced only at run time, invisible in the schema "
                "(the lab did not run its code)",
            },
        }
    return None


def _build_model(
    cls: ast.ClassDef, known: dict[str, Any]
) -> tuple[type[BaseModel], list[dict[str, Any]], list[dict[str, Any]]]:
    """Build a real Pydantic model from the class's tree; return it, the written rules and validators."""
    doc = ast.get_docstring(cls)
    config: dict[str, Any] = {}
    definitions: dict[str, Any] = {}
    written: list[dict[str, Any]] = []
    validators: list[dict[str, Any]] = []
    for index, stmt in enumerate(cls.body):
        if index == 0 and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue  # the class docstring
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and _target_name(stmt) == "model_config":
            config = _config(stmt)
            if config.get("extra") is not None:
                written.append({"field": None, "rule": "extra", "value": config["extra"]})
            continue
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            name = stmt.target.id
            if name.startswith("_") or keyword.iskeyword(name):
                raise _refuse(
                    stmt,
                    f"field name {name!r}",
                    zh=f"字段名 `{name}` 不能以下划线开头",
                    en=f"Field name `{name}` cannot start with an underscore",
                    hint_zh="Pydantic 把下划线开头的名字当作私有属性，不会出现在 Schema 里。",
                    hint_en="Pydantic treats underscore names as private attributes, never schema fields.",
                )
            annotation = map_annotation(stmt.annotation, known=known)
            if isinstance(stmt.value, ast.Call) and _name_of(stmt.value.func) == "Field":
                kwargs, rules = _field_call(stmt.value, name, known)
            elif stmt.value is None:
                kwargs, rules = {}, []
            else:
                kwargs, rules = {"default": _literal(stmt.value, f"{name} default", known)}, ["default"]
            written += [{"field": name, "rule": r, "value": kwargs[r]} for r in rules]
            # Literal[...] and Enum types are rules too: the allowed values.
            for kind in _choice_kinds(annotation):
                written.append({"field": name, "rule": kind, "value": None})
            definitions[name] = (annotation, Field(**kwargs))
            continue
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            record = _validator(stmt)
            if record is not None:
                validators.append(record)
                continue
        raise _refuse(
            stmt,
            f"class body statement: {unparse(stmt)[:100]}",
            zh=f"模型 `{cls.name}` 里有实验室不读取的语句",
            en=f"The model `{cls.name}` contains a statement the lab does not read",
            hint_zh="模型里只写：文档字符串、model_config、`名字: 类型 = Field(...)`、验证器。",
            hint_en="Write only: a docstring, model_config, `name: type = Field(...)` lines, validators.",
        )
    try:
        model = create_model(  # type: ignore[call-overload]
            cls.name,
            __config__=ConfigDict(**config) if config else None,
            __doc__=doc,
            **definitions,
        )
    except Exception as exc:
        raise Refused(
            explain(
                STAGE,
                exc,
                zh=f"Pydantic 拒绝创建模型 `{cls.name}`",
                en=f"Pydantic refused to build the model `{cls.name}`",
                hint_zh="下面是 Pydantic 的原始错误；常见原因：约束与类型不匹配、正则表达式写错、默认值类型不对。",
                hint_en="Pydantic's own error is below; common causes: a constraint that does not fit the type, a bad regex.",
            )
        ) from None
    for record in validators:
        unknown = [f for f in record["fields"] if f != "*" and f not in definitions]
        if unknown:
            record["warning"] = {
                "zh": f"验证器引用了不存在的字段：{', '.join(unknown)}（真正运行时 Pydantic 会报错）",
                "en": f"The validator names fields that do not exist: {', '.join(unknown)} (Pydantic would fail at class creation)",
            }
    return model, written, validators


def _target_name(stmt: ast.Assign | ast.AnnAssign) -> str | None:
    target = stmt.target if isinstance(stmt, ast.AnnAssign) else (stmt.targets[0] if len(stmt.targets) == 1 else None)
    return target.id if isinstance(target, ast.Name) else None


def _choice_kinds(annotation: Any) -> list[str]:
    """``["literal"]`` / ``["enum"]`` when the type restricts values to a fixed set."""
    kinds: list[str] = []
    stack = [annotation]
    while stack:
        current = stack.pop()
        if getattr(current, "__origin__", None) is Literal:
            kinds.append("literal")
        elif isinstance(current, type) and issubclass(current, enum.Enum):
            kinds.append("enum")
        else:
            stack.extend(getattr(current, "__args__", ()) or ())
    return sorted(set(kinds))


# --------------------------------------------------------------------------------------
# Which rules reach the schema?


def _resolve(prop: dict[str, Any], defs: dict[str, Any]) -> list[dict[str, Any]]:
    """A property schema and the sub-schemas it points to ($ref, anyOf, items)."""
    seen: list[dict[str, Any]] = []
    stack = [prop]
    while stack and len(seen) < 50:
        current = stack.pop()
        if not isinstance(current, dict):
            continue
        seen.append(current)
        ref = current.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            stack.append(defs.get(ref.split("/")[-1], {}))
        stack.extend(current.get("anyOf", []) or [])
        stack.extend(current.get("allOf", []) or [])
    return seen


def _find_keyword(schema: dict[str, Any], field_name: str | None, rule: str) -> str | None:
    """The JSON Schema keyword that carries ``rule`` for ``field_name``, if present in ``schema``."""
    if field_name is None:  # model-level: extra="forbid" → additionalProperties: false
        return "additionalProperties" if schema.get("additionalProperties") is False else None
    prop = schema.get("properties", {}).get(field_name)
    if prop is None:
        return None
    keywords = FIELD_KEYWORDS.get(rule, ("enum", "const"))
    for sub in _resolve(prop, schema.get("$defs", {})):
        for kw in keywords:
            if kw in sub:
                return kw
    return None


def _why_invisible(rule: str, in_schema: bool, in_strict: bool) -> dict[str, str] | None:
    if rule == "strict":
        return {
            "zh": "strict 是 Pydantic 的验证开关，JSON Schema 没有对应关键字。",
            "en": "strict is a Pydantic validation switch with no JSON Schema keyword.",
        }
    if not in_schema:
        return {
            "zh": "这条规则没有出现在 JSON Schema 里，模型看不到。",
            "en": "This rule does not appear in the JSON Schema; the model cannot see it.",
        }
    if not in_strict:
        return {
            "zh": "严格模式（strict=True）的工具定义里没有这条规则。",
            "en": "The strict (strict=True) tool definition drops this rule.",
        }
    return None


def _analyse(model: type[BaseModel], written: list[dict[str, Any]], validators: list[dict[str, Any]]) -> dict[str, Any]:
    try:
        # Pydantic warns (and leaves a default out) when a default has no JSON form.
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            schema = model.model_json_schema()
    except Exception as exc:
        raise Refused(
            explain(
                STAGE,
                exc,
                zh="模型创建成功，但无法生成 JSON Schema",
                en="The model was built, but its JSON Schema cannot be generated",
                hint_zh="某个默认值或类型无法用 JSON 表达。",
                hint_en="A default or a type has no JSON form.",
            )
        ) from None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the same warnings were recorded just above
            strict: dict[str, Any] | None = convert_to_openai_tool(model, strict=True)
    except Exception:
        strict = None
    strict_params = (strict or {}).get("function", {}).get("parameters", {})

    rules, invisible = [], []
    for item in written:
        keyword_found = _find_keyword(schema, item["field"], item["rule"])
        in_strict = _find_keyword(strict_params, item["field"], item["rule"]) is not None
        row = {**item, "schema_keyword": keyword_found, "in_schema": keyword_found is not None, "in_strict": in_strict}
        why = _why_invisible(item["rule"], row["in_schema"], in_strict)
        row["note"] = why
        rules.append(row)
        if why is not None:
            invisible.append({"field": item["field"], "rule": item["rule"], "why": why})
    for record in validators:
        invisible.append(
            {
                "field": ", ".join(record["fields"]) or None,
                "rule": f"{record['kind']}:{record['name']}",
                "why": record["status"],
            }
        )

    # Strict mode makes every property required: a default no longer lets the model leave it out.
    optional = [name for name in schema.get("properties", {}) if name not in schema.get("required", [])]
    strict_changes = [
        {
            "field": name,
            "change": "required",
            "why": {
                "zh": "严格模式下所有字段都必须出现，默认值不再能让模型省略它。",
                "en": "In strict mode every field must be sent; its default no longer lets the model omit it.",
            },
        }
        for name in optional
        if name in strict_params.get("required", [])
    ]
    return {
        "schema": schema,
        "strict": strict,
        "rules": rules,
        "invisible": invisible,
        "strict_changes": strict_changes,
        "warnings": [f"{w.category.__name__}: {w.message}" for w in caught],
    }


# --------------------------------------------------------------------------------------
# Entry point


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
            zh="需要一段 Python 文本。",
            en="Python text is needed.",
            hint_zh="在编辑框里输入模型定义。",
            hint_en="Type a model definition in the editor.",
        )
    if (error := too_long(STAGE, source, what_zh="模型源码", what_en="model source")) is not None:
        return error
    try:
        return _parse_args_model(source)
    except Refused as refused:
        # the annotation mapper is shared with the tool-source stage: its refusals are ours here
        return replace(refused.error, stage=STAGE)
    except Exception as exc:
        return unexpected(STAGE, exc, zh="构建参数模型时出错。", en="Building the argument model failed.")


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
            raise _refuse(
                stmt,
                f"top-level statement: {unparse(stmt)[:100]}",
                zh="顶层只允许 import 和类定义",
                en="Only imports and class definitions are allowed at top level",
                hint_zh="删掉类外面的语句；实验室不会运行它们。",
                hint_en="Remove statements outside the classes; the lab would not run them.",
            )
        if stmt.decorator_list:
            raise _refuse(
                stmt.decorator_list[0],
                "class decorator",
                zh="类不能带装饰器",
                en="Classes cannot be decorated here",
                hint_zh="删掉类上方的 @ 行。",
                hint_en="Remove the @ line above the class.",
            )
        if _class_kind(stmt) == "enum":
            built = _build_enum(stmt)
            known[stmt.name] = built
            enums[stmt.name] = [m.value for m in built]
            continue
        if len(models) == 2:
            raise _refuse(
                stmt,
                "more than two BaseModel classes",
                zh="最多两个 BaseModel：一个参数模型，加一个嵌套模型",
                en="At most two BaseModel classes: the arguments, plus one nested model",
                hint_zh="把多余的模型删掉或合并。",
                hint_en="Remove or merge the extra model.",
            )
        model, written, validators = _build_model(stmt, known)
        known[stmt.name] = model
        models.append((stmt, model, written, validators))
    if not models:
        raise _refuse(
            None,
            "no BaseModel class",
            zh="没有找到 `class X(BaseModel)`",
            en="No `class X(BaseModel)` was found",
            hint_zh="写一个继承 BaseModel 的参数模型。",
            hint_en="Write an argument model that inherits from BaseModel.",
        )

    # The last model is the arguments; a model defined before it is its nested type.
    cls, model, written, validators = models[-1]
    nested = models[0][0].name if len(models) == 2 else None
    if nested is not None:
        validators = models[0][3] + validators
    analysis = _analyse(model, written, validators)
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
