"""Filling arguments: each parameter's value, and where it came from.

A parameter's kind (see :mod:`.kinds`) says where to look: the words of the ask first, then
the rest of the question, the system prompt (a student id, a default city, today's date) and
earlier turns. Each value is returned with its source, for the decision record:
``question``, ``system``, ``earlier turn``, ``earlier call``, ``literal`` (``f(3)`` written
out), ``default`` or ``guess`` (a forced call filling what it cannot read).

An ask that lists several things ("accord 和 abandon", "S1001 和 S1004", "London and Paris")
becomes one call per thing, the other arguments shared.
"""

from __future__ import annotations

import ast
import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline import nlu, terms
from toolcall_lab.offline.clauses import split_clauses
from toolcall_lab.offline.date_ranges import date_range, one_date_each
from toolcall_lab.offline.dates import DateMention, find_dates, next_day
from toolcall_lab.offline.ids import find_ids, misshapen_ids
from toolcall_lab.offline.kinds import function_of, param_kind, properties, required
from toolcall_lab.offline.later_days import in_listed_month
from toolcall_lab.offline.lexicon import EN_STOP, FILLER
from toolcall_lab.offline.parties import id_worked_out, ids_asked, is_own, own_id_stated
from toolcall_lab.offline.spans import EVENT_TIME, days_asked, weekday_said
from toolcall_lab.offline.spelling import corrected
from toolcall_lab.offline.unknown_places import unknown_place

Sourced = tuple[Any, str]
RESULT_UNITS = ("条", "个", "results", "result", "items", "hits", "links", "sources")
_FAN_OUT = ("city", "id", "word", "date")


@dataclass(frozen=True)
class Facts:
    """What the model knows beyond the question: today's date and a year from the conversation."""

    today: dt.date | None = None
    year: int | None = None


@dataclass
class Planned:
    """One call the model means to make: tool, arguments, each argument's source, what is missing."""

    name: str
    args: dict[str, Any]
    sources: dict[str, str]
    missing: list[str] = field(default_factory=list)


def pick_date(mentions: tuple[DateMention, ...]) -> DateMention | None:
    """The date an ask means: a resolved one first ("明天是2026年7月25日" means 2026-07-25)."""
    usable = [d for d in mentions if d.kind not in ("week", "next_day")]
    resolved = [d for d in usable if d.iso]
    return (resolved or usable)[0] if usable else None


def entity(kind: str, text: str, facts: Facts, schema: dict[str, Any]) -> Any:
    """The thing of ``kind`` named in ``text`` (a city, an id, a word, a date), or ``None``."""
    if kind == "city":
        cities = nlu.cities_in(text)
        return cities[0] if cities else None
    if kind == "id":
        ids = find_ids(text, str(schema.get("description", "")))
        return ids[0][1] if ids else None
    if kind == "word":
        found = terms.english_terms(text)
        word = found[0] if found else terms.lone_latin_word(text)
        word = None if word and terms.is_owned(word, text) else word  # "…, my roommate says yes"
        return (corrected(word) or word) if word else None
    if kind == "date":
        mention = pick_date(find_dates(text, facts.today, facts.year))
        return mention.value if mention else None
    return None


def fill_value(pname: str, schema: dict[str, Any], ctx: nlu.Context, text: str, facts: Facts) -> Sourced | None:
    """One argument's value and its source, read from the ask's words, the question, the
    system prompt or earlier turns; ``None`` when nothing holds a value for it."""
    kind = param_kind(pname, schema)
    question = ctx.question
    if kind == "enum":
        for value in schema["enum"]:
            if str(value).lower() in text.lower():
                return value, "question"
        return (schema["default"], "default") if "default" in schema else None
    if kind == "days":
        # the whole question counts only when it asks one thing: "Paris now, and London tomorrow?"
        single = len(split_clauses(question)) == 1
        today = facts.today or weekday_said(question)  # "…this weekend, thoughts? it's thursday today btw"
        # "后天我几点有课？上海那天会下雨不": "that day" is the day another part of the message named
        back = single or re.search(r"那天|那一天|当天|同一天|\bthat (?:same )?day\b|\bthe same day\b", text, re.I)
        days = days_asked(text, today) or (days_asked(question, today) if back else None)
        if not single and EVENT_TIME.search(text) and _TRAVEL.search(text):  # "heading to Paris next week, but …
            # what's it like there tomorrow?": the trip's time is told, the day asked is the other one
            days = days_asked(EVENT_TIME.sub(" ", question), today) or days
        days = min(days, most(schema) or days) if days else None
        return (days if schema.get("type") == "integer" else float(days), "question") if days else None
    if kind == "count":
        found = nlu.numbers_near(text, RESULT_UNITS) or nlu.numbers_near(question, RESULT_UNITS)
        return (found[0] if schema.get("type") == "integer" else float(found[0]), "question") if found else None
    if kind in ("number", "boolean"):
        return None
    mine = is_own(text, question) or id_worked_out(question) is not None
    if kind == "id" and entity(kind, text, facts, schema) is None and mine:
        said = own_id(ctx, facts, schema)  # "我的进度 还有 S1003 的进度": mine is the prompt's id (or the one I said)
        if said is not None:
            return said
    if kind in ("city", "id", "word", "date"):
        for where, source in ((text, "question"), (question, "question")):
            value = entity(kind, where, facts, schema)
            if value is not None:
                return value, source
        if kind == "id" and misshapen_ids(question, str(schema.get("description", ""))):
            return None  # "S12" is not the system prompt's S1001: the answer says what an id looks like
        return _elsewhere(kind, schema, ctx, text, facts)
    if kind == "query":
        whole = ctx.is_follow_up and len(split_clauses(question)) == 1  # a follow-up searches with the carried words
        words = ctx.resolved_keywords() if whole else nlu.keywords(text)
        return (" ".join(words), "question") if words else None
    if kind == "intent":
        topic = " ".join(ctx.resolved_keywords()) or question
        return Text(f"用户想了解：{topic}", f"The user wants to know about: {topic}")(ctx.lang), "question"
    return (text.strip(), "question") if text.strip() else None


