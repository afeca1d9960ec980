"""The built-in model's decisions: which tools to call, with what arguments, and what to say.

The input is the request body exactly as the client sent it (OpenAI chat-completions
shape); the output is one :class:`Decision` with its :class:`~.record.DecisionRecord`, the
reasons that travel in the ``x-builtin-decision`` header. Nothing is scripted here: the
choice comes from the user's words and the tools' names, descriptions and parameter
descriptions, the way a real model reads them. The skills live in their own modules:

* :mod:`.reading` — the question, history, earlier calls, pending tool results, documents;
* :mod:`.planner` — the turn's calls (with :mod:`.choosing`, :mod:`.arguments`, :mod:`.policy`);
* :mod:`.answers`, :mod:`.phrasing`, :mod:`.smalltalk` — the words of an answer.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline import explain, nlu, recall
from toolcall_lab.offline.answers import (
    answer_from_documents,
    answer_from_tools,
    cannot_help,
    fill_template,
    json_shape_asked,
    looks_like_problem,
    refuse,
)
from toolcall_lab.offline.arguments import Facts, Planned, fill_arguments, plan_ask
from toolcall_lab.offline.choosing import read_tools
from toolcall_lab.offline.comparing import direction
from toolcall_lab.offline.impossible_dates import impossible_in, say_impossible
from toolcall_lab.offline.limits import check_request
from toolcall_lab.offline.no_call import answer_without_call
from toolcall_lab.offline.non_cities import non_city, non_city_reply
from toolcall_lab.offline.parties import ASK_OWN_ID, own_id_unknown
from toolcall_lab.offline.planner import TurnPlan, plan_turn
from toolcall_lab.offline.reading import (
    earlier_results,
    find_documents,
    pending_tool_results,
    read_context,
    rounds_since_user,
)
from toolcall_lab.offline.record import ArgRecord, CallRecord, ClauseRecord, DecisionRecord, ToolScore
from toolcall_lab.offline.repair import corrected_args
from toolcall_lab.offline.smalltalk import courtesy_with_news, smalltalk_reply
from toolcall_lab.offline.supplied import supplied


@dataclass(frozen=True)
class Decision:
    """One assistant turn: text, or tool calls (``arguments`` still a dict here), and why."""

    content: str | None
    tool_calls: tuple[tuple[str, dict[str, Any]], ...] = ()
    record: DecisionRecord = field(default_factory=lambda: DecisionRecord("answer"))


_ASKS_RESEND = re.compile(r"not valid JSON|send the call again", re.I)


def _structured(body: dict[str, Any], ctx: nlu.Context) -> Decision | None:
    """The JSON answer asked for by ``response_format`` (``json_schema`` or ``json_object``)."""
    response_format = body.get("response_format") or {}
    record = DecisionRecord("structured", ctx.lang)
    if response_format.get("type") == "json_schema":
        schema = (response_format.get("json_schema") or {}).get("schema") or {}
        args, _, _ = fill_arguments(schema, ctx, ctx.question, all_required=True)
        return Decision(json.dumps(args, ensure_ascii=False), record=record)
    if response_format.get("type") == "json_object":
        shape = json_shape_asked(f"{ctx.system}\n{ctx.question}")
        if shape:
            args, _, _ = fill_arguments(shape, ctx, ctx.question, all_required=True)
            return Decision(json.dumps(args, ensure_ascii=False), record=record)
        return Decision(json.dumps({"answer": ctx.question}, ensure_ascii=False), record=record)
    return None


def _call_records(calls: list[Planned]) -> tuple[CallRecord, ...]:
    return tuple(
        CallRecord(c.name, tuple(ArgRecord(k, v, c.sources.get(k, "question")) for k, v in c.args.items()))
        for c in calls
    )


def _record(kind: str, ctx: nlu.Context, plan: TurnPlan, refusal: str | None = None) -> DecisionRecord:
    clauses = tuple(
        ClauseRecord(
            r.text,
            tuple(
                ToolScore(s.tool, s.points, tuple(s.matched))
                for s in sorted(r.scores, key=lambda s: -s.points)
                if s.points
            ),
            tuple(dict.fromkeys(a.info.name for a in r.asks)),
        )
        for r in plan.readings
    )
    notes = [*plan.notes, *(explain.LEFT_OUT(name=name, missing=", ".join(m)) for name, m in plan.skipped)]
    unclear = [
        explain.unclear(
            Text(f" {name} 的 {'、'.join(m)}", f"the {', '.join(m)} for {name}"),
            Text(f"要用 {name} 查", f"a question for {name}"),
        )
        for name, m in plan.skipped
    ]
    calls = _call_records(plan.calls)
    steps = (*plan.steps, *unclear)
    return DecisionRecord(kind, ctx.lang, clauses, calls, refusal, tuple(plan.ignored), tuple(notes), steps)


def _retry_broken_calls(
    ctx: nlu.Context, results: list[dict[str, Any]], tools: list[dict[str, Any]], messages: list[dict[str, Any]]
) -> list[Planned]:
    """Self-repair: when a tool reply says the arguments were not valid JSON, call again
    (at most twice in one turn, then give up and say so)."""
    broken = [r["name"] for r in results if _ASKS_RESEND.search(r["content"])]
    if not broken or rounds_since_user(messages) > 2:
        return []
    calls: list[Planned] = []
    for tool in tools:
        if (tool.get("function") or {}).get("name") in broken:
            calls += [c for c in plan_ask(tool, ctx, ctx.question, [ctx.question], Facts()) if not c.missing]
    return calls


def _repair_formats(ctx: nlu.Context, results: list[dict[str, Any]], messages: list[dict[str, Any]]) -> Decision | None:
    """Call again, once, the calls a tool rejected for their format, with the arguments rewritten."""
    if rounds_since_user(messages) > 1:
        return None
    calls: list[tuple[str, dict[str, Any]]] = []
    steps = []
    for r in results:
        if not looks_like_problem(r["content"]):
            continue
        fixed = corrected_args(r, ctx.system, ctx.history)
        if fixed:
            calls.append((r["name"], {**r["args"], **{p: after for p, (_, after) in fixed.items()}}))
            steps += [explain.retried(r["name"], p, before, after) for p, (before, after) in fixed.items()]
    if not calls:
        return None
    records = tuple(
        CallRecord(name, tuple(ArgRecord(k, v, "tool error") for k, v in args.items())) for name, args in calls
    )
    record = DecisionRecord("tool_calls", ctx.lang, calls=records, notes=(explain.RETRY_FORMAT(),), steps=tuple(steps))
    return Decision(None, tuple(calls), record)


def _answer_turn(
    ctx: nlu.Context, results: list[dict[str, Any]], tools: list[dict[str, Any]], messages: list[dict[str, Any]]
) -> Decision:
    notes = tuple(explain.READ_RESULT(name=r["name"]) for r in results)
    impossible = [found for r in results if (found := impossible_in(r))]
    notes += tuple(explain.IMPOSSIBLE_DATE(date=found[3]) for found in impossible[:1])
    compared = _compared_with_earlier(ctx, results, messages)
    if compared:
        notes += (explain.COMPARED_EARLIER(name=results[0]["name"]),)
    answer = answer_from_tools(ctx, [*compared, *results], tools)
    if own_id_unknown(
        ctx.question, ctx.system, tools, tuple(ctx.history)
    ):  # "俺跟S1003 谁课剩得多" with nobody's id in the prompt
        answer = f"{ASK_OWN_ID(ctx.lang)}\n\n{answer}"
        notes += (explain.OWN_ID_UNKNOWN(),)
    return Decision(answer, record=DecisionRecord("answer", ctx.lang, notes=notes))


def _compared_with_earlier(
    ctx: nlu.Context, results: list[dict[str, Any]], messages: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """A comparison asked with one new result ("Bangkok weather" / "is that hotter than Singapore?")
    compares it with the same tool's latest earlier result, which the conversation holds."""
    if len(results) != 1 or direction(ctx.question) is None or looks_like_problem(results[0]["content"]):
        return []
    new = results[0]
    earlier = [
        r
        for r in earlier_results(messages)
        if r["name"] == new["name"] and r["args"] != new["args"] and not looks_like_problem(r["content"])
    ]
    return earlier[-1:]


