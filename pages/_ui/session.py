"""Shared page helpers: language, settings, the chat model, errors, and small rendering helpers.

The live-run panel and its timeline are in ``pages/_ui/live_run.py``.

Only pages and ``app.py`` import this module (it imports Streamlit). Heavy libraries
(langchain, langgraph) are imported inside functions and cached with
``st.cache_resource``, so a page that does not run an agent never loads them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, ParamSpec, TypeVar

import streamlit as st

from toolcall_lab.endpoint_policy import EndpointDecision, EndpointRequest, decide
from toolcall_lab.i18n import normalize_lang, pick
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
#: The language of the script run in progress, once the router has settled it (see :func:`language_pinned`).
_RUN_LANG: ContextVar[str | None] = ContextVar("lab_run_lang", default=None)


@contextmanager
def language_pinned() -> Iterator[str]:
    """The rest of this script run reads its language once.

    ``T()`` asks for the language about 150 times a run, each a few session-state reads (~40 µs): a
    class of 60 asking at once waits on that work in one process. The router enters this block after
    the sidebar, where the language can change (a change there reruns the script at once), so the
    value cannot change under the run; it is cleared when the run leaves the block.
    """
    token = _RUN_LANG.set(None)
    try:
        value = lang()
        _RUN_LANG.set(value)
        yield value
    finally:
        _RUN_LANG.reset(token)


def lang() -> str:
    """The session's language: query parameter ``lang``, else the browser's locale.

    Every page calls this first (directly or through :func:`T`), so it also runs
    :func:`ensure_router`.
    """
    pinned = _RUN_LANG.get()
    if pinned is not None:  # inside the router's run, after the sidebar settled it
        return pinned
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


P = ParamSpec("P")
R = TypeVar("R")


def page_fragment(
    run_every: float | None = None,
) -> Callable[[Callable[P, R]], Callable[P, R | None]]:
    """``st.fragment`` for a part of a routed page: its reruns count as the router's and read the language once.

    A fragment's own rerun (a question asked in it, its ``run_every`` timer) runs the function alone, not
    ``app.py``: without this, the page's router guard would take the rerun for a page opened without the
    router and rerun the whole app once per session, and ``T()`` would look the language up ~100 times.
    Inside the page's full run it changes nothing (the router's mark and language are already there).
    """

    def decorate(func: Callable[P, R]) -> Callable[P, R | None]:
        @functools.wraps(func)
        def routed(*args: P.args, **kwargs: P.kwargs) -> R:
            marked = bool(st.session_state.get(ROUTER_MARK))
            st.session_state[ROUTER_MARK] = True  # only app.py's run draws a fragment: its reruns are routed
            try:
                with language_pinned():
                    return func(*args, **kwargs)
            finally:
                if not marked:
                    st.session_state.pop(ROUTER_MARK, None)

        return st.fragment(routed, run_every=run_every)

    return decorate


def english() -> bool:
    """True on an English page: where the Chinese specimen text a page shows gets an English gloss beside it."""
    return lang() in ("en",)


def T(zh: str, en: str) -> str:
    """Pick the text of the session's language."""
    return pick(lang(), zh, en)


#: The language the last whole run drew the page in (``note_drawn_language``).
_DRAWN_LANG = "_drawn_lang"


def note_drawn_language() -> None:
    """Remember the language this run drew the page in: the next run knows whether the language changed."""
    st.session_state[_DRAWN_LANG] = lang()


def resend_choice(*keys: str) -> None:
    """Call before drawing keyed choice widgets whose options are worded in the session's language: on the first
    run after a switch of language, their values go to the browser again.

    Streamlit (1.67) keeps a radio's, select box's or segmented control's value in the browser as its option's
    *label*. After a switch of language no label matched, and the widget showed no choice though the app still
    had it (the sidebar's Model radio, after a second switch). A value written through Session State is sent with
    the widget, and the browser shows it. Only on that run: on any other, a value sent again would overwrite
    what the learner picked in a form and has not submitted yet. Only before the widget is drawn in this run.
    """
    if st.session_state.get(_DRAWN_LANG, lang()) == lang():
        return
    for key in keys:
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]


@st.cache_resource(show_spinner=False)
def base_settings() -> Settings:
    return load_settings()


#: The sidebar's endpoint choice: ``"school"`` (the operator's endpoint) or ``"own"`` (the learner's Base URL).
ENDPOINT_KEY = "llm_endpoint"


def endpoint_decision() -> EndpointDecision:
    """What this session may use, by the endpoint rule (:func:`toolcall_lab.endpoint_policy.decide`).

    The server's settings (the operator's key, URL and policy) and what the learner chose in the
    sidebar: the operator's key only ever goes to the operator's endpoint; a learner's own Base
    URL gets the learner's own key or none; a lock or an allowed list may refuse the choice.
    """
    base = base_settings()
    state = st.session_state
    request = EndpointRequest(
        provider="openai_compatible" if state.get("provider", base.provider) == "openai_compatible" else "builtin",
        endpoint="own" if state.get(ENDPOINT_KEY) == "own" else "school",
        base_url=str(state.get("llm_base_url") or ""),
        model_id=str(state.get("llm_model_id") or ""),
        api_key=str(state.get("llm_api_key") or ""),
    )
    return decide(base, request)


def settings() -> Settings:
    """The settings this session may use: the server's, with the learner's choice as the endpoint rule allows."""
    return endpoint_decision().settings


@st.cache_resource(show_spinner=False, max_entries=16)
def cached_chat_model(s: Settings) -> Any:
    from toolcall_lab.llm import build_chat_model

    return build_chat_model(s)


def chat_model(script: Sequence[dict[str, Any]] | None = None) -> Any:
    """The active chat model (cached per settings); a scripted built-in model is never cached."""
    if script is not None:
        from toolcall_lab.llm import build_chat_model

        return build_chat_model(None, script=script)
    return cached_chat_model(settings())


def model_label() -> str:
    from toolcall_lab.llm import model_label as label

    return label(settings(), lang())
