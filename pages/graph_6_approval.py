"""LangGraph lesson 6 — human approval: interrupt() before a side-effect tool, then Command(resume=...)."""

from typing import Any

import streamlit as st

from lessons.search_assistant import exercises_approval
from lessons.search_assistant.approval import build_approval_agent, make_notify_teacher_tool
from lessons.search_assistant.lesson_6_approval import (
    APPROVAL_QUESTION,
    approval_resume_steps,
    approval_start_steps,
)
from pages._ui import T, Text, chat_model, lang, settings, show_error, source
from pages._ui import graph_approval as approval_ui
from pages._ui import graph_board as gb
from pages._ui import graph_lesson as gu
from pages._ui.exercise import draw_exercises
from toolcall_lab.graph import edges_text
from toolcall_lab.stages.kwargs import render_call

KEY = "g6"


@st.cache_data(show_spinner=False, max_entries=2)
def pending_args_default(language: str) -> dict[str, Any]:
    """The arguments the approval agent pauses on (built-in model), for exercise 2."""
    return exercises_approval.pending_args(gu.builtin_llm(), language)


PHASES = {
    "idle": Text("空闲：还没开始", "idle: not started"),
    "pending": Text("暂停中：等待你的决定", "paused: waiting for your decision"),
    "done": Text("已恢复并结束", "resumed and finished"),
}


def fresh_round(*, opened: bool) -> dict[str, Any]:
    """A new approval round: idle → pending (paused at interrupt) → done (resumed, or nothing to approve).

    ``opened`` is False only for a session's first visit: that round starts itself (a cold page shows a real run).
    """
    state: dict[str, Any] = {
        "phase": "idle",
        "thread": None,
        "outbox": [],
        "started": None,
        "resumed": None,
        "error": None,
    }
    return {**state, "run": 0, "opened": opened}


m = st.session_state.setdefault(f"{KEY}::m", fresh_round(opened=False))
spec = gu.title(6)
apps = gu.specimen_apps()
saver, described, saver_error = gu.app_checkpointer()
app = build_approval_agent(chat_model(), m["outbox"], saver)  # rebuilt each rerun over this session's outbox
show_error(saver_error, warning=True)

left, right = st.container(key="artifact").columns([2, 3], gap="large")  # the paused graph
with left:
    st.markdown(T("**状态**：", "**State**: ") + PHASES[m["phase"]](lang()))
    graph_panel = gb.panel("g6graph", apps["approval"])
    edges = T(
        "图的边（读自 get_graph()；⇢ 是条件边）：", "The graph's edges (read from get_graph(); ⇢ is conditional): "
    )
    st.caption(edges + edges_text(app))
    label = T("`approve` 节点：interrupt() 与三种决定", "Node `approve`: interrupt() and the three decisions")
    gu.node_source(apps["approval"], "approve", label)
    source(make_notify_teacher_tool)

with right:
    st.caption(gu.repo_relative(gu.saver_words(described)))
    if m["thread"]:
        st.markdown("thread_id " + gu.code(m["thread"]))
    with st.container(border=True):
        st.markdown(
            T("**发件箱**（工具真的执行了才会出现一条）", "**Outbox** (an entry appears only if the tool really ran)")
        )
        if m["outbox"]:
            st.dataframe(m["outbox"], hide_index=True)
        else:
            st.caption(T("空的：什么也没发出去。", "Empty: nothing has been sent."))
    run_area = st.container()

    if m["phase"] == "idle":
        gu.setup_caption()
        default = APPROVAL_QUESTION(lang())
        # a cold page (new session, shared link) starts the default round itself and opens paused (built-in model)
        cold = not m.get("opened", True) and not settings().uses_real_model
        m["opened"] = True
        if cold:
            question, go = default, True
        else:
            with st.form(f"{KEY}::start", border=False):
                label = T("让助手做的事", "What to ask the assistant")
                question = st.text_area(label, value=default, max_chars=500).strip()
                go = st.form_submit_button(T("发给 Agent", "Send to the agent"), icon=":material/send:")
        if go and not question:
            st.warning(T("先写一句话。", "Write something first."), icon=":material/edit:")
        elif go:
            m["outbox"].clear()  # the outbox the agent above writes to
            m.update(thread=gu.new_thread_id("approval"), run=m["run"] + 1, resumed=None, question=question)
            with run_area:
                started = gb.run_live(approval_start_steps(app, question, m["thread"]), panels=[graph_panel])
            m.update(started=started.result, error=started.error)
            m["phase"] = "pending" if started.result and started.result["pending"] else "done"
            st.rerun()

    elif m["phase"] == "pending":
        pending = m["started"]["pending"][0]
        calls = pending["value"]["tool_calls"]
        st.warning(
            T(
                f"图停在了 {pending['node']} 节点（get_state().next = {m['started']['next']}）。模型想执行：",
                f"The graph stopped in the {pending['node']} node (get_state().next = {m['started']['next']}). "
                "The model wants to run:",
            ),
            icon=":material/pause_circle:",
        )
        for call in calls:
            st.code(f"{render_call(call['name'], call['args'])}   # {call['id']}", language="python", wrap_lines=True)
        with st.expander(T("interrupt() 交给调用方的 payload", "The payload interrupt() handed to the caller")):
            st.json(pending, expanded=3)
        decision = approval_ui.decision(calls, m["run"])
        st.caption(
            T("恢复时调用：", "Resuming calls: ")
            + gu.code("approval_resume_steps(app, thread_id, decision)")
            + " → "
            + gu.code("trace_steps(app, Command(resume=decision), config)")
        )
        if decision is not None:
            with run_area:
                resumed = gb.run_live(approval_resume_steps(app, m["thread"], decision), panels=[graph_panel])
            m.update(resumed=resumed.result, error=resumed.error, phase="done")
            st.rerun()

    else:  # done
        approval_ui.outcome(m)
        if st.button(T("重新开始", "Start again"), icon=":material/restart_alt:", key=f"{KEY}::again"):
            st.session_state[f"{KEY}::m"] = fresh_round(opened=True)  # back to the question form
            st.rerun()

# the graph and its super-steps: the resumed part when there is one, else the run up to the pause
shown = (m["resumed"] or {}).get("trace") or (m["started"] or {}).get("trace")
empty = T(
    "新的一轮：在右边写一句话发给 Agent；approve 节点会在工具执行前暂停。",
    "A new round: send the agent a request on the right; the approve node pauses before the tool runs.",
)
chosen = gb.show_trace(graph_panel, shown, key=f"g6::step::{m['run']}::{m['phase']}", empty_note=empty)
if m["phase"] == "pending" and shown and chosen == shown["steps"][-1]["step"]:
    # after the last finished step the run is inside the node that called interrupt(), stopped there
    paused = m["started"]["pending"][0]["node"]
    note = T(
        f":material/pause_circle: 暂停在 `{paused}`：它调用了 interrupt()，等你决定",
        f":material/pause_circle: paused in `{paused}`: it called interrupt() and waits for you",
    )
    gb.draw(apps["approval"], paused, target=graph_panel.graph, note=note)
source(approval_start_steps, T("源码：approval_start_steps", "Source: approval_start_steps"))
source(
    approval_resume_steps,
    T("源码：approval_resume_steps（Command(resume=...)）", "Source: approval_resume_steps (Command(resume=...))"),
)

st.subheader(T("练习", "Exercises"), anchor=False)
draw_exercises(spec, exercises_approval.EXERCISES, {"original_args": pending_args_default(lang())})
