"""Stage 1 — ``@tool``: from a function the learner types to a real ``StructuredTool``.

The learner edits a function definition on the page. The lab must show what ``@tool``
makes of it — name, description, argument model, required list — *without running a
single line the learner wrote*. So the text is only ever **parsed** (``ast.parse``) and
read, never executed:

1. the source is parsed into a syntax tree; exactly one top-level ``def`` is accepted
   (imports, a module docstring and a ``@tool`` / ``@tool(...)`` decorator are allowed and
   ignored — nothing is imported, the decorator is not called);
2. each parameter's annotation is *read* from the tree and mapped to a real Python type
   (``str``, ``int``, ``list[str]``, ``Optional[int]``, ``Literal["a", "b"]`` …);
3. each default is read with ``ast.literal_eval`` (literals only: ``1``, ``"c"``,
   ``None``, ``[1, 2]`` — never a call);
4. the lab creates its *own* function, :func:`_make_echo`, whose body only echoes the
   arguments it receives, and dresses it in the learner's name, signature and docstring;
5. ``StructuredTool.from_function`` — the very function ``@tool`` calls — builds the tool
   from that stand-in. Everything the page then shows is what LangChain really produced.

Whatever the learner's body does (open files, ``os.system``, loop forever) never happens:
the body is text the lab does not even look at.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, Optional, Union

from langchain_core.tools import StructuredTool

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

STAGE = "tool_source"

DEFAULT_SOURCE = '''from langchain_core.tools import tool


@tool
def get_weather(city: str, days: int = 1) -> dict:
    """查询指定城市未来几天的天气。

    Args:
        city: 城市名，中文或英文均可，例如 "Bangkok" 或 "曼谷"。
        days: 查询的天数，1 到 7，默认 1。
    """
    # This body is never run by the lab: it is only text here.
    return weather_api.lookup(city=city, days=days)
'''

# Names an annotation may use, and the real Python object each one stands for.
_PLAIN_TYPES: dict[str, Any] = {
    "str": str,
    "int": int,
    "float": float,
    "bool": bool,
    "dict": dict,
    "list": list,
    "Any": Any,
    "Dict": dict,
    "List": list,
}
# Generic forms written as Name[...]: the lab knows how to rebuild each one.
_GENERICS = {"list", "List", "dict", "Dict", "Optional", "Union", "Literal", "Annotated"}
# Module prefixes under which the same names may be written (typing.Optional[...]).
_TYPING_MODULES = {"typing", "t", "typing_extensions"}
# An annotation nested deeper than this is refused (nobody writes list[list[list[...]]] x 12).
_MAX_ANNOTATION_DEPTH = 12

SUPPORTED_ANNOTATIONS = (
    "str, int, float, bool, Any, list, dict, list[X], dict[str, X], Optional[X], X | None, "
    "Union[X, Y], Literal['a', 'b'], Annotated[X, 'description']"
)


@dataclass
class ToolSourceResult:
    """What ``@tool`` made of the learner's function.

    Attributes:
        name: the tool name (the function name, or the name given to ``@tool("...")``).
        description: the tool description exactly as the tool holds it.
        fields: one row per argument of ``tool.args_schema``: ``name``, ``type`` (Python),
            ``json_type``, ``required``, ``default`` (JSON-safe), ``description``.
        required: names of the required arguments, in order.
        signature: the signature the lab gave its stand-in function.
        func_repr: ``repr(tool.func)`` — the object ``@tool`` stored in ``tool.func``.
        echo_source: the source of the lab-owned body that runs instead of the learner's.
        parse_docstring: whether the docstring's ``Args:`` section was parsed.
        decorator: what the ``@tool`` line said (``present``, the ``options`` honoured and
            the ``ignored`` ones).
        ignored_imports: import lines that were read and ignored, never run.
        is_async: ``True`` for ``async def`` (the schema is the same; the lab's stand-in is sync).
        dropped: parameters of the signature that LangChain left out of ``args_schema``
            (``callbacks``, ``run_manager``, names with a leading underscore …).
        tool: the real ``StructuredTool`` (not JSON; left out of :meth:`to_dict`).
    """

    name: str
    description: str
    fields: list[dict[str, Any]]
    required: list[str]
    signature: str
    func_repr: str
    echo_source: str
    parse_docstring: bool
    decorator: dict[str, Any]
    ignored_imports: list[str]
    is_async: bool
    dropped: list[str]
    tool: StructuredTool = field(repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """Everything but the tool object, as JSON-safe data."""
        return to_jsonable({k: v for k, v in self.__dict__.items() if k != "tool"})


# --------------------------------------------------------------------------------------
# The lab-owned body


def _make_echo(tool_name: str) -> Callable[..., dict[str, Any]]:
    """Create the stand-in function whose body runs instead of the learner's."""

    def lab_echo(*args: Any, **kwargs: Any) -> dict[str, Any]:
        # The learner's body is never executed. This lab-owned body takes its place:
        # it hands back exactly the arguments the tool passed in after validation,
        # which is what func(**kwargs) would have received.
        return {"tool": tool_name, "called_with": dict(kwargs), "positional": list(args)}

    return lab_echo


def echo_source() -> str:
    """The source of the lab's echo body, as the page shows it."""
    return textwrap.dedent(inspect.getsource(_make_echo(""))).strip()


# --------------------------------------------------------------------------------------
# Errors, in both languages


def _refuse(node: Any, detail: str, *, zh: str, en: str, hint_zh: str, hint_en: str) -> Refused:
    return refuse(STAGE, node, detail, zh=zh, en=en, hint_zh=hint_zh, hint_en=hint_en)


# --------------------------------------------------------------------------------------
# Step 2: annotations read from the tree, mapped to real types


def _dotted_name(node: ast.AST) -> str | None:
    """``str`` for ``Name('str')``, ``Optional`` for ``typing.Optional``; else ``None``."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in _TYPING_MODULES:
        return node.attr
    return None


def _cannot_map(node: ast.AST, why_en: str = "", why_zh: str = "") -> Refused:
    text = unparse(node)
    return _refuse(
        node,
        f"unsupported annotation: {text}" + (f" ({why_en})" if why_en else ""),
        zh=f"无法识别的类型标注 `{text}`" + (f"：{why_zh}" if why_zh else ""),
        en=f"Cannot map the annotation `{text}`" + (f": {why_en}" if why_en else ""),
        hint_zh=f"实验室只读、不导入类型。可用的写法：{SUPPORTED_ANNOTATIONS}。",
        hint_en=f"The lab reads types, it never imports them. Supported: {SUPPORTED_ANNOTATIONS}.",
    )


def map_annotation(node: ast.AST, depth: int = 0, known: Mapping[str, Any] | None = None) -> Any:
    """Turn an annotation's syntax tree into the real Python type it names.

    Only the forms listed in :data:`SUPPORTED_ANNOTATIONS` are understood, plus the names in
    ``known`` (classes the lab itself built from the learner's text, such as an Enum);
    nothing is imported or evaluated.

    >>> map_annotation(ast.parse("list[str]", mode="eval").body)
    list[str]
    >>> map_annotation(ast.parse("int | None", mode="eval").body)
    typing.Optional[int]
    """
    if depth > _MAX_ANNOTATION_DEPTH:
        raise _cannot_map(node, "nested too deeply", "嵌套太深")

    # None inside a union: Optional[int] is Union[int, None].
    if isinstance(node, ast.Constant) and node.value is None:
        return type(None)

    # A quoted annotation ("int") is a forward reference: parse the text, then map it.
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            inner = ast.parse(node.value.strip(), mode="eval").body
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            raise _cannot_map(node, "the quoted text is not an expression", "引号里不是表达式") from None
        return map_annotation(inner, depth + 1, known)

    # A plain name: str, int, float, bool, dict, list, Any.
    name = _dotted_name(node)
    if name is not None:
        if name in _PLAIN_TYPES:
            return _PLAIN_TYPES[name]
        if known and isinstance(node, ast.Name) and name in known:
            return known[name]
        raise _cannot_map(node)

    # X | Y (Python 3.10 union syntax) is the same type as Union[X, Y].
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        left = map_annotation(node.left, depth + 1, known)
        right = map_annotation(node.right, depth + 1, known)
        return Union[left, right]  # noqa: UP007 - building the type object itself

    # Generic forms written with brackets: list[X], dict[K, V], Optional[X], Literal[...].
    if isinstance(node, ast.Subscript):
        base = _dotted_name(node.value)
        if base not in _GENERICS:
            raise _cannot_map(node)
        items = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        if base == "Literal":
            return Literal.__getitem__(tuple(_literal_value(item) for item in items))
        if base == "Annotated":
            if len(items) < 2:
                raise _cannot_map(node, "Annotated needs a type and a note", "Annotated 需要类型和说明")
            notes = []
            for item in items[1:]:
                if not (isinstance(item, ast.Constant) and isinstance(item.value, str)):
                    raise _cannot_map(node, "only string notes are read", "只读取字符串说明")
                notes.append(item.value)
            return Annotated.__class_getitem__((map_annotation(items[0], depth + 1, known), *notes))  # type: ignore[attr-defined]
        args = [map_annotation(item, depth + 1, known) for item in items]
        if base in {"list", "List"}:
            if len(args) != 1:
                raise _cannot_map(node, "list takes one type", "list 只接受一个类型")
            return list[args[0]]  # type: ignore[valid-type]
        if base in {"dict", "Dict"}:
            if len(args) != 2:
                raise _cannot_map(node, "dict takes a key and a value type", "dict 需要键和值两个类型")
            return dict[args[0], args[1]]  # type: ignore[valid-type]
        if base == "Optional":
            if len(args) != 1:
                raise _cannot_map(node, "Optional takes one type", "Optional 只接受一个类型")
            return Optional[args[0]]
        return Union.__getitem__(tuple(args))  # Union[...]

    raise _cannot_map(node)


def _literal_value(node: ast.AST) -> Any:
    """One value inside ``Literal[...]``: a string, an int, a bool or None."""
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
        raise _cannot_map(node, "Literal values must be literals", "Literal 里只能写字面量") from None
    if value is not None and not isinstance(value, (str, int, bool)):
        raise _cannot_map(
            node, "Literal values are str, int, bool or None", "Literal 的值只能是字符串、整数、布尔或 None"
        )
    return value


# --------------------------------------------------------------------------------------
# Step 1: parse, and find the one function


def _find_function(module: ast.Module) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, list[str]]:
    """Return the single top-level function and the import lines that were ignored."""
    functions: list[ast.FunctionDef | ast.AsyncFunctionDef] = []
    imports: list[str] = []
    for index, stmt in enumerate(module.body):
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.append(stmt)
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            imports.append(unparse(stmt))  # read, shown, never run
        elif (
            index == 0
            and isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Constant)
            and isinstance(stmt.value.value, str)
        ):
            continue  # the module docstring
        elif isinstance(stmt, ast.ClassDef):
            raise _refuse(
                stmt,
                f"class {stmt.name} at top level",
                zh=f"这里需要一个函数，不是类 `{stmt.name}`",
                en=f"Expected a function, found the class `{stmt.name}`",
                hint_zh="@tool 包装的是函数。参数模型（BaseModel）请在“JSON Schema”页的模型编辑器里写。",
                hint_en="@tool wraps a function. Write argument models (BaseModel) in the model editor on the JSON Schema page.",
            )
        else:
            raise _refuse(
                stmt,
                f"top-level statement: {unparse(stmt)[:200]}",
                zh="顶层只允许 import 和一个函数定义",
                en="Only imports and one function definition are allowed at top level",
                hint_zh="删掉函数外面的语句（赋值、调用、if 等）。实验室不会运行它们。",
                hint_en="Remove statements outside the function (assignments, calls, ifs). The lab would not run them anyway.",
            )
    if len(functions) != 1:
        found = ", ".join(f.name for f in functions) or "none"
        raise _refuse(
            functions[1] if len(functions) > 1 else None,
            f"expected exactly one function, found {len(functions)}: {found}",
            zh=f"需要恰好一个函数定义，这里有 {len(functions)} 个",
            en=f"Exactly one function definition is needed; found {len(functions)}",
            hint_zh="一个工具对应一个函数。保留一个 def。",
            hint_en="One tool is one function. Keep a single def.",
        )
    return functions[0], imports


# --------------------------------------------------------------------------------------
# The @tool line: read its literal options, never call it


def _is_tool_name(node: ast.AST) -> bool:
    return (isinstance(node, ast.Name) and node.id == "tool") or (
        isinstance(node, ast.Attribute) and node.attr == "tool"
    )


def _read_decorator(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, Any]:
    """What the ``@tool`` line asks for. Honoured: a name, description, parse_docstring."""
    info: dict[str, Any] = {"present": False, "options": {}, "ignored": []}
    for deco in fn.decorator_list:
        target = deco.func if isinstance(deco, ast.Call) else deco
        if not _is_tool_name(target):
            raise _refuse(
                deco,
                f"unsupported decorator: @{unparse(deco)[:100]}",
                zh=f"只认识 @tool 装饰器，不认识 `@{unparse(deco)[:60]}`",
                en=f"Only the @tool decorator is understood, not `@{unparse(deco)[:60]}`",
                hint_zh="其他装饰器会改变函数，而实验室不运行任何代码。删掉它。",
                hint_en="Other decorators change the function, and the lab runs no code. Remove it.",
            )
        info["present"] = True
        if not isinstance(deco, ast.Call):
            continue
        for position, arg in enumerate(deco.args):
            if position == 0 and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                info["options"]["name"] = arg.value  # @tool("custom_name")
            else:
                info["ignored"].append(unparse(arg)[:100])
        for kw in deco.keywords:
            honoured = {"description": str, "parse_docstring": bool, "error_on_invalid_docstring": bool}
            if (
                kw.arg in honoured
                and isinstance(kw.value, ast.Constant)
                and isinstance(kw.value.value, honoured[kw.arg])
            ):
                info["options"][kw.arg] = kw.value.value
            else:
                info["ignored"].append(f"{kw.arg}={unparse(kw.value)[:100]}")
    return info


# --------------------------------------------------------------------------------------
# Step 3: the signature, with literal defaults


def _default(node: ast.AST, param: str) -> Any:
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
        text = unparse(node)[:100]
        raise _refuse(
            node,
            f"non-literal default for {param}: {text}",
            zh=f"参数 `{param}` 的默认值 `{text}` 不是字面量",
            en=f"The default of `{param}`, `{text}`, is not a literal",
            hint_zh="默认值只能是字面量（数字、字符串、None、列表……），实验室不会运行函数调用或变量。",
            hint_en="Defaults must be literals (numbers, strings, None, lists…); the lab never runs calls or reads variables.",
        ) from None


def _build_signature(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[inspect.Signature, dict[str, Any]]:
    """Rebuild the learner's signature from the tree: kinds, real types, literal defaults."""
    a = fn.args
    for star, label in ((a.vararg, "*"), (a.kwarg, "**")):
        if star is not None:
            raise _refuse(
                star,
                f"{label}{star.arg} in the signature",
                zh=f"工具函数不能用 `{label}{star.arg}`",
                en=f"A tool function cannot take `{label}{star.arg}`",
                hint_zh="JSON Schema 需要逐个列出参数名和类型；把每个参数明确写出来。",
                hint_en="A JSON Schema lists every argument by name and type; spell each parameter out.",
            )
    if a.posonlyargs:
        raise _refuse(
            a.posonlyargs[0],
            "positional-only parameters (before /)",
            zh="工具函数不能有仅限位置参数（`/` 之前的参数）",
            en="A tool function cannot have positional-only parameters (before `/`)",
            hint_zh="模型给出的参数是按名字传入的 JSON 对象，删掉 `/`。",
            hint_en="The model's arguments arrive as a JSON object, by name; remove the `/`.",
        )

    params: list[inspect.Parameter] = []
    annotations: dict[str, Any] = {}
    # Positional defaults belong to the *last* parameters: def f(a, b=1, c=2).
    first_default = len(a.args) - len(a.defaults)
    specs = [
        (arg, a.defaults[i - first_default] if i >= first_default else None, inspect.Parameter.POSITIONAL_OR_KEYWORD)
        for i, arg in enumerate(a.args)
    ]
    specs += [(arg, default, inspect.Parameter.KEYWORD_ONLY) for arg, default in zip(a.kwonlyargs, a.kw_defaults)]
    for arg, default_node, kind in specs:
        annotation: Any = inspect.Parameter.empty
        if arg.annotation is not None:
            annotation = map_annotation(arg.annotation)
            annotations[arg.arg] = annotation
        default = inspect.Parameter.empty if default_node is None else _default(default_node, arg.arg)
        params.append(inspect.Parameter(arg.arg, kind, default=default, annotation=annotation))
    try:
        signature = inspect.Signature(params)
    except (ValueError, TypeError) as exc:
        raise _refuse(
            fn,
            str(exc),
            zh="参数列表不合法",
            en="The parameter list is not valid",
            hint_zh="检查参数是否重名。",
            hint_en="Check for duplicate parameter names.",
        ) from None
    return signature, annotations


# --------------------------------------------------------------------------------------
# Steps 4-5: the stand-in function, and the real StructuredTool


def _field_rows(tool: StructuredTool) -> list[dict[str, Any]]:
    """One row per argument of the tool's real args_schema."""
    schema = tool.args_schema
    model_fields = getattr(schema, "model_fields", {})
    try:
        # Warnings (e.g. a default with no JSON form) are reported by the schema stage.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            properties = schema.model_json_schema().get("properties", {})  # type: ignore[union-attr]
    except Exception:
        properties = {}
    rows = []
    for name, info in model_fields.items():
        prop = properties.get(name, {})
        json_type = (
            prop.get("type")
            or [p.get("type", "enum" if "enum" in p else "?") for p in prop.get("anyOf", [])]
            or ("enum" if "enum" in prop else None)
        )
        required = info.is_required()
        rows.append(
            {
                "name": name,
                "type": type_label(info.annotation),
                "json_type": to_jsonable(json_type),
                "required": required,
                "default": None if required else to_jsonable(info.default),
                "description": info.description,
            }
        )
    return rows


def parse_tool_source(
    source: str = DEFAULT_SOURCE, *, parse_docstring: bool | None = None
) -> ToolSourceResult | ExplainedError:
    """Build a real ``StructuredTool`` from the learner's function text, without running it.

    Args:
        source: Python text with exactly one top-level ``def`` (optionally decorated with
            ``@tool`` or ``@tool(...)``, optionally preceded by imports).
        parse_docstring: ``True`` / ``False`` to force ``parse_docstring`` on or off (as in
            ``@tool(parse_docstring=True)``); ``None`` follows the decorator line, default off.
            When on, LangChain's real rules apply, including its errors when the ``Args:``
            section is missing or names a parameter the function does not have.

    Returns:
        A :class:`ToolSourceResult`, or an :class:`ExplainedError` saying what was refused
        and where (line / column).

    Example:
        >>> r = parse_tool_source()
        >>> r.name, r.required
        ('get_weather', ['city'])
        >>> r.tool.invoke({"city": "Bangkok"})["called_with"]
        {'city': 'Bangkok', 'days': 1}
    """
    if not isinstance(source, str):
        return explain(
            STAGE,
            f"expected text, got {type(source).__name__}",
            zh="需要一段 Python 文本。",
            en="Python text is needed.",
            hint_zh="在编辑框里输入函数定义。",
            hint_en="Type a function definition in the editor.",
        )
    if (error := too_long(STAGE, source, what_zh="函数源码", what_en="function source")) is not None:
        return error
    try:
        return _parse_tool_source(source, parse_docstring)
    except Refused as refused:
        return refused.error
    except Exception as exc:
        return unexpected(STAGE, exc, zh="构建工具时出错。", en="Building the tool failed.")


def _parse_tool_source(source: str, parse_docstring: bool | None) -> ToolSourceResult:
    module = parse_learner_source(STAGE, source)
    fn, imports = _find_function(module)
    decorator = _read_decorator(fn)
    signature, annotations = _build_signature(fn)

    options = decorator["options"]
    use_parse_docstring = bool(options.get("parse_docstring", False)) if parse_docstring is None else parse_docstring
    # @tool defaults error_on_invalid_docstring to True; honour the line if it says otherwise.
    error_on_invalid = bool(options.get("error_on_invalid_docstring", True))

    # The stand-in: the lab's echo body, wearing the learner's name, signature and docstring.
    stand_in = _make_echo(options.get("name", fn.name))
    stand_in.__name__ = fn.name
    stand_in.__qualname__ = fn.name
    stand_in.__doc__ = ast.get_docstring(fn, clean=False)
    stand_in.__signature__ = signature  # type: ignore[attr-defined]
    stand_in.__annotations__ = annotations

    try:
        tool = StructuredTool.from_function(
            stand_in,
            name=options.get("name"),
            description=options.get("description"),
            parse_docstring=use_parse_docstring,
            error_on_invalid_docstring=error_on_invalid,
        )
    except ValueError as exc:
        text = str(exc)
        if "docstring" in text:
            hint_zh = (
                "parse_docstring=True 要求 Google 风格的文档字符串：先一段描述，空一行，再写 "
                "`Args:`，每个参数一行 `名字: 说明`，名字必须是函数真实的参数。"
            )
            hint_en = (
                "parse_docstring=True expects a Google-style docstring: a description, a blank "
                "line, then `Args:` with one `name: text` line per real parameter."
            )
        else:
            hint_zh, hint_en = (
                "给函数写一个文档字符串，或在 @tool(description=...) 里给出描述。",
                ("Give the function a docstring, or pass @tool(description=...)."),
            )
        raise Refused(
            explain(
                STAGE,
                exc,
                zh="LangChain 拒绝从这个函数创建工具。",
                en="LangChain refused to build a tool from this function.",
                hint_zh=hint_zh,
                hint_en=hint_en,
            )
        ) from None

    return ToolSourceResult(
        name=tool.name,
        description=tool.description,
        fields=_field_rows(tool),
        required=[name for name, info in getattr(tool.args_schema, "model_fields", {}).items() if info.is_required()],
        signature=f"{fn.name}{signature}",
        func_repr=repr(tool.func),
        echo_source=echo_source(),
        parse_docstring=use_parse_docstring,
        decorator=decorator,
        ignored_imports=imports,
        is_async=isinstance(fn, ast.AsyncFunctionDef),
        dropped=[p for p in signature.parameters if p not in getattr(tool.args_schema, "model_fields", {})],
        tool=tool,
    )
