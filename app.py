"""Tool Call Lab — the router: one shared sidebar, then the page the learner picked.

Run with ``streamlit run app.py``. Works offline with the built-in teaching model.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from pages._ui import ROUTER_MARK, T, lang, settings
from pages._ui.classroom import class_controls, class_follow, publish_position
from pages._ui.course import learner_id, login_controls, record_visit, solved_pages
from pages._ui.frame import apply_layout, presenter_switch, presenting
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


def _take_key() -> None:
    """Move a typed key out of the widget, so the page never echoes it back."""
    typed = st.session_state.get("llm_api_key_input", "").strip()
    if typed:
        st.session_state["llm_api_key"] = typed
    st.session_state["llm_api_key_input"] = ""


def sidebar() -> None:
    """Language, model, and a badge saying what is active."""
    current = lang()
    choice = st.sidebar.segmented_control(
        "Language / 语言",
        LANGS,
        default=current,
        format_func=lambda x: {"zh": "中文", "en": "English"}[x],
        key="lang_picker",
    )
    if choice and choice != current:
        st.session_state["lang"] = choice
        st.query_params["lang"] = choice
        st.rerun()
    if st.query_params.get("lang") != current:  # keep the language in the link (write only on change)
        st.query_params["lang"] = current

    base = settings()
    options = ["builtin", "openai_compatible"]
    st.session_state.setdefault("provider", base.provider)
    # labels are computed now: a format_func must not depend on session state when called later
    labels = {
        "builtin": T("内置教学模型（离线）", "Built-in teaching model (offline)"),
        "openai_compatible": T("OpenAI 兼容接口", "OpenAI-compatible endpoint"),
    }
    st.sidebar.radio(T("模型", "Model"), options, key="provider", format_func=labels.__getitem__)
    if st.session_state["provider"] == "openai_compatible":
        st.session_state.setdefault("llm_base_url", base.llm_base_url)
        st.session_state.setdefault("llm_model_id", base.llm_model_id)
        st.sidebar.text_input("Base URL", key="llm_base_url", placeholder="http://127.0.0.1:8765/v1")
        st.sidebar.text_input(T("模型名", "Model id"), key="llm_model_id", placeholder="gpt-4o-mini")
        st.sidebar.text_input(
            "API key",
            key="llm_api_key_input",
            type="password",
            on_change=_take_key,
            help=T(
                "只保存在本次会话的内存里，不写盘、不记录、不导出，也不会回显到页面。",
                "Kept in this session's memory only: never written, logged, exported, or echoed back to the page.",
            ),
        )
        if st.session_state.get("llm_api_key"):
            st.sidebar.caption(T("已为本次会话设置 Key（不回显）。", "A key is set for this session (not shown)."))
            if st.sidebar.button(T("忘掉这个 Key", "Forget the key"), key="forget_key"):
                st.session_state.pop("llm_api_key", None)
                st.rerun()
    active = settings()
    if active.uses_real_model:
        st.sidebar.badge(
            T("当前：真实接口 ", "Active: real endpoint ") + (active.llm_model_id or "gpt-4o-mini"),
            icon=":material/public:",
            color="orange",
        )
    else:
        st.sidebar.badge(
            T("当前：内置教学模型", "Active: built-in teaching model"), icon=":material/science:", color="green"
        )
        st.sidebar.caption(
            T(
                "确定性的规则模型，说 OpenAI 线协议；不是 GPT。",
                "A deterministic rule-based model speaking the OpenAI wire format — not a GPT.",
            )
        )


def nav_page(spec: PageSpec, solved: set[str]) -> st.Page:
    """A registry entry as a Streamlit page (home is the default); a solved page is marked ✓."""
    return st.Page(
        str(HERE / spec.path),
        title=("✓ " if spec.path in solved else "") + T(spec.zh, spec.en),
        icon=spec.icon,
        default=spec.path == "pages/home.py",
        url_path=spec.url_path,
    )


def main() -> None:
    if not st.get_option("runner.postScriptGC"):  # .streamlit/config.toml: no full collection after each run
        ensure_paced_collection()  # one full collection every 10 s instead, on one thread for the process
    st.session_state[ROUTER_MARK] = True  # the sidebar calls lang(), which checks the mark
    sidebar()
    presenter_switch()
    login_controls()
    apply_layout()
    learner_id()  # the learner's personal link is kept in the URL, like the language
    solved = solved_pages()
    groups = {T(sec.zh, sec.en): [nav_page(p, solved) for p in in_section(sec.key)] for sec in SECTIONS}
    # pages check this mark to know the router, not Streamlit's legacy pages/ mode, ran them
    st.session_state[ROUTER_MARK] = True
    try:
        current = st.navigation(groups, expanded=True)
        spec = page_by_url(current.url_path)
        record_visit(spec)
        class_controls(spec)  # the sidebar's class box: start, join, the code and QR code, leave
        class_follow(spec)  # the teacher publishes where they are; a student sees the banner
        current.run()
        publish_position(spec)  # the page may have written its link (a run's ?q=): publish that too
    finally:
        st.session_state.pop(ROUTER_MARK, None)


main()