_TRAVEL = re.compile(r"\b(?:heading|going|flying|off|travel+ing|moving)\s+to\b|\btrip to\b|[去飞到]", re.I)


def most(schema: dict[str, Any]) -> int | None:
    """The largest value a number parameter allows: ``maximum``, or "1 到 7" / "1 to 7" in its description."""
    if isinstance(schema.get("maximum"), (int, float)):
        return int(schema["maximum"])
    m = re.search(r"\d+\s*(?:到|至|to|-|–|~|～)\s*(\d+)", str(schema.get("description", "")))
    return int(m.group(1)) if m else None


def _stated_own(ctx: nlu.Context, facts: Facts, schema: dict[str, Any]) -> Sourced | None:
    """The id the learner said is theirs, in this message or an earlier one ("1003 here", "I'm S1002")."""
    for said in (ctx.question, *reversed(ctx.history)):
        if (worked_out := id_worked_out(said)) is not None:  # "我的学号刚好比她大一号"
            return worked_out, "question" if said is ctx.question else "earlier turn"
        if own_id_stated(said) and (own := entity("id", said, facts, schema)) is not None:
            return own, "question" if said is ctx.question else "earlier turn"
    return None


def own_id(ctx: nlu.Context, facts: Facts, schema: dict[str, Any]) -> Sourced | None:
    """The learner's own id: the one they said, else the system prompt's."""
    said = _stated_own(ctx, facts, schema)
    if said is not None:
        return said
    own = entity("id", ctx.system, facts, schema)
    return (own, "system") if own is not None else None


def _elsewhere(kind: str, schema: dict[str, Any], ctx: nlu.Context, text: str, facts: Facts) -> Sourced | None:
    """A city, id or date the question does not name: the id the learner said is theirs, else from the system
    prompt or earlier turns."""
    if kind == "id" and (stated := _stated_own(ctx, facts, schema)) is not None:
        return stated  # "I'm S1002. How's my progress?" then "do I have anything on 2026-07-28?"
    if kind in ("id", "city"):
        value = entity(kind, ctx.system, facts, schema)
        if value is not None:
            return value, "system"
    if kind in ("id", "date"):
        for earlier in reversed(ctx.history):
            value = entity(kind, earlier, facts, schema)
            dated = kind == "date" and re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(value))
            if dated and any(d.kind == "next_day" for d in find_dates(text, facts.today, facts.year)):
                return next_day(str(value)), "earlier turn"  # "what about the following day?"
            if value is not None:
                return value, "earlier turn"
    if kind == "city":
        place = unknown_place(text) or unknown_place(ctx.question)
        return (place, "question") if place else None
    return None


def literal_calls(name: str, schema: dict[str, Any], text: str) -> list[dict[str, Any]]:
    """Arguments written out as calls in the text: ``magic_function(3)`` or ``f(a=1, b="x")``.

    Positional values fill the schema's properties in order; keyword values fill the
    property they name. Only literal values (numbers, strings, lists …) are read.

    >>> literal_calls("f", {"properties": {"input": {"type": "integer"}}}, "f(3) and f(input=4)")
    [{'input': 3}, {'input': 4}]
    """
    if not name:
        return []
    out = []
    names = list(properties(schema))
    for found in re.finditer(rf"(?<![\w.]){re.escape(name)}\s*\(([^()]*)\)", text):
        try:
            call = ast.parse(f"f({found.group(1)})", mode="eval").body
            if not isinstance(call, ast.Call):
                continue
            positional = [ast.literal_eval(a) for a in call.args]
            named = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg}
        except (SyntaxError, ValueError, TypeError, RecursionError, MemoryError):
            continue
        out.append({**dict(zip(names, positional, strict=False)), **named})
    return out


