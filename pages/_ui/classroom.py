"""Leading a class: start or join from the sidebar, the teacher's position for every student, the teacher's run.

* :func:`class_controls` (sidebar, from ``app.py``) — start a class (a code, a join link, a QR code),
  join one with a code (a display name is optional: anonymous by default), leave it.
* :func:`class_follow` (from ``app.py``, before the page) — the teacher's run publishes where the
  teacher is (the page and its link parameters); a student's run shows the banner: a fragment that
  reruns every :data:`FOLLOW_EVERY_S` seconds, reads one row, names the teacher's place, links there,
  and switches the page itself when "follow automatically" is on.
* :func:`publish_run` (from ``pages/_ui/live_run.py`` when a run ends) and :func:`teacher_run_view`
  (the live-run page) — the teacher's latest run, read-only, beside the student's own.

The class is kept in the link (``?class=CODE``, ``?follow=1``) like ``lang`` and ``learner``, so a
reconnect to another app process keeps it; the state lives in the progress database
(:class:`toolcall_lab.classroom.ClassroomStore`). Nothing here loads LangChain.
"""

from __future__ import annotations

import contextlib
import functools
import threading
import weakref
from typing import Any

import streamlit as st
from streamlit.errors import StreamlitAPIException

from pages._ui import T, inert, lang
from pages._ui import course as _course
from pages._ui.course import LEARNER_PARAM, learner_id
from pages._ui.frame import PRESENT_PARAM, STEP_PARAM
from pages.registry import PageSpec, page_by_url
from toolcall_lab.classroom import (
    CLASS_PARAM,
    FOLLOW_PARAM,
    ClassroomStore,
    Position,
    Role,
    UnknownClass,
    is_class_code,
    join_link,
    normalize_code,
    public_params,
)
from toolcall_lab.progress import Database

#: Seconds between two reads of the teacher's position by a student's banner. With 2 s, the wait alone was up to 2 s,
#: so a move reached 60 followers in 1.75-1.94 s p95 (the goal is 2 s); with 1 s, in ~0.9 s p95, for about
#: 3 ms of server CPU per follower per second (the load benchmark's "follow" scenario, README).
FOLLOW_EVERY_S = 1
#: The teacher's results page (``pages/class_results.py``): never published as a place to follow.
RESULTS_URL_PATH = "class_results"
CODE_KEY = "class_code"
FOLLOWED_KEY = "class_followed_seq"
PUBLISHED_KEY = "class_published"

_stores: weakref.WeakKeyDictionary[Database, ClassroomStore] = weakref.WeakKeyDictionary()
_stores_lock = threading.Lock()


# ---------------------------------------------------------------- the store and this session's class
def classroom() -> ClassroomStore:
    """The classroom store on the progress store's database (one per database, so one pool per process)."""
    db = _course.store().db  # looked up on each call: tests put progress in a database of their own
    with _stores_lock:
        if db not in _stores:
            _stores[db] = ClassroomStore(db)
        return _stores[db]


def class_code() -> str | None:
    """This session's class: the link's ``?class=`` (joined or led on arrival), else the one it had."""
    linked = normalize_code(st.query_params.get(CLASS_PARAM))
    if is_class_code(linked) and linked != st.session_state.get(CODE_KEY) and _enter(linked) is None:
        del st.query_params[CLASS_PARAM]
        st.session_state["class_error"] = linked
    code = st.session_state.get(CODE_KEY)
    if code and st.query_params.get(CLASS_PARAM) != code:
        st.query_params[CLASS_PARAM] = code  # kept in the link, like the language
    return str(code) if code else None


def role() -> Role | None:
    """``"teacher"`` or ``"student"`` in this session's class (read once per class per session), or ``None``."""
    code = class_code()
    if code is None:
        return None
    found: Role | None = st.session_state.get(f"class_role::{code}")
    return found


def _enter(code: str, name: str | None = None) -> Role | None:
    """Lead (the teacher's own code) or join a class; ``None`` when there is no such class."""
    learner = learner_id()
    try:
        found = classroom().role(code, learner)
        if found is None:
            member = classroom().join(code, learner, name)
            st.session_state[f"class::name::{code}"] = member.display_name or ""  # the box shows the name kept
            found = "student"
    except (UnknownClass, ValueError):
        return None
    except Exception:  # a database that cannot be reached must not take the lesson down
        return None
    st.session_state[CODE_KEY] = code
    st.session_state[f"class_role::{code}"] = found
    st.session_state.pop(FOLLOWED_KEY, None)
    return found


def _start() -> None:
    code = classroom().start_class(learner_id())
    st.session_state[CODE_KEY] = code
    st.session_state[f"class_role::{code}"] = "teacher"
    st.session_state.pop(PUBLISHED_KEY, None)
    st.query_params[CLASS_PARAM] = code


