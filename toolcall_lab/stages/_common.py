"""Small helpers shared by the stage modules.

Every stage function returns plain data a page can render and a test can compare:
dicts, lists, strings, numbers, booleans and ``None``. The helpers here turn the
library's objects (tuples, exceptions, ``NaN``, classes) into that plain data, and
build the :class:`~toolcall_lab.errors.ExplainedError` every failure becomes.
"""

from __future__ import annotations

import ast
from typing import Any, cast

from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.i18n import Text

# one JSON-safe converter for the whole lab: the trace and the stages use the same
from toolcall_lab.jsonable import to_jsonable

#: Learner text longer than this is refused before parsing (it is a lesson, not a file upload).
MAX_SOURCE_CHARS = 20_000


def json_dict(value: Any) -> dict[str, Any]:
    """:func:`~toolcall_lab.jsonable.to_jsonable` of a mapping, typed as the dict it returns.

    >>> json_dict({"n": (1, 2)})
    {'n': [1, 2]}
    """
    return cast(dict[str, Any], to_jsonable(value))


def type_label(annotation: Any) -> str:
    """A short human label for a Python type annotation (``int``, ``list[str]``, ``Optional[int]``).

    >>> type_label(int)
    'int'
    >>> type_label(list[str])
    'list[str]'
    """
    if isinstance(annotation, type) and not getattr(annotation, "__args__", None):
        return annotation.__name__
    text = repr(annotation)
    return text.replace("typing.", "")


def too_long(stage: str, text: str, what: Text) -> ExplainedError | None:
    """Return an error when ``text`` (``what``: "function source"…) exceeds :data:`MAX_SOURCE_CHARS`, else ``None``."""
    if len(text) <= MAX_SOURCE_CHARS:
        return None
    return explain(
        stage,
        f"{len(text)} characters > limit {MAX_SOURCE_CHARS}",
        title=Text(
            f"{what.zh}太长了（{len(text)} 个字符，上限 {MAX_SOURCE_CHARS}）。",
            f"The {what.en} is too long ({len(text)} characters; the limit is {MAX_SOURCE_CHARS}).",
        ),
        hint=Text(
            "这里只需要一个函数或一个模型的定义，删掉其余内容再试。",
            "Only one definition is needed here; remove the rest and try again.",
        ),
        data={"length": len(text), "limit": MAX_SOURCE_CHARS},
    )


def at(node: Any) -> dict[str, int]:
    """The 1-based ``line`` / ``col`` of an AST node, for error messages."""
    return {"line": int(getattr(node, "lineno", 0) or 0), "col": int(getattr(node, "col_offset", -1)) + 1}


def where(node: Any, lang: str) -> str:
    """``"line 3, col 5"`` / ``"第 3 行第 5 列"`` for an AST node."""
    pos = at(node)
    return Text("第 {line} 行第 {col} 列", "line {line}, col {col}").format(**pos)(lang)


def validation_errors(exc: Any) -> list[dict[str, Any]]:
    """``ValidationError.errors()`` made JSON-safe.

    Pydantic puts the raised exception object inside ``ctx["error"]`` for custom
    validators; it is replaced by its text. ``url`` links to the Pydantic docs and is kept.
    """
    try:
        raw = exc.errors()
    except Exception:
        return [{"type": type(exc).__name__, "loc": [], "msg": str(exc), "input": None}]
    return [to_jsonable(item) for item in raw]


def unexpected(stage: str, exc: BaseException, title: Text) -> ExplainedError:
    """Wrap an exception nobody planned for, so a page still shows a lesson, not a traceback."""
    return explain(
        stage,
        exc,
        title=title,
        hint=Text(
            "下面是库给出的原始错误信息；修改输入后再试。",
            "The library's own error text is below; change the input and try again.",
        ),
    )


class Refused(Exception):
    """Internal: carries an :class:`ExplainedError` from deep in a parser to its public entry.

    Parsers raise it wherever they stop; the public function catches it and *returns*
    ``refused.error``, so pages receive data, never an exception.
    """

    def __init__(self, error: ExplainedError) -> None:
        super().__init__(error.detail)
        self.error = error


def parse_learner_source(stage: str, source: str) -> ast.Module:
    """``ast.parse`` the learner's text (never run it); a failure raises :class:`Refused`.

    A ``SyntaxError`` is explained with its line and column (``data``: ``line``, ``col``,
    ``msg``, ``text``); what else the parser refuses (a NUL character, nesting too deep
    for it) gets its own explanation.
    """
    try:
        return ast.parse(source, mode="exec")
    except SyntaxError as exc:
        line, col = exc.lineno or 0, exc.offset or 0
        raise Refused(
            explain(
                stage,
                exc,
                title=Text(
                    f"语法错误：第 {line} 行第 {col} 列（{exc.msg}）",
                    f"Syntax error at line {line}, col {col} ({exc.msg})",
                ),
                hint=Text(
                    "这段代码不是合法的 Python。检查冒号、括号和缩进。",
                    "This is not valid Python. Check colons, brackets and indentation.",
                ),
                data={"line": line, "col": col, "msg": exc.msg, "text": (exc.text or "")[:500]},
            )
        ) from None
    except (ValueError, RecursionError, MemoryError) as exc:
        raise Refused(
            explain(
                stage,
                exc,
                title=Text("Python 解析器拒绝了这段文本。", "The Python parser refused this text."),
                hint=Text(
                    "文本中可能有空字符（\\0）或嵌套过深的结构。",
                    "It may contain a NUL character or structures nested too deeply.",
                ),
            )
        ) from None


def refuse(stage: str, node: Any, detail: str, title: Text, hint: Text) -> Refused:
    """Build a :class:`Refused` whose title ends with the node's position (line / col)."""
    data = at(node) if node is not None else None
    if node is not None:
        title = Text(f"{title.zh}（{where(node, 'zh')}）", f"{title.en} ({where(node, 'en')})")
    return Refused(explain(stage, detail, title=title, hint=hint, data=data))


def unparse(node: ast.AST) -> str:
    """``ast.unparse`` that never raises (a pathological tree shows its node type instead)."""
    try:
        return ast.unparse(node)
    except (RecursionError, ValueError, AttributeError, TypeError):
        return type(node).__name__
