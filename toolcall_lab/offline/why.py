"""After the calls are planned: which of their arguments were computed or normalised, and how.

The decision record's ``steps`` then say, in both languages, "“the 28th” is 2026-07-28 (from
today's date in the system prompt)", "wrote “#1003” as S1003", "a fortnight asks 14 days;
days allows at most 7". Each step is found by comparing an argument's value with the words it
came from: a value the question does not contain literally was computed or normalised.
"""

from __future__ import annotations

import re

from toolcall_lab.offline import explain
from toolcall_lab.offline.arguments import Facts, Planned, most
from toolcall_lab.offline.choosing import ToolInfo
from toolcall_lab.offline.dates import find_dates
from toolcall_lab.offline.ids import find_ids
from toolcall_lab.offline.kinds import function_of, properties
from toolcall_lab.offline.record import StepRecord
from toolcall_lab.offline.spans import days_asked
from toolcall_lab.offline.spelling import corrected


def explain_calls(calls: list[Planned], infos: tuple[ToolInfo, ...], text: str, facts: Facts) -> list[StepRecord]:
    """The computed and normalised arguments of the planned calls, each explained once."""
    by_name = {i.name: i for i in infos}
    steps: list[StepRecord] = []
    seen: set[tuple[str, str]] = set()
    mentions = find_dates(text, facts.today, facts.year)
    for call in calls:
        info = by_name.get(call.name)
        if info is None:
            continue
        schemas = properties(function_of(info.tool).get("parameters"))
        for pname, value in call.args.items():
            if call.sources.get(pname) != "question" or str(value) in text:
                continue
            kind = info.kinds.get(pname)
            key = (pname, str(value))
            if key in seen:
                continue
            seen.add(key)
            if kind == "date":
                said = next((d.raw for d in mentions if d.iso == value), None)
                if said:
                    steps.append(explain.date_computed(said, str(value), facts.today))
            elif kind == "id":
                typed = next(
                    (t for t, v in find_ids(text, str(schemas.get(pname, {}).get("description", ""))) if v == value),
                    None,
                )
                if typed:
                    steps.append(explain.id_shaped(typed, str(value), pname))
            elif kind == "word":
                typed = next(
                    (w for w in re.findall(r"[A-Za-z][A-Za-z\-]+", text) if corrected(w.lower()) == value), None
                )
                if typed:
                    steps.append(explain.spelling_corrected(typed, str(value)))
            elif kind == "days":
                asked = days_asked(text)
                cap = most(schemas.get(pname, {}))
                if asked and cap and asked > cap and value == cap:
                    steps.append(explain.count_capped(text.strip()[:60], asked, cap, pname))
    return steps
