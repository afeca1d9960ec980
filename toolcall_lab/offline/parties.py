"""Whose record a question asks about: the learner themself, other students, or both.

A tutor's system prompt names the student it talks to ("当前和你对话的学生学号是 S1001"). A learner
says "my progress", "我和 S1003 的进度谁快", "do S1004 and i both have class", "progress of S1001
S1002 S1003": the ids a call takes are then the prompt's (for "my", "me", "我"), the ones written, or
both. A learner who states their own id ("I'm S1003", "我学号是1002") is that id, never the prompt's.
The functions take the prompt's id as found (``own``); the planner looks it up.
"""

from __future__ import annotations

import re
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline.ids import find_ids, spelled_digits
from toolcall_lab.offline.kinds import function_of, param_kind, properties

SELF = re.compile(
    # not "my younger sister", "my roommate": someone else, named by how they stand to the learner
    r"\b(?:my|mine|myself|for me)\b(?!\s+(?:(?:younger|older|little|big|best|twin)\s+)?(?:sister|brother|friend"
    r"|roommate|room-mate|classmate|cousin|mum|mom|mother|dad|father|son|daughter|kid|child|partner|wife|husband|sis|bro)s?\b)"
    r"|我的(?!(?:室友|同学|朋友|妹妹|姐姐|弟弟|哥哥|表妹|表弟|孩子|女儿|儿子))|我自己|俺的",
    re.I,
)
#: "我学号是1002，查下我的学习记录", "I'm S1003": the learner's own id is the one written, not the prompt's.
OWN_ID_STATED = re.compile(
    r"(?:\bmy|我的?)\s*(?:student\s*)?(?:id|number|no\.?|学号)|\bi'?m\s+[A-Za-z]?[\s\-_]?\d"
    r"|\bi(?:'m| am)\s+(?:the\s+)?(?:student|stu|learner)\s*(?:id|number|no\.?|#)?\s*[A-Za-z]?[\s\-_#]?\d"
    r"|\bmine(?:'s| is)\s+[A-Za-z]?[\s\-_]?\d|\bi am\s+[A-Za-z]?[\s\-_]?\d|我是\s*[A-Za-z]?[\s\-_]?\d"
    r"|\b(?:[A-Za-z]{1,4}[\s\-_#]?)?\d{3,8}\s+(?:here|speaking|is me|is mine)\b|\bthis is [A-Za-z]?\d{3,8}\b"
    r"|\bme,\s*[A-Za-z]?\d{3,8}\s*[.!?]*\s*$"  # "…but hit me, S1003": the learner signs with their id
    r"|^\W*\(\s*[A-Za-z]{0,4}[\s\-_]?\d{3,8}\s*\)"  # "(S-1002) Hi, what did I score": a signature first
    # "S-1-0-0-4, can you pull up my progress": an id first, then a clause about "my" something and no other id
    r"|^\W*[A-Za-z]{0,4}[\s\-_#]?\d{3,8}\s*[,，:：](?!\s*(?:and\b|plus\b|&|\+|还有|和|跟))\s*(?=[^\d]*?(?:\bmy\b|我的))(?!.*\d{3})"
    # "what's on my record? id S2001", "学号S1003，我明天有课吗": an id said on its own, as a clause, is the learner's
    r"|(?:^|[,.;?!，。？！]\s*)(?:(?:student|stu|learner|pupil)\s+)?(?:id|number|no\.?|学号)\s*[:#：]?\s*[A-Za-z]?[\s\-_]?\d{3,}\s*"
    r"(?:$|[,.;?!，。？！])",
    re.I,
)


#: "我是 S1001 的同桌，我的学号刚好比她大一号": the learner's id worked out from another's
_ID_NEXT_TO = re.compile(
    r"(?P<id>[A-Za-z]{1,4})(?P<digits>\d{3,8})[^。！？!?]{0,30}?比(?:她|他|ta|它)?的?(?P<dir>大|小)(?P<n>一|1|两|2|三|3)号"
)


