"""A class link that asks for more than joining: ``?class=X&follow=1`` is confirmed before anything happens.

The join link (``?class=X``) joins on arrival: it is what the teacher's projector and QR code give. A link
that also says ``follow=1`` would let someone else's teacher move this learner's page: it waits until the
learner answers (join and follow, join only, do not join). A learner already in the class is never
re-asked to join; following starts only from this session's own toggle (see the banner).
"""

from __future__ import annotations

import streamlit as st

from pages._ui import T
from pages._ui.classroom_state import CODE_KEY, FOLLOW_ON_KEY, PENDING_KEY, enter
from toolcall_lab.classroom import CLASS_PARAM, FOLLOW_PARAM


def answer_link(code: str, answer: str) -> None:
    st.session_state.pop(PENDING_KEY, None)
    if answer != "no" and enter(code) == "student":
        st.session_state["class_follow"] = st.session_state[FOLLOW_ON_KEY] = answer == "follow"
        st.query_params[CLASS_PARAM] = st.session_state[CODE_KEY]
        if answer == "follow":
            st.query_params[FOLLOW_PARAM] = "1"
            return
    for key in (CLASS_PARAM, FOLLOW_PARAM) if answer == "no" else (FOLLOW_PARAM,):
        if key in st.query_params:
            del st.query_params[key]


def confirm_link(code: str) -> None:
    """A ``?class=X&follow=1`` link: ask before joining the class and before letting its teacher move this page."""
    with st.container(key="class-confirm", border=True):
        st.markdown(
            T(
                f":material/groups: 这个链接要你加入课堂 **{code}**，并自动跟随老师：老师每换一页，你的页面也跟着换。"
                "老师会看到你的练习计数（不填名字就是匿名）。",
                f":material/groups: This link asks you to join class **{code}** and follow its teacher "
                "automatically: whenever the teacher moves, your page moves too. The teacher sees your "
                "exercises counted (anonymously unless you give a name).",
            )
        )
        with st.container(horizontal=True):
            st.button(
                T("加入并跟随", "Join and follow"),
                key="class::confirm_follow",
                type="primary",
                on_click=answer_link,
                args=(code, "follow"),
            )
            st.button(
                T("只加入", "Join without following"),
                key="class::confirm_join",
                on_click=answer_link,
                args=(code, "join"),
            )
            st.button(T("不加入", "Do not join"), key="class::confirm_no", on_click=answer_link, args=(code, "no"))
