"""The exercises at the end of LangGraph pages 1–3 (4–7: ``_graph_exercises_late``): widgets and wording only.

Each check is :mod:`lessons.search_assistant.exercises` (it runs the real graph, schema or
parser on the learner's answer and computes the right one); this module draws the answer
widgets and turns what the artifact showed into feedback in the learner's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st

from lessons.search_assistant import exercises as ex
from pages._ui import T
from pages._ui.exercise import Verdict, exercise
from pages._ui.graph_lesson import builtin_llm, code
from pages.registry import PageSpec
from toolcall_lab.checks import Checked
from toolcall_lab.jsonable import json_text

TARGET_QUERY = "Bangkok weather"


def yes_no(key: str, label: str) -> bool | None:
    """A yes / no radio with nothing picked yet; the options are their own labels (stable in the link and tests)."""
    yes, no = T("是", "yes"), T("否", "no")
    picked = st.radio(label, [yes, no], index=None, key=key, horizontal=True)
    return None if picked is None else picked == yes


def verdict(c: Checked, right: str, wrong: str) -> Verdict:
    """The page's verdict on a check: its own words for right and wrong, the computed answer."""
    return Verdict(c.correct, right if c.correct else wrong, c.expected)


# ---------------------------------------------------------------- page 1
def page1(spec: PageSpec, questions: Sequence[str]) -> None:
    """Predict whether the agent searches a greeting; make a question only the workflow searches."""
    hello = questions[1]

    def predict(answer: Any) -> Verdict:
        c = ex.agent_searches(builtin_llm(), hello, answer)
        path = " → ".join(c.shown["path"])
        return verdict(
            c,
            T(f"对：Agent 走的是 {path}。", f"Right: the agent's path was {path}."),
            T(f"Agent 实际走的是 {path}：模型自己决定。", f"The agent's real path was {path}: the model decided."),
        )

    exercise(
        spec,
        1,
        title=T("预测：Agent 会搜索吗？", "Predict: will the agent search?"),
        prompt=T(
            f"问 Agent：{code(hello)}。它会调用 search_web 吗？",
            f"Ask the agent {code(hello)}. Will it call search_web?",
        ),
        ask=lambda key: yes_no(key, T("Agent 会搜索", "The agent searches")),
        check=predict,
        hint=T(
            "看条件边 model ⇢ tools：只有回复里有 tool_calls 才走。",
            "Look at the edge model ⇢ tools: taken only when the reply has tool_calls.",
        ),
    )

    def make(answer: Any) -> Verdict:
        c = ex.only_workflow_searches(builtin_llm(), answer, questions)
        seen = c.shown
        return verdict(
            c,
            T(
                "对：工作流搜了（代码决定），Agent 没搜（模型决定）。",
                "Right: the workflow searched (the code), the agent did not (the model).",
            ),
            T(
                f"工作流搜了：{seen.get('workflow')}；Agent 搜了：{seen.get('agent')}。",
                f"Workflow searched: {seen.get('workflow')}; agent searched: {seen.get('agent')}.",
            ),
        )

    exercise(
        spec,
        2,
        title=T("动手：只有工作流会搜的问题", "Make: a question only the workflow searches"),
        prompt=T(
            "写一个问题：工作流会搜索，Agent 却直接回答。",
            "Write a question the workflow searches but the agent answers directly.",
        ),
        ask=lambda key: st.text_input(T("问题", "Question"), key=key, max_chars=200),
        check=make,
        hint=T(
            "工作流每次都搜；让模型觉得不需要查资料。",
            "The workflow always searches; give the model nothing to look up.",
        ),
    )


