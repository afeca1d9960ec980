"""The frame of the eight chain pages: heading, lesson, Previous / Next, the shared live run.

Only pages import this module (it imports Streamlit). Every artifact the pages show comes
from :mod:`toolcall_lab.stages`; the helpers here only frame it:

* :func:`header`, :func:`footer` — title and question (from ``pages/registry.py``), the
  lesson's framing with the rest of the lesson folded below it (:func:`pages._ui.framing.opening`),
  Previous / Next (:func:`pages._ui.frame.page_links`, re-exported here as ``page_links``);
* :func:`chain_live_run` — the one live run shared by all eight pages (session key
  ``trace::chain``), in the learner's language (the lab's weather tool is built with
  ``lang=``), opening AT the page's stage: that stage's artifact of the run comes first
  (:func:`show_stage_excerpt`), the question and the whole timeline one tab away;
* :func:`core_source` — a stage's narrated core (:mod:`toolcall_lab.stages.core`), the
  few real lines the machinery calls, shown before the machinery's full source
  (:func:`code_step`: the core and the machinery, a page's last step);
* :func:`stage_steps` — a stage's steps, kept in the link (``?step=N``);
* :data:`TOOL_SOURCE` (page ①'s function, edited on pages ① and ③, with
  :func:`docstring_switch`), :data:`MODEL_SOURCE` (page ②'s argument model) and
  :func:`question_line` — the kept inputs several pages or steps share.

The widgets kept in the link are in ``pages/_ui/chain_widgets.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st
from langchain_core.tools import BaseTool

from lessons.chain.examples import SYSTEM_PROMPT as CHAIN_SYSTEM_PROMPT
from lessons.chain.examples import model_sources, tool_sources
from pages._ui import T, lang, show_error, source
from pages._ui import chain_widgets as sw
from pages._ui.frame import page_links, steps
from pages._ui.framing import opening
from pages._ui.live_run import live_run_panel, run_question, shared_tools
from pages.registry import chain_page, in_section, numbered
from toolcall_lab.errors import ExplainedError
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages.args_model import default_model_source
from toolcall_lab.stages.round_trip import RoundTrip, round_trip_from_trace
from toolcall_lab.stages.run_excerpt import stage_excerpt
from toolcall_lab.stages.tables import caret_excerpt
from toolcall_lab.stages.tool_source import default_source, parse_tool_source
from toolcall_lab.stages.weather_data import build_weather_tool

#: The page file of each stage, in chain order, read from ``pages/registry.py``.
PAGES: tuple[str, ...] = tuple(spec.path for spec in in_section("chain"))
CIRCLED = "①②③④⑤⑥⑦⑧"


# ---------------------------------------------------------------- page frame
def stage_title(n: int) -> str:
    """``① @tool：函数变成工具`` in the session's language."""
    spec = numbered("chain", n)
    return f"{CIRCLED[n - 1]} {(spec.heading or spec.title)(lang())}"


def stage_question(stage_key: str) -> str:
    """The one question a chain stage answers, in the session's language."""
    spec = chain_page(stage_key)
    return spec.question(lang()) if spec.question else ""


def header(n: int) -> None:
    """Previous / Next, the title, the stage's question, then the framing above the artifact (the rest folded)."""
    spec = numbered("chain", n)
    page_links(spec.path, at_top=True)
    st.title(stage_title(n), anchor=False)
    st.caption(T("这一步回答的问题：", "The question this stage answers: ") + stage_question(spec.stage or ""))
    opening(spec)


def footer(n: int) -> None:
    st.divider()
    page_links(numbered("chain", n).path)


def mark(ok: bool) -> str:
    return "✓" if ok else "✗"


def core_source(core: Callable[..., Any], what: str) -> None:
    """The stage's narrated core, open: the real lines the machinery below calls (``what`` they do, worded)."""
    source(core, T("核心几行：", "The lines that matter: ") + what, expanded=True)


def code_step(core: Callable[..., Any], what: str, *machinery: tuple[Any, str]) -> None:
    """A stage's step "the code behind it": the narrated core, then each (object, label)'s source."""
    core_source(core, what)
    for obj, label in machinery:
        source(obj, label)


def point_at(text: str, err: ExplainedError) -> None:
    """Under an error with a ``line`` / ``col`` in its data, show that line of ``text`` with a caret."""
    excerpt = caret_excerpt(text, err.data)
    if excerpt is not None:
        st.code(excerpt, language="text")


def stage_steps(n: int, labels: Sequence[str], *, default: int = 1) -> int:
    """Stage ``n``'s steps (:func:`pages._ui.frame.steps`, widget key ``stage<n>``); return the step shown."""
    return steps(f"stage{n}", labels, page_url_path=numbered("chain", n).url_path, default=default)


# ---------------------------------------------------------------- inputs kept in the link, shared by pages and steps
#: Page ①'s function; page ③ binds the same text (one widget key, one link parameter).
TOOL_SOURCE = sw.SourceEditor(
    "stage_tool_src", "src", Text("函数源码", "Function source"), default_source, tool_sources
)
_MODEL_LABEL = Text("参数模型（Pydantic，只解析不执行）", "Argument model (Pydantic, parsed, never run)")
#: Page ②'s argument model (Pydantic source, parsed, never run).
MODEL_SOURCE = sw.SourceEditor(
    "stage_model_src", "model", _MODEL_LABEL, default_model_source, model_sources, height=380
)
_DOCSTRING_KEY = "stage_tool_pd"


