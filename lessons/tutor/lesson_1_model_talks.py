"""Tutor lesson 1 -- the model talks, your code acts: one real run cut into its four steps.

Exercises (:data:`EXERCISES`): :func:`check_predict_calls` (which tools will the model ask for in
step 2 of :data:`PREDICT_QUESTION`, a question the page does not run? parallel calls have no order,
so any order of the right tools is right) and
:func:`check_make_calls` (write a question that makes the model ask for two given tools in
one reply); both run the real loop on the built-in model at check time. LangChain is imported
inside the functions only, so the registry can count these exercises without loading it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Choices, Context, Exercise, Line
from toolcall_lab.i18n import Text

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

    from lessons.tutor.lesson_common import LlmFactory

# The four steps, in order; pages word each key.
STEP_KEYS: tuple[str, ...] = ("ask", "intent", "act", "answer")


def lesson1_four_steps(llm: BaseChatModel, question: str | None = None, lang: str = "zh") -> dict[str, Any]:
    """Run the article's question two through ``run_manual`` and cut it into the four steps.

    Pass a lab-built model (``build_chat_model()``) to see the wire bodies; with any
    other model the ``request``/``wire_*`` entries are ``None``.

    Args:
        llm: the chat model.
        question: the question (default: the article's question two, tomorrow's classes plus
            progress in one sentence).
        lang: the tools' and prompt's edition, ``"zh"`` (the article's) or ``"en"``.

    Returns:
        ``{"question", "steps", "result", "exchanges"}``. ``steps`` holds four dicts,
        each ``{"key", "artifact"}`` (keys as in :data:`STEP_KEYS`):

        1. ``ask`` -- the first request body: the question plus the tools' schemas;
        2. ``intent`` -- the model's tool calls of step 1 (parsed) and as they came on
           the wire (``arguments`` a JSON string);
        3. ``act`` -- each call run by our code: name, args, id, observation;
        4. ``answer`` -- the second request (ToolMessages appended) and the final answer.
    """
    from lessons.tutor.agent import run_manual, system_prompt
    from lessons.tutor.demo import DEMO_QUESTIONS
    from lessons.tutor.lesson_common import result_summary, tools_for
    from toolcall_lab.capture import recording

    question = DEMO_QUESTIONS[1] if question is None else question
    with recording() as rec:
        result = run_manual(question, llm, tools_for(lang), system=system_prompt(lang), lang=lang)
    first = rec.exchanges[0] if rec.exchanges else None
    second = rec.exchanges[1] if len(rec.exchanges) > 1 else None
    step1 = result.steps[0] if result.steps else None
    wire_calls = None
    if first is not None and isinstance(first.response_body, dict):
        wire_calls = first.response_body["choices"][0]["message"].get("tool_calls")
    executions = []
    if step1 is not None:
        for call, observation in zip(step1.tool_calls, step1.observations, strict=True):
            executions.append(
                {"name": call["name"], "args": call["args"], "id": call["id"], "observation": observation}
            )
    artifacts: tuple[dict[str, Any], ...] = (
        {"request": first.request_body if first else None},
        {"tool_calls": step1.tool_calls if step1 else [], "wire_tool_calls": wire_calls},
        {"executions": executions},
        {"request": second.request_body if second else None, "answer": result.answer},
    )
    return {
        "question": question,
        "steps": [{"key": key, "artifact": artifact} for key, artifact in zip(STEP_KEYS, artifacts, strict=True)],
        "result": result_summary(result),
        "exchanges": [ex.to_dict() for ex in rec.exchanges],
    }


#: The predict exercise's question: not the page's run (question two, whose calls the page shows), nor
#: one of the live run's examples, so the answer is not printed above the exercise.
PREDICT_QUESTION = Text(
    "abandon 是几级？顺便告诉我我现在学到哪了。", "What level is abandon? And also, how far have I got?"
)

# The make-it exercise: a question that makes the model ask for these two tools in one reply.
MAKE_GOAL: tuple[str, ...] = ("lookup_word", "get_schedule")
# A question that reaches the goal (checked by running it, every time the answer is shown).
MAKE_EXAMPLE = Text(
    "accord 是几级？另外我 2026-07-25 有什么课？", "What level is accord, and what classes do I have on 2026-07-25?"
)


def first_calls(question: str, lang: str = "zh", llm_factory: LlmFactory | None = None) -> list[str]:
    """The names of the tools the model asks for in its first reply to ``question`` (step 2)."""
    from lessons.tutor.agent import run_manual, system_prompt
    from lessons.tutor.lesson_common import default_llm_factory, tools_for

    llm = default_llm_factory(llm_factory)()
    result = run_manual(question, llm, tools_for(lang), system=system_prompt(lang), lang=lang)
    return [str(call["name"]) for call in result.steps[0].tool_calls] if result.steps else []


def check_predict_calls(answer: list[str] | None, lang: str = "zh", llm_factory: LlmFactory | None = None) -> Checked:
    """Predict: which tools does the model ask for in step 2 of :data:`PREDICT_QUESTION`?

    The right answer is the real run's ``AIMessage.tool_calls`` names. The calls of one reply are
    parallel and have no order, so the comparison is order-free (each tool as often as it was asked for).
    """
    expected = first_calls(PREDICT_QUESTION(lang), lang, llm_factory)
    got = [str(name) for name in answer] if isinstance(answer, (list, tuple)) else []
    return Checked(sorted(got) == sorted(expected), expected, got)


def check_make_calls(question: str | None, lang: str = "zh", llm_factory: LlmFactory | None = None) -> Checked:
    """Make: a question whose first reply asks for exactly :data:`MAKE_GOAL` (any order, one reply).

    ``got`` is the tools the learner's own question made the model ask for;
    ``expected`` is the goal with a question that reaches it and the calls it really produced.
    """
    example = MAKE_EXAMPLE(lang)
    expected = {"goal": list(MAKE_GOAL), "example": example, "example_calls": first_calls(example, lang, llm_factory)}
    text = question.strip() if isinstance(question, str) else ""
    if not text:
        return Checked(False, expected, [])
    got = first_calls(text[:500], lang, llm_factory)
    return Checked(sorted(got) == sorted(MAKE_GOAL), expected, got)


def _tool_names(_context: Context) -> list[str]:
    from lessons.tutor.tools import build_tools

    return [t.name for t in build_tools()]


#: Tutor 1's exercises; the page hands over ``ed``, the edition of 小E it runs.
EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="predict-tools",
        kind="predict",
        title=Text("预测：第 ② 步模型会要哪些工具？", "Predict: which tools will the model ask for in step ②?"),
        prompt=lambda c: Text(
            f"换一个问题「{PREDICT_QUESTION(str(c['ed']))}」：第一次回复里，模型会要哪些工具？"
            "（并行调用没有先后，顺序不计）",
            f"Now a new question, “{PREDICT_QUESTION(str(c['ed']))}”: which tools does the first reply ask for? "
            "(parallel calls have no order: pick them in any order)",
        ),
        answer=Choices(Text("工具", "Tools"), _tool_names),
        check=lambda answer, c: check_predict_calls(answer, str(c["ed"])),
        right=Text("AIMessage.tool_calls 正是 {expected}。", "AIMessage.tool_calls is exactly {expected}."),
        wrong=Text(
            "真实回复里的 tool_calls 是另一组；你选的是 {shown}。",
            "The real reply's tool_calls differ; you picked {shown}.",
        ),
        hint=Text(
            "像第 ② 步里的问题二一样：这句话问了几件事？第 ① 步随请求发出的工具里，哪一个回答哪一件？",
            "As with question two in step ②: how many things does the sentence ask? Which of the tools sent in "
            "step ① answers each?",
        ),
        needs=("ed",),
    ),
    Exercise(
        slug="make-two-tools",
        kind="make",
        title=Text("动手：一句话让模型同时要两个工具", "Make it: one question, two tools in one reply"),
        prompt=Text(
            f"写一个问题，让模型的第一次回复同时要 `{'`、`'.join(MAKE_GOAL)}`（内置模型现场检查）。",
            f"Write a question whose first reply asks for both `{'` and `'.join(MAKE_GOAL)}` (checked live on the "
            "built-in model).",
        ),
        answer=Line(Text("你的问题", "Your question"), max_chars=500),
        check=lambda answer, c: check_make_calls(answer, str(c["ed"])),
        right=Text("模型第一次回复要了 {shown}。", "The first reply asked for {shown}."),
        wrong=Text("模型第一次回复要的是 {shown}。", "The first reply asked for {shown}."),
        hint=Text(
            "一个从句问单词等级，另一个从句问某个 YYYY-MM-DD 日期的课。",
            "One clause about a word's level, another about classes on a YYYY-MM-DD date.",
        ),
        needs=("ed",),
    ),
)
