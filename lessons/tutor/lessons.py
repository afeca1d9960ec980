"""What the six tutor lesson pages show, as pure functions over real runs.

Every function here runs the real specimen (tools, loops, LangGraph, the chat client
over the wire) and returns plain data: dicts, lists, strings and the dataclasses of
:mod:`lessons.tutor.agent`. Pages render it; tests check it. Bilingual labels are
``{"zh": ..., "en": ...}`` dicts; the tools' own texts stay in Chinese.

Models are passed in. Functions that need a model built over the wire take an
``llm_factory`` (default: ``toolcall_lab.llm.build_chat_model``, the built-in teaching
model) because each run should start from a fresh client.

Lessons:

1. :func:`lesson1_four_steps` -- the model talks, your code acts.
2. :func:`lesson2_tools_for_programs` -- friendly error text; one factory, two data sets.
3. :func:`lesson3_registry` and :func:`parse_docstring_comparison` -- the snapshot and its pitfall.
4. :func:`lesson4_loop_guard` -- the guard against a model stuck on one bad call.
5. :func:`lesson5_manual_vs_react` -- one script through both loops, the graph, the warning.
6. :func:`pitfall_1` ... :func:`pitfall_7` -- the seven pitfalls, broken and fixed, live.
"""

from __future__ import annotations

import os
import traceback
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from typing import Any

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.tools import BaseTool, tool
from langchain_core.utils.function_calling import convert_to_openai_tool

from lessons.tutor.agent import (
    STOP_FINAL,
    STOP_MAX_STEPS,
    STOP_REPEAT,
    SYSTEM_PROMPT,
    AgentResult,
    run_manual,
    run_react,
)
from lessons.tutor.demo import DEMO_QUESTIONS
from lessons.tutor.fakes import ScriptedChatModel
from lessons.tutor.loop_guard import DEFAULT_MAX_STEPS
from lessons.tutor.registry import get_tool, schema_snapshot
from lessons.tutor.tools import build_tools, make_get_schedule
from toolcall_lab.errors import ExplainedError, explain

LlmFactory = Callable[..., BaseChatModel]

# Lesson number -> the prose file stem in lessons/content (``<stem>.zh.md`` / ``<stem>.en.md``).
# Why a run stopped, in words, for the pages.
STOP_REASON_TEXT: dict[str, dict[str, str]] = {
    STOP_FINAL: {"zh": "模型不再要工具，给出了最终回答", "en": "the model asked for no more tools and answered"},
    STOP_MAX_STEPS: {"zh": "步数用完，护栏强制收工", "en": "the step budget ran out; the guard stopped the run"},
    STOP_REPEAT: {
        "zh": "模型被提醒后仍原样重复调用，护栏叫停",
        "en": "the model repeated a call after being warned; the guard stopped it",
    },
}


def _default_factory(llm_factory: LlmFactory | None) -> LlmFactory:
    """The given factory, or the built-in teaching model's (imported only when needed)."""
    if llm_factory is not None:
        return llm_factory
    from toolcall_lab.llm import build_chat_model

    return build_chat_model


def result_summary(result: AgentResult) -> dict[str, Any]:
    """An :class:`AgentResult` as plain data (without the message objects)."""
    return {
        "question": result.question,
        "answer": result.answer,
        "stop_reason": result.stop_reason,
        "stop_reason_text": STOP_REASON_TEXT.get(
            result.stop_reason, {"zh": result.stop_reason, "en": result.stop_reason}
        ),
        "steps": [asdict(step) for step in result.steps],
    }


