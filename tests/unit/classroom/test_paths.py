"""Course paths as data: the 90- and 45-minute classes and the full course, their stops, minutes and lesson plans."""

from __future__ import annotations

import pytest

from lessons.course.class_paths import CLASS_45, CLASS_90, FALLBACK_ASK
from pages.registry import COURSE, page_by_url
from toolcall_lab.classroom.paths import CoursePath, Stop, full_path, lesson_plan, self_paced_minutes, stop_at
from toolcall_lab.i18n import Text

FULL = full_path((spec.url_path, spec.exercises) for spec in COURSE)


def _ask(stop: Stop) -> Text:
    """A stop's question as the Class box asks it: its own, else its page's, else the fallback."""
    return stop.ask or page_by_url(stop.url_path).question or FALLBACK_ASK


@pytest.mark.parametrize(("path", "minutes"), [(CLASS_90, 90), (CLASS_45, 45)])
def test_a_class_path_fits_its_lesson_and_names_real_pages(path, minutes):
    assert path.total_minutes == minutes
    for stop in path.stops:
        spec = page_by_url(stop.url_path)  # KeyError: a stop on a page that does not exist
        assert stop.minutes > 0
        assert stop.step is None or stop.step >= 1
        ask = _ask(stop)
        assert ask.zh and ask.en and ask is not FALLBACK_ASK, spec.url_path  # each class stop has its question


def test_the_full_course_is_every_course_page_timed_from_its_exercises():
    assert [s.url_path for s in FULL.stops] == [spec.url_path for spec in COURSE]
    assert all(s.minutes == self_paced_minutes(page_by_url(s.url_path).exercises) for s in FULL.stops)
    assert 7 * 60 <= FULL.total_minutes <= 9 * 60  # a careful learner: 7-9 hours (issue 25)


def test_a_place_is_found_on_the_path_by_page_and_step():
    path = CoursePath("p", Text("路线", "Path"), (Stop("a", 5), Stop("b", 5, step=1), Stop("b", 5, step=3)))
    assert stop_at(path, "b", "3") == 2
    assert stop_at(path, "b", "2") == 1  # no stop at that step: the page's first stop
    assert stop_at(path, "b", None) == 1
    assert stop_at(path, "c", None) is None


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_lesson_plan_has_every_stop_its_time_and_the_question_in_both_languages(lang):
    plan = lesson_plan(CLASS_45, lang, lambda u: page_by_url(u).title(lang), _ask)
    assert plan.startswith(f"# {CLASS_45.title(lang)} — 45 min")
    sections = [line for line in plan.splitlines() if line.startswith("## ")]
    assert len(sections) == len(CLASS_45.stops)
    first, last = CLASS_45.stops[0].minutes, CLASS_45.stops[-1].minutes
    assert sections[0].endswith(f"(0:00–0:{first:02d})") and sections[-1].endswith(f"(0:{45 - last:02d}–0:45)")
    for stop in CLASS_45.stops:
        assert _ask(stop).zh in plan and _ask(stop).en in plan
    assert page_by_url("stage_4_tool_call").question.en in plan  # a chain stop asks the page's own question


def test_a_stop_names_the_steps_it_shows_and_is_found_at_each_of_them():
    stop = Stop("stage_2_schema", 9, step=1, last_step=2)
    assert stop.shown_steps() == ("1", "2") and Stop("p", 5).shown_steps() == ()
    assert stop.steps_label("en") == "steps 1–2" and stop.steps_label("zh") == "第 1–2 步"
    path = CoursePath("p", Text("路线", "Path"), (Stop("a", 5), stop, Stop("stage_2_schema", 5, step=3)))
    assert [stop_at(path, "stage_2_schema", s) for s in ("1", "2", "3")] == [1, 1, 2]  # ▶ within a stop stays there


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_lesson_plan_says_which_exercises_are_tried_together_and_which_are_homework(lang):
    plan = lesson_plan(CLASS_90, lang, lambda u: page_by_url(u).title(lang), _ask, lambda u: page_by_url(u).exercises)
    schema = page_by_url("stage_2_schema")
    assert schema.exercises > 1  # ② has more exercises than a class tries together
    section = plan.split(f"## 3. {schema.title(lang)}")[1].split("## 4.")[0]
    homework = Text("其余 {n} 道留作课后练习", "the other {n} as homework").format(n=schema.exercises - 1)(lang)
    assert Text("第 1–2 步", "steps 1–2")(lang) in section and homework in section
    assert lesson_plan(CLASS_90, lang, lambda u: u, _ask).count(homework) == 0  # without counts: no exercise line
