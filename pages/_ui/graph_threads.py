"""The sections of LangGraph page 4 (threads): checkpoints, time travel, thread modes, restarts, the Store.

Only pages import this module (it imports Streamlit). Each function lays out widgets and
renders what a function of :mod:`lessons.search_assistant.lesson_4_threads` returned;
nothing here computes an artifact.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import streamlit as st

from lessons.search_assistant.lesson_4_threads import (
    HistoryRow,
    ThreadView,
    TurnRow,
    compare_thread_modes,
    fork_question_steps,
    replay_points,
    replay_steps,
    restart_checks,
    setting_kind,
    store_demo,
)
from lessons.search_assistant.workflow import build_workflow
from pages._ui import T, chat_model, inert, lang, settings, show_error, source
from pages._ui import graph_board as gb
from pages._ui import graph_lesson as gu
from pages._ui.graph_lesson import code, repo_relative
from toolcall_lab.checkpointers import describe
from toolcall_lab.graph import CompiledGraph
from toolcall_lab.graph_run import attempt


def history_table(rows: Sequence[HistoryRow]) -> None:
    """``get_state_history`` rows, newest first; ids shortened to their last 12 characters."""
    st.dataframe(
        [
            {
                "checkpoint_id": r["checkpoint_id"][-12:],
                "parent_id": (r["parent_id"] or "")[-12:],
                "step": r["step"],
                "source": r["source"],
                "next": ", ".join(r["next"]) or "—",
                "messages": r["messages"],
                "user_query": r["user_query"],
                "search_query": r["search_query"],
                "wrote": "; ".join(f"{k}: {', '.join(v)}" for k, v in r["wrote"].items()),
            }
            for r in rows
        ],
        hide_index=True,
        column_config={
            "checkpoint_id": st.column_config.TextColumn("checkpoint_id (…)", width="small"),
            "parent_id": st.column_config.TextColumn("parent_id (…)", width="small"),
            "step": st.column_config.NumberColumn("step", width="small"),
            "source": st.column_config.TextColumn("source", width="small"),
            "next": st.column_config.TextColumn(T("next（待运行）", "next (to run)"), width="small"),
            "messages": st.column_config.NumberColumn("messages", width="small"),
            "user_query": st.column_config.TextColumn("user_query", width="medium"),
            "search_query": st.column_config.TextColumn("search_query", width="medium"),
            "wrote": st.column_config.TextColumn(T("从这里出发写入的键", "keys written from here"), width="medium"),
        },
    )


def turn_table(rows: Sequence[TurnRow]) -> None:
    """The turns of one thread mode: thread id, question, keyword, top source, messages in the thread."""
    st.dataframe(
        [
            {
                "turn": r["turn"],
                "thread_id": r["thread_id"],
                "question": r["question"],
                "search_query": r["search_query"],
                "top_source": r["top_source"],
                "messages": r["messages_in_thread"],
            }
            for r in rows
        ],
        hide_index=True,
        column_config={
            "turn": st.column_config.NumberColumn(T("轮", "turn"), width="small"),
            "thread_id": st.column_config.TextColumn("thread_id", width="small"),
            "question": T("问题", "question"),
            "search_query": "search_query",
            "top_source": T("第一条来源", "top source"),
            "messages": st.column_config.NumberColumn(T("线程里的消息", "messages in thread"), width="small"),
        },
    )


def turn_differences(same: Sequence[TurnRow], fresh: Sequence[TurnRow]) -> None:
    """A badge for each follow-up that searched differently on a new thread."""
    for one, new in zip(same[1:], fresh[1:], strict=True):
        if one["search_query"] == new["search_query"]:
            continue
        st.markdown(
            T(
                f":orange-badge[:material/difference: 第 {one['turn']} 轮不同] “{inert(one['question'])}”："
                f"同线程搜 {code(one['search_query'])}，新线程搜 {code(new['search_query'])}",
                f":orange-badge[:material/difference: turn {one['turn']} differs] “{inert(one['question'])}”:"
                f" one thread searched {code(one['search_query'])}, a new thread searched "
                f"{code(new['search_query'])}",
            )
        )


def restart_card(label: str, result: dict[str, Any]) -> None:
    """One checkpointer setting's restart demo: did the second process find the thread?"""
    where = describe(label)
    st.markdown(f"**{inert(where['kind'])}** · {code(repo_relative(where['target'] or label))}")
    if result.get("error"):
        show_error(result["error"])
        return
    if result["survived"]:
        st.success(T("第二个进程找到了这个线程", "The second process found the thread"), icon=":material/check_circle:")
    else:
        st.error(T("第二个进程什么也没找到", "The second process found nothing"), icon=":material/cancel:")
    writer, reader = result["writer"], result["reader"]
    st.markdown(f"thread_id `{result['thread_id']}`")
    st.markdown(
        T(
            f"写入进程 pid {writer['pid']}：{writer['messages']} 条消息",
            f"writer pid {writer['pid']}: {writer['messages']} messages",
        )
    )
    st.markdown(
        T(
            f"读取进程 pid {reader['pid']}：读到 {len(reader['messages'])} 条",
            f"reader pid {reader['pid']}: read {len(reader['messages'])} messages",
        )
    )
    with st.expander(T("读取进程的输出（JSON）", "The reader's output (JSON)")):
        st.json(reader, expanded=2)


