"""A teacher without a rehearsal (issue 25), in Chromium: two contexts, a teacher at 1280x720 and a phone at 390x844.

The teacher starts a class on the lab opened at 127.0.0.1 (Streamlit's "Local URL"): the Class box warns that
phones cannot open the join link; typing the lab's public address fixes the link. The projector view of the
join fits 1024x768 and 1280x720 without scrolling. A student's wrong answer on the live-run page shows in the
results the teacher opens, filtered to the page the teacher is on.
Screenshots: ``test-output/screenshots/class-teacher-*``.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest

from pages._ui.classroom_state import TEACHER_COOKIE
from pages._ui.course import LEARNER_COOKIE
from tests.e2e.conftest import new_context, rerun, shot, wait_idle

pytestmark = pytest.mark.e2e


def _code(url: str) -> str:
    return parse_qs(urlsplit(url).query)["class"][0]


def _open_class_box(page) -> None:
    start = page.get_by_role("button", name="Start a class (I teach)")
    summary = page.locator("[data-testid='stSidebar'] summary").filter(has_text=re.compile(r"^\s*\S*\s*Class\s*$"))
    summary.first.wait_for(timeout=60000)
    if not start.is_visible():
        summary.first.click(timeout=60000)
    start.wait_for(timeout=30000)


def _wait_for_cookie(page, name: str) -> None:
    """A cookie is written by a script the run draws: wait for it before this browser opens a new address
    (a new connection reads the cookies the browser holds then; a slow machine ran ahead of the script)."""
    page.wait_for_function(f"() => document.cookie.includes('{name}=')", timeout=30000)


def _fits(page) -> tuple[int, int, float]:
    main = page.evaluate(
        "() => { const m = document.querySelector('[data-testid=\"stMain\"]');"
        " return [m.scrollHeight, m.clientHeight]; }"
    )
    qr = page.locator(".st-key-class-join-qr img").bounding_box()
    assert qr is not None
    return main[0], main[1], qr["y"] + qr["height"]


def test_a_teacher_starts_projects_and_reads_a_live_class(app_url, browser):
    teacher_ctx = new_context(browser, viewport={"width": 1280, "height": 720}, locale="en-US")
    student_ctx = new_context(browser, viewport={"width": 390, "height": 844}, locale="en-US")
    try:
        teacher = teacher_ctx.new_page()
        teacher.goto(f"{app_url}/?lang=en")
        wait_idle(teacher, timeout=120000)
        _open_class_box(teacher)
        with rerun(teacher):
            teacher.get_by_role("button", name="Start a class (I teach)").click()
        code = _code(teacher.url)
        _wait_for_cookie(teacher, TEACHER_COOKIE)
        sidebar = teacher.locator("[data-testid='stSidebar']")
        sidebar.get_by_text("Students' phones cannot open this link").wait_for(timeout=30000)
        shot(teacher, "class-teacher-loopback-warning")

        sidebar.locator("summary", has_text="The lab's public address").click()
        box = sidebar.get_by_role("textbox", name="The address students open")
        box.fill("http://192.168.1.20:8501/")
        with rerun(teacher):
            box.press("Enter")
        sidebar.get_by_text(f"http://192.168.1.20:8501/?class={code}&lang=en").first.wait_for(timeout=30000)
        assert sidebar.get_by_text("Students' phones cannot open this link").count() == 0

        teacher.locator("a[href*='present=1']", has_text="Project the join").first.click()  # not the page list's link
        teacher.wait_for_url(re.compile(r"/class_join\?.*present=1"), timeout=60000)
        teacher.locator(".st-key-class-join-qr img").wait_for(timeout=60000)
        wait_idle(teacher, timeout=60000)
        for width, height in ((1280, 720), (1024, 768)):
            teacher.set_viewport_size({"width": width, "height": height})
            teacher.wait_for_timeout(800)  # the layout follows the new viewport
            scroll, client, qr_bottom = _fits(teacher)
            assert scroll <= client + 1 and qr_bottom <= height, (width, height, scroll, client, qr_bottom)
            assert teacher.locator(".st-key-class-join-code").inner_text().replace(" ", "") == code
            shot(teacher, f"class-teacher-join-{width}x{height}")
        teacher.set_viewport_size({"width": 1280, "height": 720})

        teacher.goto(f"{app_url}/live_run?lang=en&class={code}")  # the token is in this browser: it still leads
        wait_idle(teacher, timeout=120000)

        student = student_ctx.new_page()
        student.goto(f"{app_url}/?class={code}&lang=en")  # the join link (the real address of this test server)
        wait_idle(student, timeout=120000)
        student.locator(".st-key-class-banner").get_by_text("The teacher is at").first.wait_for(timeout=60000)
        _wait_for_cookie(student, LEARNER_COOKIE)  # the same student on the next address, not a second one
        student.goto(f"{app_url}/live_run?lang=en&class={code}")
        wait_idle(student, timeout=120000)
        exercise = student.locator(".st-key-exercise-live_run-2")
        exercise.scroll_into_view_if_needed()
        exercise.locator("input").fill("Tell me a joke about tools")
        with rerun(student, timeout=60000):
            exercise.get_by_role("button").filter(has_text=re.compile(r"Check")).click()

        teacher.goto(f"{app_url}/class_results?lang=en&class={code}")
        wait_idle(teacher, timeout=120000)
        results = teacher.locator(".st-key-class-results")
        summary = results.get_by_text(re.compile(r"students? · exercises tried by someone"))
        summary.wait_for(timeout=60000)
        try:  # the table refreshes every 5 s: the student's attempt shows at the latest on the next refresh
            results.get_by_text(re.compile(r"1\s+student · exercises tried by someone 1 / 2")).wait_for(timeout=30000)
        except Exception:
            shot(teacher, "class-teacher-results-failed")
            raise AssertionError(f"the results say: {summary.inner_text()!r}") from None
        shot(teacher, "class-teacher-results-1280x720")
        teacher.set_viewport_size({"width": 1024, "height": 768})
        teacher.wait_for_timeout(800)
        shot(teacher, "class-teacher-results-1024x768")
    finally:
        teacher_ctx.close()
        student_ctx.close()
