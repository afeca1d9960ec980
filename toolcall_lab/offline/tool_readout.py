"""A question about the bound tools themselves, answered by reading their schemas out in the learner's language.

The tool and parameter descriptions may be written in Chinese: an English learner gets them glossed
(:mod:`.schema_facts`), never pasted verbatim.
"""

from __future__ import annotations

import re
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline import nlu
from toolcall_lab.offline.ids import shape_from
from toolcall_lab.offline.kinds import function_of, param_kind, properties, tool_name
from toolcall_lab.offline.schema_facts import Param, gloss, tool_gloss

_CJK = re.compile(r"[\u3400-\u9fff]")


def _relevant(text: str, tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    named = [t for t in tools if tool_name(t) and tool_name(t) in text]
    if named:
        return named
    words = {w.lower() for w in re.findall(r"[A-Za-z_]+", text)}
    by_param = [t for t in tools if words & {p.lower() for p in properties(function_of(t).get("parameters"))}]
    if len(by_param) == 1:
        return by_param
    asked = nlu.concepts_in(text) - {"search"} if not re.search(r"搜|search", text, re.I) else nlu.concepts_in(text)
    fits = [
        t
        for t in tools
        if asked & nlu.concepts_in(f"{tool_name(t).replace('_', ' ')} {function_of(t).get('description', '')}")
    ]
    return fits[:1] or tools[:3]


def _param_line(name: str, schema: dict[str, Any], lang: str) -> str:
    desc = str(schema.get("description", "")).strip()
    desc = (
        gloss(Param("", name, param_kind(name, schema), schema, False)) if lang == "en" and _CJK.search(desc) else desc
    )
    kind = schema.get("type", "string")
    bits = [Text(f"{name}（{kind}）", f"{name} ({kind})")(lang)]
    if desc:
        bits.append(desc)
    if "default" in schema:
        bits.append(Text(f"默认 {schema['default']}", f"default {schema['default']}")(lang))
    if "maximum" in schema:
        bits.append(Text(f"最大 {schema['maximum']}", f"at most {schema['maximum']}")(lang))
    shape = shape_from(desc) if kind == "string" and re.search(r"id\b|学号|编号", name + desc, re.I) else None
    if shape is not None:
        n = shape.digits
        bits.append(
            Text(f"格式：{shape.letters} 加 {n} 位数字", f"shape: {shape.letters} followed by {n} digits")(lang)
        )
    head, rest = bits[:2], bits[2:]
    return Text(
        "：".join(head) + ("；" + "；".join(rest) if rest else ""),
        ": ".join(head) + ("; " + "; ".join(rest) if rest else ""),
    )(lang)


def describe_tools(text: str, tools: list[dict[str, Any]], lang: str) -> str:
    """The schemas of the tools a question is about, read out in the learner's language."""
    lines = [
        Text("这些信息就在工具的说明里，不用调用工具：", "This is in the tools' own descriptions; no call is needed:")(
            lang
        )
    ]
    for tool in _relevant(text, tools):
        fn = function_of(tool)
        params = properties(fn.get("parameters"))
        desc = str(fn.get("description", "")).strip().splitlines()[0] if fn.get("description") else ""
        desc = tool_gloss(tool) if lang == "en" and _CJK.search(desc) else desc  # glossed, not pasted
        lines.append(Text(f"{tool_name(tool)}：{desc}", f"{tool_name(tool)}: {desc}")(lang))
        required = fn.get("parameters", {}).get("required", []) if isinstance(fn.get("parameters"), dict) else []
        for name, schema in params.items():
            need = (Text("必填", "required") if name in required else Text("可选", "optional"))(lang)
            line = _param_line(name, schema, lang)
            lines.append(Text(f"- {line}（{need}）", f"- {line} ({need})")(lang))
    return "\n".join(lines)
