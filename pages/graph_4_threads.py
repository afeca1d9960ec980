"""LangGraph lesson 4 — thread_id and the checkpointer: one thread vs many, history, time travel, restarts, Store."""

import uuid

import streamlit as st

from lessons.search_assistant import exercises_threads, restart_demo
from lessons.search_assistant.common import thread_from_link, turns
from lessons.search_assistant.lesson_4_threads import read_thread, thread_turns_steps
from lessons.search_assistant.preferences import build_preference_graph
from lessons.search_assistant.workflow import thread_config
from pages._ui import T, chat_model, lang, settings, show_error, source
from pages._ui import graph_board as gb
from pages._ui import graph_lesson as gu
from pages._ui import graph_threads as threads
from pages._ui.exercise import draw_exercises
from pages._ui.frame import steps

THREAD_PARAM = "thread"  # ?thread=lab-<uuid4>: a link (or a reconnect) reopens this thread from the checkpointer

spec = gu.title(4)
apps = gu.specimen_apps()
labels = [
    T("本会话的线程", "This session's thread"),
    T("检查点历史与时间旅行", "Checkpoint history and time travel"),
    T("同一个线程 vs 每轮新线程", "One thread vs a new one per turn"),
    T("重启之后", "After a restart"),
    T("Store：跨线程的记忆", "Store: memory across threads"),
]
n = steps("g4::steps", labels, page_url_path=spec.url_path)
saver, described, saver_error = gu.app_checkpointer()
show_error(saver_error, warning=True)

# the thread: this session's own, or the one a link names (it is read back from the checkpointer)
linked = thread_from_link(st.query_params.get(THREAD_PARAM), "lab")
if linked and linked != st.session_state.get("g4::thread"):
    st.session_state["g4::thread"] = linked
    st.session_state["g4::linked"] = linked
    for stale in ("g4::last", "g4::travel"):
        st.session_state.pop(stale, None)
st.session_state.setdefault("g4::thread", gu.new_thread_id("lab"))
thread_id = st.session_state["g4::thread"]
if st.query_params.get(THREAD_PARAM) != thread_id:
    st.query_params[THREAD_PARAM] = thread_id
app = threads.workflow_app(chat_model(), gu.search_backend(), saver)  # compiled once, shared by every session

if n == 1:
    run_area = st.container()
    chat, graph_col = st.container(key="artifact").columns([3, 2], gap="large")  # the thread
    with graph_col:
        thread_panel = gb.panel("g4thread", apps["workflow"])
    st.caption(T("当前 thread_id（uuid4，也在链接里）", "Current thread_id (a uuid4, also in the link)"))
    st.code(thread_id, language="text")
    top = st.columns([1, 1, 2])
    if top[0].button(T("新线程", "New thread"), icon=":material/add_circle:", key="g4::new", width="stretch"):
        st.session_state["g4::thread"] = gu.new_thread_id("lab")
        st.query_params[THREAD_PARAM] = st.session_state["g4::thread"]  # the link follows the new thread
        for stale in ("g4::last", "g4::travel", "g4::linked"):
            st.session_state.pop(stale, None)
        st.rerun()
    label = T("在这个线程上跑三轮", "Run the three turns here")
    three = top[1].button(label, icon=":material/playlist_play:", key="g4::three", width="stretch")
    gu.setup_caption()
    question = gu.question_form(
        "g4", default=turns(lang())[0], examples=turns(lang()), button=T("发到这个线程", "Send on this thread")
    )
    st.info(gu.repo_relative(gu.saver_words(described)), icon=":material/save:")
    # a cold page (new session, shared link) opens on a real run of the three turns (built-in model only);
    # a link to a thread that already has messages reopens it as it is
    cold = "g4::opened" not in st.session_state and not settings().uses_real_model
    st.session_state["g4::opened"] = True
    if cold and st.session_state.get("g4::linked") == thread_id:
        cold = not read_thread(app, thread_config(thread_id))["messages"]
    todo = list(turns(lang())) if three or cold else ([question] if question else [])
    if todo:
        with run_area:
            ran = gb.run_live(thread_turns_steps(app, todo, thread_id), panels=[thread_panel])
        traces = ran.result or []
        failed = ran.error or next((t["error"] for t in traces if t["error"]), None)
        st.session_state["g4::last"] = {
            "id": uuid.uuid4().hex[:8],
            "trace": traces[-1] if traces else None,
            "questions": todo,
            "error": failed,
        }
        gb.show_result()

view = read_thread(app, thread_config(thread_id))  # read back from the checkpointer, a failure explained
if n == 1:
    last = st.session_state.get("g4::last")
    if last:
        with run_area:
            show_error(last["error"])
    with run_area:
        show_error(view["error"])
    reopened = st.session_state.get("g4::linked") == thread_id and bool(view["messages"])
    gb.show_trace(
        thread_panel,
        last["trace"] if last else None,
        key=f"g4::step::{last['id'] if last else 'none'}",
        empty_note=T(
            "这个线程是从链接打开的，对话读自 checkpointer；它的运行发生在别的会话里。发一句话接着聊。",
            "This thread was opened from a link: the conversation is read from the checkpointer, its runs "
            "happened in another session. Send a question to continue it.",
        )
        if reopened
        else T(
            "新的空线程：点“跑三轮”，或自己发一句。",
            "A new, empty thread: press “Run the three turns”, or send a question of your own.",
        ),
    )
    with chat:
        threads.conversation(view)
elif n == 2:
    rows = view["history"]
    show_error(view["error"])
    with st.container(key="artifact"):
        st.markdown(
            T(
                f"`get_state_history` 共 **{len(rows)}** 个检查点（最新在上）：",
                f"`get_state_history` lists **{len(rows)}** checkpoints (newest first):",
            )
        )
        if rows:
            threads.history_table(rows)
        else:
            st.caption(T("这个线程还没有检查点。", "This thread has no checkpoints yet."))
    st.caption("thread_id " + gu.code(thread_id))
    if rows:
        threads.time_travel(app, rows, gb.panel("g4travel", apps["workflow"]))
elif n == 3:
    with st.container(key="artifact"):
        threads.thread_modes()
elif n == 4:
    st.caption(
        T(
            "两个真实的进程：第一个写入线程后退出，第二个用同样的设置打开、查找这个线程。",
            "Two real processes: the first writes a thread and exits, the second opens the same setting and looks "
            "the thread up.",
        )
    )
    with st.container(key="artifact"):
        threads.restarts()
    source(restart_demo.read, T("源码：读取进程做的事", "Source: what the reader process does"))
else:
    st.caption(
        T(
            "thread_id 不是 user_id：Store 按用户保存偏好，换了线程也还在。",
            "thread_id is not user_id: a Store keeps a preference per user, whatever the thread.",
        )
    )
    with st.container(key="artifact"):
        threads.store(apps["preference"])
    source(build_preference_graph)

st.subheader(T("练习", "Exercises"), anchor=False)
draw_exercises(spec, exercises_threads.EXERCISES)
