"""The built-in model's decision record under a model call of the timeline: why it chose what it chose.

The built-in teaching model sends its reasons in the ``x-builtin-decision`` header; the trace
keeps them on each :class:`toolcall_lab.trace.ModelCall` (``decision``). A real endpoint sends
none, so its calls show nothing here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from pages._ui import T, Text, inert, inert_code, lang, show_error, text_table
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


#: A score's reason, by the tag before its colon (``name:weather``); any other tag is a concept the words meant
#: (``weather:rain``), and a tag with no colon is a cue the question held for one of the tool's arguments (``date``).
_MATCHED: dict[str, Text] = {
    "name": Text("工具名含「{v}」", "its name has “{v}”"),
    "words": Text("说明里的词「{v}」", "its description has “{v}”"),
    "asked": Text("点名要用 {v}", "asked for {v} by name"),
    "never": Text("点名不用 {v}", "told not to use {v}"),
}
_CONCEPT = Text("「{v}」→ 概念 {k}", "“{v}” → {k}")
_CUE = Text("线索：{v}", "cue: {v}")
#: The model's own reasons for a score (``search:the learner's own record``), worded; any other is shown as written.
_REASONS: dict[str, Text] = {
    "no weather tool": Text("没有天气工具", "no weather tool"),
    "a count of lessons": Text("问的是课的数量", "a count of lessons"),
    "a count of lessons, no day": Text("问的是课的数量，不是哪一天", "a count of lessons, no day"),
    "the learner's own record": Text("学生自己的档案", "the learner's own record"),
}
_REASON = Text("{k}：{v}", "{k}: {v}")
#: The cues a question held for a tool's arguments (a tag with no colon: ``date``, ``city+when``), worded.
_CUES: dict[str, Text] = {
    "id": Text("学号", "an id"),
    "id+look up": Text("学号和“查”", "an id and “look up”"),
    "date": Text("日期", "a date"),
    "date+my day": Text("日期和“我的安排”", "a date and “my day”"),
    "days": Text("几天", "a span of days"),
    "city+when": Text("城市和时间", "a city and a time"),
    "city+look up": Text("城市和“查”", "a city and “look up”"),
    "city+instead": Text("换成另一个城市", "a city in place of another"),
    "id+date": Text("学号和日期", "an id and a date"),
    "word": Text("单词", "a word"),
}


def _fill(template: Text, kind: str, part: Text) -> Text:
    """``template``'s ``{k}`` filled with ``kind`` and its ``{v}`` with ``part`` in the same language."""
    return Text(template.zh.format(k=kind, v=part.zh), template.en.format(k=kind, v=part.en))


def _worded(tag: str) -> Text:
    """One tag of the record, worded in both languages (see :func:`matched_words`)."""
    kind, colon, words = tag.partition(":")
    if kind in _MATCHED:
        return _MATCHED[kind].format(v=words)
    if words in _REASONS:
        return _fill(_REASON, kind, _REASONS[words])
    if colon and words:
        return _CONCEPT.format(v=words, k=kind)
    return _fill(_CUE, "", _CUES.get(kind, Text(kind, kind)))


def matched_words(tags: Sequence[str], language: str) -> str:
    """The matched-words cell in ``language``: each of the record's tags (``kind:words``) worded.

    >>> matched_words(["weather:rain", "name:weather", "words:rain", "date"], "en")
    '“rain” → weather, its name has “weather”, its description has “rain”, cue: a date'
    >>> matched_words(["date:a count of lessons, no day", "city+when"], "zh")
    'date：问的是课的数量，不是哪一天，线索：城市和时间'
    """
    return Text("，", ", ").join(_worded(tag)(language) for tag in tags if tag)(language)


def score_rows(tools: Sequence[Mapping[str, Any]], language: str) -> list[dict[str, Any]]:
    """The score table's rows in ``language``: each tool (✓: the one chosen), its score and its matched words.

    Narrow enough for a phone: the clause column only when the question was split into more than one
    clause, the ✓ beside the tool's name rather than in a column of its own, and the matched words last
    (the lab's stylesheet lets a long word break in a table's last column only).

    >>> score_rows([{"clause": 1, "tool": "t", "score": 3, "tags": ["name:t"], "chosen": True}], "en")
    [{'tool': '✓ t', 'score': 3, 'matched words': 'its name has “t”'}]
    """
    several = len({row.get("clause") for row in tools}) > 1
    return [
        {
            **({Text("句", "clause")(language): row.get("clause")} if several else {}),
            Text("工具", "tool")(language): ("✓ " if row.get("chosen") else "") + str(row.get("tool", "")),
            Text("得分", "score")(language): row.get("score"),
            Text("匹配到的词", "matched words")(language): matched_words(row.get("tags") or [], language),
        }
        for row in tools
    ]


def score_heading(kind: str) -> Text:
    """The score table's heading: what its ✓ means, which is not a call when the model called nothing.

    >>> score_heading("refusal")("en")
    "**Each tool's score and matched words** (✓ = the best fit; it was not called: see why below)"
    """
    called = kind == "tool_calls"
    return Text(
        "**每个工具的得分和匹配到的词**"
        + ("（✓ = 选中的工具）" if called else "（✓ = 最合适的工具；它没有被调用，原因见下）"),
        "**Each tool's score and matched words** "
        + ("(✓ = the tool chosen)" if called else "(✓ = the best fit; it was not called: see why below)"),
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
            st.markdown(score_heading(view["kind"])(lang()))
            text_table(score_rows(view["tools"], lang()))
        if view["args"]:
            st.markdown(T("**每个参数从哪里来**", "**Where each argument came from**"))
            text_table(
                [
                    {  # the value last: a long one breaks there, and the source's words stay whole
                        T("工具", "tool"): row["tool"],
                        T("参数", "argument"): row["argument"],
                        T("来源", "source"): _SOURCES[row["source"]](lang())
                        if row["source"] in _SOURCES
                        else row["source"],
                        T("值", "value"): row["value"],
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
