"""LangGraph lesson 6 — human approval: interrupt() before a side-effect tool, then Command(resume=...)."""

import json

import streamlit as st

from pages import _graph_ui as gu
from pages._ui import T, chat_model, show_error
from toolcall_lab.errors import explain
from toolcall_lab.jsonable import json_text

KEY = "g6"


def machine() -> dict:
    """This session's approval round: phase, thread, outbox, and what each step returned.

    phase: ``idle`` → ``pending`` (paused at interrupt) → ``done`` (resumed, or nothing to approve).
    """
    if f"{KEY}::m" not in st.session_state:
        st.session_state[f"{KEY}::m"] = {
            "phase": "idle",
            "thread": None,
            "outbox": [],
            "started": None,
            "resumed": None,
            "error": None,
            "run": 0,
        }
    return st.session_state[f"{KEY}::m"]


def approval_app(m: dict):
    """The approval agent over this session's outbox and the app's checkpointer (rebuilt each rerun)."""
    from lessons.search_assistant.approval import build_approval_agent

    saver, _described, _err = gu.app_checkpointer()
    return build_approval_agent(chat_model(), m["outbox"], saver)


def parse_edit(text: str, original: dict) -> tuple[dict | None, dict | None]:
    """The reviewer's edited arguments, through the chain's own stages 5 and 6.

    ``json.loads`` (:func:`~toolcall_lab.stages.validation.json_stage`), then the tool's own
    schema ``NotifyArgs`` with unknown keys forbidden (:func:`~toolcall_lab.stages.validation.validate_stage`).

    Returns:
        ``(args, None)`` or ``(None, explained_error_dict)``.
    """
    from lessons.search_assistant.approval import NotifyArgs
    from toolcall_lab.errors import ExplainedError
    from toolcall_lab.stages.validation import json_stage, validate_stage

    parsed = json_stage(text)
    if isinstance(parsed, ExplainedError):
        return None, parsed.to_dict()
    if not isinstance(parsed.value, dict):
        return None, explain(
            "json.loads",
            f"json.loads returned {type(parsed.value).__name__}, not an object",
            zh="参数必须是一个 JSON 对象",
            en="The arguments must be a JSON object",
            hint_zh='写成 {"student_id": ..., "message": ...} 这样的形式。',
            hint_en='Write it as {"student_id": ..., "message": ...}.',
        ).to_dict()
    checked = validate_stage({**original, **parsed.value}, NotifyArgs, extra="forbid", with_schema=False)
    if isinstance(checked, ExplainedError):
        return None, checked.to_dict()
    if not checked.ok:
        return None, checked.error.to_dict() if checked.error else None
    return parsed.value, None


gu.title(6)
gu.prose("graph_6_approval")
apps = gu.specimen_apps()
m = machine()
saver, described, saver_error = gu.app_checkpointer()
if saver_error:
    show_error(saver_error, warning=True)

left, right = st.columns([2, 3], gap="large")
with left:
    phase_text = {
        "idle": T("空闲：还没开始", "idle: not started"),
        "pending": T("暂停中：等待你的决定", "paused: waiting for your decision"),
        "done": T("已恢复并结束", "resumed and finished"),
    }[m["phase"]]
    st.markdown(T("**状态**：", "**State**: ") + phase_text)
    graph_panel = gu.panel("g6graph", apps["approval"])
    gu.node_source(
        apps["approval"],
        "approve",
        T("`approve` 节点：interrupt() 与三种决定", "Node `approve`: interrupt() and the three decisions"),
    )
    from lessons.search_assistant.approval import make_notify_teacher_tool

    gu.source(make_notify_teacher_tool)

