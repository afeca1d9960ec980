"""Writing answers: from tool results, from documents in the prompt, or an honest refusal.

Answers quote what the tools or documents said; when a call failed, the answer says so and
asks for what is missing instead of guessing.
"""

from __future__ import annotations

import json
import re
from typing import Any

from toolcall_lab.offline import nlu
from toolcall_lab.offline.choosing import is_question

_PROBLEM = re.compile(
    r"(格式不对|不是一个真实|没有拿到|请先|不存在|无法|出错|失败|重复调用|Error|error:|invalid|not a valid|"
    r"must be|failed|Traceback|unknown tool|does not exist|不认识)",
    re.I,
)


def looks_like_problem(text: str) -> bool:
    """Does a tool result say the call itself was wrong (rather than give data)?"""
    return bool(_PROBLEM.search(text))


def _render_result(content: str, lang: str = "zh") -> str:
    """Quote a tool result; a JSON result is shown as its key facts."""
    try:
        data = json.loads(content)
    except ValueError:
        data = None
    if isinstance(data, dict) and "results" in data:
        return content[:600]
    if isinstance(data, dict) and isinstance(data.get("summary"), str):
        facts = {k: v for k, v in data.items() if k != "summary" and not isinstance(v, (dict, list))}
        listed = "; ".join(f"{k}: {v}" for k, v in list(facts.items())[:6])
        if lang == "zh":
            return f"{data['summary']}（{listed}）"
        # an English answer quotes the facts, not a Chinese summary sentence
        return listed if nlu.is_chinese(data["summary"]) else f"{data['summary']} ({listed})"
    if isinstance(data, dict):
        return "; ".join(
            f"{k}: {json.dumps(v, ensure_ascii=False) if isinstance(v, (dict, list)) else v}"
            for k, v in list(data.items())[:12]
        )
    return content.strip()[:800]


def _fmt_args(args: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in args.items())


def answer_from_tools(ctx: nlu.Context, results: list[dict[str, Any]], tools: list[dict[str, Any]]) -> str:
    """Write the final answer from tool results, quoting them; honest when a call failed."""
    zh = ctx.lang == "zh"
    good = [r for r in results if not looks_like_problem(r["content"])]
    bad = [r for r in results if looks_like_problem(r["content"])]
    lines: list[str] = []
    search_sources: list[dict[str, Any]] = []
    if good:
        lines.append("根据工具返回的结果：" if zh else "Here is what the tools returned:")
        for r in good:
            try:
                data = json.loads(r["content"])
            except ValueError:
                data = None
            if isinstance(data, dict) and isinstance(data.get("results"), list):
                search_sources.extend(x for x in data["results"] if isinstance(x, dict))
                continue
            head = f"【{r['name']}（{_fmt_args(r['args'])}）】" if zh else f"[{r['name']}({_fmt_args(r['args'])})]"
            lines.append(f"{head}\n{_render_result(r['content'], ctx.lang)}")
        if search_sources:
            lines.append(answer_from_documents(ctx, search_sources))
    for r in bad:
        relative = [
            v for v in r["args"].values() if isinstance(v, str) and nlu.relative_dates(v) and not nlu.iso_dates(v)
        ]
        example = _example_date(r["name"], tools)
        if relative and zh:
            lines.append(
                f"我没法确定「{relative[0]}」具体是哪一天，{r['name']} 需要 YYYY-MM-DD 格式的日期。"
                f"请告诉我具体日期（例如 {example}），我再帮你查。"
            )
        elif relative:
            lines.append(
                f'I cannot tell which date "{relative[0]}" is, and {r["name"]} needs a date in '
                f"YYYY-MM-DD form. Please tell me the exact date (for example {example}) and I will look again."
            )
        elif zh:
            lines.append(
                f"工具 {r['name']} 没有给出可用的结果，它的提示是：「{r['content'].strip()[:300]}」"
                "我不凭印象补答案，请按提示补充信息后再问我。"
            )
        else:
            lines.append(
                f'The tool {r["name"]} gave no usable result. It said: "{r["content"].strip()[:300]}" '
                "I will not guess an answer; please supply what it asks for and ask again."
            )
    if good and not bad and not search_sources:
        lines.append("以上内容全部来自工具结果。" if zh else "Everything above comes from the tool results.")
    return "\n\n".join(lines)


def _example_date(tool_name: str, tools: list[dict[str, Any]]) -> str:
    for tool in tools:
        fn = tool.get("function") or {}
        if fn.get("name") == tool_name:
            dates = nlu.iso_dates(json.dumps(fn.get("parameters") or {}, ensure_ascii=False))
            if dates:
                return dates[0]
    return "2026-07-25"


