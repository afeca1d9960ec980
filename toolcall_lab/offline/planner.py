"""Planning a turn's tool calls: from the user's words to calls, refusals and the reasons for both.

The steps, each its own skill:

1. injected instructions are taken out of the user's text (:mod:`.policy`), unless the model
   is gullible; the system prompt's restrictions and facts are read;
2. small talk gets no tool at all (:mod:`.smalltalk`);
3. each clause is scored against each tool (:mod:`.choosing`); a factual question no tool
   fits goes to a search tool when there is one;
4. a question with no ask of its own but things an earlier call takes ("那明天呢？", "And
   S1003?") repeats that call with the new things (:func:`.carrying.carry_from`);
5. arguments are filled with their sources (:mod:`.arguments`), then the restrictions
   are applied: a forbidden tool, another student's id or a topic outside the system
   prompt's remit becomes a refusal instead of a call.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline import calendar_facts, explain, glossary, nlu, settled, students, terms, usage, vocabulary
from toolcall_lab.offline.arguments import Facts, Planned, plan_ask
from toolcall_lab.offline.asking import is_question, is_task, nothing_asked, shares_news, states_situation, without_told
from toolcall_lab.offline.carrying import carry_unfilled, follow_up
from toolcall_lab.offline.choosing import (
    REPORTED_SOURCE,
    Ask,
    ClauseReading,
    Score,
    ToolInfo,
    is_search_tool,
    private_record,
    read_clause,
    read_tools,
    things_named,
)
from toolcall_lab.offline.clauses import split_clauses
from toolcall_lab.offline.covered import dedupe, without_covered, without_generic_searches
from toolcall_lab.offline.dates import year_in
from toolcall_lab.offline.kinds import kinds_of
from toolcall_lab.offline.negation import drop_negated
from toolcall_lab.offline.no_call import about_kind
from toolcall_lab.offline.parties import id_worked_out, only_ids
from toolcall_lab.offline.policy import Policy, read_policy, strip_injections
from toolcall_lab.offline.record import StepRecord
from toolcall_lab.offline.references import earlier_ids, resolve_places, resolve_references
from toolcall_lab.offline.romanise import Rewrite, rewrite
from toolcall_lab.offline.ruled_out import ask_back_unread_days, avoided_tools
from toolcall_lab.offline.scope import keep_only_scope
from toolcall_lab.offline.separate import split_searches
from toolcall_lab.offline.smalltalk import smalltalk_kind, without_courtesy
from toolcall_lab.offline.system_dates import today_in
from toolcall_lab.offline.the_other import first_of, other_meant
from toolcall_lab.offline.why import explain_calls


@dataclass
class TurnPlan:
    """What the model means to do this turn, and why."""

    calls: list[Planned] = field(default_factory=list)
    readings: list[ClauseReading] = field(default_factory=list)
    skipped: list[tuple[str, list[str]]] = field(default_factory=list)
    refusal: tuple[str, str] | None = None
    smalltalk: str | None = None
    ignored: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    steps: list[StepRecord] = field(default_factory=list)
    about: str | None = None


def plan_turn(ctx: nlu.Context, tools: list[dict[str, Any]], tool_choice: Any, *, gullible: bool = False) -> TurnPlan:
    """Plan the tool calls for the latest user message (see the module docstring)."""
    plan = TurnPlan()
    text, removed = strip_injections(ctx.question)
    text, rewrites = rewrite(text)
    plan.steps += [explain.rewritten(r) for r in rewrites]
    text, named = vocabulary.english_named(text)
    plan.steps += [explain.rewritten(Rewrite(zh, en, "the English word asked for")) for zh, en in named]
    language = vocabulary.english_only(text)
    if language:  # "…, in english please": how to answer, not a word to look up or to translate
        plan.steps.append(explain.not_argument(language, explain.ANSWER_LANGUAGE))
    ids_before = earlier_ids(ctx.history, ctx.earlier_calls, ctx.question)
    text, pointed = resolve_references(text, ids_before)
    if not ids_before:  # "ok the second one, …" after two cities: the city named second
        text, placed = resolve_places(text, ctx.history)
        pointed += placed
    plan.steps += [explain.rewritten(Rewrite(typed, value, "an earlier turn")) for typed, value in pointed]
    other = other_meant(text, ctx.history, ctx.earlier_calls)
    if other:  # "ok now the other one": the thing an earlier message named and no call took yet
        text = other[0]
        plan.steps.append(explain.rewritten(Rewrite(other[1], other[2], "the other one an earlier message named")))
    plan.smalltalk = smalltalk_kind(text) if tool_choice != "required" else None
    if not tools or tool_choice == "none" or plan.smalltalk:
        return plan
    text, courtesy = without_courtesy(text)
    if courtesy:  # "thanks! and what about add_messages?": the thanks is no ask; the request after it is
        plan.steps.append(explain.not_argument(courtesy, explain.COURTESY))
    compared = usage.compared_words(text) if any("word" in kinds_of(t).values() for t in tools) else []
    if compared:  # "which is harder, leisure or meticulous": the words' levels, compared
        levels = "which is harder: " + ", ".join(f"'{w}'" for w in compared) + " (word levels)"
        plan.steps.append(explain.rewritten(Rewrite(text, levels, "a comparison of words' difficulty")))
        text = levels
    infos = read_tools(tools)
    policy = read_policy(ctx.system, tools)
    if removed and gullible:
        text, policy = ctx.question, Policy()
        plan.notes.append(explain.GULLIBLE())
    plan.ignored = removed
    free = tool_choice not in ("required",) and not isinstance(tool_choice, dict)
    word_tool = any("word" in kinds_of(t).values() for t in tools)
    known = vocabulary.asked(text, ctx.history, word_tool=word_tool) if free else None
    calendar = calendar_facts.kind_of(text) if free else None
    if known:  # "the opposite of diligent": what the model knows, no tool needed
        plan.about = "vocabulary:{}:{}".format(*known)
    elif calendar:  # "what day is it today": the date the system prompt states, or that it states none
        today = today_in(ctx.system)
        plan.about = f"calendar:{calendar}:{today.isoformat() if today else ''}"
    elif free:
        plan.about = about_kind(text, tools)
        # "ambigous 翻译成中文是啥呀": one English word, asked in Chinese: its meaning (not "说 课表 in English")
        one_word = terms.lone_latin_word(text) if re.search(r"中文|汉语|chinese", text, re.I) else None
        listed = glossary.translated(text)  # "how do you say 'rain' in chinese": a common word, answered
        if plan.about == "translate" and word_tool and (vocabulary.word_in(text, []) or one_word) and not listed:
            plan.about = None  # "translate 'leisure' into Chinese": a word the word tool gives the meaning of
    if plan.about == "grammar":
        plan.steps += [explain.not_argument(word, explain.GRAMMAR_WORD) for word in terms.grammar_words(text)]
    if plan.about:
        return plan
    text, negated = drop_negated(text)
    if free and nothing_asked([n.words for n in negated if not n.correction], text):
        plan.about = "not_asked"  # "随便聊聊，不用查什么", "不用查天气啦，就想跟你说声谢谢"
        return plan
    avoided = avoided_tools(negated, infos, text)
    plan.steps += [explain.negated(name, n.words) for n in negated for name in avoided if name in n.tools_named]
    plan.steps += [
        explain.not_argument(n.words, Text("学生更正了这一处", "the learner corrected it"))
        for n in negated
        if n.correction
    ]
    plan.steps += [
        explain.not_argument(n.words, Text("学生说不用查这一处", "the learner said not to look it up"))
        for n in negated
        if not n.correction and not n.tools_named
    ]
    text, unscoped = keep_only_scope(text, _names_a_thing)
    only_other = Text("学生说只问另一处", "the learner asked only about another")
    plan.steps += [explain.not_argument(c, only_other) for c in unscoped]
    today = today_in(ctx.system)
    stated = calendar_facts.stated_today(text) if today is None else None
    if stated:  # "it's 2026-07-27 btw": the learner says what day it is; relative days count from it
        today, said = stated
        text = text.replace(said, " ")
        plan.steps.append(explain.today_stated(said, today))
    work = dataclasses.replace(ctx, question=text)
    facts = Facts(today, year_in([ctx.system, *ctx.history, text]))
    allowed = {i.name for i in infos if i.name not in policy.forbidden_tools and i.name not in avoided}
    if isinstance(tool_choice, dict):
        allowed &= {str((tool_choice.get("function") or {}).get("name", ""))}
    source = REPORTED_SOURCE.search(text) if any(is_search_tool(i) for i in infos) else None
    if source:  # "the internet says diligent is B2": what the web said, quoted; not a request to search it
        plan.steps.append(explain.not_searched(source.group(0), explain.QUOTED_SOURCE))
    asks: list[Ask] = []
    aside = _ANYWAY.search(text)
    if aside and "?" not in text[: aside.start()] and "？" not in text[: aside.start()]:
        text = text[aside.end() :]  # "my sister is in london, rain photos lol, anyway forget her, how's my progress"
    clauses = split_clauses(text)
    for index, clause in enumerate(clauses):
        reading = read_clause(index, clause, infos, allowed)
        told = (len(clauses) > 1 and states_situation(clause)) or shares_news(clause)  # "cant find a weather app"
        if told or (len(clauses) > 1 and id_worked_out(clause)):  # "我是 S1001 的同桌，我的学号比她大一号"
            reading.asks = []
        if _ERRAND.search(clause) and not any("notify" in a.info.concepts for a in reading.asks):
            reading.asks = []  # "帮我跟赵老师请个假，今晚的阅读课去不了了": an errand none of these tools runs
        plan.readings.append(reading)
        plan.steps += [explain.instead_of_search(clause, name) for name in reading.instead_of_search]
        if not reading.asks and policy.forbidden_tools:
            wanted = read_clause(index, clause, infos, {i.name for i in infos}).asks
            if wanted:
                plan.refusal = ("tool", wanted[0].info.name)
        if not reading.asks and asks:
            reading.asks = _elliptical(index, clause, asks[-1], infos)
        if not reading.asks and not ctx.earlier_calls:  # "S1003 vs mine": students side by side, no topic
            reading.asks = students.side_by_side(index, clause, infos, allowed)
        if reading.asks and not asks:  # "coherent、abandon 还有 negotiate 考研考不考": items before the ask
            for at, before in enumerate(plan.readings[:-1]):
                if _takes_items(reading.asks[0].info, before.text) or _compares_them(reading, before):
                    before.asks = [Ask(reading.asks[0].info, at, [before.text])]
                    asks += _within_topic(before.asks, before.text, policy, plan)
        asks += _within_topic(reading.asks, clause, policy, plan)
    asks = without_told(plan.readings, asks)
    if not asks and not plan.refusal and not _BACK_TO_DAYS.search(text):
        plan.calls = follow_up(work, infos, facts)
        if plan.calls:
            plan.notes.append(explain.FOLLOW_UP())
    if not asks and not plan.calls and not plan.refusal:
        asks = _search_fallback(plan.readings, infos, allowed, policy, plan, text, ctx.earlier_calls)
    for ask in asks:
        planned_calls = plan_ask(ask.info.tool, work, ask.text, ask.segments, facts)
        for planned in planned_calls:
            carry_unfilled(planned, work, ask.info)
        if all(p.missing for p in planned_calls):
            planned_calls = _tied_alternative(ask, plan, infos, allowed, work, facts) or planned_calls
        instead = students.instead_for_students(ask, infos, allowed) if all(p.missing for p in planned_calls) else None
        if instead is not None:  # "levels of S1001 and S1002": the word tool takes no student; the record does
            planned_calls = plan_ask(instead.info.tool, work, instead.text, instead.segments, facts)
        plan.calls += planned_calls
    distinct = without_generic_searches(dedupe(plan.calls), infos)
    plan.calls = without_covered(distinct, infos)
    plan.notes += [explain.COVERED(name=n) for n in dict.fromkeys(c.name for c in distinct if c not in plan.calls)]
    plan.calls = _restrict_ids(plan.calls, infos, policy, plan)
    plan.calls = _first_only(plan.calls, text, plan)
    plan.calls, split = split_searches(plan.calls, infos, text)  # "分别搜一下 A 和 B": one search each
    plan.steps += split
    ask_back_unread_days(plan.calls, infos, text)
    plan.skipped = [(c.name, c.missing) for c in plan.calls if c.missing]
    plan.calls = [c for c in plan.calls if not c.missing]
    plan.steps += explain_calls(plan.calls, infos, text, facts)
    return plan


#: "那两天哪天出去玩好", "which of those days is better": the days already looked up, not a new count of days
_BACK_TO_DAYS = re.compile(r"那两天|那几天|那三天|\b(?:of )?those (?:two |three |few )?days\b", re.I)


def _first_only(calls: list[Planned], text: str, plan: TurnPlan) -> list[Planned]:
    """ "paris or london? check paris first": only the calls about what is asked first; the rest later."""
    first = first_of(text)
    if first is None or len(calls) < 2:
        return calls
    kept = [c for c in calls if any(isinstance(v, str) and v.lower() in first.lower() for v in c.args.values())]
    if not kept or len(kept) == len(calls):
        return calls
    later = Text("学生说先问另一处", "the learner asked about another first")
    plan.steps += [explain.not_argument(", ".join(map(str, c.args.values())), later) for c in calls if c not in kept]
    return kept


def _names_a_thing(clause: str) -> bool:
    """Does a clause name a thing a tool takes (a city, an English word, an id)?"""
    return bool(nlu.cities_in(clause) or terms.english_terms(clause) or re.search(r"[A-Za-z]\d{3,}", clause))


def _tied_alternative(
    ask: Ask, plan: TurnPlan, infos: tuple[ToolInfo, ...], allowed: set[str], ctx: nlu.Context, facts: Facts
) -> list[Planned]:
    """A tool scoring as high as the chosen one on the same clause, whose arguments the question
    fills, is the better reading ("who has done more lessons?": the records, not a timetable
    without a date)."""
    if ask.clause >= len(plan.readings):
        return []
    reading = plan.readings[ask.clause].scores
    scores = {s.tool: s.points for s in reading}
    topical = {s.tool for s in reading if any(":" in m and not m.startswith(("name:", "words:")) for m in s.matched)}
    best = scores.get(ask.info.name, 0)
    for info in infos:
        # a point below is still a tie: "which class are they in?" names a class (the timetable's word) and asks
        # for the record's class
        close = scores.get(info.name, 0) >= best - 1
        if info is ask.info or info.name not in allowed or not close or info.name not in topical:
            continue
        planned = plan_ask(info.tool, ctx, ask.text, ask.segments, facts)
        if planned and not any(p.missing for p in planned) and not _only_the_prompts(planned, ask.text):
            plan.notes.append(explain.TIE(name=info.name, other=ask.info.name))
            return planned
    return []


def _only_the_prompts(planned: list[Planned], clause: str) -> bool:
    """Calls whose every argument is the system prompt's (the learner's own id) for a clause that does not ask
    about the learner's own record: "where does sunny sit on the graded word list" is no reason to open the
    learner's record because the word tool lacks its word."""
    return all(set(p.sources.values()) == {"system"} for p in planned) and not nlu.about_own_record(clause)


