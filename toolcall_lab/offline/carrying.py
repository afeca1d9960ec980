"""A follow-up's calls: an earlier call repeated with what the new words change.

"那明天呢？" after ``get_weather(city="Bangkok")`` asks the same tool again for tomorrow; "and S1003?"
after a record asks it for another student; "now do the same for 1004" gives the number the earlier id's
letters. What the new message does not change is carried over from the earlier call.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from toolcall_lab.offline import nlu
from toolcall_lab.offline.arguments import RESULT_UNITS, Facts, Planned, entity, pick_date
from toolcall_lab.offline.choosing import ToolInfo
from toolcall_lab.offline.clauses import split_segments
from toolcall_lab.offline.dates import find_dates, next_day
from toolcall_lab.offline.kinds import function_of, param_kind, properties
from toolcall_lab.offline.later_days import later_than, more_days, restated_count
from toolcall_lab.offline.parties import SELF, own_id_stated
from toolcall_lab.offline.spans import days_asked

_ISO = re.compile(r"\d{4}-\d{2}-\d{2}")
#: "now do the same for 1004": a bare number where the earlier call had an id of letters and digits
_BARE_NUMBER = re.compile(r"(?<![A-Za-z0-9\-/.:])\d{3,8}(?![0-9]|[\-/.:年月日号点时])")


def _numbered_like(text: str, before: Any) -> list[str]:
    """The bare numbers of ``text`` given the earlier id's letters, when their digit counts agree."""
    shape = re.fullmatch(r"([A-Za-z]+)(\d+)", str(before or ""))
    if shape is None:
        return []
    return [shape.group(1) + n for n in _BARE_NUMBER.findall(text) if len(n) == len(shape.group(2))]


#: The learner asking about themself in a follow-up: "cool, and where am I at?", "what about me", "那我呢".
_ME_NOW = re.compile(r"\b(?:am i|how about me|what about me|and me|am i doing)\b|我呢|那我(?!们)", re.I)
_WEEKEND = re.compile(r"\bweekend\b|周末", re.I)
_NEXT_WEEK = re.compile(r"\bnext week\b|\bthe week after\b|下周|下星期|下礼拜|下个星期", re.I)


def _asks_next_day(text: str, facts: Facts) -> bool:
    return any(d.kind == "next_day" for d in find_dates(text, facts.today, facts.year))


def carry_from(
    call: tuple[str, dict[str, Any]], tool: dict[str, Any], text: str, facts: Facts, system: str = ""
) -> list[Planned]:
    """A follow-up's calls: an earlier call repeated with what the new words change.

    "那明天呢？" after ``get_weather(city="Bangkok")`` → ``get_weather(city="Bangkok", days=2)``;
    "and the next day?" after a date → the day after; "What about coherent and diligent?"
    after a word lookup → two lookups. Nothing changed → no call.
    """
    name, earlier = call
    props = properties(function_of(tool).get("parameters"))
    changed: dict[str, list[Any]] = {}
    for pname, pschema in props.items():
        kind = param_kind(pname, pschema)
        values: list[Any] = []
        if kind == "city":
            values = list(nlu.cities_in(text))
        elif kind == "id" or kind == "word":
            values = [entity(kind, s, facts, pschema) for s in split_segments(text)]
            if kind == "id" and not any(values):
                values = _numbered_like(text, earlier.get(pname))
            if kind == "id" and not any(values) and (SELF.search(text) or _ME_NOW.search(text)):  # "换成我自己的看看"
                values = [entity(kind, system, facts, pschema)]
        elif kind == "date":
            said_before = str(earlier.get(pname))
            mentions = find_dates(text, facts.today, facts.year)
            picked = pick_date(mentions)
            if picked is not None and picked.iso is None and _ISO.fullmatch(said_before):
                # no today known: "and the sunday right after that one?" counts from the day asked before
                picked = pick_date(find_dates(text, dt.date.fromisoformat(said_before), facts.year)) or picked
            later = later_than(text, said_before)  # "and two days later?": from the day asked before
            if later is not None:
                values = [later]
            elif picked is not None:
                values = [picked.value]
            elif any(d.kind == "next_day" for d in mentions) and _ISO.fullmatch(said_before):
                values = [next_day(said_before)]
            elif _NEXT_WEEK.search(text) and _ISO.fullmatch(said_before):
                # "any lessons this saturday?" then "same but for next week": that day a week later
                values = [(dt.date.fromisoformat(str(earlier[pname])) + dt.timedelta(days=7)).isoformat()]
        elif kind == "days":
            before = earlier.get(pname) if isinstance(earlier.get(pname), int) else None
            added = more_days(text) if before else None  # "东京未来3天" then "再加两天": five
            values = [
                int(before or 0) + added
                if added
                else days_asked(text, facts.today) or (restated_count(text) if before else None)
            ]
            if values == [None] and _WEEKEND.search(text):  # "what about the weekend there", today unknown: a week
                values = [7]
            if values == [None] and isinstance(earlier.get(pname), int) and _asks_next_day(text, facts):
                values = [int(earlier[pname]) + 1]  # "rain tomorrow?" then "no, I meant the day after"
        elif kind == "count":
            values = list(nlu.numbers_near(text, RESULT_UNITS))
        values = list(dict.fromkeys(v for v in values if v is not None))
        if values:
            changed[pname] = values
    if not changed:
        return []
    base = {**earlier, **{p: v[0] for p, v in changed.items()}}
    sources = {p: ("question" if p in changed else "earlier call") for p in base}
    spread = next((p for p, v in changed.items() if len(v) > 1), None)
    if spread is None:
        return [Planned(name, base, sources)]
    return [Planned(name, {**base, spread: v}, sources) for v in changed[spread]]


def follow_up(ctx: nlu.Context, infos: tuple[ToolInfo, ...], facts: Facts) -> list[Planned]:
    """Repeat the earlier turn's calls with what the new message changes (see :func:`carry_from`)."""
    by_name = {i.name: i for i in infos}
    calls: list[Planned] = []
    seen: set[str] = set()
    for name, args in ctx.earlier_calls:
        if name in seen or name not in by_name:
            continue
        seen.add(name)
        calls += carry_from((name, args), by_name[name].tool, ctx.question, facts, ctx.system)
    return calls


def carry_unfilled(planned: Planned, ctx: nlu.Context, info: ToolInfo) -> None:
    """A short follow-up asking the same tool again keeps the earlier call's other arguments."""
    if not ctx.is_follow_up:
        return
    earlier = next((args for name, args in ctx.earlier_calls if name == info.name), None)
    if earlier is None:
        return
    for pname, value in earlier.items():
        # "S1004's record" then "and the weak points again?": the student asked about, not the prompt's default
        told_mine = SELF.search(ctx.question) or own_id_stated(ctx.question) or _ME_NOW.search(ctx.question)
        if planned.sources.get(pname) == "system" and info.kinds.get(pname) == "id" and not told_mine:
            planned.args[pname] = value
            planned.sources[pname] = "earlier call"
        if pname not in planned.args:
            planned.args[pname] = value
            planned.sources[pname] = "earlier call"
            if pname in planned.missing:
                planned.missing.remove(pname)
