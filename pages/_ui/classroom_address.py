"""The class's public address in the teacher's Class box: the setting, the join link built from it, the warning.

The join link and its QR code point at, in this order, the address the teacher typed here, the server's
``LAB_PUBLIC_URL``, or the address the teacher's browser shows (:mod:`toolcall_lab.classroom.address`).
When that address is one only this computer can open (``127.0.0.1``, ``localhost``, a link-local
address), the teacher is told, before 40 phones get a link to themselves.
"""

from __future__ import annotations

import os

import streamlit as st

from pages._ui import T, inert, lang
from pages.registry import PageSpec
from toolcall_lab.classroom import join_link
from toolcall_lab.classroom.address import PUBLIC_URL_ENV, configured_base, public_base, unreachable_host

#: The public address this session's teacher typed (kept outside the widget: it outlives a page switch).
PUBLIC_KEY = "class_public_url"
_INPUT_KEY = "class::public_url"


def _typed() -> None:
    st.session_state[PUBLIC_KEY] = str(st.session_state.get(_INPUT_KEY) or "").strip()


def class_join_link(spec: PageSpec | None, join_code: str) -> str:
    """The join link students open: from the typed public address, ``LAB_PUBLIC_URL``, or this browser's address."""
    base = public_base(st.session_state.get(PUBLIC_KEY)) or configured_base(os.environ)
    if base is not None:
        return join_link(base, "", join_code, lang())
    try:
        url = st.context.url
    except Exception:
        url = None
    here = spec.url_path if spec and url and spec.path != "pages/home.py" else ""
    return join_link(url, here, join_code, lang())


def address_setting() -> None:
    """The Class box's "public address" field (folded), with what it does and a word when it is not an address."""
    if _INPUT_KEY not in st.session_state:
        st.session_state[_INPUT_KEY] = st.session_state.get(PUBLIC_KEY) or configured_base(os.environ) or ""
    with st.expander(T("实验室的公开地址", "The lab's public address"), icon=":material/public:"):
        st.text_input(
            T("学生打开的地址", "The address students open"),
            key=_INPUT_KEY,
            max_chars=300,
            placeholder="http://192.168.1.20:8501/",
            on_change=_typed,
            help=T(
                f"加入链接和二维码用它。留空则用服务器的 {PUBLIC_URL_ENV}，再没有就用你浏览器里的地址。",
                f"The join link and QR code use it. Empty: the server's {PUBLIC_URL_ENV}, else your browser's address.",
            ),
        )
        typed = str(st.session_state.get(_INPUT_KEY) or "").strip()
        if typed and public_base(typed) is None:
            st.caption(
                T(
                    f"“{inert(typed[:60])}”不是 http:// 或 https:// 地址，没有用上。",
                    f"“{inert(typed[:60])}” is not an http:// or https:// address: it is not used.",
                )
            )


def address_warning(link: str, where: str = "box") -> None:
    """Warn the teacher when the join link points at a host students' devices cannot reach.

    ``where`` names the place it is drawn (the Class box, the projector view): both show it on the join page,
    and two elements of one run cannot share a key.
    """
    host = unreachable_host(link)
    if host is None:
        return
    with st.container(key=f"class-address-warning-{where}"):
        st.warning(
            T(
                f"学生的手机打不开这个链接：**{inert(host)}** 只指向这台电脑自己。"
                "请用这台电脑在校园网里的地址打开实验室（Streamlit 启动时打印的 “Network URL”），"
                f"或在下面“实验室的公开地址”里填上它，或在服务器上设置 {PUBLIC_URL_ENV}。",
                f"Students' phones cannot open this link: **{inert(host)}** points at this computer itself. "
                "Open the lab by this computer's address on the school network (the “Network URL” Streamlit "
                f"prints when it starts), or type that address under “The lab's public address” below, or set "
                f"{PUBLIC_URL_ENV} on the server.",
            ),
            icon=":material/wifi_off:",
        )