# =============================================================================
# Lesson 1 -- the model talks, your code acts
# =============================================================================
def lesson1_four_steps(llm: BaseChatModel, question: str = DEMO_QUESTIONS[1]) -> dict[str, Any]:
    """Run the article's question two through ``run_manual`` and cut it into the four steps.

    Pass a lab-built model (``build_chat_model()``) to see the wire bodies; with any
    other model the ``request``/``wire_*`` entries are ``None``.

    Args:
        llm: the chat model.
        question: the question (default: tomorrow's classes plus progress, in one sentence).

    Returns:
        ``{"question", "steps", "result", "exchanges"}``. ``steps`` holds four dicts,
        each ``{"key", "title", "artifact"}``:

        1. ``ask`` -- the first request body: the question plus the tools' schemas;
        2. ``intent`` -- the model's tool calls of step 1 (parsed) and as they came on
           the wire (``arguments`` a JSON string);
        3. ``act`` -- each call run by our code: name, args, id, observation;
        4. ``answer`` -- the second request (ToolMessages appended) and the final answer.
    """
    from toolcall_lab.capture import recording

    with recording() as rec:
        result = run_manual(question, llm)
    exchanges = [ex.to_dict() for ex in rec.exchanges]
    first = rec.exchanges[0] if rec.exchanges else None
    second = rec.exchanges[1] if len(rec.exchanges) > 1 else None
    step1 = result.steps[0] if result.steps else None
    wire_calls = None
    if first is not None and isinstance(first.response_body, dict):
        wire_calls = first.response_body["choices"][0]["message"].get("tool_calls")
    executions = []
    if step1 is not None:
        for call, observation in zip(step1.tool_calls, step1.observations):
            executions.append(
                {"name": call["name"], "args": call["args"], "id": call["id"], "observation": observation}
            )
    steps = [
        {
            "key": "ask",
            "title": {
                "zh": "① 程序把问题和工具清单一起发给模型",
                "en": "① Your program sends the question with the tool list",
            },
            "artifact": {"request": first.request_body if first else None},
        },
        {
            "key": "intent",
            "title": {
                "zh": "② 模型只回一行意图：想调哪个工具、传什么参数",
                "en": "② The model only states an intent: which tool, which arguments",
            },
            "artifact": {"tool_calls": step1.tool_calls if step1 else [], "wire_tool_calls": wire_calls},
        },
        {
            "key": "act",
            "title": {
                "zh": "③ 你的代码真的执行工具，结果包成 ToolMessage",
                "en": "③ Your code really runs each tool and wraps the result in a ToolMessage",
            },
            "artifact": {"executions": executions},
        },
        {
            "key": "answer",
            "title": {
                "zh": "④ 再问一轮，模型看着结果组织回答",
                "en": "④ Ask again: the model words its answer from the results",
            },
            "artifact": {"request": second.request_body if second else None, "answer": result.answer},
        },
    ]
    return {"question": question, "steps": steps, "result": result_summary(result), "exchanges": exchanges}


# =============================================================================
# Lesson 2 -- tools are written for programs
# =============================================================================

# Other data for the same factory: a branch campus whose S1001 has a different Saturday.
OTHER_SCHEDULES: dict[str, dict[str, list[dict[str, str]]]] = {
    "S1001": {
        "2026-07-25": [{"time": "13:30-15:00", "course": "雅思口语小班", "teacher": "孙老师", "room": "分校 A201"}],
    },
}

# The bad inputs the gallery shows: (tool, arguments).
BAD_INPUT_CASES: tuple[tuple[str, dict[str, str]], ...] = (
    ("lookup_word", {"word": ""}),
    ("lookup_word", {"word": "xylophone"}),
    ("get_schedule", {"student_id": "", "date": "2026-07-25"}),
    ("get_schedule", {"student_id": "S1001", "date": "明天"}),
    ("get_schedule", {"student_id": "S1001", "date": "下周三"}),
    ("get_schedule", {"student_id": "S1001", "date": "tomorrow"}),
    ("get_schedule", {"student_id": "S1001", "date": "2026-02-30"}),
    ("get_schedule", {"student_id": "S9999", "date": "2026-07-25"}),
    ("get_schedule", {"student_id": "S1001", "date": "2026-07-26"}),
    ("get_learning_record", {"student_id": "S9999"}),
)


def bad_input_gallery(tools: Sequence[BaseTool] | None = None) -> list[dict[str, Any]]:
    """Call each tool with each bad input and keep what it said (it never raises).

    Returns:
        ``[{"tool", "args", "reply"}]`` in the order of :data:`BAD_INPUT_CASES`.
    """
    pool = list(tools) if tools is not None else build_tools()
    return [
        {"tool": name, "args": dict(args), "reply": get_tool(name, pool).invoke(dict(args))}
        for name, args in BAD_INPUT_CASES
    ]


def lesson2_tools_for_programs(llm: BaseChatModel, question: str = DEMO_QUESTIONS[2]) -> dict[str, Any]:
    """The 下周三 run, the bad-input gallery, and one factory over two data sets.

    Args:
        llm: the chat model for the 下周三 run.
        question: default ``"下周三我有课吗？学号 S1001"``.

    Returns:
        ``{"run", "tool_call", "tool_message", "answer", "gallery", "same_factory"}``.
        ``same_factory`` is ``{"call", "default_data", "other_data"}``: the same call
        answered by ``make_get_schedule`` over the default data and over
        :data:`OTHER_SCHEDULES`.
    """
    result = run_manual(question, llm)
    first = result.steps[0] if result.steps else None
    call = {"student_id": "S1001", "date": "2026-07-25"}
    from lessons.tutor.data import SCHEDULES

    return {
        "run": result_summary(result),
        "tool_call": first.tool_calls[0] if first else None,
        "tool_message": first.observations[0] if first else None,
        "answer": result.answer,
        "gallery": bad_input_gallery(),
        "same_factory": {
            "call": call,
            "default_data": make_get_schedule(SCHEDULES).invoke(call),
            "other_data": make_get_schedule(OTHER_SCHEDULES).invoke(call),
        },
    }