_ANYWAY = re.compile(r"[,，.。]\s*(?:but\s+)?anyways?\b[,，]?|[，,。]\s*(?:总之|反正|话说回来)[，,]?", re.I)
_ERRAND = re.compile(
    r"(?:帮我|替我|给我).{0,8}请(?:个|一天|半天)?假|\b(?:call in sick for me|cancel my)\b"
    # something to write, which no look-up tool does: "tell me a joke about rain", "a short poem using 'meticulous'"
    r"|\b(?:write|compose|tell|make (?:up|me)|give me)\b.{0,30}\b(?:joke|poem|story|song|rap|haiku|limerick|essay)\b"
    # "use 'forecast' in a sentence please": a sentence to write (not "how do I use X in a sentence? an example")
    r"|^\W*(?:please\s+|can you\s+|could you\s+)?use\b.{0,30}\bin a sentence\b"
    r"|写(?:一)?(?:首|个|段|篇)(?:诗|故事|笑话|作文)|讲个笑话|编个故事",
    re.I,
)


def _elliptical(index: int, clause: str, before: Ask, infos: tuple[ToolInfo, ...]) -> list[Ask]:
    """A clause that only names a thing the ask before it takes ("…，顺便看看上海", "And 'diligent'?")
    is one more item of that ask."""
    named = Score(before.info.name)
    things_named(clause, before.info, named)
    bare_word = "word" in before.info.kinds.values() and re.fullmatch(
        r"\s*(?:(?:and|or|also|plus|then|what about|how about|还有|那)\s*)?(?:(?:is|does|was)\s+)?"
        r"[a-z][a-z\-]+[\s?？.呢]*",
        clause,
        re.I,
    )
    if bare_word and terms.english_terms(clause):  # "look up negotiate then diligent"
        named.add(1, "word")
    return [Ask(before.info, index, [clause])] if named.points > 0 else []