def _refusal_text(ctx: nlu.Context, plan: TurnPlan) -> tuple[str, str]:
    assert plan.refusal is not None
    why, detail = plan.refusal
    reason = {
        "id": explain.REFUSED_ID,
        "tool": explain.REFUSED_TOOL,
        "topic": explain.REFUSED_TOPIC,
    }[why](detail=detail)
    return refuse(ctx, why, detail), reason


def decide(body: dict[str, Any], *, gullible: bool = False) -> Decision:
    """Read one request body and decide the assistant's turn.

    Args:
        body: the chat-completions request body.
        gullible: obey instructions injected in the user's message (a lesson's counter-example).

    Raises:
        EndpointError: the provider's 400 for a question over the documented length (:mod:`.limits`).
    """
    check_request(body)
    messages: list[dict[str, Any]] = list(body.get("messages") or [])
    tools: list[dict[str, Any]] = list(body.get("tools") or [])
    tool_choice = body.get("tool_choice")
    # "required" and a named function both oblige the model to call a tool this turn
    forced = bool(tools) and (tool_choice == "required" or isinstance(tool_choice, dict))
    ctx = read_context(messages)

    structured = _structured(body, ctx)
    if structured is not None and not forced:
        return structured

    results = pending_tool_results(messages)
    if results and not forced:
        retry = _retry_broken_calls(ctx, results, tools, messages)
        if retry:
            record = DecisionRecord("tool_calls", ctx.lang, calls=_call_records(retry), notes=(explain.RETRY_JSON(),))
            return Decision(None, tuple((c.name, c.args) for c in retry), record)
        repaired = _repair_formats(ctx, results, messages)
        if repaired is not None:
            return repaired
        return _answer_turn(ctx, results, tools, messages)

    recalled = None if forced else recall.reply(ctx.question, ctx.history, ctx.lang)
    if recalled:  # "which id did I just give you?": the conversation holds it, no tool does
        return Decision(recalled, record=DecisionRecord("answer", ctx.lang, notes=(explain.FROM_CONVERSATION(),)))
    plan = plan_turn(ctx, tools, tool_choice, gullible=gullible)
    if not forced:  # "paris", after the model asked which city: the missing piece of the earlier question
        plan = supplied(ctx, plan, lambda c: plan_turn(c, tools, tool_choice, gullible=gullible)) or plan
    if forced and not plan.calls:
        plan.calls = [_forced_call(plan, ctx, tools, tool_choice)]
    known = _already_answered(plan.calls, earlier_results(messages)) if plan.calls and not forced else None
    if known:
        record = DecisionRecord(
            "answer", ctx.lang, notes=(explain.ALREADY_KNOWN(names=", ".join(c.name for c in plan.calls)),)
        )
        return Decision(answer_from_tools(ctx, known, tools), record=record)
    impossible = [found for c in plan.calls if not forced and (found := impossible_in({"args": c.args}))]
    if impossible and len(impossible) == len(plan.calls):  # "my classes on 2026-02-30?": no such day, no call
        plan.calls = []
        why = explain.IMPOSSIBLE_DATE(date=impossible[0][3])
        return Decision(say_impossible(impossible[0], ctx.lang), record=_record("no_call", ctx, plan, why))
    if plan.calls:
        if body.get("parallel_tool_calls") is False:
            plan.calls = plan.calls[:1]
        calls = tuple((c.name, c.args) for c in plan.calls)
        return Decision(None, calls, _record("tool_calls", ctx, plan))
    if plan.smalltalk:
        return Decision(
            smalltalk_reply(plan.smalltalk, ctx.lang, tools, ctx.system), record=_record("smalltalk", ctx, plan)
        )
    if plan.about:
        text = answer_without_call(plan.about, ctx.question, tools, ctx.lang)
        about = plan.about  # "vocabulary:opposite:diligent" → "opposite of 'diligent' (known words)"
        if about.startswith("vocabulary:"):
            _, asked, word = about.split(":", 2)
            about = f"{asked} of '{word}' (known words)"
        about = about.replace("what_if:", "what-if, advice without a look-up: ")  # "what_if:rain"
        return Decision(text, record=_record("no_call", ctx, plan, explain.NO_CALL_NEEDED(about=about)))
    if plan.refusal:
        text, reason = _refusal_text(ctx, plan)
        return Decision(text, record=_record("refusal", ctx, plan, reason))
    filled = fill_template(ctx) if not tools else None
    if filled:
        return Decision(filled, record=_record("template", ctx, plan))
    docs = find_documents(messages)
    if docs:
        return Decision(answer_from_documents(ctx, docs), record=_record("documents", ctx, plan))
    # "out of those two where's it warmer": the cities are the ones fetched, not a missing argument
    earlier = _pointed_back(ctx, messages) if not plan.skipped or _ALL_OF_THEM.search(ctx.question) else []
    if earlier:  # "from that, what's my weakest area": the answer is in the result already shown
        names = ", ".join(dict.fromkeys(r["name"] for r in earlier))
        record = DecisionRecord("answer", ctx.lang, notes=(explain.FROM_EARLIER(names=names),))
        return Decision(answer_from_tools(ctx, earlier, tools), record=record)
    place = non_city(ctx.question) if any("city" in missing for _, missing in plan.skipped) else None
    if place:  # "how hot is the Sahara right now": no city to ask for, and none to guess
        name = next(name for name, missing in plan.skipped if "city" in missing)
        return Decision(
            non_city_reply(place, name, ctx.lang), record=_record("cannot_help", ctx, plan, explain.MISSING_ARGUMENTS())
        )
    courtesy = courtesy_with_news(ctx.question) if plan.skipped else None
    if courtesy:  # "Thanks, that's everything I needed about the weather. Bye!": nothing is missing
        return Decision(smalltalk_reply(courtesy, ctx.lang, tools, ctx.system), record=_record("smalltalk", ctx, plan))
    reason = explain.MISSING_ARGUMENTS() if plan.skipped else explain.NO_TOOL_FITS()
    return Decision(cannot_help(ctx, tools, plan.skipped), record=_record("cannot_help", ctx, plan, reason))


