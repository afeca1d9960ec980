"""LangGraph lesson 4 — thread_id and the checkpointer: one thread vs many, history, time travel, restarts, Store."""

import uuid

import streamlit as st

from lessons.search_assistant import restart_demo
from lessons.search_assistant.common import turns
from lessons.search_assistant.lesson_4_threads import read_thread, thread_turns_steps
from lessons.search_assistant.preferences import build_preference_graph
from lessons.search_assistant.workflow import thread_config
from pages import _graph_board as gb
from pages import _graph_exercises_late as gx
from pages import _graph_threads as threads
from pages import _graph_ui as gu
from pages._ui import T, chat_model, lang, settings, show_error, source

spec = gu.title(4)
apps = gu.specimen_apps()
st.caption(
    T(
        "checkpointer 按 thread_id 保存每个超级步之后的 State：同一个线程接着聊，新线程从零开始。",
        "The checkpointer saves the State after every super-step, by thread_id: one thread continues, a new one "
        "starts from nothing.",
    )
)

# ---------------------------------------------------------------- 1. this session's thread
saver, described, saver_error = gu.app_checkpointer()
st.subheader(T("1 · 本会话的线程", "1 · This session's thread"), anchor=False)
show_error(saver_error, warning=True)
st.info(gu.repo_relative(gu.saver_words(described)), icon=":material/save:")
thread_id = threads.linked_thread()  # kept in the link (?thread=…): a reload or another replica reopens it
st.caption(T("当前 thread_id（uuid4，保存在链接里）", "Current thread_id (a uuid4, kept in the link)"))
st.code(thread_id, language="text")
top = st.columns([1, 1, 2])
if top[0].button(T("新线程", "New thread"), icon=":material/add_circle:", key="g4::new", width="stretch"):
    threads.linked_thread(new=True)
    st.session_state.pop("g4::last", None)
    st.session_state.pop("g4::travel", None)
    st.rerun()
label = T("在这个线程上跑三轮", "Run the three turns here")
three = top[1].button(label, icon=":material/playlist_play:", key="g4::three", width="stretch")
gu.setup_caption()
question = gu.question_form(
    "g4", default=turns(lang())[0], examples=turns(lang()), button=T("发到这个线程", "Send on this thread")
)
run_area = st.container()
chat, graph_col = st.container(key="artifact").columns([3, 2], gap="large")  # the thread
with graph_col:
    thread_panel = gb.panel("g4thread", apps["workflow"])

app = threads.workflow_app(chat_model(), gu.search_backend(), saver)  # compiled once, shared by every session
# a cold page opens on a real run of the three turns (built-in model only), unless its linked thread has them already
cold = "g4::opened" not in st.session_state and not settings().uses_real_model
cold = cold and not read_thread(app, thread_config(thread_id))["messages"]
st.session_state["g4::opened"] = True
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

last = st.session_state.get("g4::last")
if last:
    with run_area:
        show_error(last["error"])
gb.show_trace(
    thread_panel,
    last["trace"] if last else None,
    key=f"g4::step::{last['id'] if last else 'none'}",
    empty_note=T(
        "还没有运行：点“跑三轮”，或自己发一句。",
        "Nothing run yet: press “Run the three turns”, or send a question of your own.",
    ),
)
view = read_thread(app, thread_config(thread_id))  # read back from the checkpointer, a failure explained
with run_area:
    show_error(view["error"])
with chat:
    messages = view["messages"]
    st.markdown(
        T(
            f"**线程里的对话**（{len(messages)} 条消息，来自 get_state）",
            f"**The conversation on this thread** ({len(messages)} messages, from get_state)",
        )
    )
    if not messages:
        st.caption(T("空线程。", "An empty thread."))
    for m in messages:
        with st.chat_message("user" if m["type"] == "human" else "assistant"):
            st.text(str(m["content"]))

# ---------------------------------------------------------------- 2. history and time travel
st.divider()
st.subheader(T("2 · 检查点历史与时间旅行", "2 · Checkpoint history and time travel"), anchor=False)
rows = view["history"]
st.markdown(
    T(
        f"`get_state_history` 共 **{len(rows)}** 个检查点（最新在上）：",
        f"`get_state_history` lists **{len(rows)}** checkpoints (newest first):",
    )
)
if rows:
    threads.history_table(rows)
    threads.time_travel(app, rows, thread_panel)
else:
    st.caption(T("这个线程还没有检查点。", "This thread has no checkpoints yet."))

# ---------------------------------------------------------------- 3. one thread vs a new one per turn
st.divider()
st.subheader(T("3 · 同一个线程 vs 每轮一个新线程", "3 · One thread vs a new thread per turn"), anchor=False)
threads.thread_modes()

# ---------------------------------------------------------------- 4. restart
st.divider()
st.subheader(T("4 · 应用重启之后，线程还在吗？", "4 · Does the thread survive an app restart?"), anchor=False)
st.caption(
    T(
        "两个真实的进程：第一个写入线程后退出，第二个用同样的设置打开、查找这个线程。",
        "Two real processes: the first writes a thread and exits, the second opens the same setting and looks the "
        "thread up.",
    )
)
threads.restarts()
source(restart_demo.read, T("源码：读取进程做的事", "Source: what the reader process does"))

# ---------------------------------------------------------------- 5. thread_id vs user_id
st.divider()
st.subheader(
    T(
        "5 · thread_id 不是 user_id：Store 跨线程记住偏好",
        "5 · thread_id is not user_id: a Store remembers a preference across threads",
    ),
    anchor=False,
)
threads.store(apps["preference"])
source(build_preference_graph)

gu.lesson("graph_4_threads")
st.subheader(T("练习", "Exercises"), anchor=False)
gx.page4(spec)
