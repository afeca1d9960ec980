"""Shared pieces of the six 小E tutor pages: intro, live run, run records, the stop reason in words.

Only pages import this module (it imports Streamlit). The data comes from the tutor's
lesson modules (``lessons.tutor.lesson_<n>_*``, one per page); each page caches its own
loader. General helpers (``T``, ``show_error``, ``source``, ``lesson_columns`` ...) come
from :mod:`pages._ui` under their own names: pages import them from there.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from lessons.content import lesson_text
from lessons.tutor.agent import STOP_FINAL, STOP_MAX_STEPS, STOP_REPEAT, system_prompt
from lessons.tutor.tools import build_tools
from pages._ui import T, Text, english, lang, loading
from pages._ui.frame import controls, page_links
from pages._ui.framing import opening
from pages._ui.live_run import live_run_panel
from pages.registry import numbered
from toolcall_lab.stages.kwargs import render_call

#: The query parameter of the English page's switch to the article's Chinese original.
ORIGINAL_PARAM = "original"

# The article's three questions, as the student typed them, and the same in English
# (the built-in model understands both; the tools answer in Chinese either way).
QUESTIONS: tuple[Text, ...] = (
    Text(
        "accord 这个词在你们词表里是几级？考研考不考？",
        "What level is accord on your word list? Is it in the kaoyan syllabus?",
    ),
    Text(
        "我明天（2026-07-25）有什么课？顺便告诉我我现在学到哪了。",
        "What classes do I have tomorrow (2026-07-25)? And also, how far have I got?",
    ),
    Text("下周三我有课吗？学号 S1001", "Do I have class next Wednesday? My id is S1001"),
)

# The four steps of lesson1_four_steps, by key.
STEP_TITLES: dict[str, Text] = {
    "ask": Text("① 程序把问题和工具清单一起发给模型", "① Your program sends the question with the tool list"),
    "intent": Text(
        "② 模型只回一行意图：想调哪个工具、传什么参数",
        "② The model only states an intent: which tool, which arguments",
    ),
    "act": Text(
        "③ 你的代码真的执行工具，结果包成 ToolMessage",
        "③ Your code really runs each tool and wraps the result in a ToolMessage",
    ),
    "answer": Text("④ 再问一轮，模型看着结果组织回答", "④ Ask again: the model words its answer from the results"),
}

# Each pitfall's title, by its key: (zh, en). Still pairs: pages/tutor_6_pitfalls.py reads them (issue 20).
TITLES: dict[str, Text] = {
    "bare_tool": Text("裸用 @tool：Args 段被静默丢弃", "Bare @tool: the Args section is silently dropped"),
    "raising_tool": Text("工具抛异常，整个循环跟着炸", "A tool raises, and the whole loop blows up"),
    "relative_date": Text("模型把「明天」原样传给 date", "The model passes “tomorrow” straight into date"),
    "fake_list_chat_model": Text(
        "自带的 FakeListChatModel 跑不了工具通路",
        "The stock FakeListChatModel cannot do tool calling",
    ),
    "copying_bind_tools": Text(
        "bind_tools 返回副本，脚本被打回第一条",
        "bind_tools returns a copy and the script restarts",
    ),
    "no_guard": Text("没有护栏的循环是最贵的 bug", "A loop without a guard is the most expensive bug"),
    "tool_call_id": Text("tool_call_id 对不上，接口直接拒收", "A tool_call_id that matches nothing is rejected"),
}

# What happened on each side, by outcome key, filled in with the run's ``facts`` (tutor 6's, as TITLES).
OUTCOMES: dict[str, Text] = {
    "descriptions_lost": Text(
        "参数说明丢了 {lost} 条，模型只看到参数名和类型，且不会报任何错。",
        "{lost} parameter descriptions are gone; the model sees only names and types, and nothing errors.",
    ),
    "descriptions_kept": Text(
        "每个参数都带着说明，格式要求（YYYY-MM-DD）进了 schema。",
        "Every parameter carries its description; the format rule (YYYY-MM-DD) is in the schema.",
    ),
    "loop_crashed": Text(
        "run_react 直接崩溃；run_manual 靠 try/except 兜住了这一步。",
        "run_react crashes; run_manual's try/except contains the step.",
    ),
    "error_as_text": Text(
        "工具把错误说成一句话，循环照常走完，模型如实回答。",
        "The tool turns the error into a sentence; the loop finishes and the model answers honestly.",
    ),
    "confident_wrong_answer": Text(
        "工具查了字符串「明天」，说没课；模型据此回答——答案错了，但没有任何报错。",
        "The tool looked up the string “tomorrow” and said no class; the model repeated it: "
        "wrong, and nothing errored.",
    ),
    "asks_for_the_date": Text(
        "工具回了格式提示，模型老实承认不知道「明天」是几号，请学生给日期。",
        "The tool replied with the format rule; the model admits it cannot tell the date and asks for one.",
    ),
    "bind_tools_not_implemented": Text(
        "第一步 bind_tools 就抛 NotImplementedError，循环根本没开始。",
        "bind_tools raises NotImplementedError at the first line; the loop never starts.",
    ),
    "scripted_fake_runs": Text(
        "脚本假模型绑定了三个工具，跑完两步，还存下了每次请求。",
        "The scripted fake bound the three tools, ran both steps, and kept every request.",
    ),
    "script_restarts": Text(
        "每一步都拿到脚本第一条，永远走不到回答；手里那个对象一条请求都没记下。",
        "Every step gets the first scripted reply and never reaches the answer; "
        "the object you hold recorded no request.",
    ),
    "script_advances": Text(
        "bind_tools 返回 self：脚本按顺序推进，请求都记在同一个对象上。",
        "bind_tools returns self: the script advances in order and requests are kept on the same object.",
    ),
    "runs_until_hard_cap": Text(
        "同一个错误调用跑了 {tool_runs} 次，模型被调用 {model_calls} 次，只因为课程设了硬上限才停。",
        "The same bad call ran {tool_runs} times over {model_calls} model calls; "
        "only the lesson's hard cap stopped it.",
    ),
    "guard_stops": Text(
        "工具只跑了 {tool_runs} 次，模型被调用 {model_calls} 次就收工。",
        "The tool ran {tool_runs} time(s) and the run ended after {model_calls} model calls.",
    ),
    "id_mismatch_rejected": Text(
        "第二次请求被内置接口以 400 拒收：AIMessage 里的调用没有 id，补出来的 id 只写在了 tool 消息上，两边对不上。",
        "The second request is rejected by the built-in endpoint with a 400: the call on the AIMessage has no id, "
        "and the id made up for the tool message matches nothing.",
    ),
    "ids_match": Text(
        "同一个 id 写在调用和结果两边，第二次请求 200，模型正常回答。",
        "The same id on the call and on its result: the second request returns 200 and the model answers.",
    ),
}

# What each artifact key means (tutor 6's, as TITLES).
LABELS: dict[str, Text] = {
    "openai_tool": Text("发给模型的工具 schema", "The tool schema the model gets"),
    "lost": Text("丢掉的参数说明", "Parameter descriptions lost"),
    "run": Text("这一轮运行", "The run"),
    "manual_with_try_except": Text("同一个工具放进 run_manual", "The same tool inside run_manual"),
    "date_schema": Text("date 参数的 schema", "The schema of date"),
    "exception": Text("真实异常", "The real exception"),
    "raised_in": Text("抛出位置", "Raised in"),
    "bound_tools": Text("绑定的工具", "Tools bound"),
    "requests_recorded": Text("记下的请求数", "Requests recorded"),
    "rebinding_loop": Text("每步重新 bind_tools 的循环", "A loop that re-binds every step"),
    "manual_answer": Text("run_manual 的回答", "run_manual's answer"),
    "requests_recorded_on_held_object": Text("手里那个对象记下的请求数", "Requests recorded on the object you hold"),
    "model_calls": Text("模型调用", "Model calls"),
    "tool_runs": Text("工具真实执行", "Tool runs"),
    "prompt_chars": Text("发送字符数（≈token）", "Characters sent (≈ tokens)"),
    "reached_hard_limit": Text("撞上课程硬上限", "Hit the lesson's hard cap"),
    "answer": Text("回答", "Answer"),
    "result": Text("这一轮运行", "The run"),
    "status_codes": Text("每次请求的 HTTP 状态码", "HTTP status of each request"),
    "last_request_messages": Text("最后一次请求的 messages", "Messages of the last request"),
    "last_response_body": Text("最后一次响应体", "Body of the last response"),
}

# Why a run stopped (the agent's STOP_* keys), in words.
STOP_REASONS: dict[str, Text] = {
    STOP_FINAL: Text("模型不再要工具，给出了最终回答", "the model asked for no more tools and answered"),
    STOP_MAX_STEPS: Text("步数用完，护栏强制收工", "the step budget ran out; the guard stopped the run"),
    STOP_REPEAT: Text(
        "模型被提醒后仍原样重复调用，护栏叫停",
        "the model repeated a call after being warned; the guard stopped it",
    ),
}


def edition() -> str:
    """Which edition of 小E the page runs: English on an English page, unless the learner asked for the original."""
    if not english():
        return "zh"
    return "zh" if st.query_params.get(ORIGINAL_PARAM) == "1" else "en"


def questions() -> list[str]:
    """The article's three questions in the page's edition."""
    return [question(edition()) for question in QUESTIONS]


# ---------------------------------------------------------------- page frame
def lesson_intro(n: int) -> None:
    """Links along the course, the title, the framing above the artifact (the rest folded), the edition switch.

    The md file's ``# heading`` becomes the page title; its first part, the framing, is drawn
    under it (:func:`pages._ui.framing.opening`), the rest waits one click away.
    """
    spec = numbered("tutor", n)
    page_links(spec.path, at_top=True)
    first = lesson_text(spec.lesson, lang()).partition("\n")[0]
    st.title(first[2:].strip() if first.startswith("# ") else T("小E 助教", "The 小E tutor"))
    opening(spec)
    if english():
        with controls():  # folded on a projector
            original = st.toggle(
                "Run the article's Chinese original instead (小E as the article wrote it)",
                value=edition() == "zh",
                key="tutor::original",
                help="The tools, data, questions and answers in Chinese, exactly as the article has them.",
            )
        if original != (edition() == "zh"):
            if original:
                st.query_params[ORIGINAL_PARAM] = "1"
            else:
                del st.query_params[ORIGINAL_PARAM]
            st.rerun()


def tutor_live_run(key: str, *, highlight: str, extra: Sequence[str] = ()) -> Any:
    """The right column: ask 小E anything, with the article's questions one click away.

    Args:
        key: the panel's unique session-state namespace.
        highlight: the stage this lesson is about (opened and marked in the timeline).
        extra: more example questions after the article's three.
    """
    with st.container(border=True):
        st.subheader(T("现场问小E", "Ask 小E live"), anchor=False)
        # the lesson's artifact is in the left column: the live tutor waits one tab away, so this column adds a
        # few lines to the page, not a whole run (issue 22: five screens at most before the exercises)
        about, ask = st.tabs([T("这是什么", "What this is"), T("提问，看每一步", "Ask, and see each step")])
        about.caption(
            T(
                "同样的三个工具、同样的系统提示词，跑在 LangGraph 带追踪的 Agent 上；每一步的原始产物都能展开看。",
                "The same three tools and system prompt, run by the traced LangGraph agent; open any step to see "
                "its raw artifacts.",
            )
        )
        ed = edition()
        with ask:
            with st.expander(T("系统提示词", "System prompt")):
                st.code(system_prompt(ed), language="text", wrap_lines=True)
            return live_run_panel(
                key=key if ed == "zh" else f"{key}-en",
                tools_factory=functools.partial(build_tools, lang=ed),
                system=system_prompt(ed),
                highlight=highlight,
                examples=[*questions(), *extra],
            )


def run_cached(fn: Callable[..., Any], *args: Any) -> Any:
    """Call a page's cached lesson loader under a spinner (instant on a cache hit)."""
    return loading(fn, *args, what=Text("正在运行标本……", "Running the specimen…"))


