"""A small cookie of this browser: read it from the connection, write or forget it with one line of script.

Streamlit reads cookies but does not set them: :func:`read` takes ``st.context.cookies``
(the cookies the browser sent when it opened the app's connection), and :func:`write` /
:func:`forget` render an invisible ``st.html`` element whose script sets ``document.cookie``
(Streamlit runs it only with ``unsafe_allow_javascript``; the script is built here from a
checked name and value, nothing else goes into it). The element is drawn on one run only:
the value is in the page for that run, never in a link, and gone from the page after.

So a value written now is read back by the *next* connection: a reload of the tab, a new
tab of the same browser, a reconnect to another app process. The cookie is the browser's:
``Path=/``, ``SameSite=Strict`` (another site's link never carries it), ``Secure`` when the
page is served over HTTPS, and a ``Max-Age``. It is not ``HttpOnly`` (a script sets it): a
page of the lab never renders a script of anyone else (every hostile string is shown as text).

Used by the classroom (the teacher token, ``pages/_ui/classroom_state.py``) and open to the
learner identity; the router calls :func:`flush` once per run, after the Class box.

>>> cookie_script("tcl_teacher", "ABC234.x-y_z", 3600)  # doctest: +ELLIPSIS
'<script>(() => { const secure = location.protocol === "https:" ? "; Secure" : ""; document.cookie = ...
"""

from __future__ import annotations

import json
import re

import streamlit as st

_NAME = re.compile(r"^[A-Za-z0-9_]{1,40}$")
_VALUE = re.compile(r"^[A-Za-z0-9._~-]{0,400}$")  # no separator, quote or space: nothing to escape
PENDING_KEY = "_browser_cookie_pending"


def read(name: str) -> str | None:
    """The cookie ``name`` as this browser sent it when the connection opened (``None``: none, or outside a browser)."""
    try:
        value = st.context.cookies.get(name)
    except Exception:  # no browser behind the session (a bare script run)
        return None
    return value if isinstance(value, str) and _VALUE.fullmatch(value) else None


def cookie_script(name: str, value: str, max_age_s: int) -> str:
    """The one script that sets (or, with ``max_age_s=0``, removes) a cookie; refuses what it cannot write safely."""
    if not _NAME.fullmatch(name) or not _VALUE.fullmatch(value) or not 0 <= max_age_s <= 400 * 86400:
        raise ValueError("a cookie name or value this module does not write")
    line = json.dumps(f"{name}={value}; Path=/; Max-Age={int(max_age_s)}; SameSite=Strict")
    return (
        '<script>(() => { const secure = location.protocol === "https:" ? "; Secure" : "";'
        f" document.cookie = {line} + secure; }})();</script>"
    )


def write(name: str, value: str, max_age_s: int) -> None:
    """Set the cookie in this browser (on this run: call it from the run that made the value)."""
    pending = st.session_state.setdefault(PENDING_KEY, {})
    pending[name] = (value, max_age_s)


def forget(name: str) -> None:
    """Remove the cookie from this browser."""
    write(name, "", 0)


def flush() -> None:
    """Draw the scripts of this run's :func:`write` calls (the router calls it once per run, at the end)."""
    pending = st.session_state.pop(PENDING_KEY, None)
    if not pending:
        return
    with st.sidebar, st.container(key="browser-cookie", border=False):  # draws nothing a learner sees
        for name, (value, max_age_s) in pending.items():
            st.html(cookie_script(name, value, max_age_s), unsafe_allow_javascript=True)
