"""Stage 2, reading — the learner's Pydantic classes, rebuilt as real classes without running them.

* ``class X(BaseModel)`` becomes a real model built by ``pydantic.create_model``
  (:func:`build_model`);
* each ``name: T = Field(...)`` line becomes a real ``Field(...)`` whose keyword values
  are read with ``ast.literal_eval`` (``ge=1``, ``pattern="^[A-Z]"`` …);
* ``model_config = ConfigDict(extra="forbid")`` becomes the real config;
* ``class Units(str, Enum)`` becomes a real ``Enum`` with the literal members written
  (:func:`build_enum`);
* ``@field_validator`` / ``@model_validator`` methods are **recorded, not attached**: their
  bodies are code, and the lab runs no learner code.

Every rule written is returned too (``{"field", "rule", "value"}``), so
:mod:`.model_rules` can look for it in the real JSON Schema.
"""

from __future__ import annotations

import ast
import enum
import keyword
from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, create_model

from toolcall_lab.errors import explain
from toolcall_lab.i18n import Text
from toolcall_lab.stages._common import Refused, refuse, unparse
from toolcall_lab.stages.annotations import map_annotation

STAGE = "args_model"

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


def refuse_at(node: Any, detail: str, title: Text, hint: Text) -> Refused:
    """A refusal of this stage, placed at ``node``'s line and column."""
    return refuse(STAGE, node, detail, title=title, hint=hint)


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
        raise refuse_at(
            node,
            f"non-literal value for {what}: {text}",
            title=Text(f"`{what}` 的值 `{text}` 不是字面量", f"The value of `{what}`, `{text}`, is not a literal"),
            hint=Text(
                "这里只读取字面量（数字、字符串、None、列表……），不运行任何表达式。",
                "Only literals are read here (numbers, strings, None, lists…); no expression is run.",
            ),
        ) from None


