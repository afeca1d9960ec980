"""Leading a class: start, join or take over from the sidebar, the teacher's position for every student, the run.

* :func:`class_controls` (sidebar, from ``app.py``) — start a class, join one with a code (a display
  name is optional: anonymous by default), take one over from another device with a hand-over code,
  leave; the teacher's own part (code, link, QR code, new code, hand over, end) is
  :mod:`pages._ui.classroom_teacher`.
* :func:`class_follow` (from ``app.py``, before the page) — the teacher's run publishes where the
  teacher is (the page and its link parameters); a student's run shows the banner: a fragment that
  reruns every :data:`FOLLOW_EVERY_S` seconds, reads one row, names the teacher's place, links there,
  and switches the page itself when "follow automatically" is on — which only the student turns on
  (a ``?follow=1`` link asks first, before joining and before following).
* :func:`publish_run` (from ``pages/_ui/live_run.py`` when a run ends) and :func:`teacher_run_view`
  (the live-run page) — the teacher's latest run, read-only, beside the student's own.

The class is kept in the link (``?class=CODE``) like ``lang``; who leads it is the teacher token in
the teacher's session and browser (:mod:`pages._ui.classroom_state`), never the link. The state
lives in the progress database (:class:`toolcall_lab.classroom.ClassroomStore`). Nothing here loads
LangChain.
"""

from __future__ import annotations

import contextlib
from typing import Any

import streamlit as st
from streamlit.errors import StreamlitAPIException

from pages._ui import T, inert, lang, page_fragment
from pages._ui.classroom_link import confirm_link
from pages._ui.classroom_path import chosen, keep_choice, path_picker, where_we_are
from pages._ui.classroom_state import (
    CODE_KEY,
    ERROR_KEY,
    FOLLOW_ON_KEY,
    FOLLOWED_KEY,
    PENDING_KEY,
    PUBLISHED_KEY,
    class_code,
    classroom,
    drop_class,
    enter,
    lead,
    lost,
    refusal_text,
    refuse,
    role,
    teacher_token,
)
from pages._ui.classroom_teacher import qr_png, stop_leading, teacher_box
from pages._ui.course import learner_id
from pages._ui.frame import PRESENT_PARAM, STEP_PARAM
from pages.registry import PageSpec, page_by_url
from toolcall_lab.classroom import (
    CLASS_PARAM,
    FOLLOW_PARAM,
    HandoverRefused,
    NotTheTeacher,
    Position,
    is_class_code,
    normalize_code,
    public_params,
)
from toolcall_lab.classroom.paths import PATH_PARAM

__all__ = [
    "CODE_KEY",
    "FOLLOW_EVERY_S",
    "class_code",
    "class_controls",
    "class_follow",
    "classroom",
    "position_label",
    "publish_position",
    "publish_run",
    "qr_png",
    "role",
    "teacher_run_view",
]

#: Seconds between two reads of the teacher's position by a student's banner. With 2 s, the wait alone was up to 2 s,
#: so a move reached 60 followers in 1.75-1.94 s p95 (the goal is 2 s); with 1 s, in ~0.9 s p95, for about
#: 3 ms of server CPU per follower per second (the load benchmark's "follow" scenario, README).
FOLLOW_EVERY_S = 1
#: The teacher's results page (``pages/class_results.py``): never published as a place to follow.
RESULTS_URL_PATH = "class_results"
#: The teacher's projector view of the join (``pages/class_join.py``): not a place to follow either.
JOIN_URL_PATH = "class_join"


# ---------------------------------------------------------------- the sidebar's buttons
def _start() -> None:
    lead(classroom().start_class(learner_id()))
    keep_choice()  # the course path picked above the button


def _join() -> None:
    code = normalize_code(st.session_state.get("class::code_input"))
    name = st.session_state.get("class::name_input") or None
    if not is_class_code(code):
        refuse("unknown", code)
        return
    if enter(code, name) is None:
        return
    st.query_params[CLASS_PARAM] = st.session_state[CODE_KEY]
    st.session_state["class::code_input"] = ""


