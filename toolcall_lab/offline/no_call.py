"""Questions a competent model answers without calling a tool, and the answers that answer them.

* **About the tools themselves** — "What arguments does get_schedule take?", "查课表的日期要写成
  什么格式？", "what does the days parameter default to?": the answer is in the schemas the
  request carries, so the model reads them out (names, descriptions, defaults, ranges).
* **Hypotheticals** — "Hypothetically, if Tokyo were 40 degrees…", "如果曼谷下雪了，会怎么样？":
  nothing to look up; the model says so, and which tool it would use for a real question.
* **Translation** — "translate … into Chinese", "…用英语怎么说": no tool translates; the model
  says that plainly instead of calling a tool with words of the sentence.
"""

from __future__ import annotations

import re
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline import nlu
from toolcall_lab.offline.kinds import function_of, properties, tool_name

_ABOUT = re.compile(
    r"参数|parameter|argument|\bargs?\b|schema|格式|format|默认|default|最多能|最多|上限|最大|at most|maximum"
    r"|how (?:many|far)\b.{0,30}\b(?:ahead|go|can)|能查哪些|哪些城市|which cities|what cities|\bhandle\b"
    r"|支持哪些|能查什么",
    re.I,
)
_TOOLISH = re.compile(r"工具|tool|function|函数|接口|你能查|you can (?:check|look up)|can you (?:check|look up)", re.I)
_HYPOTHETICAL = re.compile(
    r"^\s*(?:hypothetically|imagine|suppose|假设|假如)"
    r"|^\s*(?:如果|要是|\bif\b).{0,60}(?:会怎么样|会怎样|会发生什么|would you|what would|would it)",
    re.I,
)
_TRANSLATE = re.compile(
    r"翻译|translate|用英语怎么说|用英文怎么说|英文怎么说|英语怎么说|how do (?:i|you) say|in english\?*$", re.I
)


def about_kind(text: str, tools: list[dict[str, Any]]) -> str | None:
    """``tools``, ``hypothetical`` or ``translate`` when the question needs no call, else ``None``."""
    if _HYPOTHETICAL.search(text):
        return "hypothetical"
    if _TRANSLATE.search(text):
        return "translate"
    names = [tool_name(t) for t in tools]
    params = {p.lower() for t in tools for p in properties(function_of(t).get("parameters"))}
    mentions_tool = any(n and n in text for n in names) or bool(_TOOLISH.search(text))
    mentions_param = bool(params & {w.lower() for w in re.findall(r"[A-Za-z_]+", text)}) or bool(
        re.search(r"日期|天数|城市|学号", text)
    )
    if _ABOUT.search(text) and (mentions_tool or mentions_param):
        return "tools"
    return None


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
    kind = schema.get("type", "string")
    bits = [Text(f"{name}（{kind}）", f"{name} ({kind})")(lang)]
    if desc:
        bits.append(desc)
    if "default" in schema:
        bits.append(Text(f"默认 {schema['default']}", f"default {schema['default']}")(lang))
    if "maximum" in schema:
        bits.append(Text(f"最大 {schema['maximum']}", f"at most {schema['maximum']}")(lang))
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
        lines.append(Text(f"{tool_name(tool)}：{desc}", f"{tool_name(tool)}: {desc}")(lang))
        required = fn.get("parameters", {}).get("required", []) if isinstance(fn.get("parameters"), dict) else []
        for name, schema in params.items():
            need = (Text("必填", "required") if name in required else Text("可选", "optional"))(lang)
            line = _param_line(name, schema, lang)
            lines.append(Text(f"- {line}（{need}）", f"- {line} ({need})")(lang))
    return "\n".join(lines)


def answer_without_call(kind: str, text: str, tools: list[dict[str, Any]], lang: str) -> str:
    """The answer to a question that needs no tool call (see the module docstring)."""
    if kind == "tools":
        return describe_tools(text, tools, lang)
    names = Text("、", ", ").join(tool_name(t) for t in tools)(lang)
    if kind == "hypothetical":
        return Text(
            f"这是一个假设的问题，没有要查的事实，所以我没有调用工具。真要查的时候，我可以用这些工具：{names}。",
            f"That is a hypothetical question, so there is nothing to look up and I did not call a tool. "
            f"For a real question I can use: {names}.",
        )(lang)
    return Text(
        f"抱歉，我的工具（{names}）都不做翻译，我也不凭空编译文，所以这个没法帮你翻译。",
        f"Sorry, none of my tools ({names}) translates, and I will not make a translation up, "
        "so I can't translate this.",
    )(lang)
