"""Calls that another call of the turn already answers: a repeat, or a forecast for fewer days of one place."""

from __future__ import annotations

import json
import re

from toolcall_lab.offline.arguments import Planned
from toolcall_lab.offline.choosing import ToolInfo
from toolcall_lab.offline.kinds import function_of, properties


def without_covered(calls: list[Planned], infos: tuple[ToolInfo, ...]) -> list[Planned]:
    """A forecast asked twice for one place keeps the call for more days, which answers both clauses:
    "杭州未来十天的天气，顺便说说哪天最热" is one call with days=7, not a second one for today alone."""
    days_of = {i.name: next((p for p, k in i.kinds.items() if k == "days"), None) for i in infos}
    schemas = {i.name: properties(function_of(i.tool).get("parameters")) for i in infos}

    def span(call: Planned) -> tuple[str, int]:
        param = days_of.get(call.name)
        others = {k: v for k, v in call.args.items() if k != param}
        key = call.name + json.dumps(others, sort_keys=True, ensure_ascii=False, default=str)
        days = call.args.get(param, schemas[call.name].get(param, {}).get("default", 1)) if param else 1
        if isinstance(days, bool) or not isinstance(days, (int, float)):
            return f"{key}#{id(call)}", 0  # a days value that is not a number stays a call of its own
        return key, int(days)

    widest: dict[str, int] = {}
    for call in calls:
        key, days = span(call)
        widest[key] = max(days, widest.get(key, 0))
    kept, seen = [], set()
    for call in calls:
        key, days = span(call)
        if days_of.get(call.name) is None or (days == widest[key] and key not in seen):
            kept.append(call)
            seen.add(key)
    return kept


def dedupe(calls: list[Planned]) -> list[Planned]:
    """The calls without repeats (the same tool with the same arguments), in their order."""
    seen: set[str] = set()
    out = []
    for call in calls:
        key = call.name + json.dumps(call.args, sort_keys=True, ensure_ascii=False, default=str)
        if key not in seen:
            seen.add(key)
            out.append(call)
    return out


#: A search for nothing but "the docs" ("帮我搜搜文档" after "ToolNode 是干什么用的？"): the other search's pages.
_GENERIC_QUERY = re.compile(
    r"^\W*(?:记得|请|麻烦|also|and|please)?\s*(?:附上|带上|给出|加上|include|add|with)?\s*(?:the\s+)?(?:相关)?"
    r"(?:文档|资料|官方文档|链接|来源|出处|docs?|documentation|links?|sources?)\W*$"
    r"|^\W*(?:use|search|check|look|try)?\s*(?:it\s+|the\s+)?(?:web|internet|online|google|网上|上网)\W*$",
    re.I,
)


def without_generic_searches(calls: list[Planned], infos: tuple[ToolInfo, ...]) -> list[Planned]:
    """The calls without a search whose query only says "docs" when another search of the turn names a topic."""
    query_of = {i.name: next((p for p, k in i.kinds.items() if k == "query"), None) for i in infos}

    def generic(call: Planned) -> bool:
        param = query_of.get(call.name)
        return param is not None and bool(_GENERIC_QUERY.match(str(call.args.get(param, ""))))

    named = [c for c in calls if query_of.get(c.name) and not generic(c)]

    def words(call: Planned) -> set[str]:
        said = str(call.args.get(query_of.get(call.name) or "", "")).lower()
        return set(re.findall(r"[a-z]{3,}|[\u4e00-\u9fff]+", said)) - _DETAIL_WORDS

    def within_another(call: Planned) -> bool:
        # "search whether it's supposed to rain in Tokyo tomorrow, and tell me the chance of rain": the second
        # query ("chance rain") asks a detail of the first's pages, not a search of its own
        mine = words(call)
        return bool(mine) and any(o is not call and mine < words(o) for o in named)

    return [c for c in calls if not (generic(c) and named) and not (c in named and within_another(c))]


#: Words that ask a detail of what a search finds, not a topic to search for.
_DETAIL_WORDS = frozenset({"chance", "chances", "probability", "likelihood", "details", "detail", "info", "more"})
