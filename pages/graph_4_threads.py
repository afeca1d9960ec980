"""LangGraph lesson 4 — thread_id and the checkpointer: one thread vs many, history, time travel, restarts, Store."""

import uuid

import streamlit as st

from pages import _graph_ui as gu
from pages._ui import T, chat_model, lang, settings, show_error
from toolcall_lab.errors import explain

# the same turns as lessons.search_assistant.lessons.ZH_TURNS / EN_TURNS (a unit test holds them equal);
# typed here so the page's first lines render before LangGraph is imported
TURNS = {
    "zh": ["曼谷今天多少度？", "那明天呢？", "需要带伞吗？"],
    "en": ["How hot is Bangkok today?", "And tomorrow?", "Do I need an umbrella?"],
}


@st.cache_data(show_spinner=False, max_entries=4)
def default_modes(language: str) -> dict:
    """``compare_thread_modes`` on the built-in model and the offline corpus."""
    from lessons.search_assistant.lessons import compare_thread_modes
    from lessons.search_assistant.search import default_offline_search

    return compare_thread_modes(gu.builtin_llm(), lang=language, search=default_offline_search())


@st.cache_data(show_spinner=False, max_entries=4)
def default_store(language: str) -> dict:
    from lessons.search_assistant.lessons import store_demo

    return store_demo(lang=language)


def workflow_app(saver):
    from lessons.search_assistant.workflow import build_workflow

    return build_workflow(chat_model(), gu.search_backend(), saver)


def history_table(rows: list[dict]) -> None:
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


def turn_table(rows: list[dict]) -> None:
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


gu.title(4)
apps = gu.specimen_apps()
gu.prose("graph_4_threads")

# ---------------------------------------------------------------- 1. this session's thread
saver, described, saver_error = gu.app_checkpointer()
st.subheader(T("1 · 本会话的线程", "1 · This session's thread"), anchor=False)
if saver_error:
    show_error(saver_error, warning=True)
st.info(gu.repo_relative(gu.tr(described)), icon=":material/save:")
if "g4::thread" not in st.session_state:
    st.session_state["g4::thread"] = gu.new_thread_id("lab")
st.caption(T("当前 thread_id（uuid4，只属于本会话）", "Current thread_id (a uuid4, this session's own)"))
st.code(st.session_state["g4::thread"], language="text")
top = st.columns([1, 1, 2])
if top[0].button(T("新线程", "New thread"), icon=":material/add_circle:", key="g4::new", width="stretch"):
    st.session_state["g4::thread"] = gu.new_thread_id("lab")
    st.session_state.pop("g4::last", None)
    st.session_state.pop("g4::travel", None)
    st.rerun()
three = top[1].button(
    T("在这个线程上跑三轮", "Run the three turns here"),
    icon=":material/playlist_play:",
    key="g4::three",
    width="stretch",
)
from langchain_core.messages import HumanMessage  # noqa: E402 - heavy imports after the cheap page frame

from lessons.search_assistant.workflow import thread_config

thread_id = st.session_state["g4::thread"]
config = thread_config(thread_id)
gu.setup_caption()
question = gu.question_form(
    "g4", default=TURNS[lang()][0], examples=TURNS[lang()], button=T("发到这个线程", "Send on this thread")
)
run_area = st.container()
chat, graph_col = st.columns([3, 2], gap="large")
with graph_col:
    thread_panel = gu.panel("g4thread", apps["workflow"])

todo = list(TURNS[lang()]) if three else ([question] if question else [])
if todo:
    from lessons.search_assistant.lessons import trace_run

    app = workflow_app(saver)

    def turns(questions: list[str]) -> list[dict]:
        """Each question on the same thread; trace_run records every super-step."""
        return [trace_run(app, {"messages": [HumanMessage(q)]}, config) for q in questions]

    with run_area:
        traces, err = gu.run_live(turns, todo, panels=[thread_panel])
    failed = err or next((t["error"] for t in traces or [] if t["error"]), None)
    st.session_state["g4::last"] = {
        "id": uuid.uuid4().hex[:8],
        "trace": traces[-1] if traces else None,
        "questions": todo,
        "error": failed,
    }
    gu.show_result()

