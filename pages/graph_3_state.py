"""LangGraph lesson 3 — State, nodes, edges, compile: partial updates, add_messages, and what the model was sent."""

import uuid
from typing import cast

import streamlit as st
from langgraph.checkpoint.memory import InMemorySaver

from lessons.search_assistant import exercises_state
from lessons.search_assistant.common import turns
from lessons.search_assistant.lesson_3_state import (
    GraphKind,
    TurnRun,
    build_graph,
    reducer_demo,
    second_turn,
    sent_vs_kept,
    turn_steps,
)
from lessons.search_assistant.search import default_offline_search
from lessons.search_assistant.workflow import SearchState, SearchUpdate, build_workflow
from pages._ui import T, chat_model, inert, lang, show_error, source
from pages._ui import chain_widgets as sw
from pages._ui import graph_board as gb
from pages._ui import graph_context as gc
from pages._ui import graph_lesson as gu
from pages._ui.exercise import draw_exercises
from pages._ui.frame import steps

GRAPH_PARAM = "graph"  # ?graph=workflow|agent in the link


@st.cache_data(show_spinner=False, max_entries=8)
def default_run(kind: GraphKind, language: str) -> TurnRun:
    """Turn 1 then turn 2 on a fresh thread (built-in model, offline corpus); the trace of turn 2."""
    return second_turn(kind, gu.builtin_llm(), lang=language, search=default_offline_search())


spec = gu.title(3)
apps = gu.specimen_apps()
labels = [
    T("一段对话，逐个超级步", "A conversation, step by step"),
    T("State 与部分更新", "State and partial updates"),
    T("保存的 vs 发送的", "Kept vs sent"),
    T("编译好的图", "The compiled graph"),
]
n = steps("g3::steps", labels, page_url_path=spec.url_path)
kind_names = {"workflow": T("固定工作流", "fixed workflow"), "agent": T("工具调用 Agent", "tool-calling agent")}
# the graph is kept in the link (?graph=agent), so a shared link opens the same graph at the same step
kind = cast(
    GraphKind,
    sw.choice(
        "g3::kind", label=T("运行哪张图", "Which graph"), options=kind_names, default="workflow", param=GRAPH_PARAM
    ),
)

# the run shown on steps 1 and 3: this session's last turn on the chosen graph, else the cached default
if n == 1:
    run_area = st.container()
    with st.container(key="artifact"):  # the conversation, super-step by super-step
        state_panel = gb.panel(f"g3{kind}", apps[kind], side_by_side=True)
    thread_key = f"g3::thread::{kind}"
    st.session_state.setdefault("g3::saver", InMemorySaver())  # this session's conversations only
    st.session_state.setdefault(thread_key, gu.new_thread_id(f"state-{kind}"))
    gu.setup_caption()
    question = gu.question_form(
        f"g3{kind}", default=turns(lang())[0], examples=turns(lang()), button=T("发送这一轮", "Send this turn")
    )
    c1, c2 = st.columns([4, 1], vertical_alignment="bottom")
    c1.caption(T("本会话的线程：", "This session's thread: ") + f"`{st.session_state[thread_key]}` · InMemorySaver")
    if c2.button(T("新对话", "New conversation"), icon=":material/add_comment:", key="g3::new"):
        st.session_state[thread_key] = gu.new_thread_id(f"state-{kind}")
        st.session_state.pop(f"g3::run::{kind}", None)
    if question:
        app = build_graph(kind, chat_model(), gu.search_backend(), st.session_state["g3::saver"])
        with run_area:
            ran = gb.run_live(turn_steps(app, question, st.session_state[thread_key]), panels=[state_panel])
        st.session_state[f"g3::run::{kind}"] = {
            "id": uuid.uuid4().hex[:8],
            "question": question,
            "trace": ran.result,
            "error": ran.error,
        }
        gb.show_result()

mine = st.session_state.get(f"g3::run::{kind}")
if mine and mine["trace"]:
    run, run_id, q = mine["trace"], mine["id"], mine["question"]
else:
    default = gu.specimen_run(default_run, kind, lang())
    run, run_id, q = default["trace"], f"default-{kind}", default["question"]

if n == 1:
    with run_area:
        if mine and mine["error"]:
            show_error(mine["error"])
        if mine and mine["trace"]:
            st.markdown(f"**{T('这一轮的问题', 'This turn')}:** {inert(q)}")
        else:
            gu.builtin_caption()
            said = T("这一轮的问题（同一线程上的第二轮）", "This turn (the second on one thread)")
            st.markdown(f"**{said}:** {inert(q)}")
    gb.show_trace(state_panel, run, key=f"g3::step::{run_id}")
    if run.get("final"):
        final = run["final"]
        with state_panel.extra:
            gu.answer_box(final.get("answer") or (final.get("messages") or [{}])[-1].get("content"))
elif n == 2:
    parts, demo_col = st.container(key="artifact").columns([1, 1], gap="large")  # the types and a live reducer
    with parts:
        source(
            SearchState,
            T(
                "State：SearchState（messages 带 add_messages reducer）",
                "State: SearchState (messages has the add_messages reducer)",
            ),
            expanded=True,
        )
        source(
            SearchUpdate,
            T(
                "节点的返回类型：SearchUpdate（total=False，部分更新）",
                "What a node returns: SearchUpdate (total=False, a partial update)",
            ),
        )
    with demo_col, st.container(border=True):
        st.markdown(
            T("**add_messages 现场调用**：合并规则只看 id", "**add_messages, called now**: the merge looks at ids")
        )
        demo = reducer_demo(lang())
        st.caption(T("新 id `h2` → 追加（3 条）", "new id `h2` → appended (3 messages)"))
        gu.message_table(demo["appended"], ids=True)
        st.caption(T("已有 id `a1` → 原地替换（仍是 2 条）", "known id `a1` → replaced in place (still 2)"))
        gu.message_table(demo["replaced"], ids=True)
        st.caption(
            T(
                "没有 reducer 的键（如 user_query）则是后写覆盖先写。",
                "Keys without a reducer (such as user_query) are simply overwritten by the last write.",
            )
        )
        source(reducer_demo)
elif n == 3:
    st.markdown(f"**{T('这一轮的问题', 'This turn')}:** {inert(q)} · {kind_names[kind]}")
    rows = sent_vs_kept(run)
    if not rows:
        st.caption(T("这次运行没有调用模型。", "This run made no model call."))
    with st.container(key="artifact"):  # per model call: the messages sent vs the State's messages
        gc.sent_vs_kept_rows(rows)
    source(sent_vs_kept, T("源码：sent_vs_kept", "Source: sent_vs_kept"))
else:
    st.markdown(
        T(
            "#### :material/account_tree: 编译好的图：get_graph()",
            "#### :material/account_tree: The compiled graph: get_graph()",
        )
    )
    picture, table = st.container(key="artifact").columns([3, 2], gap="large")
    with picture:
        gu.picture_tabs(apps[kind])
    with table:
        gu.structure_table(apps[kind])
    source(build_workflow, T("节点、边、compile()：build_workflow", "Nodes, edges, compile(): build_workflow"))

st.subheader(T("练习", "Exercises"), anchor=False)
draw_exercises(spec, exercises_state.EXERCISES)