#: "Which of them is having the warmer day?": the places of the clause before, compared
_WHICH_OF_THEM = re.compile(r"\bwhich (?:of them|of the two|of those|one)\b|他们哪|哪(?:个|边|里)(?:更|比较)", re.I)


def _compares_them(reading: ClauseReading, before: ClauseReading) -> bool:
    """Does a comparing clause that names no place (no student) ask about the places (the students) the clause
    before it names ("…three students, S1001, S1002 and S1003. Which of them has got furthest")?"""
    kinds = reading.asks[0].info.kinds.values()
    compares = _WHICH_OF_THEM.search(reading.text) and not nlu.cities_in(reading.text)
    if compares and "id" in kinds and not _AN_ID.search(reading.text):
        return len(_AN_ID.findall(before.text)) >= 2
    return bool("city" in kinds and compares and len(nlu.cities_in(before.text)) >= 2)


_AN_ID = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{1,4}\d{3,8}(?!\d)")


def _takes_items(info: ToolInfo, clause: str) -> bool:
    """Is ``clause`` a bare list of things the tool takes (its words, its cities, its ids)?"""
    kinds = set(info.kinds.values())
    if "id" in kinds and only_ids(clause):  # "S1002 还有 S1004 的进度": the ids before the ask are its items
        return True
    named = ("word" in kinds and terms.term_run(clause)) or ("city" in kinds and nlu.cities_in(clause))
    return terms.only_items(clause) and bool(named)


