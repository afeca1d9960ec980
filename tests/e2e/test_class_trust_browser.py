"""The teacher's whole address bar in another browser is not the teacher (issue 21, finding 2), in Chromium.

Three browser contexts are three people: the teacher starts a class from the sidebar; a student
joins with the join link; a third context opens the teacher's own full address-bar link
(``?lang=en&learner=<teacher id>&class=CODE``), as a projector photo or a pasted link gives it.
Before the teacher token, that context was the teacher: the results with names, "Download CSV",
and each of its moves moved every student. Now it gets none of that, while the teacher's own tab,
reloaded, still leads (the token is in its browser's cookie, never in the link).
Screenshots: ``test-output/screenshots/class-trust-*``.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.e2e.conftest import new_context, rerun, shot, wait_idle
from toolcall_lab.classroom import ClassroomStore

pytestmark = pytest.mark.e2e


def _params(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def _open_class_box(page) -> None:
    """Open the sidebar's Class box unless it is open already (a refusal or a class opens it by itself)."""
    box = page.locator("[data-testid='stSidebar'] details").filter(has=page.locator("summary", has_text="Class")).first
    if box.get_attribute("open") is None:
        box.locator("summary").first.click()


def test_the_teachers_own_link_in_another_browser_is_not_the_teacher(app_url, browser):
    teacher_ctx = new_context(browser, viewport={"width": 1280, "height": 720}, locale="en-US")
    student_ctx = new_context(browser, viewport={"width": 390, "height": 844}, locale="en-US")
    copy_ctx = new_context(browser, viewport={"width": 1280, "height": 720}, locale="en-US")
    try:
        teacher = teacher_ctx.new_page()
        teacher.goto(f"{app_url}/?lang=en")
        wait_idle(teacher, timeout=120000)
        _open_class_box(teacher)
        with rerun(teacher):
            teacher.get_by_role("button", name="Start a class (I teach)").click()
        code = _params(teacher.url)["class"]
        teacher.wait_for_function(  # the run's script writes both cookies once its element is drawn
            "() => document.cookie.includes('toolcall_lab_learner=') && document.cookie.includes('tcl_teacher=')",
            timeout=30000,
        )
        (kept,) = [c for c in teacher_ctx.cookies() if c["name"] == "toolcall_lab_learner"]  # the learner is in
        learner = kept["value"]  # the browser's cookie, not in the link (issue 21, finding 3)
        assert "learner" not in _params(teacher.url)
        assert re.fullmatch(r"[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}", code)
        (cookie,) = [c for c in teacher_ctx.cookies() if c["name"] == "tcl_teacher"]
        token = cookie["value"].split(".", 1)[1]
        assert cookie["value"].startswith(f"{code}.") and cookie["sameSite"] == "Strict" and len(token) >= 32
        assert token not in teacher.url and token not in teacher.locator("body").inner_text()

        student = student_ctx.new_page()
        student.goto(f"{app_url}/?class={code}&lang=en")  # the join link
        wait_idle(student, timeout=120000)
        student.locator(".st-key-class-banner").get_by_text("The teacher is at").first.wait_for(timeout=60000)

        # the teacher's own address bar, in a browser that is not the teacher's but holds the very same learner id
        # (the strongest form of the old attack: the id used to be in that address bar)
        copy_ctx.add_cookies([{"name": "toolcall_lab_learner", "value": learner, "url": app_url}])
        copycat = copy_ctx.new_page()
        copycat.goto(teacher.url)
        wait_idle(copycat, timeout=120000)
        _open_class_box(copycat)
        sidebar = copycat.locator("[data-testid='stSidebar']")
        sidebar.get_by_text("a teacher's role lives in the browser that started it").wait_for(timeout=30000)
        assert sidebar.get_by_text("You lead class").count() == 0
        assert sidebar.get_by_role("button", name="End the class").count() == 0
        copycat.goto(f"{app_url}/class_results?lang=en&learner={learner}&class={code}")
        wait_idle(copycat, timeout=120000)
        copycat.get_by_text("This page is for the teacher who leads a class").wait_for(timeout=30000)
        assert copycat.get_by_role("button", name="Download CSV").count() == 0  # before: there, with the names
        assert copycat.get_by_text("Show the names students chose to give").count() == 0
        shot(copycat, "class-trust-copycat-results")
        copycat.goto(f"{app_url}/faults?lang=en&learner={learner}&class={code}&step=3")  # its move
        wait_idle(copycat, timeout=120000)
        with ClassroomStore.open("sqlite") as store:  # the server's own database (CHECKPOINTER unset)
            assert store.position(code).url_path == "home"  # moves nobody: the class is where the teacher is
        assert "Home" in student.locator(".st-key-class-banner").inner_text()

        # the teacher's own tab, reloaded, still leads: the token came back in the browser's cookie
        teacher.reload()
        wait_idle(teacher, timeout=120000)
        _open_class_box(teacher)
        teacher.locator("[data-testid='stSidebar']").get_by_text(f"You lead class {code}").wait_for(timeout=30000)
        teacher.goto(f"{app_url}/class_results?lang=en&class={code}")
        wait_idle(teacher, timeout=120000)
        teacher.get_by_role("button", name="Download CSV").wait_for(timeout=60000)  # the teacher sees it
        shot(teacher, "class-trust-teacher-results")
    finally:
        teacher_ctx.close()
        student_ctx.close()
        copy_ctx.close()
