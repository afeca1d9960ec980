"""A course path chosen and followed (issue 25), in Chromium: a teacher at 1280x720, a student's phone at 390x844.

The teacher picks the 45-minute class in the Class box before starting it, then walks the path with the Class
box's ▶ links: home is off the path, ▶ opens the first stop (the live run), ▶ again the second (② schema, at its
first step). The student who joined sees on the banner where the class is on the path and what comes next.
Screenshots: ``test-output/screenshots/class-path-*``.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest

from lessons.course.class_paths import CLASS_45
from pages.registry import page_by_url
from tests.e2e.conftest import new_context, rerun, shot, wait_idle

pytestmark = pytest.mark.e2e

#: The student's banner rereads the teacher's place every second or so; a busy test machine may take longer.
REACH_MS = 30000


def _title(n: int) -> str:
    """The English title of the path's stop ``n`` (1-based)."""
    return page_by_url(CLASS_45.stops[n - 1].url_path).title("en")


def _class_box(page):
    sidebar = page.locator("[data-testid='stSidebar']")
    summary = sidebar.locator("summary").filter(has_text=re.compile(r"^\s*\S*\s*Class\s*$"))
    summary.first.wait_for(timeout=60000)
    return sidebar, summary.first


def _next_stop(page, n: int) -> None:
    """Click the Class box's ▶ link to stop ``n`` and wait for that page to rest."""
    sidebar = page.locator("[data-testid='stSidebar']")
    link = sidebar.locator("a").filter(has_text=f"▶ {_title(n)}")
    link.first.click(timeout=60000)
    page.wait_for_url(re.compile(rf"/{CLASS_45.stops[n - 1].url_path}\?"), timeout=60000)
    wait_idle(page, timeout=120000)


def test_a_teacher_picks_the_45_minute_path_and_the_student_sees_where_the_class_is(app_url, browser):
    teacher_ctx = new_context(browser, viewport={"width": 1280, "height": 720}, locale="en-US")
    student_ctx = new_context(browser, viewport={"width": 390, "height": 844}, locale="en-US")
    try:
        teacher = teacher_ctx.new_page()
        teacher.goto(f"{app_url}/?lang=en")
        wait_idle(teacher, timeout=120000)
        sidebar, summary = _class_box(teacher)
        start = sidebar.get_by_role("button", name="Start a class (I teach)")
        if not start.is_visible():
            summary.click(timeout=60000)
        start.wait_for(timeout=30000)

        picker = sidebar.get_by_role("combobox", name="Course path")  # Streamlit's selectbox: a combobox input
        box = sidebar.locator("[data-testid='stSelectbox']").filter(has_text="Course path")
        box.get_by_role("button", name="Open").click()  # the combobox's own ▾ opens its list
        with rerun(teacher):
            teacher.get_by_role("option", name=re.compile(r"^45-minute class")).click()
        assert picker.input_value().startswith("45-minute class")
        with rerun(teacher):
            start.click()
        code = parse_qs(urlsplit(teacher.url).query)["class"][0]
        sidebar.get_by_text(re.compile(r"45-minute class.*off the path")).first.wait_for(timeout=30000)

        _next_stop(teacher, 1)  # home is off the path: ▶ leads to its first stop
        sidebar.get_by_text(re.compile(rf"stop 1 of {len(CLASS_45.stops)}")).first.wait_for(timeout=30000)
        _next_stop(teacher, 2)
        assert parse_qs(urlsplit(teacher.url).query).get("step") == [str(CLASS_45.stops[1].step)]
        sidebar.get_by_text(re.compile(rf"stop 2 of {len(CLASS_45.stops)}")).first.wait_for(timeout=30000)
        shot(teacher, "class-path-teacher-1280x720")

        student = student_ctx.new_page()
        student.goto(f"{app_url}/?class={code}&lang=en")
        wait_idle(student, timeout=120000)
        banner = student.locator(".st-key-class-banner")
        where = f"45-minute class: stop 2 of {len(CLASS_45.stops)} · next: {_title(3)}"
        try:
            banner.get_by_text(where).first.wait_for(timeout=REACH_MS)
        except Exception:
            shot(student, "class-path-student-failed")
            raise AssertionError(f"the banner says: {banner.inner_text()!r}") from None
        shot(student, "class-path-student-390x844")
    finally:
        teacher_ctx.close()
        student_ctx.close()