app = workflow_app(saver)
last = st.session_state.get("g4::last")
if last and last.get("error"):
    with run_area:
        show_error(last["error"])
gu.show_trace(
    thread_panel,
    last["trace"] if last else None,
    key=f"g4::step::{last['id'] if last else 'none'}",
    empty_note=T(
        "还没有运行：点“跑三轮”，或自己发一句。",
        "Nothing run yet: press “Run the three turns”, or send a question of your own.",
    ),
)
from lessons.search_assistant.lessons import fork_from, history_rows, replay_from


def read_thread() -> tuple[list, list[dict]]:
    """The thread's messages and checkpoint history, read back from the checkpointer."""
    try:
        return (app.get_state(config).values or {}).get("messages", []), history_rows(app, config)
    except Exception as exc:
        with run_area:
            show_error(
                explain(
                    "checkpointer",
                    exc,
                    zh="从 checkpointer 读回这个线程失败。",
                    en="Reading this thread back from the checkpointer failed.",
                    hint_zh="检查数据库是否还在运行、文件是否被别的进程锁住；或在侧边栏换回 SQLite 文件。",
                    hint_en="Check that the database is still up and the file is not locked by another "
                    "process, or switch back to the SQLite file.",
                )
            )
        return [], []


messages, rows = read_thread()
with chat:
    st.markdown(
        T(
            f"**线程里的对话**（{len(messages)} 条消息，来自 get_state）",
            f"**The conversation on this thread** ({len(messages)} messages, from get_state)",
        )
    )
    if not messages:
        st.caption(T("空线程。", "An empty thread."))
    for m in messages:
        with st.chat_message("user" if m.type == "human" else "assistant"):
            st.text(str(m.content))

# ---------------------------------------------------------------- 2. history and time travel
st.divider()
st.subheader(T("2 · 检查点历史与时间旅行", "2 · Checkpoint history and time travel"), anchor=False)
st.markdown(
    T(
        f"`get_state_history` 共 **{len(rows)}** 个检查点（最新在上）：",
        f"`get_state_history` lists **{len(rows)}** checkpoints (newest first):",
    )
)
if rows:
    history_table(rows)
    starts = [r for r in rows if r["next"] == ["understand"]]
    if starts:

        def asked_at(row: dict) -> HumanMessage:
            values = app.get_state(row["config"]).values
            return next(m for m in reversed(values["messages"]) if m.type == "human")

        labels = {
            r["checkpoint_id"]: f"step {r['step']} · {gu.short(asked_at(r).content, 40)} · …{r['checkpoint_id'][-8:]}"
            for r in starts
        }
        with st.container(border=True):
            st.markdown(
                T(
                    "**从 understand 运行之前的检查点出发：**",
                    "**Start again from a checkpoint taken just before `understand`:**",
                )
            )
            chosen = st.selectbox(T("检查点", "Checkpoint"), list(labels), format_func=labels.__getitem__, key="g4::cp")
            row = next(r for r in starts if r["checkpoint_id"] == chosen)
            a, b = st.columns(2)
            with a:
                st.caption(
                    T("重放：同样的节点在同样的 State 上再跑一遍", "Replay: the same nodes run again on the same State")
                )
                replay = st.button(T("从这里重放", "Replay from here"), icon=":material/replay:", key="g4::replay")
            with b:
                new_text = st.text_input(
                    T("分叉：把这一步用户的话改成", "Fork: rewrite the user's words here as"),
                    value=T("曼谷明天多少度？", "How hot is Bangkok tomorrow?"),
                    key="g4::forkq",
                    max_chars=300,
                )
                fork = st.button(T("分叉并继续", "Fork and continue"), icon=":material/call_split:", key="g4::fork")
            travel_area = st.container()
            if replay:
                with travel_area:
                    result, err = gu.run_live(replay_from, app, row["config"], panels=[thread_panel])
                st.session_state["g4::travel"] = {"kind": "replay", "from": chosen, "result": result, "error": err}
                st.rerun()
            if fork:
                if not new_text.strip():
                    st.warning(T("分叉需要一句新的话。", "A fork needs new words."), icon=":material/edit:")
                else:
                    asked = asked_at(row)
                    with travel_area:
                        result, err = gu.run_live(
                            fork_from,
                            app,
                            row["config"],
                            {"messages": [HumanMessage(new_text.strip(), id=asked.id)]},
                            panels=[thread_panel],
                        )
                    st.session_state["g4::travel"] = {"kind": "fork", "from": chosen, "result": result, "error": err}
                    st.rerun()
            travel = st.session_state.get("g4::travel")
            if travel:
                with travel_area:
                    if travel["error"]:
                        show_error(travel["error"])
                    else:
                        final = travel["result"]["final"] if travel["kind"] == "fork" else travel["result"]
                        head = (
                            T(
                                "分叉的结果（新分支；旧分支仍在历史里）",
                                "The fork's result (a new branch; the old one is still in the history)",
                            )
                            if travel["kind"] == "fork"
                            else T("重放的结果", "The replay's result")
                        )
                        st.markdown(f"**{head}** · " + T("出发点 …", "from …") + travel["from"][-8:])
                        st.markdown(
                            "user_query: " + f"{gu.code(final.get('user_query'))} · search_query: "
                            f"{gu.code(final.get('search_query'))}"
                        )
                        gu.answer_box(final.get("answer"))
                        if travel["kind"] == "fork":
                            st.caption("fork_config")
                            st.json(travel["result"]["fork_config"])
    gu.source(replay_from)
    gu.source(fork_from)