# =============================================================================
# Lesson 3 -- registry, schema snapshot, and the parse_docstring pitfall
# =============================================================================
def parse_docstring_comparison(name: str = "get_schedule", tools: Sequence[BaseTool] | None = None) -> dict[str, Any]:
    """Build one tool's function twice, with and without ``parse_docstring=True``.

    The same Python function (the tool's ``func``) goes through ``@tool`` and through
    ``@tool(parse_docstring=True)``; both schemas are the libraries' real output.

    Returns:
        ``{"name", "with", "without", "lost"}`` where ``with``/``without`` are
        ``{"description", "model_json_schema", "openai_tool"}`` and ``lost`` lists
        ``{"parameter", "description"}`` for every parameter description that only
        the flag put into the schema.
    """
    func = get_tool(name, tools if tools is not None else build_tools()).func
    built = {"with": tool(parse_docstring=True)(func), "without": tool(func)}
    out: dict[str, Any] = {"name": name}
    for key, item in built.items():
        out[key] = {
            "description": item.description,
            "model_json_schema": item.args_schema.model_json_schema(),
            "openai_tool": convert_to_openai_tool(item),
        }
    with_props = out["with"]["openai_tool"]["function"]["parameters"]["properties"]
    without_props = out["without"]["openai_tool"]["function"]["parameters"]["properties"]
    out["lost"] = [
        {"parameter": pname, "description": schema["description"]}
        for pname, schema in with_props.items()
        if schema.get("description") and not without_props.get(pname, {}).get("description")
    ]
    return out


def lesson3_registry(tools: Sequence[BaseTool] | None = None) -> dict[str, Any]:
    """The snapshot of every schema, a lookup miss, and the parse_docstring comparison.

    Returns:
        ``{"snapshot", "names", "lookup_error", "comparison"}``; ``lookup_error`` is the
        real ``KeyError`` text ``get_tool`` raises for an unknown name.
    """
    try:
        get_tool("get_weather", tools)
        lookup_error = ""
    except KeyError as exc:
        lookup_error = str(exc.args[0])
    snapshot = schema_snapshot(tools)
    return {
        "snapshot": snapshot,
        "names": [entry["name"] for entry in snapshot],
        "lookup_error": lookup_error,
        "comparison": parse_docstring_comparison("get_schedule", tools),
    }


# =============================================================================
# Lesson 4 -- the loop guard
# =============================================================================
class ToolRunCounter(BaseCallbackHandler):
    """Counts how many times tools really ran (LangChain calls ``on_tool_start`` each time)."""

    def __init__(self) -> None:
        self.runs: list[str] = []

    def on_tool_start(self, serialized: dict[str, Any], input_str: str, **kwargs: Any) -> None:
        self.runs.append(str((serialized or {}).get("name", "")))


def counted_tools() -> tuple[list[BaseTool], ToolRunCounter]:
    """Fresh default tools that report every real run to one counter."""
    counter = ToolRunCounter()
    pool = build_tools()
    for item in pool:
        item.callbacks = [counter]
    return pool, counter


def run_unguarded(
    question: str,
    llm: BaseChatModel,
    tools: Sequence[BaseTool],
    *,
    hard_limit: int = 20,
    system: str = SYSTEM_PROMPT,
) -> dict[str, Any]:
    """The loop *without* its guard: no step limit, no repeat check. A counter-example.

    It would run as long as the model keeps asking; ``hard_limit`` is only here so the
    lesson itself ends. Returns ``{"model_calls", "answer", "reached_hard_limit"}``.
    """
    by_name = {t.name: t for t in tools}
    bound = llm.bind_tools(list(tools))
    messages: list[BaseMessage] = [SystemMessage(content=system), HumanMessage(content=question)]
    for calls_made in range(1, hard_limit + 1):
        ai = bound.invoke(messages)
        messages.append(ai)
        if not ai.tool_calls:
            return {"model_calls": calls_made, "answer": ai.content, "reached_hard_limit": False}
        for call in ai.tool_calls:
            # Runs every call, however often it was made before.
            messages.append(
                ToolMessage(content=str(by_name[call["name"]].invoke(call["args"])), tool_call_id=call["id"])
            )
    return {"model_calls": hard_limit, "answer": None, "reached_hard_limit": True}


def _stuck_script(count: int, dates: Sequence[str] = ("下周三",)) -> list[AIMessage]:
    """A model stuck on get_schedule: ``count`` replies cycling through ``dates``."""
    return [
        AIMessage(
            content="",
            tool_calls=[
                {
                    "name": "get_schedule",
                    "args": {"student_id": "S1001", "date": dates[i % len(dates)]},
                    "id": f"stuck_{i + 1}",
                }
            ],
        )
        for i in range(count)
    ]