def id_worked_out(text: str) -> str | None:
    """The learner's own id when they give it as one more or less than another's, else ``None``.

    >>> id_worked_out("我是 S1001 的同桌，我的学号刚好比她大一号。"), id_worked_out("S1001 的进度")
    ('S1002', None)
    """
    m = _ID_NEXT_TO.search(text)
    if m is None:
        return None
    step = {"一": 1, "1": 1, "两": 2, "2": 2, "三": 3, "3": 3}[m.group("n")] * (1 if m.group("dir") == "大" else -1)
    number = int(m.group("digits")) + step
    return f"{m.group('id')}{number:0{len(m.group('digits'))}d}" if number > 0 else None


def own_id_stated(text: str) -> bool:
    """Does the text say which id is the learner's own ("I'm S1002", "Student number one-zero-zero-three here")?

    >>> own_id_stated("Student number one-zero-zero-three here."), own_id_stated("progress of S1003")
    (True, False)
    """
    return bool(OWN_ID_STATED.search(spelled_digits(text)))


#: The learner as one party beside another: "me and S1003", "S1004 and i", "我跟S1002", "咱俩".
WITH_ME = re.compile(
    r"(?<!for )(?<!to )\b(?:me|myself|mine)\s*(?:,|and\b|n\b|\+|&|or\b)"
    r"|(?:\band|\bn|\+|&|,)\s*(?:me|myself|mine)\b(?!['’])|(?:\band|\bn|\+|&)\s*i\b(?!['’])"
    r"|,\s*i\b(?!['’])(?!\s+(?:hope|think|guess|wonder|was|just|really|know|mean)\b)"  # not "Hello, I hope …"
    r"|\b(?:both of us|each of us|the two of us|us both|we both|than me|than i)\b|比我|我比"
    # "S1003 vs mine", "S1002's record as well as mine", "my progress vs S1004's", "S1002 和我的比"
    r"|\b(?:vs\.?|versus|against|compared (?:to|with)|plus|as well as)\s+(?:me|mine|myself|my own|my)\b"
    r"|\bmy\b[^.?!]{0,30}\b(?:vs\.?|versus|against|compared (?:to|with)|with|next to|beside)\s+[A-Za-z]?\d"
    r"|\b(?:ahead of|behind)\b[^.?!]*\bam i\b"  # "how many lessons ahead of S1002 am i"
    r"|[我俺](?:和|跟|与|同)|(?:和|跟|与|同)[我俺](?!们)|咱俩|我俩|咱们俩|我们俩",
    re.I,
)


#: What may stand around ids in a clause that only lists students ("S1002", "S1002 跟 S1003", "check S1002 plus").
_ID = re.compile(r"(?<![A-Za-z])[A-Za-z]{1,4}[\s\-]?\d{3,8}(?!\d)")
_ID_GLUE = re.compile(
    r"^(?:\s|[,，、&+/]|\b(?:and|plus|also|check|show|see|look at)\b|和|跟|与|及|还有|以及|也|同学|学生|学号"
    r"|(?:请|麻烦)?(?:帮我|给我)?(?:看看|看一下|查查|查一下|查下|瞅瞅))*$",
    re.I,
)


def only_ids(text: str) -> bool:
    """Is ``text`` nothing but student ids and glue ("S1002", "学号 1002 跟 S1003")? Such a clause is the items
    of the ask that follows it: "S1002 还有 S1004 的进度" asks the progress of both.

    >>> only_ids("S1002"), only_ids("S1002 跟 S1003"), only_ids("S1002 的进度")
    (True, True, False)
    """
    return bool(_ID.search(text)) and bool(_ID_GLUE.match(_ID.sub(" ", text)))


def ids_of(segment: str, description: str) -> list[Any]:
    """Every id written in one item of a list, normalised (none: ``[]``).

    >>> ids_of("progress of S1001 S1002", "学号，例如 S1001")
    ['S1001', 'S1002']
    """
    return [normalised for _, normalised in find_ids(segment, description)]


def is_own(part: str, question: str) -> bool:
    """A part of the question about the learner themself ("my progress") in a question that does not state
    the learner's own id: their id is the system prompt's, not another one the question names.

    >>> is_own("我的进度", "我的进度 还有 S1003 的进度"), is_own("my progress", "I'm S1003, my progress")
    (True, False)
    """
    return part.strip() != question.strip() and bool(SELF.search(part)) and not own_id_stated(question)


