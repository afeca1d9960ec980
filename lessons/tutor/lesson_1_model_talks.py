"""Tutor lesson 1 -- the model talks, your code acts: one real run cut into its four steps.

Exercises: :func:`check_predict_calls` (which tools will the model ask for in step 2?) and
:func:`check_make_calls` (write a question that makes the model ask for two given tools in
one reply); both run the real loop on the built-in model at check time.
"""

from __future__ import annotations

from typing import Any

from langchain_core.language_models import BaseChatModel

from lessons.tutor.agent import run_manual, system_prompt
from lessons.tutor.demo import DEMO_QUESTIONS, demo_questions
from lessons.tutor.lesson_common import LlmFactory, default_llm_factory, result_summary, tools_for
from toolcall_lab.capture import recording
from toolcall_lab.checks import Checked

# The four steps, in order; pages word each key.
STEP_KEYS: tuple[str, ...] = ("ask", "intent", "act", "answer")


def lesson1_four_steps(llm: BaseChatModel, question: str = DEMO_QUESTIONS[1], lang: str = "zh") -> dict[str, Any]:
    """Run the article's question two through ``run_manual`` and cut it into the four steps.

    Pass a lab-built model (``build_chat_model()``) to see the wire bodies; with any
    other model the ``request``/``wire_*`` entries are ``None``.

    Args:
        llm: the chat model.
        question: the question (default: tomorrow's classes plus progress, in one sentence).
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


# The make-it exercise: a question that makes the model ask for these two tools in one reply.
MAKE_GOAL: tuple[str, ...] = ("lookup_word", "get_schedule")
# A question that reaches the goal (checked by running it, every time the answer is shown).
MAKE_EXAMPLE: dict[str, str] = {
    "zh": "accord 是几级？另外我 2026-07-25 有什么课？",
    "en": "What level is accord, and what classes do I have on 2026-07-25?",
}


def first_calls(question: str, lang: str = "zh", llm_factory: LlmFactory | None = None) -> list[str]:
    """The names of the tools the model asks for in its first reply to ``question`` (step 2)."""
    llm = default_llm_factory(llm_factory)()
    result = run_manual(question, llm, tools_for(lang), system=system_prompt(lang), lang=lang)
    return [str(call["name"]) for call in result.steps[0].tool_calls] if result.steps else []


def check_predict_calls(answer: list[str] | None, lang: str = "zh", llm_factory: LlmFactory | None = None) -> Checked:
    """Predict: which tools, in which order, does the model ask for in step 2 of question two?

    The right answer is the real run's ``AIMessage.tool_calls`` names.
    """
    expected = first_calls(demo_questions(lang)[1], lang, llm_factory)
    got = list(answer or [])
    return Checked(got == expected, expected, got)


def check_make_calls(question: str | None, lang: str = "zh", llm_factory: LlmFactory | None = None) -> Checked:
    """Make: a question whose first reply asks for exactly :data:`MAKE_GOAL` (any order, one reply).

    ``got`` is the tools the learner's own question made the model ask for;
    ``expected`` is the goal with a question that reaches it and the calls it really produced.
    """
    example = MAKE_EXAMPLE["en" if lang == "en" else "zh"]
    expected = {"goal": list(MAKE_GOAL), "example": example, "example_calls": first_calls(example, lang, llm_factory)}
    text = (question or "").strip()
    if not text:
        return Checked(False, expected, [])
    got = first_calls(text[:500], lang, llm_factory)
    return Checked(sorted(got) == sorted(MAKE_GOAL), expected, got)
