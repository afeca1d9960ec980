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
    assert "stop 3 of 6" in " ".join(m.value for m in teacher.sidebar.markdown)
    links = _links(teacher)
    assert any("stage_2_schema" in link and "◀" in link for link in links)
    assert any("stage_7_tool_message" in link and "▶" in link for link in links)
    assert [b for b in teacher.get("download_button") if "lesson plan" in str(b.proto)]

    student = _join("en", code)
    captions = " ".join(c.value for c in student.caption)
    assert "45-minute class: stop 3 of 6 · next: ⑦ ToolMessage" in captions.replace("\\", "")