else:
    st.caption(T("这个线程还没有检查点。", "This thread has no checkpoints yet."))

# ---------------------------------------------------------------- 3. one thread vs a new one per turn
st.divider()
st.subheader(T("3 · 同一个线程 vs 每轮一个新线程", "3 · One thread vs a new thread per turn"), anchor=False)
modes_area = st.container()
if st.button(
    T("用当前模型重新对比", "Compare again with the active model"),
    icon=":material/compare_arrows:",
    key="g4::modes::btn",
):
    from lessons.search_assistant.lessons import compare_thread_modes

    with modes_area:
        modes, err = gu.run_live(compare_thread_modes, chat_model(), lang=lang(), search=gu.search_backend())
    st.session_state["g4::modes"] = {"data": modes, "error": err}
    gu.show_result()
mine = st.session_state.get("g4::modes")
if mine and mine["error"]:
    with modes_area:
        show_error(mine["error"])
modes = mine["data"] if mine and mine["data"] else gu.loading(default_modes, lang())
if not (mine and mine["data"]):
    with modes_area:
        gu.builtin_caption()
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
for same, fresh in zip(modes["same_thread"][1:], modes["new_thread_each_turn"][1:]):
    if same["search_query"] != fresh["search_query"]:
        st.markdown(
            T(
                f":orange-badge[:material/difference: 第 {same['turn']} 轮不同] “{gu.inert(same['question'])}”："
                f"同线程搜 {gu.code(same['search_query'])}，新线程搜 {gu.code(fresh['search_query'])}",
                f":orange-badge[:material/difference: turn {same['turn']} differs] "
                f"“{gu.inert(same['question'])}”:"
                f" one thread searched {gu.code(same['search_query'])}, a new thread searched "
                f"{gu.code(fresh['search_query'])}",
            )
        )

# ---------------------------------------------------------------- 4. restart
st.divider()
st.subheader(T("4 · 应用重启之后，线程还在吗？", "4 · Does the thread survive an app restart?"), anchor=False)
setting = settings().checkpointer
st.caption(
    T(
        "两个真实的进程：第一个写入线程后退出，第二个用同样的设置打开、查找这个线程。",
        "Two real processes: the first writes a thread and exits, the second opens the same setting and looks "
        "the thread up.",
    )
)
from toolcall_lab.checkpointers import describe, parse_setting