def _within_topic(asks: list[Ask], clause: str, policy: Policy, plan: TurnPlan) -> list[Ask]:
    if not policy.topics or not asks or nlu.concepts_in(clause) & policy.topics:
        return asks
    plan.refusal = ("topic", policy.reasons[-1] if policy.reasons else "/".join(sorted(policy.topics)))
    return []


def _search_fallback(
    readings: list[ClauseReading],
    infos: tuple[ToolInfo, ...],
    allowed: set[str],
    policy: Policy,
    plan: TurnPlan,
    question: str,
    earlier: list[tuple[str, dict[str, Any]]],
) -> list[Ask]:
    """A factual question that no tool fits goes to a search tool, if one is offered and allowed, unless
    the web is not the way to it (:mod:`.settled`: settled knowledge, the assistant's own list)."""
    search = next((i for i in infos if is_search_tool(i)), None)
    searched = search is not None and any(name == search.name for name, _ in earlier)
    out = []
    for index, reading in enumerate(readings):
        clause = reading.text
        asked = is_question(clause) or (len(readings) == 1 and is_question(question))  # "And tomorrow?"
        if not asked or is_task(clause) or private_record(clause):
            continue  # "我这学期还剩几节课" with only a search tool: the web cannot know it
        kept = settled.not_for_search(clause, question, searched) if search is not None else None
        if kept:
            plan.steps.append(explain.not_searched(clause, kept[1]))
            plan.about = "settled" if kept[0] == "settled" else plan.about
            continue
        if search is None or search.name not in allowed:
            if search is not None and search.name in policy.forbidden_tools:
                plan.refusal = ("tool", search.name)
            continue
        if policy.topics and not nlu.concepts_in(clause) & policy.topics:
            plan.refusal = ("topic", policy.reasons[-1] if policy.reasons else "")
            continue
        out.append(Ask(search, index, [clause]))
        reading.asks.append(out[-1])
    return out[:1]


def _restrict_ids(calls: list[Planned], infos: tuple[ToolInfo, ...], policy: Policy, plan: TurnPlan) -> list[Planned]:
    """Drop calls for ids the system prompt does not allow; say which, in the plan's refusal."""
    if policy.allowed_ids is None:
        return calls
    kinds = {i.name: i.kinds for i in infos}
    kept = []
    for call in calls:
        ids = [v for p, v in call.args.items() if kinds.get(call.name, {}).get(p) == "id"]
        refused = [str(v) for v in ids if str(v).upper() not in policy.allowed_ids]
        if refused:
            plan.refusal = ("id", refused[0])
        else:
            kept.append(call)
    return kept
