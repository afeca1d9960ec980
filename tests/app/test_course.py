"""The course widgets: the learner's link, one exercise judged and stored, the progress summary.

The exercise here is a tiny worked example (which fields does ``get_weather`` require?) whose
right answer is computed from the real tool's schema at check time, as every page's must be.
"""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from toolcall_lab.progress import is_valid_learner_id, new_learner_id


def _exercise_page() -> None:
    import streamlit as st

    from pages._ui.exercise import Verdict, exercise
    from pages.registry import page
    from toolcall_lab.stages.weather_data import build_weather_tool

    def required() -> list[str]:
        return sorted(build_weather_tool().args_schema.model_json_schema().get("required", []))

    def check(answer: object) -> Verdict:
        expected = required()
        picked = sorted(answer or []) if isinstance(answer, list) else []
        ok = picked == expected
        return Verdict(ok, "right: the schema requires exactly these" if ok else "not quite", expected)

    exercise(
        page("pages/stage_2_schema.py"),
        1,
        title="Predict",
        prompt="Which fields will the schema require?",
        ask=lambda key: st.multiselect("fields", ["city", "days"], key=key),
        check=check,
        hint="a parameter without a default is required",
    )


def _submit(at: AppTest, fields: list[str]) -> AppTest:
    at.multiselect[0].set_value(fields)
    return at.button[0].click().run()  # the form's "Check" button


def test_a_wrong_answer_gets_a_hint_then_the_answer_after_two_tries(memory_store):
    at = AppTest.from_function(_exercise_page, default_timeout=60)
    learner = new_learner_id()
    at.session_state["learner_id"] = learner
    at.run()
    _submit(at, ["city", "days"])
    assert any("not quite" in w.value for w in at.warning)
    assert any("a parameter without a default is required" in i.value for i in at.info)
    assert not at.code  # the answer waits for a second wrong try (or a click on "show me")
    _submit(at, ["days"])
    assert '"city"' in at.code[0].value  # computed from the real schema: only city is required
    state = memory_store.exercise_state(learner, "stage_2_schema/1")
    assert state.attempts == 2 and not state.solved


def test_the_same_answer_twice_is_one_attempt_and_a_right_one_solves(memory_store):
    at = AppTest.from_function(_exercise_page, default_timeout=60)
    learner = new_learner_id()
    at.session_state["learner_id"] = learner
    at.run()
    _submit(at, ["city"])
    _submit(at, ["city"])  # a double click: the same answer again
    assert any("right" in s.value for s in at.success)
    state = memory_store.exercise_state(learner, "stage_2_schema/1")
    assert state.attempts == 1 and state.solved and state.last_answer == ["city"]


def test_home_shows_progress_and_keeps_the_learner_in_the_link(open_page, memory_store):
    at = open_page("pages/home.py", "en")
    learner = at.query_params["learner"]
    learner = learner[0] if isinstance(learner, list) else learner
    assert is_valid_learner_id(learner)
    assert any("Your progress" in s.value for s in at.subheader)


def test_a_school_login_replaces_the_anonymous_id_and_stays_out_of_the_link(open_page, memory_store, monkeypatch):
    import pages._ui.course as course
    from toolcall_lab.progress import learner_id_from_oidc

    school_id = learner_id_from_oidc("https://idp.example.edu", "student-42")
    monkeypatch.setattr(course, "_oidc_learner", lambda: school_id)
    at = open_page("pages/home.py", "en")
    assert at.session_state["learner_id"] == school_id
    assert "learner" not in at.query_params  # an OIDC id is never written into (nor read from) a link
    assert not [b for b in at.sidebar.button if b.key == "login"]  # no provider configured here: no login button