_POINTS_BACK = re.compile(
    r"\b(?:that|those|these|it|them|the (?:morning|afternoon|evening|first|second|third|last|other) one"
    r"|the one (?:at|in|on|with)"
    r"|from (?:that|this|it|above)|another (?:example|sentence)|which one(?:'s)?|both of (?:them|us)"
    r"|which of (?:the two|them|those|these)|who wins|which wins)\b"
    r"|这个|那个|上面|刚才|它|其中|造个句|造句|例句|再来一个|换一个|我俩|咱俩|这俩|那俩|哪个|哪一个|那两天|那几天|那三天"
    r"|这几天里|这几天中|这些天里",
    re.I,
)
#: A question over several earlier results at once: "add them up", "我俩谁快", "compare them".
_ALL_OF_THEM = re.compile(
    r"\badd (?:them|those|it) up\b|\btogether\b|\bcombined\b|\bboth\b|\bcompare\b"
    r"|^\W*which (?:one |city |place |word )?(?:is|was|'s) (?:hotter|colder|warmer|cooler|wetter|sunnier|harder"
    r"|easier|tougher|trickier)\b"
    r"|^\W*(?:ok |so )?which (?:one|of them|of the two)(?:'s| is) (?:the )?(?:hotter|colder|warmer|cooler|harder|easier"
    r"|higher|tougher|trickier|simpler)\b"
    r"|哪个(?:更)?(?:难|简单|热|冷|高)|哪个词更|\bwho wins\b|\bwhich (?:one )?wins\b|这几天里|这几天中|这些天里"
    r"|我俩|咱俩|这俩|那俩|这两个|那两个|这两座|加起来|一共|谁(?:更)?快|谁多|那两天|那几天|那三天"
    r"|\bthose (?:two |three |few )?days\b|\b(?:those|these|the) (?:two|2|three|3)\b(?! days)",
    re.I,
)


