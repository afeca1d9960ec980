"""The teacher's part of the Class box: the join code, link and QR code; new code, hand over, end.

Every button here acts with the teacher token this session holds (:mod:`pages._ui.classroom_state`):

* **New code** — the class gets a new join code; students already in stay in, the old code stops joining.
* **Hand the class to another device** — a one-time code, shown here only, valid ten minutes; the other
  device types the class code and it under "Take over a class", and leads from then on (this one stops).
* **End the class** — asks first; then the code joins nobody, the students' banner says the class ended,
  and the results stay readable here until the teacher stops leading.
"""

from __future__ import annotations

import functools
import time

import streamlit as st

from pages._ui import T, counted, lang
from pages._ui.classroom_address import address_setting, address_warning, class_join_link
from pages._ui.classroom_path import teacher_path
from pages._ui.classroom_state import classroom, drop_class, forget_token, lost, teacher_token
from pages._ui.course import learner_id
from pages._ui.frame import PRESENT_PARAM
from pages.registry import PageSpec, page_by_url
from toolcall_lab.classroom import CLASS_PARAM, ClassInfo, NotTheTeacher, show_handover
from toolcall_lab.classroom.teacher_keys import HANDOVER_TTL_S

HANDOVER_KEY = "class_handover"
END_ASK_KEY = "class_end_ask"


@functools.lru_cache(maxsize=64)
def qr_png(link: str, scale: int = 6) -> bytes:
    """The join link as a QR code (PNG), for a projector (made once per link: ~40 ms of pure Python).

    ``scale`` is the pixels per module: 6 for the sidebar, larger for the projector view (sharp when stretched).
    """
    import io

    import segno

    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="png", scale=scale, border=2)
    return out.getvalue()


def _hours(seconds: float) -> str:
    hours = max(seconds, 0) / 3600
    return f"{hours:.0f} h" if hours >= 1.5 else f"{max(seconds, 0) / 60:.0f} min"


def _act(code: str, action: str) -> None:
    """A button's work, with the token: a refusal means this device does not lead the class any more."""
    token = teacher_token(code) or ""
    try:
        if action == "new_code":
            classroom().change_code(code, token)
        elif action == "hand_over":
            st.session_state[HANDOVER_KEY] = (code, classroom().hand_over(code, token), time.time() + HANDOVER_TTL_S)
        elif action == "end":
            classroom().end_class(code, token)
            st.session_state.pop(HANDOVER_KEY, None)
    except NotTheTeacher:
        lost(code)
    except Exception:
        st.session_state["class_action_failed"] = True
    st.session_state.pop(END_ASK_KEY, None)


def _ask_end() -> None:
    st.session_state[END_ASK_KEY] = True


def _cancel_end() -> None:
    st.session_state.pop(END_ASK_KEY, None)


def stop_leading(code: str, info: ClassInfo | None) -> None:
    """This session stops leading; the browser keeps the token while the class runs (type the code to come back)."""
    if info is None or info.ended:
        forget_token()
    st.session_state.pop(HANDOVER_KEY, None)
    drop_class()


