"""Page ③ bind_tools — its exercises: predict ``tool_choice`` on the wire, then fix a tool the endpoint refuses.

Each check sends the real request (``ChatOpenAI`` → the built-in endpoint) and reads the body that
went on the wire. The context carries the page's question (``question``) besides ``lang``.
LangChain is imported inside the checks, so the registry can count these exercises without it.
"""

from __future__ import annotations

import json
from typing import Any

from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Choice, Code, Context, Exercise
from toolcall_lab.i18n import Text

#: How the predict exercise names a request body without the field.
BIND_CHOICE_ABSENT = "(absent)"


def _on_wire(value: Any) -> str:
    return BIND_CHOICE_ABSENT if value is None else json.dumps(value, ensure_ascii=False)


def _named_choice(lang: str, question: str) -> str:
    from toolcall_lab.stages.tool_source import default_source
    from toolcall_lab.stages.wire import payload_for_source

    data = payload_for_source(default_source(lang), False, question, "named", "unset")
    return _on_wire(data.get("tool_choice_on_wire"))


def bind_choice_options(lang: str, question: str) -> list[str]:
    """The choices of the predict exercise: the real value on the wire among three that are not it."""
    return sorted({_named_choice(lang, question), '"get_weather"', '"required"', BIND_CHOICE_ABSENT})


def check_bind_choice(answer: Any, lang: str, question: str) -> Checked:
    """Predict: what ``bind_tools(tools, tool_choice="get_weather")`` puts in the body's ``tool_choice``."""
    expected = _named_choice(lang, question)
    return Checked(answer == expected, expected, answer)


def bad_name_source(lang: str) -> str:
    """The fix exercise's start: page ①'s function under a name the protocol refuses."""
    from toolcall_lab.stages.tool_source import default_source

    return default_source(lang).replace("@tool\n", '@tool("get weather!")\n')


def check_fix_bad_name(source: Any, lang: str, question: str) -> Checked:
    """Fix: the endpoint must accept the request (HTTP 200) and the model must call the learner's tool."""
    from toolcall_lab.errors import ExplainedError
    from toolcall_lab.stages.tool_source import default_source
    from toolcall_lab.stages.wire import payload_for_source

    fixed = payload_for_source(default_source(lang), False, question, "unset", "unset")
    expected = {"status_code": fixed.get("status_code"), "name": fixed["tools_on_wire"][0]["function"]["name"]}
    if not isinstance(source, str):
        return Checked(False, expected)
    data = payload_for_source(source, False, question, "unset", "unset")
    if "tool_error" in data:
        return Checked(False, expected, error=ExplainedError.from_dict(data["tool_error"]))
    if "request_body" not in data:
        return Checked(False, expected, error=ExplainedError.from_dict(data["error"]))
    tools = data.get("tools_on_wire") or [{}]
    got = {"status_code": data.get("status_code"), "name": tools[0].get("function", {}).get("name")}
    calls = (data.get("reply") or {}).get("tool_calls") or []
    ok = got["status_code"] == expected["status_code"] == 200 and [c.get("name") for c in calls][:1] == [got["name"]]
    err = ExplainedError.from_dict(data["error"]) if data.get("error") else None
    return Checked(ok, expected, got, error=err)


def _lang_question(context: Context) -> tuple[str, str]:
    return str(context["lang"]), str(context["question"])


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="named-tool-choice",
        kind="predict",
        title=Text("预测：请求体里的 tool_choice", "Predict: tool_choice in the request body"),
        prompt=Text(
            '`llm.bind_tools([get_weather], tool_choice="get_weather")` 之后，请求体里的 `tool_choice` 是什么？',
            'After `llm.bind_tools([get_weather], tool_choice="get_weather")`, what is `tool_choice` in the body?',
        ),
        answer=Choice(Text("tool_choice", "tool_choice"), lambda c: bind_choice_options(*_lang_question(c))),
        check=lambda answer, c: check_bind_choice(answer, *_lang_question(c)),
        right=Text(
            "ChatOpenAI 把工具名展开成协议要求的对象。",
            "ChatOpenAI expands the tool's name into the object the protocol wants.",
        ),
        wrong=Text("线上的 tool_choice 不是 {shown}。", "On the wire tool_choice is not {shown}."),
        hint=Text(
            "协议里按名字指定工具要写出类型和函数名。",
            "In the protocol, naming one tool takes its type and its function name.",
        ),
        needs=("question",),
    ),
    Exercise(
        slug="fix-tool-name",
        kind="fix",
        title=Text("修复：让端点接受这个工具", "Fix: make the endpoint accept this tool"),
        prompt=Text(
            "端点以 HTTP 400 拒绝了这个工具。改好它，让请求被接受（HTTP 200），并且模型调用你的工具。",
            "The endpoint refuses this tool with HTTP 400. Fix it so the request is accepted (HTTP 200) "
            "and the model calls your tool.",
        ),
        answer=Code(Text("你的输入", "Your input"), lambda c: bad_name_source(str(c["lang"])), height=300),
        check=lambda answer, c: check_fix_bad_name(answer, *_lang_question(c)),
        right=Text("HTTP 200，模型调用了你的工具。", "HTTP 200, and the model called your tool."),
        wrong=Text("端点的回答：{shown}", "The endpoint said: {shown}"),
        hint=Text(
            "工具名必须匹配 ^[a-zA-Z0-9_-]+$：不能有空格和感叹号。",
            "A tool name must match ^[a-zA-Z0-9_-]+$: no spaces, no exclamation marks.",
        ),
        needs=("question",),
    ),
)
