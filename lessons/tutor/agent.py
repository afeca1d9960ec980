"""The agent's heart, twice: the loop written by hand, then LangGraph's prebuilt one.

The model never runs anything. It only *says* which tool it wants, with which
arguments; our code runs it and hands the result back. One turn of the loop:

1. ``bind_tools`` puts the tools' schemas into every request, so the model knows
   what it may ask for.
2. ``invoke`` -> an ``AIMessage``; its ``tool_calls`` are the model's request.
3. Our code runs each tool (``run_tool``); the model never does.
4. Each result goes back as a ``ToolMessage`` whose ``tool_call_id`` answers one
   call; then we ask the model again, and it writes the answer from the results.

``run_manual`` writes that loop out (with the :class:`~lessons.tutor.loop_guard.LoopGuard`
and a try/except around every tool); ``run_react`` hands the same job to
``langgraph.prebuilt.create_react_agent`` and rebuilds the same record from its
messages, so the two can be compared on one script.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.tools import BaseTool

from lessons.tutor.loop_guard import DEFAULT_MAX_STEPS, LoopGuard, StepLimitExceeded
from lessons.tutor.registry import TOOLS
from toolcall_lab.i18n import Text

# Why a run ended. There are only these exits.
STOP_FINAL = "final"  # the model stopped asking for tools: its reply is the answer
STOP_MAX_STEPS = "max_steps"  # the step budget ran out
STOP_REPEAT = "repeat"  # the model repeated a call even after being told it was a repeat

# Who the model is, which student it is talking to, and the one rule: look it up.
# The student id is here so the model can fill ``student_id`` when the student does
# not say it. There is deliberately no "today's date": the model cannot turn
# 「下周三」 into a date, and the lesson is what it does about that.
SYSTEM_PROMPT = (
    "你是英语培训机构的助教小E。当前和你对话的学生学号是 S1001；学生没有报学号时，就用 S1001 查询。\n"
    "凡是单词等级和考研大纲、课表（时间、教室、老师）、学习进度和测评成绩这类问题，"
    "必须先调用工具查询，只根据工具返回的内容回答，不要凭印象猜。\n"
    "工具说查不到或参数有误时，如实告诉学生查不到什么、还缺什么信息，不要编造。"
    "用学生提问的语言回答。"
)

# What the student reads when a guard, not the model, ends the run.
FALLBACK_ANSWER = (
    "这个问题我查了好几轮还没查清楚，先停在这里。请补充更具体的信息（比如 YYYY-MM-DD 格式的日期、学号）再问我。"
)
REPEAT_ANSWER = (
    "我在用同样的条件反复查同一件事，没有新进展，先停下来。请补充更具体的信息（比如 YYYY-MM-DD 格式的日期）再问我。"
)

# The English edition of the prompt and of the two guard answers, for the English tools
# (``run_manual(..., lang="en")``): the same rules, the same student, in English.
SYSTEM_PROMPT_EN = (
    "You are 小E (Little E), the teaching assistant of an English-language school. The student you are talking "
    "to has the id S1001; when the student gives no id, look up S1001.\n"
    "For word levels and the kaoyan syllabus, timetables (time, room, teacher), progress and test scores, "
    "you must call a tool first and answer only from what it returns; never guess.\n"
    "When a tool finds nothing or says an argument is wrong, tell the student plainly what could not be found "
    "and what is missing; do not make anything up. Answer in the student's language."
)
FALLBACK_ANSWER_EN = (
    "I have looked this up several times without getting it clear, so I will stop here. Please give me more "
    "precise information (a date in YYYY-MM-DD form, your student id) and ask again."
)
REPEAT_ANSWER_EN = (
    "I keep looking up the same thing with the same details and getting nowhere, so I will stop here. "
    "Please give me more precise information (a date in YYYY-MM-DD form) and ask again."
)


def system_prompt(lang: str = "zh") -> str:
    """The system prompt in ``lang``: the article's (``"zh"``) or its English edition."""
    return Text(SYSTEM_PROMPT, SYSTEM_PROMPT_EN)(lang)


# LangGraph counts supersteps, not model calls: each step is one "agent" node plus one
# "tools" node. Four model calls with three tool rounds in between take 7 supersteps.
# With a limit of 8 the model is called at most four times, like run_manual's
# max_steps=4; a fourth reply that still asks for tools is replaced by LangGraph's
# own "Sorry, need more steps to process this request.".
RECURSION_LIMIT = 2 * DEFAULT_MAX_STEPS


