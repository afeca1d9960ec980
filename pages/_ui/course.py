"""The course around the lessons: who the learner is, exercises with checks, and progress that lasts.

* :func:`learner_id` — an anonymous id kept in the browser (a first-party cookie, see
  :mod:`pages._ui.browser_cookie`), or, where the school configured Streamlit's OIDC login,
  a hash of the login's subject (never taken from a link or a cookie).
* :func:`keep_learner` — the router's once-per-run part: writes the cookie, takes a
  ``?learner=`` continuation link out of the address bar, and asks before switching to
  the learner a link names (:func:`learner_switch_prompt`).
* the exercises themselves are drawn by :mod:`pages._ui.exercise`, which stores attempts here.
* :func:`progress_summary` — the course map with progress per section, inside
  ``st.container(key="progress")``, with "continue where you left off", "continue on another
  device" (the continuation link), export, import (re-checked), and reset (asked first, undoable).

Storage is :class:`toolcall_lab.progress.ProgressStore` on the same database setting as the
checkpointer (SQLite under ``data/`` by default, PostgreSQL by URL).
"""

from __future__ import annotations

import streamlit as st

from pages._ui import T, Text, browser_cookie, inert, lang, settings
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
#: The cookie the browser keeps the anonymous learner id in.
LEARNER_COOKIE = "toolcall_lab_learner"
SWITCH_OFFER = "_learner_switch_offer"  # session key: the learner id a link named, until the learner decides


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
    """This learner's id: the OIDC login's, else the one this session decided, else the browser's cookie, else new.

    A ``?learner=`` link never changes the id by itself: :func:`keep_learner` offers the switch
    and :func:`learner_switch_prompt` asks.
    """
    oidc = _oidc_learner()
    if oidc is not None:  # a school login wins, also over an anonymous id this session had before logging in
        st.session_state["learner_id"] = oidc
    elif "learner_id" not in st.session_state or str(st.session_state["learner_id"]).startswith("oidc."):
        kept = learner_id_from_link(browser_cookie.recall(LEARNER_COOKIE))  # only an anonymous id, never oidc.
        st.session_state["learner_id"] = kept or new_learner_id()
    return str(st.session_state["learner_id"])


def keep_learner() -> str:
    """The router's part, once per run: keep the learner in the browser, take the id out of the address bar.

    A link's ``?learner=`` naming someone else becomes an offer the learner answers
    (:func:`learner_switch_prompt`); the parameter leaves the address bar either way.
    """
    learner = learner_id()
    linked = learner_id_from_link(st.query_params.get(LEARNER_PARAM))
    if LEARNER_PARAM in st.query_params:
        if linked is not None and linked != learner and not learner.startswith("oidc."):
            st.session_state[SWITCH_OFFER] = linked
        del st.query_params[LEARNER_PARAM]
    if not learner.startswith("oidc."):
        browser_cookie.remember(LEARNER_COOKIE, learner)
    return learner


def _switch_to(linked: str) -> None:
    st.session_state["learner_id"] = linked
    st.session_state.pop(SWITCH_OFFER, None)
    for key in [k for k in st.session_state if str(k).startswith(("exercise-", "progress::"))]:
        del st.session_state[key]  # the other learner's verdicts and undo are not this one's
    st.session_state.pop("_visited_page", None)


def learner_switch_prompt() -> None:
    """Ask, when a link named another learner: continue as them, or stay as yourself (nothing changes until then)."""
    offered = st.session_state.get(SWITCH_OFFER)
    if not isinstance(offered, str):
        return
    with st.container(key="learner-switch", border=True):
        st.warning(
            T(
                "这个链接属于另一位学习者的进度——以他的身份继续，还是保持你自己？"
                "（如果这是你在另一台设备上的继续链接，选“以他的身份继续”，这个浏览器以后就记住那份进度。）",
                "This link belongs to another learner's progress — continue as them, or stay as yourself? "
                "(If it is your own continuation link from another device, continue as them: "
                "this browser then remembers that progress.)",
            ),
            icon=":material/swap_horiz:",
        )
        take, stay = st.columns(2)
        take.button(
            T("以他的身份继续", "Continue as them"), key="learner-switch::take", on_click=_switch_to, args=(offered,)
        )
        stay.button(
            T("保持我自己", "Stay as yourself"),
            key="learner-switch::stay",
            type="primary",
            on_click=lambda: st.session_state.pop(SWITCH_OFFER, None),
        )


def continuation_link(learner: str) -> str:
    """The link that continues this learner's progress in another browser: the app's address with ``?learner=``."""
    base = ""
    try:
        from urllib.parse import urlsplit

        url = urlsplit(str(st.context.url or ""))
        if url.scheme in ("http", "https") and url.netloc:
            root = "/" + str(st.get_option("server.baseUrlPath") or "").strip("/")
            base = f"{url.scheme}://{url.netloc}{root.rstrip('/')}/"
    except Exception:  # no browser context (AppTest): a relative link
        base = ""
    return f"{base}?{LEARNER_PARAM}={learner}"


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
            st.progress(solved / total if total else 0.0, text=f"{sec.title(lang())} · {solved}/{total}")
        spec = _known_page(last)
        if spec is not None and spec.path != "pages/home.py":
            st.page_link(
                spec.path,
                label=T("从上次停下的地方继续：", "Continue where you left off: ") + spec.title(lang()),
                icon=":material/resume:",
                query_params={"lang": lang()},
            )
        if learner.startswith("oidc."):
            st.caption(T("已登录：在任何设备上登录都能继续。", "Logged in: log in on any device to continue."))
        else:
            with st.expander(T("在另一台设备上继续", "Continue on another device"), icon=":material/devices:"):
                st.caption(
                    T(
                        "这个浏览器记得你：下次直接打开网址就能接着学。要在另一台设备（或另一个浏览器）上继续，"
                        "在那里打开下面的链接；页面会先问你要不要换成这份进度。"
                        "拿到这个链接的人都能以你的身份继续：只发给你自己。",
                        "This browser remembers you: open the plain address next time and you continue. "
                        "To continue on another device (or another browser), open the link below there; "
                        "the page asks before it switches to this progress. "
                        "Anyone with this link can continue as you: send it only to yourself.",
                    )
                )
                st.code(continuation_link(learner), language="text", wrap_lines=True)
        with st.expander(T("导出、导入与重置", "Export, import and reset"), icon=":material/key:"):
            _transfer_controls(learner)