def teacher_box(code: str, spec: PageSpec | None) -> ClassInfo | None:
    """The Class box of the session that leads ``code``; returns the class as read on this run."""
    try:
        info = classroom().class_info(code)
        leads = classroom().role(code, learner_id(), teacher_token(code)) == "teacher"
    except Exception:
        st.warning(T("课堂暂时读不到。", "The class cannot be read just now."), icon=":material/error:")
        return None
    if info is None or not leads:
        lost(code)
        st.rerun()
    assert info is not None
    if st.session_state.pop("class_action_failed", None):
        st.warning(T("没有做成，请再试一次。", "That did not work; try again."), icon=":material/error:")
    if info.ended:
        st.info(
            T(
                f"课堂 **{info.join_code}** 已结束：代码不再能加入，学生的横幅显示课堂已结束。成绩还可以在下面看。",
                f"Class **{info.join_code}** has ended: its code joins nobody, and the students' banner says it "
                "ended. Its results are still below.",
            ),
            icon=":material/event_busy:",
        )
        _results_link(code)
        return info
    link = class_join_link(spec, info.join_code)  # the typed public address, LAB_PUBLIC_URL, or this browser's
    address_warning(link)  # first in the box: before the link it is about
    st.markdown(
        T(
            f"你在带课堂 **`{info.join_code}`**（{info.students} 名学生）。学生用这个代码或链接加入：",
            f"You lead class **`{info.join_code}`** ({counted(info.students, 'student')}). Students join with the code "
            "or this link:",
        )
    )
    with st.container(key="class-join-link"):  # the stylesheet lets this one link wrap: a projector shows it whole
        st.code(link, language="text", wrap_lines=True)
    with st.popover(T("二维码", "QR code"), icon=":material/qr_code_2:"):
        st.image(
            qr_png(link),
            caption=info.join_code,
            width=280,
            alt=T(f"加入课堂 {info.join_code} 的二维码：{link}", f"QR code to join class {info.join_code}: {link}"),
        )
    address_setting()
    left = info.ends_at - time.time()
    st.caption(
        T(
            f"最多 {classroom().limits.max_students} 名学生。你最后一次操作后 "
            f"{_hours(classroom().limits.idle_s)} 课堂自动结束（还剩约 {_hours(left)}）。",
            f"Up to {classroom().limits.max_students} students. The class ends by itself "
            f"{_hours(classroom().limits.idle_s)} after your last move (about {_hours(left)} from now).",
        )
    )
    st.page_link(
        "pages/class_join.py",
        label=T("投影加入方式", "Project the join"),  # short: the sidebar is narrow, a long label was cut
        icon=":material/qr_code_2:",
        help=T(
            "课堂代码用大字显示，配上全班都能扫的二维码。",
            "The class code in very large type, with a QR code the room can scan.",
        ),
        query_params={"lang": lang(), CLASS_PARAM: code, PRESENT_PARAM: "1"},
    )
    _results_link(code)
    teacher_path(code, spec)  # the course path: where the class is on it, ◀ ▶, the lesson plan
    _handover_view(code)
    if st.session_state.get(END_ASK_KEY):
        st.warning(
            T(
                f"结束课堂 {info.join_code}？学生不能再加入，谁也不能再带这个课堂；成绩还可以看。",
                f"End class {info.join_code}? Nobody can join it or lead it any more; its results stay readable.",
            ),
            icon=":material/warning:",
        )
        yes, no = st.columns(2)
        yes.button(T("结束", "End it"), key="class::end_yes", type="primary", on_click=_act, args=(code, "end"))
        no.button(T("取消", "Cancel"), key="class::end_no", on_click=_cancel_end)
        return info
    st.button(
        T("换一个代码", "New code"),
        key="class::new_code",
        icon=":material/autorenew:",
        on_click=_act,
        args=(code, "new_code"),
        help=T("已经在课堂里的学生留下；旧代码不再能加入。", "Students already in stay; the old code stops joining."),
    )
    st.button(
        T("把课堂交给另一台设备", "Hand the class to another device"),
        key="class::hand_over",
        icon=":material/devices:",
        on_click=_act,
        args=(code, "hand_over"),
    )
    st.button(T("结束课堂", "End the class"), key="class::end", icon=":material/stop_circle:", on_click=_ask_end)
    return info


def _results_link(code: str) -> None:
    st.page_link(
        "pages/class_results.py",
        label=T("班级成绩", "Class results"),
        icon=":material/leaderboard:",
        query_params={"lang": lang(), CLASS_PARAM: code},  # no learner id, no token: the session has them
    )


def _handover_view(code: str) -> None:
    held = st.session_state.get(HANDOVER_KEY)
    if not held or held[0] != code or held[2] < time.time():
        st.session_state.pop(HANDOVER_KEY, None)
        return
    st.warning(
        T(
            "交接码（只给你自己看，别投到屏幕上）：在另一台设备的“课堂”里输入课堂代码和它，点“接手课堂”。"
            f"只能用一次，{_hours(held[2] - time.time())} 内有效；接手后这台设备不再带课。",
            "Hand-over code (for your eyes only: keep it off the projector). On the other device, type the "
            "class code and this under “Take over a class”. It works once, for the next "
            f"{_hours(held[2] - time.time())}; then this device no longer leads.",
        ),
        icon=":material/key:",
    )
    with st.container(key="class-handover-code"):
        st.code(show_handover(held[1]), language="text")


def back_to_class_place(code: str) -> None:
    """A link from the results back to where the teacher is (the class's last published place, its step kept)."""
    try:
        position = classroom().position(code)
        spec = page_by_url(position.url_path) if position is not None else None
    except Exception:  # no place yet, a page no longer in the course, or the database away: no link
        return
    if position is None or spec is None:
        return
    query = {**position.query, "lang": lang(), CLASS_PARAM: code}
    if st.query_params.get(PRESENT_PARAM) == "1":
        query[PRESENT_PARAM] = "1"  # from the projected results back to the projected page
    label = T("回到：", "Back to: ") + spec.title(lang())
    st.page_link(spec.path, label=label, icon=":material/arrow_back:", query_params=query)