def _name_of(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def class_kind(cls: ast.ClassDef) -> str:
    bases = {_name_of(b) for b in cls.bases}
    if bases & set(_ENUM_BASES):
        return "enum"
    if "BaseModel" in bases:
        return "model"
    raise refuse_at(
        cls,
        f"class {cls.name} bases: {[unparse(b) for b in cls.bases]}",
        title=Text(
            f"类 `{cls.name}` 既不是 BaseModel 也不是 Enum",
            f"The class `{cls.name}` is neither a BaseModel nor an Enum",
        ),
        hint=Text(
            "这里只接受 `class X(BaseModel)` 和 `class X(str, Enum)` 这样的类。",
            "Only classes like `class X(BaseModel)` and `class X(str, Enum)` are accepted here.",
        ),
    )


def build_enum(cls: ast.ClassDef) -> type[enum.Enum]:
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
        raise refuse_at(
            stmt,
            f"enum body statement: {unparse(stmt)[:100]}",
            title=Text(
                f"枚举 `{cls.name}` 里只能写 `名字 = 字面量`",
                f"Enum `{cls.name}` may only contain `NAME = literal` lines",
            ),
            hint=Text('例如 `CELSIUS = "celsius"`。', 'For example `CELSIUS = "celsius"`.'),
        )
    if not members:
        raise refuse_at(
            cls,
            f"enum {cls.name} has no members",
            title=Text(f"枚举 `{cls.name}` 没有成员", f"Enum `{cls.name}` has no members"),
            hint=Text("至少写一个成员。", "Write at least one member."),
        )
    mixin = str if "str" in bases else int if "int" in bases else None
    try:
        if mixin is not None and enum_base is enum.Enum:
            # the functional API builds a class; typeshed types this overload as an instance
            return cast(type[enum.Enum], enum.Enum(cls.name, members, type=mixin))
        return enum_base(cls.name, members)
    except (TypeError, ValueError) as exc:
        raise Refused(
            explain(
                STAGE,
                exc,
                title=Text(f"无法创建枚举 `{cls.name}`", f"Cannot build the enum `{cls.name}`"),
                hint=Text(
                    "检查成员的值是否与基类匹配（str 枚举的值要是字符串）。",
                    "Check that member values fit the base (a str enum needs string values).",
                ),
            )
        ) from None


def _config(stmt: ast.Assign | ast.AnnAssign) -> dict[str, Any]:
    """``model_config = ConfigDict(extra="forbid")`` (or a dict literal) → the config keys."""
    value = stmt.value
    if isinstance(value, ast.Call) and _name_of(value.func) == "ConfigDict" and not value.args:
        items = {kw.arg: kw.value for kw in value.keywords if kw.arg is not None}
    elif isinstance(value, ast.Dict) and all(isinstance(k, ast.Constant) for k in value.keys):
        # ast keeps one value per key; all keys were just checked to be constants.
        items = {str(k.value): v for k, v in zip(value.keys, value.values, strict=True) if isinstance(k, ast.Constant)}
    else:
        raise refuse_at(
            stmt,
            f"model_config = {unparse(value)[:100] if value else ''}",
            title=Text(
                "model_config 需要写成 ConfigDict(...) 或字典字面量",
                "model_config must be ConfigDict(...) or a dict literal",
            ),
            hint=Text(
                '例如 `model_config = ConfigDict(extra="forbid")`。',
                'For example `model_config = ConfigDict(extra="forbid")`.',
            ),
        )
    config: dict[str, Any] = {}
    for key, node in items.items():
        if key not in CONFIG_KEYS:
            raise refuse_at(
                node,
                f"unsupported config key: {key}",
                title=Text(f"不支持的配置项 `{key}`", f"Unsupported config key `{key}`"),
                hint=Text(f"可用：{', '.join(CONFIG_KEYS)}。", f"Supported: {', '.join(CONFIG_KEYS)}."),
            )
        config[key] = _literal(node, f"model_config.{key}")
    return config


def _field_call(node: ast.Call, name: str, known: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """``Field(1, ge=1, description="...")`` → the keyword values, and the rule names written."""
    kwargs: dict[str, Any] = {}
    if len(node.args) > 1:
        raise refuse_at(
            node,
            "Field() takes at most one positional argument (the default)",
            title=Text(
                "Field() 最多一个位置参数（默认值）", "Field() takes at most one positional argument (the default)"
            ),
            hint=Text("其余都用关键字写，例如 ge=1。", "Write the rest as keywords, e.g. ge=1."),
        )
    if node.args:
        value = _literal(node.args[0], f"{name} default", known)
        if value is not Ellipsis:  # Field(...) means "required"
            kwargs["default"] = value
    for kw in node.keywords:
        if kw.arg not in FIELD_KEYWORDS:
            raise refuse_at(
                kw.value,
                f"unsupported Field keyword: {kw.arg}",
                title=Text(
                    f"Field 不支持（或实验室不读取）参数 `{kw.arg}`", f"Field keyword `{kw.arg}` is not supported here"
                ),
                hint=Text(f"可用：{', '.join(FIELD_KEYWORDS)}。", f"Supported: {', '.join(FIELD_KEYWORDS)}."),
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
            # a key: enforced only at run time, invisible in the schema (the lab did not run its code)
            "status": "runs_only_at_call_time",
        }
    return None


def build_model(
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
                raise refuse_at(
                    stmt,
                    f"field name {name!r}",
                    title=Text(
                        f"字段名 `{name}` 不能以下划线开头", f"Field name `{name}` cannot start with an underscore"
                    ),
                    hint=Text(
                        "Pydantic 把下划线开头的名字当作私有属性，不会出现在 Schema 里。",
                        "Pydantic treats underscore names as private attributes, never schema fields.",
                    ),
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
        raise refuse_at(
            stmt,
            f"class body statement: {unparse(stmt)[:100]}",
            title=Text(
                f"模型 `{cls.name}` 里有实验室不读取的语句",
                f"The model `{cls.name}` contains a statement the lab does not read",
            ),
            hint=Text(
                "模型里只写：文档字符串、model_config、`名字: 类型 = Field(...)`、验证器。",
                "Write only: a docstring, model_config, `name: type = Field(...)` lines, validators.",
            ),
        )
    try:
        model = create_model(
            cls.name,
            __config__=cast(ConfigDict, config) if config else None,
            __doc__=doc,
            **definitions,
        )
    except Exception as exc:
        raise Refused(
            explain(
                STAGE,
                exc,
                title=Text(f"Pydantic 拒绝创建模型 `{cls.name}`", f"Pydantic refused to build the model `{cls.name}`"),
                hint=Text(
                    "下面是 Pydantic 的原始错误；常见原因：约束与类型不匹配、正则表达式写错、默认值类型不对。",
                    "Pydantic's own error is below; common causes: a constraint that does not fit the type, "
                    "a bad regex.",
                ),
            )
        ) from None
    for record in validators:
        unknown = [f for f in record["fields"] if f != "*" and f not in definitions]
        if unknown:
            # a key and its facts: Pydantic itself would fail at class creation
            record["warning"] = {"key": "unknown_fields", "fields": unknown}
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