@dataclass
class StepRecord:
    """One step of a run: what the model asked for, and what the tools said.

    Attributes:
        index: 1-based step number (one model call).
        tool_calls: the model's tool calls as it gave them (``name``, ``args``, ``id``, ``type``).
        observations: the text sent back for each call, in the same order.
    """

    index: int
    tool_calls: list[dict[str, Any]]
    observations: list[str] = field(default_factory=list)


@dataclass
class AgentResult:
    """What a run produced.

    Attributes:
        question: the student's question.
        answer: the final text the student reads.
        steps: one :class:`StepRecord` per step in which the model asked for tools.
        stop_reason: :data:`STOP_FINAL`, :data:`STOP_MAX_STEPS` or :data:`STOP_REPEAT`.
        messages: the whole message list at the end (not compared between runs).
    """

    question: str
    answer: str
    steps: list[StepRecord]
    stop_reason: str
    messages: list[BaseMessage] = field(default_factory=list, compare=False, repr=False)


def run_tool(by_name: dict[str, BaseTool], name: str, args: dict[str, Any], lang: str = "zh") -> str:
    """Run one tool and always come back with text.

    An unknown name is answered with the list of real names. Everything else goes
    through a try/except: the tools promise not to raise, but the day one of them
    calls a database or an HTTP API the promise may break, and then one broken step
    must not take the whole conversation down. This is the second line of defence.
    """
    tool = by_name.get(name)
    if tool is None:
        return Text(
            f"没有名为「{name}」的工具，这一步没有执行。可用的工具只有：{', '.join(by_name)}。",
            f"Unknown tool '{name}': this step did not run. The only tools are: {', '.join(by_name)}.",
        )(lang)
    try:
        return str(tool.invoke(args))
    except Exception as exc:
        return Text(
            f"工具 {name} 执行出错（{type(exc).__name__}: {exc}），这一步没有拿到结果。"
            "不要猜测结果：可以换参数重试，或如实告诉学生暂时查不到。",
            f"The tool {name} failed ({type(exc).__name__}: {exc}); this step has no result. "
            "Do not guess: retry with other arguments, or tell the student it cannot be looked up now.",
        )(lang)


def run_manual(
    question: str,
    llm: BaseChatModel,
    tools: Sequence[BaseTool] | None = None,
    *,
    max_steps: int = DEFAULT_MAX_STEPS,
    system: str = SYSTEM_PROMPT,
    lang: str = "zh",
) -> AgentResult:
    """Answer ``question`` with the tool-calling loop written out by hand.

    Args:
        question: the student's question.
        llm: a chat model that supports ``bind_tools``.
        tools: the tools to offer; defaults to :data:`lessons.tutor.registry.TOOLS`.
        max_steps: how many model calls the loop may make.
        system: the system prompt.
        lang: the language of the guard's texts (repeat notice, fallback answers):
            ``"zh"`` (the original) or ``"en"``; pass English tools and
            :data:`SYSTEM_PROMPT_EN` with it.

    Returns:
        The answer, the step records and why the loop stopped.
    """
    en = lang == "en"
    pool = list(tools) if tools is not None else TOOLS
    by_name = {tool.name: tool for tool in pool}
    # bind_tools attaches the tools' JSON schemas to every request: without it the
    # model does not know any tool exists.
    llm_with_tools = llm.bind_tools(pool)
    messages: list[BaseMessage] = [SystemMessage(content=system), HumanMessage(content=question)]
    guard = LoopGuard(max_steps, lang)
    steps: list[StepRecord] = []

    while True:
        # Rail one: every step is a paid model call, so count them before making one.
        try:
            index = guard.next_step()
        except StepLimitExceeded:
            return AgentResult(question, FALLBACK_ANSWER_EN if en else FALLBACK_ANSWER, steps, STOP_MAX_STEPS, messages)

        ai = llm_with_tools.invoke(messages)
        calls = list(getattr(ai, "tool_calls", None) or [])
        if not calls:
            # No tool wanted: this reply is the final answer. The normal exit.
            messages.append(ai)
            return AgentResult(question, ai.text, steps, STOP_FINAL, messages)
        # tool_call_id pairs each result with its call, and the API rejects a request
        # whose ids do not match. Models sometimes omit the id: give the call one,
        # ``call_{step}_{position}``, *on the AIMessage itself* so the ToolMessage below
        # and the call it answers carry the same id in the next request.
        calls = [{**item, "id": item.get("id") or f"call_{index}_{position}"} for position, item in enumerate(calls)]
        ai.tool_calls = calls
        messages.append(ai)

        record = StepRecord(index=index, tool_calls=[dict(item) for item in calls])
        stop_now = False
        # Several calls in one reply ("parallel" tool calls) run one by one, in order,
        # and each gets its own ToolMessage.
        for item in calls:
            name = str(item.get("name") or "")
            args = dict(item.get("args") or {})
            if guard.is_repeated(name, args):
                # Rail two: the same call again. Do not run it; send the previous
                # result back with a note. If the model was already warned about
                # this exact call and still repeats it, stop after this step.
                if guard.was_warned(name, args):
                    stop_now = True
                observation = guard.repeat_notice(name, args)
            else:
                observation = run_tool(by_name, name, args, lang)
                guard.remember(name, args, observation)
            record.observations.append(observation)
            # One ToolMessage per call, answering it by id.
            messages.append(ToolMessage(content=observation, tool_call_id=str(item["id"])))
        steps.append(record)
        if stop_now:
            return AgentResult(question, REPEAT_ANSWER_EN if en else REPEAT_ANSWER, steps, STOP_REPEAT, messages)