# ---------------------------------------------------------------- page 2
def page2(spec: PageSpec, properties: Sequence[str]) -> None:
    """Predict the schema's required fields; write arguments the tool's own schema accepts."""

    def predict(answer: Any) -> Verdict:
        c = ex.required_fields(answer)
        return verdict(
            c,
            T("对：schema 的 required 正是这些。", "Right: the schema's `required` lists exactly these."),
            T(
                "再看 parameters.required：有默认值的参数不必填。",
                "Look at parameters.required: a parameter with a default is optional.",
            ),
        )

    exercise(
        spec,
        1,
        title=T("预测：哪些参数必填？", "Predict: which arguments are required?"),
        prompt=T(
            "bind_tools 发出去的 search_web schema 里，哪些字段是 required？",
            "In the search_web schema bind_tools sends, which fields are required?",
        ),
        ask=lambda key: st.multiselect(T("必填字段", "Required fields"), list(properties), key=key),
        check=predict,
        hint=T("SearchArgs 里没有默认值的字段就是必填。", "A SearchArgs field without a default is required."),
    )

    def make(answer: Any) -> Verdict:
        c = ex.search_args_valid(answer, 3)
        stage = c.shown.get("stage")
        why = c.shown.get("error") or json_text(c.shown.get("args"), indent=None)
        return verdict(
            c,
            T("对：SearchArgs 接受了这些参数，limit = 3。", "Right: SearchArgs accepted them, with limit = 3."),
            T(f"阶段 {stage}：{why}", f"Stage {stage}: {why}"),
        )

    exercise(
        spec,
        2,
        title=T("动手：写出能通过校验的参数", "Make: arguments that validate"),
        prompt=T(
            "写出 search_web 的 arguments（JSON）：搜曼谷天气，只要 3 条结果。",
            "Write search_web's arguments (JSON): search Bangkok weather, 3 results only.",
        ),
        ask=lambda key: st.text_area("arguments", '{"query": "Bangkok weather"}', key=key, height=80),
        check=make,
        hint=T(
            "limit 必须在 1–10 之间，且不能多写 schema 里没有的键。",
            "limit must be 1–10, and no key the schema does not name.",
        ),
    )


# ---------------------------------------------------------------- page 3
def page3(spec: PageSpec) -> None:
    """Predict what add_messages does with a known id; write a partial update the graph applies."""

    def predict(answer: Any) -> Verdict:
        c = ex.reducer_count("a1", None if answer is None else int(answer))
        ids = ", ".join(str(i) for i in c.shown["ids"])
        return verdict(
            c,
            T(f"对：ids = {ids}，a1 被原地替换。", f"Right: ids = {ids}; a1 was replaced in place."),
            T(f"add_messages 给出的 ids = {ids}。", f"add_messages gave ids = {ids}."),
        )

    exercise(
        spec,
        1,
        title=T("预测：reducer 之后有几条？", "Predict: how many after the reducer?"),
        prompt=T(
            "State 里有 [human `h1`, ai `a1`]；一个节点返回一条 id 为 `a1` 的 AIMessage。合并后有几条？",
            "State holds [human `h1`, ai `a1`]; a node returns an AIMessage with id `a1`. How many after the merge?",
        ),
        ask=lambda key: st.number_input(T("条数", "Messages"), 0, 5, None, step=1, key=key),
        check=predict,
        hint=T("add_messages 按 id 合并：已有的 id 会被替换。", "add_messages merges by id: a known id is replaced."),
    )

    def make(answer: Any) -> Verdict:
        c = ex.partial_update(answer, TARGET_QUERY)
        s = c.shown
        detail = s.get("error") or T(
            f"改变的键：{s.get('changed')}；被忽略的键：{s.get('ignored')}",
            f"keys changed: {s.get('changed')}; keys ignored: {s.get('ignored')}",
        )
        return verdict(c, T("对：只有 search_query 变了。", "Right: only search_query changed."), detail)

    exercise(
        spec,
        2,
        title=T("动手：写一个部分更新", "Make: write a partial update"),
        prompt=T(
            f"写出 search 节点的返回值（Python 字面量 dict），"
            f"让 State 的 search_query 变成 {code(TARGET_QUERY)}，其他都不变。",
            f"Write what the search node returns (a Python dict literal) so State's search_query becomes "
            f"{code(TARGET_QUERY)} and nothing else changes.",
        ),
        ask=lambda key: st.text_area(T("返回值", "Return value"), "{'search_query': ''}", key=key, height=80),
        check=make,
        hint=T(
            "只写你改的键；State 里没有的键会被悄悄丢掉。",
            "Return only the keys you change; a key State lacks is silently dropped.",
        ),
    )
