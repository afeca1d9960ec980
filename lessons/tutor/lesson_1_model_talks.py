"""Tutor lesson 1 -- the model talks, your code acts: one real run cut into its four steps."""

from __future__ import annotations

from typing import Any

from langchain_core.language_models import BaseChatModel

from lessons.tutor.agent import run_manual
from lessons.tutor.demo import DEMO_QUESTIONS
from lessons.tutor.lesson_common import result_summary
from toolcall_lab.capture import recording

# The four steps, in order; pages word each key.
STEP_KEYS: tuple[str, ...] = ("ask", "intent", "act", "answer")


def lesson1_four_steps(llm: BaseChatModel, question: str = DEMO_QUESTIONS[1]) -> dict[str, Any]:
    """Run the article's question two through ``run_manual`` and cut it into the four steps.

    Pass a lab-built model (``build_chat_model()``) to see the wire bodies; with any
    other model the ``request``/``wire_*`` entries are ``None``.

    Args:
        llm: the chat model.
        question: the question (default: tomorrow's classes plus progress, in one sentence).

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
        result = run_manual(question, llm)
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
