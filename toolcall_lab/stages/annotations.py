"""Type annotations read from the syntax tree and mapped to real Python types, never imported.

The learner writes ``city: str`` or ``days: Optional[int]`` on the page; the lab needs the
real type objects (``str``, ``typing.Optional[int]``) to build a tool or a model, but may
not run or import anything the learner wrote. :func:`map_annotation` walks the annotation's
tree and rebuilds it from a fixed list of known forms (:data:`SUPPORTED_ANNOTATIONS`) plus
the classes the lab itself built from the same text (an ``Enum``, a nested model).
Anything else is refused with its line and column.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Mapping
from typing import Annotated, Any, Literal, Optional, Union

from toolcall_lab.i18n import Text
from toolcall_lab.stages._common import Refused, refuse, unparse

STAGE = "tool_source"

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

# What LangChain fills in from the run itself, never from the model: a parameter of these
# types (or Annotated with InjectedToolArg) is left out of the tool's schema. Resolved by name from the
# library itself (never from the learner's imports).
_RUN_CONTEXT_TYPES: dict[str, tuple[str, str]] = {
    "RunnableConfig": ("langchain_core.runnables", "RunnableConfig"),
}
_INJECTED_NOTES: dict[str, tuple[str, str]] = {"InjectedToolArg": ("langchain_core.tools", "InjectedToolArg")}

SUPPORTED_ANNOTATIONS = (
    "str, int, float, bool, Any, list, dict, list[X], dict[str, X], Optional[X], X | None, "
    "Union[X, Y], Literal['a', 'b'], Annotated[X, 'description'], Annotated[X, InjectedToolArg], RunnableConfig"
)


def _library_object(where: tuple[str, str]) -> Any:
    """A class of LangChain / LangGraph, looked up by module and name (library code, not the learner's)."""
    return getattr(importlib.import_module(where[0]), where[1])


def _dotted_name(node: ast.AST) -> str | None:
    """``str`` for ``Name('str')``, ``Optional`` for ``typing.Optional``; else ``None``."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in _TYPING_MODULES:
        return node.attr
    return None


def _cannot_map(node: ast.AST, why: Text | None = None) -> Refused:
    text = unparse(node)
    return refuse(
        STAGE,
        node,
        f"unsupported annotation: {text}" + (f" ({why.en})" if why else ""),
        title=Text(f"无法识别的类型标注 `{text}`", f"Cannot map the annotation `{text}`")
        + (Text(f"：{why.zh}", f": {why.en}") if why else Text("", "")),
        hint=Text(
            f"实验室只读、不导入类型。可用的写法：{SUPPORTED_ANNOTATIONS}。",
            f"The lab reads types, it never imports them. Supported: {SUPPORTED_ANNOTATIONS}.",
        ),
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
        raise _cannot_map(node, Text("嵌套太深", "nested too deeply"))

    # None inside a union: Optional[int] is Union[int, None].
    if isinstance(node, ast.Constant) and node.value is None:
        return type(None)

    # A quoted annotation ("int") is a forward reference: parse the text, then map it.
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            inner = ast.parse(node.value.strip(), mode="eval").body
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            raise _cannot_map(node, Text("引号里不是表达式", "the quoted text is not an expression")) from None
        return map_annotation(inner, depth + 1, known)

    # A plain name: str, int, float, bool, dict, list, Any.
    name = _dotted_name(node)
    if name is not None:
        if name in _PLAIN_TYPES:
            return _PLAIN_TYPES[name]
        if name in _RUN_CONTEXT_TYPES:
            return _library_object(_RUN_CONTEXT_TYPES[name])
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
                raise _cannot_map(node, Text("Annotated 需要类型和说明", "Annotated needs a type and a note"))
            notes = []
            for item in items[1:]:
                marker = item.func if isinstance(item, ast.Call) and not item.args and not item.keywords else item
                if isinstance(marker, ast.Name) and marker.id in _INJECTED_NOTES:
                    notes.append(_library_object(_INJECTED_NOTES[marker.id]))
                    continue
                if not (isinstance(item, ast.Constant) and isinstance(item.value, str)):
                    raise _cannot_map(node, Text("只读取字符串说明", "only string notes are read"))
                notes.append(item.value)
            return Annotated.__class_getitem__((map_annotation(items[0], depth + 1, known), *notes))  # type: ignore[attr-defined]
        args = [map_annotation(item, depth + 1, known) for item in items]
        if base in {"list", "List"}:
            if len(args) != 1:
                raise _cannot_map(node, Text("list 只接受一个类型", "list takes one type"))
            return list[args[0]]  # type: ignore[valid-type]
        if base in {"dict", "Dict"}:
            if len(args) != 2:
                raise _cannot_map(node, Text("dict 需要键和值两个类型", "dict takes a key and a value type"))
            return dict[args[0], args[1]]  # type: ignore[valid-type]
        if base == "Optional":
            if len(args) != 1:
                raise _cannot_map(node, Text("Optional 只接受一个类型", "Optional takes one type"))
            return Optional[args[0]]  # noqa: UP045 - building the type object itself
        return Union.__getitem__(tuple(args))  # Union[...]

    raise _cannot_map(node)


def _literal_value(node: ast.AST) -> Any:
    """One value inside ``Literal[...]``: a string, an int, a bool or None."""
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
        raise _cannot_map(node, Text("Literal 里只能写字面量", "Literal values must be literals")) from None
    if value is not None and not isinstance(value, (str, int, bool)):
        raise _cannot_map(
            node, Text("Literal 的值只能是字符串、整数、布尔或 None", "Literal values are str, int, bool or None")
        )
    return value
