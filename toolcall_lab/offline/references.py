"""Follow-ups that point back: "第二个人", "the second one", "他", "her schedule", "这位同学".

A learner who asked about S1002 and S1003 and then writes "第二个人 2026-07-29 有课吗？" means
S1003, not the student of the system prompt. The ids of the earlier turns (their calls' id
arguments, in order, and the ids the learner wrote) are what these words point to: an ordinal
picks that one, a pronoun the last one. The words are replaced by the id before the question is
read, and the replacement is a step of the decision record.
"""

from __future__ import annotations

import re
from typing import Any

_ORDINALS = {
    "第一": 1, "第二": 2, "第三": 3, "第四": 4, "前面": 1, "前者": 1,
    "first": 1, "second": 2, "third": 3, "fourth": 4, "last": -1, "最后": -1, "后面": -1, "后者": -1,
    "former": 1, "latter": -1, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4,
}  # fmt: skip
_ORDINAL = re.compile(
    r"(?:排在)?(?:那)?(?P<zh>第一|第二|第三|第四|最后|前面|后面)(?:的)?(?:那)?(?:个|位)(?:人|同学|学生)?|(?P<zh2>前者"
    r"|后者)"
    r"|\b(?:the\s+)?(?P<en>first|second|third|fourth|last|1st|2nd|3rd|4th)\s+(?:one|student|person|kid)(?:'s)?"
    r"|\b(?:the\s+)?(?P<en2>first|second|third|fourth|last|former|latter)(?:\s+one)?"
    r"\s+of\s+(?:those|these|them|the)(?:\s+(?:two|three|four|students|people))?"
    r"|\bthe\s+(?P<en3>former|latter)\b",
    re.I,
)
_PRONOUN = re.compile(
    r"这位同学|这个同学|那位同学|那个同学|这个学生|那个学生|这位|(?<!其)他的|她的|(?<!其)他|她"
    r"|\b(?:his|her|this student's|that student's|this student|that student)\b|\b(?:he|she)\b"
    # "what are their weak points", "what did they score": a student's record asked of "they"
    r"|\btheir\b(?=\s+(?:\w+\s+)?(?:weak|progress|record|scores?|tests?|lessons?|classes|schedule|timetable|class)\b)"
    r"|\bthey(?=\s+(?:score|scored|get|got|doing|do|did|pass|passed|have|had)\b)",
    re.I,
)
_ID = re.compile(r"\b[A-Z]{1,4}\d{2,8}\b")


#: "the first student I asked about", "最开始问的那个": an order across the whole conversation
_ACROSS = re.compile(
    r"\bi (?:first |originally )?asked (?:about|for)\b|\bat the (?:start|beginning)\b|一开始|最开始|最早", re.I
)


def earlier_ids(history: list[str], earlier_calls: list[tuple[str, dict[str, Any]]], question: str = "") -> list[str]:
    """The ids of the conversation so far, in order: the last assistant turn's calls, else the last
    user turn naming ids; every turn's, in order, when the question counts across them ("the first student I
    asked about")."""
    if _ACROSS.search(question):
        return list(dict.fromkeys(i for text in history for i in _ID.findall(text.upper())))
    from_calls = [str(v) for _, args in earlier_calls for v in args.values() if isinstance(v, str) and _ID.fullmatch(v)]
    if len(dict.fromkeys(from_calls)) > 1:
        return list(dict.fromkeys(from_calls))
    for text in reversed(history):
        named = list(dict.fromkeys(_ID.findall(text.upper())))
        if named:
            return named
    return list(dict.fromkeys(from_calls))


def resolve_references(text: str, ids: list[str]) -> tuple[str, list[tuple[str, str]]]:
    """The text with an ordinal or a pronoun for a student replaced by the id it points to.

    >>> resolve_references("第二个人 2026-07-29 有课吗", ["S1002", "S1003"])
    ('S1003 2026-07-29 有课吗', [('第二个人', 'S1003')])
    >>> resolve_references("For the first of those two, any lessons?", ["S1004", "S1002"])[0]
    'For S1004 , any lessons?'
    >>> resolve_references("后面那个同学明天有课吗", ["S1002", "S1003"])[0]
    'S1003 明天有课吗'

    """
    if not ids or _ID.search(text.upper()):
        return text, []
    done: list[tuple[str, str]] = []
    m = _ORDINAL.search(text)
    if m:
        said = next(g for g in m.groups() if g)
        n = _ORDINALS[said.lower()]
        if n == -1 or n <= len(ids):
            value = ids[n - 1] if n > 0 else ids[-1]
            done.append((m.group(0), value))
            return _put(text, m, value), done
        return text, []
    m = _PRONOUN.search(text)
    if m and len(ids) == 1:
        done.append((m.group(0), ids[-1]))
        return _put(text, m, ids[-1]), done
    return text, []


def _put(text: str, m: re.Match[str], value: str) -> str:
    return f"{text[: m.start()]}{value} {text[m.end() :].lstrip()}"


_PLACE_ORDINAL = re.compile(
    r"\b(?:the\s+)?(?P<en>first|second|third|last|1st|2nd|3rd)\s+(?:one|city|place)\b"
    r"|(?P<zh>第一|第二|第三|最后|前面|后面)(?:的)?(?:那)?个(?:城市|地方)",
    re.I,
)
_PLACE_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "last": -1,
                   "第一": 1, "第二": 2, "第三": 3, "最后": -1, "前面": 1, "后面": -1}  # fmt: skip


def resolve_places(text: str, history: list[str]) -> tuple[str, list[tuple[str, str]]]:
    """The text with "the second one" / "the first city" / "第二个城市" replaced by the city the conversation
    named in that place, when it named several and the text names none.

    >>> resolve_places("ok the second one, what about the next 3 days there", ["tokyo and seoul right now pls"])
    ('ok Seoul , what about the next 3 days there', [('the second one', 'Seoul')])
    """
    from toolcall_lab.offline import nlu  # the city names live above this module's words

    m = _PLACE_ORDINAL.search(text)
    if m is None or nlu.cities_in(text):
        return text, []
    named = list(dict.fromkeys(c for said in history for c in nlu.cities_in(said)))
    n = _PLACE_ORDINALS[(m.group("en") or m.group("zh")).lower()]
    if len(named) < 2 or n > len(named):
        return text, []
    city = named[n - 1] if n > 0 else named[-1]
    return _put(text, m, city), [(m.group(0), city)]