def fill_arguments(
    schema: dict[str, Any], ctx: nlu.Context, text: str, facts: Facts | None = None, *, all_required: bool = False
) -> tuple[dict[str, Any], dict[str, str], list[str]]:
    """Fill an object schema's properties.

    Args:
        schema: the JSON schema of the arguments (``type: object``).
        ctx: what the model knows.
        text: the part of the question this call answers.
        facts: today's date and a known year, when the model has them.
        all_required: fill every required field, guessing when nothing holds a value
            (structured output, forced calls).

    Returns:
        ``(arguments, sources, missing)``: the values, where each came from, and the
        required names left without a value.
    """
    facts = facts or Facts()
    args: dict[str, Any] = {}
    sources: dict[str, str] = {}
    missing: list[str] = []
    needed = required(schema)
    for pname, pschema in properties(schema).items():
        found = fill_value(pname, pschema, ctx, text, facts)
        if found is None and all_required and pname in needed:
            found = _placeholder(pschema, ctx), "guess"
        if found is not None:
            args[pname], sources[pname] = found
        elif pname in needed:
            missing.append(pname)
    return args, sources, missing


def _placeholder(pschema: dict[str, Any], ctx: nlu.Context) -> Any:
    typ = pschema.get("type")
    if "default" in pschema:
        return pschema["default"]
    guesses: dict[Any, Any] = {"integer": int(pschema.get("minimum", 1)), "number": float(pschema.get("minimum", 0))}
    guesses.update({"boolean": False, "array": [], "object": {}})
    return guesses.get(typ, ctx.question) if isinstance(typ, str) else ctx.question


def plan_ask(
    tool: dict[str, Any], ctx: nlu.Context, text: str, segments: list[str], facts: Facts, *, all_required: bool = False
) -> list[Planned]:
    """The calls for one ask: literal calls written out, else one call per listed thing."""
    fn = function_of(tool)
    name = str(fn.get("name") or "")
    raw = fn.get("parameters")
    params: dict[str, Any] = raw if isinstance(raw, dict) else {"type": "object", "properties": {}}
    args, sources, missing = fill_arguments(params, ctx, text, facts, all_required=all_required)
    written = literal_calls(name, params, ctx.question)
    if written:
        return [
            Planned(name, {**args, **w}, {**sources, **dict.fromkeys(w, "literal")}, [m for m in missing if m not in w])
            for w in written
        ]
    props = properties(params)
    for pname, pschema in props.items():
        kind = param_kind(pname, pschema)
        if kind not in _FAN_OUT:
            continue
        values = [entity(kind, s, facts, pschema) for s in segments]
        if kind == "word":  # "schedule 和 accord": an item that is one topic word the question lists among words
            listed = terms.with_listed(ctx.question, [*terms.english_terms(ctx.question), *filter(None, values)])
            listed = [w for w in listed if "word" not in nlu.concepts_in(w)]  # "kaoyan" frames the ask
            topical = [
                None if v else next((w for w in listed if re.match(rf"\s*{re.escape(w)}\b", s)), None)
                for v, s in zip(values, segments, strict=True)
            ]
            values = [v or t for v, t in zip(values, topical, strict=True)]
            if len(segments) == 1 and topical[0]:
                args, sources = {**args, pname: topical[0]}, {**sources, pname: "question"}
        if kind == "id":  # the learner, other students, or both (see :mod:`.parties`)
            own = (own_id(ctx, facts, pschema) or (None, ""))[0]
            described = str(pschema.get("description", ""))
            values = ids_asked(values, segments, text, ctx.question, own, described)
        if kind == "date" and len(span := date_range(text, facts.today, facts.year)) > 1:
            values = list(span)  # "下周一到周三": each day of the span
        elif kind == "date" and sum(v is not None for v in values) > 1:  # "下周二和周四": read as one list
            whole = in_listed_month(
                [d for d in find_dates(text, facts.today, facts.year) if d.kind not in ("week", "next_day")]
            )
            values = whole if len(whole) == sum(v is not None for v in values) else values
        if kind == "city":
            values = list(nlu.cities_in(text))
        items = list(segments)
        if kind == "word" and any(terms.marked_terms(s) for s in segments):
            items = [s if _names_its_word(s) else "" for s in segments]
            values = [v if s else None for v, s in zip(values, items, strict=True)]
        if kind == "word" and any(v is not None for v in values):
            # a bare word in the list is one more word asked about ("benefit, diligent and schedule")
            values = [v if v is not None else _bare_word(s) for v, s in zip(values, items, strict=True)]
        if kind == "word" and len([v for v in values if v is not None]) < 2:
            values = _listed_words(values, items)
        values = list(dict.fromkeys(v for v in values if v is not None))
        if len(values) > 1:
            rest = [m for m in missing if m != pname]
            planned = [Planned(name, {**args, pname: v}, {**sources, pname: "question"}, list(rest)) for v in values]
            if kind == "city":
                _days_per_city(planned, props, text, facts)
            dated = [p for p, s in props.items() if param_kind(p, s) == "date"]
            each = one_date_each(list(segments), facts.today, facts.year) if kind == "id" and dated else None
            if each and len(each) == len(planned):  # "S1002's for 2026-07-28 and S1003's for 2026-07-25"
                for call, day in zip(planned, each, strict=True):
                    call.args[dated[0]] = day
            return planned
    return [Planned(name, args, sources, missing)]


