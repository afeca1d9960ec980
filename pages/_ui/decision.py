"""The built-in model's decision record under a model call of the timeline: why it chose what it chose.

The built-in teaching model sends its reasons in the ``x-builtin-decision`` header; the trace
keeps them on each :class:`toolcall_lab.trace.ModelCall` (``decision``). A real endpoint sends
none, so its calls show nothing here.
"""

from __future__ import annotations

import re
from typing import Any

import streamlit as st

from pages._ui import T, Text, inert, inert_code, lang, rows_table, show_error
from toolcall_lab.stages.kwargs import render_call
from toolcall_lab.trace import decision_view

#: Where an argument's value came from, as the decision record names it.
_SOURCES: dict[str, Text] = {
    "question": Text("用户的问题", "the user's question"),
    "system": Text("系统提示词", "the system prompt"),
    "earlier turn": Text("之前的对话", "an earlier turn"),
    "earlier call": Text("之前的工具调用", "an earlier tool call"),
    "literal": Text("问题里写出的调用语法", "call syntax in the question"),
    "default": Text("schema 的默认值", "the schema's default"),
    "guess": Text("猜测", "a guess"),
}


#: The built-in model's reasons and notes (English on the wire, ``toolcall_lab/offline``), in both languages.
#: A text that matches none of them (another endpoint's, an older trace's) is shown as it came.
_WORDS: tuple[tuple[re.Pattern[str], Text], ...] = tuple(
    (re.compile(f"^{pattern}$"), words)
    for pattern, words in (
        ("no tool fits the question", Text("没有一个工具对得上这个问题", "no tool fits the question")),
        ("missing arguments", Text("缺少参数", "missing arguments")),
        ("read the result of (.+)", Text("读了 {0} 的结果", "read the result of {0}")),
        ("left out (.+): missing (.+)", Text("没有调用 {0}：缺少 {1}", "left out {0}: missing {1}")),
        ("retry: bad JSON", Text("重试：上次的 JSON 坏了", "retry: bad JSON")),
        ("retry: format", Text("重试：上次的格式不对", "retry: format")),
        (
            "forced by tool_choice: called (.+)",
            Text("tool_choice 强制：调用了 {0}", "forced by tool_choice: called {0}"),
        ),
        ("no call needed: (.+)", Text("不需要调用工具：{0}", "no call needed: {0}")),
        ("replayed a scripted reply", Text("重放了一条预先写好的回复", "replayed a scripted reply")),
        (
            "follow-up: repeated the earlier call with the new words",
            Text("追问：用新的话重复了之前的调用", "follow-up: repeated the earlier call with the new words"),
        ),
        (
            "gullible: obeyed the instructions injected in the user's message",
            Text(
                "轻信：照做了用户消息里注入的指令", "gullible: obeyed the instructions injected in the user's message"
            ),
        ),
        (
            "tie: (.+) instead of (.+), whose arguments the question lacks",
            Text(
                "平分：选了 {0}，没选 {1}（问题里缺它的参数）",
                "tie: {0} instead of {1}, whose arguments the question lacks",
            ),
        ),
        (
            "the system prompt restricts which ids may be looked up: (.+) refused",
            Text(
                "系统提示词限制了能查的学号：拒绝了 {0}",
                "the system prompt restricts which ids may be looked up: {0} refused",
            ),
        ),
        (
            "the system prompt forbids the tool (.+)",
            Text("系统提示词禁止使用工具 {0}", "the system prompt forbids the tool {0}"),
        ),
        (
            "outside the topics the system prompt allows: (.+)",
            Text("超出了系统提示词允许的话题：{0}", "outside the topics the system prompt allows: {0}"),
        ),
    )
)


def reason_words(text: str, language: str) -> str:
    """A reason or note of the decision record in ``language``, when it is one the built-in model writes.

    >>> reason_words("read the result of get_weather", "zh")
    '读了 get_weather 的结果'
    >>> reason_words("something else", "zh")
    'something else'
    """
    for pattern, words in _WORDS:
        found = pattern.match(text)
        if found:
            return words(language).format(*found.groups())
    return text


def offered_tools(trace: Any) -> list[str]:
    """The names of the tools the run's first request offered the model (its ``tools``), in order."""
    body = (trace.model_calls[0].request_body or {}) if trace.model_calls else {}
    tools = body.get("tools") if isinstance(body, dict) else None
    names = [((t or {}).get("function") or {}).get("name") for t in tools or [] if isinstance(t, dict)]
    return [str(n) for n in names if n]


