"""The built-in model's decisions: which tools to call, with what arguments, and what to say.

The input is the request body exactly as the client sent it (OpenAI chat-completions
shape); the output is one assistant message in the same wire shape. Nothing is scripted
here: the choice comes from the user's words and the tools' names, descriptions and
parameter descriptions, the way a real model reads them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from toolcall_lab.offline import nlu

# A tool must score at least this much against a clause to be called.
THRESHOLD = 3


@dataclass(frozen=True)
class Decision:
    """One assistant turn: text, or tool calls (``arguments`` still a dict here)."""

    content: str | None
    tool_calls: tuple[tuple[str, dict[str, Any]], ...] = ()


# ---------------------------------------------------------------- reading the request
def _text_of(content: Any) -> str:
    """Message content may be a string or a list of content parts."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return " ".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
    return str(content)


def read_context(messages: list[dict[str, Any]]) -> nlu.Context:
    """The latest user question, earlier user turns, and the system text."""
    users = [_text_of(m.get("content")) for m in messages if m.get("role") == "user"]
    system = "\n".join(_text_of(m.get("content")) for m in messages if m.get("role") in ("system", "developer"))
    question = users[-1] if users else ""
    if not question:
        # a prompt with no user turn often quotes the user inside the instructions: “…”
        quoted = re.search(r"[“\"「]([^”\"」]{2,400})[”\"」]", system)
        question = quoted.group(1) if quoted else ""
    return nlu.Context(
        question=question,
        history=users[:-1],
        system=system,
        lang="zh" if nlu.is_chinese(question or system) else "en",
    )