def answer_from_documents(ctx: nlu.Context, docs: list[dict[str, Any]]) -> str:
    """Answer from search results: the most relevant passages, each with its source cited."""
    zh = ctx.lang == "zh"
    query = " ".join(ctx.resolved_keywords()) or ctx.question
    q_words = nlu.zh_bigrams(query) | nlu.en_words(query) | {w.lower() for w in nlu.keywords(query)}

    def relevance(doc: dict[str, Any]) -> int:
        text = f"{doc.get('title', '')} {doc.get('content', '')}"
        grams = nlu.zh_bigrams(text) | nlu.en_words(text) | {w.lower() for w in nlu.keywords(text)}
        return len(q_words & grams)

    ranked = sorted(enumerate(docs), key=lambda p: (-relevance(p[1]), p[0]))[:2]
    if not ranked:
        return "搜索没有找到相关资料。" if zh else "The search found nothing relevant."
    lines = ["根据搜索结果：" if zh else "From the search results:"]
    for n, (_, doc) in enumerate(ranked, start=1):
        content = str(doc.get("content", "")).strip()[:400]
        lines.append(f"{content} [{n}]")
    lines.append("来源：" if zh else "Sources:")
    for n, (_, doc) in enumerate(ranked, start=1):
        lines.append(f"[{n}] {doc.get('title', '')} — {doc.get('url', '')}")
    return "\n".join(lines)


def cannot_help(ctx: nlu.Context, tools: list[dict[str, Any]], skipped: list[tuple[str, list[str]]]) -> str:
    """Say plainly that the model cannot answer, and why."""
    zh = ctx.lang == "zh"
    if skipped:
        name, missing = skipped[0]
        need = "、".join(missing) if zh else ", ".join(missing)
        return (
            f"要用 {name} 回答这个问题，我还缺少：{need}。请补充后再问我。"
            if zh
            else f"To answer with {name} I still need: {need}. Please provide it and ask again."
        )
    names = ", ".join((t.get("function") or {}).get("name", "") for t in tools)
    if not is_question(ctx.question):
        return (
            "你好！我是内置教学模型，可以借助工具回答问题。"
            if zh
            else "Hello! I am the built-in teaching model; I answer questions with the help of tools."
        )
    if tools:
        return (
            f"我是内置教学模型。这个问题和我可用的工具（{names}）都对不上，我不凭空编答案。"
            if zh
            else f"I am the built-in teaching model. None of my tools ({names}) fits this question, "
            "and I will not make an answer up."
        )
    return (
        "我是内置教学模型，没有工具也没有资料可查，这个问题我答不了，也不会凭空编。"
        if zh
        else "I am the built-in teaching model. With no tools and no documents I cannot answer this, "
        "and I will not make an answer up."
    )


_TEMPLATE_LINE = re.compile(r"^\s*([^\s：:\[\]]{1,12})\s*[：:]\s*\[([^\]]{1,80})\]\s*$", re.M)


def fill_template(ctx: nlu.Context) -> str | None:
    """Follow an answer template given in the prompt ("格式：\n理解：[…]\n搜索词：[…]").

    Each ``label：[what to write]`` line is answered on its own line with the same label,
    the way an instruction-following model would.
    """
    lines = _TEMPLATE_LINE.findall(ctx.system)
    if len(lines) < 2:
        return None
    out = []
    for label, what in lines:
        hint = f"{label} {what}".lower()
        if any(w in hint for w in ("搜索", "关键词", "query", "keyword")):
            value = " ".join(ctx.resolved_keywords()) or ctx.question
        elif any(w in hint for w in ("理解", "意图", "总结", "summary", "intent")):
            topic = " ".join(ctx.resolved_keywords()) or ctx.question
            value = f"用户想了解{topic}的相关信息" if ctx.lang == "zh" else f"The user wants to know about {topic}"
        else:
            value = ctx.question
        out.append(f"{label}：{value}" if nlu.CJK.search(label) else f"{label}: {value}")
    return "\n".join(out)


_QUOTED_KEY = re.compile(r"[\"'“‘`「]([A-Za-z_][A-Za-z0-9_]{0,40})[\"'”’`」]")
_KEYS_WORD = re.compile(r"\b(?:keys?|fields?|properties)\b|键|字段", re.I)


def json_shape_asked(text: str) -> dict[str, Any]:
    """The object schema a JSON-mode prompt asks for.

    A JSON schema or example object in the prompt gives its properties; otherwise the
    quoted names near "keys" / "fields" ("with 'setup' and 'punchline' keys") become string
    properties. No shape asked → ``{}``.
    """
    for blob in re.findall(r"\{.*\}", text, flags=re.S):
        try:
            data = json.loads(blob)
        except ValueError:
            continue
        if isinstance(data, dict) and isinstance(data.get("properties"), dict):
            return data
        if isinstance(data, dict) and data:
            return {"type": "object", "properties": {k: {"type": "string"} for k in data}, "required": list(data)}
    keys: list[str] = []
    for near in _KEYS_WORD.finditer(text):
        window = text[max(0, near.start() - 160) : near.end() + 160]
        keys += [k for k in _QUOTED_KEY.findall(window) if k.lower() != "json" and k not in keys]
    if not keys:
        return {}
    return {"type": "object", "properties": {k: {"type": "string"} for k in keys}, "required": keys}
