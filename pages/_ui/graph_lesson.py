"""Shared pieces of the seven LangGraph pages: the opening, resources, question forms, pictures, messages.

Only pages import this module (it imports Streamlit). Every artifact shown comes from a
lesson module (``lessons.search_assistant.lesson_*``) or from the ground floor
(:mod:`toolcall_lab.graph`, :mod:`toolcall_lab.graph_run`); this module only decides where
things go on screen. The graph board (live and recorded runs) is :mod:`pages._ui.graph_board`.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore

from lessons.search_assistant.agent import build_agent, make_search_web_tool
from lessons.search_assistant.approval import build_approval_agent
from lessons.search_assistant.lesson_1_workflow_vs_agent import WhoDecided, who_decided, who_decided_steps
from lessons.search_assistant.original import build_original
from lessons.search_assistant.preferences import build_preference_graph
from lessons.search_assistant.search import SearchBackend, default_offline_search, make_search
from lessons.search_assistant.workflow import build_workflow
from pages._ui import T, Text, chat_model, lang, loading, model_label, settings, show_error, source
from pages._ui.frame import controls, page_links
from pages._ui.framing import opening
from pages._ui.graph_board import Panel, graph_alt, run_live, show_result
from pages.registry import PageSpec, numbered
from toolcall_lab.checkpointers import describe, make_checkpointer
from toolcall_lab.errors import explain
from toolcall_lab.graph import CompiledGraph, graph_dot, graph_mermaid, graph_structure, node_function
from toolcall_lab.llm import build_chat_model
from toolcall_lab.settings import REPO_ROOT

# ---------------------------------------------------------------- text


def title(n: int) -> PageSpec:
    """LangGraph lesson ``n``'s opening: the course links, its title (the sidebar's name), the framing.

    The framing (the lesson file's first part) comes above the artifact; the rest of the lesson
    is folded right under it (:func:`pages._ui.framing.opening`).
    """
    spec = numbered("graph", n)
    page_links(spec.path, at_top=True)
    st.title(spec.title(lang()), anchor=False)
    opening(spec)
    return spec


def code(text: Any) -> str:
    """Inline code for markdown: backticks inside the text cannot end the span early."""
    return "`" + str(text if text is not None else "").replace("`", "'").replace("\n", " ") + "`"


def short(text: Any, limit: int = 90) -> str:
    """One line of at most ``limit`` characters."""
    line = " ".join(str(text if text is not None else "").split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def yes_no(value: bool) -> str:
    """是 / yes or 否 / no."""
    return T("是", "yes") if value else T("否", "no")


def node_source(app: CompiledGraph, node: str, label: str | None = None, *, expanded: bool = False) -> None:
    """The source of the function behind node ``node`` of a compiled graph."""
    source(node_function(app, node), label or T(f"节点 `{node}` 的源码", f"Source of node `{node}`"), expanded=expanded)


def repo_relative(text: str) -> str:
    """Show paths under the repository relative to it (no machine-specific prefix on screen)."""
    return str(text).replace(str(REPO_ROOT) + "/", "")


def new_thread_id(prefix: str) -> str:
    """An unguessable thread id for this session (a full uuid4)."""
    return f"{prefix}-{uuid.uuid4()}"


# ---------------------------------------------------------------- resources


def search_backend() -> SearchBackend:
    """The active search backend: Tavily when a key is configured, else the offline corpus."""
    return make_search(settings())


def uses_defaults() -> bool:
    """True when the built-in model and the offline corpus are active (cacheable runs)."""
    s = settings()
    return not s.uses_real_model and not s.tavily_api_key


def setup_caption(backend: SearchBackend | None = None) -> None:
    """Say which model and which search backend the runs on this page use."""
    backend = backend if backend is not None else search_backend()
    search = (
        T("Tavily（真实联网搜索）", "Tavily (real web search)")
        if backend.name == "tavily"
        else T("离线语料（BM25，教学用的 .example 网页）", "offline corpus (BM25 over teaching pages on .example)")
    )
    st.caption(T("模型：", "Model: ") + model_label() + " · " + T("搜索：", "Search: ") + search)


def builtin_caption() -> None:
    """Label a cached default result as coming from the built-in model and offline corpus."""
    note = T(
        "下面是内置教学模型 + 离线语料的预先运行结果（确定性，可缓存）。",
        "Shown below: a run by the built-in teaching model over the offline corpus (deterministic, cached).",
    )
    if not uses_defaults():
        note += T(
            " 侧边栏选了真实接口或配置了 Tavily：点“运行”用它们重新跑。",
            " A real endpoint or Tavily is configured: press Run to use them.",
        )
    st.caption(note)


@st.cache_resource(show_spinner=False)
def builtin_llm() -> Any:
    """The built-in teaching model (for cached default runs, whatever the sidebar says)."""
    return build_chat_model()


@st.cache_resource(show_spinner=False, max_entries=4)
def checkpointer_for(setting: str) -> BaseCheckpointSaver[Any]:
    return make_checkpointer(setting)


def app_checkpointer() -> tuple[BaseCheckpointSaver[Any], dict[str, str], dict[str, Any] | None]:
    """The app's configured checkpointer (``settings().checkpointer``), shared by sessions.

    Returns:
        ``(saver, description, error)``: if the setting cannot be opened (a bad path, an
        unreachable PostgreSQL) the error is explained and an ``InMemorySaver`` is used
        instead, so the page keeps working.
    """
    setting = settings().checkpointer
    try:
        saver = checkpointer_for(setting)
        return saver, describe(saver), None
    except Exception as exc:
        err = explain(
            "checkpointer",
            exc,
            title=Text("无法打开配置的检查点存储", "The configured checkpointer cannot be opened"),
            hint=Text(
                "检查 CHECKPOINTER 设置（文件路径或数据库地址）；本页暂时改用 InMemorySaver。",
                "Check the CHECKPOINTER setting (file path or database URL); this page uses InMemorySaver meanwhile.",
            ),
        )
        saver = checkpointer_for("memory")
        return saver, describe(saver), err.to_dict()


def saver_words(described: dict[str, str]) -> str:
    """A checkpointer's description (``toolcall_lab.checkpointers.describe``) in the learner's words."""
    kind, target = described.get("kind", ""), described.get("target", "")
    if kind == "memory":
        return T(
            "InMemorySaver：检查点只保存在当前进程的内存里，进程一退出，所有线程都会丢失。这是课程里的反例，只适合演示。",
            "InMemorySaver: checkpoints live in this process's memory only; every thread is lost when the process "
            "exits. The lesson's counter-example, fit for demos.",
        )
    if kind == "sqlite":
        return T(
            f"SqliteSaver：检查点写入本地文件 {target}，重启应用后线程仍在；适合单机部署，多个副本不能共享。",
            f"SqliteSaver: checkpoints are written to the local file {target}; threads survive a restart. "
            "Fit for one machine; replicas cannot share it.",
        )
    if kind == "postgres":
        return T(
            f"PostgresSaver：检查点写入 PostgreSQL（{target}），多个应用副本可以读写同一批线程。",
            f"PostgresSaver: checkpoints are written to PostgreSQL ({target}); several app replicas read and "
            "write the same threads.",
        )
    return T(f"自定义检查点存储：{kind}", f"Custom checkpointer: {kind}")


@st.cache_resource(show_spinner=False)
def specimen_apps() -> dict[str, CompiledGraph]:
    """One compiled instance of each specimen graph, for drawing (structure only)."""
    llm, search = builtin_llm(), default_offline_search()
    return {
        "workflow": build_workflow(llm, search),
        "agent": build_agent(llm, [make_search_web_tool(search)]),
        "original": build_original(llm, search),
        "approval": build_approval_agent(llm, [], InMemorySaver()),
        "preference": build_preference_graph(InMemorySaver(), InMemoryStore(), search),
    }


# ---------------------------------------------------------------- a question box


def question_form(
    key: str,
    *,
    default: str,
    examples: Sequence[str] = (),
    button: str | None = None,
    icon: str = ":material/play_arrow:",
) -> str | None:
    """A question box with clickable examples; returns the question to run now, or ``None``.

    Clicking an example fills the box and runs it at once. An empty question is
    explained, not run.
    """
    q_key, go_key = f"{key}::q", f"{key}::go"
    if st.session_state.get(f"{key}::lang") != lang():  # a new language starts from its own example
        st.session_state[q_key] = default
        st.session_state[f"{key}::lang"] = lang()

    def picked() -> None:  # an example pill fills the box and asks for a run
        choice = st.session_state.get(f"{key}::pick")
        if choice:
            st.session_state[q_key] = choice
            st.session_state[go_key] = True
            st.session_state[f"{key}::pick"] = None

    with controls():  # on a projector the question box folds under "Settings": the run is what the room reads
        if examples:
            st.pills(
                T("例子（点一下就运行）", "Examples (click to run)"),
                list(examples),
                key=f"{key}::pick",
                on_change=picked,
            )
        with st.form(f"{key}::form", border=False, enter_to_submit=True):
            c1, c2 = st.columns([4, 1], vertical_alignment="bottom")  # the button keeps its whole label at 1024 px
            c1.text_input(T("问题", "Question"), key=q_key, max_chars=500)
            submitted = c2.form_submit_button(button or T("运行", "Run"), icon=icon, width="stretch")
    go = st.session_state.pop(go_key, False)
    if not (submitted or go):
        return None
    question = str(st.session_state.get(q_key) or "").strip()
    if not question:
        st.warning(T("先输入一个问题。", "Type a question first."), icon=":material/edit:")
        return None
    return question


# ---------------------------------------------------------------- graph pictures


def structure_table(app: CompiledGraph) -> None:
    """Nodes and edges as ``get_graph()`` reports them; conditional edges marked."""
    data = graph_structure(app)
    st.markdown(T("节点：", "Nodes: ") + " ".join(f"`{n}`" for n in data["nodes"]))
    st.dataframe(
        [
            {
                "source": e["source"],
                "target": e["target"],
                "kind": T("条件边（虚线）", "conditional (dashed)") if e["conditional"] else T("普通边", "plain"),
            }
            for e in data["edges"]
        ],
        hide_index=True,
        column_config={"source": T("起点", "source"), "target": T("终点", "target"), "kind": T("类型", "kind")},
    )


def picture_tabs(app: CompiledGraph, highlight: str | None = None) -> None:
    """The same graph three ways: rendered DOT, rendered Mermaid, and both texts."""
    dot, mermaid = graph_dot(app, highlight=highlight), graph_mermaid(app, highlight=highlight)
    tabs = st.tabs(
        [
            T("Graphviz 图", "Graphviz picture"),
            T("Mermaid 图", "Mermaid picture"),
            T("DOT 文本", "DOT text"),
            "draw_mermaid()",
        ]
    )
    with tabs[0]:
        st.graphviz_chart(dot, width="content", alt=graph_alt(app))
    with tabs[1]:
        st.mermaid_chart(mermaid, width="content", alt=graph_alt(app))
        st.caption(
            T(
                "draw_mermaid() 给 START/END 写的是 HTML 标签（<p>…</p>），这里按原样显示。",
                "draw_mermaid() writes HTML labels for START/END (<p>…</p>); they are shown here as written.",
            )
        )
    with tabs[2]:
        st.code(dot, language="text")
    with tabs[3]:
        st.code(mermaid, language="text")


# ---------------------------------------------------------------- messages


def message_rows(messages: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Message dicts (``message_to_dict`` or wire shape) as table rows."""
    rows = []
    for i, m in enumerate(messages, 1):
        calls = m.get("tool_calls") or []
        names = [f"{c.get('name') or (c.get('function') or {}).get('name')}#{c.get('id')}" for c in calls]
        rows.append(
            {
                "#": i,
                "role": m.get("type") or m.get("role"),
                "content": short(m.get("content") or ""),
                "tool_calls": ", ".join(names),
                "tool_call_id": m.get("tool_call_id") or "",
                "id": m.get("id") or "",
            }
        )
    return rows


def message_table(messages: Sequence[dict[str, Any]], *, height: int | None = None, ids: bool = False) -> None:
    """A message list as a compact table (role, content, and tool calls / ids when there are any)."""
    rows = message_rows(messages)
    order = ["#", "role"] + (["id"] if ids else []) + ["content"]
    order += [k for k in ("tool_calls", "tool_call_id") if any(r[k] for r in rows)]
    st.dataframe(
        rows,
        hide_index=True,
        column_order=order,
        column_config={
            "#": st.column_config.NumberColumn("#", width="small"),
            "role": st.column_config.TextColumn(T("角色", "role"), width="small"),
            "id": st.column_config.TextColumn("id", width="small"),
            "content": st.column_config.TextColumn(T("内容", "content"), width="large"),
            "tool_calls": st.column_config.TextColumn("tool_calls", width="medium"),
            "tool_call_id": st.column_config.TextColumn("tool_call_id", width="medium"),
        },
        height=height if height else "auto",
    )


def answer_box(text: Any) -> None:
    """The final answer text, shown as plain text (never markup)."""
    with st.chat_message("assistant", avatar=":material/smart_toy:"):
        st.text(text if text is not None else "—")


# ---------------------------------------------------------------- pages 1 and 2: who decided?


@st.cache_data(show_spinner=False, max_entries=16)
def who_decided_default(question: str) -> WhoDecided:
    """``who_decided`` on the built-in model and the offline corpus (deterministic), for pages 1 and 2."""
    return who_decided(builtin_llm(), question, default_offline_search())


def who_decided_page_run(
    key: str,
    question: str | None,
    backend: SearchBackend,
    panels: Sequence[Panel],
    run_area: Any,
    default_question: str,
) -> tuple[WhoDecided, str]:
    """Pages 1 and 2: run ``who_decided`` live when asked, else show the cached default run.

    Returns ``(data, run_id)``; ``run_id`` is ``"default"`` for the cached run.
    """
    if question:
        with run_area:
            ran = run_live(who_decided_steps(chat_model(), question, backend), panels=panels)
        st.session_state[key] = {"id": uuid.uuid4().hex[:8], "data": ran.result, "error": ran.error}
        show_result()
    mine = st.session_state.get(key)
    if mine and mine["error"]:
        with run_area:
            show_error(mine["error"])
    if mine and mine["data"]:
        return mine["data"], mine["id"]
    data = specimen_run(who_decided_default, default_question)
    with run_area:
        builtin_caption()
    return data, "default"


def specimen_run(fn: Callable[..., Any], *args: Any) -> Any:
    """Call a cached loader under a spinner (instant on a cache hit)."""
    return loading(fn, *args, what=Text("正在运行标本……", "Running the specimen…"))
