"""The reading steps of a turn, explained in both languages for the "why this tool" panel.

Each function returns one :class:`~.record.StepRecord`: what the learner typed, what the model
read it as, and one sentence in both languages (a :class:`~toolcall_lab.i18n.Text`). The planner collects them; the
decision record carries them in its ``steps`` field.
"""

from __future__ import annotations

import datetime as dt

from toolcall_lab.i18n import Text
from toolcall_lab.offline.record import StepRecord
from toolcall_lab.offline.romanise import Rewrite

_WHY_ZH = {
    "place name": "地名的旧拼法或简称",
    "abbreviation": "缩写",
    "colloquial": "口语说法",
    "an earlier turn": "指的是前面对话里的这一位",
}


def rewritten(change: Rewrite) -> StepRecord:
    """A word rewritten before reading (pinyin, an old romanisation, an abbreviation, slang)."""
    why_zh = _WHY_ZH.get(change.why, change.why.replace("pinyin of", "拼音，对应"))
    return StepRecord.of(
        "normalised",
        change.typed,
        change.read_as,
        Text(
            f"把「{change.typed}」读作「{change.read_as}」（{why_zh}）。",
            f'Read "{change.typed}" as "{change.read_as}" ({change.why}).',
        ),
    )


def id_shaped(typed: str, value: str, param: str) -> StepRecord:
    """An id written another way ("#1003", "S 1002") put into the shape its parameter describes."""
    return StepRecord.of(
        "normalised",
        typed,
        value,
        Text(
            f"把「{typed}」写成 {value}：这是参数 {param} 的说明里给出的格式。",
            f'Wrote "{typed}" as {value}, the shape the description of {param} gives.',
        ),
    )


def date_computed(typed: str, iso: str, today: dt.date | None) -> StepRecord:
    """A date computed from words and today's date (stated in the system prompt)."""
    base = (
        Text(
            f"（根据系统提示里的今天 {today.isoformat()} 推算）",
            f" from today's date in the system prompt ({today.isoformat()})",
        )
        if today
        else Text("", "")
    )
    return StepRecord.of(
        "date",
        typed,
        iso,
        Text(f"「{typed}」是 {iso}{base.zh}。", f'"{typed}" is {iso}{base.en}.'),
    )


def count_capped(typed: str, asked: int, cap: int, param: str) -> StepRecord:
    """A count the learner asked for beyond what the parameter allows."""
    return StepRecord.of(
        "normalised",
        typed,
        str(cap),
        Text(
            f"「{typed}」要 {asked}，但参数 {param} 最多 {cap}，所以传了 {cap}。",
            f'"{typed}" asks for {asked}; {param} allows at most {cap}, so {cap} was sent.',
        ),
    )


def not_argument(word: str, why: Text) -> StepRecord:
    """A word of the question that was deliberately not made a tool argument."""
    return StepRecord.of(
        "not_argument",
        word,
        "",
        Text(f"「{word}」没有当作参数：{why.zh}。", f'"{word}" was not used as an argument: {why.en}.'),
    )


def negated(tool: str, typed: str) -> StepRecord:
    """A tool the learner said not to use ("别查课表", "don't check my schedule")."""
    return StepRecord.of(
        "negation",
        typed,
        tool,
        Text(
            f"「{typed}」：学生说了不要这样做，所以没有调用 {tool}。",
            f'"{typed}": the learner said not to do this, so {tool} was not called.',
        ),
    )


def retried(tool: str, param: str, before: str, after: str) -> StepRecord:
    """A call repeated with a corrected argument after the tool explained its format."""
    return StepRecord.of(
        "retry",
        before,
        after,
        Text(
            f"{tool} 说 {param}={before!r} 格式不对并给出了格式，于是改成 {after!r} 重新调用。",
            f"{tool} rejected {param}={before!r} and said which format it needs; called it again with {after!r}.",
        ),
    )


def unclear(what: Text, understood: Text) -> StepRecord:
    """What the model could not tell, and what it did understand."""
    return StepRecord.of(
        "unclear",
        "",
        "",
        Text(
            f"无法确定{what.zh}；理解到的是：{understood.zh}。",
            f"Could not tell {what.en}; understood: {understood.en}.",
        ),
    )
