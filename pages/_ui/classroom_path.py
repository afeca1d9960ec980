"""The class's course path in the UI: picked when a class starts, walked with ◀ ▶, shown to students, printed.

The paths are data (:mod:`toolcall_lab.classroom.paths`, ``lessons/course/class_paths.py``). The teacher's
choice lives in their session and travels with their published place as ``?path=<key>`` (never who they
are), so each student's banner says where the class is on the path and what comes next.
"""

from __future__ import annotations

import streamlit as st

from lessons.course.class_paths import CLASS_PATHS, FALLBACK_ASK
from pages._ui import T, lang, resend_choice
from pages._ui.frame import PRESENT_PARAM
from pages.registry import COURSE, PageSpec, page_by_url
from toolcall_lab.classroom import CLASS_PARAM, Position
from toolcall_lab.classroom.paths import PATH_PARAM, CoursePath, Stop, full_path, lesson_plan, stop_at
from toolcall_lab.i18n import Text

#: The path this session's teacher chose when the class started.
PATH_KEY = "class_path"
_INPUT_KEY = "class::path_input"
DEFAULT_PATH = "class90"

FULL = full_path((spec.url_path, spec.exercises) for spec in COURSE)


def course_paths() -> dict[str, CoursePath]:
    """Every path by its key: the 90- and 45-minute classes, then the full self-paced course."""
    return {p.key: p for p in (*CLASS_PATHS, FULL)}


def _title(url_path: str) -> str:
    try:
        return page_by_url(url_path).title(lang())
    except KeyError:
        return url_path


def _exercises(url_path: str) -> int:
    try:
        return page_by_url(url_path).exercises
    except KeyError:
        return 0


def _ask(stop: Stop) -> Text:
    if stop.ask is not None:
        return stop.ask
    try:
        return page_by_url(stop.url_path).question or FALLBACK_ASK
    except KeyError:
        return FALLBACK_ASK


def path_picker() -> None:
    """Before "Start a class": which path the class will walk (the 90-minute class by default)."""
    paths = course_paths()
    labels = {k: f"{p.title(lang())} · {p.total_minutes} min" for k, p in paths.items()}
    resend_choice(_INPUT_KEY)  # worded in the session's language (resend_choice says why)
    st.selectbox(T("课程路线", "Course path"), list(labels), key=_INPUT_KEY, format_func=labels.__getitem__, index=0)


def keep_choice() -> None:
    """The class starts: keep the picked path for this session (the teacher's)."""
    st.session_state[PATH_KEY] = st.session_state.get(_INPUT_KEY) or DEFAULT_PATH


def chosen() -> CoursePath | None:
    """The path this session's teacher leads, if any.

    A session that leads a class without a choice of its own (the teacher's tab reloaded, a new tab, the class
    handed to another device) takes the path the class's last published place carries, once per session.
    """
    if PATH_KEY not in st.session_state and (published := _published_path()) is not None:
        st.session_state[PATH_KEY] = published
    return course_paths().get(str(st.session_state.get(PATH_KEY) or ""))


def _published_path() -> str | None:
    """The path key of the class this session leads, as its last published place carries it ("" if none;
    ``None`` when this session leads no class or the place could not be read, so the next run asks again)."""
    from pages._ui.classroom_state import class_code, classroom, role  # late: that room imports the frame

    code = class_code()
    if code is None or role() != "teacher":
        return None
    try:
        position = classroom().position(code)
    except Exception:  # the database away: nothing is kept, the next run reads the place again
        return None
    return str(position.query.get(PATH_PARAM, "")) if position is not None else ""


def _stop_link(code: str, path: CoursePath, i: int, label: str, icon: str, *, present: bool = False) -> None:
    stop = path.stops[i]
    query = {"lang": lang(), CLASS_PARAM: code}
    if stop.step is not None:
        query["step"] = str(stop.step)
    if present:  # the next stop opens projected too
        query[PRESENT_PARAM] = "1"
    st.page_link(page_by_url(stop.url_path).path, label=label, icon=icon, query_params=query)


def projected_stops(code: str, spec: PageSpec) -> bool:
    """Presenter mode's ◀ ▶ between pages, along the path this session's teacher leads.

    Draws the previous and next stop of the path around this page (and step) as two links that keep the page
    projected, and returns ``True``; returns ``False`` (drawing nothing) when no path is led or this page is off
    it, so the caller falls back to the course order.
    """
    path = chosen()
    i = stop_at(path, spec.url_path, st.query_params.get("step")) if path is not None else None
    if path is None or i is None:
        return False
    left, right = st.columns(2)
    if i > 0:
        with left:
            _stop_link(code, path, i - 1, "◀ " + _title(path.stops[i - 1].url_path), ":material/route:", present=True)
    if i + 1 < len(path.stops):
        with right:
            label = _title(path.stops[i + 1].url_path) + " ▶"
            _stop_link(code, path, i + 1, label, ":material/route:", present=True)
    return True


def teacher_path(code: str, spec: PageSpec | None) -> None:
    """The teacher's path in the Class box: where the class is on it, ◀ ▶ to the stops around, the lesson plan."""
    path = chosen()
    if path is None:
        return
    i = stop_at(path, spec.url_path, st.query_params.get("step")) if spec else None
    n = len(path.stops)
    where = T(f"第 {i + 1} / {n} 站", f"stop {i + 1} of {n}") if i is not None else T("不在路线上", "off the path")
    st.markdown(f":material/route: **{path.title(lang())}** · {where}")
    back, ahead = (i - 1, i + 1) if i is not None else (None, 0)
    if back is not None and back >= 0:
        _stop_link(code, path, back, "◀ " + _title(path.stops[back].url_path), ":material/arrow_back:")
    if ahead is not None and ahead < n:
        _stop_link(code, path, ahead, "▶ " + _title(path.stops[ahead].url_path), ":material/arrow_forward:")
    st.download_button(
        T("下载教案（Markdown）", "Download the lesson plan (Markdown)"),
        data=lesson_plan(path, lang(), _title, _ask, _exercises).encode("utf-8"),
        file_name=f"lesson-plan-{path.key}-{lang()}.md",
        mime="text/markdown",
        icon=":material/description:",
        key="class::lesson_plan",
    )


def where_we_are(position: Position) -> str | None:
    """A student's line: where the class is on its path and what comes next (``None`` off any path)."""
    path = course_paths().get(position.query.get("path", ""))
    if path is None:
        return None
    i = stop_at(path, position.url_path, position.query.get("step"))
    if i is None:
        return None
    now = T(
        f"{path.title(lang())}：第 {i + 1} / {len(path.stops)} 站",
        f"{path.title(lang())}: stop {i + 1} of {len(path.stops)}",
    )
    if i + 1 < len(path.stops):
        return now + T(" · 下一站：", " · next: ") + _title(path.stops[i + 1].url_path)
    return now + T(" · 最后一站", " · the last stop")
