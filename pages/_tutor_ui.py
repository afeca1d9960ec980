"""Shared pieces of the six 小E tutor pages: intro, layout, live run, source, run records.

Only pages import this module (it imports Streamlit). Everything shown comes from
:mod:`lessons.tutor.lessons`; the cached loaders below only call those pure functions
and keep their plain-data results per language / per input, so a rerun is instant.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from lessons.content import lesson_text
from pages._ui import T, lang, live_run_panel, show_error, source, tr  # noqa: F401
from pages._ui import lesson_columns as columns  # noqa: F401
from pages._ui import loading as _loading
from pages.registry import in_section

# shared with the stage and graph pages; re-exported under the names the tutor pages use

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


def questions() -> list[str]:
    """The article's three questions in the session's language."""
    return list(QUESTIONS["en" if lang() == "en" else "zh"])


# ---------------------------------------------------------------- page frame
def lesson_intro(n: int) -> None:
    """Title and prose of lesson ``n``: the md file's ``# heading`` becomes the page title."""
    text = lesson_text(in_section("tutor")[n - 1].lesson, lang())
    first, _, rest = text.partition("\n")
    if first.startswith("# "):
        st.title(first[2:].strip())
        st.markdown(rest.strip())
    else:  # no heading in the file: keep it all as prose
        st.title(T("小E 助教", "The 小E tutor"))
        st.markdown(text)


def tutor_live_run(key: str, *, highlight: str, extra: Sequence[str] = ()) -> Any:
    """The right column: ask 小E anything, with the article's questions one click away.

    Args:
        key: the panel's unique session-state namespace.
        highlight: the stage this lesson is about (opened and marked in the timeline).
        extra: more example questions after the article's three.
    """
    from lessons.tutor.agent import SYSTEM_PROMPT
    from lessons.tutor.tools import build_tools

    with st.container(border=True):
        st.subheader(T("现场问小E", "Ask 小E live"), anchor=False)
        st.caption(
            T(
                "同样的三个工具、同样的系统提示词，跑在 LangGraph 带追踪的 Agent 上；每一步的原始产物都能展开看。",
                "The same three tools and system prompt, run by the traced LangGraph agent; open any step to see "
                "its raw artifacts.",
            )
        )
        with st.expander(T("系统提示词", "System prompt")):
            st.code(SYSTEM_PROMPT, language="text", wrap_lines=True)
        return live_run_panel(
            key=key,
            tools_factory=build_tools,
            system=SYSTEM_PROMPT,
            highlight=highlight,
            examples=[*questions(), *extra],
        )


# ---------------------------------------------------------------- code and records
def call_text(call: dict[str, Any]) -> str:
    """``get_schedule(student_id='S1001', date='2026-07-25')``."""
    from toolcall_lab.stages.kwargs import render_call

    return render_call(str(call.get("name")), call.get("args") or {})


def stop_badge(summary: dict[str, Any]) -> None:
    """A badge saying why a run stopped (green for an answer, orange for a guard), then why in words."""
    final = summary.get("stop_reason") == "final"
    color, icon = ("green", ":material/check_circle:") if final else ("orange", ":material/front_hand:")
    st.markdown(f":{color}-badge[{icon} stop_reason = {summary.get('stop_reason')}] {tr(summary['stop_reason_text'])}")


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
        for call, observation in zip(step["tool_calls"], step["observations"]):
            st.code(f"{call_text(call)}   # id={call.get('id')}", language="python", wrap_lines=True)
            st.code(observation, language="text", wrap_lines=True)


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


# ---------------------------------------------------------------- cached lesson data
@st.cache_data(show_spinner=False, max_entries=8)
def lesson1_builtin(language: str) -> dict[str, Any]:
    """Lesson 1 over the built-in model: question two in ``language``."""
    from lessons.tutor.lessons import lesson1_four_steps
    from toolcall_lab.llm import build_chat_model

    return lesson1_four_steps(build_chat_model(), QUESTIONS[language][1])


@st.cache_data(show_spinner=False, max_entries=4)
def lesson2_builtin() -> dict[str, Any]:
    """Lesson 2 over the built-in model, on the article's own 下周三 question."""
    from lessons.tutor.lessons import lesson2_tools_for_programs
    from toolcall_lab.llm import build_chat_model

    return lesson2_tools_for_programs(build_chat_model())


@st.cache_data(show_spinner=False, max_entries=4)
def lesson3_data() -> dict[str, Any]:
    from lessons.tutor.lessons import lesson3_registry

    return lesson3_registry()


@st.cache_data(show_spinner=False, max_entries=32)
def lesson4_data(max_steps: int, hard_limit: int) -> dict[str, Any]:
    from lessons.tutor.lessons import lesson4_loop_guard

    return lesson4_loop_guard(max_steps=max_steps, hard_limit=hard_limit)


@st.cache_data(show_spinner=False, max_entries=4)
def lesson5_data() -> dict[str, Any]:
    import warnings

    from lessons.tutor.lessons import lesson5_manual_vs_react

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # captured on purpose by react_deprecation_warning
        return lesson5_manual_vs_react()


@st.cache_data(show_spinner=False, max_entries=2)
def react_graph_plain() -> str:
    """The prebuilt agent's graph as ``draw_mermaid(with_styles=False)``.

    The styled text carries HTML labels (``<p>``, ``<hr/>``) that Streamlit's Mermaid
    renderer shows as literal text; the plain drawing has the same nodes and edges,
    from the same compiled graph.
    """
    from lessons.tutor.lessons import react_graph_mermaid

    return react_graph_mermaid(with_styles=False)


@st.cache_data(show_spinner=False, max_entries=16)
def pitfall_data(n: int, broken: bool) -> dict[str, Any]:
    import warnings

    from lessons.tutor.lessons import PITFALLS

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return PITFALLS[n](broken)


def loading(fn: Callable[..., Any], *args: Any) -> Any:
    """Call a cached loader under a spinner (instant on a cache hit)."""
    return _loading(fn, *args, what=("正在运行标本……", "Running the specimen…"))
