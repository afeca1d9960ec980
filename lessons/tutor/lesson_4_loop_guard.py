"""Tutor lesson 4 -- the loop guard: a model stuck on one bad call, with and without the guard.

Exercises: :func:`check_predict_model_calls` (how many model calls before the guard stops a
repeated call?) and :func:`check_make_tool_runs` (pick the step limit that lets the reworded
call run exactly three times); both run the real scenario at check time. They are :data:`EXERCISES`;
LangChain is imported inside the functions only (the tool-run counter, a LangChain callback, lives in
:mod:`lessons.tutor.run_counter` and is offered here as ``ToolRunCounter``), so the registry can count
them without loading it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from lessons.tutor.loop_guard import DEFAULT_MAX_STEPS
from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Context, Exercise, Number
from toolcall_lab.i18n import Text

if TYPE_CHECKING:
    from langchain_core.messages import AIMessage, BaseMessage
    from langchain_core.tools import BaseTool

    from lessons.tutor.run_counter import ToolRunCounter

# A model that keeps rephrasing the date: no two calls are the same, so only the step
# limit can stop it.
# zh-only: the ways a Chinese student says next Wednesday
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
STUCK_DATE = Text("下周三", "next Wednesday")
STUCK_QUESTION = Text("下周三我有课吗？", "Do I have class next Wednesday?")


def _rephrased_dates(lang: str) -> tuple[str, ...]:
    """The edition's rewordings of the stuck date (data of one language each, not one text in two)."""
    return REPHRASED_DATES_EN if lang == "en" else REPHRASED_DATES


def __getattr__(name: str) -> Any:
    """``ToolRunCounter`` and ``run_unguarded``, from their own modules on first use (they load LangChain)."""
    if name == "ToolRunCounter":
        from lessons.tutor.run_counter import ToolRunCounter

        return ToolRunCounter
    if name == "run_unguarded":
        from lessons.tutor.unguarded_loop import run_unguarded

        return run_unguarded
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def counted_tools(lang: str = "zh") -> tuple[list[BaseTool], ToolRunCounter]:
    """Fresh default tools (in ``lang``) that report every real run to one counter."""
    from lessons.tutor.lesson_common import tools_for
    from lessons.tutor.run_counter import ToolRunCounter

    counter = ToolRunCounter()
    pool = tools_for(lang)
    for item in pool:
        item.callbacks = [counter]
    return pool, counter


def _stuck_script(count: int, dates: Sequence[str] = REPHRASED_DATES[:1]) -> list[AIMessage]:
    """A model stuck on get_schedule: ``count`` replies cycling through ``dates``."""
    from langchain_core.messages import AIMessage

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
    from lessons.tutor.agent import run_manual, system_prompt
    from lessons.tutor.fakes import ScriptedChatModel
    from lessons.tutor.lesson_common import result_summary
    from lessons.tutor.unguarded_loop import run_unguarded

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
    asked = STUCK_QUESTION(lang) if question is None else question
    repeat = guard_scenario((STUCK_DATE(lang),), asked, max_steps, hard_limit, lang)
    rephrase = guard_scenario(_rephrased_dates(lang), asked, max_steps, hard_limit, lang)
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
    scenario = guard_scenario((STUCK_DATE(lang),), STUCK_QUESTION(lang), max_steps, 20, lang)
    expected = int(scenario["guarded"]["model_calls"])
    return Checked(isinstance(answer, int) and answer == expected, expected, answer)


def rephrase_tool_runs(max_steps: int, lang: str = "zh") -> int:
    """How many times the reworded call (case 2) really runs under ``max_steps``."""
    return int(
        guard_scenario(_rephrased_dates(lang), STUCK_QUESTION(lang), max_steps, 20, lang)["guarded"]["tool_runs"]
    )


def check_make_tool_runs(max_steps: int | None, lang: str = "zh") -> Checked:
    """Make: choose ``max_steps`` so the reworded call of case 2 runs exactly :data:`MAKE_TOOL_RUNS` times.

    ``got`` is the tool runs of the learner's limit; ``expected`` the limit that reaches the goal.
    """
    expected = next(n for n in range(1, 9) if rephrase_tool_runs(n, lang) == MAKE_TOOL_RUNS)
    if not isinstance(max_steps, int) or not 1 <= max_steps <= 40:
        return Checked(False, expected, None)
    got = rephrase_tool_runs(max_steps, lang)
    return Checked(got == MAKE_TOOL_RUNS, expected, got)


def _model_calls_prompt(context: Context) -> Text:
    max_steps = context["max_steps"]
    return Text(
        f"步数上限 max_steps = {max_steps}（上面的滑块）。模型每次都原样重复同一个调用：有护栏的循环一共调用模型几次？",
        f"With max_steps = {max_steps} (the slider above), the model repeats the same call every time: how many "
        "model calls does the guarded loop make?",
    )


#: Tutor 4's exercises; the page hands over ``ed`` (the edition of 小E) and ``max_steps`` (its slider).
EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="predict-model-calls",
        kind="predict",
        title=Text("预测：情形一要调用几次模型？", "Predict: how many model calls in case 1?"),
        prompt=_model_calls_prompt,
        answer=Number(Text("模型调用次数", "Model calls"), 0, 40, 0),
        check=lambda answer, c: check_predict_model_calls(answer, int(c["max_steps"]), str(c["ed"])),
        right=Text("真实运行调用了 {expected} 次模型。", "The real run called the model {expected} times."),
        # a miss says where to look; the count itself comes with the answer
        wrong=Text(
            "真实运行调用模型的次数不是这个。逐步数一数：每一步一次模型调用，直到护栏或步数上限叫停。",
            "The real run called the model another number of times. Count step by step: one model call per step, "
            "until the guard or the step limit stops it.",
        ),
        hint=Text(
            "第一次真的执行；第二次收到提醒；提醒后还重复就停。也别忘了步数上限。",
            "The first call runs; the second gets a notice; a repeat after the notice stops it. Mind the step limit.",
        ),
        needs=("ed", "max_steps"),
    ),
    Exercise(
        slug="make-tool-runs",
        kind="make",
        title=Text("动手：让情形二的工具恰好执行 3 次", f"Make it: case 2's tool runs exactly {MAKE_TOOL_RUNS} times"),
        prompt=Text(
            f"情形二的模型每次换个说法。选一个步数上限，让工具恰好真实执行 {MAKE_TOOL_RUNS} 次。",
            f"Case 2's model rewords the date every time. Pick a step limit so the tool really runs exactly "
            f"{MAKE_TOOL_RUNS} times.",
        ),
        answer=Number(Text("max_steps", "max_steps"), 1, 40, 1),
        check=lambda answer, c: check_make_tool_runs(answer, str(c["ed"])),
        right=Text("工具执行了 {shown} 次。", "The tool ran {shown} times."),
        wrong=Text("这个上限下工具执行了 {shown} 次。", "With that limit the tool ran {shown} times."),
        hint=Text("换说法就不算重复：每一步都会真的执行。", "A reworded call is no repeat: every step really runs it."),
        needs=("ed",),
    ),
)