def store_runs_table(runs: Sequence[dict[str, Any]]) -> None:
    """The Store demo's three runs: thread, user, what was said, the reply."""
    st.dataframe(
        [
            {
                "thread_id": r["thread_id"],
                "user_id": r["user_id"],
                "said": r["said"],
                "reply": r["reply"],
                "messages": r["messages_in_thread"],
            }
            for r in runs
        ],
        hide_index=True,
        column_config={
            "thread_id": st.column_config.TextColumn("thread_id", width="small"),
            "user_id": st.column_config.TextColumn("user_id", width="small"),
            "said": T("用户说", "said"),
            "reply": st.column_config.TextColumn(T("回复", "reply"), width="large"),
            "messages": st.column_config.NumberColumn(T("线程消息数", "messages"), width="small"),
        },
    )


# ---------------------------------------------------------------- sections


def conversation(view: ThreadView) -> None:
    """The thread as the checkpointer gives it back: its messages (``get_state``) and how many checkpoints it has."""
    messages, rows = view["messages"], view["history"]
    st.markdown(
        T(
            f"**线程里的对话**（{len(messages)} 条消息，来自 get_state；{len(rows)} 个检查点，见第 2 步）",
            f"**The conversation on this thread** ({len(messages)} messages, from get_state; {len(rows)} "
            "checkpoints, see step 2)",
        )
    )
    if not messages:
        st.caption(T("空线程。", "An empty thread."))
    for m in messages:
        with st.chat_message("user" if m["type"] == "human" else "assistant"):
            st.text(str(m["content"]))


def time_travel(app: CompiledGraph, rows: Sequence[HistoryRow], panel: gb.Panel) -> None:
    """Pick a checkpoint taken before ``understand``; replay from it, or fork it with new words."""
    points = {p["checkpoint_id"]: p for p in replay_points(app, rows)}
    if not points:
        return
    with st.container(border=True):
        st.markdown(
            T(
                "**从 understand 运行之前的检查点出发：**",
                "**Start again from a checkpoint taken just before `understand`:**",
            )
        )
        chosen = st.selectbox(
            T("检查点", "Checkpoint"),
            list(points),
            key="g4::cp",
            placeholder=T("选一个检查点", "Choose a checkpoint"),
            format_func=lambda c: f"step {points[c]['step']} · {gu.short(points[c]['question'], 40)} · …{c[-8:]}",
        )
        a, b = st.columns(2)
        a.caption(T("重放：同样的节点在同样的 State 上再跑一遍", "Replay: the same nodes run again on the same State"))
        replay = a.button(T("从这里重放", "Replay from here"), icon=":material/replay:", key="g4::replay")
        new_text = b.text_input(
            T("分叉：把这一步用户的话改成", "Fork: rewrite the user's words here as"),
            value=T("曼谷明天多少度？", "How hot is Bangkok tomorrow?"),
            key="g4::forkq",
            max_chars=300,
        ).strip()
        fork = b.button(T("分叉并继续", "Fork and continue"), icon=":material/call_split:", key="g4::fork")
        area = st.container()
        if fork and not new_text:
            st.warning(T("分叉需要一句新的话。", "A fork needs new words."), icon=":material/edit:")
        elif replay or fork:
            config = points[chosen]["config"]
            steps = replay_steps(app, config) if replay else fork_question_steps(app, config, new_text)
            with area:
                ran = gb.run_live(steps, panels=[panel])
            kind = "replay" if replay else "fork"
            st.session_state["g4::travel"] = {"kind": kind, "from": chosen, "result": ran.result, "error": ran.error}
            st.rerun()
        with area:
            travel_result(st.session_state.get("g4::travel"))
    source(replay_steps)
    source(fork_question_steps)


def travel_result(travel: dict[str, Any] | None) -> None:
    """The State a replay or a fork ended in."""
    if not travel:
        return
    show_error(travel["error"])
    if not travel["result"]:
        return
    fork = travel["kind"] == "fork"
    final = travel["result"]["final"] if fork else travel["result"]
    head = (
        T(
            "分叉的结果（新分支；旧分支仍在历史里）",
            "The fork's result (a new branch; the old one is still in the history)",
        )
        if fork
        else T("重放的结果", "The replay's result")
    )
    st.markdown(f"**{head}** · " + T("出发点 …", "from …") + travel["from"][-8:])
    st.markdown(f"user_query: {code(final.get('user_query'))} · search_query: {code(final.get('search_query'))}")
    gu.answer_box(final.get("answer"))
    if fork:
        st.caption("fork_config")
        st.json(travel["result"]["fork_config"])


@st.cache_data(show_spinner=False, max_entries=4)
def default_modes(language: str) -> dict[str, list[TurnRow]]:
    """``compare_thread_modes`` on the built-in model and the offline corpus."""
    return compare_thread_modes(gu.builtin_llm(), lang=language)


