"""Stage 5, layer 1 — ``json.loads``: can the model's argument string be read?

Any well-formed JSON passes, ``{"days": 30}`` included: this layer knows nothing of
ranges or field names. :func:`json_stage` parses the text and walks the result
(:func:`type_map`) to show which Python type each JSON value became (object → dict,
array → list, number → int/float, null → None …).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import MAX_DEPTH, to_jsonable
from toolcall_lab.stages._common import json_dict, too_long, unexpected
from toolcall_lab.stages.schema import pointer

#: How many rows the JSON → Python type map shows before it stops.
MAX_TYPE_ROWS = 300


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
        return json_dict(self.__dict__)


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
            title=Text("arguments 应该是一个字符串。", "arguments should be a string."),
            hint=Text(
                "模型返回的 function.arguments 总是 JSON 文本。",
                "function.arguments from the model is always JSON text.",
            ),
        )
    if (error := too_long(stage, text, what=Text("参数字符串", "argument string"))) is not None:
        return error
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        lines = exc.doc.splitlines() or [""]
        line_text = lines[exc.lineno - 1] if 0 < exc.lineno <= len(lines) else ""
        return explain(
            stage,
            exc,
            title=Text(
                f"不是合法的 JSON：第 {exc.lineno} 行第 {exc.colno} 列，{exc.msg}",
                f"Not valid JSON: line {exc.lineno}, column {exc.colno}: {exc.msg}",
            ),
            hint=Text(
                "JSON 的键和字符串必须用双引号；不能有尾随逗号；true/false/null 要小写。",
                "JSON keys and strings need double quotes; no trailing commas; true/false/null in lower case.",
            ),
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
            title=Text("JSON 嵌套太深，解析器放弃了。", "The JSON is nested too deeply for the parser."),
            hint=Text("工具参数通常只有一两层。", "Tool arguments are usually one or two levels deep."),
        )
    except Exception as exc:
        return unexpected(stage, exc, title=Text("json.loads 失败。", "json.loads failed."))
    rows, truncated, odd = type_map(value)
    return JsonStageResult(value=value, type_map=rows, truncated=truncated, non_standard=odd)
