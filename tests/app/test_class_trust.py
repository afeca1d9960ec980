"""Nobody takes the teacher's class (issue 21, findings 2 and 10), under AppTest: each rule, two or three sessions.

Two AppTests are two browser sessions of one server sharing the class database (``memory_store``).
AppTest has no browser, so no cookie: the reload test hands the second session the cookie the
first one wrote (what a browser sends back on its next connection).
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import ROOT
from toolcall_lab.classroom import ClassroomStore, is_class_code


def _session(lang: str = "en", **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)
    at.query_params["lang"] = lang
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, at.exception
    return at


def _param(at: AppTest, key: str) -> str | None:
    value = at.query_params.get(key)
    return value[0] if isinstance(value, list) else value


def _start(lang: str = "en") -> tuple[AppTest, str, str]:
    teacher = _session(lang)
    teacher.button(key="class::start").click().run()
    assert not teacher.exception, teacher.exception
    code = _param(teacher, "class")
    assert is_class_code(code)
    held_code, token = teacher.session_state["class_teacher_token"]
    assert held_code == code
    return teacher, code, token


def _join(code: str, name: str = "", lang: str = "en") -> AppTest:
    student = _session(lang)
    student.text_input(key="class::code_input").input(code)
    student.text_input(key="class::name_input").input(name)
    student.button(key="class::join").click().run()
    assert not student.exception, student.exception
    return student


def _visible_text(at: AppTest) -> str:
    kinds = ("markdown", "code", "caption", "text", "warning", "info", "success", "error", "text_input")
    return " ".join(str(getattr(e, "value", "")) + " " + str(getattr(e, "label", "")) for k in kinds for e in at.get(k))


def _warnings(at: AppTest) -> str:
    return " ".join(w.value for w in at.sidebar.warning)


def _store(memory_store) -> ClassroomStore:
    return ClassroomStore(memory_store.db)


def test_the_teachers_own_address_bar_gives_no_teacher_role(memory_store, monkeypatch):
    """Before: a second browser with ``?learner=<teacher id>&class=CODE`` saw names and Download CSV, moved all.

    The learner id no longer travels in the link (issue 21, finding 3): the copycat here is a second browser that
    holds the teacher's learner id in its own cookie, the strongest form of the old attack.
    """
    from pages._ui import browser_cookie
    from pages._ui.course import LEARNER_COOKIE

    teacher, code, _ = _start()
    student = _join(code, "Ada")
    teacher_id = teacher.session_state["learner_id"]
    monkeypatch.setattr(browser_cookie, "_request_cookies", lambda: {LEARNER_COOKIE: teacher_id})
    copycat = _session(**{"class": code})
    assert copycat.session_state["learner_id"] == teacher_id  # the same learner id as the teacher's
    assert "started with this learner id" in _warnings(copycat)  # explained, and no role at all
    assert _param(copycat, "class") is None
    assert not any(b.key == "class::new_code" for b in copycat.button)
    copycat.switch_page("pages/class_results.py").run()
    assert not copycat.exception, copycat.exception
    assert not copycat.dataframe and not copycat.get("download_button")  # no results, no Download CSV
    copycat.query_params["step"] = "3"
    copycat.switch_page("pages/faults.py").run()  # its moves move nobody
    assert _store(memory_store).position(code).url_path == "home"  # still where the teacher is
    student.run()
    assert any("The teacher is at **Home**" in m.value for m in student.markdown)


def test_the_token_is_never_in_the_link_nor_on_the_page(memory_store):
    teacher, code, token = _start()
    teacher.switch_page("pages/stage_4_tool_call.py").run()
    links = " ".join(str(p.proto) for p in teacher.get("page_link"))
    assert "class_results" in links and f"class={code}" in links.replace('"', "").replace(": ", "=")
    assert token not in repr(dict(teacher.query_params)) and token not in links
    assert token not in _visible_text(teacher)
    join_link = next(c.value for c in teacher.sidebar.get("code") if f"class={code}" in c.value)
    assert token not in join_link and "learner=" not in join_link


def test_a_reload_of_the_teachers_tab_keeps_the_role_through_the_browser_cookie(memory_store, monkeypatch):
    teacher, code, token = _start()
    written = [h for h in teacher.get("html") if "tcl_teacher=" in str(h.proto.body)]
    assert written and f"tcl_teacher={code}.{token}" in str(written[0].proto.body)  # the cookie the browser keeps
    assert "SameSite=Strict" in str(written[0].proto.body)
    teacher.run()
    assert not any("tcl_teacher=" in str(h.proto.body) for h in teacher.get("html"))  # drawn on one run only
    from pages._ui import browser_cookie

    monkeypatch.setattr(browser_cookie, "read", lambda name: f"{code}.{token}" if name == "tcl_teacher" else None)
    reloaded = _session(learner=_param(teacher, "learner"), **{"class": code})  # a new session, the same browser
    assert reloaded.session_state[f"class_role::{code}"] == "teacher"
    assert any(b.key == "class::end" for b in reloaded.sidebar.button)


def test_hand_over_moves_the_class_to_another_device_and_the_first_stops(memory_store):
    teacher, code, _ = _start()
    teacher.button(key="class::hand_over").click().run()
    (shown,) = [c.value for c in teacher.sidebar.get("code") if c.value.count("-") == 2]
    assert "keep it off the projector" in _warnings(teacher)
    tablet = _session()
    tablet.text_input(key="class::code_input").input(code.lower())
    tablet.text_input(key="class::handover_input").input(shown)
    tablet.button(key="class::take_over").click().run()
    assert not tablet.exception, tablet.exception
    assert tablet.session_state[f"class_role::{code}"] == "teacher" and _param(tablet, "class") == code
    teacher.switch_page("pages/stage_2_schema.py").run()  # the first device tries to move the class
    assert "no longer leads class" in _warnings(teacher) and _param(teacher, "class") is None
    assert _store(memory_store).position(code).url_path == "home"
    again = _session()
    again.text_input(key="class::code_input").input(code)
    again.text_input(key="class::handover_input").input(shown)
    again.button(key="class::take_over").click().run()
    assert "hand-over did not work" in _warnings(again)  # once only


def test_end_the_class_asks_first_then_nobody_joins_and_the_banner_says_it_ended(memory_store):
    teacher, code, _ = _start()
    student = _join(code)
    teacher.button(key="class::end").click().run()
    assert "End class" in _warnings(teacher) and not _store(memory_store).class_info(code).ended  # asked, not done
    teacher.button(key="class::end_no").click().run()
    assert not _store(memory_store).class_info(code).ended
    teacher.button(key="class::end").click().run()
    teacher.button(key="class::end_yes").click().run()
    assert _store(memory_store).class_info(code).ended
    assert any("has ended" in i.value for i in teacher.sidebar.info)
    student.run()
    assert any(f"Class {code} has ended" in m.value for m in student.markdown)
    late = _join(code)
    assert f"Class {code} has ended." in _warnings(late)


def test_a_new_code_keeps_the_students_and_the_old_code_stops_joining(memory_store):
    teacher, code, _ = _start()
    student = _join(code, "Ada")
    teacher.button(key="class::new_code").click().run()
    fresh = _store(memory_store).class_info(code).join_code
    assert fresh != code and any(f"class={fresh}" in c.value for c in teacher.sidebar.get("code"))
    assert f"No class has the code {code}" in _warnings(_join(code))
    newcomer = _join(fresh)
    assert _param(newcomer, "class") == code  # the class's key, whichever code joined it
    student.run()
    assert [m.display_name for m in _store(memory_store).members(code)] == ["Ada", None]


def test_the_size_limit_refuses_the_next_join_with_an_explanation(memory_store, monkeypatch):
    monkeypatch.setenv("LAB_CLASS_MAX_STUDENTS", "2")  # the default is 200 (tests/unit/classroom: the 201st)
    _, code, _ = _start()
    _join(code)
    _join(code)
    third = _join(code)
    assert f"Class {code} is full (2 students at most)" in _warnings(third)
    assert len(_store(memory_store).members(code)) == 2


def test_a_follow_link_asks_before_joining_and_before_following(memory_store):
    teacher, code, _ = _start()
    teacher.query_params["step"] = "2"
    teacher.switch_page("pages/stage_2_schema.py").run()
    visitor = _session(**{"class": code, "follow": "1"})
    assert _store(memory_store).members(code) == []  # not joined yet
    assert any("asks you to join class" in m.value for m in visitor.markdown)
    visitor.button(key="class::confirm_no").click().run()
    assert _store(memory_store).members(code) == [] and _param(visitor, "class") is None
    follower = _session(**{"class": code, "follow": "1"})
    assert not any("JSON Schema" in t.value for t in follower.title)  # the page did not move by itself
    follower.button(key="class::confirm_follow").click().run()
    follower.run()
    assert len(_store(memory_store).members(code)) == 1
    assert any("JSON Schema" in t.value for t in follower.title), [t.value for t in follower.title]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_refusals_exist_in_both_languages(memory_store, lang):
    student = _session(lang)
    student.text_input(key="class::code_input").input("ZZZZZZ")
    student.button(key="class::join").click().run()
    assert ("没有代码为 ZZZZZZ 的课堂" if lang == "zh" else "No class has the code ZZZZZZ") in _warnings(student)


def test_a_typed_code_is_shown_as_text_in_the_refusal(memory_store):
    student = _session()
    student.text_input(key="class::code_input").input("[X](HTTP://E")
    student.button(key="class::join").click().run()
    shown = _warnings(student)
    assert "\\[X\\]\\(HTTP:" in shown and "HTTP://" not in shown  # escaped, and the autolink broken: no link