def _join() -> None:
    code = normalize_code(st.session_state.get("class::code_input"))
    name = st.session_state.get("class::name_input") or None
    if not is_class_code(code) or _enter(code, name) is None:
        st.session_state["class_error"] = code or "—"
        return
    st.query_params[CLASS_PARAM] = code
    st.session_state["class::code_input"] = ""


def _leave() -> None:
    code = st.session_state.pop(CODE_KEY, None)
    if code and st.session_state.pop(f"class_role::{code}", None) == "student":
        with contextlib.suppress(Exception):
            classroom().leave(code, learner_id())
    for key in (CLASS_PARAM, FOLLOW_PARAM):
        if key in st.query_params:
            del st.query_params[key]
    for key in (FOLLOWED_KEY, PUBLISHED_KEY, "class_follow"):
        st.session_state.pop(key, None)


def _rename(code: str) -> None:
    try:
        classroom().set_display_name(code, learner_id(), st.session_state.get(f"class::name::{code}"))
    except Exception:
        st.session_state["class_error"] = code


# ---------------------------------------------------------------- the sidebar
@functools.lru_cache(maxsize=64)
def qr_png(link: str) -> bytes:
    """The join link as a QR code (PNG), for a projector (made once per link: ~40 ms of pure Python)."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="png", scale=6, border=2)
    return out.getvalue()


def class_controls(spec: PageSpec | None = None) -> None:
    """The sidebar's "Class" box: start or join; the code, link and QR code; a name; leave."""
    code, mine = class_code(), role()
    bad = st.session_state.pop("class_error", None)
    label = T("课堂", "Class") + (f" · {code}" if code else "")
    with st.sidebar.expander(label, icon=":material/groups:", expanded=bool(code or bad)):
        if bad:
            st.warning(T(f"没有代码为 {bad} 的课堂。", f"No class has the code {bad}."), icon=":material/error:")
        if code is None:
            st.button(T("开始上课（我是老师）", "Start a class (I teach)"), key="class::start", on_click=_start)
            st.text_input(T("课堂代码", "Class code"), key="class::code_input", max_chars=12, placeholder="ABC234")
            st.text_input(
                T("显示名（可不填）", "Display name (optional)"),
                key="class::name_input",
                max_chars=40,
                help=T("不填就是匿名：老师只看到人数。", "Leave it empty to stay anonymous: the teacher sees counts."),
            )
            st.button(T("加入课堂", "Join the class"), key="class::join", on_click=_join)
        elif mine == "teacher":
            _teacher_box(code, spec)
        else:
            st.caption(T(f"你在课堂 **{code}** 里。", f"You are in class **{code}**."))
            st.text_input(
                T("显示名（可不填）", "Display name (optional)"),
                key=f"class::name::{code}",
                max_chars=40,
                on_change=_rename,
                args=(code,),
                help=T("老师的成绩表只在你填了名字时显示它。", "The teacher's results show it only if you give one."),
            )
        if code is not None:
            st.button(
                T("结束带课", "Stop leading") if mine == "teacher" else T("离开课堂", "Leave the class"),
                key="class::leave",
                on_click=_leave,
            )


def _teacher_box(code: str, spec: PageSpec | None) -> None:
    try:
        url = st.context.url
    except Exception:
        url = None
    link = join_link(url, spec.url_path if spec and url and spec.path != "pages/home.py" else "", code, lang())
    st.markdown(
        T(
            f"你在带课堂 **`{code}`**。学生用这个代码或链接加入：",
            f"You lead class **`{code}`**. Students join with the code or this link:",
        )
    )
    with st.container(key="class-join-link"):  # the stylesheet lets this one link wrap: a projector shows it whole
        st.code(link, language="text", wrap_lines=True)
    with st.popover(T("二维码", "QR code"), icon=":material/qr_code_2:"):
        st.image(qr_png(link), caption=code, width=280)
    st.page_link(
        "pages/class_results.py",
        label=T("班级成绩", "Class results"),
        icon=":material/leaderboard:",
        query_params={"lang": lang(), LEARNER_PARAM: learner_id(), CLASS_PARAM: code},
    )


# ---------------------------------------------------------------- where the teacher is
def position_label(url_path: str, query: dict[str, str], fallback: str = "") -> str:
    """How a student reads a place: the page's title in their language, and the step (``④ tool_call — step 2``)."""
    try:
        spec = page_by_url(url_path)
    except KeyError:
        return fallback or url_path
    label = T(spec.zh, spec.en)
    step = query.get(STEP_PARAM)
    if step and step.isdigit():
        label += T(f" — 第 {step} 步", f" — step {step}")
    return label


def _params_here() -> dict[str, str]:
    return public_params({k: st.query_params[k] for k in st.query_params})


