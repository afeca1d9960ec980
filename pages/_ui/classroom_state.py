"""This session's class: the store, the class code kept in the link, the role, and the teacher's token.

The teacher of a class is whoever holds its teacher token (``toolcall_lab.classroom``), never a
learner id. The token lives in this session's state and in this browser's cookie
:data:`TEACHER_COOKIE` (``CODE.token``, written by :mod:`pages._ui.browser_cookie`), so a reload of the
teacher's tab, or a new tab of the same browser opening ``?class=CODE``, leads the class again.
It is never in a link, never drawn on the page, never in the join link or its QR code; another
browser with the teacher's whole address (``?learner=<teacher id>&class=CODE``) is not the teacher.

The refusals the store gives (an unknown, ended or full class, a wrong hand-over code, a device
that no longer leads) are kept as :data:`ERROR_KEY` for the Class box to explain.
"""

from __future__ import annotations

import threading
import weakref

import streamlit as st

from pages._ui import Text, browser_cookie, inert, lang
from pages._ui import course as _course
from pages._ui.course import learner_id
from toolcall_lab.classroom import (
    CLASS_PARAM,
    FOLLOW_PARAM,
    ClassEnded,
    ClassFull,
    ClassroomStore,
    Role,
    TeacherKey,
    UnknownClass,
    is_class_code,
    is_teacher_token,
    normalize_code,
)
from toolcall_lab.progress import Database

CODE_KEY = "class_code"
TOKEN_KEY = "class_teacher_token"
ERROR_KEY = "class_error"
#: A ``?class=X&follow=1`` link this session has not said yes to yet: the code it names.
PENDING_KEY = "class_pending"
FOLLOWED_KEY = "class_followed_seq"
#: This session said "follow the teacher" (the toggle, or "Join and follow"); a link's ``follow=1`` alone never does.
FOLLOW_ON_KEY = "class_follow_on"
PUBLISHED_KEY = "class_published"
#: The teacher's cookie: ``CODE.token`` for the class this browser leads.
TEACHER_COOKIE = "tcl_teacher"
#: How long the teacher's browser keeps it: one school day and a half (the class ends sooner, by itself).
TEACHER_COOKIE_S = 36 * 3600

_stores: weakref.WeakKeyDictionary[Database, ClassroomStore] = weakref.WeakKeyDictionary()
_stores_lock = threading.Lock()


def classroom() -> ClassroomStore:
    """The classroom store on the progress store's database (one per database, so one pool per process)."""
    db = _course.store().db  # looked up on each call: tests put progress in a database of their own
    with _stores_lock:
        if db not in _stores:
            _stores[db] = ClassroomStore(db)  # limits from the environment (LAB_CLASS_MAX_STUDENTS, ...)
        return _stores[db]


def teacher_token(code: str) -> str | None:
    """This browser's teacher token for class ``code``: this session's, else the cookie's; ``None``."""
    held = st.session_state.get(TOKEN_KEY)
    if held and held[0] == code:
        return str(held[1])
    saved = browser_cookie.read(TEACHER_COOKIE) or ""
    saved_code, _, token = saved.partition(".")
    return token if saved_code == code and is_teacher_token(token) else None


def keep_token(key: TeacherKey) -> None:
    """Keep a teacher token in this session and in this browser (never in the link)."""
    st.session_state[TOKEN_KEY] = (key.code, key.token)
    browser_cookie.write(TEACHER_COOKIE, f"{key.code}.{key.token}", TEACHER_COOKIE_S)


def forget_token() -> None:
    """This session and this browser lead no class any more."""
    st.session_state.pop(TOKEN_KEY, None)
    browser_cookie.forget(TEACHER_COOKIE)


def refuse(kind: str, code: str, limit: int = 0) -> None:
    """Keep why the Class box refused (unknown, ended, full, starter, lost, handover, down)."""
    st.session_state[ERROR_KEY] = (kind, code or "—", limit)