# The exact text LangGraph's prebuilt agent answers with when it runs out of steps.
_NEED_MORE_STEPS = "Sorry, need more steps to process this request."


def _records_from(messages: Sequence[BaseMessage]) -> list[StepRecord]:
    """Rebuild the step records from a finished message list.

    Every AIMessage with tool calls opens a step; the ToolMessages that follow are its
    observations, matched to the calls by ``tool_call_id``.
    """
    steps: list[StepRecord] = []
    index = 0
    for position, message in enumerate(messages):
        if not isinstance(message, AIMessage):
            continue
        index += 1
        if not message.tool_calls:
            continue
        results: dict[str, str] = {}
        for later in messages[position + 1 :]:
            if not isinstance(later, ToolMessage):
                break
            results[later.tool_call_id] = later.text
        record = StepRecord(index=index, tool_calls=[dict(call) for call in message.tool_calls])
        record.observations = [results.get(str(call.get("id")), "") for call in message.tool_calls]
        steps.append(record)
    return steps


def run_react(
    question: str,
    llm: BaseChatModel,
    tools: Sequence[BaseTool] | None = None,
    *,
    system: str = SYSTEM_PROMPT,
    recursion_limit: int = RECURSION_LIMIT,
    lang: str = "zh",
) -> AgentResult:
    """Answer ``question`` with LangGraph's prebuilt ReAct agent.

    ``create_react_agent`` does everything :func:`run_manual` writes out: binding the
    tools, reading ``tool_calls``, building ToolMessages, deciding when to stop. (It
    also prints a deprecation warning pointing to ``langchain.agents.create_agent``;
    that package is not installed here and the prebuilt path keeps working.)

    Args:
        question: the student's question.
        llm: a chat model that supports ``bind_tools``.
        tools: the tools to offer; defaults to :data:`lessons.tutor.registry.TOOLS`.
        system: the system prompt.
        recursion_limit: LangGraph's superstep budget (two per tool round).
        lang: the language of the fallback answer, ``"zh"`` (the original) or ``"en"``.

    Returns:
        The same :class:`AgentResult` shape as :func:`run_manual`.
    """
    # Imported here so that importing this module never triggers the warning.
    from langgraph.errors import GraphRecursionError
    from langgraph.prebuilt import create_react_agent

    pool = list(tools) if tools is not None else TOOLS
    agent = create_react_agent(llm, pool, prompt=system)
    # Stream the state so that, if the recursion limit stops the graph, we still
    # have every message produced up to that point.
    state: dict[str, Any] = {"messages": [HumanMessage(content=question)]}
    stop_reason = STOP_FINAL
    try:
        for values in agent.stream(state, {"recursion_limit": recursion_limit}, stream_mode="values"):
            state = values  # keep the latest state
    except GraphRecursionError:
        stop_reason = STOP_MAX_STEPS
    messages = list(state["messages"])
    last = messages[-1] if messages else None
    answer: str
    if stop_reason == STOP_FINAL and isinstance(last, AIMessage) and not last.tool_calls:
        answer = last.text
        if answer == _NEED_MORE_STEPS:
            stop_reason = STOP_MAX_STEPS
    else:
        stop_reason = STOP_MAX_STEPS
        answer = FALLBACK_ANSWER_EN if lang == "en" else FALLBACK_ANSWER
    return AgentResult(question, answer, _records_from(messages), stop_reason, messages)
