"""Tutor lesson 1 — the model talks, your code acts: the four steps of one real run."""

import json
from typing import Any

import streamlit as st

from lessons.tutor import lesson_1_model_talks as lesson_1
from lessons.tutor.agent import run_manual
from lessons.tutor.lesson_1_model_talks import lesson1_four_steps
from pages._ui import T, chat_model, lang, lesson_columns, model_label, settings, show_error, source
from pages._ui import tutor_lesson as tu
from pages._ui.exercise import draw_exercises
from pages.registry import page_of
from toolcall_lab.errors import explain
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import json_text
from toolcall_lab.llm import build_chat_model


@st.cache_data(show_spinner=False, max_entries=8)
def builtin_run(edition: str) -> dict[str, Any]:
    """Lesson 1 over the built-in model: question two in ``edition``'s tools and words."""
    return lesson1_four_steps(build_chat_model(), tu.QUESTIONS[1](edition), edition)


def step_heading(step: dict[str, Any]) -> None:
    st.markdown(f"#### {tu.STEP_TITLES[step['key']](lang())}")  # the step's title, worded from its key


tu.lesson_intro(1)
left, right = lesson_columns()

ed = tu.edition()
with left:
    question = tu.QUESTIONS[1](ed)
    st.subheader(T("同一次运行的四个步骤", "Four steps of one run"), anchor=False)
    st.markdown(f"**{T('问题', 'Question')}:** {question}")
    run_key = f"tutor1::run::{ed}"
    # The click is remembered by a callback: it survives a rerun that happens before the page runs.
    st.button(
        T("用当前模型重新跑一次", "Run it again with the active model"),
        icon=":material/replay:",
        key="tutor1::rerun",
        on_click=st.session_state.__setitem__,
        args=("tutor1::rerun_asked", True),
    )
    if st.session_state.pop("tutor1::rerun_asked", False):
        with st.status(T("运行中……", "Running…")) as status:
            try:
                data = lesson1_four_steps(chat_model(), question, ed)
                st.session_state[run_key] = {"data": data, "label": model_label()}
                status.update(label=T("完成", "Done"), state="complete")
            except Exception as exc:
                status.update(label=T("运行失败", "The run failed"), state="error")
                show_error(
                    explain(
                        "model_call",
                        exc,
                        title=Text("调用模型失败", "The model call failed"),
                        hint=Text(
                            "检查侧边栏里的 Base URL、模型名和 API key，或切回内置教学模型。",
                            "Check the sidebar's base URL, model id and API key, or switch back to the built-in model.",
                        ),
                    )
                )
    if run_key in st.session_state:
        data, label = st.session_state[run_key]["data"], st.session_state[run_key]["label"]
    else:
        data = tu.run_cached(builtin_run, ed)
        label = T("内置教学模型（离线、确定性）", "built-in teaching model (offline, deterministic)")
    st.caption(
        T("模型：", "Model: ")
        + label
        + (
            T(
                "（侧边栏选了真实接口：点上面的按钮让它来跑）",
                " (a real endpoint is selected: press the button to run it)",
            )
            if settings().uses_real_model and run_key not in st.session_state
            else ""
        )
    )
    ask, intent, act, answer = data["steps"]

    # ① the request: question + tool schemas
    with st.container(border=True, key="artifact"):
        step_heading(ask)
        request = ask["artifact"]["request"] or {}
        cols = st.columns(3)
        cols[0].metric(T("消息条数", "Messages"), len(request.get("messages", [])))
        cols[1].metric(T("工具 schema", "Tool schemas"), len(request.get("tools", [])))
        cols[2].metric(T("请求体字节", "Body bytes"), len(json.dumps(request, ensure_ascii=False).encode()))
        tool_names = " ".join(f"`{t['function']['name']}`" for t in request.get("tools", []))
        st.markdown(T("随请求一起发出的工具：", "Tools sent with the request: ") + tool_names)
        with st.expander(T("请求体（线上原样）", "Request body (as sent on the wire)"), icon=":material/upload:"):
            st.json(request, expanded=3)

    # ② the model's intent: two tool calls in one reply
    with st.container(border=True):
        step_heading(intent)
        calls = intent["artifact"]["tool_calls"]
        st.markdown(
            T(
                f"模型这一轮没有回答，只提出了 **{len(calls)} 个工具调用**（并行）：",
                f"This reply holds no answer, only **{len(calls)} tool calls** (in parallel):",
            )
        )
        st.dataframe(
            [{"name": c["name"], "args": json_text(c["args"], indent=None), "id": c["id"]} for c in calls],
            hide_index=True,
            column_config={"name": T("工具名", "name"), "args": T("参数（已解析）", "args (parsed)"), "id": "id"},
        )
        c1, c2 = st.columns(2)
        with c1:
            st.markdown(T("**AIMessage.tool_calls**（args 是 dict）", "**AIMessage.tool_calls** (args is a dict)"))
            st.json(calls, expanded=3)
        with c2:
            st.markdown(
                T("**线上的 tool_calls**（arguments 是字符串）", "**tool_calls on the wire** (arguments is a string)")
            )
            st.json(intent["artifact"]["wire_tool_calls"] or [], expanded=3)

    # ③ our code runs each call and answers it by id
    with st.container(border=True):
        step_heading(act)
        second = answer["artifact"]["request"] or {}
        tool_msgs = {m.get("tool_call_id"): m for m in second.get("messages", []) if m.get("role") == "tool"}
        for ex in act["artifact"]["executions"]:
            st.code(f"{tu.call_text(ex)}   # tool_call_id={ex['id']}", language="python")
            st.code(ex["observation"], language="text", wrap_lines=True)
            if ex["id"] in tool_msgs:
                with st.expander(
                    T(f"下一次请求里的 tool 消息 · {ex['id']}", f"The tool message in the next request · {ex['id']}")
                ):
                    st.json(tool_msgs[ex["id"]])

    # ④ ask again, the model answers from the results
    with st.container(border=True):
        step_heading(answer)
        roles = [m.get("role") for m in second.get("messages", [])]
        st.markdown(
            T("第二次请求的消息顺序：", "Messages of the second request: ") + " → ".join(f"`{r}`" for r in roles)
        )
        with st.expander(T("第二次请求体（线上原样）", "Second request body (as sent)"), icon=":material/upload:"):
            st.json(second, expanded=2)
        tu.stop_badge(data["result"])
        tu.render_answer(answer["artifact"]["answer"])

    source(run_manual, T("源码：run_manual（四步就是这个循环）", "Source: run_manual (the four steps are this loop)"))


with right:
    tu.tutor_live_run("tutor1", highlight="tool_call")

draw_exercises(page_of(__file__), lesson_1.EXERCISES, {"ed": ed})
