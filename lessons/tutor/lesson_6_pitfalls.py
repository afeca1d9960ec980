"""Tutor lesson 6 -- the seven pitfalls, each run live broken and fixed.

Each ``pitfall_<n>(broken)`` runs one side for real and returns a :class:`PitfallResult`:
which pitfall (``key``), which side, what happened (``outcome``, a key the page words,
with the numbers it quotes in ``facts``), the artifact to show, and the error when the
broken side fails. :func:`pitfall_code` names the code each side runs, for the page to
show with ``inspect.getsource``. The broken pieces live in :mod:`lessons.tutor.lesson_6_broken`.

Every pitfall takes ``lang="zh"`` (the article's tools, data and questions) or ``lang="en"``
(the English edition of the same run). The exercises are in :mod:`lessons.tutor.lesson_6_exercises`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypedDict

from langchain_core.language_models import BaseChatModel, FakeListChatModel
from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.utils.function_calling import convert_to_openai_tool

from lessons.tutor import data_en
from lessons.tutor.agent import run_manual, run_react, run_tool, system_prompt
from lessons.tutor.data import SCHEDULES
from lessons.tutor.demo import demo_questions
from lessons.tutor.fakes import ScriptedChatModel
from lessons.tutor.lesson_3_registry import parse_docstring_comparison
from lessons.tutor.lesson_4_loop_guard import STUCK_DATE, STUCK_QUESTION, guard_scenario, run_unguarded
from lessons.tutor.lesson_6_broken import (
    CopyingScriptedChatModel,
    naive_get_schedule,
    raised_in,
    raising_get_schedule,
    run_rebinding_loop,
)
from lessons.tutor.lesson_common import LlmFactory, default_llm_factory, q2_script, result_summary, tools_for
from lessons.tutor.loop_guard import DEFAULT_MAX_STEPS, LoopGuard
from lessons.tutor.registry import get_tool
from lessons.tutor.tools import make_get_schedule
from toolcall_lab.capture import recording
from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.i18n import Text

# Pitfall number -> its key (pages word the title).
PITFALL_KEYS: dict[int, str] = {
    1: "bare_tool",
    2: "raising_tool",
    3: "relative_date",
    4: "fake_list_chat_model",
    5: "copying_bind_tools",
    6: "no_guard",
    7: "tool_call_id",
}

# The students' questions of pitfalls 2, 3 and 7, per language.
TOMORROW_QUESTION = Text("明天我有课吗？", "Do I have class tomorrow?")
WORD_QUESTION = Text("accord 是几级？", "What level is accord?")


class PitfallResult(TypedDict):
    """One side of one pitfall, run for real.

    Attributes:
        n: the pitfall's number (1-7).
        key: the pitfall's key, :data:`PITFALL_KEYS` ``[n]``.
        broken: which side ran.
        outcome: what happened, as a key (one per pitfall and side).
        facts: the numbers the outcome quotes (e.g. ``{"lost": 2}``).
        artifact: what the page shows, by name.
        error: the explained failure, when the broken side fails.
    """

    n: int
    key: str
    broken: bool
    outcome: str
    facts: dict[str, int]
    artifact: dict[str, Any]
    error: ExplainedError | None


def _pitfall(
    n: int,
    broken: bool,
    outcome: str,
    artifact: dict[str, Any],
    error: ExplainedError | None = None,
    **facts: int,
) -> PitfallResult:
    return PitfallResult(
        n=n, key=PITFALL_KEYS[n], broken=broken, outcome=outcome, facts=facts, artifact=artifact, error=error
    )


def pitfall_1(broken: bool, lang: str = "zh") -> PitfallResult:
    """``@tool`` without ``parse_docstring=True``: the parameter descriptions vanish.

    The artifact is the real OpenAI tool schema of ``get_schedule`` built either way,
    and the descriptions lost.
    """
    comparison = parse_docstring_comparison("get_schedule", lang=lang)
    side = comparison["without" if broken else "with"]
    lost = comparison["lost"] if broken else []
    outcome = "descriptions_lost" if broken else "descriptions_kept"
    return _pitfall(1, broken, outcome, {"openai_tool": side["openai_tool"], "lost": lost}, lost=len(lost))


def pitfall_2(
    broken: bool, llm_factory: LlmFactory | None = None, question: str | None = None, lang: str = "zh"
) -> PitfallResult:
    """A tool that raises on a bad date, inside LangGraph's prebuilt loop.

    Broken: ``get_schedule`` raises ``ValueError`` on 「明天」; the prebuilt ToolNode
    re-raises errors from a tool's body, so ``run_react`` itself fails (captured here
    as an :class:`ExplainedError`). The artifact also shows ``run_manual`` on the same
    tool: its try/except (second line of defence) turns the error into text.
    Fixed: the real tool answers with a sentence, and the run ends with an honest answer.
    """
    factory = default_llm_factory(llm_factory)
    question = TOMORROW_QUESTION(lang) if question is None else question
    system = system_prompt(lang)
    if not broken:
        result = run_react(question, factory(), tools_for(lang), system=system, lang=lang)
        return _pitfall(2, broken, "error_as_text", {"run": result_summary(result)})
    tools = [raising_get_schedule(lang), *[t for t in tools_for(lang) if t.name != "get_schedule"]]
    error = None
    try:
        run_react(question, factory(), tools, system=system, lang=lang)
    except Exception as exc:
        error = explain(
            "tool",
            exc,
            title=Text("工具抛出的异常冲出了整个 Agent 循环", "The tool's exception escaped the whole agent loop"),
            hint=Text(
                "工具内把非法参数转成友好文本返回；循环里再包一层 try/except。",
                "Return friendly text for bad arguments inside the tool; wrap each call in try/except in the loop.",
            ),
        )
    contained = run_manual(question, factory(), tools, system=system, lang=lang)
    return _pitfall(2, broken, "loop_crashed", {"manual_with_try_except": result_summary(contained)}, error)


def pitfall_3(
    broken: bool, llm_factory: LlmFactory | None = None, question: str | None = None, lang: str = "zh"
) -> PitfallResult:
    """「明天」passed straight into ``date``.

    Broken: the rule lives nowhere (no "YYYY-MM-DD" in the description, no check), so
    the tool looks up the string 「明天」, finds nothing, and says there is no class: a
    confident wrong answer, the article's incident again (2026-07-25 has two lessons).
    Fixed: the real tool states the format in its description and in its reply, and
    the model says it cannot tell which day 「明天」 is.
    """
    factory = default_llm_factory(llm_factory)
    question = Text("我明天有课吗？", TOMORROW_QUESTION.en)(lang) if question is None else question
    if broken:
        data = data_en.SCHEDULES if lang == "en" else SCHEDULES
        tools = [naive_get_schedule(data, lang), *[t for t in tools_for(lang) if t.name != "get_schedule"]]
    else:
        tools = tools_for(lang)
    result = run_manual(question, factory(), tools, system=system_prompt(lang), lang=lang)
    schedule = get_tool("get_schedule", tools)
    artifact = {
        "run": result_summary(result),
        "date_schema": convert_to_openai_tool(schedule)["function"]["parameters"]["properties"]["date"],
    }
    return _pitfall(3, broken, "confident_wrong_answer" if broken else "asks_for_the_date", artifact)


def pitfall_4(broken: bool, lang: str = "zh") -> PitfallResult:
    """``FakeListChatModel.bind_tools`` really raises ``NotImplementedError``.

    Fixed: :class:`~lessons.tutor.fakes.ScriptedChatModel` binds the tools, runs the
    loop and keeps every request.
    """
    question = demo_questions(lang)[1]
    tools, system = tools_for(lang), system_prompt(lang)
    if broken:
        error = None
        where = None
        try:
            # zh-only: the fake's canned reply (the run fails before it is read)
            run_manual(question, FakeListChatModel(responses=["你好"]), tools, system=system, lang=lang)
        except NotImplementedError as exc:
            where = raised_in(exc)
            error = explain(
                "bind_tools",
                exc,
                title=Text("FakeListChatModel 没有实现 bind_tools", "FakeListChatModel does not implement bind_tools"),
                hint=Text(
                    "用一个自己的脚本假模型：bind_tools 就地记录并 return self。",
                    "Use your own scripted fake: record the tools in bind_tools and return self.",
                ),
            )
        artifact: dict[str, Any] = {"exception": error.detail if error else None, "raised_in": where}
        return _pitfall(4, broken, "bind_tools_not_implemented", artifact, error)
    llm = ScriptedChatModel(responses=q2_script(lang))
    result = run_manual(question, llm, tools, system=system, lang=lang)
    fixed: dict[str, Any] = {
        "run": result_summary(result),
        "bound_tools": [t.name for t in llm.bound_tools],
        "requests_recorded": len(llm.requests),
    }
    return _pitfall(4, broken, "scripted_fake_runs", fixed)


def pitfall_5(broken: bool, lang: str = "zh") -> PitfallResult:
    """A fake whose ``bind_tools`` returns a copy.

    Two symptoms, both live: in a loop that re-binds each step, every step gets the
    script's first reply again and the answer is never reached; and in ``run_manual``
    the object you hold records no request at all, so nothing can be checked.
    """
    cls = CopyingScriptedChatModel if broken else ScriptedChatModel
    question, system = demo_questions(lang)[1], system_prompt(lang)
    rebinding = run_rebinding_loop(question, cls(responses=q2_script(lang)), tools_for(lang), system=system)
    held = cls(responses=q2_script(lang))
    manual = run_manual(question, held, tools_for(lang), system=system, lang=lang)
    artifact = {
        "rebinding_loop": rebinding,
        "manual_answer": manual.answer,
        "requests_recorded_on_held_object": len(held.requests),
    }
    return _pitfall(5, broken, "script_restarts" if broken else "script_advances", artifact)


def pitfall_6(broken: bool, hard_limit: int = 20, lang: str = "zh") -> PitfallResult:
    """No guard: a model stuck on one bad call runs until something else stops it."""
    scenario = guard_scenario((STUCK_DATE(lang),), STUCK_QUESTION(lang), DEFAULT_MAX_STEPS, hard_limit, lang)
    scenario["guarded"].pop("requests")
    side = scenario["unguarded" if broken else "guarded"]
    outcome = "runs_until_hard_cap" if broken else "guard_stops"
    return _pitfall(6, broken, outcome, side, tool_runs=side["tool_runs"], model_calls=side["model_calls"])


def pitfall_7(
    broken: bool, llm_factory: LlmFactory | None = None, question: str | None = None, lang: str = "zh"
) -> PitfallResult:
    """A tool call without an id, answered with a made-up id on the ToolMessage only.

    The built-in model is scripted to return one tool call with no ``id`` (models do
    this now and then). Broken: the id ``call_1_0`` is invented for the ToolMessage
    only, so the next request has a ``tool`` message answering no call, and the
    endpoint rejects it with its real 400. Fixed: ``run_manual`` writes the same id on
    the AIMessage's call as well.

    Args:
        broken: which side to run.
        llm_factory: must accept ``script=`` (default: ``build_chat_model``).
        question: the student's question (default :data:`WORD_QUESTION` in ``lang``).
        lang: the edition of tools, prompt and question (``"zh"`` or ``"en"``).
    """
    factory = default_llm_factory(llm_factory)
    question = WORD_QUESTION(lang) if question is None else question
    system = system_prompt(lang)
    script = [
        {
            "content": None,
            "tool_calls": [
                {"id": None, "type": "function", "function": {"name": "lookup_word", "arguments": '{"word": "accord"}'}}
            ],
        }
    ]
    llm = factory(script=script)
    tools = tools_for(lang)
    error = None
    result = None
    with recording() as rec:
        if broken:
            bound = llm.bind_tools(tools)
            messages: list[BaseMessage] = [SystemMessage(content=system), HumanMessage(content=question)]
            ai = bound.invoke(messages)
            messages.append(ai)
            for position, call in enumerate(ai.tool_calls):
                observation = get_tool(call["name"], tools).invoke(call["args"])
                # The id is invented here only; the AIMessage's call keeps no id.
                messages.append(ToolMessage(content=observation, tool_call_id=call.get("id") or f"call_1_{position}"))
            try:
                bound.invoke(messages)
            except Exception as exc:
                error = explain(
                    "model_call",
                    exc,
                    title=Text(
                        "接口拒收：调用缺少 id，tool 消息也就对不上任何调用",
                        "Rejected: the call has no id, so the tool message answers no call",
                    ),
                    hint=Text(
                        "补 id 时要同时写进 AIMessage 的 tool_calls 和 ToolMessage，两边一致。",
                        "When you make up an id, put it on the AIMessage's tool call and on the ToolMessage alike.",
                    ),
                )
        else:
            result = run_manual(question, llm, tools, system=system, lang=lang)
    last = rec.exchanges[-1] if rec.exchanges else None
    artifact = {
        "status_codes": [ex.status_code for ex in rec.exchanges],
        "last_request_messages": last.request_body.get("messages")
        if last and isinstance(last.request_body, dict)
        else None,
        "last_response_body": last.response_body if last else None,
    }
    if result is not None:
        artifact["run"] = result_summary(result)
    return _pitfall(7, broken, "id_mismatch_rejected" if broken else "ids_match", artifact, error)


PITFALLS: dict[int, Callable[..., PitfallResult]] = {
    1: pitfall_1,
    2: pitfall_2,
    3: pitfall_3,
    4: pitfall_4,
    5: pitfall_5,
    6: pitfall_6,
    7: pitfall_7,
}


def pitfall_code(n: int, broken: bool) -> list[Callable[..., Any] | type]:
    """The code each side of pitfall ``n`` really runs, for ``inspect.getsource``.

    Broken sides show the mistake (:mod:`~lessons.tutor.lesson_6_broken`), fixed sides
    the specimen's own code.
    """
    table: dict[int, tuple[list[Callable[..., Any] | type], list[Callable[..., Any] | type]]] = {
        1: ([parse_docstring_comparison], [parse_docstring_comparison, make_get_schedule]),
        2: ([raising_get_schedule, run_tool], [make_get_schedule]),
        3: ([naive_get_schedule], [make_get_schedule]),
        4: ([BaseChatModel.bind_tools], [ScriptedChatModel.bind_tools]),
        5: ([CopyingScriptedChatModel.bind_tools, run_rebinding_loop], [ScriptedChatModel.bind_tools]),
        6: ([run_unguarded], [LoopGuard]),
        7: ([pitfall_7], [run_manual]),
    }
    return table[n][0 if broken else 1]