def pending_tool_results(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The latest batch of tool results (those answering the last assistant tool_calls
    after the latest user message), each with its call.

    Returns:
        ``[{"name", "args", "content"}]`` in the order of the calls.
    """
    last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=-1)
    calls: dict[str, tuple[str, dict[str, Any]]] = {}
    results: list[dict[str, Any]] = []
    for m in messages[last_user + 1 :]:
        if m.get("role") == "assistant":
            results = []  # a newer batch replaces the older one
            for call in m.get("tool_calls") or []:
                fn = call.get("function") or {}
                try:
                    args = json.loads(fn.get("arguments") or "{}")
                except ValueError:
                    args = {}
                calls[call.get("id", "")] = (fn.get("name", ""), args if isinstance(args, dict) else {})
        elif m.get("role") == "tool":
            name, args = calls.get(m.get("tool_call_id", ""), ("", {}))
            results.append({"name": name, "args": args, "content": _text_of(m.get("content"))})
    return results


def rounds_since_user(messages: list[dict[str, Any]]) -> int:
    """How many assistant turns with tool calls followed the latest user message."""
    last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=-1)
    return sum(1 for m in messages[last_user + 1 :] if m.get("role") == "assistant" and m.get("tool_calls"))


# ---------------------------------------------------------------- choosing tools
def _tool_text(tool: dict[str, Any]) -> str:
    fn = tool.get("function") or {}
    params = (fn.get("parameters") or {}).get("properties") or {}
    parts = [fn.get("name", "").replace("_", " "), fn.get("description") or ""]
    for pname, schema in params.items():
        parts.append(pname.replace("_", " "))
        if isinstance(schema, dict):
            parts.append(str(schema.get("description", "")))
    return "\n".join(parts)


def score_tool(clause: str, tool: dict[str, Any], ctx: nlu.Context) -> int:
    """How well a tool's own words fit a clause of the question.

    Shared concepts count 3 each (they bridge zh and en); shared Chinese bigrams and
    English words count 1 each; a required argument that the clause can fill adds 1.
    """
    text = _tool_text(tool)
    score = 3 * len(nlu.concepts_in(clause) & nlu.concepts_in(text))
    score += min(3, len(nlu.zh_bigrams(clause) & nlu.zh_bigrams(text)))
    score += min(3, len(nlu.en_words(clause) & nlu.en_words(text)))
    fn = tool.get("function") or {}
    name = fn.get("name", "")
    if name and name.lower() in clause.lower():
        score += 5
    return score


def _is_search_tool(tool: dict[str, Any]) -> bool:
    return "search" in nlu.concepts_in(_tool_text(tool))


def _is_question(text: str) -> bool:
    """Something asking for a fact, as opposed to a greeting or thanks."""
    t = text.strip().lower()
    if re.fullmatch(r"(你好|您好|嗨|谢谢|多谢|好的|再见|hi|hello|hey|thanks|thank you|ok|okay|bye)[!！。.]*", t):
        return False
    return len(t) >= 2


def choose_tools(ctx: nlu.Context, tools: list[dict[str, Any]], tool_choice: Any) -> list[dict[str, Any]]:
    """Pick the tools to call for this question, at most one per clause, in clause order."""
    if not tools or tool_choice == "none":
        return []
    if isinstance(tool_choice, dict):
        wanted = (tool_choice.get("function") or {}).get("name")
        return [t for t in tools if (t.get("function") or {}).get("name") == wanted][:1]
    question = ctx.question
    if ctx.is_follow_up:
        question = " ".join([*ctx.resolved_keywords(), question])
    chosen: list[dict[str, Any]] = []
    for clause in nlu.split_clauses(question):
        scored = sorted(((score_tool(clause, t, ctx), i) for i, t in enumerate(tools)), reverse=True)
        best, idx = scored[0]
        if best >= THRESHOLD and tools[idx] not in chosen:
            chosen.append(tools[idx])
    if not chosen and _is_question(ctx.question):
        # A general search tool is the fallback for any factual question.
        chosen = [t for t in tools if _is_search_tool(t)][:1]
    if not chosen and tool_choice == "required":
        best_i = max(range(len(tools)), key=lambda i: score_tool(ctx.question, tools[i], ctx))
        chosen = [tools[best_i]]
    return chosen


# ---------------------------------------------------------------- filling arguments
def _kind(pname: str, schema: dict[str, Any]) -> str:
    """Classify a parameter by its name and description."""
    name = pname.lower()
    desc = str(schema.get("description", "")).lower()
    typ = schema.get("type")
    if schema.get("enum"):
        return "enum"
    if typ in ("integer", "number"):
        return "number"
    if typ == "boolean":
        return "boolean"
    if "date" in name or "yyyy-mm-dd" in desc or "日期" in desc:
        return "date"
    if name.endswith("id") or "学号" in desc or re.search(r"\bid\b", desc):
        return "id"
    if name in ("city", "location", "place") or "城市" in desc or "city" in desc:
        return "city"
    if name in ("word", "term", "vocab") or "单词" in desc or "english word" in desc:
        return "word"
    if "query" in name or "keyword" in name or name in ("q", "search", "topic") or "关键词" in desc:
        return "query"
    if "intent" in name or "reason" in name or "summary" in name or "意图" in desc:
        return "intent"
    return "text"


def _find_id(pattern: re.Pattern[str] | None, ctx: nlu.Context, clause: str) -> str | None:
    if pattern is None:
        return None
    for text in (clause, ctx.question, *reversed(ctx.history), ctx.system):
        m = pattern.search(text)
        if m:
            return m.group(1).upper()
    return None


def fill_value(pname: str, schema: dict[str, Any], ctx: nlu.Context, clause: str) -> Any:
    """Extract one argument's value from the clause, the question, history or system text.

    Returns ``None`` when the words hold nothing for this parameter.
    """
    kind = _kind(pname, schema)
    desc = str(schema.get("description", ""))
    if kind == "enum":
        for value in schema["enum"]:
            if str(value).lower() in clause.lower():
                return value
        return schema.get("default")
    if kind == "number":
        units = (
            ("天", "日", "day", "days", "条", "个", "results", "result", "items")
            if pname.lower() in ("days", "limit", "max_results", "n", "count", "top_k", "k")
            else ()
        )
        found = nlu.numbers_near(clause, units) if units else []
        if found:
            return found[0] if schema.get("type") == "integer" else float(found[0])
        return None
    if kind == "boolean":
        return None
    if kind == "date":
        dates = nlu.iso_dates(clause) or nlu.iso_dates(ctx.question)
        if dates:
            return dates[0]
        rel = nlu.relative_dates(clause) or nlu.relative_dates(ctx.question)
        if rel:
            return rel[0]  # passed through raw, as real models do
        for text in reversed(ctx.history):
            past = nlu.time_words(text)
            if past:
                return past[-1]
        return None
    if kind == "id":
        return _find_id(nlu.id_pattern_from(desc), ctx, clause)
    if kind == "city":
        cities = nlu.cities_in(clause) or nlu.cities_in(ctx.question)
        if not cities and ctx.is_follow_up:
            for text in reversed(ctx.history):
                cities = nlu.cities_in(text)
                if cities:
                    break
        if cities:
            return cities[0]
        return nlu.unknown_place(clause) or nlu.unknown_place(ctx.question)
    if kind == "word":
        terms = nlu.english_terms(clause) or nlu.english_terms(ctx.question)
        return terms[0] if terms else None
    if kind == "query":
        words = ctx.resolved_keywords() if ctx.is_follow_up else nlu.keywords(clause)
        return " ".join(words) if words else None
    if kind == "intent":
        topic = " ".join(ctx.resolved_keywords()) or ctx.question
        return f"用户想了解：{topic}" if ctx.lang == "zh" else f"The user wants to know about: {topic}"
    return clause.strip() or None


def fill_arguments(
    schema: dict[str, Any], ctx: nlu.Context, clause: str, *, all_required: bool = False
) -> tuple[dict[str, Any], list[str]]:
    """Fill an object schema's properties.

    Args:
        schema: the JSON schema of the arguments (``type: object``).
        ctx: what the model knows.
        clause: the part of the question this call answers.
        all_required: structured output must fill every required field, even with a guess.

    Returns:
        ``(arguments, missing)``: the values found, and required names with no value.
    """
    props = schema.get("properties") if isinstance(schema, dict) else None
    props = props if isinstance(props, dict) else {}
    required_raw = schema.get("required") if isinstance(schema, dict) else None
    required = [r for r in required_raw if isinstance(r, str)] if isinstance(required_raw, list) else []
    args: dict[str, Any] = {}
    missing: list[str] = []
    for pname, pschema in props.items():
        pschema = pschema if isinstance(pschema, dict) else {}
        pschema = _resolve(pschema, schema)
        value = fill_value(pname, pschema, ctx, clause)
        if value is None and all_required and pname in required:
            value = _placeholder(pschema, ctx)
        if value is not None:
            args[pname] = value
        elif pname in required:
            missing.append(pname)
    return args, missing


def _resolve(pschema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    """Follow a local ``$ref`` / single ``anyOf`` so the kind of a parameter can be read."""
    if "$ref" in pschema:
        ref = pschema["$ref"].split("/")[-1]
        target = (root.get("$defs") or root.get("definitions") or {}).get(ref, {})
        return {**target, **{k: v for k, v in pschema.items() if k != "$ref"}}
    if "anyOf" in pschema and "type" not in pschema:
        options = [o for o in pschema["anyOf"] if isinstance(o, dict) and o.get("type") != "null"]
        if len(options) == 1:
            return {**options[0], **{k: v for k, v in pschema.items() if k != "anyOf"}}
    return pschema


def _placeholder(pschema: dict[str, Any], ctx: nlu.Context) -> Any:
    typ = pschema.get("type")
    if "default" in pschema:
        return pschema["default"]
    if typ == "integer":
        return int(pschema.get("minimum", 1))
    if typ == "number":
        return float(pschema.get("minimum", 0))
    if typ == "boolean":
        return False
    if typ == "array":
        return []
    if typ == "object":
        return {}
    return ctx.question


def plan_calls(
    ctx: nlu.Context, chosen: list[dict[str, Any]]
) -> tuple[list[tuple[str, dict[str, Any]]], list[tuple[str, list[str]]]]:
    """Arguments for each chosen tool, and the tools skipped for a missing required value.

    A clause naming several cities for a city tool becomes one call per city (parallel calls).
    """
    clauses = nlu.split_clauses(ctx.question)
    calls: list[tuple[str, dict[str, Any]]] = []
    skipped: list[tuple[str, list[str]]] = []
    for tool in chosen:
        fn = tool.get("function") or {}
        name = fn.get("name", "")
        params = fn.get("parameters") or {"type": "object", "properties": {}}
        clause = max(clauses, key=lambda c: score_tool(c, tool, ctx)) if clauses else ctx.question
        args, missing = fill_arguments(params, ctx, clause)
        if missing:
            skipped.append((name, missing))
            continue
        calls.append((name, args))
        city_params = [
            p for p, s in (params.get("properties") or {}).items() if isinstance(s, dict) and _kind(p, s) == "city"
        ]
        if city_params:
            first = args.get(city_params[0])
            for extra in [c for c in nlu.cities_in(ctx.question) if c != first]:
                calls.append((name, {**args, city_params[0]: extra}))
    return calls, skipped


# ---------------------------------------------------------------- writing answers
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


def find_documents(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Search results placed in the prompt (JSON with ``url`` fields, or ``url`` lines)."""
    docs: list[dict[str, Any]] = []
    for m in messages:
        if m.get("role") not in ("system", "developer", "user"):
            continue
        text = _text_of(m.get("content"))
        for blob in re.findall(r"(\{.*\}|\[.*\])", text, flags=re.S):
            try:
                data = json.loads(blob)
            except ValueError:
                continue
            items = data.get("results") if isinstance(data, dict) else data
            if isinstance(items, list):
                docs.extend(x for x in items if isinstance(x, dict) and x.get("url"))
        if not docs:
            for block in re.split(r"\n\s*\n", text):
                url = re.search(r"https?://\S+", block)
                if url:
                    rest = [ln.strip() for ln in block.splitlines() if ln.strip() and url.group(0) not in ln]
                    title = re.sub(r"^(\[\d+\]|\d+[.、])\s*", "", rest[0]) if rest else url.group(0)
                    title = re.sub(r"^(标题|title)[:：]\s*", "", title, flags=re.I)
                    content = " ".join(re.sub(r"^(内容|content)[:：]\s*", "", r, flags=re.I) for r in rest[1:])
                    docs.append({"title": title, "url": url.group(0).rstrip(").,，。"), "content": content or title})
    return docs


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
    if not _is_question(ctx.question):
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


_ASKS_RESEND = re.compile(r"not valid JSON|send the call again", re.I)


def _retry_broken_calls(
    ctx: nlu.Context, results: list[dict[str, Any]], tools: list[dict[str, Any]], messages: list[dict[str, Any]]
) -> list[tuple[str, dict[str, Any]]]:
    """Self-repair: when a tool reply says the arguments were not valid JSON, call again
    (at most twice in one turn, then give up and say so)."""
    broken = [r["name"] for r in results if _ASKS_RESEND.search(r["content"])]
    if not broken or rounds_since_user(messages) > 2:
        return []
    wanted = [t for t in tools if (t.get("function") or {}).get("name") in broken]
    calls, _ = plan_calls(ctx, wanted)
    return calls


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


# ---------------------------------------------------------------- one turn
def decide(body: dict[str, Any]) -> Decision:
    """Read one request body and decide the assistant's turn."""
    messages: list[dict[str, Any]] = list(body.get("messages") or [])
    tools: list[dict[str, Any]] = list(body.get("tools") or [])
    tool_choice = body.get("tool_choice")
    ctx = read_context(messages)

    response_format = body.get("response_format") or {}
    if response_format.get("type") == "json_schema":
        schema = (response_format.get("json_schema") or {}).get("schema") or {}
        args, _ = fill_arguments(schema, ctx, ctx.question, all_required=True)
        return Decision(json.dumps(args, ensure_ascii=False))
    if response_format.get("type") == "json_object":
        return Decision(json.dumps({"answer": ctx.question}, ensure_ascii=False))

    results = pending_tool_results(messages)
    if results and not isinstance(tool_choice, dict):
        retry = _retry_broken_calls(ctx, results, tools, messages)
        if retry:
            return Decision(None, tuple(retry))
        return Decision(answer_from_tools(ctx, results, tools))

    chosen = choose_tools(ctx, tools, tool_choice)
    calls, skipped = plan_calls(ctx, chosen)
    if isinstance(tool_choice, dict) and chosen and not calls:
        # A forced call must be made even with a value missing (structured output by tool).
        fn = chosen[0].get("function") or {}
        args, _ = fill_arguments(fn.get("parameters") or {}, ctx, ctx.question, all_required=True)
        calls = [(fn.get("name", ""), args)]
    if calls:
        if body.get("parallel_tool_calls") is False:
            calls = calls[:1]
        return Decision(None, tuple(calls))

    filled = fill_template(ctx) if not tools else None
    if filled:
        return Decision(filled)
    docs = find_documents(messages)
    if docs:
        return Decision(answer_from_documents(ctx, docs))
    return Decision(cannot_help(ctx, tools, skipped))