# A model that keeps rephrasing the date: no two calls are the same, so only the step
# limit can stop it.
REPHRASED_DATES: tuple[str, ...] = (
    "下周三",
    "下星期三",
    "next Wednesday",
    "周三",
    "7月29日",
    "2026/07/29",
    "下礼拜三",
    "29号",
)


def _prompt_chars(requests: Sequence[Sequence[BaseMessage]]) -> int:
    """Characters of message content sent over all requests: a rough proxy for tokens paid."""
    return sum(len(str(m.content)) for request in requests for m in request)


def _guard_scenario(dates: Sequence[str], question: str, max_steps: int, hard_limit: int) -> dict[str, Any]:
    guarded_llm = ScriptedChatModel(responses=_stuck_script(hard_limit, dates))
    guarded_tools, guarded_counter = counted_tools()
    result = run_manual(question, guarded_llm, guarded_tools, max_steps=max_steps)
    free_llm = ScriptedChatModel(responses=_stuck_script(hard_limit, dates))
    free_tools, free_counter = counted_tools()
    unguarded = run_unguarded(question, free_llm, free_tools, hard_limit=hard_limit)
    return {
        "guarded": {
            "result": result_summary(result),
            "model_calls": len(guarded_llm.requests),
            "tool_runs": len(guarded_counter.runs),
            "prompt_chars": _prompt_chars(guarded_llm.requests),
            "requests": guarded_llm.requests,
        },
        "unguarded": {
            **unguarded,
            "tool_runs": len(free_counter.runs),
            "prompt_chars": _prompt_chars(free_llm.requests),
        },
    }


def lesson4_loop_guard(
    max_steps: int = DEFAULT_MAX_STEPS, hard_limit: int = 20, question: str = "下周三我有课吗？"
) -> dict[str, Any]:
    """A scripted model stuck on one bad call, with and without the guard.

    Two scenarios, each run guarded (``run_manual``) and unguarded (:func:`run_unguarded`,
    capped at ``hard_limit``):

    * ``repeat`` -- the same call ``get_schedule(S1001, 下周三)`` every time. The guard runs
      it once, answers the second with a repeat notice (which the model receives in
      its next request), and stops when the model repeats it anyway.
    * ``rephrase`` -- the date reworded every time (:data:`REPHRASED_DATES`): no repeat to
      detect, so the step limit ends it.

    Returns:
        ``{"repeat": {...}, "rephrase": {...}, "notice_received", "max_steps", "hard_limit"}``.
        Each scenario has ``guarded`` (``result``, ``model_calls``, ``tool_runs``,
        ``prompt_chars``) and ``unguarded`` (``model_calls``, ``tool_runs``,
        ``prompt_chars``, ``reached_hard_limit``). ``notice_received`` is the
        ToolMessage text the model was sent in place of the repeated call.
    """
    repeat = _guard_scenario(("下周三",), question, max_steps, hard_limit)
    rephrase = _guard_scenario(REPHRASED_DATES, question, max_steps, hard_limit)
    requests = repeat["guarded"].pop("requests")
    rephrase["guarded"].pop("requests")
    notice = None
    if len(requests) >= 3:
        # Request 3 ends with the ToolMessage that answered the second (repeated) call.
        notice = requests[2][-1].content
    return {
        "repeat": repeat,
        "rephrase": rephrase,
        "notice_received": notice,
        "max_steps": max_steps,
        "hard_limit": hard_limit,
    }


# =============================================================================
# Lesson 5 -- manual loop vs ReAct
# =============================================================================
def q2_script() -> list[AIMessage | str]:
    """The article's question two as a script: two parallel calls, then the answer."""
    return [
        AIMessage(
            content="",
            tool_calls=[
                {"name": "get_schedule", "args": {"student_id": "S1001", "date": "2026-07-25"}, "id": "call_schedule"},
                {"name": "get_learning_record", "args": {"student_id": "S1001"}, "id": "call_record"},
            ],
        ),
        "7 月 25 日（周六）你有两节课：09:00-10:30 雅思写作精讲（王老师，3 号教室），"
        "19:00-20:00 口语陪练（外教 Anna，线上）。另外你已学 42/80 课时，进度 52%。",
    ]


