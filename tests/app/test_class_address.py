"""The class's public address: the join link follows it, and a link phones cannot open is flagged to the teacher."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.app.conftest import ROOT
from toolcall_lab.classroom.address import PUBLIC_URL_ENV


def _teacher(lang: str = "en") -> tuple[AppTest, str]:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)
    at.query_params["lang"] = lang
    at.run()
    at.button(key="class::start").click().run()
    assert not at.exception, at.exception
    code = at.query_params["class"]
    return at, code[0] if isinstance(code, list) else code


def _join_link(at: AppTest) -> str:
    (link,) = [c.value for c in at.sidebar.get("code") if "?class=" in c.value]
    return link


def _walk(node):
    yield node
    for child in getattr(node, "children", {}).values():
        yield from _walk(child)


def _warnings(at: AppTest) -> list[str]:
    return [w.value.replace("\\", "") for w in at.sidebar.warning]  # markdown escapes: 127\\.0\\.0\\.1


def test_the_join_link_uses_the_servers_public_address(memory_store, monkeypatch):
    monkeypatch.setenv(PUBLIC_URL_ENV, "https://lab.example.edu/course")
    teacher, code = _teacher()
    assert _join_link(teacher) == f"https://lab.example.edu/course/?class={code}&lang=en"
    assert not any("cannot open" in w for w in _warnings(teacher))


def test_a_loopback_address_is_flagged_in_both_languages_and_a_typed_address_fixes_it(memory_store, monkeypatch):
    monkeypatch.delenv(PUBLIC_URL_ENV, raising=False)
    for lang, words in (("en", "Students' phones cannot open this link"), ("zh", "学生的手机打不开这个链接")):
        teacher, code = _teacher(lang)
        teacher.text_input(key="class::public_url").input("http://127.0.0.1:8599/").run()
        assert _join_link(teacher) == f"http://127.0.0.1:8599/?class={code}&lang={lang}"
        assert any(words in w and "127.0.0.1" in w and PUBLIC_URL_ENV in w for w in _warnings(teacher))
        teacher.text_input(key="class::public_url").input("192.168.1.20:8501").run()
        assert _join_link(teacher) == f"http://192.168.1.20:8501/?class={code}&lang={lang}"
        assert not any(words in w for w in _warnings(teacher))
        teacher.switch_page("pages/stage_4_tool_call.py").run()  # the typed address outlives a page switch
        assert _join_link(teacher) == f"http://192.168.1.20:8501/?class={code}&lang={lang}"


def test_what_is_not_an_address_is_not_used(memory_store, monkeypatch):
    monkeypatch.setenv(PUBLIC_URL_ENV, "https://lab.example.edu/")
    teacher, code = _teacher()
    teacher.text_input(key="class::public_url").input("javascript:alert(1)").run()
    assert _join_link(teacher) == f"https://lab.example.edu/?class={code}&lang=en"
    assert any("is not an http:// or https:// address" in c.value for c in teacher.sidebar.caption)


def test_the_projector_view_shows_the_code_the_qr_and_a_way_back(memory_store, monkeypatch):
    monkeypatch.setenv(PUBLIC_URL_ENV, "https://lab.example.edu/")
    teacher, code = _teacher()
    teacher.query_params["step"] = "2"
    teacher.switch_page("pages/stage_4_tool_call.py").run()  # where the class is: the way back leads there
    (link,) = [p for p in teacher.sidebar.get("page_link") if "class_join" in p.proto.page]
    assert "present=1" in str(link.proto) and f"class={code}" in str(link.proto)  # opens with the sidebar folded
    teacher.switch_page("pages/class_join.py").run()
    assert not teacher.exception, teacher.exception
    big = [m.value for m in teacher.main.get("markdown")]
    assert f"{code[:3]} {code[3:]}" in big  # the code, in the very large type of its container
    assert any(f"lab\\.example\\.edu/?class={code}" in m or f"lab.example.edu/?class={code}" in m for m in big)
    kinds = [getattr(node, "type", "") for node in _walk(teacher.main)]
    assert kinds.count("image") == 1, kinds  # the QR code
    (back,) = [p for p in teacher.main.get("page_link") if "stage_4_tool_call" in p.proto.page]
    assert "step 2" in back.proto.label
    student = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)
    student.query_params["lang"] = "zh"
    student.run()
    student.switch_page("pages/class_join.py").run()
    assert any("给带课堂的老师投影用" in i.value for i in student.info)
    assert "image" not in [getattr(node, "type", "") for node in _walk(student.main)]


def test_a_link_with_present_1_turns_presenter_mode_on_even_after_the_switch_was_turned_off(memory_store):
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)
    at.query_params["lang"] = "en"
    at.run()
    at.toggle(key="present_toggle").set_value(True).run()
    assert at.query_params.get("present") in ("1", ["1"])
    at.toggle(key="present_toggle").set_value(False).run()
    assert "present" not in at.query_params
    at.query_params["present"] = "1"  # "Project the join" in the Class box is such a link
    at.switch_page("pages/class_join.py").run()
    assert not at.exception, at.exception
    assert at.query_params.get("present") in ("1", ["1"]) and at.toggle(key="present_toggle").value is True


def test_the_projector_view_of_a_loopback_link_warns_there_too_without_a_clash(memory_store, monkeypatch):
    # the Class box and the projector view both warn on the join page: two elements of one run, two keys
    monkeypatch.delenv(PUBLIC_URL_ENV, raising=False)
    teacher, _ = _teacher()
    teacher.text_input(key="class::public_url").input("http://127.0.0.1:8599/").run()
    teacher.query_params["present"] = "1"
    teacher.switch_page("pages/class_join.py").run()
    assert not teacher.exception, teacher.exception  # was StreamlitDuplicateElementKey
    assert any("cannot open" in w.value for w in teacher.main.warning)
    assert any("cannot open" in w.value for w in teacher.sidebar.warning)
