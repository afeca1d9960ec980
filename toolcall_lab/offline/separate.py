"""Separate searches: "two separate searches please: langgraph store, and time travel", "分别搜一下 A 和 B".

A search tool takes one query, and the planner makes one search of a question's words. When the learner
asks for the topics to be searched *each on its own* (separately, one by one, 分别, 各搜一下, "two searches"),
the one planned search becomes one search per topic listed, each with that topic's words only.
"""

from __future__ import annotations

import re
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline import nlu
from toolcall_lab.offline.arguments import Planned
from toolcall_lab.offline.choosing import ToolInfo, is_search_tool
from toolcall_lab.offline.record import StepRecord

_COUNTED = r"(?:two|three|four|2|3|4|separate|different|individual)"
#: Words asking for one search per topic.
_SEPARATELY = re.compile(
    rf"\b(?:{_COUNTED}\s+)+(?:web\s+)?(?:searches|lookups|look-ups|queries)\b"
    r"|\bseparate(?:ly)?\b|\bindividually\b|\bone (?:at a time|by one|after the other)\b|\beach (?:on its own|one)\b"
    r"|\bsearch (?:for )?each\b|\bsearch (?:them|those|these) (?:both|all)\b"
    r"|分别|各自|各搜|分开搜|分开查|单独搜|一个一个|逐个|挨个|搜两次|搜三次|分两次|分三次|两次搜索|两个搜索",
    re.I,
)
#: What comes before the topics: the request itself ("search for", "帮我分别搜一下", "please do … on").
_LEAD = re.compile(
    r"^.*?(?:[:：]|\b(?:search(?:es)?|look(?:ups?)? up|google|queries|lookups)\b(?:\s+(?:please|pls|for|on|about))*"
    r"|(?:搜索|搜一下|搜搜|搜|查一下|查查|查)(?:一下)?)\s*",
    re.I,
)
_ITEMS = re.compile(r"\s*(?:[,，、;；/&]|\band\b|\bthen\b|和|与|跟|以及|还有|及)\s*", re.I)
#: Words around the topics that are part of the request, not of a topic.
_NOT_TOPIC = re.compile(
    rf"\b(?:{_COUNTED}\s+)+(?:web\s+)?(?:searches|lookups|look-ups|queries)\b|\bseparate(?:ly)?\b|\bindividually\b"
    r"|\bone (?:at a time|by one|after the other)\b|\beach (?:on its own|one)\b|\b(?:please|pls|for me|thanks)\b"
    r"|\b(?:one|another|the other|the second|a second)\s+(?:for|on|about)\b"
    r"|分别|各自|分开|单独|一个一个|逐个|挨个|(?:分)?[两三]次|(?:各|帮我|请|麻烦)?(?:搜索|搜一下|搜搜|搜|查一下|查查|查)(?:一下)?",
    re.I,
)


def separate_topics(text: str) -> list[str]:
    """The topics of a message that asks for them to be searched separately; ``[]`` when it does not,
    or names fewer than two.

    >>> separate_topics("two separate searches please: langgraph store, and time travel")
    ['langgraph store', 'time travel']
    >>> separate_topics("分别搜一下 ToolNode 和 add_messages")
    ['ToolNode', 'add_messages']
    >>> separate_topics("search ToolNode and add_messages")
    []
    """
    if not _SEPARATELY.search(text):
        return []
    lead = _LEAD.match(text)
    body = text[lead.end() :] if lead else text
    topics = []
    for piece in _ITEMS.split(_NOT_TOPIC.sub(" ", body)):
        words = nlu.keywords(piece.strip(" ，,。.!！?？:："))
        if words:
            topics.append(" ".join(words))
    topics = list(dict.fromkeys(topics))
    return topics if len(topics) >= 2 else []


def split_searches(
    calls: list[Planned], infos: tuple[ToolInfo, ...], text: str
) -> tuple[list[Planned], list[StepRecord]]:
    """One planned search becomes one search per topic when the message asks for separate searches;
    other calls are kept as they are. Returns the calls and the step that explains the split."""
    searches = {i.name: i for i in infos if is_search_tool(i)}
    planned = [c for c in calls if c.name in searches]
    topics = separate_topics(text) if len(planned) == 1 else []
    if not topics:
        return calls, []
    one = planned[0]
    info = searches[one.name]
    param = next((p for p, k in info.kinds.items() if k == "query" and p in one.args), None)
    if param is None:
        return calls, []
    out: list[Planned] = []
    for call in calls:
        if call is not one:
            out.append(call)
            continue
        out += [Planned(one.name, {**one.args, param: t}, dict(one.sources), list(one.missing)) for t in topics]
    said = Text("、", ", ").join(topics)
    step = StepRecord.of(
        "split",
        text.strip()[:80],
        " | ".join(topics),
        Text(
            f"学生要分开搜索：{one.name} 每个话题各调用一次（{said.zh}）。",
            f"The learner asked for separate searches: one {one.name} call per topic ({said.en}).",
        ),
    )
    return out, [step]


def results_by_query(results: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """The hits of each search of a turn, by its query, when the turn made searches with two queries or
    more (each is answered on its own); ``[]`` for one search.

    >>> hit = lambda q, title: {"args": {"query": q}, "data": {"results": [{"title": title}]}}
    >>> [q for q, _ in results_by_query([hit("ToolNode", "a"), hit("add_messages", "b")])]
    ['ToolNode', 'add_messages']
    """
    found: dict[str, list[dict[str, Any]]] = {}
    for r in results:
        data = r.get("data")
        queries = [v for v in r.get("args", {}).values() if isinstance(v, str)]
        if isinstance(data, dict) and isinstance(data.get("results"), list) and len(queries) == 1:
            found.setdefault(queries[0], []).extend(x for x in data["results"] if isinstance(x, dict))
    return list(found.items()) if len(found) > 1 else []
