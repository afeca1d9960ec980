"""A small value kept in the learner's browser: a first-party cookie, read and written by Streamlit itself.

**Reading.** ``st.context.cookies`` (Streamlit ≥ 1.37) holds the cookies the browser sent
when the session connected. A cookie written during a session is therefore read by the
*next* session of that browser (a reload, a new tab, the plain address opened tomorrow).

**Writing: what was considered, and why this.** Streamlit 1.67 has no ``set_cookie``
command (the only cookies its server sets are its own OIDC login's, ``_streamlit_user``,
which exists only where a school configured a provider). Three ways were weighed:

* ``st.components.v1.html`` with a script: its iframe has a ``srcdoc`` and ``allow-same-origin``,
  so ``document.cookie`` there does reach the app's origin today, but that is a side effect
  of the sandbox flags, not an API, and v1 components are on their way out;
* a component package from the package index (``extra-streamlit-components``,
  ``streamlit-cookies-controller`` …): one more dependency with its own frontend bundle, for
  one line of JavaScript;
* **``st.components.v2.component`` — chosen.** Streamlit's own current component API runs
  inline JavaScript in the app page itself ("JavaScript executes with normal app-page DOM
  privileges", its docstring says), so ``document.cookie`` is the app's cookie jar by
  design. No new dependency, no iframe, the value travels as the component's ``data``
  (JSON), never spliced into the script.

The cookie is ``Path=/; SameSite=Lax`` (sent on a top-level navigation to the app, not on
other sites' requests), ``Secure`` when the page is served over HTTPS, and lives
:data:`MAX_AGE_S` (400 days, the most a browser keeps one). A script cannot make it
``HttpOnly``: like the link it replaces, whoever can run script on the app's origin can read
it — but it is no longer in the address bar, on the projector or in every link copied.

Names and values are checked here (letters, digits, ``_ . -``), so nothing a link or a
file says can add attributes to the cookie. The module knows nothing of learners or
classes: :mod:`pages._ui.course` keeps the learner id in one cookie, and the teacher's
class token can use :func:`remember` / :func:`recall` the same way under another name.
"""

from __future__ import annotations

import re
from typing import Any

import streamlit as st

MAX_AGE_S = 400 * 24 * 3600  # browsers cap a cookie's life at 400 days
_NAME = re.compile(r"^[A-Za-z0-9_]{1,64}$")
_VALUE = re.compile(r"^[A-Za-z0-9_.-]{0,256}$")

_JS = """
export default function (component) {
  const { data } = component;
  if (!data || typeof data.name !== "string") return;
  const parts = [data.name + "=" + encodeURIComponent(data.value), "Path=/", "Max-Age=" + data.maxAge, "SameSite=Lax"];
  if (window.location.protocol === "https:") parts.push("Secure");
  document.cookie = parts.join("; ");
}
"""

_writer: Any = None


def _component() -> Any:
    """The cookie writer, registered once per process (a component name must be unique in an app)."""
    global _writer
    if _writer is None:
        _writer = st.components.v2.component("toolcall_lab.browser_cookie", js=_JS)
    return _writer


def _request_cookies() -> dict[str, str]:
    """The cookies the browser sent when this session connected (none in AppTest, or without a browser)."""
    try:
        return dict(st.context.cookies)
    except Exception:
        return {}


def recall(name: str) -> str | None:
    """The value this browser keeps under ``name`` (as written by :func:`remember`), or ``None``.

    Within the session that wrote it, the written value is returned (the request's cookies
    are those of the connection, from before the write).
    """
    _check(name, "")
    written = st.session_state.get(_written_key(name))
    if isinstance(written, str):
        return written or None
    value = _request_cookies().get(name)
    return value if isinstance(value, str) and _VALUE.fullmatch(value) and value else None


def remember(name: str, value: str, *, max_age_s: int = MAX_AGE_S) -> None:
    """Keep ``value`` in this browser under ``name``: call it on every run (it draws nothing once the browser has it).

    The browser stores the cookie when the run's elements arrive. Until the session
    reconnects, every run draws the (invisible) writer again, so a rerun that came before
    the browser wrote it cannot lose the write. Call it once per run and name (the router
    does, for the learner): the writer is an element keyed ``cookie::<name>``.

    Raises:
        ValueError: a name or value outside ``[A-Za-z0-9_.-]`` (a value a link or file could have shaped).
    """
    _check(name, value)
    if _request_cookies().get(name) == value:
        return
    st.session_state[_written_key(name)] = value
    _component()(data={"name": name, "value": value, "maxAge": int(max_age_s)}, key=f"cookie::{name}", height=0)


def forget(name: str) -> None:
    """Remove ``name`` from this browser (an expired cookie, empty); call it once, on the run that decides."""
    _check(name, "")
    st.session_state[_written_key(name)] = ""
    _component()(data={"name": name, "value": "", "maxAge": 0}, key=f"cookie::{name}", height=0)


def _written_key(name: str) -> str:
    return f"_cookie_written::{name}"


def _check(name: str, value: str) -> None:
    if not _NAME.fullmatch(name) or not isinstance(value, str) or not _VALUE.fullmatch(value):
        raise ValueError("a cookie name or value outside [A-Za-z0-9_.-]")