def thread_modes() -> None:
    """The same turns on one thread and on a new thread per turn (cached default, or the active model)."""
    area = st.container()
    label = T("用当前模型重新对比", "Compare again with the active model")
    if st.button(label, icon=":material/compare_arrows:", key="g4::modes::btn"):
        with area, st.spinner(T("两种方式各跑三轮……", "Three turns each way…")):
            data, err = attempt(compare_thread_modes, chat_model(), lang=lang(), search=gu.search_backend())
        st.session_state["g4::modes"] = {"data": data, "error": err}
    mine = st.session_state.get("g4::modes") or {"data": None, "error": None}
    with area:
        show_error(mine["error"])
        if not mine["data"]:
            gu.builtin_caption()
    modes = mine["data"] or gu.specimen_run(default_modes, lang())
    a, b = st.columns(2, gap="large")
    with a:
        st.markdown(T("**同一个 thread_id**：追问能找到前文", "**One thread_id**: follow-ups find the earlier turns"))
        turn_table(modes["same_thread"])
    with b:
        st.markdown(
            T(
                "**每轮一个新 thread_id**：追问落进空线程",
                "**A new thread_id per turn**: follow-ups land in an empty thread",
            )
        )
        turn_table(modes["new_thread_each_turn"])
    turn_differences(modes["same_thread"], modes["new_thread_each_turn"])


def restarts() -> None:
    """The two-process restart demo on the app's checkpointer setting (and on memory)."""
    setting = settings().checkpointer
    if setting_kind(setting) == "memory":
        st.warning(
            T(
                "本应用配置的就是 InMemorySaver（CHECKPOINTER=memory）：下面只有反例。"
                "设 CHECKPOINTER=sqlite 再看对比。",
                "This app is configured with InMemorySaver (CHECKPOINTER=memory): only the counter-example runs "
                "below. Set CHECKPOINTER=sqlite to see the contrast.",
            ),
            icon=":material/warning:",
        )
    label = T("运行重启演示（约 10 秒）", "Run the restart demo (about 10 s)")
    if st.button(label, icon=":material/restart_alt:", key="g4::restart::btn"):
        with st.status(
            T(
                "启动写入进程和读取进程（实测 8–15 秒）……",
                "Starting the writer and the reader processes (measured: 8–15 s)…",
            )
        ) as status:
            st.session_state["g4::restart"] = restart_checks(setting, lang=lang())
            status.update(label=T("完成", "Done"), state="complete")
    results = st.session_state.get("g4::restart")
    if results:
        for col, (name, result) in zip(st.columns(len(results), gap="large"), results.items(), strict=True):
            with col, st.container(border=True):
                restart_card(name, result)


@st.cache_data(show_spinner=False, max_entries=4)
def default_store(language: str) -> dict[str, Any]:
    return store_demo(lang=language)


def store(preference_app: CompiledGraph) -> None:
    """Three runs, three new threads, one Store: a user's preference outlives its thread."""
    data = gu.specimen_run(default_store, lang())
    s1, s2 = st.columns([3, 2], gap="large")
    with s1:
        store_runs_table(data["runs"])
        st.caption(
            T(
                "三次运行、三个全新线程：alice 在线程 A 设了华氏度，线程 B 里仍按华氏度回答；bob 的线程 C 不受影响。",
                "Three runs, three brand-new threads: alice set Fahrenheit in thread A, thread B still answers in "
                "°F; bob's thread C is not affected.",
            )
        )
    with s2:
        st.markdown(
            T('**Store 里的内容**（store.search(("users",))）', '**What the Store holds** (store.search(("users",)))')
        )
        st.json(data["store"], expanded=3)
        note = T("偏好图：一个节点，读写 Store", "The preference graph: one node that reads and writes the Store")
        gb.draw(preference_app, None, note=note)


# ---------------------------------------------------------------- the workflow, compiled once per process
_WORKFLOWS: dict[tuple[int, int, int], tuple[Any, Any, Any, CompiledGraph]] = {}
_WORKFLOWS_LOCK = threading.Lock()


def workflow_app(llm: Any, search: Any, saver: Any) -> CompiledGraph:
    """The search workflow compiled once per (model, search backend, checkpointer), shared by every session.

    The compiled graph holds no conversation: each run names its thread in its config, and the
    checkpointer keeps the threads. The objects are kept with the entry, so their ids stay theirs.
    """
    key = (id(llm), id(search), id(saver))
    with _WORKFLOWS_LOCK:
        hit = _WORKFLOWS.get(key)
    if hit is not None and hit[0] is llm and hit[1] is search and hit[2] is saver:
        return hit[3]
    app = build_workflow(llm, search, saver)
    with _WORKFLOWS_LOCK:
        if len(_WORKFLOWS) >= 16:
            _WORKFLOWS.pop(next(iter(_WORKFLOWS)))
        _WORKFLOWS[key] = (llm, search, saver, app)
    return app