def refusal_text(kind: str, code: str, limit: int) -> str:
    """Why the Class box refused, in the learner's words (the kinds of :func:`refuse`); the typed code as text."""
    code = inert(code)  # what was typed into the code box: never markup
    texts: dict[str, Text] = {
        "unknown": Text(f"没有代码为 {code} 的课堂。", f"No class has the code {code}."),
        "ended": Text(f"课堂 {code} 已经结束了。", f"Class {code} has ended."),
        "full": Text(
            f"课堂 {code} 已满（最多 {limit} 名学生）。请老师再开一个课堂。",
            f"Class {code} is full ({limit} students at most). Ask the teacher to start a second class.",
        ),
        "starter": Text(
            f"课堂 {code} 是用这个学习者 id 开的，但老师的身份在开课的浏览器里，不在链接里。"
            "要在这台设备上带课，请在原来的设备上点“把课堂交给另一台设备”。",
            f"Class {code} was started with this learner id, but a teacher's role lives in the browser that "
            "started it, not in a link. To lead from this device, use “Hand the class to another device” "
            "on the one that leads it.",
        ),
        "lost": Text(
            f"这台设备不再带课堂 {code}：它被交给了另一台设备、结束了，或者太久没有操作自动结束了。",
            f"This device no longer leads class {code}: it was handed to another device, ended, or ran out of time.",
        ),
        "handover": Text(
            "交接没有成功：课堂代码或交接码不对、已经用过，或已过期（10 分钟）。",
            "The hand-over did not work: the class code or the hand-over code is wrong, used, or older than "
            "10 minutes.",
        ),
        "down": Text("课堂暂时读不到，请稍后再试。", "The class cannot be reached just now; try again shortly."),
    }
    return texts.get(kind, texts["unknown"])(lang())


def class_code() -> str | None:
    """This session's class: the link's ``?class=`` (joined or led on arrival), else the one it had.

    A link that also says ``follow=1`` and would make this learner join a class is not
    followed at once: it waits in :data:`PENDING_KEY` until the learner says yes.
    """
    linked = normalize_code(st.query_params.get(CLASS_PARAM))
    current = st.session_state.get(CODE_KEY)
    if is_class_code(linked) and linked != current and st.session_state.get(PENDING_KEY) != linked:
        asks_to_follow = st.query_params.get(FOLLOW_PARAM) == "1"
        st.session_state.pop(ERROR_KEY, None)
        if enter(linked, join=not asks_to_follow) is None:
            if asks_to_follow and ERROR_KEY not in st.session_state:
                st.session_state[PENDING_KEY] = linked  # ask first: "join and follow?"
            else:
                del st.query_params[CLASS_PARAM]
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


def enter(code: str, name: str | None = None, *, join: bool = True) -> Role | None:
    """Lead (this browser holds the class's token) or join a class; ``None`` when refused (see :func:`refuse`).

    ``code`` may be the class's join code or, for a student already in it, the code their link keeps.
    With ``join=False`` a learner not yet in the class is not added (``None``, nothing refused).
    """
    learner = learner_id()
    try:
        info = classroom().class_info(code)
        if info is None:
            refuse("unknown", code)
            return None
        key = info.code
        token = teacher_token(key)
        found = classroom().role(key, learner, token)
        if found == "teacher" and token is not None:
            st.session_state[TOKEN_KEY] = (key, token)
        if found is None:
            if not join:
                return None
            member = classroom().join(code, learner, name)
            st.session_state[f"class::name::{key}"] = member.display_name or ""  # the box shows the name kept
            found = "student"
    except ClassFull as full:
        refuse("full", code, full.limit)
        return None
    except ClassEnded:
        refuse("ended", code)
        return None
    except UnknownClass:
        refuse("unknown", code)
        return None
    except ValueError:  # this learner id started the class, but this browser holds no token for it
        refuse("starter", code)
        return None
    except Exception:  # a database that cannot be reached must not take the lesson down
        refuse("down", code)
        return None
    st.session_state[CODE_KEY] = key
    st.session_state[f"class_role::{key}"] = found
    st.session_state.pop(FOLLOWED_KEY, None)
    st.session_state.pop(PENDING_KEY, None)
    return found


def lead(key: TeacherKey) -> None:
    """This session leads the class ``key.code`` from now on (started here, or handed over to this device)."""
    keep_token(key)
    st.session_state[CODE_KEY] = key.code
    st.session_state[f"class_role::{key.code}"] = "teacher"
    st.session_state.pop(PUBLISHED_KEY, None)
    st.query_params[CLASS_PARAM] = key.code


def drop_class() -> None:
    """This session is in no class any more (the store is not told: see the Class box's leave)."""
    code = st.session_state.pop(CODE_KEY, None)
    if code:
        st.session_state.pop(f"class_role::{code}", None)
    for key in (CLASS_PARAM, FOLLOW_PARAM):
        if key in st.query_params:
            del st.query_params[key]
    for key in (FOLLOWED_KEY, PUBLISHED_KEY, PENDING_KEY, FOLLOW_ON_KEY, "class_follow"):
        st.session_state.pop(key, None)


def lost(code: str) -> None:
    """The store says this device no longer leads ``code`` (handed over, ended, out of time): say so, let go."""
    drop_class()
    forget_token()
    refuse("lost", code)
