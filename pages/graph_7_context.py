"""LangGraph lesson 7 — context control: State keeps everything, one call is sent a trimmed list with pairs intact."""

import streamlit as st

from pages import _graph_ui as gu
from pages._ui import T, chat_model, lang, show_error


@st.cache_data(show_spinner=False, max_entries=32)
def default_demo(language: str, max_messages: int, next_question: str) -> dict:
    """``context_demo`` on the built-in model and the offline corpus."""
    from lessons.search_assistant.lessons import context_demo
    from lessons.search_assistant.search import default_offline_search

    return context_demo(
        gu.builtin_llm(),
        lang=language,
        max_messages=max_messages,
        search=default_offline_search(),
        next_question=next_question,
    )


def pair_labels(kept: list[dict]) -> dict[str, str]:
    """Name each tool-call pair after its position: ``{tool_call_id: "pair 1"}``."""
    labels: dict[str, str] = {}
    for m in kept:
        for call in m.get("tool_calls") or []:
            labels.setdefault(call["id"], T(f"配对 {len(labels) + 1}", f"pair {len(labels) + 1}"))
    return labels


def annotated(messages: list[dict], labels: dict[str, str], orphans: list[str]) -> list[dict]:
    """Rows of a message list with each pair named and each orphaned tool reply flagged."""
    rows = []
    for i, m in enumerate(messages, 1):
        ids = [c["id"] for c in m.get("tool_calls") or []] or ([m["tool_call_id"]] if m.get("tool_call_id") else [])
        pair = ", ".join(labels.get(x, "?") for x in ids)
        if m.get("tool_call_id") in orphans:
            mark = T("孤立：它的 tool_call 被剪掉了", "ORPHAN: its tool_call was cut off")
        elif m.get("tool_calls"):
            mark = T("发起调用", "asks")
        elif m.get("tool_call_id"):
            mark = T("回复调用", "answers")
        else:
            mark = ""
        rows.append(
            {"#": i, "role": m["type"], "content": gu.short(m.get("content") or "", 60), "pair": pair, "mark": mark}
        )
    return rows


def show_list(rows: list[dict]) -> None:
    st.dataframe(
        rows,
        hide_index=True,
        height=min(38 + 35 * len(rows), 640),
        column_order=["#", "role", "pair", "mark", "content"],
        column_config={
            "#": st.column_config.NumberColumn("#", width="small"),
            "role": st.column_config.TextColumn(T("角色", "role"), width="small"),
            "pair": st.column_config.TextColumn(T("配对", "pair"), width="small"),
            "mark": st.column_config.TextColumn(T("说明", "note"), width="medium"),
            "content": st.column_config.TextColumn(T("内容", "content"), width="large"),
        },
    )


def intact_pairs(messages: list[dict]) -> list[str]:
    """The tool_call ids whose call and every reply are both in ``messages``."""
    asked = {c["id"] for m in messages for c in m.get("tool_calls") or []}
    answered = {m["tool_call_id"] for m in messages if m.get("tool_call_id")}
    return sorted(asked & answered)


gu.title(7)
gu.prose("graph_7_context")
apps = gu.specimen_apps()

controls, picture = st.columns([3, 2], gap="large")
with controls:
    gu.setup_caption()
    max_messages = st.slider(
        T(
            "下一次调用最多带几条消息（不含 system）",
            "At most this many messages in the next call (system not counted)",
        ),
        2,
        12,
        7,
        key="g7::max",
    )
    next_question = st.text_input(
        T("下一个问题", "The next question"),
        value=T("那北京呢？", "What about Beijing?"),
        max_chars=300,
        key="g7::next",
    ).strip() or T("那北京呢？", "What about Beijing?")
    run = st.button(
        T("用当前模型跑三轮，再剪两种方式发出去", "Run three turns with the active model, then send both cuts"),
        icon=":material/play_arrow:",
        key="g7::run::btn",
    )
    run_area = st.container()
with picture:
    agent_panel = gu.panel("g7agent", apps["agent"])

if run:
    from lessons.search_assistant.lessons import context_demo

    with run_area:
        data, err = gu.run_live(
            context_demo,
            chat_model(),
            lang=lang(),
            max_messages=max_messages,
            search=gu.search_backend(),
            next_question=next_question,
            panels=[agent_panel],
        )
    st.session_state["g7::run"] = {
        "data": data,
        "error": err,
        "runs": gu.recorded(agent_panel),
        "params": (max_messages, next_question),
    }
    gu.show_result()

