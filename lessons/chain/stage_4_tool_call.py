"""Page ④ tool_call — its exercises: predict how LangChain splits two calls, then fix an arguments string.

Each check has the built-in endpoint return exactly the given calls and reads what LangChain's own
parser made of them (``tool_calls`` and ``invalid_tool_calls``). LangChain is imported inside the
checks, so the registry can count these exercises without loading it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Choice, Code, Exercise, Specimen, fixed
from toolcall_lab.i18n import Text

#: Predict: the model's reply carries these two arguments strings.
CALLS_SPECIMEN: tuple[str, ...] = ('{"city": "Tokyo"}', '{"city": "Paris", "days": 3,}')

#: Fix: the start (single quotes and a trailing comma) and the args LangChain must make of the fixed line.
FIX_ARGUMENTS_START = "{'city': 'Paris', 'days': 3,}"
FIX_ARGUMENTS_GOAL: dict[str, Any] = {"city": "Paris", "days": 3}


def check_call_count(answer: Any, lines: Sequence[str] = CALLS_SPECIMEN) -> Checked:
    """Predict: how many entries ``AIMessage.tool_calls`` will have (the answer is a digit, as text).

    >>> check_call_count("1").expected
    '1'
    """
    from toolcall_lab.errors import ExplainedError
    from toolcall_lab.stages.tool_call import scripted_tool_call

    result = scripted_tool_call(list(lines))
    if isinstance(result, ExplainedError):
        raise ValueError(result.detail)
    expected = str(len(result.tool_calls))
    got = {
        "tool_calls": [c["id"] for c in result.tool_calls],
        "invalid_tool_calls": [c["id"] for c in result.invalid_tool_calls],
    }
    return Checked(str(answer) == expected, expected, got)


def check_fix_arguments(text: Any) -> Checked:
    """Fix: one arguments line that LangChain parses into :data:`FIX_ARGUMENTS_GOAL` (one call, none invalid).

    ``expected`` is what the real parser makes of the goal written as JSON.
    """
    from toolcall_lab.errors import ExplainedError
    from toolcall_lab.stages.tool_call import calls_from_text, scripted_tool_call

    solution = scripted_tool_call(json.dumps(FIX_ARGUMENTS_GOAL))
    assert not isinstance(solution, ExplainedError)
    expected = {"arguments": json.dumps(FIX_ARGUMENTS_GOAL), "args": solution.tool_calls[0]["args"]}
    if not isinstance(text, str):
        return Checked(False, expected)
    lines = calls_from_text(text)
    if isinstance(lines, ExplainedError):
        return Checked(False, expected, error=lines)
    if len(lines) != 1:
        return Checked(False, expected, {"lines": len(lines)})
    result = scripted_tool_call(list(lines))
    if isinstance(result, ExplainedError):
        return Checked(False, expected, error=result)
    got = {
        "args": result.tool_calls[0]["args"] if result.tool_calls else None,
        "invalid": [c.get("error") for c in result.invalid_tool_calls],
    }
    ok = got["args"] == expected["args"] and not got["invalid"]
    return Checked(ok, expected, got)


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="count-calls",
        kind="predict",
        title=Text("预测：tool_calls 里有几个调用？", "Predict: how many calls land in tool_calls?"),
        prompt=Text(
            "模型的一次回复带着这两个 arguments 字符串（每行一个调用）。`AIMessage.tool_calls` 会有几项？",
            "The model's reply carries these two arguments strings (one call per line). "
            "How many entries will `AIMessage.tool_calls` have?",
        ),
        specimen=Specimen(lambda _c: "\n".join(CALLS_SPECIMEN), "json"),
        answer=Choice(Text("tool_calls 的项数", "Entries in tool_calls"), fixed(["0", "1", "2"]), horizontal=True),
        check=lambda answer, _c: check_call_count(answer),
        right=Text(
            "能解析的进 tool_calls，解析失败的进 invalid_tool_calls。LangChain 实际分成了：{shown}",
            "The one that parses goes to tool_calls, the broken one to invalid_tool_calls. "
            "LangChain split them: {shown}",
        ),
        # a miss says where to look, not how the calls split (that is the answer, shown with "show me")
        wrong=Text(
            "LangChain 数出来的不是这个数。逐行读上面的两个 arguments 字符串：哪一行 `json.loads` 读得通？",
            "That is not the count LangChain's parser gives. Read the two arguments strings above line by line: "
            "which one does `json.loads` accept?",
        ),
        hint=Text(
            "JSON 不允许结尾多一个逗号；解析失败的调用不会进 tool_calls。",
            "JSON allows no trailing comma; a call that does not parse stays out of tool_calls.",
        ),
    ),
    Exercise(
        slug="fix-arguments",
        kind="fix",
        title=Text("修复：让 arguments 能被解析", "Fix: make the arguments parse"),
        prompt=Text(
            "把这个 arguments 字符串改好，让 LangChain 解析出 `{goal}`（一个调用，没有 invalid_tool_calls）。",
            "Fix this arguments string so LangChain parses it into `{goal}` (one call, no invalid_tool_calls).",
        ).format(goal=json.dumps(FIX_ARGUMENTS_GOAL, ensure_ascii=False)),
        answer=Code(Text("你的输入", "Your input"), lambda _c: FIX_ARGUMENTS_START, height=80),
        check=lambda answer, _c: check_fix_arguments(answer),
        right=Text(
            "这一行进了 tool_calls，args 正是目标。",
            "The line went to tool_calls with exactly these args.",
        ),
        wrong=Text("LangChain 解析出：{shown}", "LangChain made of it: {shown}"),
        hint=Text("JSON 要双引号，不要结尾逗号。", "JSON wants double quotes and no trailing comma."),
    ),
)
