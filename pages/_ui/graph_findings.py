"""The six findings of LangGraph page 5 (the code review): their wording, and their evidence side by side.

Only pages import this module (it imports Streamlit). A finding comes from
:mod:`lessons.search_assistant.lesson_5_code_review` as data named by a key; this module
says, in the learner's language, what each key means, and renders its evidence.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from lessons.search_assistant.lesson_5_code_review import Finding
from pages._ui import T, Text, english, lang, show_error, tr
from pages._ui.graph_lesson import code, message_table, yes_no
from toolcall_lab.jsonable import json_text

# key -> its title
TITLES = {
    "user_query": Text("user_query 被模型的理解覆盖", "user_query overwritten by the model's reading"),
    "keyword_split": Text("搜索词靠字符串切割", "search keyword cut out with str.split"),
    "new_thread": Text("每次输入都开新线程", "a new thread for every input"),
    "history_not_sent": Text("State 里有历史，模型却看不到", "history in State, never sent to the model"),
    "partial_updates": Text("部分更新被标注成完整 State", "partial updates typed as the full State"),
    "in_memory": Text("InMemorySaver 进程一退出就丢失", "InMemorySaver is lost when the process exits"),
}
# key -> its explanation; finding 2 starts with the diagnosis of the reply it got
EXPLAINED = {
    "user_query": Text(
        "原版把模型对问题的复述存进 user_query，回答节点看到的“用户问题”已不是用户的原话。"
        "修正版原话存 user_query，模型的理解另存 query_intent。",
        "The original stores the model's restatement in user_query, so the answer step's 'user question' is no "
        "longer what the user typed. The fix keeps the words in user_query and the model's reading in query_intent.",
    ),
    "keyword_split": Text(
        " 修正版用 with_structured_output 拿到经过校验的 QueryUnderstanding。",
        " The fix gets a validated QueryUnderstanding from with_structured_output.",
    ),
    "new_thread": Text(
        "原版每次输入 session_count 加一，追问落进一个空线程，前文全部丢失。"
        "修正版由调用方决定 thread_id，同一段对话复用同一个。",
        "The original bumps session_count on every input, so a follow-up lands in an empty thread with nothing "
        "before it. The fix lets the caller reuse one thread_id per conversation.",
    ),
    "history_not_sent": Text(
        "add_messages 只决定节点返回的消息怎样并进 State；原版理解节点只发了一条 SystemMessage，"
        "里面只有最新一句。修正版把整段对话发给模型。",
        "add_messages only decides how returned messages merge into State; the original's understand node sends "
        "one SystemMessage holding the latest question only. The fix sends the whole conversation.",
    ),
    "partial_updates": Text(
        "原版节点标注 -> SearchState（六个字段都必填），实际每个节点只返回自己改的几个字段；"
        "运行没问题，但类型标注在说谎。修正版用 total=False 的 SearchUpdate。",
        "The original nodes say -> SearchState (all six keys required) but each returns only the keys it changed; "
        "it runs, but the annotation lies. The fix uses SearchUpdate with total=False.",
    ),
    "in_memory": Text(
        "原版把检查点放在进程内存里：写入线程的进程一结束，下一个进程什么也找不到。"
        "修正版把 checkpointer 作为依赖传入，默认写 SQLite 文件，多副本用 PostgreSQL。",
        "The original keeps checkpoints in process memory: once the writing process ends, the next one finds "
        "nothing. The fix injects the checkpointer: a SQLite file by default, PostgreSQL for several replicas.",
    ),
}


# The original specimen's own Chinese labels (the article wrote them; they are part of the lesson), glossed.
# zh-only: the specimen's labels, each beside its English gloss
GLOSSES = {
    "用户问题：": "“user question:”",
    "理解：": "“understanding:”",
    "搜索词：": "“search keyword:” (with a full-width colon)",
    "分析用户的查询": "“analyse the user's query”: the original's understand prompt, from the latest question only",
    "请完成两个任务": "“please do two tasks”: summarise the need, write the best search keywords",
}


def gloss(f: Finding) -> None:
    """On an English page, an English gloss beside each Chinese label of the original that this finding shows."""
    if not english():
        return
    shown = json_text({"original": f["original"], "fixed": f["fixed"]})
    found = [f"{zh} = {en}" for zh, en in GLOSSES.items() if zh in shown]
    if found:
        st.caption(
            "Gloss: the original's prompts are Chinese, as the article wrote them. " + " · ".join(found),
            help="The Chinese text is the specimen itself; the gloss says what it means.",
        )


def title(f: Finding) -> str:
    """The finding's title in the session's language."""
    return TITLES[f["key"]](lang())


def explanation(f: Finding) -> str:
    """What the finding means; finding 2 leads with what the split did to the reply it got."""
    text = EXPLAINED[f["key"]](lang())
    if f["key"] == "keyword_split":
        text = tr(f["original"]["diagnosis"]) + text
    return text


def facts(rows: list[tuple[str, object]]) -> None:
    """A two-column table of labelled evidence values."""
    st.dataframe(
        [{"what": k, "value": v if isinstance(v, str) else json_text(v, indent=None)} for k, v in rows],
        hide_index=True,
        column_config={
            "what": st.column_config.TextColumn(T("证据", "evidence"), width="medium"),
            "value": st.column_config.TextColumn(T("值", "value"), width="large"),
        },
    )


def _user_query(o: dict[str, Any], x: dict[str, Any]) -> None:
    a, b = st.columns(2)
    with a:
        facts(
            [
                (T("用户输入", "typed"), o["typed"]),
                ("user_query", o["user_query"]),
                (T("回答提示词里的“用户问题”", "answer prompt's question line"), o["answer_prompt_question_line"]),
            ]
        )
    with b:
        facts(
            [(T("用户输入", "typed"), x["typed"]), ("user_query", x["user_query"]), ("query_intent", x["query_intent"])]
        )


def _keyword_split(o: dict[str, Any], x: dict[str, Any]) -> None:
    a, b = st.columns(2)
    with a:
        scripted = T(" · 脚本回复", " · scripted reply") if o["scripted"] else ""
        st.caption(T("模型回复（原样）", "The model's reply (as sent back)") + scripted)
        st.code(o["model_reply"], language="text", wrap_lines=True)
        d = o["diagnosis"]
        bare = d["strict_error"] or T("没有异常", "no exception")
        facts(
            [
                ("status", d["status"]),
                ("search_query", o["search_query"]),
                (T("裸 split(...)[1] 的结果", "bare split(...)[1]"), bare),
            ]
        )
        st.caption(tr(d))
    with b:
        st.caption(f"with_structured_output → response_format = {x['response_format']}")
        st.code(x["structured_reply"] or "", language="json", wrap_lines=True)
        facts([("search_query", x["search_query"]), ("query_intent", x["query_intent"])])


def _new_thread(o: dict[str, Any], x: dict[str, Any]) -> None:
    for col, side in zip(st.columns(2), (o, x), strict=True):
        with col:
            facts(
                [
                    ("thread_ids", side["thread_ids"]),
                    (T("第二个线程里的用户消息", "user turns in the 2nd thread"), side["user_turns_in_second_thread"]),
                    (T("第二轮的搜索词", "2nd turn's search keyword"), side["second_search_query"]),
                ]
            )


def _history_not_sent(o: dict[str, Any], x: dict[str, Any]) -> None:
    for col, side in zip(st.columns(2), (o, x), strict=True):
        with col:
            facts(
                [
                    (T("State 里的消息数", "messages in State"), str(side["messages_in_state"])),
                    (
                        T("请求里有第一轮的问题吗", "first question in the request?"),
                        yes_no(side["first_question_sent"]),
                    ),
                ]
            )
            st.caption(
                T(
                    "understand 这次请求发出去的 messages（线上原样）",
                    "messages the understand call sent (as on the wire)",
                )
            )
            message_table(side["understand_call_sent"])


def _partial_updates(o: dict[str, Any], x: dict[str, Any]) -> None:
    for col, side in zip(st.columns(2), (o, x), strict=True):
        with col:
            st.dataframe(
                [
                    {
                        "node": n,
                        "annotation": v["annotation"],
                        "returned": ", ".join(v["returned"]),
                        "missing": ", ".join(v["missing"]) or "—",
                    }
                    for n, v in side["nodes"].items()
                ],
                hide_index=True,
                column_config={
                    "node": T("节点", "node"),
                    "annotation": T("返回类型标注", "annotated return"),
                    "returned": T("实际返回的键", "keys returned"),
                    "missing": T("标注要求却没返回", "required but missing"),
                },
            )


def _in_memory(o: dict[str, Any], x: dict[str, Any]) -> None:
    for col, side in zip(st.columns(2), (o, x), strict=True):
        with col:
            st.markdown(f"checkpointer: {code(side['checkpointer'])}")
            restart = side.get("restart")
            if not restart:
                st.caption(
                    T(
                        "重启演示还没运行：点页面顶部的“运行发现 6 的重启进程”。",
                        "The restart demo has not run yet: press “Run finding 6's restart processes” at the top.",
                    )
                )
            elif restart.get("error"):
                show_error(restart["error"])
            else:
                pids = (restart["writer"]["pid"], restart["reader"]["pid"])
                box = st.success if restart["survived"] else st.error
                box(
                    T(
                        f"写入进程 pid {pids[0]} → 读取进程 pid {pids[1]}："
                        + ("找到了线程" if restart["survived"] else "什么也没找到"),
                        f"writer pid {pids[0]} → reader pid {pids[1]}: "
                        + ("found the thread" if restart["survived"] else "found nothing"),
                    )
                )


RENDER: dict[str, Callable[[dict[str, Any], dict[str, Any]], None]] = {
    "user_query": _user_query,
    "keyword_split": _keyword_split,
    "new_thread": _new_thread,
    "history_not_sent": _history_not_sent,
    "partial_updates": _partial_updates,
    "in_memory": _in_memory,
}


def evidence(f: Finding) -> None:
    """The original's evidence on the left, the fixed version's on the right."""
    o_col, x_col = st.columns(2)
    o_col.markdown(T("**原版**", "**Original**"))
    x_col.markdown(T("**修正版**", "**Fixed**"))
    RENDER[f["key"]](f["original"], f["fixed"])
