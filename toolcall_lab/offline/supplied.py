"""The learner answers what the model asked for: "what's the weather?" → "which city?" → "paris".

When a question lacks an argument, the built-in model does not guess it: it says what it still needs
("I still need: city"). The learner's next message is then often just that value — "paris", "in
Paris", "明天的", "S1003" — with no ask of its own. A competent model reads it as the missing piece
of the earlier question and makes the call it could not make before.

This module does that, and nothing more: the earlier question is planned again (the model is
deterministic, so this is what it decided then); if that plan left a call out for a missing
argument, the earlier question and the new message are read together, and the result is kept only
when it makes exactly the calls left out before, each now complete. Anything else — a new question,
a value that still does not fill the gap, another tool — leaves the turn as it was read.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from toolcall_lab.offline import explain, nlu
from toolcall_lab.offline.romanise import Rewrite

#: A message longer than this is a question of its own, not the value the model asked for.
MAX_WORDS = 8
MAX_CHINESE_CHARS = 16


class _Plan(Protocol):
    calls: list[Any]
    skipped: list[tuple[str, list[str]]]
    refusal: tuple[str, str] | None
    smalltalk: str | None
    about: str | None
    steps: list[Any]


P = TypeVar("P", bound=_Plan)


def _short(text: str) -> bool:
    text = text.strip()
    if nlu.is_chinese(text):
        return len(text) <= MAX_CHINESE_CHARS
    return len(text.split()) <= MAX_WORDS


def supplied(ctx: nlu.Context, plan: P, plan_of: Callable[[nlu.Context], P]) -> P | None:
    """The plan of the earlier question completed by this message, or ``None`` when it is not that.

    Args:
        ctx: the request as read (its question is the new message, its history the earlier ones).
        plan: how the new message was planned on its own.
        plan_of: plans a context the way this turn is planned (same tools, tool choice and policy).
    """
    if plan.calls or plan.refusal or plan.smalltalk or plan.about or not ctx.history or ctx.earlier_calls:
        return None
    if not _short(ctx.question):
        return None
    asked = ctx.history[-1]
    before = plan_of(dataclasses.replace(ctx, question=asked, history=ctx.history[:-1]))
    if before.calls or not before.skipped:
        return None  # the earlier question did not end with the model asking for something
    value = ctx.question.strip()
    if any("word" in missing for _, missing in before.skipped) and re.fullmatch(r"[A-Za-z][A-Za-z\-]{1,30}", value):
        value = f"'{value}'"  # "schedule" sent after "which word?" is the word, whatever tool its topic names
    together = f"{asked}\n{value}"
    after = plan_of(dataclasses.replace(ctx, question=together, history=ctx.history[:-1]))
    wanted = {name for name, _ in before.skipped}
    if not after.calls or after.skipped or {c.name for c in after.calls} != wanted:
        return None
    after.steps.insert(0, explain.rewritten(Rewrite(ctx.question.strip(), together.replace("\n", " "), _WHY)))
    return after


_WHY = "the value the model asked for, read with the question before it"
