"""Tool Call Lab — the router: one shared sidebar, then the page the learner picked.

Run with ``streamlit run app.py``. Works offline with the built-in teaching model.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from pages._ui import ROUTER_MARK, browser_cookie, lang
from pages._ui.classroom import class_controls, class_follow, publish_position
from pages._ui.course import keep_learner, learner_switch_prompt, login_controls, record_visit, solved_pages
from pages._ui.frame import apply_layout, fold_sidebar_after_navigation, presenter_switch, presenting
from pages._ui.model_box import model_box
from pages._ui.session import language_pinned, note_drawn_language
from pages.registry import SECTIONS, PageSpec, in_section, page_by_url
from toolcall_lab.gc_pacing import ensure_paced_collection
from toolcall_lab.i18n import LANGS

st.set_page_config(
    page_title="Tool Call Lab",
    page_icon=":material/science:",
    layout="wide",
    # presenter mode starts with the sidebar folded: the projected page is all artifact
    initial_sidebar_state="collapsed" if presenting() else "auto",
)
HERE = Path(__file__).parent


def sidebar() -> None:
    """Language, model, and a badge saying what is active."""
    current = lang()
    # zh-only: the language picker speaks both languages: each is named in itself
    choice = st.sidebar.segmented_control(
        "Language / 语言",
        LANGS,
        default=current,
        format_func=lambda x: {"zh": "中文", "en": "English"}[x],  # zh-only: endonyms
        key="lang_picker",
    )
    if choice and choice != current:
        st.session_state["lang"] = choice
        st.query_params["lang"] = choice
        st.rerun()
    if st.query_params.get("lang") != current:  # keep the language in the link (write only on change)
        st.query_params["lang"] = current

    model_box()  # the model and its endpoint, by the endpoint rule (pages/_ui/model_box.py)


def nav_page(spec: PageSpec, solved: set[str]) -> st.Page:
    """A registry entry as a Streamlit page (home is the default); a solved page is marked ✓."""
    return st.Page(
        str(HERE / spec.path),
        title=("✓ " if spec.path in solved else "") + spec.title(lang()),
        icon=spec.icon,
        default=spec.path == "pages/home.py",
        url_path=spec.url_path,
    )


def navigation_groups(solved: set[str]) -> dict[str, list[st.Page]]:
    """The sidebar's sections and their pages, built once per session and language and solved set.

    Building the 28 ``st.Page`` objects costs ~5 ms a run (each resolves and checks its file); a
    session's reruns reuse its own (never another session's: ``st.navigation`` marks the page it
    returns, and sessions run in parallel).
    """
    key = (lang(), tuple(sorted(solved)))
    kept = st.session_state.get(_NAV_KEY)
    if kept is not None and kept[0] == key:
        return dict(kept[1])
    groups = {sec.title(lang()): [nav_page(p, solved) for p in in_section(sec.key)] for sec in SECTIONS}
    st.session_state[_NAV_KEY] = (key, groups)
    return dict(groups)


_NAV_KEY = "_nav_pages"


def main() -> None:
    if not st.get_option("runner.postScriptGC"):  # .streamlit/config.toml: no full collection after each run
        ensure_paced_collection()  # one full collection every 10 s instead, on one thread for the process
    st.session_state[ROUTER_MARK] = True  # the sidebar calls lang(), which checks the mark
    sidebar()
    with language_pinned():  # settled by the sidebar: the rest of the run reads it once
        _route()
        note_drawn_language()  # a run stopped early (st.rerun) has not drawn the page: it is not noted


def _route() -> None:
    presenter_switch()
    login_controls()
    apply_layout()
    keep_learner()  # the learner lives in the browser's cookie; a ?learner= link is asked about, not obeyed
    learner_switch_prompt()
    groups = navigation_groups(solved_pages())
    # pages check this mark to know the router, not Streamlit's legacy pages/ mode, ran them
    st.session_state[ROUTER_MARK] = True
    try:
        current = st.navigation(groups, expanded=True)
        spec = page_by_url(current.url_path)
        record_visit(spec)
        class_controls(spec)  # the sidebar's class box: start, join, the code and QR code, leave
        class_follow(spec)  # the teacher publishes where they are; a student sees the banner
        browser_cookie.flush()  # a cookie this run set (the teacher's token) reaches the browser now
        fold_sidebar_after_navigation(spec.path)  # a phone's sidebar does not stay open over the next page
        current.run()
        publish_position(spec)  # the page may have written its link (a run's ?q=): publish that too
    finally:
        st.session_state.pop(ROUTER_MARK, None)


main()
