"""Students named with no topic of their own: "S1003 vs mine", "levels of S1001, S1002 and S1003".

A tutor's tools take a student in two ways: the record takes the student alone, the timetable takes a
student *and* a date. When a message sets students side by side with nothing else to go on ("S1003 vs mine",
"S1002 和 S1004 比一下"), or asks a tool that takes no student at all about students ("levels of S1001 and
S1002": the word tool has no student to look up), the students are asked about as students: the one tool whose
every required parameter is a student id. Nothing is guessed when two such tools are offered, or when a tool
that takes a student still misses something else (a timetable without its date asks for the date).
"""

from __future__ import annotations

import re

from toolcall_lab.offline.choosing import Ask, ToolInfo
from toolcall_lab.offline.ids import find_ids
from toolcall_lab.offline.kinds import function_of, required
from toolcall_lab.offline.parties import WITH_ME

#: Students set side by side: "vs", "compare", "比一下", "谁…".
_SIDE_BY_SIDE = re.compile(r"\b(?:vs\.?|versus|compare[ds]?|against)\b|比一下|比比|对比|相比|比较|谁", re.I)
#: A switch to another student, once the learner said they are done with one ("…, now S1003", "…，换 S1003",
#: "…, next up S1002"): the words that may stand around the new id.
_SWITCH = re.compile(
    r"^(?:\s|[,，、.。!！?？]|\b(?:now|next|up|instead|then|ok|okay|so|and|on|onto|to|let'?s|look|at|see|check)\b"
    r"|换成?|下一个|轮到|改查|改看|接着看|再看看|看看|看一下|查一下|吧|了)*$",
    re.I,
)
_AN_ID = re.compile(r"(?<![A-Za-z])[A-Za-z]{1,4}[\s\-]?\d{3,8}(?!\d)")


def student_tool(infos: tuple[ToolInfo, ...], allowed: set[str]) -> ToolInfo | None:
    """The one allowed tool whose every required parameter is a student id (the record), else ``None``."""
    fits = [
        i
        for i in infos
        if i.name in allowed
        and "id" in i.kinds.values()
        and all(i.kinds.get(p) == "id" for p in required(function_of(i.tool).get("parameters")) or ["?"])
    ]
    return fits[0] if len(fits) == 1 else None


def side_by_side(index: int, clause: str, infos: tuple[ToolInfo, ...], allowed: set[str]) -> list[Ask]:
    """The ask for students set side by side with no topic ("S1003 vs mine", "S1002 和我比一下"), or for the one
    a learner switches to ("I'm done with S1002, now S1003": the finished one is already out of ``clause``).

    Called only for a clause no tool was chosen for, in a conversation with no earlier call to go on from.
    """
    tool = student_tool(infos, allowed)
    if tool is None or not _names_students(clause, tool):
        return []
    around = _AN_ID.sub(" ", clause)
    switched = bool(re.search(r"\w", around)) and bool(_SWITCH.match(around))  # a bare "S1003" says no switch
    if not (switched or _SIDE_BY_SIDE.search(clause) or WITH_ME.search(clause)):
        return []
    return [Ask(tool, index, [clause])]


def instead_for_students(ask: Ask, infos: tuple[ToolInfo, ...], allowed: set[str]) -> Ask | None:
    """The student tool's ask, when ``ask`` went to a tool that takes no student, misses its arguments, and its
    clause names students ("levels of S1001, S1002 and S1003": no word to look up, three students)."""
    tool = student_tool(infos, allowed)
    if tool is None or "id" in ask.info.kinds.values() or not _names_students(ask.text, tool):
        return None
    return Ask(tool, ask.clause, ask.segments)


def _names_students(text: str, tool: ToolInfo) -> bool:
    return any(find_ids(text, d) for d in tool.id_descriptions)