def _take_over() -> None:
    """Redeem a hand-over code typed on this device: it leads the class from now on."""
    code = normalize_code(st.session_state.get("class::code_input"))
    try:
        key = classroom().redeem_hand_over(code, st.session_state.get("class::handover_input") or "")
    except HandoverRefused:
        refuse("handover", code)
        return
    except Exception:
        refuse("down", code)
        return
    lead(key)
    st.session_state["class::code_input"] = st.session_state["class::handover_input"] = ""


def _leave() -> None:
    code = st.session_state.get(CODE_KEY)
    mine = st.session_state.get(f"class_role::{code}") if code else None
    if code and mine == "teacher":
        info = None
        with contextlib.suppress(Exception):
            info = classroom().class_info(code)
        stop_leading(code, info)
        return
    if code and mine == "student":
        with contextlib.suppress(Exception):
            classroom().leave(code, learner_id())
    drop_class()


def _rename(code: str) -> None:
    try:
        classroom().set_display_name(code, learner_id(), st.session_state.get(f"class::name::{code}"))
    except Exception:
        refuse("down", code)


def class_controls(spec: PageSpec | None = None) -> None:
    """The sidebar's "Class" box: start, join or take over; the teacher's part; a name; leave."""
    code, mine = class_code(), role()
    bad = st.session_state.pop(ERROR_KEY, None)
    label = T("课堂", "Class") + (f" · {code}" if code and mine != "teacher" else "")
    with st.sidebar.expander(label, icon=":material/groups:", expanded=bool(code or bad)):
        if bad:
            st.warning(refusal_text(*bad), icon=":material/error:")
        if code is None:
            path_picker()
            st.button(T("开始上课（我是老师）", "Start a class (I teach)"), key="class::start", on_click=_start)
            st.text_input(T("课堂代码", "Class code"), key="class::code_input", max_chars=12, placeholder="ABC234")
            st.text_input(
                T("显示名（可不填）", "Display name (optional)"),
                key="class::name_input",
                max_chars=40,
                help=T("不填就是匿名：老师只看到人数。", "Leave it empty to stay anonymous: the teacher sees counts."),
            )
            st.button(T("加入课堂", "Join the class"), key="class::join", on_click=_join)
            st.caption(T("老师从另一台设备接手课堂：", "A teacher taking over a class from another device:"))
            st.text_input(
                T("交接码", "Hand-over code"), key="class::handover_input", max_chars=24, placeholder="ABCD-EFGH-JKMN"
            )
            st.button(T("接手课堂", "Take over a class"), key="class::take_over", on_click=_take_over)
        elif mine == "teacher":
            teacher_box(code, spec)
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
                T("不在这台设备上带课了", "Stop leading here")
                if mine == "teacher"
                else T("离开课堂", "Leave the class"),
                key="class::leave",
                on_click=_leave,
            )


# ---------------------------------------------------------------- where the teacher is
def position_label(url_path: str, query: dict[str, str], fallback: str = "") -> str:
    """How a student reads a place: the page's title in their language, and the step (``④ tool_call — step 2``)."""
    try:
        spec = page_by_url(url_path)
    except KeyError:
        return fallback or url_path
    label = spec.title(lang())
    step = query.get(STEP_PARAM)
    if step and step.isdigit():
        label += T(f" — 第 {step} 步", f" — step {step}")
    return label


def _params_here() -> dict[str, str]:
    return public_params({k: st.query_params[k] for k in st.query_params})


def publish_position(spec: PageSpec) -> None:
    """The teacher's run: publish the page and its link parameters, when they differ from the last published."""
    code = class_code()
    if code is None or role() != "teacher" or spec.url_path in (RESULTS_URL_PATH, JOIN_URL_PATH):
        return
    if st.session_state.get(f"class_ended::{code}"):
        return  # an ended class has no position to move
    params = _params_here()
    if (path := chosen()) is not None:
        params[PATH_PARAM] = path.key  # the class's path travels with the place: students see where it is on it
    here = (code, spec.url_path, tuple(sorted(params.items())))
    if st.session_state.get(PUBLISHED_KEY) == here:
        return  # nothing moved: not even a read
    try:
        label = position_label(spec.url_path, params)
        classroom().publish_position(code, teacher_token(code) or "", spec.url_path, params, label)
        st.session_state[PUBLISHED_KEY] = here
    except NotTheTeacher:
        lost(code)  # handed over, ended or out of time: the Class box says so on the next run
    except Exception:
        pass  # a failing database must not take the teacher's lesson down