def _names_its_word(segment: str) -> bool:
    """Beside an item that marks its word ("diligent is B2 or C1"), does this item name one of its own?
    A marked word, a bare word, a Chinese item's English word or a word question does; "which is it for you
    guys" does not: its "guys" is no word asked about."""
    return bool(
        terms.marked_terms(segment)
        or _bare_word(segment)
        or nlu.CJK.search(segment)
        or "word" in nlu.concepts_in(segment)
    )


_BARE = re.compile(
    # "…, diligent and schedule each are": the item's word, with the sentence's last small words after it
    r"\s*(?:(?:and|or|和|还有)\s*)?([a-z][a-z\-]+)(?:\s+(?:each|both|are|is|pls|please|too|respectively))*\s*[?？.]?\s*"
)


#: "'schedule' — easy or hard?": how hard a word is, asked of it; never a word of the list
_DIFFICULTY = frozenset({"easy", "hard", "difficult", "tough", "simple", "tricky", "basic", "advanced"})


def _bare_word(segment: str) -> str | None:
    """The word of a list item that is one lower-case word and nothing else (a stop word or filler: ``None``)."""
    m = _BARE.fullmatch(segment)
    if m is None or m.group(1) in EN_STOP | FILLER | _DIFFICULTY or "word" in nlu.concepts_in(m.group(1)):
        return None  # "meticulous, definition + example": "definition" is what is asked of the word
    return m.group(1)


def _listed_words(values: list[Any], segments: list[str]) -> list[Any]:
    """ "meticulous ubiquitous leisure 分别几级": words written as one list in a segment are each an item."""
    runs = [w for s in segments for w in terms.term_run(s)]
    found = [v for v in values if v is not None]
    if not set(found) <= set(runs):  # "coherent - gotta memorise it": a run elsewhere is not the list asked about
        return values
    return runs if len(runs) > len(found) else values


_NOW = re.compile(r"\b(?:now|right now|today|at the moment|currently)\b|现在|今天|此刻|目前", re.I)


def _days_per_city(planned: list[Planned], props: dict[str, Any], text: str, facts: Facts) -> None:
    """ "Hangzhou today, Tokyo tomorrow": each city's days come from its own words (from its name to
    the next city's), when the cities' words ask for different days; otherwise the shared value stays."""
    day_params = [p for p, s in props.items() if param_kind(p, s) == "days"]
    places = nlu.city_positions(text)
    if not day_params or len(places) < 2:
        return

    def asks_time(words: str) -> bool:
        return bool(days_asked(words, facts.today) or _NOW.search(words))

    before = asks_time(text[: places[0][0]])  # "今天杭州，明天东京": each time word comes before its city
    own: dict[str, int] = {}
    for i, (start, city) in enumerate(places):
        if before:
            words = text[places[i - 1][0] + 1 if i else 0 : start]
        else:
            words = text[start : places[i + 1][0] if i + 1 < len(places) else len(text)]
        days = days_asked(words, facts.today) or (1 if _NOW.search(words) else None)
        if days is not None and city not in own:
            own[city] = days
    if len(set(own.values())) < 2:
        return
    pname = day_params[0]
    limit = most(props[pname]) or 7
    for call in planned:
        days = own.get(str(call.args.get("city")))
        if days is None:
            continue
        if days == 1 and props[pname].get("default") == 1:
            call.args.pop(pname, None)  # today is the tool's default: "now" needs no days
        else:
            call.args[pname] = min(days, limit)
            call.sources[pname] = "question"