mine = st.session_state.get("g7::run")
if mine and mine["error"]:
    with run_area:
        show_error(mine["error"])
live_data = mine and mine["data"] and mine["params"] == (max_messages, next_question)
if live_data:
    data = mine["data"]
else:
    data = gu.loading(default_demo, lang(), max_messages, next_question)
    with run_area:
        gu.builtin_caption()
gu.show_recorded(
    agent_panel,
    mine["runs"] if live_data else None,
    key="g7agent",
    names=[T(f"第 {i} 轮", f"turn {i}") for i in (1, 2, 3)],
    empty_note=T(
        "按按钮运行，看三轮里每个超级步的 State。",
        "Press the button to watch the State after every super-step of the three turns.",
    ),
)

st.divider()
st.subheader(T("每次模型调用发出去的消息数", "Messages sent with each model call"), anchor=False)
st.caption(
    T(
        "三轮对话、六次模型调用，全部来自抓到的请求体：每次都带上整个线程，一次比一次长。",
        "Three turns, six model calls, all from the captured request bodies: each carries the whole thread, "
        "each one longer than the last.",
    )
)
st.bar_chart(
    [{"call": i, "messages": n} for i, n in enumerate(data["sent_sizes"], 1)],
    x="call",
    y="messages",
    x_label=T("第几次模型调用", "model call"),
    y_label=T("发送的消息条数", "messages sent"),
    height=220,
)

labels = pair_labels(data["kept"])
st.subheader(T("State 保存的 vs 下一次调用要发的", "What State keeps vs what the next call is sent"), anchor=False)
st.markdown(
    T(
        f"下一个问题：**{gu.inert(data['next_question'])}** · 预算 **{data['max_messages']}** 条",
        f"Next question: **{gu.inert(data['next_question'])}** · budget **{data['max_messages']}** messages",
    )
)
st.markdown(
    T(
        f"**State 里的 messages**（{len(data['kept'])} 条，全部保留）",
        f"**State's messages** ({len(data['kept'])}, all kept)",
    )
)
show_list(annotated(data["kept"], labels, []))
naive_col, paired_col = st.columns(2, gap="large")
for col, key, head in (
    (naive_col, "naive", T("简单截取最后 N 条", "Naive: the last N")),
    (paired_col, "paired", T("按配对截取 trim_keeping_pairs", "Paired: trim_keeping_pairs")),
):
    cut = data[key]
    with col:
        st.markdown(
            f"**{head}**（{len(cut['messages'])}）" if lang() == "zh" else f"**{head}** ({len(cut['messages'])})"
        )
        show_list(annotated(cut["messages"], labels, cut["orphans"]))
        intact = intact_pairs(cut["messages"])
        for call_id in intact:
            st.markdown(
                T(
                    f":green-badge[:material/link: 配对完整] {labels.get(call_id, '')} · {gu.code(call_id)}",
                    f":green-badge[:material/link: pair intact] {labels.get(call_id, '')} · {gu.code(call_id)}",
                )
            )
        for call_id in cut["orphans"]:
            st.markdown(
                T(
                    f":red-badge[:material/link_off: 孤立的 ToolMessage] {gu.code(call_id)}",
                    f":red-badge[:material/link_off: orphaned ToolMessage] {gu.code(call_id)}",
                )
            )
        result = cut["result"]
        if result["ok"]:
            st.success(
                T("接口接受了这份列表，模型正常回复。", "The endpoint accepted this list; the model replied."),
                icon=":material/check_circle:",
            )
            reply = result["reply"] or {}
            if reply.get("tool_calls"):
                st.caption(
                    T("模型的回复：要为新问题再搜一次", "The model's reply: another search, for the new question")
                )
                st.json(reply["tool_calls"], expanded=3)
            else:
                gu.answer_box(reply.get("content"))
        else:
            st.caption(T("真的发了出去，接口的回答：", "Really sent; the endpoint's answer:"))
            show_error(result["error"])
        with st.expander(T("这次请求的线上记录", "This request on the wire"), icon=":material/upload:"):
            st.json(result["wire"], expanded=2)

from lessons.search_assistant.context import naive_trim, split_units, trim_keeping_pairs

gu.source(trim_keeping_pairs)
gu.source(split_units)
gu.source(naive_trim)