def class_follow(spec: PageSpec) -> None:
    """Before the page: the teacher publishes where they are; a student sees the banner; a link's ask is asked."""
    pending = st.session_state.get(PENDING_KEY)
    if pending and class_code() is None:
        confirm_link(str(pending))
        return
    mine = role()
    if mine == "teacher":
        publish_position(spec)
    elif mine == "student":
        _banner(str(class_code()), spec.url_path)


def _jump_params(position: Position, code: str) -> dict[str, str]:
    params = dict(position.query)
    params.update({"lang": lang(), CLASS_PARAM: code})  # the learner is in the browser, not the link
    if st.query_params.get(PRESENT_PARAM) == "1":
        params[PRESENT_PARAM] = "1"  # a student projecting stays in presenter mode
    if st.session_state.get("class_follow"):
        params[FOLLOW_PARAM] = "1"
    return params


def _is_here(position: Position, url_path: str) -> bool:
    mine = {k: v for k, v in _params_here().items() if k not in ("lang", PATH_PARAM)}
    theirs = {k: v for k, v in position.query.items() if k not in ("lang", PATH_PARAM)}
    return position.url_path == url_path and mine == theirs


def _follow_changed() -> None:
    st.session_state.pop(FOLLOWED_KEY, None)  # turned on: go to the teacher now
    st.session_state[FOLLOW_ON_KEY] = bool(st.session_state.get("class_follow"))  # outlives the widget's state
    if st.session_state.get("class_follow"):
        st.query_params[FOLLOW_PARAM] = "1"
    elif FOLLOW_PARAM in st.query_params:
        del st.query_params[FOLLOW_PARAM]


@page_fragment(run_every=FOLLOW_EVERY_S)
def _banner(code: str, url_path: str) -> None:
    """The student's banner: one read of the class and the teacher's position; follow when asked. Small on purpose.

    Following starts only when this session says so (the toggle, or "Join and follow"): a link's
    ``?follow=1`` alone never moves the page.
    """
    if "class_follow" not in st.session_state:  # a page switch drops a widget's state: this session's choice stays
        st.session_state["class_follow"] = bool(st.session_state.get(FOLLOW_ON_KEY))
    try:
        banner = classroom().banner(code)
    except Exception:
        banner = None
    position = banner.position if banner is not None else None
    target = None
    with st.container(key="class-banner", border=True, horizontal=True, vertical_alignment="center"):
        if banner is not None and banner.ended:
            st.markdown(
                T(f":material/event_busy: 课堂 {code} 已经结束了。", f":material/event_busy: Class {code} has ended.")
            )
            return
        if position is None:
            st.markdown(
                T(f"课堂 {code}：老师还没有打开页面。", f"Class {code}: the teacher has not opened a page yet.")
            )
        else:
            place = position_label(position.url_path, position.query, position.label)
            st.markdown(
                ":material/co_present: " + T(f"老师在 **{inert(place)}**", f"The teacher is at **{inert(place)}**")
            )
            if (on_path := where_we_are(position)) is not None:
                st.caption(inert(on_path))
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
        if st.query_params.get(FOLLOW_PARAM) == "1" and not st.session_state.get(FOLLOW_ON_KEY):
            st.caption(
                T(
                    "链接要求自动跟随：打开“自动跟随”，老师换页时你的页面才会跟着换。",
                    "The link asks to follow the teacher: turn on “Follow automatically” to let the teacher's "
                    "moves move your page.",
                )
            )
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
        classroom().publish_run(code, teacher_token(code) or "", trace.question, trace_io.dumps(trace), settings)


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
