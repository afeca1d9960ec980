"""Issue 21, findings 3, 7 and 8 through the real router: who the learner is, reset asked and undone, imports re-judged.

AppTest cannot send cookies, so the browser's cookie is what ``browser_cookie._request_cookies``
returns here (the real browser does it in tests/e2e/test_learner_browser.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from toolcall_lab.progress import attempt_id_for, learner_id_from_oidc, new_learner_id

ROOT = Path(__file__).resolve().parents[2]
COOKIE = "toolcall_lab_learner"
P4, E41 = "pages/stage_4_tool_call.py", "stage_4_tool_call/count-calls"


@pytest.fixture
def browser_keeps(monkeypatch):
    """Set the learner id the browser sends in its cookie (``None``: no cookie)."""
    import pages._ui.browser_cookie as browser_cookie

    def keep(learner: str | None) -> None:
        monkeypatch.setattr(browser_cookie, "_request_cookies", lambda: {COOKIE: learner} if learner else {})

    return keep


def _home(query: dict[str, str] | None = None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = "en"
    for name, value in (query or {}).items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, at.exception
    return at


def _button(at: AppTest, key: str):
    return next(b for b in at.button if b.key == key)


def test_the_plain_address_continues_as_the_browsers_learner(memory_store, browser_keeps) -> None:
    ada = new_learner_id()
    memory_store.record_attempt(ada, E41, attempt_id_for(E41, "x"), "x", True, page_path=P4)
    browser_keeps(ada)
    at = _home()
    assert at.session_state["learner_id"] == ada  # not a new learner with 0 of 55
    assert "learner" not in at.query_params
    assert any("1/" in p.proto.text for p in at.get("progress"))  # her solved exercise counts on home


def test_without_a_cookie_a_new_learner_is_made_and_kept_out_of_the_link(memory_store, browser_keeps) -> None:
    browser_keeps(None)
    at = _home()
    learner = at.session_state["learner_id"]
    assert len(learner) == 22 and "learner" not in at.query_params
    assert at.session_state[f"_cookie_written::{COOKIE}"] == learner  # handed to the browser to keep


def test_the_browsers_own_link_just_leaves_the_address_bar(memory_store, browser_keeps) -> None:
    ada = new_learner_id()
    browser_keeps(ada)
    at = _home({"learner": ada})
    assert at.session_state["learner_id"] == ada and "learner" not in at.query_params
    assert not [b for b in at.button if b.key == "learner-switch::take"]


def test_someone_elses_link_is_asked_about_and_stay_keeps_the_learner(memory_store, browser_keeps) -> None:
    ada, ben = new_learner_id(), new_learner_id()
    browser_keeps(ada)
    at = _home({"learner": ben})
    assert at.session_state["learner_id"] == ada  # nothing changed before the answer
    assert "learner" not in at.query_params
    assert any("another learner's progress" in w.value for w in at.warning)
    _button(at, "learner-switch::stay").click().run()
    assert at.session_state["learner_id"] == ada
    assert not [b for b in at.button if b.key == "learner-switch::take"]


def test_continue_as_them_switches_and_the_browser_keeps_the_new_id(memory_store, browser_keeps) -> None:
    ada, ben = new_learner_id(), new_learner_id()
    browser_keeps(ada)
    at = _home({"learner": ben})
    _button(at, "learner-switch::take").click().run()
    assert at.session_state["learner_id"] == ben
    assert at.session_state[f"_cookie_written::{COOKIE}"] == ben


def test_a_login_never_comes_from_a_link_or_a_cookie(memory_store, browser_keeps, monkeypatch) -> None:
    import pages._ui.course as course

    school = learner_id_from_oidc("https://idp.example.edu", "student-42")
    monkeypatch.setattr(course, "_oidc_learner", lambda: school)
    browser_keeps(new_learner_id())
    at = _home({"learner": "oidc." + school.removeprefix("oidc.")})
    assert at.session_state["learner_id"] == school and "learner" not in at.query_params
    assert not [b for b in at.button if b.key == "learner-switch::take"]


def test_reset_asks_first_then_undo_puts_everything_back(memory_store, browser_keeps) -> None:
    ada = new_learner_id()
    memory_store.record_visit(ada, P4)
    memory_store.record_attempt(ada, E41, attempt_id_for(E41, "x"), "x", True, page_path=P4)
    browser_keeps(ada)
    at = _home()
    before = memory_store.export_json(ada)  # with home's visit
    _button(at, "progress::reset").click().run()
    assert memory_store.export_json(ada)["attempts"]  # one click deletes nothing: it asks
    assert any("You can undo it during this session" in w.value for w in at.warning)
    _button(at, "progress::reset_no").click().run()
    assert memory_store.export_json(ada)["attempts"]  # "Cancel" keeps everything
    _button(at, "progress::reset").click().run()
    _button(at, "progress::reset_yes").click().run()
    assert memory_store.export_json(ada)["attempts"] == []
    _button(at, "progress::undo_btn").click().run()
    after = memory_store.export_json(ada)
    assert {k: v for k, v in after.items() if k != "exported_at"} == {
        k: v for k, v in before.items() if k != "exported_at"
    }
    assert not [b for b in at.button if b.key == "progress::undo_btn"]


def test_an_imported_answer_counts_once_its_exercise_judges_it(memory_store, browser_keeps) -> None:
    """The import left it unchecked (no check drawn yet); opening ④ runs the page's real check on it."""
    from lessons.chain.stage_4_tool_call import check_call_count

    ada = new_learner_id()
    right = check_call_count(None).expected
    doc = {
        "format": "toolcall-lab/progress",
        "version": 1,
        "exported_at": 1.0,
        "last_page": None,
        "pages": [],
        "attempts": [
            {"attempt_id": "f", "exercise_id": E41, "page_path": P4, "answer": right, "correct": False, "at": 1.0}
        ],
    }
    summary = memory_store.import_json(ada, json.dumps(doc).encode())
    assert summary.unchecked == 1 and not memory_store.exercise_state(ada, E41).solved
    browser_keeps(ada)
    at = _home()
    at.switch_page(P4).run()
    assert not at.exception, at.exception
    assert memory_store.exercise_state(ada, E41).solved  # the page's own check agreed
    assert [(r.tried, r.solved) for r in memory_store.class_results([ada], [E41])] == [(0, 0)]