def ids_asked(
    values: list[Any], segments: list[str] | tuple[str, ...], text: str, question: str, own: Any, description: str
) -> list[Any]:
    """The ids one ask is about, from one value per list item (``None``: the item names none).

    "weak points for me and for S1002": the item about the learner is the prompt's id; "progress of S1001
    S1002 S1003": ids side by side in one item are each one; "我和 S1003 的进度谁快": the learner's id first.

    >>> parts = ["我", "S1003 的进度"]
    >>> ids_asked([None, "S1003"], parts, "我，S1003 的进度", "我和 S1003 的进度谁快", "S1001", "例如 S1001")
    ['S1001', 'S1003', None, 'S1003']
    """
    listed = ids_of(text, description)
    given = [v for v in values if v is not None]
    # "1002和1003谁快": bare numbers listed together are ids, one each
    if len(listed) >= 2 and not id_span(text, description) and len(given) < len(listed) and set(given) <= set(listed):
        return _with_me(listed, text, question, own, description)
    if any(v is not None for v in values) and not own_id_stated(text):
        values = [own if v is None and SELF.search(s) else v for v, s in zip(values, segments, strict=True)]

    values = [n for v, s in zip(values, segments, strict=True) for n in ids_of(s, description) or [v]]
    return _with_me(id_span(text, description) or values, text, question, own, description)


_ID_SPAN = re.compile(r"([A-Za-z]*)(\d{3,8})\s*(?:to|through|thru|until|-|–|~|～|到|至)\s*\1(\d{3,8})\b", re.I)


def id_span(text: str, description: str) -> list[Any]:
    """The ids of a span written as its two ends ("S1001 to S1004"), at most ten; ``[]`` otherwise.

    >>> id_span("total lessons left across all four students S1001 to S1004", "例如 S1001")
    ['S1001', 'S1002', 'S1003', 'S1004']
    """
    found = _ID_SPAN.search(text)
    if found is None:
        return []
    first, last = int(found.group(2)), int(found.group(3))
    if not 0 < last - first < 10 or len(found.group(2)) != len(found.group(3)):
        return []
    width = len(found.group(2))
    written = " ".join(f"{found.group(1)}{n:0{width}d}" for n in range(first, last + 1))
    return ids_of(written, description)


def _with_me(values: list[Any], text: str, question: str, own: Any, description: str) -> list[Any]:
    """The ids asked about with the learner's own first, when the learner is one of the parties."""
    if own is None or own_id_stated(question):
        return values
    scope = text if find_ids(text, description) else question  # "咱俩谁进度快啊 我跟S1002": the id is elsewhere
    if not any(WITH_ME.search(t) for t in (text, scope, question)):  # the ask's text may be re-joined
        return values
    others = ids_of(scope, description)
    return [own, *others, *values] if others else values


def own_id_unknown(question: str, system: str, tools: list[dict[str, Any]], history: tuple[str, ...] = ()) -> bool:
    """The learner is one party beside another student ("mine and S1002's progress", "俺跟S1003 谁课剩得多")
    but neither the question nor the system prompt says who the learner is: the model looks up only the
    other student and says it does not know the learner's id, never a record it would have to guess.

    >>> tool = {"function": {"parameters": {"properties": {"student_id": {"description": "学号，例如 S1001"}}}}}
    >>> own_id_unknown("俺跟S1003 谁课剩得多", "", [tool]), own_id_unknown("俺跟S1003 谁课剩得多", "学生 S1001", [tool])
    (True, False)
    """
    described = [
        str(schema.get("description", ""))
        for tool in tools
        for pname, schema in properties(function_of(tool).get("parameters")).items()
        if param_kind(pname, schema) == "id"
    ]
    if not described or any(own_id_stated(t) for t in (question, *history)) or not WITH_ME.search(question):
        return False
    return not any(find_ids(system, d) for d in described) and any(find_ids(question, d) for d in described)


#: What the answer says when :func:`own_id_unknown`: in the learner's language, what it could not tell.
ASK_OWN_ID = Text(
    "我不知道你本人的学号，所以没有查你的记录，也没法替你比较；告诉我你的学号（S 加四位数字），我再帮你查。",
    "I don't know your own student id, so I did not look up your record and cannot compare it; "
    "tell me your student id (S and four digits) and I will look it up.",
)
