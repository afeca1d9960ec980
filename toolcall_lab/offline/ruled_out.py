"""What the learner ruled out for this turn, and calls the model is not sure enough to make.

"别查课表，…" rules the timetable tool out, unless the rest of the message asks for it again; "我不想知道 abandon 的
等级，只想知道 leisure 的" waves one word away and asks another, so the word tool stays. A day no date resolves
("明天" with no today stated) is passed as written only when the timetable itself is asked.
"""

from __future__ import annotations

import re

from toolcall_lab.offline import nlu, terms
from toolcall_lab.offline.arguments import Planned
from toolcall_lab.offline.asking import JUST_SAYING
from toolcall_lab.offline.choosing import ToolInfo
from toolcall_lab.offline.dates import relative_dates
from toolcall_lab.offline.negation import Negated, asked_again


def _same_kind_of_thing(said: str, rest: str) -> bool:
    """Do a negated span and the rest of the message each name a thing of the same kind (words, cities, ids)?"""
    pairs = (
        (terms.english_terms(said), terms.english_terms(rest) or terms.lone_latin_word(rest)),
        (nlu.cities_in(said), nlu.cities_in(rest)),
        (re.findall(r"[A-Za-z]\d{3,}", said), re.findall(r"[A-Za-z]\d{3,}", rest)),
    )
    return any(a and b for a, b in pairs)


def avoided_tools(negated: list[Negated], infos: tuple[ToolInfo, ...], rest: str) -> set[str]:
    """Tools the learner said not to use this turn: a negated span names their concept, and the rest
    of the message does not ask for it again (a remark, "我只是吐槽一下北京真冷", asks nothing). Each
    :class:`Negated` learns which tools it named."""
    asked = (frozenset() if JUST_SAYING.search(rest) else nlu.concepts_in(rest)) | asked_again(rest)
    out: set[str] = set()
    for n in negated:
        if _same_kind_of_thing(n.words, rest):
            continue  # "我不想知道 abandon 的等级，只想知道 leisure 的": one word waved away, another asked
        for info in infos:
            named = n.concepts & (info.name_concepts or info.concepts)
            if named and not named & asked:
                out.add(info.name)
                n.tools_named.append(info.name)
    return out


#: Words that ask for the timetable itself ("明天有课吗", "my class tomorrow"), not advice leaning on it ("要不要早起")
_TIMETABLE_ASKED = re.compile(r"课|class|lesson|schedule|timetable|上学|teacher|老师|room|教室", re.I)


def ask_back_unread_days(calls: list[Planned], infos: tuple[ToolInfo, ...], text: str) -> None:
    """A day no date resolves ("明天" with no today stated) is passed as written only when the timetable itself is
    asked; advice that leans on it ("我明天上午要不要早起去学校") asks the date back instead."""
    kinds = {i.name: i.kinds for i in infos}
    for call in calls:
        for pname, value in call.args.items():
            dated = kinds.get(call.name, {}).get(pname) == "date"
            # a relative day ("明天") only: an impossible date ("the 31st of june") goes to the tool, which says why
            unread = dated and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(value)) and relative_dates(str(value))
            if unread and not _TIMETABLE_ASKED.search(text) and pname not in call.missing:
                call.missing.append(pname)
