"""A class under AppTest: the teacher starts it, a student joins with the code, the banner follows the teacher.

Two AppTests are two browser sessions of one server: they share the process, so they share
the class database (the ``memory_store`` fixture: one in-memory database for both).
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import ROOT
from toolcall_lab.classroom import is_class_code


def _session(lang: str, page: str | None = None, **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)
    at.query_params["lang"] = lang
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, at.exception
    if page is not None:
        at.switch_page(page).run()
        assert not at.exception, at.exception
    return at


def _param(at: AppTest, key: str) -> str | None:
    value = at.query_params.get(key)
    return value[0] if isinstance(value, list) else value


def _banner(at: AppTest) -> str:
    return " ".join(m.value for m in at.get("markdown") if "teacher" in m.value.lower() or "老师" in m.value)


def _start_class(lang: str) -> tuple[AppTest, str]:
    teacher = _session(lang)
    teacher.button(key="class::start").click().run()
    assert not teacher.exception, teacher.exception
    code = _param(teacher, "class")
    assert is_class_code(code)
    return teacher, code


def _join(lang: str, code: str, name: str = "") -> AppTest:
    student = _session(lang)
    student.text_input(key="class::code_input").input(code.lower())  # typed in lower case: still the code
    student.text_input(key="class::name_input").input(name)
    student.button(key="class::join").click().run()
    assert not student.exception, student.exception
    assert _param(student, "class") == code
    return student


@pytest.mark.parametrize(
    ("lang", "at_home", "at_step"),
    [
        ("en", "The teacher is at **Home**", "The teacher is at **④ tool\\_call — step 2**"),
        ("zh", "老师在 **首页**", "老师在 **④ tool\\_call — 第 2 步**"),
    ],
)
def test_the_student_sees_where_the_teacher_is(memory_store, lang, at_home, at_step):
    teacher, code = _start_class(lang)
    assert any(code in c.value for c in teacher.sidebar.get("code")), "the join link names the code"
    student = _join(lang, code, "Ada")
    assert at_home in _banner(student)
    teacher.query_params["step"] = "2"
    teacher.switch_page("pages/stage_4_tool_call.py").run()
    student.run()  # what the banner's fragment does every FOLLOW_EVERY_S seconds
    assert at_step in _banner(student)
    assert memory_store.db is not None and len(teacher.session_state["class_published"][2]) >= 1


def test_follow_automatically_switches_the_students_page(memory_store):
    teacher, code = _start_class("en")
    student = _join("en", code)
    teacher.query_params["step"] = "2"
    teacher.switch_page("pages/stage_2_schema.py").run()
    student.toggle(key="class_follow").set_value(True).run()
    assert not student.exception, student.exception
    assert _param(student, "follow") == "1" and _param(student, "step") == "2"
    assert any("JSON Schema" in t.value for t in student.title), [t.value for t in student.title]
    teacher.switch_page("pages/stage_3_bind_tools.py").run()
    student.run()
    assert any("bind_tools" in t.value for t in student.title), [t.value for t in student.title]
    assert _param(student, "class") == code and _param(student, "follow") == "1"


def test_a_wrong_code_is_explained(memory_store):
    student = _session("en")
    student.text_input(key="class::code_input").input("ZZZZZZ")
    student.button(key="class::join").click().run()
    assert any("No class has the code ZZZZZZ" in w.value for w in student.sidebar.warning)
    assert _param(student, "class") is None


def test_the_results_table_counts_a_solved_exercise(memory_store):
    teacher, code = _start_class("en")
    teacher.switch_page("pages/live_run.py").run()  # the results open on the page the teacher is on
    student = _join("en", code)
    student.switch_page("pages/live_run.py").run()
    student.text_input(key="exercise-live_run-2::answer").input("What's the weather in Paris and in London?")
    student.button(key="FormSubmitter:exercise-live_run-2::form-Check").click().run()
    assert not student.exception, student.exception
    teacher.switch_page("pages/class_results.py").run()
    assert not teacher.exception, teacher.exception
    frame = teacher.dataframe[0].value
    row = frame[frame["Exercise"] == "Live run · 2"].iloc[0]
    assert (row["Tried"], row["Solved"]) == (1, 1)
    assert "**1 student** ·" in " ".join(m.value for m in teacher.markdown)  # one student, in the singular
    # no dead end: a link back to the page the class is on
    (back,) = [p for p in teacher.main.get("page_link") if p.proto.label.startswith("Back to: ")]
    assert "live_run" in back.proto.page and back.proto.label == "Back to: Live run"


def test_a_student_on_the_results_page_gets_an_explanation(memory_store):
    _, code = _start_class("zh")
    student = _join("zh", code)
    student.switch_page("pages/class_results.py").run()
    assert any("给带课堂的老师看" in i.value for i in student.info)
    assert not student.dataframe


def test_the_teachers_run_is_shown_read_only_beside_the_students_own(memory_store):
    teacher, code = _start_class("en")
    student = _join("en", code)
    teacher.switch_page("pages/live_run.py").run()
    teacher.chat_input[0].set_value("What's the weather in Paris?").run()
    assert not teacher.exception, teacher.exception
    assert _param(teacher, "q") == "What's the weather in Paris?"  # published after the run: the link's question too
    assert classroom_of(memory_store).position(code).query["q"] == "What's the weather in Paris?"
    student.switch_page("pages/live_run.py").run()
    (box,) = [e for e in student.expander if "The teacher's run (read-only)" in e.label]
    assert "Paris" in box.label
    call_id = teacher.session_state["trace::live"].tool_executions[0].tool_call_id
    assert not any(call_id in e.label for e in student.expander)  # folded: the teacher's run is not drawn yet
    student.session_state["class-teacher-run"] = True  # the student opens it: only then is the run drawn
    student.run()
    assert not student.exception, student.exception
    labels = [e.label for e in student.expander]
    assert any(call_id in label and "get_weather" in label for label in labels), labels


def test_leaving_takes_the_class_out_of_the_link_and_the_roster(memory_store):
    teacher, code = _start_class("en")
    student = _join("en", code, "Ada")
    assert [m.display_name for m in classroom_of(memory_store).members(code)] == ["Ada"]
    assert student.text_input(key=f"class::name::{code}").value == "Ada"
    student.text_input(key=f"class::name::{code}").input("").run()  # anonymous again
    assert [m.display_name for m in classroom_of(memory_store).members(code)] == [None]
    student.button(key="class::leave").click().run()
    assert _param(student, "class") is None
    assert classroom_of(memory_store).members(code) == []
    assert not any("teacher is at" in m.value for m in student.markdown)
    teacher.button(key="class::leave").click().run()  # the teacher stops leading: the class stays for a later return
    assert _param(teacher, "class") is None and classroom_of(memory_store).class_info(code) is not None


def classroom_of(progress):
    from toolcall_lab.classroom import ClassroomStore

    return ClassroomStore(progress.db)


def test_a_path_unread_while_the_database_is_away_is_read_again(memory_store, monkeypatch):
    """A teacher's new session takes the class's path from its published place; a failed read keeps nothing."""
    from toolcall_lab.classroom.store import ClassroomStore

    teacher, _code = _start_class("en")
    teacher.switch_page("pages/stage_2_schema.py").run()  # publishes a place carrying ?path=
    del teacher.session_state["class_path"]  # as a reloaded tab: the class, but no choice of its own

    def away(self, *args, **kwargs):
        raise ConnectionError("database away")

    with monkeypatch.context() as database_away:  # neither read nor written
        database_away.setattr(ClassroomStore, "position", away)
        database_away.setattr(ClassroomStore, "publish_position", away)
        teacher.run()
        assert not teacher.exception, teacher.exception
        assert "class_path" not in teacher.session_state, "no path kept from a read that failed"
    teacher.run()
    assert teacher.session_state["class_path"] == "class90"