with right:
    st.caption(gu.repo_relative(gu.tr(described)))
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
        from lessons.search_assistant.lessons import APPROVAL_QUESTION

        gu.setup_caption()
        with st.form(f"{KEY}::start", border=False):
            question = st.text_area(
                T("让助手做的事", "What to ask the assistant"), value=gu.tr(APPROVAL_QUESTION), max_chars=500
            )
            go = st.form_submit_button(T("发给 Agent", "Send to the agent"), icon=":material/send:")
        if go:
            if not question.strip():
                st.warning(T("先写一句话。", "Write something first."), icon=":material/edit:")
            else:
                from lessons.search_assistant.lessons import approval_start

                m.update(thread=gu.new_thread_id("approval"), outbox=[], run=m["run"] + 1, resumed=None)
                app = approval_app(m)
                with run_area:
                    started, err = gu.run_live(approval_start, app, question.strip(), m["thread"], panels=[graph_panel])
                m.update(started=started, error=err, question=question.strip())
                m["phase"] = "pending" if started and started["pending"] else "done"
                st.rerun()

    elif m["phase"] == "pending":
        pending = m["started"]["pending"][0]
        calls = pending["value"]["tool_calls"]
        st.warning(
            T(
                f"图停在了 approve 节点（get_state().next = {m['started']['next']}）。模型想执行：",
                f"The graph stopped in the approve node (get_state().next = {m['started']['next']}). The model "
                "wants to run:",
            ),
            icon=":material/pause_circle:",
        )
        from toolcall_lab.stages.kwargs import render_call

        for call in calls:
            st.code(f"{render_call(call['name'], call['args'])}   # {call['id']}", language="python", wrap_lines=True)
        with st.expander(T("interrupt() 交给调用方的 payload", "The payload interrupt() handed to the caller")):
            st.json(pending, expanded=3)
        choice = (
            st.segmented_control(
                T("你的决定", "Your decision"),
                ["approve", "edit", "reject"],
                default="approve",
                key=f"{KEY}::choice::{m['run']}",
                format_func={
                    "approve": T("批准", "Approve"),
                    "edit": T("改参数后批准", "Edit the arguments"),
                    "reject": T("拒绝", "Reject"),
                }.__getitem__,
            )
            or "approve"
        )
        decision = None
        if choice == "approve":
            if st.button(
                T("批准并继续", "Approve and resume"), icon=":material/check:", type="primary", key=f"{KEY}::approve"
            ):
                decision = {"action": "approve"}
        elif choice == "edit":
            original_args = calls[0]["args"]
            text = st.text_area(
                T("参数（JSON，可以改）", "Arguments (JSON, edit freely)"),
                value=json.dumps(original_args, ensure_ascii=False, indent=2),
                height=160,
                key=f"{KEY}::args::{m['run']}",
            )
            if st.button(
                T("用改过的参数继续", "Resume with these arguments"),
                icon=":material/edit:",
                type="primary",
                key=f"{KEY}::edit",
            ):
                args, err = parse_edit(text, original_args)
                if err:
                    show_error(err)
                else:
                    decision = {"action": "edit", "args": args}
        else:
            reason = st.text_input(
                T("拒绝理由（会告诉模型）", "Reason (the model is told)"),
                value=T("先别通知，家长会自己联系老师", "Not now: the parents will call the teacher"),
                max_chars=200,
                key=f"{KEY}::reason::{m['run']}",
            )
            if st.button(
                T("拒绝并继续", "Reject and resume"), icon=":material/block:", type="primary", key=f"{KEY}::reject"
            ):
                decision = {"action": "reject", "reason": reason.strip()}
        st.caption(
            T("恢复时调用：", "Resuming calls: ")
            + gu.code("approval_resume(app, thread_id, decision)")
            + " → "
            + gu.code("trace_run(app, Command(resume=decision), config)")
        )
        if decision is not None:
            from lessons.search_assistant.lessons import approval_resume

            app = approval_app(m)
            with run_area:
                resumed, err = gu.run_live(approval_resume, app, m["thread"], decision, panels=[graph_panel])
            m.update(resumed=resumed, error=err, phase="done")
            st.rerun()

    else:  # done
        if m["error"]:
            show_error(m["error"])
        resumed = m["resumed"]
        if resumed:
            action = resumed["decision"]["action"]
            st.markdown(T("**决定**：", "**Decision**: ") + gu.code(json_text(resumed["decision"], indent=None)))
            st.markdown(
                T("恢复后走过的节点：", "Path after resuming: ") + " → ".join(gu.code(n) for n in resumed["path"])
            )
            if m["outbox"]:
                st.success(
                    T(
                        f"副作用发生了：发件箱里有 {len(m['outbox'])} 条。",
                        f"The side effect happened: {len(m['outbox'])} entry in the outbox.",
                    ),
                    icon=":material/outgoing_mail:",
                )
            else:
                st.info(
                    T("没有发出任何消息：发件箱是空的。", "Nothing was sent: the outbox is empty."),
                    icon=":material/unsubscribe:",
                )
            messages = (resumed["final"] or {}).get("messages") or []
            tool_msgs = [x for x in messages if x.get("type") == "tool"]
            if tool_msgs:
                st.caption(T("每个 tool_call 都有对应的 ToolMessage：", "Every tool_call has its ToolMessage:"))
                gu.message_table(tool_msgs)
            gu.answer_box(messages[-1].get("content") if messages else None)
            if action == "reject":
                st.caption(
                    T(
                        "拒绝也会回一条 ToolMessage（“未发送：…”），模型据此如实告诉用户。",
                        "A rejection still answers with a ToolMessage (“未发送：…” = “not sent: …”), so the model "
                        "can tell the user honestly.",
                    )
                )
        elif m["started"]:
            st.info(
                T(
                    "模型没有请求任何工具调用，没有需要审批的内容。",
                    "The model asked for no tool call: nothing to approve.",
                ),
                icon=":material/info:",
            )
            final = m["started"]["trace"]["final"] or {}
            gu.answer_box(((final.get("messages") or [{}])[-1]).get("content"))
        if st.button(T("重新开始", "Start again"), icon=":material/restart_alt:", key=f"{KEY}::again"):
            st.session_state.pop(f"{KEY}::m", None)
            st.rerun()

from lessons.search_assistant.lessons import edges_text

# the graph and its super-steps: the resumed part when there is one, else the run up to the pause
shown = (m["resumed"] or {}).get("trace") or (m["started"] or {}).get("trace")
chosen = gu.show_trace(
    graph_panel,
    shown,
    key=f"g6::step::{m['run']}::{m['phase']}",
    empty_note=T(
        "还没有运行。图的边（读自 get_graph()；approve 会暂停）：",
        "Nothing run yet. The graph's edges (read from get_graph(); approve pauses): ",
    )
    + edges_text(apps["approval"]),
)
if m["phase"] == "pending" and shown and chosen == shown["steps"][-1]["step"]:
    # after the last finished step the run is inside `approve`, stopped by interrupt()
    gu.draw(
        apps["approval"],
        "approve",
        target=graph_panel.graph,
        note=T(
            ":material/pause_circle: 暂停在 `approve`：它调用了 interrupt()，等你决定",
            ":material/pause_circle: paused in `approve`: it called interrupt() and waits for you",
        ),
    )
from lessons.search_assistant.lessons import approval_resume as _resume
from lessons.search_assistant.lessons import approval_start as _start

gu.source(_start, T("源码：approval_start", "Source: approval_start"))
gu.source(_resume, T("源码：approval_resume（Command(resume=...)）", "Source: approval_resume (Command(resume=...))"))