def docstring_switch(help: str) -> bool:
    """The ``parse_docstring=True`` switch of :data:`TOOL_SOURCE` (pages ① and ③), kept in the link as ``pd``."""
    return sw.toggle(_DOCSTRING_KEY, label="parse_docstring=True", default=False, param="pd", help=help)


def peek_docstring_switch() -> bool:
    """:func:`docstring_switch` on a step that does not draw it."""
    return sw.peek_flag(_DOCSTRING_KEY, default=False, param="pd")


def tool_from_page_one() -> BaseTool | None:
    """The function of page ①'s editor, built again here (``None``, explained, when it does not build)."""
    text = st.session_state.get(f"stage_value::{TOOL_SOURCE.key}", TOOL_SOURCE.default())
    if text in TOOL_SOURCE.aliases:  # untouched: the default of this language
        text = TOOL_SOURCE.default()
    use_pd = st.session_state.get(f"stage_value::{_DOCSTRING_KEY}", False)
    result = parse_tool_source(text, parse_docstring=True if use_pd else None)
    if isinstance(result, ExplainedError):
        show_error(result)
        st.page_link(
            numbered("chain", 1).path,
            label=T("回到第 ① 页修改函数", "Back to page ① to fix the function"),
            icon=":material/edit:",
        )
        return None
    with st.expander(T("第 ① 页的源码", "The source from page ①"), icon=":material/code:"):
        st.code(text, language="python")
    return result.tool


# ---------------------------------------------------------------- the shared live run
CHAIN_KEY = "chain"
TRACE_KEY = f"trace::{CHAIN_KEY}"
_TOOLS_LANG = f"tools::{CHAIN_KEY}::lang"
#: The shared run's example questions; the first is the run a cold page opens on.
EXAMPLES: tuple[Text, ...] = (
    Text("曼谷天气怎么样？", "What's the weather in Bangkok?"),
    Text("北京天气，顺便看看上海", "Weather in Beijing, and also Shanghai"),
    Text("FakeCity 的天气", "What's the weather in FakeCity?"),
    Text("你好", "Hello"),
)
DEFAULT_QUESTION = EXAMPLES[0]
#: The default question in every language: an untouched question line follows the language switch.
_DEFAULT_ALIASES = (DEFAULT_QUESTION.zh, DEFAULT_QUESTION.en)


#: The shared run's system prompt (page ⑧'s exercise runs with it too).
SYSTEM_PROMPT = CHAIN_SYSTEM_PROMPT


def weather_tools(language: str | None = None) -> list[Any]:
    """The tools of the shared run: the lab's ``get_weather``, in ``language`` (default: the learner's)."""
    return [build_weather_tool(lang=language or lang())]


def system_prompt(language: str | None = None) -> str:
    return SYSTEM_PROMPT(language or lang())


def default_question() -> str:
    return DEFAULT_QUESTION(lang())


def examples() -> list[str]:
    return [question(lang()) for question in EXAMPLES]


def question_line(key: str, label: str, *, param: str) -> str:
    """A question kept in the link; untouched, it is the shared run's first example in the learner's language."""
    return sw.line(key, label=label, default=default_question(), param=param, aliases=_DEFAULT_ALIASES)


def peek_question(key: str, *, param: str) -> str:
    """:func:`question_line` on a step that does not draw it."""
    return str(sw.peek(key, default=default_question(), param=param, aliases=_DEFAULT_ALIASES))


def _follow_language() -> None:
    """After a language switch: redo an untouched example run in the new language (the tools follow ``lang()``).

    A question the learner typed stays (it is their run); an example run in the old language
    is dropped, so the panel opens on the same example in the new one.
    """
    here = lang()
    if st.session_state.get(_TOOLS_LANG) == here:
        return
    st.session_state[_TOOLS_LANG] = here
    trace = st.session_state.get(TRACE_KEY)
    every = {q for example in EXAMPLES for q in (example.zh, example.en)}
    if trace is not None and getattr(trace, "lang", here) != here and trace.question in every:
        del st.session_state[TRACE_KEY]
        st.session_state.pop(f"{CHAIN_KEY}::last_pick", None)


