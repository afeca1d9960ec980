"""Choosing tools: which of the offered tools fit the question, scored by their own words.

A tool is scored against each clause of the question by the concepts, Chinese bigrams and
English words it shares with its name, description and parameter descriptions.
"""

from __future__ import annotations

import re
from typing import Any

from toolcall_lab.offline import nlu

# A tool must score at least this much against a clause to be called.
THRESHOLD = 3


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


def is_question(text: str) -> bool:
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
    if not chosen and is_question(ctx.question):
        # A general search tool is the fallback for any factual question.
        chosen = [t for t in tools if _is_search_tool(t)][:1]
    if not chosen and tool_choice == "required":
        best_i = max(range(len(tools)), key=lambda i: score_tool(ctx.question, tools[i], ctx))
        chosen = [tools[best_i]]
    return chosen
