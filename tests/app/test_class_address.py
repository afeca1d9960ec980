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
