"""The course around the lessons: who the learner is, exercises with checks, and progress that lasts.

* :func:`learner_id` — an anonymous id kept in the link (``?learner=…``, like ``lang``), or,
  where the school configured Streamlit's OIDC login, a hash of the login's subject.
* the exercises themselves are drawn by :mod:`pages._ui.exercise`, which stores attempts here.
* :func:`progress_summary` — the course map with progress per section, inside
  ``st.container(key="progress")``, with "continue where you left off", export, import and reset.

Storage is :class:`toolcall_lab.progress.ProgressStore` on the same database setting as the
checkpointer (SQLite under ``data/`` by default, PostgreSQL by URL).
"""

from __future__ import annotations

import json

import streamlit as st

from pages._ui import T, inert, lang, settings
from pages.registry import COURSE, SECTIONS, PageSpec, in_section, page
from toolcall_lab.jsonable import json_text
from toolcall_lab.progress import (
    InvalidImport,
    ProgressStore,
    learner_id_from_link,
    learner_id_from_oidc,
    new_learner_id,
)

LEARNER_PARAM = "learner"


# ---------------------------------------------------------------- identity and storage
@st.cache_resource(show_spinner=False)
def _store(setting: str) -> ProgressStore:
    return ProgressStore.open(setting)


def store() -> ProgressStore:
    """The progress store of the configured database (opened once per process)."""
    return _store(settings().checkpointer)


def _oidc_learner() -> str | None:
    """The learner id of a logged-in OIDC user (no email is stored: a hash of issuer and subject)."""
    try:
        user = st.user
        if not user.get("is_logged_in"):
            return None
        issuer, subject = user.get("iss"), user.get("sub")
    except Exception:  # no auth configured, or AppTest: anonymous learners only
        return None
    return learner_id_from_oidc(str(issuer), str(subject)) if issuer and subject else None


def learner_id() -> str:
    """This learner's id: the OIDC login's, else the link's ``?learner=``, else a new one written into the link."""
    oidc = _oidc_learner()
    if oidc is not None:  # a school login wins, also over an anonymous id this session had before logging in
        st.session_state["learner_id"] = oidc
    elif "learner_id" not in st.session_state or str(st.session_state["learner_id"]).startswith("oidc."):
        st.session_state["learner_id"] = learner_id_from_link(st.query_params.get(LEARNER_PARAM)) or new_learner_id()
    learner = str(st.session_state["learner_id"])
    if not learner.startswith("oidc.") and st.query_params.get(LEARNER_PARAM) != learner:
        st.query_params[LEARNER_PARAM] = learner  # the personal link: bookmark it to continue elsewhere
    return learner


def solved_pages() -> set[str]:
    """Paths of the pages whose every exercise this learner has solved."""
    try:
        progress = store().page_progress(learner_id())
    except Exception:  # a database that cannot be reached must not take the navigation down
        return set()
    return {
        spec.path
        for spec in COURSE
        if spec.exercises and progress.get(spec.path) and progress[spec.path].is_solved(exercise_ids(spec))
    }


def exercise_ids(spec: PageSpec) -> list[str]:
    """The ids of a page's exercises, in its order (``<url_path>/<slug>`` for exercises given as data)."""
    return list(spec.exercise_ids)


def record_visit(spec: PageSpec) -> None:
    """Note the page as visited, once per arrival (not on every rerun)."""
    if st.session_state.get("_visited_page") == spec.path:
        return
    st.session_state["_visited_page"] = spec.path
    try:
        store().record_visit(learner_id(), spec.path)
    except Exception:  # progress is a convenience: a failing database never blocks a lesson
        st.session_state["_progress_error"] = True


# ---------------------------------------------------------------- the course map
def progress_summary() -> None:
    """The course map with progress per section, "continue", export / import / reset."""
    learner = learner_id()
    with st.container(key="progress", border=True):
        st.subheader(T("你的进度", "Your progress"), anchor=False)
        try:
            progress = store().page_progress(learner)
            last = store().last_page(learner)
        except Exception as exc:
            st.warning(T("进度数据库暂时不可用：", "The progress database is not available: ") + inert(exc))
            return
        for sec in SECTIONS:
            specs = [p for p in in_section(sec.key) if p.exercises]
            if not specs:
                continue
            total = sum(p.exercises for p in specs)
            solved = sum(len(set(progress[p.path].solved) & set(exercise_ids(p))) for p in specs if p.path in progress)
            st.progress(solved / total if total else 0.0, text=f"{T(sec.zh, sec.en)} · {solved}/{total}")
        if last and last != "pages/home.py":
            spec = page(last)
            st.page_link(
                spec.path,
                label=T("从上次停下的地方继续：", "Continue where you left off: ") + T(spec.zh, spec.en),
                icon=":material/resume:",
                query_params={"lang": lang(), LEARNER_PARAM: learner},
            )
        with st.expander(T("你的个人链接、导出与重置", "Your personal link, export and reset"), icon=":material/key:"):
            st.caption(
                T(
                    "收藏这个链接，在另一台设备上打开就能继续（链接就是你的身份，别分享给别人）。",
                    "Bookmark this link to continue on another device "
                    "(the link is your identity: keep it to yourself).",
                )
            )
            st.code(f"?lang={lang()}&{LEARNER_PARAM}={learner}", language="text")
            st.download_button(
                T("导出我的进度（JSON）", "Export my progress (JSON)"),
                data=json_text(store().export_json(learner)).encode("utf-8"),
                file_name="toolcall-lab-progress.json",
                mime="application/json",
                key="progress::export",
            )
            upload = st.file_uploader(T("导入进度", "Import progress"), type=["json"], key="progress::import")
            if upload is not None and st.session_state.get("progress::imported") != upload.file_id:
                st.session_state["progress::imported"] = upload.file_id
                try:
                    store().import_json(learner, json.loads(upload.getvalue()))
                    st.success(T("已导入。", "Imported."))
                except (InvalidImport, ValueError) as exc:
                    st.error(T("无法导入：", "Cannot import: ") + inert(exc))
            if st.button(T("重置我的进度", "Reset my progress"), key="progress::reset", type="secondary"):
                store().reset(learner)
                for k in [k for k in st.session_state if str(k).startswith("exercise-")]:
                    del st.session_state[k]
                st.rerun()


def _login_configured() -> bool:
    """True when ``.streamlit/secrets.toml`` names an OIDC provider (``[auth]``)."""
    try:
        return "auth" in st.secrets
    except Exception:  # no secrets file at all: anonymous learners only
        return False


def login_controls() -> None:
    """Log in / log out in the sidebar, only where the school configured its identity provider."""
    if not _login_configured():
        return
    if _oidc_learner() is None:
        st.sidebar.button(T("用学校账号登录", "Log in with your school account"), on_click=st.login, key="login")
    else:
        st.sidebar.caption(T("已登录：进度记在你的账号下。", "Logged in: progress is kept under your account."))
        st.sidebar.button(T("退出登录", "Log out"), on_click=st.logout, key="logout")
