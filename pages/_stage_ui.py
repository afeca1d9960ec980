"""The frame of the eight chain pages: heading, lesson, Previous / Next, the shared live run.

Only pages import this module (it imports Streamlit). Every artifact the pages show comes
from :mod:`toolcall_lab.stages`; the helpers here only frame it:

* :func:`header`, :func:`lesson`, :func:`footer` — title and question (from
  ``pages/registry.py``), the lesson prose, Previous / Next (:func:`page_links`);
* :func:`chain_live_run` — the one live run shared by all eight pages (session key
  ``trace::chain``), highlighted at the page's stage;
* :func:`core_source` — a stage's narrated core (:mod:`toolcall_lab.stages.core`), the
  few real lines the machinery calls, shown before the machinery's full source.

The widgets kept in the link are in ``pages/_stage_widgets.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st
from langchain_core.tools import BaseTool

from lessons.content import lesson_text
from pages._ui import T, lang, live_run_panel, run_question, show_error, source
from pages.registry import chain_page, in_section, neighbours
from toolcall_lab.errors import ExplainedError
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages.round_trip import RoundTrip, round_trip_from_trace, tools_on_wire
from toolcall_lab.stages.tables import caret_excerpt
from toolcall_lab.stages.tool_source import DEFAULT_SOURCE, parse_tool_source
from toolcall_lab.stages.weather_data import build_weather_tool

#: The page file of each stage, in chain order, read from ``pages/registry.py``.
PAGES: tuple[str, ...] = tuple(spec.path for spec in in_section("chain"))
CIRCLED = "①②③④⑤⑥⑦⑧"


# ---------------------------------------------------------------- page frame
def stage_title(n: int) -> str:
    """``① @tool：函数变成工具`` in the session's language."""
    spec = in_section("chain")[n - 1]
    return f"{CIRCLED[n - 1]} {T(spec.heading_zh, spec.heading_en)}"


def stage_question(stage_key: str) -> str:
    """The one question a chain stage answers, in the session's language."""
    spec = chain_page(stage_key)
    return T(spec.question_zh, spec.question_en)


def page_links(path: str) -> None:
    """Previous / next links of the page at ``path``, in course order, keeping the language."""
    left, _, right = st.columns([2, 3, 2])
    query = {"lang": lang()}
    before, after = neighbours(path)
    if before is not None:
        left.page_link(
            before.path,
            label=T("上一步：", "Previous: ") + T(before.zh, before.en),
            icon=":material/arrow_back:",
            query_params=query,
        )
    if after is not None:
        right.page_link(
            after.path,
            label=T("下一步：", "Next: ") + T(after.zh, after.en),
            icon=":material/arrow_forward:",
            query_params=query,
        )


def header(n: int) -> None:
    """Previous / Next, the title and the stage's question."""
    page_links(PAGES[n - 1])
    st.title(stage_title(n), anchor=False)
    st.caption(
        T("这一步回答的问题：", "The question this stage answers: ")
        + stage_question(in_section("chain")[n - 1].stage or "")
    )


def lesson(n: int, *, expanded: bool = True) -> None:
    """The lesson prose of stage ``n`` (``lessons/content/stage_<n>_*.<lang>.md``)."""
    with st.expander(T("课文", "The lesson"), expanded=expanded, icon=":material/menu_book:"):
        st.markdown(lesson_text(in_section("chain")[n - 1].lesson, lang()))


def footer(n: int) -> None:
    st.divider()
    page_links(PAGES[n - 1])


def mark(ok: bool) -> str:
    return "✓" if ok else "✗"


def core_source(core: Callable[..., Any], what: tuple[str, str]) -> None:
    """The stage's narrated core, open: the real lines the machinery below calls."""
    source(core, T(f"核心几行：{what[0]}", f"The lines that matter: {what[1]}"), expanded=True)


def point_at(text: str, err: ExplainedError) -> None:
    """Under an error with a ``line`` / ``col`` in its data, show that line of ``text`` with a caret."""
    excerpt = caret_excerpt(text, err.data)
    if excerpt is not None:
        st.code(excerpt, language="text")