def react_deprecation_warning() -> dict[str, Any]:
    """Capture the warning ``create_react_agent`` prints, by running ``run_react`` once.

    Returns:
        ``{"category", "message", "printed", "printed_relative"}``. ``printed`` is the
        text exactly as Python prints it (``warnings.formatwarning``); ``printed_relative``
        is the same with the file path made relative to the current directory.
    """
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run_react("你好", ScriptedChatModel(responses=["你好"]))
    hits = [w for w in caught if "create_react_agent" in str(w.message)]
    if not hits:
        return {"category": None, "message": None, "printed": None, "printed_relative": None}
    w = hits[0]
    try:
        relative = os.path.relpath(w.filename)
    except ValueError:  # another drive on Windows
        relative = w.filename
    return {
        "category": w.category.__name__,
        "message": str(w.message),
        "printed": warnings.formatwarning(w.message, w.category, w.filename, w.lineno, w.line),
        "printed_relative": warnings.formatwarning(w.message, w.category, relative, w.lineno, w.line),
    }


def react_graph_mermaid(tools: Sequence[BaseTool] | None = None, *, with_styles: bool = True) -> str:
    """The prebuilt agent's own graph, as Mermaid text from ``get_graph().draw_mermaid()``.

    ``with_styles=False`` leaves out the HTML labels and class styles, for a renderer
    that draws plain Mermaid.
    """
    from langgraph.prebuilt import create_react_agent

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # shown by react_deprecation_warning instead
        agent = create_react_agent(ScriptedChatModel(responses=[]), list(tools) if tools is not None else build_tools())
    return agent.get_graph().draw_mermaid(with_styles=with_styles)


def lesson5_manual_vs_react(
    script: Sequence[AIMessage | str] | None = None, question: str = DEMO_QUESTIONS[1]
) -> dict[str, Any]:
    """One script through both loops, compared; plus the graph and the deprecation warning.

    Args:
        script: the model's replies (default :func:`q2_script`); each loop gets its own copy.
        question: the question both loops receive.

    Returns:
        ``{"manual", "react", "same_answer", "same_observations", "manual_model_calls",
        "react_model_calls", "mermaid", "warning"}``.
    """
    lines = list(script) if script is not None else q2_script()
    manual_llm = ScriptedChatModel(responses=list(lines))
    react_llm = ScriptedChatModel(responses=list(lines))
    manual = run_manual(question, manual_llm)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        react = run_react(question, react_llm)
    return {
        "manual": result_summary(manual),
        "react": result_summary(react),
        "same_answer": manual.answer == react.answer,
        "same_observations": [s.observations for s in manual.steps] == [s.observations for s in react.steps],
        "manual_model_calls": len(manual_llm.requests),
        "react_model_calls": len(react_llm.requests),
        "mermaid": react_graph_mermaid(),
        "warning": react_deprecation_warning(),
    }


# =============================================================================
# Lesson 6 -- the seven pitfalls, broken and fixed
# =============================================================================
def _pitfall(
    n: int,
    broken: bool,
    title: dict[str, str],
    outcome: dict[str, str],
    artifact: dict[str, Any],
    error: ExplainedError | None = None,
) -> dict[str, Any]:
    return {"n": n, "broken": broken, "title": title, "outcome": outcome, "artifact": artifact, "error": error}


PITFALL_TITLES: dict[int, dict[str, str]] = {
    1: {"zh": "裸用 @tool：Args 段被静默丢弃", "en": "Bare @tool: the Args section is silently dropped"},
    2: {"zh": "工具抛异常，整个循环跟着炸", "en": "A tool raises, and the whole loop blows up"},
    3: {"zh": "模型把「明天」原样传给 date", "en": "The model passes 「明天」 (tomorrow) straight into date"},
    4: {"zh": "自带的 FakeListChatModel 跑不了工具通路", "en": "The stock FakeListChatModel cannot do tool calling"},
    5: {"zh": "bind_tools 返回副本，脚本被打回第一条", "en": "bind_tools returns a copy and the script restarts"},
    6: {"zh": "没有护栏的循环是最贵的 bug", "en": "A loop without a guard is the most expensive bug"},
    7: {"zh": "tool_call_id 对不上，接口直接拒收", "en": "A tool_call_id that matches nothing is rejected"},
}


def pitfall_1(broken: bool) -> dict[str, Any]:
    """``@tool`` without ``parse_docstring=True``: the parameter descriptions vanish.

    The artifact is the real OpenAI tool schema of ``get_schedule`` built either way,
    and the descriptions lost.
    """
    comparison = parse_docstring_comparison("get_schedule")
    side = comparison["without" if broken else "with"]
    lost = comparison["lost"] if broken else []
    outcome = (
        {
            "zh": f"参数说明丢了 {len(lost)} 条，模型只看到参数名和类型，且不会报任何错。",
            "en": f"{len(lost)} parameter descriptions are gone; the model sees only names and types, and nothing errors.",
        }
        if broken
        else {
            "zh": "每个参数都带着说明，格式要求（YYYY-MM-DD）进了 schema。",
            "en": "Every parameter carries its description; the format rule (YYYY-MM-DD) is in the schema.",
        }
    )
    return _pitfall(1, broken, PITFALL_TITLES[1], outcome, {"openai_tool": side["openai_tool"], "lost": lost})


