"""The built-in model's decision record under a model call of the timeline: why it chose what it chose.

The built-in teaching model sends its reasons in the ``x-builtin-decision`` header; the trace
keeps them on each :class:`toolcall_lab.trace.ModelCall` (``decision``). A real endpoint sends
none, so its calls show nothing here.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from pages._ui import T, Text, inert, inert_code, lang, rows_table, show_error
from toolcall_lab.offline.explain import said
from toolcall_lab.stages.kwargs import render_call
from toolcall_lab.trace import decision_view

#: What the model decided, as the record's ``kind`` names it.
_KINDS: dict[str, Text] = {
    "tool_calls": Text("调用工具", "call tools"),
    "answer": Text("根据工具结果回答", "answer from the tools' results"),
    "refusal": Text("拒绝", "refuse"),
    "cannot_help": Text("说明帮不上忙", "say it cannot help"),
    "no_call": Text("不调用工具，直接回答", "answer without a call"),
    "smalltalk": Text("寒暄", "small talk"),
    "documents": Text("根据提示词里的文档回答", "answer from documents in the prompt"),
    "structured": Text("按要求的格式输出", "answer in the requested format"),
    "template": Text("按模板回答", "answer from a template"),
    "scripted": Text("回放预先写好的回复", "replay a scripted reply"),
}

#: Where an argument's value came from, as the decision record names it.
_SOURCES: dict[str, Text] = {
    "question": Text("用户的问题", "the user's question"),
    "system": Text("系统提示词", "the system prompt"),
    "earlier turn": Text("之前的对话", "an earlier turn"),
    "earlier call": Text("之前的工具调用", "an earlier tool call"),
    "literal": Text("问题里写出的调用语法", "call syntax in the question"),
    "default": Text("schema 的默认值", "the schema's default"),
    "guess": Text("猜测", "a guess"),
    "tool error": Text("工具的报错", "the tool's error"),
}


#: A score's reason, by the tag before its colon (``name:weather``); any other tag is a concept the words meant.
_MATCHED: dict[str, Text] = {
    "name": Text("工具名含「{v}」", "name:{v}"),
    "words": Text("说明里的词「{v}」", "words:{v}"),
    "asked": Text("点名要用 {v}", "asked:{v}"),
    "never": Text("点名不用 {v}", "never:{v}"),
}


def _matched(tags: str) -> str:
    """The matched-words cell in the page's language: the record's tags (``kind:words``) worded."""
    out = []
    for tag in (t for t in tags.split(", ") if t):
        kind, _, words = tag.partition(":")
        said = _MATCHED[kind].format(v=words) if kind in _MATCHED else Text(f"「{words}」→ 概念 {kind}", tag)
        out.append(said(lang()))
    return T("，", ", ").join(out)


def render_decision(decision: dict[str, Any], *, open_: bool) -> None:
    """The built-in model's decision record under its model call: clauses, tool scores, argument sources."""
    view = decision_view(decision)
    title = T(
        "内置模型为什么这样选——真实模型不会给出这样的记录",
        "Why the built-in model chose this — a real model gives no such record",
    )
    with st.expander(title, icon=":material/psychology:", expanded=open_):
        kind = inert_code(view["kind"])  # the decision header is the endpoint's: any endpoint can send one
        meaning = _KINDS[view["kind"]](lang()) + " · " if view["kind"] in _KINDS else ""
        st.caption(T(f"决定：{meaning}{kind}", f"Decision: {meaning}{kind}"))
        # each heading and its list in one markdown element: the same page, half the messages of an answer
        if view["steps"]:  # what was normalised, which date came from which words, what was not an argument
            said_steps = "\n".join(f"- {inert(T(step['zh'], step['en']))}" for step in view["steps"])
            st.markdown(T("**它怎样读你的话：**", "**How it read your words:**") + "\n\n" + said_steps)
        if view["clauses"]:
            clauses = "\n".join(f"{n}. {inert(text)}" for n, text in enumerate(view["clauses"], start=1))
            heading = T("**它把问题拆成这几句：**", "**It split the question into these clauses:**")
            st.markdown(f"{heading}\n\n{clauses}")
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
                        T("匹配到的词", "matched words"): _matched(row["matched"]),
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
            reason = said(view["refusal"])(lang())  # the record's English words, in the page's language
            why = T("拒绝的理由：", "Why it refused: ") if view["kind"] == "refusal" else T("理由：", "Why: ")
            st.info(why + inert(reason), icon=":material/block:")
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
            st.caption(T("备注：", "Notes: ") + " · ".join(inert(said(note)(lang())) for note in view["notes"]))


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
        st.markdown(  # the heading and what the model had, one line
            T(
                f"**为什么用这个工具** · 模型拿到了 {len(offered)} 个工具：{names}",
                f"**Why this tool** · the model had {len(offered)} tool(s): {names}",
            )
        )
        refused = False
        for call in trace.model_calls:
            asked = (call.ai_message or {}).get("tool_calls") or []
            if asked:
                asked_for = ", ".join(inert_code(render_call(str(c.get("name")), c.get("args") or {})) for c in asked)
                st.markdown(
                    T(
                        f"第 {inert(call.step)} 步：模型要求调用 {asked_for}",
                        f"Step {inert(call.step)}: the model asked for {asked_for}",
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
