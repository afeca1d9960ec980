"""Shared page helpers: language, settings, the chat model, errors, and small rendering helpers.

The live-run panel and its timeline are in ``pages/_live.py``.

Only pages and ``app.py`` import this module (it imports Streamlit). Heavy libraries
(langchain, langgraph) are imported inside functions and cached with
``st.cache_resource``, so a page that does not run an agent never loads them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import streamlit as st

from toolcall_lab.errors import ExplainedError
from toolcall_lab.i18n import normalize_lang
from toolcall_lab.settings import Settings, load_settings

ROUTER_MARK = "_routed_by_app"


# ---------------------------------------------------------------- routing guard
def ensure_router() -> None:
    """Make a deep link on a fresh server go through ``app.py``.

    Streamlit treats an app with a ``pages/`` folder as a legacy multipage app until the
    router calls ``st.navigation``; a first visit straight to ``/live_run`` would run the
    page file alone, without the shared sidebar. ``app.py`` marks the runs it routes;
    a page running without that mark flips Streamlit's flag and reruns, and the router
    then opens the same page.
    """
    if st.session_state.get(ROUTER_MARK) or st.session_state.get("_router_rerun_done"):
        return  # routed, or already redirected once in this session (never loop, never eat a click)
    from streamlit.runtime.pages_manager import PagesManager

    st.session_state["_router_rerun_done"] = True
    PagesManager.uses_pages_directory = False
    st.rerun()


# ---------------------------------------------------------------- language and settings
def lang() -> str:
    """The session's language: query parameter ``lang``, else the browser's locale.

    Every page calls this first (directly or through :func:`T`), so it also runs
    :func:`ensure_router`.
    """
    ensure_router()
    chosen = st.session_state.get("lang")  # one read: T() calls this ~90 times a run
    if chosen is None:
        locale = None
        try:
            locale = st.context.locale
        except Exception:
            locale = None
        chosen = st.session_state["lang"] = normalize_lang(st.query_params.get("lang") or locale)
    return str(chosen)


def T(zh: str, en: str) -> str:
    """Pick the text of the session's language."""
    return en if lang() == "en" else zh


@st.cache_resource(show_spinner=False)
def _base_settings() -> Settings:
    return load_settings()


def settings() -> Settings:
    """Environment / .env settings overlaid with what this session typed in the sidebar."""
    base = _base_settings()
    chosen = st.session_state.get("provider", base.provider)
    if chosen == "builtin":
        return base.with_overrides(provider="builtin")
    return base.with_overrides(
        provider="openai_compatible",
        llm_api_key=st.session_state.get("llm_api_key", ""),
        llm_base_url=st.session_state.get("llm_base_url", ""),
        llm_model_id=st.session_state.get("llm_model_id", ""),
    )


@st.cache_resource(show_spinner=False, max_entries=16)
def _chat_model(s: Settings) -> Any:
    from toolcall_lab.llm import build_chat_model

    return build_chat_model(s)


def chat_model(script: Sequence[dict[str, Any]] | None = None) -> Any:
    """The active chat model (cached per settings); a scripted built-in model is never cached."""
    if script is not None:
        from toolcall_lab.llm import build_chat_model

        return build_chat_model(None, script=script)
    return _chat_model(settings())


def model_label() -> str:
    from toolcall_lab.llm import model_label as label

    return label(settings(), lang())


# ---------------------------------------------------------------- errors
def show_error(err: ExplainedError | dict[str, Any] | None, *, warning: bool = False, expected: bool = False) -> None:
    """Render an explained error: stage, what happened, what to try, the real error text.

    ``None`` (no error) renders nothing, so a page can pass a result's ``error`` as it is.

    Args:
        err: the explained error (or its dict, or ``None``).
        warning: a yellow box instead of a red one (something went wrong, but the run went on).
        expected: the error is the lesson's demo, not a failure: a neutral box that says so first,
            so a deliberate 400 reads as "this is what we came to see", not as an alarm.
    """
    if err is None:
        return
    if isinstance(err, dict):
        err = ExplainedError.from_dict(err)
    title, hint = err.text(lang())
    if expected:
        st.info(
            f"**{T('预期之中：这正是本课要看的', 'Expected: this is the lesson')}** — {title}\n\n"
            f"{T('阶段', 'Stage')}: `{err.stage}` · {hint}",
            icon=":material/school:",
        )
    else:
        box = st.warning if warning else st.error
        box(f"**{T('阶段', 'Stage')}: `{err.stage}`** — {title}\n\n{T('可以试试', 'Try')}: {hint}")
    with st.expander(T("原始错误信息", "Raw error"), expanded=False):
        st.code(err.detail, language="text")
        if err.data is not None:
            st.json(err.data)


def inert(text: Any) -> str:
    """Escape markdown so learner / model text shows as typed (never as markup)."""
    out = str(text)
    for ch in "\\`*_{}[]<>()#+-.!|~$":
        out = out.replace(ch, "\\" + ch)
    return out


# ---------------------------------------------------------------- small helpers shared by the lesson pages
def tr(text: dict[str, str] | None) -> str:
    """The session language's entry of a ``{"zh", "en"}`` dict (``""`` for none)."""
    if not text:
        return ""
    return text["en" if lang() == "en" else "zh"]


def rows_table(rows: Sequence[Mapping[str, Any]]) -> None:
    """A small table of plain rows (text, numbers, booleans; the same type down each column).

    The rows go to ``st.dataframe`` as a pyarrow table: Streamlit serialises that as it is,
    where a list of dicts goes through pandas first (~1.5 ms a table, on every rerun of a
    timeline; a class of 60 asking at once pays it 60 times over).
    """
    import pyarrow as pa

    st.dataframe(pa.Table.from_pylist([dict(row) for row in rows]), hide_index=True, width="stretch")


def lesson_columns() -> tuple[Any, Any]:
    """The lesson layout: artifacts on the left, the live run on the right.

    The columns sit in a container keyed ``lesson-columns``; the lab's stylesheet
    (``pages/_frame.py``) stacks them when the right one would be narrower than ~420 px.
    """
    with st.container(key="lesson-columns"):
        left, right = st.columns([3, 2], gap="large")
    return left, right


def source(obj: Any, label: str | None = None, *, expanded: bool = False) -> None:
    """The real source of ``obj`` (``inspect.getsource``) in an expander."""
    import inspect

    name = getattr(obj, "__qualname__", getattr(obj, "__name__", str(obj)))
    module = getattr(obj, "__module__", "")
    with st.expander(label or T(f"源码：{name}", f"Source: {name}"), icon=":material/code:", expanded=expanded):
        st.caption(f"`{module}.{name}` · inspect.getsource")
        st.code(inspect.getsource(obj), language="python", line_numbers=True, wrap_lines=True)


def loading(
    fn: Callable[..., Any],
    *args: Any,
    what: tuple[str, str] = ("正在运行真实的库调用……", "Running the real library call…"),
    **kwargs: Any,
) -> Any:
    """Call a cached loader under a spinner saying ``what`` (instant on a cache hit)."""
    with st.spinner(T(*what)):
        return fn(*args, **kwargs)
