"""LangGraph page 6 (human approval) — its exercises: the path after a reject, and an edit the tool's schema accepts.

The predict resumes the real approval agent with a reject; the make runs the learner's edit through
:func:`lessons.search_assistant.lesson_6_approval.parse_edit` (the tool's own ``NotifyArgs``). The
context carries the arguments the agent paused on (``original_args``, from :func:`pending_args`)
besides ``lang``. LangGraph is imported inside the checks, so the registry can count these exercises.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from lessons.search_assistant.exercise_words import builtin_llm, code, first_accepted
from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Choice, Code, Context, Exercise, fixed
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import json_text

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

#: The paths the predict offers, one of them the real one.
PATHS = (("approve", "tools", "model"), ("approve", "model"), ("approve", "tools"))


def reject_path(llm: BaseChatModel, lang: str, predicted: Sequence[str] | None) -> Checked:
    """Predict: after a *reject*, which nodes run from the pause on, and is anything sent?"""
    from lessons.search_assistant.lesson_6_approval import approval_demo

    ran = approval_demo(llm, {"action": "reject", "reason": "not now"}, lang=lang)
    return Checked(list(predicted or []) == ran["path"], ran["path"], {"outbox": ran["outbox"]})


def pending_args(llm: BaseChatModel, lang: str) -> dict[str, Any]:
    """The arguments of the tool call the approval agent pauses on (built-in model)."""
    from lessons.search_assistant.lesson_6_approval import approval_demo

    ran = approval_demo(llm, {"action": "approve"}, lang=lang)
    args: dict[str, Any] = ran["pending"][0]["value"]["tool_calls"][0]["args"]
    return args


def valid_edit(text: str | None, original: dict[str, Any]) -> Checked:
    """Make / fix: an edit the tool's own schema accepts and that changes the message."""
    from lessons.search_assistant.lesson_6_approval import parse_edit

    expected_edit = {"message": f"{original.get('message', '')} (edited)"}
    expected = first_accepted([expected_edit], lambda e: parse_edit(json.dumps(e), original)[1] is None)
    args, error = parse_edit(text if isinstance(text, str) else "", original)
    if error is not None or args is None:
        return Checked(False, expected, {"error": error})
    merged = {**original, **args}
    return Checked(merged.get("message") != original.get("message"), expected, {"args": merged})


def _path(found: Checked) -> str:
    return " → ".join(found.expected)


def _edit_words(found: Checked, _context: Any) -> Text:
    err = (found.shown or {}).get("error")
    if err:
        return Text(f"阶段 `{err.get('stage')}`：{err.get('zh')}", f"Stage `{err.get('stage')}`: {err.get('en')}")
    return Text("参数通过了，但消息没变。", "The arguments validate, but the message did not change.")


def _edit_prompt(context: Context) -> Text:
    shown = code(json_text(context["original_args"], indent=None))
    return Text(
        f"模型想调用的参数是 {shown}。写一份修改（JSON），让消息换个说法，且能通过 NotifyArgs。",
        f"The model wants {shown}. Write an edit (JSON) that rewords the message and still passes NotifyArgs.",
    )


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="reject-path",
        kind="predict",
        title=Text("预测：拒绝之后走哪条路？", "Predict: the path after a reject"),
        prompt=Text(
            "你在 approve 处选“拒绝”。从暂停处起，哪些节点会运行？",
            "You reject at approve. From the pause on, which nodes run?",
        ),
        answer=Choice(Text("路径", "Path"), fixed([list(p) for p in PATHS]), format=lambda path, _c: " → ".join(path)),
        check=lambda answer, c: reject_path(builtin_llm(), str(c["lang"]), answer),
        right=lambda found, _c: Text(
            f"{_path(found)}，发件箱是空的。", f"{_path(found)}, and the outbox stayed empty."
        ),
        wrong=Text(  # where to look, never the real path (it is the answer)
            "看审批图里 approve 出发的边：拒绝时工具要不要跑？被拒绝的调用的 ToolMessage 之后，谁来读它？",
            "Follow the edges out of approve in the approval graph: does the tool run on a reject? After the "
            "rejected call's ToolMessage, who reads it?",
        ),
        hint=Text(
            "拒绝时工具不执行，但那次调用仍要有一条 ToolMessage。",
            "On a reject the tool never runs, yet the call still gets a ToolMessage.",
        ),
    ),
    Exercise(
        slug="edit-arguments",
        kind="fix",
        title=Text("动手 / 修正：改写参数", "Make / fix: edit the arguments"),
        prompt=_edit_prompt,
        answer=Code(Text("修改", "Edit"), lambda _c: '{"mesage": ""}', height=80),
        check=lambda answer, c: valid_edit(answer, dict(c["original_args"])),
        right=Text("NotifyArgs 接受了修改后的参数。", "NotifyArgs accepted the edited arguments."),
        wrong=_edit_words,
        hint=Text(
            "键名要和 schema 一致（message），且不能为空。",
            "The key must match the schema (message) and must not be empty.",
        ),
        needs=("original_args",),
    ),
)