# ---------------------------------------------------------------- code and records
def call_text(call: dict[str, Any]) -> str:
    """``get_schedule(student_id='S1001', date='2026-07-25')``."""
    return render_call(str(call.get("name")), call.get("args") or {})


def stop_reason_text(reason: str) -> str:
    """Why a run stopped, in the session's language (the key itself when it has no words)."""
    return STOP_REASONS.get(reason, Text(reason, reason))(lang())


def stop_badge(summary: dict[str, Any]) -> None:
    """A badge saying why a run stopped (green for an answer, orange for a guard), then why in words."""
    reason = str(summary.get("stop_reason"))
    color, icon = ("green", ":material/check_circle:") if reason == STOP_FINAL else ("orange", ":material/front_hand:")
    st.markdown(f":{color}-badge[{icon} stop_reason = {reason}] {stop_reason_text(reason)}")


def render_steps(summary: dict[str, Any]) -> None:
    """Each step of a run: the calls the model made and what came back for each."""
    if not summary.get("steps"):
        st.caption(T("模型没有调用任何工具。", "The model called no tool."))
    for step in summary.get("steps", []):
        st.markdown(
            T(
                f"**第 {step['index']} 步** · {len(step['tool_calls'])} 个调用",
                f"**Step {step['index']}** · {len(step['tool_calls'])} call(s)",
            )
        )
        for call, observation in zip(step["tool_calls"], step["observations"], strict=True):
            st.code(f"{call_text(call)}   # id={call.get('id')}", language="python")
            st.code(observation, language="text", wrap_lines=True)


def lost_badge(item: dict[str, str]) -> None:
    """One parameter description a bare ``@tool`` dropped: ``{"parameter", "description"}``."""
    st.markdown(
        f":red-badge[:material/remove_circle: {T('丢失', 'lost')}] `{item['parameter']}` — {item['description']}"
    )


def render_answer(text: str | None) -> None:
    """The final text the student reads."""
    with st.chat_message("assistant", avatar=":material/school:"):
        st.text(text if text is not None else "—")


def render_result(summary: dict[str, Any], *, steps: bool = True) -> None:
    """One run record (``result_summary``): stop reason, answer, steps."""
    stop_badge(summary)
    render_answer(summary.get("answer"))
    if steps:
        render_steps(summary)