def tool_from_page_one() -> BaseTool | None:
    """The function of page ①'s editor, built again here (``None``, explained, when it does not build)."""
    text = st.session_state.get("stage_value::stage_tool_src", DEFAULT_SOURCE)
    use_pd = st.session_state.get("stage_value::stage_tool_pd", False)
    result = parse_tool_source(text, parse_docstring=True if use_pd else None)
    if isinstance(result, ExplainedError):
        show_error(result)
        st.page_link(
            PAGES[0], label=T("回到第 ① 页修改函数", "Back to page ① to fix the function"), icon=":material/edit:"
        )
        return None
    with st.expander(T("第 ① 页的源码", "The source from page ①"), icon=":material/code:"):
        st.code(text, language="python", wrap_lines=True)
    return result.tool


# ---------------------------------------------------------------- the shared live run
CHAIN_KEY = "chain"
TRACE_KEY = f"trace::{CHAIN_KEY}"
DEFAULT_QUESTIONS = ("曼谷天气怎么样？", "What's the weather in Bangkok?")


def weather_tools() -> list[Any]:
    """The tools of the shared run: the lab's ``get_weather``, in the learner's language."""
    return [build_weather_tool(lang=lang())]


def system_prompt() -> str:
    return T(
        "你是天气助手。需要天气数据时调用工具，只根据工具结果回答。",
        "You are a weather assistant. Call the tool for weather data and answer only from its result.",
    )


def default_question() -> str:
    return T(*DEFAULT_QUESTIONS)


def examples() -> list[str]:
    return [
        default_question(),
        T("北京天气，顺便看看上海", "Weather in Beijing, and also Shanghai"),
        T("FakeCity 的天气", "What's the weather in FakeCity?"),
        T("你好", "Hello"),
    ]


def chain_live_run(highlight: str, *, before: Callable[[Any], None] | None = None) -> Any:
    """The right column: the one run shared by the eight pages, marked at this page's stage.

    Args:
        highlight: this page's stage key from ``pages._ui.STAGES``.
        before: draws something above the timeline from the run (pages 1–2 show the tool
            schema the model received); called after the panel ran, so it sees a new run.

    Returns:
        The shared trace, or ``None`` before the first run.
    """
    with st.container(border=True):
        st.subheader(T("实时运行（八页共用一次运行）", "Live run (one run shared by all eight pages)"), anchor=False)
        st.caption(
            T(
                "在这里提问一次：走到链条的哪一页，这次运行就在哪一页展开到同一阶段，并做上标记。",
                "Ask once here: on every page of the chain, this same run opens at that page's stage, marked.",
            )
        )
        slot = st.container()
        trace = live_run_panel(
            key=CHAIN_KEY, tools_factory=weather_tools, system=system_prompt(), highlight=highlight, examples=examples()
        )
        if before is not None:
            with slot:
                before(trace)
        return trace


def show_run_tool_schema(trace: Any) -> None:
    """Pages 1–2: the tool as the model received it in the shared run's first request."""
    with st.container(border=True):
        st.markdown(
            T(
                "**这次运行里，模型收到的工具说明**（第一次请求体里的 `tools`）",
                "**In this run, the tool as the model received it** (`tools` in the first request body)",
            )
        )
        tools = tools_on_wire(trace)
        if tools is None:
            st.caption(
                T(
                    "还没有运行。在下面提一个问题，这里就会出现请求体里真实的 tools 数组。",
                    "No run yet. Ask a question below and the real tools array of the request body appears here.",
                )
            )
        else:
            st.code(json_text(tools), language="json", wrap_lines=True)


def ensure_chain_run(*, auto: bool) -> Any:
    """The shared run; with ``auto`` and none yet, run the default question into it."""
    trace = st.session_state.get(TRACE_KEY)
    if trace is None and auto:
        trace = run_question(default_question(), weather_tools, system_prompt())
        st.session_state[TRACE_KEY] = trace
    return trace


def shared_round_trip() -> RoundTrip | None:
    """The shared run as a ``RoundTrip`` for the step-through (``None`` before the first run)."""
    trace = st.session_state.get(TRACE_KEY)
    return None if trace is None else round_trip_from_trace(trace)
