"""Stage 1, reading — the learner's function text, read from its syntax tree and never run.

Three readers, each refusing what it cannot read with the line and column:

* :func:`find_function` — exactly one top-level ``def`` (imports and a module docstring
  are read and ignored; nothing is imported);
* :func:`read_decorator` — what the ``@tool`` / ``@tool(...)`` line asks for (a name, a
  description, ``parse_docstring``); the decorator is never called;
* :func:`build_signature` — the parameters, their real types
  (:func:`~toolcall_lab.stages.annotations.map_annotation`) and literal defaults
  (``ast.literal_eval``: ``1``, ``"c"``, ``None``, ``[1, 2]`` — never a call).
"""

from __future__ import annotations

import ast
import inspect
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.stages._common import Refused, refuse, unparse
from toolcall_lab.stages.annotations import map_annotation

STAGE = "tool_source"


def _refuse(node: Any, detail: str, title: Text, hint: Text) -> Refused:
    return refuse(STAGE, node, detail, title=title, hint=hint)


def find_function(module: ast.Module) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, list[str]]:
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
                title=Text(
                    f"这里需要一个函数，不是类 `{stmt.name}`", f"Expected a function, found the class `{stmt.name}`"
                ),
                hint=Text(
                    "@tool 包装的是函数。参数模型（BaseModel）请在“JSON Schema”页的模型编辑器里写。",
                    "@tool wraps a function. Write argument models (BaseModel) in the model editor "
                    "on the JSON Schema page.",
                ),
            )
        else:
            raise _refuse(
                stmt,
                f"top-level statement: {unparse(stmt)[:200]}",
                title=Text(
                    "顶层只允许 import 和一个函数定义",
                    "Only imports and one function definition are allowed at top level",
                ),
                hint=Text(
                    "删掉函数外面的语句（赋值、调用、if 等）。实验室不会运行它们。",
                    "Remove statements outside the function (assignments, calls, ifs). "
                    "The lab would not run them anyway.",
                ),
            )
    if len(functions) != 1:
        found = ", ".join(f.name for f in functions) or "none"
        raise _refuse(
            functions[1] if len(functions) > 1 else None,
            f"expected exactly one function, found {len(functions)}: {found}",
            title=Text(
                f"需要恰好一个函数定义，这里有 {len(functions)} 个",
                f"Exactly one function definition is needed; found {len(functions)}",
            ),
            hint=Text("一个工具对应一个函数。保留一个 def。", "One tool is one function. Keep a single def."),
        )
    return functions[0], imports


def _is_tool_name(node: ast.AST) -> bool:
    return (isinstance(node, ast.Name) and node.id == "tool") or (
        isinstance(node, ast.Attribute) and node.attr == "tool"
    )


def read_decorator(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, Any]:
    """What the ``@tool`` line asks for. Honoured: a name, description, parse_docstring."""
    info: dict[str, Any] = {"present": False, "options": {}, "ignored": []}
    for deco in fn.decorator_list:
        target = deco.func if isinstance(deco, ast.Call) else deco
        if not _is_tool_name(target):
            raise _refuse(
                deco,
                f"unsupported decorator: @{unparse(deco)[:100]}",
                title=Text(
                    f"只认识 @tool 装饰器，不认识 `@{unparse(deco)[:60]}`",
                    f"Only the @tool decorator is understood, not `@{unparse(deco)[:60]}`",
                ),
                hint=Text(
                    "其他装饰器会改变函数，而实验室不运行任何代码。删掉它。",
                    "Other decorators change the function, and the lab runs no code. Remove it.",
                ),
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


def _default(node: ast.AST, param: str) -> Any:
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
        text = unparse(node)[:100]
        raise _refuse(
            node,
            f"non-literal default for {param}: {text}",
            title=Text(
                f"参数 `{param}` 的默认值 `{text}` 不是字面量", f"The default of `{param}`, `{text}`, is not a literal"
            ),
            hint=Text(
                "默认值只能是字面量（数字、字符串、None、列表……），实验室不会运行函数调用或变量。",
                "Defaults must be literals (numbers, strings, None, lists…); "
                "the lab never runs calls or reads variables.",
            ),
        ) from None


def build_signature(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[inspect.Signature, dict[str, Any]]:
    """Rebuild the learner's signature from the tree: kinds, real types, literal defaults."""
    a = fn.args
    for star, label in ((a.vararg, "*"), (a.kwarg, "**")):
        if star is not None:
            raise _refuse(
                star,
                f"{label}{star.arg} in the signature",
                title=Text(f"工具函数不能用 `{label}{star.arg}`", f"A tool function cannot take `{label}{star.arg}`"),
                hint=Text(
                    "JSON Schema 需要逐个列出参数名和类型；把每个参数明确写出来。",
                    "A JSON Schema lists every argument by name and type; spell each parameter out.",
                ),
            )
    if a.posonlyargs:
        raise _refuse(
            a.posonlyargs[0],
            "positional-only parameters (before /)",
            title=Text(
                "工具函数不能有仅限位置参数（`/` 之前的参数）",
                "A tool function cannot have positional-only parameters (before `/`)",
            ),
            hint=Text(
                "模型给出的参数是按名字传入的 JSON 对象，删掉 `/`。",
                "The model's arguments arrive as a JSON object, by name; remove the `/`.",
            ),
        )

    params: list[inspect.Parameter] = []
    annotations: dict[str, Any] = {}
    # Positional defaults belong to the *last* parameters: def f(a, b=1, c=2).
    first_default = len(a.args) - len(a.defaults)
    specs: list[tuple[ast.arg, ast.expr | None, inspect._ParameterKind]] = [
        (arg, a.defaults[i - first_default] if i >= first_default else None, inspect.Parameter.POSITIONAL_OR_KEYWORD)
        for i, arg in enumerate(a.args)
    ]
    # ast keeps one kw_defaults entry per keyword-only parameter (None where there is none).
    keyword_only = zip(a.kwonlyargs, a.kw_defaults, strict=True)
    specs += [(arg, default, inspect.Parameter.KEYWORD_ONLY) for arg, default in keyword_only]
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
            title=Text("参数列表不合法", "The parameter list is not valid"),
            hint=Text("检查参数是否重名。", "Check for duplicate parameter names."),
        ) from None
    return signature, annotations
