"""Every loop must answer one question first: will it stop?

Tool calling turns one question into a loop (ask, run, send back, ask again), and a
model that is stuck does not raise an error: it calls the same tool with the same
arguments again, and again, each round paid for in tokens. ``LoopGuard`` gives the
loop two rails:

* a **step limit**: ``next_step()`` raises :class:`StepLimitExceeded` once
  ``max_steps`` model calls have been made;
* **repeat detection**: ``is_repeated(name, args)`` tells whether this exact call was
  already made, and ``repeat_notice`` produces the text sent back instead of running
  the tool again, carrying the previous result so the model can change its arguments
  or answer. The first response to a stuck model is a reminder, not a cut-off.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

# Three tools -> at most three rounds of looking things up, plus one round to answer.
DEFAULT_MAX_STEPS = 4

# Sent to the model in place of a repeated tool result (Chinese, like the tools' texts).
REPEAT_NOTICE = (
    "你刚才已经用完全相同的参数调用过 {name}，重复调用不会得到新结果，所以这次没有再执行。"
    "上次的结果是：\n{previous}\n"
    "请换一组参数，或者直接根据已有结果回答；缺少信息就请学生补充，不要再原样重试。"
)
# The English edition of the notice, for the English tools (``LoopGuard(lang="en")``).
REPEAT_NOTICE_EN = (
    "You already called {name} with exactly these arguments; repeating it gives no new result, so it was "
    "not run again. The previous result was:\n{previous}\n"
    "Change the arguments or answer from what you have; if information is missing, ask the student. "
    "Do not retry the same call."
)


def call_key(name: str, args: Mapping[str, Any] | None) -> str:
    """Squash a tool name and its arguments into one stable string.

    ``sort_keys=True`` makes the key independent of argument order, because models do
    not emit keys in a stable order; ``ensure_ascii=False`` keeps Chinese readable.

    >>> call_key("get_schedule", {"date": "下周三", "student_id": "S1001"})
    '{"args": {"date": "下周三", "student_id": "S1001"}, "name": "get_schedule"}'
    """
    return json.dumps({"name": name, "args": dict(args or {})}, sort_keys=True, ensure_ascii=False)


class StepLimitExceeded(RuntimeError):
    """Raised by :meth:`LoopGuard.next_step` when the step budget is spent."""


class LoopGuard:
    """Step counter plus memory of every (tool, arguments) already run.

    Args:
        max_steps: how many steps (model calls) the loop may take.
        lang: the language of the repeat notice, ``"zh"`` (the original) or ``"en"``.
    """

    def __init__(self, max_steps: int = DEFAULT_MAX_STEPS, lang: str = "zh") -> None:
        if max_steps < 1:
            raise ValueError(f"max_steps must be >= 1, got {max_steps}")
        self.max_steps = max_steps
        self.lang = lang
        self.steps = 0
        # call_key -> the observation that call produced.
        self._seen: dict[str, str] = {}
        # call_keys the model has already been warned about once.
        self._warned: set[str] = set()

    def next_step(self) -> int:
        """Start a new step and return its 1-based index.

        Raises:
            StepLimitExceeded: when ``max_steps`` steps have already been taken.
        """
        if self.steps >= self.max_steps:
            raise StepLimitExceeded(f"已达步数上限 {self.max_steps}，强制收工 / step limit {self.max_steps} reached")
        self.steps += 1
        return self.steps

    def is_repeated(self, name: str, args: Mapping[str, Any] | None) -> bool:
        """True when exactly this call (same name, same arguments) was already made."""
        return call_key(name, args) in self._seen

    def remember(self, name: str, args: Mapping[str, Any] | None, observation: str) -> None:
        """Record the result of a call that really ran."""
        self._seen[call_key(name, args)] = observation

    def repeat_notice(self, name: str, args: Mapping[str, Any] | None) -> str:
        """The text sent back instead of running a repeated call; it carries the previous result.

        Calling it also marks the call as warned (see :meth:`was_warned`).
        """
        key = call_key(name, args)
        self._warned.add(key)
        if self.lang == "en":
            return REPEAT_NOTICE_EN.format(name=name, previous=self._seen.get(key, "(the previous result was lost)"))
        previous = self._seen.get(key, "（上次结果已丢失）")
        return REPEAT_NOTICE.format(name=name, previous=previous)

    def was_warned(self, name: str, args: Mapping[str, Any] | None) -> bool:
        """True when the model already received a repeat notice for exactly this call."""
        return call_key(name, args) in self._warned
