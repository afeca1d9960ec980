"""The built-in model's evaluation harness: learner questions as data, run through the real client.

A case (one entry of a part, ``benchmarks/model_cases/<part>.json``: ``dev``, ``heldout``,
``learners``, ``aside`` …) is plain data::

    {"id": "h-009", "category": "several", "lang": "en",
     "tools": ["tutor"], "system": "tutor",
     "turns": ["What levels are 'benefit' and 'leisure'?"],
     "expect": {"calls": [{"name": "lookup_word", "args": {"word": "benefit"}},
                          {"name": "lookup_word", "args": {"word": "leisure"}}]}}

* ``tools`` names tool sets built by the app's real factories (``tutor``: the 小E tutor's three,
  ``weather``: ``get_weather``, ``search``: ``search_web``, ``magic``: a one-integer tool for
  literal call syntax); their schemas reach the model through ``bind_tools`` as in the app.
* ``system`` is ``tutor`` / ``search`` (the specimens' real system prompts), ``none``, or a literal text.
* ``turns`` are the user's messages. Every earlier turn is run live (model → real tools → model)
  so a follow-up carries a real conversation; the expectations are about the last turn.
* ``expect.calls``: the tool calls of the model's first reply to the last turn, order aside;
  each expected ``args`` is a subset of the call's arguments (schema defaults filled in);
  ``[]`` means no call at all.
* ``expect.answer``: properties of the final answer after the real tools ran:
  ``contains`` (every one), ``any`` (at least one of each listed group), ``excludes``, and
  ``lang`` (``zh`` / ``en``: the language of the answer's first line).
* ``expect.refuse``: no tool is called in the last turn and the answer declines in words.

A call the model made that no expectation accounts for (a tool called with arguments taken from
the wrong words, another tool, or any call where the case expects none: ``calls: []`` or
``refuse``) is an *invented argument* failure: :attr:`Outcome.invented` counts them, and
:func:`figures` reports them next to the pass rates.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.tools import BaseTool, tool
from langchain_core.utils.function_calling import convert_to_openai_tool

from lessons.search_assistant.agent import SYSTEM_PROMPT as SEARCH_PROMPT
from lessons.search_assistant.agent import make_search_web_tool
from lessons.tutor.agent import SYSTEM_PROMPT as TUTOR_PROMPT
from lessons.tutor.tools import build_tools
from toolcall_lab.capture import recording
from toolcall_lab.llm import build_chat_model
from toolcall_lab.stages.weather_data import build_weather_tool

EVAL_DIR = Path(__file__).with_name("model_cases")
PARTS = ("dev", "heldout")  # the parts kept in the repository from the start; others are found on disk
MAX_MODEL_CALLS = 4
_CJK = re.compile(r"[\u3400-\u9fff]")
_DECLINES = re.compile(
    r"sorry|can't|cannot|can not|unable|not able|won't|will not|not allowed|only (?:answer|help|look)"
    r"|抱歉|不能|无法|没法|不可以|不便|只能|不会",
    re.I,
)


@tool
def magic_function(input: int) -> int:
    """Apply a magic function to an input."""
    return input + 2


def _toolsets() -> dict[str, Callable[[], list[BaseTool]]]:
    return {
        "tutor": lambda: list(build_tools()),
        "weather": lambda: [build_weather_tool()],
        "search": lambda: [make_search_web_tool()],
        "magic": lambda: [magic_function],
    }


SYSTEMS: dict[str, str | None] = {"tutor": TUTOR_PROMPT, "search": SEARCH_PROMPT, "none": None}


def parts() -> list[str]:
    """Every part on disk: ``dev``, ``heldout`` first, then the others by name."""
    found = sorted(p.stem for p in EVAL_DIR.glob("*.json"))
    return [*(p for p in PARTS if p in found), *(p for p in found if p not in PARTS)]


def load_cases(part: str) -> list[dict[str, Any]]:
    """The cases of one part (``dev``, ``heldout``, ``learners`` …)."""
    cases: list[dict[str, Any]] = json.loads((EVAL_DIR / f"{part}.json").read_text(encoding="utf-8"))
    for case in cases:
        case["part"] = part
    return cases


def tools_for(case: dict[str, Any]) -> list[BaseTool]:
    """The real tools a case offers, built by the app's factories."""
    sets = _toolsets()
    out: list[BaseTool] = []
    for name in case.get("tools", ["tutor", "weather", "search"]):
        out.extend(sets[name]())
    return out


def system_for(case: dict[str, Any]) -> str | None:
    key = case.get("system", "tutor")
    return SYSTEMS[key] if key in SYSTEMS else str(key)


@dataclass
class Outcome:
    """What the model did on one case, and whether that meets the expectation."""

    case: dict[str, Any]
    calls: list[dict[str, Any]] = field(default_factory=list)
    answer: str = ""
    decisions: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    invented: int = 0

    @property
    def passed(self) -> bool:
        return not self.problems


def _run_tools(ai: AIMessage, by_name: dict[str, BaseTool]) -> list[ToolMessage]:
    out: list[ToolMessage] = []
    for call in ai.tool_calls:
        found = by_name.get(call["name"])
        if found is None:
            out.append(ToolMessage(f"Error: unknown tool {call['name']}", tool_call_id=call["id"] or ""))
            continue
        try:
            result = found.invoke(call)  # a ToolCall in -> a ToolMessage out, as ToolNode does
        except Exception as exc:  # ToolNode reports a failed call to the model the same way
            result = ToolMessage(f"Error: {exc!r}\n Please fix your mistakes.", tool_call_id=call["id"] or "")
        out.append(result if isinstance(result, ToolMessage) else ToolMessage(str(result), tool_call_id=call["id"]))
    return out


