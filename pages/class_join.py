"""Project the join (the teacher's page): the class code in very large type, a QR code a back row can scan, the link.

Fits one projected screen (1024x768, 1280x720) without scrolling: sizes follow the viewport's height. The join
link is the Class box's (the lab's public address, ``LAB_PUBLIC_URL``, or this browser's address), with the same
warning when students' devices could not open it. "Back to the lesson" returns to where the class is.
"""

from __future__ import annotations

import streamlit as st

from lessons.content import lesson_text
from pages._ui import T, counted, inert, lang
from pages._ui.classroom import class_code, classroom, position_label, qr_png, role
from pages._ui.classroom_address import address_warning, class_join_link
from pages._ui.frame import PRESENT_PARAM, presenting
from pages.registry import page, page_by_url
from toolcall_lab.classroom import CLASS_PARAM
from toolcall_lab.classroom.address import short_link

SPEC = page("pages/class_join.py")

# The page's own constant stylesheet (no learner text flows into it): sizes in viewport and column units, so one
# screen holds all, the sidebar open or folded.
_CSS = """
<style>
[data-testid="stMainBlockContainer"] { padding-top: 2.5rem !important; padding-bottom: 1rem !important; }
/* the code and the link size by their column (cqi), so the teacher's open sidebar cannot push them off the edge */
.st-key-class-join-code, .st-key-class-join-short { container-type: inline-size; }
.st-key-class-join-code p { font-size: min(20vh, 20cqi) !important; line-height: 1.05; font-weight: 700;
  letter-spacing: 0.06em; white-space: nowrap; font-family: "Source Code Pro", ui-monospace, monospace;
  margin: 0; color: #1f1d1b; }
.st-key-class-join-short p { font-size: min(4.5vh, 5cqi) !important; line-height: 1.25; overflow-wrap: anywhere;
  font-family: "Source Code Pro", ui-monospace, monospace; margin: 0; }
.st-key-class-join-how p { font-size: min(3.4vh, 1.9vw) !important; line-height: 1.3; margin: 0; }
.st-key-class-join-qr img { width: min(62vh, 100%) !important; height: auto !important; image-rendering: pixelated; }
</style>
"""


def _back_link(code: str) -> None:
    """One click back to the page and step the class is on (the teacher's last published place), else home."""
    query = {"lang": lang(), CLASS_PARAM: code}
    if presenting():
        query[PRESENT_PARAM] = "1"
    target, label = "pages/home.py", T("回到课程", "Back to the lesson")
    try:
        position = classroom().position(code)
    except Exception:
        position = None
    if position is not None:
        try:
            target = page_by_url(position.url_path).path
            query.update(position.query)
            query["lang"] = lang()
            label += " · " + position_label(position.url_path, position.query, position.label)
        except KeyError:
            pass
    st.page_link(target, label=label, icon=":material/arrow_back:", query_params=query)


def join_view(code: str) -> None:
    """The join, screen-sized: the code, how to join and the short link on the left, the QR code on the right."""
    info = classroom().class_info(code)
    if info is None or info.ended:
        ended = T("这个课堂已经结束，不能再加入。", "This class has ended: nobody can join it.")
        st.info(ended, icon=":material/event_busy:")
        return
    link = class_join_link(SPEC, info.join_code)
    address_warning(link, "projector")
    words, picture = st.columns([11, 9], vertical_alignment="center")
    with words:
        with st.container(key="class-join-how"):
            st.markdown(T("扫码、打开链接，或在“课堂”里输入代码：", "Scan, open the link, or type the code:"))
        with st.container(key="class-join-code"):
            st.markdown(f"{info.join_code[:3]} {info.join_code[3:]}")
        with st.container(key="class-join-short"):
            st.markdown(inert(short_link(link)))
        st.caption(T(f"已加入 {info.students} 名学生", f"{counted(info.students, 'student')} joined"))
    with picture, st.container(key="class-join-qr"):
        st.image(
            qr_png(link, 12),
            alt=T(f"加入课堂 {info.join_code} 的二维码：{link}", f"QR code to join class {info.join_code}: {link}"),
        )


st.html(_CSS)
code = class_code()
if code is None or role() != "teacher":
    st.title(T("投影加入方式", "Project the join"), anchor=False)
    # Without a class of one's own, what this page shows is how to get one: that is its artifact here.
    st.container(key="artifact").info(
        T(
            "这一页是给带课堂的老师投影用的：大号的课堂代码和二维码。要开始上课，请在侧边栏的“课堂”里点“开始上课”。",
            "This page is for the teacher who leads a class, to project the class code and QR code. To start a "
            "class, use the sidebar's “Class” box.",
        ),
        icon=":material/school:",
    )
else:
    with st.container(key="artifact"):
        _back_link(code)
        join_view(code)
with st.expander(T("这一页", "About this page"), icon=":material/menu_book:"):
    st.markdown(lesson_text(SPEC.lesson, lang()))
