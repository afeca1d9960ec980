"""Self-repair after a tool's format error: call again with the argument in the format it asked for.

A tool that rejects ``date="July 25"`` with "需要 YYYY-MM-DD，例如 2026-07-25", or
``student_id="s-1002"`` with "学号是大写 S 开头加四位数字，例如 S1001", has said what it needs.
A careful model rewrites the argument in that shape when the learner's words and the facts it
has allow it (a year from the error's own example or the conversation, today's date from the
system prompt, the id's letters and digits) and calls again once; otherwise it tells the
learner what is missing. Nothing is guessed: an argument that cannot be rewritten is left alone.
"""

from __future__ import annotations

import re
from typing import Any

from toolcall_lab.offline.dates import find_dates, year_in
from toolcall_lab.offline.ids import find_ids
from toolcall_lab.offline.system_dates import today_in

_ASKS_FORMAT = re.compile(r"YYYY-MM-DD|格式|format|must be|例如|for example|e\.g\.", re.I)
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def corrected_args(result: dict[str, Any], system: str, history: list[str]) -> dict[str, tuple[str, str]]:
    """For one failed call: ``{param: (before, after)}`` for each argument that can be rewritten
    into the format the tool's message asks for; ``{}`` when none can."""
    content = str(result.get("content", ""))
    if not _ASKS_FORMAT.search(content):
        return {}
    out: dict[str, tuple[str, str]] = {}
    for pname, value in (result.get("args") or {}).items():
        if not isinstance(value, str) or not value.strip():
            continue
        if "YYYY-MM-DD" in content and not _ISO.match(value):
            today = today_in(system)
            year = year_in([system, *history])  # never the year of the error's own example: a guess
            found = [d for d in find_dates(value, today, year) if d.iso]
            if found:
                out[pname] = (value, str(found[0].iso))
            continue
        ids = find_ids(value, content)
        if ids and ids[0][1] != value:
            out[pname] = (value, ids[0][1])
    return out
