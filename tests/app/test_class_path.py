"""A course path chosen when the class starts: the teacher's ◀ ▶ follow it, the students see where the class is."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.app.test_classroom import _join, _param, _session


def _links(at: AppTest) -> list[str]:
    return [str(p.proto) for p in at.sidebar.get("page_link")]


def test_a_45_minute_class_is_walked_stop_by_stop(memory_store):
    teacher = _session("en")
    teacher.selectbox(key="class::path_input").set_value("class45").run()
    teacher.button(key="class::start").click().run()
    assert not teacher.exception, teacher.exception
    code = _param(teacher, "class")
    box = " ".join(m.value for m in teacher.sidebar.markdown)
    assert "45-minute class" in box and "off the path" in box  # home is not a stop
    assert any("live_run" in link and "▶" in link for link in _links(teacher))  # ▶: the first stop

    teacher.query_params["step"] = "2"
    teacher.switch_page("pages/stage_4_tool_call.py").run()
    assert "stop 3 of 5" in " ".join(m.value for m in teacher.sidebar.markdown)
    links = _links(teacher)
    assert any("stage_2_schema" in link and "◀" in link for link in links)
    assert any("stage_7_tool_message" in link and "▶" in link for link in links)
    assert [b for b in teacher.get("download_button") if "lesson plan" in str(b.proto)]

    student = _join("en", code)
    captions = " ".join(c.value for c in student.caption)
    assert "45-minute class: stop 3 of 5 · next: ⑦ ToolMessage" in captions.replace("\\", "")


def _projected_links(at: AppTest) -> list[str]:
    """The page links in presenter mode's page row (the main area's ``presenter-pages`` container)."""
    row = at.main.get("page_link")
    return [str(p.proto) for p in row if "present" in str(p.proto)]


def test_on_the_projector_the_page_row_follows_the_path_and_stays_projected(memory_store):
    teacher = _session("en")
    teacher.selectbox(key="class::path_input").set_value("class45").run()
    teacher.button(key="class::start").click().run()
    teacher.query_params["present"] = "1"
    teacher.query_params["step"] = "2"
    teacher.switch_page("pages/stage_4_tool_call.py").run()
    assert not teacher.exception, teacher.exception
    links = _projected_links(teacher)
    # the 45-minute path: ② schema before ④ step 2, ⑦ after it (the course order would give ③ and ⑤)
    assert len(links) == 2, links
    assert "stage_2_schema" in links[0] and "◀" in links[0]
    assert "stage_7_tool_message" in links[1] and "▶" in links[1]
    assert all("class" in link for link in links)  # the stops keep the class in the link
    assert not any("stage_3_bind_tools" in link or "stage_5_validation" in link for link in links)


def test_a_reload_of_the_teachers_tab_keeps_the_path_the_class_walks(memory_store, monkeypatch):
    teacher = _session("en")
    teacher.selectbox(key="class::path_input").set_value("class45").run()
    teacher.button(key="class::start").click().run()
    code = _param(teacher, "class")
    teacher.query_params["step"] = "2"
    teacher.switch_page("pages/stage_4_tool_call.py").run()  # publishes the place, with the path
    _, token = teacher.session_state["class_teacher_token"]
    from pages._ui import browser_cookie

    monkeypatch.setattr(browser_cookie, "read", lambda name: f"{code}.{token}" if name == "tcl_teacher" else None)
    reloaded = _session("en", "pages/stage_4_tool_call.py", **{"class": code, "step": "2"})  # a new session
    assert not reloaded.exception, reloaded.exception
    assert "stop 3 of 5" in " ".join(m.value for m in reloaded.sidebar.markdown)  # the 45-minute path, not lost
    assert [b for b in reloaded.get("download_button") if "lesson plan" in str(b.proto)]
