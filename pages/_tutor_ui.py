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
from lessons.tutor.lesson_common import Check
from lessons.tutor.tools import build_tools
from pages._course import Verdict
from pages._frame import page_links
from pages._ui import T, lang, live_run_panel, loading
from pages.registry import in_section
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages.kwargs import render_call

#: The query parameter of the English page's switch to the article's Chinese original.
ORIGINAL_PARAM = "original"

# The article's three questions, as the student typed them, and the same in English
# (the built-in model understands both; the tools answer in Chinese either way).
QUESTIONS: dict[str, tuple[str, str, str]] = {
    "zh": (
        "accord 这个词在你们词表里是几级？考研考不考？",
        "我明天（2026-07-25）有什么课？顺便告诉我我现在学到哪了。",
        "下周三我有课吗？学号 S1001",
    ),
    "en": (
        "What level is accord on your word list? Is it in the kaoyan syllabus?",
        "What classes do I have tomorrow (2026-07-25)? And also, how far have I got?",
        "Do I have class next Wednesday? My id is S1001",
    ),
}

# The four steps of lesson1_four_steps, by key: (zh, en).
STEP_TITLES: dict[str, tuple[str, str]] = {
    "ask": ("① 程序把问题和工具清单一起发给模型", "① Your program sends the question with the tool list"),
    "intent": (
        "② 模型只回一行意图：想调哪个工具、传什么参数",
        "② The model only states an intent: which tool, which arguments",
    ),
    "act": (
        "③ 你的代码真的执行工具，结果包成 ToolMessage",
        "③ Your code really runs each tool and wraps the result in a ToolMessage",
    ),
    "answer": ("④ 再问一轮，模型看着结果组织回答", "④ Ask again: the model words its answer from the results"),
}

# Why a run stopped (the agent's STOP_* keys), in words: (zh, en).
STOP_REASONS: dict[str, tuple[str, str]] = {
    STOP_FINAL: ("模型不再要工具，给出了最终回答", "the model asked for no more tools and answered"),
    STOP_MAX_STEPS: ("步数用完，护栏强制收工", "the step budget ran out; the guard stopped the run"),
    STOP_REPEAT: (
        "模型被提醒后仍原样重复调用，护栏叫停",
        "the model repeated a call after being warned; the guard stopped it",
    ),
}


def edition() -> str:
    """Which edition of 小E the page runs: English on an English page, unless the learner asked for the original."""
    if lang() != "en":
        return "zh"
    return "zh" if st.query_params.get(ORIGINAL_PARAM) == "1" else "en"


def questions() -> list[str]:
    """The article's three questions in the page's edition."""
    return list(QUESTIONS[edition()])


# ---------------------------------------------------------------- page frame
def lesson_intro(n: int) -> None:
    """Links along the course, the title, one line, the edition switch; the prose folded below.

    The md file's ``# heading`` becomes the page title and its first sentence the line under
    it; the rest waits in "The lesson" so the artifact is on the first screen.
    """
    spec = in_section("tutor")[n - 1]
    page_links(spec.path)
    text = lesson_text(spec.lesson, lang())
    first, _, rest = text.partition("\n")
    title = first[2:].strip() if first.startswith("# ") else T("小E 助教", "The 小E tutor")
    prose = rest.strip() if first.startswith("# ") else text
    st.title(title)
    lead = prose.split("\n\n", 1)[0].replace("\n", " ")
    st.caption(lead.split(". ", 1)[0].rstrip(".") + "." if lang() == "en" else lead.split("。", 1)[0] + "。")
    if lang() == "en":
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
    with st.expander(T("本课讲解", "The lesson"), icon=":material/menu_book:"):
        st.markdown(prose)


def verdict(check: Check, right: str, wrong: str) -> Verdict:
    """A lesson's :class:`Check` as the course's :class:`Verdict`, the learner's own artifact quoted.

    ``right`` / ``wrong`` are the page's words; ``{got}`` and ``{expected}`` in them are filled
    with what the check computed (JSON for lists and dicts).
    """

    def text(value: Any) -> str:
        return value if isinstance(value, str) else json_text(value, indent=None)

    words = right if check.correct else wrong
    return Verdict(check.correct, words.format(got=text(check.got), expected=text(check.expected)), check.expected)


def tutor_live_run(key: str, *, highlight: str, extra: Sequence[str] = ()) -> Any:
    """The right column: ask 小E anything, with the article's questions one click away.

    Args:
        key: the panel's unique session-state namespace.
        highlight: the stage this lesson is about (opened and marked in the timeline).
        extra: more example questions after the article's three.
    """
    with st.container(border=True):
        st.subheader(T("现场问小E", "Ask 小E live"), anchor=False)
        st.caption(
            T(
                "同样的三个工具、同样的系统提示词，跑在 LangGraph 带追踪的 Agent 上；每一步的原始产物都能展开看。",
                "The same three tools and system prompt, run by the traced LangGraph agent; open any step to see "
                "its raw artifacts.",
            )
        )
        ed = edition()
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
    return loading(fn, *args, what=("正在运行标本……", "Running the specimen…"))


# ---------------------------------------------------------------- code and records
def call_text(call: dict[str, Any]) -> str:
    """``get_schedule(student_id='S1001', date='2026-07-25')``."""
    return render_call(str(call.get("name")), call.get("args") or {})


def stop_reason_text(reason: str) -> str:
    """Why a run stopped, in the session's language (the key itself when it has no words)."""
    return T(*STOP_REASONS.get(reason, (reason, reason)))


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
