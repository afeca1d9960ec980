"""Tutor lesson 4 -- the loop guard: a model stuck on one bad call, with and without the guard.

Exercises: :func:`check_predict_model_calls` (how many model calls before the guard stops a
repeated call?) and :func:`check_make_tool_runs` (pick the step limit that lets the reworded
call run exactly three times); both run the real scenario at check time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.tools import BaseTool

from lessons.tutor.agent import SYSTEM_PROMPT, run_manual, system_prompt
from lessons.tutor.fakes import ScriptedChatModel
from lessons.tutor.lesson_common import result_summary, tools_for
from lessons.tutor.loop_guard import DEFAULT_MAX_STEPS
from toolcall_lab.checks import Checked

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
# The same stuck model in the English edition: an English student's ways of saying it.
REPHRASED_DATES_EN: tuple[str, ...] = (
    "next Wednesday",
    "next Wed",
    "Wednesday next week",
    "Wednesday",
    "29 July",
    "2026/07/29",
    "July 29th",
    "the 29th",
)
# The date the stuck model repeats, and the student's question, per language.
STUCK_DATE: dict[str, str] = {"zh": "下周三", "en": "next Wednesday"}
STUCK_QUESTION: dict[str, str] = {"zh": "下周三我有课吗？", "en": "Do I have class next Wednesday?"}


class ToolRunCounter(BaseCallbackHandler):
    """Counts how many times tools really ran (LangChain calls ``on_tool_start`` each time)."""

    def __init__(self) -> None:
        self.runs: list[str] = []

    def on_tool_start(self, serialized: dict[str, Any], input_str: str, **kwargs: Any) -> None:
        self.runs.append(str((serialized or {}).get("name", "")))


def counted_tools(lang: str = "zh") -> tuple[list[BaseTool], ToolRunCounter]:
    """Fresh default tools (in ``lang``) that report every real run to one counter."""
    counter = ToolRunCounter()
    pool = tools_for(lang)
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


def _prompt_chars(requests: Sequence[Sequence[BaseMessage]]) -> int:
    """Characters of message content sent over all requests: a rough proxy for tokens paid."""
    return sum(len(str(m.content)) for request in requests for m in request)


def guard_scenario(
    dates: Sequence[str], question: str, max_steps: int, hard_limit: int, lang: str = "zh"
) -> dict[str, Any]:
    """One stuck model (cycling through ``dates``), run guarded and unguarded, with the bill of each.

    ``lang`` picks the edition of tools, prompt and guard texts (``"zh"`` or ``"en"``).

    Returns:
        ``{"guarded": {"result", "model_calls", "tool_runs", "prompt_chars", "requests"},
        "unguarded": {"model_calls", "answer", "reached_hard_limit", "tool_runs", "prompt_chars"}}``;
        ``requests`` are the guarded model's message lists (not plain data: pop it before caching).
    """
    guarded_llm = ScriptedChatModel(responses=_stuck_script(hard_limit, dates))
    guarded_tools, guarded_counter = counted_tools(lang)
    system = system_prompt(lang)
    result = run_manual(question, guarded_llm, guarded_tools, max_steps=max_steps, system=system, lang=lang)
    free_llm = ScriptedChatModel(responses=_stuck_script(hard_limit, dates))
    free_tools, free_counter = counted_tools(lang)
    unguarded = run_unguarded(question, free_llm, free_tools, hard_limit=hard_limit, system=system)
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
    max_steps: int = DEFAULT_MAX_STEPS, hard_limit: int = 20, question: str | None = None, lang: str = "zh"
) -> dict[str, Any]:
    """A scripted model stuck on one bad call, with and without the guard.

    Two scenarios, each run guarded (``run_manual``) and unguarded (:func:`run_unguarded`,
    capped at ``hard_limit``):

    * ``repeat`` -- the same call ``get_schedule(S1001, 下周三)`` every time. The guard runs
      it once, answers the second with a repeat notice (which the model receives in
      its next request), and stops when the model repeats it anyway.
    * ``rephrase`` -- the date reworded every time (:data:`REPHRASED_DATES`): no repeat to
      detect, so the step limit ends it.

    ``question`` defaults to :data:`STUCK_QUESTION` in ``lang``; ``lang="en"`` runs the
    English edition (tools, prompt, repeat notice, :data:`REPHRASED_DATES_EN`).

    Returns:
        ``{"repeat": {...}, "rephrase": {...}, "notice_received", "max_steps", "hard_limit"}``.
        Each scenario has ``guarded`` (``result``, ``model_calls``, ``tool_runs``,
        ``prompt_chars``) and ``unguarded`` (``model_calls``, ``tool_runs``,
        ``prompt_chars``, ``reached_hard_limit``). ``notice_received`` is the
        ToolMessage text the model was sent in place of the repeated call.
    """
    key = "en" if lang == "en" else "zh"
    asked = STUCK_QUESTION[key] if question is None else question
    repeat = guard_scenario((STUCK_DATE[key],), asked, max_steps, hard_limit, lang)
    rephrase = guard_scenario(
        REPHRASED_DATES_EN if key == "en" else REPHRASED_DATES, asked, max_steps, hard_limit, lang
    )
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


# ---------------------------------------------------------------- exercises
#: The make-it exercise's goal: the reworded call runs exactly this many times.
MAKE_TOOL_RUNS = 3


def check_predict_model_calls(answer: int | None, max_steps: int, lang: str = "zh") -> Checked:
    """Predict: in case 1 (the same call repeated), how many model calls does the guarded loop make?

    Computed by running the guarded scenario with the learner's step limit.
    """
    key = "en" if lang == "en" else "zh"
    scenario = guard_scenario((STUCK_DATE[key],), STUCK_QUESTION[key], max_steps, 20, lang)
    expected = int(scenario["guarded"]["model_calls"])
    return Checked(answer == expected, expected, answer)


def rephrase_tool_runs(max_steps: int, lang: str = "zh") -> int:
    """How many times the reworded call (case 2) really runs under ``max_steps``."""
    key = "en" if lang == "en" else "zh"
    dates = REPHRASED_DATES_EN if key == "en" else REPHRASED_DATES
    return int(guard_scenario(dates, STUCK_QUESTION[key], max_steps, 20, lang)["guarded"]["tool_runs"])


def check_make_tool_runs(max_steps: int | None, lang: str = "zh") -> Checked:
    """Make: choose ``max_steps`` so the reworded call of case 2 runs exactly :data:`MAKE_TOOL_RUNS` times.

    ``got`` is the tool runs of the learner's limit; ``expected`` the limit that reaches the goal.
    """
    expected = next(n for n in range(1, 9) if rephrase_tool_runs(n, lang) == MAKE_TOOL_RUNS)
    if max_steps is None or not 1 <= max_steps <= 40:
        return Checked(False, expected, None)
    got = rephrase_tool_runs(max_steps, lang)
    return Checked(got == MAKE_TOOL_RUNS, expected, got)
