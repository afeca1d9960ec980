"""Tutor lesson 6 — the seven pitfalls, each run live broken and fixed behind a toggle."""

import warnings
from typing import Any

import streamlit as st

from lessons.tutor.lesson_6_pitfalls import PITFALL_KEYS, PITFALLS, PitfallResult, pitfall_code
from pages import _tutor_ui as tu
from pages._ui import T, lesson_columns, show_error, source

# Each pitfall's title, by its key: (zh, en).
TITLES: dict[str, tuple[str, str]] = {
    "bare_tool": ("裸用 @tool：Args 段被静默丢弃", "Bare @tool: the Args section is silently dropped"),
    "raising_tool": ("工具抛异常，整个循环跟着炸", "A tool raises, and the whole loop blows up"),
    "relative_date": ("模型把「明天」原样传给 date", "The model passes 「明天」 (tomorrow) straight into date"),
    "fake_list_chat_model": (
        "自带的 FakeListChatModel 跑不了工具通路",
        "The stock FakeListChatModel cannot do tool calling",
    ),
    "copying_bind_tools": (
        "bind_tools 返回副本，脚本被打回第一条",
        "bind_tools returns a copy and the script restarts",
    ),
    "no_guard": ("没有护栏的循环是最贵的 bug", "A loop without a guard is the most expensive bug"),
    "tool_call_id": ("tool_call_id 对不上，接口直接拒收", "A tool_call_id that matches nothing is rejected"),
}

# What happened on each side, by outcome key: (zh, en), filled in with the run's ``facts``.
OUTCOMES: dict[str, tuple[str, str]] = {
    "descriptions_lost": (
        "参数说明丢了 {lost} 条，模型只看到参数名和类型，且不会报任何错。",
        "{lost} parameter descriptions are gone; the model sees only names and types, and nothing errors.",
    ),
    "descriptions_kept": (
        "每个参数都带着说明，格式要求（YYYY-MM-DD）进了 schema。",
        "Every parameter carries its description; the format rule (YYYY-MM-DD) is in the schema.",
    ),
    "loop_crashed": (
        "run_react 直接崩溃；run_manual 靠 try/except 兜住了这一步。",
        "run_react crashes; run_manual's try/except contains the step.",
    ),
    "error_as_text": (
        "工具把错误说成一句话，循环照常走完，模型如实回答。",
        "The tool turns the error into a sentence; the loop finishes and the model answers honestly.",
    ),
    "confident_wrong_answer": (
        "工具查了字符串「明天」，说没课；模型据此回答——答案错了，但没有任何报错。",
        "The tool looked up the string 「明天」 and said no class; the model repeated it: wrong, and nothing errored.",
    ),
    "asks_for_the_date": (
        "工具回了格式提示，模型老实承认不知道「明天」是几号，请学生给日期。",
        "The tool replied with the format rule; the model admits it cannot tell the date and asks for one.",
    ),
    "bind_tools_not_implemented": (
        "第一步 bind_tools 就抛 NotImplementedError，循环根本没开始。",
        "bind_tools raises NotImplementedError at the first line; the loop never starts.",
    ),
    "scripted_fake_runs": (
        "脚本假模型绑定了三个工具，跑完两步，还存下了每次请求。",
        "The scripted fake bound the three tools, ran both steps, and kept every request.",
    ),
    "script_restarts": (
        "每一步都拿到脚本第一条，永远走不到回答；手里那个对象一条请求都没记下。",
        "Every step gets the first scripted reply and never reaches the answer; "
        "the object you hold recorded no request.",
    ),
    "script_advances": (
        "bind_tools 返回 self：脚本按顺序推进，请求都记在同一个对象上。",
        "bind_tools returns self: the script advances in order and requests are kept on the same object.",
    ),
    "runs_until_hard_cap": (
        "同一个错误调用跑了 {tool_runs} 次，模型被调用 {model_calls} 次，只因为课程设了硬上限才停。",
        "The same bad call ran {tool_runs} times over {model_calls} model calls; "
        "only the lesson's hard cap stopped it.",
    ),
    "guard_stops": (
        "工具只跑了 {tool_runs} 次，模型被调用 {model_calls} 次就收工。",
        "The tool ran {tool_runs} time(s) and the run ended after {model_calls} model calls.",
    ),
    "id_mismatch_rejected": (
        "第二次请求被内置接口以 400 拒收：AIMessage 里的调用没有 id，补出来的 id 只写在了 tool 消息上，两边对不上。",
        "The second request is rejected by the built-in endpoint with a 400: the call on the AIMessage has no id, "
        "and the id made up for the tool message matches nothing.",
    ),
    "ids_match": (
        "同一个 id 写在调用和结果两边，第二次请求 200，模型正常回答。",
        "The same id on the call and on its result: the second request returns 200 and the model answers.",
    ),
}

# What each artifact key means: (zh, en).
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


@st.cache_data(show_spinner=False, max_entries=16)
def pitfall_data(n: int, broken: bool) -> PitfallResult:
    """One side of pitfall ``n``, run for real (LangGraph's deprecation warning kept quiet)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return PITFALLS[n](broken)


def label(key: str) -> str:
    """An artifact key in words (the key itself when it has none)."""
    return T(*LABELS.get(key, (key, key)))


def outcome_text(result: PitfallResult) -> str:
    """What happened on this side, in words, with the run's own numbers."""
    return T(*OUTCOMES[result["outcome"]]).format(**result["facts"])


def render_artifact(artifact: dict[str, Any]) -> None:
    """Numbers as metrics, texts as code, run records as runs, the rest as JSON."""
    numbers = {k: v for k, v in artifact.items() if isinstance(v, int) and not isinstance(v, bool)}
    if numbers:
        for col, (key, value) in zip(st.columns(len(numbers)), numbers.items(), strict=True):
            col.metric(label(key), value, border=True)
    for key, value in artifact.items():
        if key in numbers:
            continue
        if key == "lost":
            for item in value:
                tu.lost_badge(item)
            continue
        if key == "status_codes":
            badges = " ".join(f":{'green' if code < 400 else 'red'}-badge[{code}]" for code in value)
            st.markdown(f"**{label(key)}:** {badges}")
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


tu.lesson_intro(6)
left, right = lesson_columns()

with left:
    st.caption(
        T(
            "每个坑默认显示坏的版本；打开开关，运行修好的版本。内置教学模型 / 脚本模型现场运行。",
            "Each pitfall starts broken; flip its switch to run the fixed version. Run live on the built-in "
            "teaching model or a scripted model.",
        )
    )
    for n, key in PITFALL_KEYS.items():
        with st.container(border=True):
            head, switch = st.columns([4, 1], vertical_alignment="center")
            head.markdown(f"#### {n}. {T(*TITLES[key])}")
            fixed = switch.toggle(T("修好", "Fixed"), key=f"tutor6::fixed::{n}")
            result = tu.run_cached(pitfall_data, n, not fixed)
            if fixed:
                st.success(outcome_text(result), icon=":material/check_circle:")
            else:
                st.warning(outcome_text(result), icon=":material/heart_broken:")
            show_error(result["error"])
            tab_artifact, tab_code = st.tabs([T("产物", "Artifact"), T("运行的代码", "The code that ran")])
            with tab_artifact:
                render_artifact(result["artifact"])
            with tab_code:
                for obj in pitfall_code(n, not fixed):
                    source(obj)

with right:
    tu.tutor_live_run("tutor6", highlight="tool_message", extra=[T("明天我有课吗？", "Do I have class tomorrow?")])
