"""The schema inspector on ② (issue 24): what each provider receives for the tool ② looks at, the lint, two exercises.

The findings a page must show are computed here by the same inspector on the same tool, never typed.
"""

from __future__ import annotations

import pytest

from lessons.wires import schema_lesson
from tests.app.test_chain_1_4 import P2, answer_key, hinted, judged_right, open_cold, submit, unglossed_cjk

PROVIDERS = ["OpenAI", "OpenAI strict", "Anthropic", "Gemini", "MCP"]


def _step4(lang: str, **params: str):
    from streamlit.testing.v1 import AppTest

    from tests.app.conftest import ROOT

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["lang"] = lang
    at.query_params["step"] = "4"
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    at.switch_page(P2).run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_step4_shows_each_provider_and_every_rule_with_its_source_and_date(lang):
    from toolcall_lab.stages.weather_data import build_weather_tool
    from toolcall_lab.wires.schema_inspector import inspect_schema

    at = _step4(lang)
    expected = inspect_schema(build_weather_tool(lang=lang), lang)
    assert [t.label for t in at.tabs][:5] == PROVIDERS
    shown = "\n".join(m.value for m in at.markdown)
    assert expected.findings, "the lab's own tool has something to say (strict mode, Gemini)"
    for finding in expected.findings:
        assert finding.path in shown
    captions = [c.value for c in at.caption]
    assert sum(expected.findings[0].checked in c for c in captions) == len(expected.findings)
    if lang == "en":
        assert unglossed_cjk(at) == []


def test_step4_inspects_the_argument_model_of_step_2():
    from toolcall_lab.stages.args_model import default_model_source

    at = _step4("en", subj="model")
    expected = schema_lesson.inspect_source(default_model_source("en"), "en")
    assert expected.findings, "the article's model has a default and limits: strict mode and Gemini object"
    assert any(expected.received["gemini"]["name"] in str(j.value) for j in at.json)
    dated = [c for c in at.caption if expected.findings[0].checked in c.value]
    assert len(dated) == len(expected.findings)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_inspector_exercises_wrong_then_right(lang):
    at = open_cold(P2, lang)
    assert at.text_area(key=answer_key(P2, 3, lang)).value == schema_lesson.SPECIMEN
    assert hinted(submit(at, 3, lang), lang)  # the specimen as it is: default and maxLength refused
    at.text_area(key=answer_key(P2, 3, lang)).set_value(schema_lesson.check_strict_compatible(None, lang).expected)
    assert judged_right(submit(at, 3, lang), lang)

    dropped = schema_lesson.check_gemini_drops(None).expected  # from the real conversion
    at.multiselect(key=answer_key(P2, 4)).set_value(schema_lesson.keyword_options())  # everything: too much
    assert hinted(submit(at, 4, lang), lang)
    at.multiselect(key=answer_key(P2, 4)).set_value(dropped)
    assert judged_right(submit(at, 4, lang), lang)