def publish_position(spec: PageSpec) -> None:
    """The teacher's run: publish the page and its link parameters, when they differ from the last published."""
    code = class_code()
    if code is None or role() != "teacher" or spec.url_path == RESULTS_URL_PATH:
        return
    params = _params_here()
    here = (code, spec.url_path, tuple(sorted(params.items())))
    if st.session_state.get(PUBLISHED_KEY) == here:
        return  # nothing moved: not even a read
    try:
        classroom().publish_position(code, learner_id(), spec.url_path, params, position_label(spec.url_path, params))
        st.session_state[PUBLISHED_KEY] = here
    except Exception:
        pass  # a failing database must not take the teacher's lesson down


def class_follow(spec: PageSpec) -> None:
    """Before the page: the teacher publishes where they are; a student sees the banner."""
    mine = role()
    if mine == "teacher":
        publish_position(spec)
    elif mine == "student":
        _banner(str(class_code()), spec.url_path)


def _jump_params(position: Position, code: str) -> dict[str, str]:
    params = dict(position.query)
    params.update({"lang": lang(), LEARNER_PARAM: learner_id(), CLASS_PARAM: code})
    if st.query_params.get(PRESENT_PARAM) == "1":
        params[PRESENT_PARAM] = "1"  # a student projecting stays in presenter mode
    if st.session_state.get("class_follow"):
        params[FOLLOW_PARAM] = "1"
    return params


def _is_here(position: Position, url_path: str) -> bool:
    mine = {k: v for k, v in _params_here().items() if k != "lang"}
    theirs = {k: v for k, v in position.query.items() if k != "lang"}
    return position.url_path == url_path and mine == theirs


def _follow_changed() -> None:
    st.session_state.pop(FOLLOWED_KEY, None)  # turned on: go to the teacher now
    if st.session_state.get("class_follow"):
        st.query_params[FOLLOW_PARAM] = "1"
    elif FOLLOW_PARAM in st.query_params:
        del st.query_params[FOLLOW_PARAM]


@st.fragment(run_every=FOLLOW_EVERY_S)
def _banner(code: str, url_path: str) -> None:
    """The student's banner: one read of the teacher's position; follow when asked. Small on purpose."""
    st.session_state.setdefault("class_follow", st.query_params.get(FOLLOW_PARAM) == "1")
    try:
        position = classroom().position(code)
    except Exception:
        position = None
    with st.container(key="class-banner", border=True, horizontal=True, vertical_alignment="center"):
        if position is None:
            st.markdown(
                T(f"课堂 {code}：老师还没有打开页面。", f"Class {code}: the teacher has not opened a page yet.")
            )
        else:
            place = position_label(position.url_path, position.query, position.label)
            st.markdown(
                ":material/co_present: " + T(f"老师在 **{inert(place)}**", f"The teacher is at **{inert(place)}**")
            )
            try:
                target = page_by_url(position.url_path)
                if _is_here(position, url_path):
                    st.caption(T("你也在这里。", "You are there too."))
                else:
                    st.page_link(
                        target.path,
                        label=T("跳过去", "Jump there"),
                        icon=":material/arrow_forward:",
                        query_params=_jump_params(position, code),
                    )
            except (KeyError, StreamlitAPIException):  # an unknown page, or a page run without the router
                target = None
        st.toggle(T("自动跟随", "Follow automatically"), key="class_follow", on_change=_follow_changed)
    if position is None or target is None or not st.session_state.get("class_follow"):
        return
    if st.session_state.get(FOLLOWED_KEY) != position.seq:
        st.session_state[FOLLOWED_KEY] = position.seq
        if not _is_here(position, url_path):
            st.switch_page(target.path, query_params=_jump_params(position, code))


# ---------------------------------------------------------------- the teacher's live run
def publish_run(trace: Any, panel: str) -> None:
    """The teacher's run ended: keep it for the students (the exported trace; keys are never in it)."""
    code = class_code()
    if code is None or role() != "teacher" or trace is None:
        return
    from toolcall_lab import trace as trace_io

    settings = {"panel": panel, "model": trace.model_label, "lang": trace.lang}
    with contextlib.suppress(Exception):
        classroom().publish_run(code, learner_id(), trace.question, trace_io.dumps(trace), settings)


def teacher_run_view() -> None:
    """A student's read-only view of the teacher's latest run (folded; drawn only when opened)."""
    code = class_code()
    if code is None or role() != "student":
        return
    try:
        position = classroom().position(code)
    except Exception:
        return
    if position is None or position.run_seq is None:
        return
    question = inert(position.run_question or "")
    box = st.expander(
        T(f"老师的运行（只读）：{question}", f"The teacher's run (read-only): {question}"),
        icon=":material/co_present:",
        key="class-teacher-run",
        on_change="rerun",
    )
    if not box.open:
        return
    slot = f"class_run::{code}"
    cached = st.session_state.get(slot)
    if cached is None or cached[0] != position.run_seq:
        from toolcall_lab import trace as trace_io

        run = classroom().teacher_run(code)
        if run is None:
            return
        cached = (run.seq, trace_io.loads(run.trace))
        st.session_state[slot] = cached
    from pages._ui.timeline import render_trace

    with box:
        render_trace(cached[1], why_open=False)
