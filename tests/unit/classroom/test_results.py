"""The teacher's results: per exercise, tried / solved / commonest wrong answer, names only when asked; CSV."""

from __future__ import annotations

import csv
import io

import pytest

from tests.unit.classroom.conftest import TEACHER
from tests.unit.progress.conftest import ADA, BEN, CY
from toolcall_lab.classroom import NotTheTeacher, class_results, results_csv
from toolcall_lab.progress import WrongAnswer, new_learner_id

P4 = "pages/stage_4_tool_call.py"
E41, E42, E43 = "stage_4_tool_call/1", "stage_4_tool_call/2", "stage_4_tool_call/3"


def _class_of_three(classroom, progress):
    """Ada (named) solves ④/1 after a wrong 'weather'; Ben (anonymous) says 'weather' twice; Cy (named) solves ④/2."""
    code, token = classroom.start_class(TEACHER)
    classroom.join(code, ADA, "Ada")
    classroom.join(code, BEN)
    classroom.join(code, CY, "=Cy")
    progress.record_attempt(ADA, E41, "1", "weather", False, page_path=P4)
    progress.record_attempt(ADA, E41, "2", "get_weather", True, page_path=P4)
    progress.record_attempt(BEN, E41, "1", "weather", False, page_path=P4)
    progress.record_attempt(BEN, E41, "2", "weather", False, page_path=P4)  # twice: counted once
    progress.record_attempt(CY, E42, "1", {"city": "Bangkok"}, True, page_path=P4)
    # the teacher's own attempts and a stranger's are not the class's
    progress.record_attempt(TEACHER, E41, "1", "get_weather", True, page_path=P4)
    progress.record_attempt(new_learner_id(), E41, "1", "noise", False, page_path=P4)
    return code, token


def test_results_follow_the_order_asked_and_count_each_student_once(classroom, progress):
    code, token = _class_of_three(classroom, progress)
    results = classroom.results(progress, code, [E42, E41, E43], token=token)
    assert results.students == 3
    assert [(r.exercise_id, r.tried, r.solved) for r in results.rows] == [(E42, 1, 1), (E41, 2, 1), (E43, 0, 0)]
    assert results.rows[1].common_wrong_answer == WrongAnswer("weather", 2)  # Ada and Ben
    assert results.solved_by == {}  # anonymous by default


def test_names_are_shown_only_when_asked_and_only_chosen_ones(classroom, progress):
    code, token = _class_of_three(classroom, progress)
    results = classroom.results(progress, code, [E41, E42, E43], token=token, names=True)
    assert results.solved_by == {E41: ("Ada",), E42: ("=Cy",), E43: ()}  # Ben chose no name: never named


def test_a_student_who_leaves_is_no_longer_counted(classroom, progress):
    code, token = _class_of_three(classroom, progress)
    classroom.leave(code, ADA)
    (row,) = classroom.results(progress, code, [E41], token=token).rows
    assert (row.tried, row.solved, row.common_wrong_answer) == (1, 0, WrongAnswer("weather", 1))


def test_the_csv_reads_back_as_the_table(classroom, progress):
    code, token = _class_of_three(classroom, progress)
    text = results_csv(classroom.results(progress, code, [E41, E42], token=token, names=True), {E41: "④ tool_call · 1"})
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows[0] == {
        "exercise": E41,
        "title": "④ tool_call · 1",
        "students": "3",
        "tried": "2",
        "solved": "1",
        "commonest_wrong_answer": "",  # two students gave it: below the threshold, as on the page
        "students_who_gave_it": "",
        "solved_by": "Ada",
    }
    lower = results_csv(classroom.results(progress, code, [E41], token=token), min_students=2)
    assert next(csv.DictReader(io.StringIO(lower)))["commonest_wrong_answer"] == "weather"  # the learner's words
    assert rows[1]["solved_by"] == "'=Cy"  # a spreadsheet shows it as text, never runs it as a formula
    assert rows[1]["commonest_wrong_answer"] == "" and rows[1]["title"] == ""


def test_only_the_token_reads_the_results_and_an_ended_class_keeps_them(classroom, progress):
    code, token = _class_of_three(classroom, progress)
    for wrong in (TEACHER, ADA, "", "y" * 32):
        with pytest.raises(NotTheTeacher):  # before: the teacher's learner id was enough
            classroom.results(progress, code, [E41], token=wrong, names=True)
    classroom.end_class(code, token)
    assert classroom.results(progress, code, [E41], token=token).rows[0].solved == 1  # the CSV after the lesson


def test_the_list_based_results_name_the_same_solvers(classroom, progress):
    code, token = _class_of_three(classroom, progress)
    by_list = class_results(progress, classroom.members(code), [E41, E42, E43], names=True)
    assert by_list == classroom.results(progress, code, [E41, E42, E43], token=token, names=True)