def _upload(at: AppTest, content: bytes) -> AppTest:
    at.file_uploader(key="progress::import").set_value(("progress.json", content, "application/json"))
    return at.run()


def test_a_deeply_nested_import_is_refused_on_the_page_not_raised(memory_store, browser_keeps) -> None:
    browser_keeps(new_learner_id())
    at = _upload(_home(), b"[" * 100_000 + b"]" * 100_000)
    assert not at.exception, at.exception
    assert any("nested too deeply" in e.value for e in at.error)


def test_a_forged_all_correct_import_is_accepted_as_unchecked_and_solves_nothing(memory_store, browser_keeps) -> None:
    ada = new_learner_id()
    browser_keeps(ada)
    forged = {
        "format": "toolcall-lab/progress",
        "version": 1,
        "exported_at": 1.0,
        "last_page": {"page_path": "pages/no_such_page.py", "at": 1e300},
        "pages": [],
        "attempts": [
            {"attempt_id": "f", "exercise_id": E41, "page_path": P4, "answer": "nope", "correct": True, "at": 1.0}
        ],
    }
    at = _upload(_home(), json.dumps(forged).encode())
    assert not at.exception, at.exception
    assert any("Imported 1 attempts" in s.value for s in at.success)
    assert not memory_store.exercise_state(ada, E41).solved
    at.run()  # home again, with a last page this app does not have: no "continue" link, no crash
    assert not at.exception, at.exception


def test_a_cookie_cannot_be_given_attributes() -> None:
    from pages._ui import browser_cookie

    with pytest.raises(ValueError):
        browser_cookie.remember("toolcall_lab_learner", "x; Domain=evil.example")
    with pytest.raises(ValueError):
        browser_cookie.remember("a=b", "x")


def test_the_course_links_never_carry_the_learner_id(memory_store, browser_keeps) -> None:
    """A link's address shows on hover (on a projector too): previous / next keep the language, not the learner."""
    ada = new_learner_id()
    browser_keeps(ada)
    at = _home()
    at.switch_page("pages/stage_4_tool_call.py").run()
    assert not at.exception, at.exception
    links = [str(p.proto) for p in at.get("page_link")]
    assert any("stage_3_bind_tools" in link for link in links)  # ④'s previous page is linked
    assert all(ada not in link and "learner" not in link for link in links)