def _raising_get_schedule() -> BaseTool:
    """A get_schedule that raises on a bad date instead of explaining it (the broken kind)."""
    import datetime as _dt

    from lessons.tutor.data import SCHEDULES

    @tool(parse_docstring=True)
    def get_schedule(student_id: str, date: str) -> str:
        """查询某个学生在指定日期的课表。当学生问「我明天有课吗」「几点上课」时调用本工具。

        Args:
            student_id: 学号，例如 S1001。
            date: 要查的日期，必须是 YYYY-MM-DD 格式，例如 2026-07-25。
        """
        day = _dt.date.fromisoformat(date)  # raises ValueError on 「明天」
        lessons = SCHEDULES.get(student_id, {}).get(day.isoformat()) or []
        return "\n".join(f"{x['time']} {x['course']}" for x in lessons) or "没有排课"

    return get_schedule


def pitfall_2(broken: bool, llm_factory: LlmFactory | None = None, question: str = "明天我有课吗？") -> dict[str, Any]:
    """A tool that raises on a bad date, inside LangGraph's prebuilt loop.

    Broken: ``get_schedule`` raises ``ValueError`` on 「明天」; the prebuilt ToolNode
    re-raises errors from a tool's body, so ``run_react`` itself fails (captured here
    as an :class:`ExplainedError`). The artifact also shows ``run_manual`` on the same
    tool: its try/except (second line of defence) turns the error into text.
    Fixed: the real tool answers with a sentence, and the run ends with an honest answer.
    """
    factory = _default_factory(llm_factory)
    if not broken:
        result = run_react(question, factory())
        return _pitfall(
            2,
            broken,
            PITFALL_TITLES[2],
            {
                "zh": "工具把错误说成一句话，循环照常走完，模型如实回答。",
                "en": "The tool turns the error into a sentence; the loop finishes and the model answers honestly.",
            },
            {"run": result_summary(result)},
        )
    tools = [_raising_get_schedule(), *[t for t in build_tools() if t.name != "get_schedule"]]
    error = None
    try:
        run_react(question, factory(), tools)
    except Exception as exc:
        error = explain(
            "tool",
            exc,
            zh="工具抛出的异常冲出了整个 Agent 循环",
            en="The tool's exception escaped the whole agent loop",
            hint_zh="工具内把非法参数转成友好文本返回；循环里再包一层 try/except。",
            hint_en="Return friendly text for bad arguments inside the tool; wrap each call in try/except in the loop.",
        )
    contained = run_manual(question, factory(), tools)
    return _pitfall(
        2,
        broken,
        PITFALL_TITLES[2],
        {
            "zh": "run_react 直接崩溃；run_manual 靠 try/except 兜住了这一步。",
            "en": "run_react crashes; run_manual's try/except contains the step.",
        },
        {"manual_with_try_except": result_summary(contained)},
        error,
    )


def _naive_get_schedule(schedules: Mapping[str, Mapping[str, Sequence[Mapping[str, str]]]]) -> BaseTool:
    """A get_schedule whose date has no format rule, neither in its description nor in its checks."""

    @tool(parse_docstring=True)
    def get_schedule(student_id: str, date: str) -> str:
        """查询某个学生在指定日期的课表。当学生问「我明天有课吗」「几点上课」时调用本工具。

        Args:
            student_id: 学号，例如 S1001。
            date: 日期。
        """
        lessons = schedules.get(student_id, {}).get(date) or []
        if not lessons:
            return f"{student_id} 在 {date} 没有排课。"
        return "\n".join(f"{x['time']} {x['course']} · {x['teacher']} 在 {x['room']}" for x in lessons)

    return get_schedule


def pitfall_3(broken: bool, llm_factory: LlmFactory | None = None, question: str = "我明天有课吗？") -> dict[str, Any]:
    """「明天」passed straight into ``date``.

    Broken: the rule lives nowhere (no "YYYY-MM-DD" in the description, no check), so
    the tool looks up the string 「明天」, finds nothing, and says there is no class: a
    confident wrong answer, the article's incident again (2026-07-25 has two lessons).
    Fixed: the real tool states the format in its description and in its reply, and
    the model says it cannot tell which day 「明天」 is.
    """
    from lessons.tutor.data import SCHEDULES

    factory = _default_factory(llm_factory)
    if broken:
        tools = [_naive_get_schedule(SCHEDULES), *[t for t in build_tools() if t.name != "get_schedule"]]
    else:
        tools = build_tools()
    result = run_manual(question, factory(), tools)
    schedule = get_tool("get_schedule", tools)
    outcome = (
        {
            "zh": "工具查了字符串「明天」，说没课；模型据此回答——答案错了，但没有任何报错。",
            "en": "The tool looked up the string 「明天」 and said no class; the model repeated it: wrong, and nothing errored.",
        }
        if broken
        else {
            "zh": "工具回了格式提示，模型老实承认不知道「明天」是几号，请学生给日期。",
            "en": "The tool replied with the format rule; the model admits it cannot tell the date and asks for one.",
        }
    )
    return _pitfall(
        3,
        broken,
        PITFALL_TITLES[3],
        outcome,
        {
            "run": result_summary(result),
            "date_schema": convert_to_openai_tool(schedule)["function"]["parameters"]["properties"]["date"],
        },
    )


