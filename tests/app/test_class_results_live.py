"""Class results for a live class: the teacher's page first, struggles first, a wrong answer from 3 students on.

Four AppTests are four browser sessions of one server (the teacher and three students) sharing one in-memory
database: the students really answer on the live-run page, and the teacher's results page reads what they did.
"""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.app.test_classroom import _join, _param, _start_class
from toolcall_lab.classroom.live_results import MIN_STUDENTS_FOR_WRONG_ANSWER

WRONG = "Tell me a joke about tools"  # one model call, no tool: not what exercise 2 asks for
WORDS, GAVE = "Commonest wrong answer", "Students who gave it"


def _answer(student: AppTest, text: str) -> None:
    student.switch_page("pages/live_run.py").run()
    student.text_input(key="exercise-live_run-2::answer").input(text)
    student.button(key="FormSubmitter:exercise-live_run-2::form-Check").click().run()
    assert not student.exception, student.exception


def _table(teacher: AppTest):
    assert not teacher.exception, teacher.exception
    return teacher.dataframe[0].value


def test_the_page_the_teacher_is_on_the_struggles_first_and_a_wrong_answer_from_three(memory_store):
    assert MIN_STUDENTS_FOR_WRONG_ANSWER == 3
    teacher, code = _start_class("en")
    teacher.switch_page("pages/live_run.py").run()
    students = [_join("en", code) for _ in range(3)]
    for student in students[:2]:
        _answer(student, WRONG)
    teacher.switch_page("pages/class_results.py").run()
    frame = _table(teacher)
    assert all(title.startswith("Live run · ") for title in frame["Exercise"])  # only the page the teacher is on
    first = frame.iloc[0]
    assert (first["Exercise"], first["Tried"], first["Solved"]) == ("Live run · 2", 2, 0)  # the struggle first
    assert first[WORDS] == "" and first[GAVE] == ""  # two students: not shown (it would name them)

    _answer(students[2], WRONG)
    teacher.run()  # what the table's fragment does every few seconds
    first = _table(teacher).iloc[0]
    assert (first["Tried"], first[WORDS], first[GAVE]) == (3, WRONG, "3")  # as typed, not JSON
    assert first["Solved share"] == 0

    teacher.segmented_control(key="class_results::scope").set_value("all").run()
    everything = _table(teacher)
    assert len(everything) > len(frame) and any(t.startswith("④ tool_call") for t in everything["Exercise"])
    assert everything.iloc[0]["Exercise"] == "Live run · 2"

    assert "Solved by" not in everything.columns
    teacher.toggle(key="class_results::names").set_value(True).run()
    assert "Solved by" in _table(teacher).columns


def test_the_projector_variant_shows_no_names_and_no_download(memory_store):
    teacher, _ = _start_class("en")
    teacher.switch_page("pages/class_results.py").run()
    teacher.toggle(key="class_results::names").set_value(True).run()
    assert "Solved by" in _table(teacher).columns and teacher.get("download_button")
    teacher.query_params["present"] = "1"
    teacher.run()
    assert _param(teacher, "present") == "1"
    assert "Solved by" not in _table(teacher).columns
    # no CSV on the projector (the sidebar's lesson plan, folded away when presenting, is no result)
    assert not [b for b in teacher.get("download_button") if b.key == "class_results::csv"]
    assert not [t for t in teacher.toggle if t.key == "class_results::names"]