def chain_live_run(highlight: str, *, before: Callable[[Any], None] | None = None, mark_artifact: bool = True) -> Any:
    """The right column: the one run shared by the eight pages, opened at this page's stage.

    Args:
        highlight: this page's stage key (``toolcall_lab.stages.catalog``; ``"tool"`` for ①).
        before: draws something above the timeline from the run; by default this stage's
            artifact of the run (:func:`show_stage_excerpt`). Called after the panel ran,
            so it sees a new run.
        mark_artifact: mark that excerpt as the page's artifact (``st.container(key="artifact")``,
            what the first-screen test looks for). A page whose own artifact sits in its left
            column passes ``False``: the key must be unique on the page. The run's excerpt is then the
            same kind of artifact as the page's own, so a JSON excerpt folds under its title, one click
            away (issue 22: each artifact once per page).

    Returns:
        The shared trace (a cold page runs its first example itself, on the built-in model).
    """
    _follow_language()
    with st.container(border=True, key=f"chain-live-run-{highlight}"):
        st.subheader(T("实时运行（八页共用）", "Live run (shared by all eight pages)"), anchor=False)
        st.caption(
            T(
                "同一次运行，在每一页都从这一页的阶段看起；提问和完整时间线在第二个标签页。",
                "One run, opened at this page's stage on every page; ask and see the whole timeline in the next tab.",
            )
        )
        # this stage's artifact of the run first; the whole run (ask, answer, steps, wire) one click away in the
        # next tab, so the column is as tall as the excerpt (issue 22: each artifact once, five screens at most)
        whole_run = T("整次运行：提问、回答、每一步", "The whole run: ask, answer, steps")
        here, whole = st.tabs([T("这一阶段", "This stage"), whole_run])
        slot = here.container(key="artifact") if mark_artifact else here.container()
        with whole:
            trace = live_run_panel(
                key=CHAIN_KEY,
                tools_factory=weather_tools,
                system=system_prompt(),
                highlight=highlight,
                examples=examples(),
            )
        with slot:
            if before is not None:
                before(trace)
            else:
                show_stage_excerpt(trace, highlight, folded=not mark_artifact)
        return trace


#: What each excerpt is, as the page says it.
_EXCERPT_TITLES = {
    "tools": Text(
        "**这次运行里，模型收到的工具说明**（第一次请求体里的 `tools`）",
        "**In this run, the tool as the model received it** (`tools` in the first request body)",
    ),
    "request_body": Text(
        "**这次运行的第一个请求体**（`ChatOpenAI` 真正发出的）",
        "**This run's first request body** (as `ChatOpenAI` really sent it)",
    ),
    "tool_calls": Text(
        "**这次运行里模型的调用意图**（`AIMessage.tool_calls`）",
        "**In this run, the model's request to call** (`AIMessage.tool_calls`)",
    ),
    "arguments": Text(
        "**这次运行的 arguments**：原始字符串 → json.loads → Pydantic",
        "**This run's arguments**: the raw string → json.loads → Pydantic",
    ),
    "call": Text("**这次运行里函数实际被怎样调用**", "**In this run, the call the function received**"),
    "tool_message": Text("**这次运行送回模型的 ToolMessage**", "**In this run, the ToolMessage sent back**"),
    "second_request": Text(
        "**这次运行的第二次请求**（`messages`）",
        "**This run's second request** (`messages`)",
    ),
}


def show_stage_excerpt(trace: Any, stage: str, *, folded: bool = False) -> None:
    """The shared run at ``stage``: the one artifact this page is about, before the whole timeline.

    ``folded`` keeps a JSON excerpt one click away under its title (the page already shows its own).
    """
    excerpt = stage_excerpt(trace, stage)
    with st.container(border=True, key=f"chain-excerpt-{stage}"):
        if excerpt is None:
            st.caption(
                T(
                    "这次运行没有走到这一阶段（比如模型直接回答了）。在下面换一个问题试试。",
                    "This run did not reach this stage (the model may have answered directly). "
                    "Try another question below.",
                )
                if trace is not None
                else T(
                    "在下面提一个问题：这次运行在这一阶段的真实产物会出现在这里。",
                    "Ask a question below: the real artifact of this stage in that run appears here.",
                )
            )
            return
        st.markdown(_EXCERPT_TITLES[excerpt.what](lang()))
        if excerpt.language == "python":
            st.code(excerpt.value, language="python")
        elif folded:
            said = T(
                "打开看这次运行里的这一份（和本页自己的是同一种产物，来自共用的实时运行）",
                "Open this run's copy (the same kind of artifact as the page's own, from the shared live run)",
            )
            with st.expander(said, icon=":material/data_object:"):
                st.code(json_text(excerpt.value), language="json")
        else:  # a scrolling container, not st.code(height=): the keyboard can reach and scroll it
            with st.container(height=340, border=False):
                st.code(json_text(excerpt.value), language="json")


def show_run_tool_schema(trace: Any) -> None:
    """Pages 1–2: the tool as the model received it in the shared run's first request."""
    show_stage_excerpt(trace, "schema")


def ensure_chain_run(*, auto: bool) -> Any:
    """The shared run; with ``auto`` and none yet, run the default question into it."""
    _follow_language()
    trace = st.session_state.get(TRACE_KEY)
    if trace is None and auto:
        here = lang()  # the panel's own tool set, so the panel's compiled agent serves this run too
        trace = run_question(default_question(), lambda: shared_tools(CHAIN_KEY, here, weather_tools), system_prompt())
        st.session_state[TRACE_KEY] = trace
    return trace


def shared_round_trip() -> RoundTrip | None:
    """The shared run as a ``RoundTrip`` for the step-through (``None`` before the first run)."""
    trace = st.session_state.get(TRACE_KEY)
    return None if trace is None else round_trip_from_trace(trace)
