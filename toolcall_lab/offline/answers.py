"""Writing answers: from tool results, from documents in the prompt, or an honest refusal.

Answers quote what the tools or documents said; when a call failed, the answer says so and
asks for what is missing instead of guessing.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline import nlu, terms
from toolcall_lab.offline.asking import is_task
from toolcall_lab.offline.clarify import ask_back, which_one
from toolcall_lab.offline.clauses import split_clauses
from toolcall_lab.offline.clock_spans import all_free, lesson_lengths
from toolcall_lab.offline.comparing import compare_results, lessons_left, test_scores
from toolcall_lab.offline.dates import find_dates
from toolcall_lab.offline.gloss import in_learners_language
from toolcall_lab.offline.ids import misshapen_ids, shape_from
from toolcall_lab.offline.impossible_dates import impossible_in, say_impossible
from toolcall_lab.offline.kinds import kinds_of
from toolcall_lab.offline.lexicon import CITIES, EN_STOP, MORE_CITIES
from toolcall_lab.offline.negation import drop_negated
from toolcall_lab.offline.phrasing import describe_plain, describe_record, is_record
from toolcall_lab.offline.scanning import json_blobs, loads
from toolcall_lab.offline.separate import results_by_query
from toolcall_lab.offline.system_dates import today_in
from toolcall_lab.offline.untrusted import as_data, facts_only
from toolcall_lab.offline.vocabulary import english_meanings, without_chinese_meaning
from toolcall_lab.offline.word_facts import parts_of_speech, syllabus_verdict, wanted

_PROBLEM = re.compile(
    r"(格式不对|不是一个真实|没有拿到|请先|不存在|无法|出错|失败|重复调用|Error|error:|invalid|not a valid|"
    r"must be|failed|Traceback|unknown tool|does not exist|不认识|没有找到|找不到|not found)",
    re.I,
)


def looks_like_problem(text: str) -> bool:
    """Does a tool result say the call itself was wrong (rather than give data)?

    A JSON object or list is data, unless it is an ``{"error": …}`` object.
    """
    data = loads(text)
    if isinstance(data, list) or (isinstance(data, dict) and "error" not in data):
        return False
    return bool(_PROBLEM.search(text))


def _clause_of(r: dict[str, Any], question: str) -> str:
    """The clause of the question a result answers ("…London tomorrow?" for London's forecast)."""
    clauses = split_clauses(question)
    if len(clauses) < 2:
        return question
    wanted = {str(v).lower() for v in r["args"].values()}
    for clause in clauses:
        named = {c.lower() for c in nlu.cities_in(clause)} | {w.lower() for w in terms.english_terms(clause)}
        if wanted & named:
            return clause
    return question


def _render_result(content: str, ctx: nlu.Context, question: str | None = None) -> tuple[str, bool]:
    """One good tool result in words: ``(text, quoted)``; ``quoted`` when it is the tool's own text."""
    data = loads(content)
    if is_record(data):
        asked = question or ctx.question
        if ctx.is_follow_up and ctx.history:  # "no sorry, I meant the day after": the rain asked before
            asked = f"{ctx.history[-1]}\n{asked}"
        return describe_record(data, asked, ctx.lang, today_in(ctx.system), whole=ctx.question), False
    if isinstance(data, dict) and data:
        described = describe_plain(data, ctx.lang)
        if described:
            return described, False
    if isinstance(data, (int, float, str)) and not isinstance(data, bool):
        return Text(f"结果是 {data}。", f"The result is {data}.")(ctx.lang), False
    return content.strip()[:800], True


def answer_from_tools(ctx: nlu.Context, results: list[dict[str, Any]], tools: list[dict[str, Any]]) -> str:
    """Write the final answer from tool results, in the question's language; honest when a call failed.

    A JSON result is put into sentences (the days asked for, from the forecast it holds); a
    text result is quoted as the tool wrote it; search results are cited with their sources.
    """
    good = [r for r in results if not looks_like_problem(r["content"])]
    bad = [r for r in results if looks_like_problem(r["content"])]
    lines: list[str] = []
    search_sources: list[dict[str, Any]] = []
    described: list[str] = []
    quoted: list[str] = []
    searched = False
    glossed = False
    compared: list[dict[str, Any]] = []
    for r in good:
        data = loads(r["content"])
        compared.append({**r, "data": data})
        if isinstance(data, dict) and isinstance(data.get("results"), list):
            searched = True
            search_sources.extend(x for x in data["results"] if isinstance(x, dict))
            continue
        content, _ = as_data(r["content"], ctx.lang)
        text, verbatim = _render_result(content, ctx, _clause_of(r, ctx.question))
        if verbatim:
            text = without_chinese_meaning(text, ctx.question)  # "in English please", "don't translate it"
            text, was_glossed = in_learners_language(text, ctx.lang, english_only=True)
            glossed = glossed or was_glossed
            # say which call a quoted result answers when its text does not (two cities, one tool)
            label = " ".join(str(v) for v in r["args"].values() if str(v) not in text)
            text = f"{label}{Text('：', ': ')(ctx.lang)}{text}" if label else text
        (quoted if verbatim else described).append(text)
    syllabus, answered = syllabus_verdict(good, wanted(ctx.question), ctx.lang)
    if answered and not described:
        quoted = []  # "is X a kaoyan word?": yes or no, with its level, is the whole answer
    if quoted:
        head = Text("根据工具返回的结果：", "Here is what the tools returned:")(ctx.lang)
        if glossed:
            head = "Here is what the tools returned (they answer in Chinese; the labels are translated):"
        lines.append(head + "\n" + "\n\n".join(quoted))
    lines += described
    verdict = compare_results(compared, ctx.question, ctx.lang)
    if verdict:
        lines.append(verdict)
    leads = [
        lessons_left(good, ctx.question, ctx.lang)
        or test_scores(good, ctx.question, ctx.lang)
        or lesson_lengths(good, ctx.question, ctx.lang)
        or all_free(good, ctx.lang),
        syllabus,
        parts_of_speech(good, ctx.question, ctx.lang),
        english_meanings(good, wanted(ctx.question), ctx.lang),
    ]
    if any(leads):
        lines.insert(0, "\n".join(lead for lead in leads if lead))  # the answer first, the result it is from after
    apart = results_by_query(compared)  # "分别搜一下 A 和 B": each search answered on its own
    if apart:
        for query, docs in apart:
            heading = Text(f"关于「{query}」：", f'On "{query}":')(ctx.lang)
            own = dataclasses.replace(ctx, question=query, history=[])
            lines.append(f"{heading}\n{answer_from_documents(own, docs)}")
    elif search_sources:
        lines.append(answer_from_documents(ctx, search_sources))
    elif searched:
        topic = " ".join(ctx.resolved_keywords()) or ctx.question
        lines.append(
            Text(f"搜索没有找到关于「{topic}」的资料。", f'The search found nothing about "{topic}".')(ctx.lang)
        )
    for r in bad:  # two calls failing alike ("Saturday" for two students) are explained once
        explained = _explain_problem(r, ctx, tools)
        if explained not in lines:
            lines.append(explained)
    return "\n\n".join(lines)


def _explain_problem(r: dict[str, Any], ctx: nlu.Context, tools: list[dict[str, Any]]) -> str:
    impossible = impossible_in(r)
    if impossible:  # "2026-09-31", "the 31st of june": say the date does not exist, not the tool's refusal
        return say_impossible(impossible, ctx.lang)
    tool = next((t for t in tools if (t.get("function") or {}).get("name") == r["name"]), {})
    dated = [v for k, v in r["args"].items() if isinstance(v, str) and kinds_of(tool).get(k, "date") == "date"]
    relative = [v for v in dated if nlu.relative_dates(v) and not nlu.iso_dates(v)]
    unread = [v for v in dated if find_dates(v) and not nlu.iso_dates(v)]
    example = _example_date(r["name"], tools)
    if relative or unread:
        said = (relative or unread)[0]
        return Text(
            f"我没法确定「{said}」具体是哪一天，{r['name']} 需要 YYYY-MM-DD 格式的日期。"
            f"请告诉我具体日期（例如 {example}），我再帮你查。",
            f'I cannot tell which date "{said}" is, and {r["name"]} needs a date in '
            f"YYYY-MM-DD form. Please tell me the exact date (for example {example}) and I will look again.",
        )(ctx.lang)
    said_text, _ = as_data(r["content"].strip()[:300], ctx.lang)
    said_text, _ = facts_only(said_text)  # its advice to the model is acted on, not pasted
    said_text, _ = in_learners_language(said_text, ctx.lang)
    return Text(
        f"工具 {r['name']} 没有给出可用的结果，它说：「{said_text}」我不凭印象补答案，请核对后再问我。",
        f'Sorry, the tool {r["name"]} gave no usable result. It said: "{said_text}" '
        "I will not guess an answer; please check what you gave and ask again.",
    )(ctx.lang)


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
    asked = drop_negated(ctx.question)[0]  # "don't search for ToolNode; search add_messages": not ToolNode's
    ctx = dataclasses.replace(ctx, question=asked) if asked.strip() else ctx
    query = " ".join(ctx.resolved_keywords()) or ctx.question
    q_words = nlu.zh_bigrams(query) | nlu.en_words(query) | {w.lower() for w in nlu.keywords(query)}

    def relevance(doc: dict[str, Any]) -> int:
        text = f"{doc.get('title', '')} {doc.get('content', '')}"
        grams = nlu.zh_bigrams(text) | nlu.en_words(text) | {w.lower() for w in nlu.keywords(text)}
        return len(q_words & grams)

    ranked = sorted(enumerate(docs), key=lambda p: (-relevance(p[1]), p[0]))[:2]
    if not ranked:
        return Text("搜索没有找到相关资料。", "The search found nothing relevant.")(ctx.lang)
    names = _names_in(ctx.question)
    # what the question is about, past its place and its praise: "good ramen in tokyo" is about ramen
    topical = (nlu.en_words(query) - {n.lower() for n in names} - _PRAISE) | set(nlu.zh_bigrams(query))
    unrelated = names and not any(n.lower() in _doc_text(d).lower() for _, d in ranked for n in names)
    if unrelated or (
        topical and not any(topical & (nlu.zh_bigrams(_doc_text(d)) | nlu.en_words(_doc_text(d))) for _, d in ranked)
    ):
        return Text(
            f"搜索没有找到和「{query}」相关的资料（找到的几条都在讲别的），我不拿无关的结果来回答。",
            f'The search found nothing relevant to "{query}" (its hits are about other things), '
            "so I will not answer from them.",
        )(ctx.lang)
    lines = [Text("根据搜索结果：", "From the search results:")(ctx.lang)]
    for n, (_, doc) in enumerate(ranked, start=1):
        content, _ = as_data(str(doc.get("content", "")).strip()[:400], ctx.lang)
        lines.append(f"{content} [{n}]")
    lines.append(Text("来源：", "Sources:")(ctx.lang))
    for n, (_, doc) in enumerate(ranked, start=1):
        lines.append(f"[{n}] {doc.get('title', '')} — {doc.get('url', '')}")
    return "\n".join(lines)


#: Words that rank what is asked about without saying what it is: a hit's "a good day" is not "good ramen".
_PRAISE = frozenset(
    [
        "good",
        "best",
        "top",
        "cheap",
        "cheapest",
        "nice",
        "great",
        "popular",
        "recommended",
        "famous",
        "places",
        "place",
        "spots",
    ]
)


def _names_in(question: str) -> list[str]:
    """The names a search question is about (cities, capitalised words after the first): a hit that
    names none of them is not about the question."""
    words = re.findall(r"(?<=\s)[A-Z][A-Za-z]{2,}", question)
    cities = list(nlu.cities_in(question))
    zh_cities = [zh for zh, en in (*CITIES.items(), *MORE_CITIES.items()) if en in cities and zh in question]
    return [*cities, *zh_cities, *(w for w in words if w.lower() not in EN_STOP and w not in cities)]


def _doc_text(doc: dict[str, Any]) -> str:
    return f"{doc.get('title', '')} {doc.get('content', '')}"


def cannot_help(ctx: nlu.Context, tools: list[dict[str, Any]], skipped: list[tuple[str, list[str]]]) -> str:
    """Say plainly, and politely, that the model cannot answer, and why."""
    if skipped:
        name, missing = skipped[0]
        misshapen = _misshapen_id(ctx.question, name, missing, tools)
        if misshapen:
            return misshapen
        need = Text("、", ", ").join(missing)(ctx.lang)
        which = which_one(name, missing, tools, ctx.lang)
        return which + Text(
            f"要用 {name} 回答这个问题，我还缺少：{need}。请补充后再问我。",
            f" To answer with {name} I still need: {need}. Please provide it and ask again."
            if which
            else f"To answer with {name} I still need: {need}. Please provide it and ask again.",
        )(ctx.lang)
    names = ", ".join(str((t.get("function") or {}).get("name", "")) for t in tools)
    if tools and is_task(ctx.question):
        return Text(
            f"抱歉，这件事我做不了：我可用的工具（{names}）都不做这个，我也不凭空编内容。",
            f"Sorry, I can't do that: none of my tools ({names}) does it, and I will not make content up.",
        )(ctx.lang)
    asked_back = ask_back(ctx.question, tools, ctx.lang)  # "那后天呢？" with nothing before it: ask what about it
    if asked_back:
        return asked_back
    if tools:
        return Text(
            f"抱歉，我是内置教学模型，这个问题和我可用的工具（{names}）都对不上：没有能查这个的工具，我没法查，也不凭空编答案。",
            f"Sorry, I am the built-in teaching model and none of my tools ({names}) fits this question, "
            "so I cannot look it up, and I will not make an answer up.",
        )(ctx.lang)
    return Text(
        "抱歉，我是内置教学模型，没有工具也没有资料可查，这个问题我答不了，也不会凭空编。",
        "Sorry, I am the built-in teaching model. With no tools and no documents I cannot answer this, "
        "and I will not make an answer up.",
    )(ctx.lang)


def _misshapen_id(question: str, name: str, missing: list[str], tools: list[dict[str, Any]]) -> str | None:
    """ "S12 is not an id": the learner wrote an id in a shape the parameter's description rules out."""
    for tool in tools:
        fn = tool.get("function") or {}
        if fn.get("name") != name:
            continue
        props = (fn.get("parameters") or {}).get("properties") or {}
        for pname in missing:
            description = str((props.get(pname) or {}).get("description", ""))
            # "not S1001 - my id is S100": the id the learner corrected away is not the one they mean
            typed, shape = misshapen_ids(drop_negated(question)[0], description), shape_from(description)
            if typed and shape:
                noun = f"学号（{pname}）" if "学号" in description else pname
                example = f"{shape.letters.upper()}{'1' + '0' * (shape.digits - 2) + '1' if shape.digits > 1 else '1'}"
                return Text(
                    f"「{typed[0]}」不是一个完整的{noun}：它应当是 {shape.letters.upper()} 加 {shape.digits} 位数字"
                    f"（例如 {example}）。请给出完整的编号，我再帮你查。",
                    f'"{typed[0]}" is not a valid {pname}: it should be {shape.letters.upper()} followed by '
                    f"{shape.digits} digits (for example {example}). Please give the full id and I will look it up.",
                )(nlu.learner_language(question))
    return None


def refuse(ctx: nlu.Context, why: str, detail: str) -> str:
    """A respectful refusal that says which rule of the system prompt stops the model.

    Args:
        ctx: what the model knows (the answer's language).
        why: ``id`` (another student's data), ``tool`` (a forbidden tool) or ``topic``.
        detail: the id, tool name or the system prompt's own words.
    """
    if why == "id":
        return Text(
            f"抱歉，按照设定我只能查询指定学生的信息，不能查询 {detail} 的数据。如果你就是这位同学，请联系老师处理。",
            f"Sorry, I can only look up the student I am set up for, so I can't look up {detail}. "
            "If that is you, please ask your teacher.",
        )(ctx.lang)
    if why == "tool":
        return Text(
            f"抱歉，按照设定我不能使用 {detail}，这个问题我没法查，也不会凭空编答案。",
            f"Sorry, I am not allowed to use {detail}, so I can't look this up, and I will not make an answer up.",
        )(ctx.lang)
    return Text(
        f"抱歉，按照设定我只回答这类问题：「{detail}」。这个问题超出了范围。",
        f'Sorry, I only answer what I am set up for ("{detail}"); this question is outside that.',
    )(ctx.lang)


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
            value = Text(f"用户想了解{topic}的相关信息", f"The user wants to know about {topic}")(ctx.lang)
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
    for blob in json_blobs(text):
        data = loads(blob)
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
