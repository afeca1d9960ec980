"""Tutor lesson 6 — the seven pitfalls, each run live broken and fixed behind a toggle."""

from typing import Any

import streamlit as st

from pages import _tutor_ui as tu
from pages._ui import T

tu.lesson_intro(6)
left, right = tu.columns()

# What each artifact key means, in both languages.
LABELS: dict[str, tuple[str, str]] = {
    "openai_tool": ("发给模型的工具 schema", "The tool schema the model gets"),
    "lost": ("丢掉的参数说明", "Parameter descriptions lost"),
    "run": ("这一轮运行", "The run"),
    "manual_with_try_except": ("同一个工具放进 run_manual", "The same tool inside run_manual"),
    "date_schema": ("date 参数的 schema", "The schema of date"),
    "exception": ("真实异常", "The real exception"),
    "raised_in": ("抛出位置", "Raised in"),
    "bound_tools": ("绑定的工具", "Tools bound"),
    "requests_recorded": ("记下的请求数", "Requests recorded"),
    "rebinding_loop": ("每步重新 bind_tools 的循环", "A loop that re-binds every step"),
    "manual_answer": ("run_manual 的回答", "run_manual's answer"),
    "requests_recorded_on_held_object": ("手里那个对象记下的请求数", "Requests recorded on the object you hold"),
    "model_calls": ("模型调用", "Model calls"),
    "tool_runs": ("工具真实执行", "Tool runs"),
    "prompt_chars": ("发送字符数（≈token）", "Characters sent (≈ tokens)"),
    "reached_hard_limit": ("撞上课程硬上限", "Hit the lesson's hard cap"),
    "answer": ("回答", "Answer"),
    "result": ("这一轮运行", "The run"),
    "status_codes": ("每次请求的 HTTP 状态码", "HTTP status of each request"),
    "last_request_messages": ("最后一次请求的 messages", "Messages of the last request"),
    "last_response_body": ("最后一次响应体", "Body of the last response"),
}


def label(key: str) -> str:
    zh, en = LABELS.get(key, (key, key))
    return T(zh, en)


def render_artifact(artifact: dict[str, Any]) -> None:
    """Numbers as metrics, texts as code, run records as runs, the rest as JSON."""
    numbers = {k: v for k, v in artifact.items() if isinstance(v, (int, bool)) and not isinstance(v, bool)}
    if numbers:
        for col, (key, value) in zip(st.columns(len(numbers)), numbers.items()):
            col.metric(label(key), value, border=True)
    for key, value in artifact.items():
        if key in numbers:
            continue
        if key == "lost":
            if value:
                for item in value:
                    st.markdown(
                        f":red-badge[:material/remove_circle: {T('丢失', 'lost')}] `{item['parameter']}` — "
                        f"{item['description']}"
                    )
            continue
        if key == "status_codes":
            st.markdown(
                f"**{label(key)}:** " + " ".join(f":{'green' if code < 400 else 'red'}-badge[{code}]" for code in value)
            )
            continue
        st.markdown(f"**{label(key)}**")
        if isinstance(value, dict) and "stop_reason" in value:
            tu.render_result(value)
        elif isinstance(value, bool):
            st.badge(str(value), color="orange" if value else "gray")
        elif isinstance(value, str):
            st.code(value, language="text", wrap_lines=True)
        elif value is None:
            st.caption("None")
        else:
            st.json(value, expanded=True)


def sources(n: int, broken: bool) -> list[Any]:
    """The code each side of pitfall ``n`` really runs."""
    from langchain_core.language_models import BaseChatModel

    from lessons.tutor import lessons as L
    from lessons.tutor.agent import _run_tool, run_manual
    from lessons.tutor.fakes import ScriptedChatModel
    from lessons.tutor.loop_guard import LoopGuard
    from lessons.tutor.tools import make_get_schedule

    table = {
        1: ([L.parse_docstring_comparison], [L.parse_docstring_comparison, make_get_schedule]),
        2: ([L._raising_get_schedule, _run_tool], [make_get_schedule]),
        3: ([L._naive_get_schedule], [make_get_schedule]),
        4: ([BaseChatModel.bind_tools], [ScriptedChatModel.bind_tools]),
        5: ([L.CopyingScriptedChatModel.bind_tools, L.run_rebinding_loop], [ScriptedChatModel.bind_tools]),
        6: ([L.run_unguarded], [LoopGuard]),
        7: ([L.pitfall_7], [run_manual]),
    }
    return table[n][0 if broken else 1]


with left:
    st.caption(
        T(
            "每个坑默认显示坏的版本；打开开关，运行修好的版本。内置教学模型 / 脚本模型现场运行。",
            "Each pitfall starts broken; flip its switch to run the fixed version. Run live on the built-in "
            "teaching model or a scripted model.",
        )
    )
    from lessons.tutor.lessons import PITFALL_TITLES, PITFALLS

    for n in PITFALLS:
        with st.container(border=True):
            head, switch = st.columns([4, 1], vertical_alignment="center")
            head.markdown(f"#### {n}. {tu.tr(PITFALL_TITLES[n])}")
            fixed = switch.toggle(T("修好", "Fixed"), key=f"tutor6::fixed::{n}")
            result = tu.loading(tu.pitfall_data, n, not fixed)
            if fixed:
                st.success(tu.tr(result["outcome"]), icon=":material/check_circle:")
            else:
                st.warning(tu.tr(result["outcome"]), icon=":material/heart_broken:")
            tu.show_error(result["error"])
            tab_artifact, tab_code = st.tabs([T("产物", "Artifact"), T("运行的代码", "The code that ran")])
            with tab_artifact:
                render_artifact(result["artifact"])
            with tab_code:
                for obj in sources(n, not fixed):
                    tu.source(obj)

with right:
    tu.tutor_live_run("tutor6", highlight="tool_message", extra=[T("明天我有课吗？", "Do I have class tomorrow?")])
