"""The rows the chain pages show: stage results shaped into tables, code lines and short lists.

Pages lay out widgets; the shaping of what goes into them is here, as pure functions a
test can call. Rows keep the keys of the stage results they come from, in the order the
page shows them as columns. Where a row needs words in the learner's language, the page
passes them in (``lang`` picks a ``{"zh", "en"}`` note; a label is given as an argument).
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from toolcall_lab.jsonable import json_text
from toolcall_lab.stages.tool_source import ToolSourceResult


def one_line(value: Any) -> str:
    """JSON on one line, for a table cell.

    >>> one_line({"city": "曼谷", "days": 3})
    '{"city": "曼谷", "days": 3}'
    """
    return json_text(value, indent=None)


def blank_or_json(value: Any) -> str:
    """``""`` for ``None``, else :func:`one_line` (a table cell with nothing to say stays empty)."""
    return "" if value is None else one_line(value)


def dotted(loc: Iterable[Any]) -> str:
    """A Pydantic error location as one string: ``["where", "lat"]`` → ``where.lat``."""
    return ".".join(str(p) for p in loc)


def caret_excerpt(text: str, data: Any) -> str | None:
    """The line of ``text`` named by an error's ``line`` / ``col`` data, with a caret under the column.

    >>> print(caret_excerpt("def f(:\\n", {"line": 1, "col": 7}))
       1 | def f(:
         |       ^
    """
    info = data if isinstance(data, Mapping) else {}
    try:
        lineno, col = int(info.get("line") or 0), int(info.get("col") or 0)
    except (TypeError, ValueError):
        return None
    lines = text.splitlines()
    if not 0 < lineno <= len(lines):
        return None
    caret = " " * max(0, min(col - 1, 300)) + "^"
    return f"{lineno:>4} | {lines[lineno - 1][:300]}\n     | {caret}"


# ---------------------------------------------------------------- ① @tool
def field_rows(fields: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One row per argument of ``args_schema``: name, types, required, default, description."""
    return [
        {
            "name": f["name"],
            "type": f["type"],
            "json_type": one_line(f["json_type"]),
            "required": f["required"],
            "default": "" if f["required"] else one_line(f["default"]),
            "description": f["description"] or "",
        }
        for f in fields
    ]


def defaults_of(fields: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The default of every optional argument, by name."""
    return {f["name"]: f["default"] for f in fields if not f["required"]}


def invoke_guess(fields: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Arguments to try ``tool.invoke`` with: each required one filled with a plausible value."""
    samples = {"string": "Bangkok", "integer": 3}
    return {f["name"]: samples.get(str(f["json_type"])) for f in fields if f["required"]}


def tool_notes(result: ToolSourceResult) -> list[tuple[str, str]]:
    """What else the lab read from the function text: ``(note key, detail)`` pairs, in order."""
    notes: list[tuple[str, str]] = []
    if result.decorator.get("present"):
        notes.append(("decorator_read", ""))
    if result.decorator.get("ignored"):
        notes.append(("decorator_ignored", ", ".join(result.decorator["ignored"])))
    if result.ignored_imports:
        notes.append(("imports", " · ".join(result.ignored_imports)))
    if result.dropped:
        notes.append(("dropped", ", ".join(result.dropped)))
    if result.is_async:
        notes.append(("async", ""))
    return notes


# ---------------------------------------------------------------- ② JSON Schema
def rule_rows(rules: Sequence[Mapping[str, Any]], why: Mapping[str, str], whole_model: str) -> list[dict[str, Any]]:
    """One row per rule written in the argument model, and where it went in the real schema.

    ``why`` words each invisibility key (the page's own list of reasons).
    """
    return [
        {
            "field": r["field"] or whole_model,
            "rule": r["rule"],
            "value": blank_or_json(r["value"]),
            "keyword": r["schema_keyword"] or "—",
            "in_schema": r["in_schema"],
            "in_strict": r["in_strict"],
            "note": why.get(r["note"], "") if r["note"] else "",
        }
        for r in rules
    ]


def invisible_lines(invisible: Sequence[Mapping[str, Any]], why: Mapping[str, str]) -> str:
    """The rules the model never sees, as a Markdown list (``why`` words each key)."""
    return "\n".join(f"- `{item['field'] or '*'}` · `{item['rule']}` — {why[item['why']]}" for item in invisible)


def diff_rows(changes: Sequence[Mapping[str, Any]], op_labels: Mapping[str, str]) -> list[dict[str, Any]]:
    """One row per difference between two schemas (a JSON pointer and the values on each side)."""
    return [
        {
            "op": op_labels.get(c["op"], c["op"]),
            "path": c["path"],
            "before": blank_or_json(c["before"]),
            "after": blank_or_json(c["after"]),
        }
        for c in changes
    ]


#: The three views of a tool, the call that makes each, and the pairs compared.
SCHEMA_VIEWS = {
    "args_schema": "tool.args_schema.model_json_schema()",
    "openai": "convert_to_openai_tool(tool)",
    "openai_strict": "convert_to_openai_tool(tool, strict=True)",
}
VIEW_PAIRS = (
    ("model_vs_openai", "args_schema", "openai"),
    ("openai_vs_strict", "openai", "openai_strict"),
    ("model_vs_strict", "args_schema", "openai_strict"),
)


def unified_diff(views: Mapping[str, Any], pair: str, a: str, b: str) -> str:
    """A line diff of two of the views (``""`` when identical); a tool view is compared by its parameters."""
    before = views[a]
    after = views[b] if pair == "openai_vs_strict" else views[b].get("function", {}).get("parameters", {})
    label = b if pair == "openai_vs_strict" else f"{b}.function.parameters"
    lines = difflib.unified_diff(
        json_text(before).splitlines(), json_text(after).splitlines(), fromfile=a, tofile=label, lineterm="", n=2
    )
    return "\n".join(lines)


# ---------------------------------------------------------------- ③ bind_tools
def bind_call_code(tool_name: str, bind_kwargs: Mapping[str, Any], question: str) -> str:
    """The one line page ③ ran: ``llm.bind_tools([get_weather], tool_choice='auto').invoke('…')``."""
    extra = "".join(f", {k}={v!r}" for k, v in bind_kwargs.items())
    return f"llm.bind_tools([{tool_name}]{extra}).invoke({question!r})"


def parameter_rows(parameters: Sequence[Mapping[str, Any]], undescribed: str) -> list[dict[str, Any]]:
    """What the model reads about each parameter; ``undescribed`` fills a missing description."""
    return [
        {
            "name": p["name"],
            "type": one_line(p["type"]),
            "required": p["required"],
            "default": blank_or_json(p["default"]),
            "description": p["description"] or undescribed,
        }
        for p in parameters
    ]


# ---------------------------------------------------------------- ④ tool_call
def short_error(text: str | None) -> str:
    """The line of LangChain's parse error that names the decoder's complaint.

    >>> short_error("Function get_weather arguments:\\n\\n{x}\\n\\nare not valid JSON. Received JSONDecodeError oops")
    'are not valid JSON. Received JSONDecodeError oops'
    """
    lines = [part.strip() for part in (text or "").splitlines() if part.strip()]
    return next((part for part in lines if "Error" in part), lines[0] if lines else "")


def call_rows(calls: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One row per call of the reply: id, tool, the arguments string, parsed or not, the dict, the error."""
    return [
        {
            "id": c["id"],
            "name": c["name"],
            "raw": c["raw_arguments"],
            "valid": c["valid"],
            "args": blank_or_json(c["args"]),
            "error": short_error(c["error"]),
        }
        for c in calls
    ]


def arguments_field(raw: str) -> str:
    """``"arguments": "{\\"city\\": …}"`` — the arguments as the JSON body spells them, quotes escaped."""
    return f'"arguments": {json.dumps(raw, ensure_ascii=False)}'


def response_body_of(error: Mapping[str, Any]) -> Any:
    """The endpoint's response body kept in an explained error's data, if any."""
    data = error.get("data")
    return data.get("response_body") if isinstance(data, Mapping) else None


# ---------------------------------------------------------------- ⑤ validation
def decoder_caret(data: Any) -> str | None:
    """The line ``json.loads`` stopped in, with a caret under the column (from a ``json_stage`` error's data)."""
    if isinstance(data, Mapping) and "line_text" in data:
        return f"{data['line_text']}\n{data['caret']}"
    return None


def type_rows(type_map: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Which Python type each JSON value became, by JSON pointer (``(root)`` for the whole document)."""
    return [
        {"path": r["path"] or "(root)", "json": r["json"], "python": r["python"], "value": one_line(r["value"])}
        for r in type_map
    ]


def coercion_rows(coercions: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Each value Pydantic converted: ``"3" (str)`` → ``3 (int)``."""
    return [
        {
            "path": c["path"],
            "input": f"{one_line(c['input'])} ({c['input_type']})",
            "output": f"{one_line(c['output'])} ({c['output_type']})",
        }
        for c in coercions
    ]


def error_rows(errors: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """``ValidationError.errors()`` as a table: where, which rule, the message, the input."""
    return [
        {
            "loc": dotted(e.get("loc", [])) or "(root)",
            "type": e.get("type"),
            "msg": e.get("msg"),
            "input": one_line(e.get("input")),
        }
        for e in errors
    ]


def validate_code(model: str, value: Any, *, strict: bool, extra: str) -> str:
    """The call layer 2 made: ``WeatherInput.model_validate({...}, strict=True)   # extra='forbid'``."""
    return f"{model}.model_validate({one_line(value)}{', strict=True' if strict else ''})   # extra={extra!r}"


def fact_call_code(case: Mapping[str, Any]) -> str:
    """The tool call of a layer-3 case: ``get_weather.invoke({...})``."""
    return f"{case['tool']}.invoke({one_line(case['args'])})"


# ---------------------------------------------------------------- ⑥ func(**kwargs)
def binding_rows(binding: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Which value landed in which parameter (defaults included)."""
    return [{"parameter": k, "value": one_line(v)} for k, v in binding.items()]


def error_lines(errors: Sequence[Mapping[str, Any]]) -> str:
    """Pydantic's errors, one line each: ``city: missing — Field required``."""
    return "\n".join(f"{dotted(e.get('loc', []))}: {e.get('type')} — {e.get('msg')}" for e in errors)


def syntax_rows(rows: Sequence[Mapping[str, Any]], column: str) -> list[dict[str, Any]]:
    """Python's parser on each spelling; ``column`` words the column number (``"(col {col})"``)."""
    return [
        {
            "code": row["code"],
            "valid": row["valid"],
            "error": "" if row["valid"] else f"{row['error']['msg']} " + column.format(col=row["error"]["col"]),
        }
        for row in rows
    ]


# ---------------------------------------------------------------- ⑦ ToolMessage
def tool_node_code(tool_calls: Any, handled: bool) -> str:
    """The call page ⑦ ran: ``ToolNode([get_weather]).invoke(AIMessage(tool_calls=[...]))``."""
    option = ", handle_tool_errors=True" if handled else ""
    return f"ToolNode([get_weather]{option}).invoke(AIMessage(tool_calls={one_line(tool_calls)}))"


def message_fields(message: Mapping[str, Any], content_type: str, chars: str) -> list[dict[str, Any]]:
    """A ToolMessage's fields, one row each; the words for the content row are the page's."""
    fields = [{"field": key, "value": message[key]} for key in ("type", "name", "tool_call_id", "status")]
    size = f"{message['content_type']} · {message['content_chars']} {chars}"
    return [*fields, {"field": content_type, "value": size}]


def output_rows(rows: Sequence[Mapping[str, Any]], labels: Mapping[str, str]) -> list[dict[str, Any]]:
    """The output model on each case: what the tool returned, the verdict, the fact, the errors."""
    return [
        {
            "case": labels.get(r["label"], r["label"]),
            "result": one_line(r["result"]),
            "ok": r["ok"],
            "fact_ok": r["fact_ok"],
            "errors": "; ".join(f"{dotted(e.get('loc', []))}: {e.get('msg')}" for e in r["errors"]),
        }
        for r in rows
    ]


# ---------------------------------------------------------------- ⑧ the round trip
def second_request_rows(messages: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The second request's messages, one row each: role, the assistant's call ids, the id a tool answers."""
    return [
        {
            "#": i,
            "role": m.get("role"),
            "tool_calls": ", ".join(c.get("id", "") for c in m.get("tool_calls") or []),
            "tool_call_id": m.get("tool_call_id") or "",
            "content": m["content"][:120] if isinstance(m.get("content"), str) else one_line(m.get("content")),
        }
        for i, m in enumerate(messages)
    ]


def pairing(messages: Sequence[Mapping[str, Any]]) -> tuple[int, int, bool]:
    """How many calls the assistant made, how many tool messages answer, and whether every id is answered.

    >>> pairing([{"role": "assistant", "tool_calls": [{"id": "a"}]}, {"role": "tool", "tool_call_id": "a"}])
    (1, 1, True)
    """
    asked = [c.get("id") for m in messages if m.get("role") == "assistant" for c in m.get("tool_calls") or []]
    answered = [m.get("tool_call_id") for m in messages if m.get("role") == "tool"]
    return len(asked), len(answered), bool(asked) and sorted(map(str, asked)) == sorted(map(str, answered))