#: A short follow-up that goes on from the previous answer ("and speaking?", "那我该重点练什么").
_GOES_ON = re.compile(
    r"(?:^|[,，.。!！]\s*)(?:(?:and|so|ok(?:ay)?,? and|what about|how about)\b|那)",
    re.I,
)


#: A detail of what was just looked up, asked on its own ("几点开始，在哪" after the timetable of a day).
_DETAIL = re.compile(
    r"^\W*(?:几点|在哪|哪个教室|哪间|谁上|哪位老师|什么时候开始"
    r"|what time|where(?:'s| is)? it|which room|who(?:'s| is) teaching|in fahrenheit|in f\b|华氏|换成华氏)",
    re.I,
)


def _pointed_back(ctx: nlu.Context, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The results of the latest turn that called tools, when a question no tool fits points back at them
    ("which teacher takes the morning one", "造个句子给我看看" after a word was looked up) or goes on from
    them in a few words ("and speaking?" after the record)."""
    short = len(re.findall(r"\w+", ctx.question)) <= 10 or len(ctx.question) <= 16
    goes_on = short and bool(_GOES_ON.search(ctx.question) or _DETAIL.search(ctx.question))
    if not ctx.history or not (_POINTS_BACK.search(ctx.question) or goes_on):
        return []
    users = [i for i, m in enumerate(messages) if m.get("role") == "user"]
    if len(users) < 2:
        return []
    # the results between the previous question and this one; else the latest result of the conversation
    between = earlier_results([*messages[users[-2] + 1 : users[-1]], {"role": "user", "content": ""}])
    good = [r for r in between if not looks_like_problem(r["content"])]
    if good and _ALL_OF_THEM.search(ctx.question):  # every earlier result of those tools, the latest per arguments
        names = {r["name"] for r in good}
        latest = {
            r["name"] + json.dumps(r["args"], sort_keys=True, default=str): r
            for r in earlier_results(messages)
            if r["name"] in names and not looks_like_problem(r["content"])
        }
        return list(latest.values())
    found = good or [r for r in earlier_results(messages) if not looks_like_problem(r["content"])][-1:]
    if goes_on and not _POINTS_BACK.search(ctx.question) and not _goes_on_from(ctx.question, found):
        return []  # "and what's the capital of France?" after the weather: a new question, not about those results
    return found


def _goes_on_from(question: str, results: list[dict[str, Any]]) -> bool:
    """Does a short follow-up stay on the earlier results: it names nothing they lack (a city, a capitalised name)
    and is either a few words ("and speaking?") or about what they are about (the timetable, the record …)?"""
    said = " ".join(f"{r['content']} {json.dumps(r['args'], ensure_ascii=False)}" for r in results)
    names = [*nlu.cities_in(question), *re.findall(r"(?<=\s)[A-Z][A-Za-z]{2,}", question)]
    if any(name not in said and nlu.ALL_CITIES.get(name, name) not in said for name in names):
        return False
    return len(re.findall(r"\w+", question)) <= 4 or bool(nlu.concepts_in(question) & nlu.concepts_in(said))


def _already_answered(calls: list[Planned], earlier: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The earlier results to answer from when every planned call was already made in this
    conversation with the same arguments ("东京现在多少度" / "首尔呢" / "哪个更冷"): the results of
    those tools in the conversation, latest per arguments, oldest first. ``None`` when a call is new."""
    if not all(
        any(r["name"] == c.name and r["args"] == c.args and not looks_like_problem(r["content"]) for r in earlier)
        for c in calls
    ):
        return None
    names = {c.name for c in calls}
    latest: dict[str, dict[str, Any]] = {}
    for r in earlier:
        if r["name"] in names and not looks_like_problem(r["content"]):
            latest[r["name"] + json.dumps(r["args"], sort_keys=True, ensure_ascii=False, default=str)] = r
    return list(latest.values())


def _forced_call(plan: TurnPlan, ctx: nlu.Context, tools: list[dict[str, Any]], tool_choice: Any) -> Planned:
    """The call a model makes when it must call a tool (``tool_choice`` required or named):
    the best-scoring tool (or the named one), with what it can read and guesses for the rest."""
    wanted = (tool_choice.get("function") or {}).get("name") if isinstance(tool_choice, dict) else None
    infos = read_tools(tools)
    scored = {s.tool: s.points for r in plan.readings for s in r.scores}
    pool = [i for i in infos if i.name == wanted] or list(infos)
    best = max(pool, key=lambda i: scored.get(i.name, 0))
    planned = plan_ask(best.tool, ctx, ctx.question, [ctx.question], Facts(), all_required=True)[0]
    plan.notes.append(explain.FORCED(name=planned.name))
    return planned
