"""The exercises at the end of chain pages ① – ④: a predict and a make-or-fix on each page.

Only pages import this module (it imports Streamlit). The checks are pure and live in
:mod:`lessons.chain.exercises_request` (they run the real library call and compute the right
answer); this module draws the answer widgets and words each verdict in the learner's
language from what the check found (:class:`lessons.chain.exercises_request.Checked`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from lessons.chain import exercises_request as pr
from pages._ui import T, lang
from pages._ui.exercise import Verdict, exercise
from pages.registry import chain_page
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages.args_model import default_model_source


def _verdict(found: pr.Checked, right: str, wrong: Callable[[pr.Checked], str]) -> Verdict:
    """A check's finding as the course's verdict: the right words, or what the artifact shows instead."""
    if found.correct:
        return Verdict(True, right, found.expected)
    if found.error is not None:
        title, hint = found.error.text(lang())
        said = T("你的输入没有产生产物：", "Your input made no artifact: ")
        return Verdict(False, f"{said}{title} {hint}", found.expected)
    return Verdict(False, wrong(found), found.expected)


def _text_area(start: str, height: int) -> Callable[[str], Any]:
    """A text area that starts from ``start``; one per language (the start may be in the learner's language)."""
    return lambda key: st.text_area(T("你的输入", "Your input"), value=start, key=f"{key}::{lang()}", height=height)


def _code(text: str, language: str = "python") -> str:
    return f"\n```{language}\n{text.rstrip()}\n```\n"


# ---------------------------------------------------------------- ① @tool
def stage_1() -> None:
    spec = chain_page("tool_source")
    exercise(
        spec,
        1,
        title=T("预测：哪些参数是必填的？", "Predict: which parameters are required?"),
        prompt=T("@tool 会把这个函数的哪些参数放进 `required`？", "Which parameters will @tool put in `required`?")
        + _code(pr.PREDICT_TOOL_SOURCE),
        ask=lambda key: st.multiselect(T("必填参数", "Required parameters"), pr.tool_parameters(), key=key),
        check=lambda answer: _verdict(
            pr.check_required_prediction(answer),
            T(
                "对：args_schema 的 `required` 正是这些。`str | None` 只是允许 null，没有给默认值，所以仍然必填。",
                "Right: that is args_schema's `required`. `str | None` allows null but gives no default, "
                "so it is still required.",
            ),
            lambda f: (
                T(f"`required` 不是 {f.shown}。", f"`required` is not {f.shown}.")
                + T("看每个参数有没有默认值。", " Look at which parameters have a default.")
            ),
        ),
        hint=T(
            "没有默认值的参数就是必填，不管它的类型是否允许 None。",
            "A parameter without a default is required, whatever its type allows.",
        ),
    )
    exercise(
        spec,
        2,
        title=T("动手：造一个 get_time 工具", "Make: a get_time tool"),
        prompt=T(
            "改写这个函数，让 @tool 造出的工具名为 `get_time`，`required` 只有 `zone`，"
            "并且 `offset` 是整数、默认值 0。实验室只解析你的文本，不执行它。",
            "Edit this function so the tool @tool builds is named `get_time`, requires only `zone`, "
            "and has an integer `offset` with the default 0. The lab parses your text; it never runs it.",
        ),
        ask=_text_area(pr.MAKE_TOOL_START, 120),
        check=lambda answer: _verdict(
            pr.check_make_tool(answer),
            T("对：args_schema 正是目标的样子。", "Right: args_schema is exactly the goal."),
            lambda f: T(
                f"@tool 造出的是：{json_text(f.shown, indent=None)}", f"@tool built: {json_text(f.shown, indent=None)}"
            ),
        ),
        hint=T(
            "类型标注决定 JSON 类型（`offset: int`），默认值决定是否必填（`= 0`）。",
            "The annotation sets the JSON type (`offset: int`); a default makes it optional (`= 0`).",
        ),
    )


# ---------------------------------------------------------------- ② JSON Schema
def stage_2() -> None:
    spec = chain_page("schema")
    exercise(
        spec,
        1,
        title=T("预测：模型看得见哪些规则？", "Predict: which rules can the model see?"),
        prompt=T(
            "这个参数模型的哪些规则会出现在 `model_json_schema()` 里（模型读到的只有它）？",
            "Which rules of this model appear in `model_json_schema()` (all the model ever reads)?",
        )
        + _code(pr.PREDICT_MODEL_SOURCE),
        ask=lambda key: st.multiselect(T("模型看得见的规则", "Rules the model sees"), list(pr.rule_options()), key=key),
        check=lambda answer: _verdict(
            pr.check_visible_rules(answer),
            T(
                "对：这些规则变成了 Schema 关键字；strict 和验证器只在运行时生效。",
                "Right: these became schema keywords; strict and the validator act only at run time.",
            ),
            lambda f: T(f"Schema 里不是 {f.shown} 这些。", f"The schema does not carry exactly {f.shown}."),
        ),
        hint=T(
            "有 JSON Schema 关键字（maxLength、exclusiveMinimum……）的规则才看得见。",
            "Only rules with a JSON Schema keyword (maxLength, exclusiveMinimum, …) are visible.",
        ),
    )
    start = default_model_source(lang())
    exercise(
        spec,
        2,
        title=T("动手：把限制写进 Schema", "Make: put the limits in the schema"),
        prompt=T(
            "改写参数模型，让模型读到的 Schema 里 `days` 的 `maximum` 是 5、`city` 的 `minLength` 是 2。",
            "Edit the argument model so the schema the model reads has `maximum` 5 for `days` "
            "and `minLength` 2 for `city`.",
        ),
        ask=_text_area(start, 300),
        check=lambda answer: _verdict(
            pr.check_make_schema_limits(answer, start),
            T("对：model_json_schema() 里正是这两个限制。", "Right: model_json_schema() carries both limits."),
            lambda f: T(
                f"你的 Schema 里是：{json_text(f.shown, indent=None)}",
                f"Your schema says: {json_text(f.shown, indent=None)}",
            ),
        ),
        hint=T(
            "Field(le=…) 变成 maximum，Field(min_length=…) 变成 minLength；验证器里的检查模型看不见。",
            "Field(le=…) becomes maximum, Field(min_length=…) becomes minLength; a check inside a validator "
            "is invisible.",
        ),
    )


# ---------------------------------------------------------------- ③ bind_tools
def stage_3(question: str) -> None:
    spec = chain_page("bind_tools")
    here = lang()
    exercise(
        spec,
        1,
        title=T("预测：请求体里的 tool_choice", "Predict: tool_choice in the request body"),
        prompt=T(
            '`llm.bind_tools([get_weather], tool_choice="get_weather")` 之后，请求体里的 `tool_choice` 是什么？',
            'After `llm.bind_tools([get_weather], tool_choice="get_weather")`, what is `tool_choice` in the body?',
        ),
        ask=lambda key: st.radio("tool_choice", pr.bind_choice_options(here, question), index=None, key=key),
        check=lambda answer: _verdict(
            pr.check_bind_choice(answer, here, question),
            T(
                "对：ChatOpenAI 把工具名展开成协议要求的对象。",
                "Right: ChatOpenAI expands the tool's name into the object the protocol wants.",
            ),
            lambda f: T(f"线上的 tool_choice 不是 {f.shown}。", f"On the wire tool_choice is not {f.shown}."),
        ),
        hint=T(
            "协议里按名字指定工具要写出类型和函数名。",
            "In the protocol, naming one tool takes its type and its function name.",
        ),
    )
    exercise(
        spec,
        2,
        title=T("修复：让端点接受这个工具", "Fix: make the endpoint accept this tool"),
        prompt=T(
            "端点以 HTTP 400 拒绝了这个工具。改好它，让请求被接受（HTTP 200），并且模型调用你的工具。",
            "The endpoint refuses this tool with HTTP 400. Fix it so the request is accepted (HTTP 200) "
            "and the model calls your tool.",
        ),
        ask=_text_area(pr.bad_name_source(here), 300),
        check=lambda answer: _verdict(
            pr.check_fix_bad_name(answer, here, question),
            T("对：HTTP 200，模型调用了你的工具。", "Right: HTTP 200, and the model called your tool."),
            lambda f: T(
                f"端点的回答：{json_text(f.shown, indent=None)}",
                f"The endpoint said: {json_text(f.shown, indent=None)}",
            ),
        ),
        hint=T(
            "工具名必须匹配 ^[a-zA-Z0-9_-]+$：不能有空格和感叹号。",
            "A tool name must match ^[a-zA-Z0-9_-]+$: no spaces, no exclamation marks.",
        ),
    )


# ---------------------------------------------------------------- ④ tool_call
def stage_4() -> None:
    spec = chain_page("tool_call")
    exercise(
        spec,
        1,
        title=T("预测：tool_calls 里有几个调用？", "Predict: how many calls land in tool_calls?"),
        prompt=T(
            "模型的一次回复带着这两个 arguments 字符串（每行一个调用）。`AIMessage.tool_calls` 会有几项？",
            "The model's reply carries these two arguments strings (one call per line). "
            "How many entries will `AIMessage.tool_calls` have?",
        )
        + _code("\n".join(pr.CALLS_SPECIMEN), "json"),
        ask=lambda key: st.radio(
            T("tool_calls 的项数", "Entries in tool_calls"), ["0", "1", "2"], index=None, horizontal=True, key=key
        ),
        check=lambda answer: _verdict(
            pr.check_call_count(answer),
            T(
                "对：能解析的进 tool_calls，解析失败的进 invalid_tool_calls。",
                "Right: the one that parses goes to tool_calls, the broken one to invalid_tool_calls.",
            ),
            lambda f: T(
                f"LangChain 实际分成了：{json_text(f.shown, indent=None)}",
                f"LangChain split them: {json_text(f.shown, indent=None)}",
            ),
        ),
        hint=T(
            "JSON 不允许结尾多一个逗号；解析失败的调用不会进 tool_calls。",
            "JSON allows no trailing comma; a call that does not parse stays out of tool_calls.",
        ),
    )
    exercise(
        spec,
        2,
        title=T("修复：让 arguments 能被解析", "Fix: make the arguments parse"),
        prompt=T(
            "把这个 arguments 字符串改好，让 LangChain 解析出 "
            f"`{json_text(pr.FIX_ARGUMENTS_GOAL, indent=None)}`（一个调用，没有 invalid_tool_calls）。",
            f"Fix this arguments string so LangChain parses it into `{json_text(pr.FIX_ARGUMENTS_GOAL, indent=None)}` "
            "(one call, no invalid_tool_calls).",
        ),
        ask=_text_area(pr.FIX_ARGUMENTS_START, 80),
        check=lambda answer: _verdict(
            pr.check_fix_arguments(answer),
            T(
                "对：这一行进了 tool_calls，args 正是目标。",
                "Right: the line went to tool_calls with exactly these args.",
            ),
            lambda f: T(
                f"LangChain 解析出：{json_text(f.shown, indent=None)}",
                f"LangChain made of it: {json_text(f.shown, indent=None)}",
            ),
        ),
        hint=T("JSON 要双引号，不要结尾逗号。", "JSON wants double quotes and no trailing comma."),
    )