def _loop(llm: Any, messages: list[BaseMessage], by_name: dict[str, BaseTool]) -> tuple[AIMessage, list[AIMessage]]:
    """Model → tools → model until a reply without calls; returns the first and every reply."""
    replies: list[AIMessage] = []
    for _ in range(MAX_MODEL_CALLS):
        ai = llm.invoke(messages)
        assert isinstance(ai, AIMessage)
        replies.append(ai)
        messages.append(ai)
        if not ai.tool_calls:
            break
        messages.extend(_run_tools(ai, by_name))
    return replies[0], replies


def _defaults(tools: Iterable[BaseTool]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for t in tools:
        params = convert_to_openai_tool(t)["function"].get("parameters", {}).get("properties", {})
        out[t.name] = {k: v["default"] for k, v in params.items() if isinstance(v, dict) and "default" in v}
    return out


def _same(actual: Any, wanted: Any) -> bool:
    """An argument equals the expected value; ``{"contains": [...]}`` asks only for those words in it."""
    if isinstance(wanted, dict) and "contains" in wanted:
        return isinstance(actual, str) and all(w.lower() in actual.lower() for w in wanted["contains"])
    return bool(actual == wanted)


def match_calls(expected: list[dict[str, Any]], actual: list[dict[str, Any]], defaults: dict[str, Any]) -> list[str]:
    """Problems between expected calls (name + argument subset) and the calls made, order aside."""
    problems: list[str] = []
    left = list(actual)
    for want in expected:
        hit = None
        for got in left:
            args = {**defaults.get(got["name"], {}), **got["args"]}
            if got["name"] == want["name"] and all(_same(args.get(k), v) for k, v in want.get("args", {}).items()):
                hit = got
                break
        if hit is None:
            problems.append(f"missing call {want['name']}({json.dumps(want.get('args', {}), ensure_ascii=False)})")
        else:
            left.remove(hit)
    for extra in left:
        problems.append(f"unexpected call {extra['name']}({json.dumps(extra['args'], ensure_ascii=False)})")
    return problems


def invented_calls(expect: dict[str, Any], actual: list[dict[str, Any]], defaults: dict[str, Any]) -> int:
    """Calls made that the case rules out: any call beyond the expected ones (a tool with other
    arguments, or another tool), or any call when it expects none (``calls: []`` or ``refuse``)."""
    if expect.get("refuse") or expect.get("calls") == []:
        return len(actual)
    if "calls" not in expect:
        return 0
    return len([p for p in match_calls(expect["calls"], actual, defaults) if p.startswith("unexpected")])


def check_answer(want: dict[str, Any], answer: str) -> list[str]:
    problems = [f"answer lacks {s!r}" for s in want.get("contains", []) if s.lower() not in answer.lower()]
    for group in want.get("any", []):
        if not any(s.lower() in answer.lower() for s in group):
            problems.append(f"answer has none of {group!r}")
    problems += [f"answer has {s!r}" for s in want.get("excludes", []) if s.lower() in answer.lower()]
    lang = want.get("lang")
    first = answer.strip().splitlines()[0] if answer.strip() else ""
    if lang == "en" and _CJK.search(first[:40]):
        problems.append("answer is not in English")
    if lang == "zh" and not _CJK.search(first):
        problems.append("answer is not in Chinese")
    return problems


def run_case(case: dict[str, Any], make_llm: Callable[[], BaseChatModel] = build_chat_model) -> Outcome:
    """Run one case through ``ChatOpenAI`` → built-in model → real tools, and judge it."""
    tools = tools_for(case)
    by_name = {t.name: t for t in tools}
    llm = make_llm().bind_tools(tools)
    system = system_for(case)
    messages: list[BaseMessage] = [SystemMessage(system)] if system else []
    outcome = Outcome(case)
    expect = case.get("expect", {})
    turns: list[str] = case["turns"]
    with recording() as rec:
        for turn in turns[:-1]:
            messages.append(HumanMessage(turn))
            _loop(llm, messages, by_name)
        before = len(rec.exchanges)
        messages.append(HumanMessage(turns[-1]))
        first, replies = _loop(llm, messages, by_name)
    outcome.calls = [{"name": c["name"], "args": c["args"]} for c in first.tool_calls]
    outcome.answer = str(replies[-1].content or "") if not replies[-1].tool_calls else ""
    outcome.decisions = [ex.response_headers.get("x-builtin-decision", "") for ex in rec.exchanges[before:]]
    if "calls" in expect:
        outcome.problems += match_calls(expect["calls"], outcome.calls, _defaults(tools))
    outcome.invented = invented_calls(expect, outcome.calls, _defaults(tools))
    if "answer" in expect:
        outcome.problems += check_answer(expect["answer"], outcome.answer)
    if expect.get("refuse"):
        if any(r.tool_calls for r in replies):
            outcome.problems.append("called a tool instead of declining")
        if not _DECLINES.search(outcome.answer):
            outcome.problems.append("the answer does not decline in words")
    return outcome


def figures(outcomes: list[Outcome]) -> dict[str, dict[str, tuple[int, int]]]:
    """Passed / total per ``category`` and per ``lang``; and under ``invented``, per category,
    the cases with an invented-argument call / all cases."""
    table: dict[str, dict[str, tuple[int, int]]] = {"category": {}, "lang": {}, "invented": {}}
    for o in outcomes:
        category, lang = str(o.case.get("category", "?")), str(o.case.get("lang", "?"))
        bad, seen = table["invented"].get(category, (0, 0))
        table["invented"][category] = (bad + (o.invented > 0), seen + 1)
        for axis, key in (("category", category), ("lang", lang)):
            ok, total = table[axis].get(key, (0, 0))
            table[axis][key] = (ok + o.passed, total + 1)
    return table