def _raised_in(exc: BaseException) -> str:
    """Where an exception was raised, as ``package/module.py:function`` (no machine paths)."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    frame = frames[-1]
    parts = frame.filename.replace(os.sep, "/").split("/")
    for anchor in ("langchain_core", "lessons", "langgraph"):
        if anchor in parts:
            parts = parts[parts.index(anchor) :]
            break
    else:
        parts = parts[-1:]
    return f"{'/'.join(parts)}:{frame.name}"


def pitfall_4(broken: bool) -> dict[str, Any]:
    """``FakeListChatModel.bind_tools`` really raises ``NotImplementedError``.

    Fixed: :class:`~lessons.tutor.fakes.ScriptedChatModel` binds the tools, runs the
    loop and keeps every request.
    """
    script = q2_script()
    question = DEMO_QUESTIONS[1]
    if broken:
        from langchain_core.language_models import FakeListChatModel

        error = None
        raised_in = None
        try:
            run_manual(question, FakeListChatModel(responses=["你好"]))
        except NotImplementedError as exc:
            raised_in = _raised_in(exc)
            error = explain(
                "bind_tools",
                exc,
                zh="FakeListChatModel 没有实现 bind_tools",
                en="FakeListChatModel does not implement bind_tools",
                hint_zh="用一个自己的脚本假模型：bind_tools 就地记录并 return self。",
                hint_en="Use your own scripted fake: record the tools in bind_tools and return self.",
            )
        return _pitfall(
            4,
            broken,
            PITFALL_TITLES[4],
            {
                "zh": "第一步 bind_tools 就抛 NotImplementedError，循环根本没开始。",
                "en": "bind_tools raises NotImplementedError at the first line; the loop never starts.",
            },
            {"exception": error.detail if error else None, "raised_in": raised_in},
            error,
        )
    llm = ScriptedChatModel(responses=script)
    result = run_manual(question, llm)
    return _pitfall(
        4,
        broken,
        PITFALL_TITLES[4],
        {
            "zh": "脚本假模型绑定了三个工具，跑完两步，还存下了每次请求。",
            "en": "The scripted fake bound the three tools, ran both steps, and kept every request.",
        },
        {
            "run": result_summary(result),
            "bound_tools": [t.name for t in llm.bound_tools],
            "requests_recorded": len(llm.requests),
        },
    )


class CopyingScriptedChatModel(ScriptedChatModel):
    """The broken fake: ``bind_tools`` returns a *new* model, starting the script over."""

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedChatModel:  # type: ignore[override]
        fresh = ScriptedChatModel(responses=list(self.responses))
        fresh.bound_tools = list(tools)
        return fresh


def run_rebinding_loop(
    question: str, llm: BaseChatModel, tools: Sequence[BaseTool], *, max_steps: int = DEFAULT_MAX_STEPS
) -> dict[str, Any]:
    """A loop that calls ``bind_tools`` inside every step, as many graph nodes do.

    Returns:
        ``{"replies", "answer"}``: each step's tool calls (or final text), and the answer
        if one was reached within ``max_steps``.
    """
    by_name = {t.name: t for t in tools}
    messages: list[BaseMessage] = [SystemMessage(content=SYSTEM_PROMPT), HumanMessage(content=question)]
    replies: list[Any] = []
    for _ in range(max_steps):
        ai = llm.bind_tools(list(tools)).invoke(messages)  # re-bound every step
        messages.append(ai)
        if not ai.tool_calls:
            replies.append(ai.content)
            return {"replies": replies, "answer": ai.content}
        replies.append([{"name": c["name"], "args": c["args"]} for c in ai.tool_calls])
        for c in ai.tool_calls:
            messages.append(ToolMessage(content=str(by_name[c["name"]].invoke(c["args"])), tool_call_id=c["id"]))
    return {"replies": replies, "answer": None}


def pitfall_5(broken: bool) -> dict[str, Any]:
    """A fake whose ``bind_tools`` returns a copy.

    Two symptoms, both live: in a loop that re-binds each step, every step gets the
    script's first reply again and the answer is never reached; and in ``run_manual``
    the object you hold records no request at all, so nothing can be checked.
    """
    cls = CopyingScriptedChatModel if broken else ScriptedChatModel
    rebinding = run_rebinding_loop(DEMO_QUESTIONS[1], cls(responses=q2_script()), build_tools())
    held = cls(responses=q2_script())
    manual = run_manual(DEMO_QUESTIONS[1], held)
    outcome = (
        {
            "zh": "每一步都拿到脚本第一条，永远走不到回答；手里那个对象一条请求都没记下。",
            "en": "Every step gets the first scripted reply and never reaches the answer; the object you hold recorded no request.",
        }
        if broken
        else {
            "zh": "bind_tools 返回 self：脚本按顺序推进，请求都记在同一个对象上。",
            "en": "bind_tools returns self: the script advances in order and requests are kept on the same object.",
        }
    )
    return _pitfall(
        5,
        broken,
        PITFALL_TITLES[5],
        outcome,
        {
            "rebinding_loop": rebinding,
            "manual_answer": manual.answer,
            "requests_recorded_on_held_object": len(held.requests),
        },
    )


def pitfall_6(broken: bool, hard_limit: int = 20) -> dict[str, Any]:
    """No guard: a model stuck on one bad call runs until something else stops it."""
    scenario = _guard_scenario(("下周三",), "下周三我有课吗？", DEFAULT_MAX_STEPS, hard_limit)
    scenario["guarded"].pop("requests")
    side = scenario["unguarded" if broken else "guarded"]
    outcome = (
        {
            "zh": f"同一个错误调用跑了 {side['tool_runs']} 次，模型被调用 {side['model_calls']} 次，只因为课程设了硬上限才停。",
            "en": f"The same bad call ran {side['tool_runs']} times over {side['model_calls']} model calls; only the lesson's hard cap stopped it.",
        }
        if broken
        else {
            "zh": f"工具只跑了 {side['tool_runs']} 次，模型被调用 {side['model_calls']} 次就收工。",
            "en": f"The tool ran {side['tool_runs']} time(s) and the run ended after {side['model_calls']} model calls.",
        }
    )
    return _pitfall(6, broken, PITFALL_TITLES[6], outcome, side)


def pitfall_7(broken: bool, llm_factory: LlmFactory | None = None, question: str = "accord 是几级？") -> dict[str, Any]:
    """A tool call without an id, answered with a made-up id on the ToolMessage only.

    The built-in model is scripted to return one tool call with no ``id`` (models do
    this now and then). Broken: the id ``call_1_0`` is invented for the ToolMessage
    only, so the next request has a ``tool`` message answering no call, and the
    endpoint rejects it with its real 400. Fixed: ``run_manual`` writes the same id on
    the AIMessage's call as well.

    Args:
        broken: which side to run.
        llm_factory: must accept ``script=`` (default: ``build_chat_model``).
        question: the student's question.
    """
    from toolcall_lab.capture import recording

    factory = _default_factory(llm_factory)
    script = [
        {
            "content": None,
            "tool_calls": [
                {"id": None, "type": "function", "function": {"name": "lookup_word", "arguments": '{"word": "accord"}'}}
            ],
        }
    ]
    llm = factory(script=script)
    tools = build_tools()
    error = None
    result = None
    with recording() as rec:
        if broken:
            bound = llm.bind_tools(tools)
            messages: list[BaseMessage] = [SystemMessage(content=SYSTEM_PROMPT), HumanMessage(content=question)]
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
                    zh="接口拒收：调用缺少 id，tool 消息也就对不上任何调用",
                    en="Rejected: the call has no id, so the tool message answers no call",
                    hint_zh="补 id 时要同时写进 AIMessage 的 tool_calls 和 ToolMessage，两边一致。",
                    hint_en="When you make up an id, put it on the AIMessage's tool call and on the ToolMessage alike.",
                )
        else:
            result = run_manual(question, llm, tools)
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
    outcome = (
        {
            "zh": "第二次请求被内置接口以 400 拒收：AIMessage 里的调用没有 id，补出来的 id 只写在了 tool 消息上，两边对不上。",
            "en": "The second request is rejected by the built-in endpoint with a 400: the call on the AIMessage has no id, "
            "and the id made up for the tool message matches nothing.",
        }
        if broken
        else {
            "zh": "同一个 id 写在调用和结果两边，第二次请求 200，模型正常回答。",
            "en": "The same id on the call and on its result: the second request returns 200 and the model answers.",
        }
    )
    return _pitfall(7, broken, PITFALL_TITLES[7], outcome, artifact, error)


PITFALLS: dict[int, Callable[..., dict[str, Any]]] = {
    1: pitfall_1,
    2: pitfall_2,
    3: pitfall_3,
    4: pitfall_4,
    5: pitfall_5,
    6: pitfall_6,
    7: pitfall_7,
}