try:
    configured_kind = parse_setting(setting).kind
except ValueError:
    configured_kind = "memory"
if configured_kind == "memory":
    st.warning(
        T(
            "本应用配置的就是 InMemorySaver（CHECKPOINTER=memory）：下面只有反例。设 CHECKPOINTER=sqlite 再看对比。",
            "This app is configured with InMemorySaver (CHECKPOINTER=memory): only the counter-example runs "
            "below. "
            "Set CHECKPOINTER=sqlite to see the contrast.",
        ),
        icon=":material/warning:",
    )
if st.button(
    T("运行重启演示（约几秒）", "Run the restart demo (a few seconds)"),
    icon=":material/restart_alt:",
    key="g4::restart::btn",
):
    from lessons.search_assistant.lessons import survives_restart

    with st.status(T("启动写入进程和读取进程……", "Starting the writer and the reader processes…")) as status:
        results = {}
        settings_to_try = ["memory"] if configured_kind == "memory" else [setting, "memory"]
        for label in settings_to_try:
            status.update(label=T(f"检查点设置：{label}", f"checkpointer setting: {label}"))
            results[label] = survives_restart(label, question=TURNS[lang()][0], thread_id=gu.new_thread_id("restart"))
        status.update(label=T("完成", "Done"), state="complete")
    st.session_state["g4::restart"] = results
restart = st.session_state.get("g4::restart")
if restart:
    cols = st.columns(len(restart), gap="large")
    for col, (label, result) in zip(cols, restart.items()):
        with col, st.container(border=True):
            where = describe(label)
            st.markdown(f"**{gu.inert(where['kind'])}** · {gu.code(gu.repo_relative(where['target'] or label))}")
            if result.get("error"):
                show_error(result["error"])
                continue
            if result["survived"]:
                st.success(
                    T("第二个进程找到了这个线程", "The second process found the thread"), icon=":material/check_circle:"
                )
            else:
                st.error(T("第二个进程什么也没找到", "The second process found nothing"), icon=":material/cancel:")
            st.markdown(f"thread_id `{result['thread_id']}`")
            st.markdown(
                T(
                    f"写入进程 pid {result['writer']['pid']}：{result['writer']['messages']} 条消息",
                    f"writer pid {result['writer']['pid']}: {result['writer']['messages']} messages",
                )
            )
            st.markdown(
                T(
                    f"读取进程 pid {result['reader']['pid']}：读到 {len(result['reader']['messages'])} 条",
                    f"reader pid {result['reader']['pid']}: read {len(result['reader']['messages'])} messages",
                )
            )
            with st.expander(T("读取进程的输出（JSON）", "The reader's output (JSON)")):
                st.json(result["reader"], expanded=2)
from lessons.search_assistant import restart_demo

gu.source(restart_demo.read, T("源码：读取进程做的事", "Source: what the reader process does"))

# ---------------------------------------------------------------- 5. thread_id vs user_id
st.divider()
st.subheader(
    T(
        "5 · thread_id 不是 user_id：Store 跨线程记住偏好",
        "5 · thread_id is not user_id: a Store remembers a preference across threads",
    ),
    anchor=False,
)
store = gu.loading(default_store, lang())
s1, s2 = st.columns([3, 2], gap="large")
with s1:
    st.dataframe(
        [
            {
                "thread_id": r["thread_id"],
                "user_id": r["user_id"],
                "said": r["said"],
                "reply": r["reply"],
                "messages": r["messages_in_thread"],
            }
            for r in store["runs"]
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
    st.json(store["store"], expanded=3)
    gu.draw(
        apps["preference"],
        None,
        note=T("偏好图：一个节点，读写 Store", "The preference graph: one node that reads and writes the Store"),
    )
from lessons.search_assistant.preferences import build_preference_graph

gu.source(build_preference_graph)