def render_outcome(trace: Any, *, why_open: bool, expected_errors: bool = False, no_fit_hint: str = "") -> None:
    """The run's outcome first: the question, the answer, and why the model called what it called.

    Under the answer, one line per model call says what it chose (the tools it asked for, with their
    arguments, or its answer), with the built-in model's decision record under it; a run that called
    no tool because none fits says which tools the model had (and ``no_fit_hint``: what to do about it).
    """
    with st.chat_message("user"):
        st.text(trace.question)
    if trace.error:
        show_error(trace.error, expected=expected_errors)
    if trace.answer is not None:
        with st.chat_message("assistant"):
            st.text(trace.answer)
    offered = offered_tools(trace)
    names = ", ".join(inert_code(n) for n in offered) or T("（没有工具）", "(no tools)")
    with st.container(border=True):
        st.markdown(T("**为什么用这个工具**", "**Why this tool**"))
        st.caption(T(f"模型拿到了 {len(offered)} 个工具：{names}", f"The model had {len(offered)} tool(s): {names}"))
        refused = False
        for call in trace.model_calls:
            asked = (call.ai_message or {}).get("tool_calls") or []
            if asked:
                said = ", ".join(inert_code(render_call(str(c.get("name")), c.get("args") or {})) for c in asked)
                st.markdown(
                    T(
                        f"第 {inert(call.step)} 步：模型要求调用 {said}",
                        f"Step {inert(call.step)}: the model asked for {said}",
                    )
                )
            else:
                what = T("给出回答", "answered") if call.ai_message else T("失败", "failed")
                st.markdown(T(f"第 {inert(call.step)} 步：模型{what}", f"Step {inert(call.step)}: the model {what}"))
            if call.decision:
                refused = refused or (call.decision.get("refusal") == "no tool fits the question")
                render_decision(call.decision, open_=why_open)
        if refused and not trace.tool_executions:
            st.info(
                T(
                    f"没有调用任何工具：模型只有 {names}，没有一个对得上这个问题。",
                    f"No tool was called: the model had only {names}, and none of them fits this question.",
                )
                + (f" {no_fit_hint}" if no_fit_hint else ""),
                icon=":material/build:",
            )
        elif not any(call.decision for call in trace.model_calls):
            st.caption(
                T(
                    "真实模型不说明它为什么这样选；它选了什么，就是上面每一步的 tool_calls。",
                    "A real model does not say why it chose; what it chose is each step's tool_calls above.",
                )
            )


def render_decision(decision: dict[str, Any], *, open_: bool) -> None:
    """The built-in model's decision record under its model call: clauses, tool scores, argument sources."""
    view = decision_view(decision)
    title = T(
        "内置模型为什么这样选——真实模型不会给出这样的记录",
        "Why the built-in model chose this — a real model gives no such record",
    )
    with st.expander(title, icon=":material/psychology:", expanded=open_):
        kind = inert_code(view["kind"])  # the decision header is the endpoint's: any endpoint can send one
        st.caption(T(f"决定：{kind}", f"Decision: {kind}"))
        if view["steps"]:  # what was normalised, which date came from which words, what was not an argument
            st.markdown(T("**它怎样读你的话：**", "**How it read your words:**"))
            st.markdown("\n".join(f"- {inert(T(step['zh'], step['en']))}" for step in view["steps"]))
        if view["clauses"]:
            st.markdown(T("**它把问题拆成这几句：**", "**It split the question into these clauses:**"))
            st.markdown("\n".join(f"{n}. {inert(text)}" for n, text in enumerate(view["clauses"], start=1)))
        if view["tools"]:
            st.markdown(
                T("**每个工具的得分和匹配到的词**（✓ = 选中）", "**Each tool's score and matched words** (✓ = chosen)")
            )
            rows_table(
                [
                    {
                        T("句", "clause"): row["clause"],
                        T("工具", "tool"): row["tool"],
                        T("得分", "score"): row["score"],
                        T("匹配到的词", "matched words"): row["matched"],
                        T("选中", "chosen"): "✓" if row["chosen"] else "",
                    }
                    for row in view["tools"]
                ]
            )
        if view["args"]:
            st.markdown(T("**每个参数从哪里来**", "**Where each argument came from**"))
            rows_table(
                [
                    {
                        T("工具", "tool"): row["tool"],
                        T("参数", "argument"): row["argument"],
                        T("值", "value"): row["value"],
                        T("来源", "source"): _SOURCES[row["source"]](lang())
                        if row["source"] in _SOURCES
                        else row["source"],
                    }
                    for row in view["args"]
                ]
            )
        if view["refusal"]:
            refusal = reason_words(view["refusal"], lang())
            st.info(T("拒绝的理由：", "Why it refused: ") + inert(refusal), icon=":material/block:")
        obeyed = any(note.startswith("gullible") for note in view["notes"])
        for text in view["ignored"]:
            if obeyed:
                st.warning(
                    T("照做了注入的指令：", "Obeyed the injected instruction: ") + inert(text),
                    icon=":material/warning:",
                )
            else:
                st.success(
                    T("忽略了注入的指令：", "Ignored the injected instruction: ") + inert(text),
                    icon=":material/shield:",
                )
        if view["notes"]:
            notes = " · ".join(inert(reason_words(note, lang())) for note in view["notes"])
            st.caption(T("备注：", "Notes: ") + notes)