def _known_page(path: str | None) -> PageSpec | None:
    """The registry's page at ``path``, or ``None`` (an imported file may name a page this app does not have)."""
    try:
        return page(path) if path else None
    except KeyError:
        return None


def _transfer_controls(learner: str) -> None:
    """Export, import (the uploaded bytes go to the store, which re-checks every answer), reset (asked, undoable)."""
    from pages._ui import exercise  # the exercises' checks, for re-checking an import

    st.download_button(
        T("导出我的进度（JSON）", "Export my progress (JSON)"),
        data=json_text(store().export_json(learner)).encode("utf-8"),
        file_name="toolcall-lab-progress.json",
        mime="application/json",
        key="progress::export",
    )
    upload = st.file_uploader(
        T("导入进度", "Import progress"),
        type=["json"],
        key="progress::import",
        help=T(
            "选择之前用「导出我的进度」保存的 JSON 文件；每道题会用它自己的检查重新判一遍。",
            "Choose a JSON file saved with “Export my progress”; "
            "each exercise judges its answers again with its own check.",
        ),
    )
    if upload is not None and st.session_state.get("progress::imported") != upload.file_id:
        st.session_state["progress::imported"] = upload.file_id
        try:
            summary = store().import_json(learner, upload.getvalue(), recheck=exercise.recheck)
        except InvalidImport as exc:
            st.error(T("无法导入：", "Cannot import: ") + IMPORT_REFUSED.get(exc.reason, Text("", ""))(lang()))
            st.caption(inert(exc.detail[:300]))
        else:
            st.success(
                T(
                    f"已导入 {summary.attempts_in_file} 次作答：{summary.rechecked} 次已用练习本身的检查重新判定；"
                    f"{summary.unchecked} 次要等你打开它所在的页面时再判定，判定前不算做对。",
                    f"Imported {summary.attempts_in_file} attempts: {summary.rechecked} re-judged by the exercises' "
                    f"own checks; {summary.unchecked} are judged when you open their page, and do not count as "
                    "solved until then.",
                )
            )
    _reset_controls(learner)


#: Why an import was refused (:data:`toolcall_lab.progress.REASONS`), in both languages.
IMPORT_REFUSED: dict[str, Text] = {
    "not_json": Text("这不是 JSON 文件。", "This is not a JSON file."),
    "not_an_object": Text("这不是进度文件（不是一个 JSON 对象）。", "This is not a progress file (not a JSON object)."),
    "foreign_format": Text("这不是 Tool Call Lab 的进度文件。", "This is not a Tool Call Lab progress file."),
    "unsupported_version": Text("这个进度文件的版本不受支持。", "This progress file's version is not supported."),
    "too_large": Text("文件太大，或作答、页面太多。", "The file is too large, or has too many attempts or pages."),
    "too_deep": Text("文件里的数据嵌套太深。", "The file's data is nested too deeply."),
    "malformed": Text("文件里有字段缺失、多余或类型不对；什么都没有导入。",
                      "A field is missing, extra or of the wrong type; nothing was imported."),
}  # fmt: skip


def _reset_controls(learner: str) -> None:
    """Reset asks first; after it, "Undo" puts everything back for the rest of the session."""
    undo = st.session_state.get("progress::undo")
    if undo is not None and undo.learner == learner:
        st.info(T("你的进度已重置。", "Your progress was reset."), icon=":material/restart_alt:")
        if st.button(T("撤销重置", "Undo the reset"), key="progress::undo_btn", icon=":material/undo:"):
            store().undo_reset(undo)
            st.session_state.pop("progress::undo", None)
            st.rerun()
        return
    if not st.session_state.get("progress::confirm_reset"):
        if st.button(T("重置我的进度…", "Reset my progress…"), key="progress::reset", type="secondary"):
            st.session_state["progress::confirm_reset"] = True
            st.rerun()
        return
    with st.container(key="progress-reset-confirm", border=True):
        st.warning(
            T(
                "这会删除你所有的作答、做对的题和访问记录。本次会话里还能撤销。",
                "This deletes all your attempts, solved exercises and visits. You can undo it during this session.",
            )
        )
        yes, no = st.columns(2)
        if yes.button(T("是的，重置", "Yes, reset"), key="progress::reset_yes", type="primary"):
            st.session_state["progress::undo"] = store().reset(learner)
            st.session_state.pop("progress::confirm_reset", None)
            for key in [k for k in st.session_state if str(k).startswith("exercise-")]:
                del st.session_state[key]
            st.rerun()
        if no.button(T("取消", "Cancel"), key="progress::reset_no"):
            st.session_state.pop("progress::confirm_reset", None)
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
