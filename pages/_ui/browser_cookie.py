"""A small value kept in this browser: a first-party cookie, read from the connection, written with one script.

**Reading.** ``st.context.cookies`` (Streamlit ≥ 1.37) holds the cookies the browser sent
when the session connected. A cookie written during a session is therefore read by the
*next* connection of that browser: a reload, a new tab, the plain address opened tomorrow,
a reconnect to another app process.

**Writing.** Streamlit 1.67 has no ``set_cookie`` command (the only cookie its server sets is
its own OIDC login's, where a school configured a provider). Weighed: a component package
from the package index (one more dependency and frontend bundle for one line of script),
``st.components.v1.html`` (its ``srcdoc`` iframe reaches the app's cookie jar only as a side
effect of its sandbox flags), ``st.components.v2`` (inline JavaScript in the app page). The
lab draws one ``st.html`` element with ``unsafe_allow_javascript`` whose script sets
``document.cookie`` — Streamlit's own element, no iframe, no dependency. The script is built
here from a checked name and value (letters, digits, ``_ . ~ -``: nothing a link or a file
could shape into an attribute), nothing else goes into it; the writes of a run are drawn
once, by :func:`flush` (the router calls it every run), in a keyed sidebar container that
shows nothing.

The cookie has ``Path=/``, ``SameSite`` (``Lax`` for the learner, sent on a top-level
navigation to the app; ``Strict`` for the teacher's token), ``Secure`` when the page is
served over HTTPS, and a ``Max-Age``. It is not ``HttpOnly`` (a script sets it): like the link
it replaces, whoever can run script on the app's origin could read it — and no page of the
lab renders anyone else's script (every hostile string is shown as text).

Used by :mod:`pages._ui.course` (the learner id: :func:`remember` / :func:`recall`) and by
:mod:`pages._ui.classroom_state` (the teacher's token: :func:`write` / :func:`read`).

>>> cookie_script("tcl_teacher", "ABC234.x-y_z", 3600)  # doctest: +ELLIPSIS
'<script>(() => { const secure = location.protocol === "https:" ? "; Secure" : ""; document.cookie = ...
"""

from __future__ import annotations

import json
import re
from typing import Literal

import streamlit as st

MAX_AGE_S = 400 * 24 * 3600  # browsers cap a cookie's life at 400 days
_NAME = re.compile(r"^[A-Za-z0-9_]{1,64}$")
_VALUE = re.compile(r"^[A-Za-z0-9._~-]{0,400}$")  # no separator, quote or space: nothing to escape
PENDING_KEY = "_browser_cookie_pending"
SameSite = Literal["Lax", "Strict"]


def _request_cookies() -> dict[str, str]:
    """The cookies the browser sent when this session connected (none in AppTest, or without a browser)."""
    try:
        return dict(st.context.cookies)
    except Exception:  # no browser behind the session (a bare script run)
        return {}


def _check(name: str, value: str) -> None:
    if not _NAME.fullmatch(name) or not isinstance(value, str) or not _VALUE.fullmatch(value):
        raise ValueError("a cookie name or value outside [A-Za-z0-9_.~-]")


def _written_key(name: str) -> str:
    return f"_cookie_written::{name}"


def cookie_script(name: str, value: str, max_age_s: int, same_site: SameSite = "Strict") -> str:
    """The one script that sets (or, with ``max_age_s=0``, removes) a cookie; refuses what it cannot write safely."""
    _check(name, value)
    if not 0 <= max_age_s <= MAX_AGE_S or same_site not in ("Lax", "Strict"):
        raise ValueError("a cookie lifetime or SameSite this module does not write")
    line = json.dumps(f"{name}={value}; Path=/; Max-Age={int(max_age_s)}; SameSite={same_site}")
    return (
        '<script>(() => { const secure = location.protocol === "https:" ? "; Secure" : "";'
        f" document.cookie = {line} + secure; }})();</script>"
    )


def read(name: str) -> str | None:
    """The cookie ``name`` as this browser sent it when the connection opened (``None``: none, or no browser)."""
    value = _request_cookies().get(name)
    return value if isinstance(value, str) and _VALUE.fullmatch(value) else None


def write(name: str, value: str, max_age_s: int, same_site: SameSite = "Strict") -> None:
    """Set the cookie in this browser (drawn by :func:`flush` at the end of this run)."""
    _check(name, value)
    pending = st.session_state.setdefault(PENDING_KEY, {})
    pending[name] = (value, max_age_s, same_site)


def forget(name: str) -> None:
    """Remove the cookie from this browser (and from what this session wrote)."""
    if _written_key(name) in st.session_state:
        st.session_state[_written_key(name)] = ""
    write(name, "", 0, "Lax")


def recall(name: str) -> str | None:
    """The value this browser keeps under ``name`` (as :func:`remember` wrote it), or ``None``.

    Within the session that wrote it, the written value is returned (the request's cookies
    are those of the connection, from before the write).
    """
    _check(name, "")
    written = st.session_state.get(_written_key(name))
    if isinstance(written, str):
        return written or None
    value = read(name)
    return value or None


def remember(name: str, value: str, *, max_age_s: int = MAX_AGE_S, same_site: SameSite = "Lax") -> None:
    """Keep ``value`` in this browser under ``name``: call it on every run (nothing is drawn once the browser has it).

    Until the session reconnects with the cookie, every run writes it again, so a rerun that
    came before the browser stored it cannot lose the write.

    Raises:
        ValueError: a name or value outside ``[A-Za-z0-9_.~-]`` (a value a link or file could have shaped).
    """
    _check(name, value)
    if _request_cookies().get(name) == value:
        return
    st.session_state[_written_key(name)] = value
    write(name, value, max_age_s, same_site)


def flush() -> None:
    """Draw the scripts of this run's writes (the router calls it once per run)."""
    pending = st.session_state.pop(PENDING_KEY, None)
    if not pending:
        return
    with st.sidebar, st.container(key="browser-cookie", border=False):  # draws nothing a learner sees
        for name, (value, max_age_s, same_site) in pending.items():
            st.html(cookie_script(name, value, max_age_s, same_site), unsafe_allow_javascript=True)
