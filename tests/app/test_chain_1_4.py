"""Chain pages ① – ④ as a learner meets them (issues 11 and 14), both languages, under AppTest.

* A cold page opens on its artifact and on a real run of the shared live-run panel (no "No run yet").
* An English page shows no Chinese in its main area: the lab's own weather tool, its
  schema, request body and answer are built in English.
* Each page ends with two exercises; each is solved wrong (a warning and a hint) and right
  (a success). The right answer is derived here from the same real artifact the page shows
  (``lessons.chain.stage_<n>_*`` runs the real call), never typed.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from lessons.chain import stage_1_tool as s1
from lessons.chain import stage_2_schema as s2
from lessons.chain import stage_3_bind_tools as s3
from lessons.chain import stage_4_tool_call as s4
from pages._ui import exercise as exercise_ui
from pages.registry import in_section
from tests.app.conftest import ROOT
from toolcall_lab.stages.args_model import default_model_source
from toolcall_lab.stages.tool_source import default_source

P1, P2, P3, P4 = (spec.path for spec in in_section("chain")[:4])
CJK = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]")
QUESTION_EN = "What's the weather in Bangkok?"


@pytest.fixture(autouse=True)
def _memory_progress(monkeypatch):
    """Attempts go to an in-memory progress store (no file under data/)."""
    import pages._ui.course as course
    from toolcall_lab.progress import ProgressStore

    store = ProgressStore.open("memory")
    monkeypatch.setattr(course, "store", lambda: store)
    yield store
    store.close()


# ---------------------------------------------------------------- reading the main area
def _widget_texts(widget: Any) -> list[str]:
    out = [str(getattr(widget, "label", "") or "")]
    for name in ("options", "value"):
        try:
            value = getattr(widget, name)
        except Exception:  # a widget without this attribute
            continue
        out.extend(str(v) for v in value) if isinstance(value, (list, tuple)) else out.append(str(value))
    return out


def main_texts(at: AppTest) -> list[str]:
    """Every text a learner reads in the main area (not the sidebar): prose, artifacts, labels, options."""
    m = at.main
    out: list[str] = []
    for kind in ("title", "subheader", "markdown", "caption", "json", "text"):
        out.extend(str(e.value) for e in getattr(m, kind))
    # The lab's own source (``pages._ui.source``: line-numbered) is bilingual code: each Text(zh, en) holds both.
    out.extend(str(c.value) for c in m.code if not c.proto.show_line_numbers)
    for kind in ("info", "success", "warning", "error"):
        out.extend(str(e.value) for e in getattr(m, kind))
    out.extend(str(e.label) for e in m.expander)
    out.extend(str(e.label) for e in m.tabs)
    out.extend(str(e.label) for e in m.button)
    out.extend(f"{e.label} {e.value}" for e in m.metric)
    for kind in ("radio", "multiselect", "selectbox", "text_area", "text_input", "toggle"):
        for w in getattr(m, kind):
            out.extend(_widget_texts(w))
    for w in m.get("segmented_control") + m.get("pills"):
        out.extend(_widget_texts(w))
    out.extend(str(f.value.to_csv()) for f in m.dataframe)
    return out


def unglossed_cjk(at: AppTest) -> list[str]:
    """Main-area texts with Chinese characters (none may remain on an English chain page ① – ④)."""
    return [t for t in main_texts(at) if CJK.search(t)]


def codes(at: AppTest) -> list[str]:
    return [c.value for c in at.code]


RIGHT = {lang: f"**{exercise_ui.RIGHT(lang)}**" for lang in ("en", "zh")}  # the renderer's verdict, said first
HINT = {"en": "Hint: ", "zh": "提示："}
CHECK = {"en": "Check", "zh": "检查"}


def answer_key(page: str, n: int, lang: str | None = None) -> str:
    """The answer widget key of exercise ``n`` on ``page`` (``pages._ui.exercise``); text areas add ``lang``."""
    spec = next(s for s in in_section("chain") if s.path == page)
    return f"exercise-{spec.url_path}-{n}::answer" + (f"::{lang}" if lang else "")


def submit(at: AppTest, n: int, lang: str) -> AppTest:
    """Click exercise ``n``'s "Check" (the page's exercises are its only forms)."""
    checks = [b for b in at.main.button if b.label == CHECK[lang]]
    checks[n - 1].click().run()
    assert not at.exception, at.exception
    return at


def judged_right(at: AppTest, lang: str) -> bool:
    return any(s.value.startswith(RIGHT[lang]) for s in at.success)


def hinted(at: AppTest, lang: str) -> bool:
    return any(i.value.startswith(HINT[lang]) for i in at.info) and bool(at.warning)


def open_cold(page: str, lang: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["lang"] = lang
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


# ---------------------------------------------------------------- a cold page: its artifact, a real run, no Chinese
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("page", [P1, P2, P3, P4])
def test_a_cold_page_opens_on_its_artifact_and_a_real_run(page, lang):
    at = open_cold(page, lang)
    assert not any("No run yet" in c.value for c in at.caption)
    trace = at.session_state["trace::chain"]  # the panel ran its first example itself
    assert trace.stop_reason == "final" and trace.lang == lang
    tools = trace.model_calls[0].request_body["tools"]
    assert [t["function"]["name"] for t in tools] == ["get_weather"]
    assert bool(CJK.search(json.dumps(tools, ensure_ascii=False))) == (lang == "zh")  # the tool in the page's language
    shown = codes(at)
    if page == P1:
        assert "get_weather" in shown and '["city"]' in shown
    elif page == P2:
        strict = [json.loads(c) for c in shown if c.startswith("{") and '"strict": true' in c]
        assert strict and strict[0]["function"]["parameters"]["required"] == ["city", "days"]
    elif page == P3:
        body = next(json.loads(c) for c in shown if c.startswith("{") and '"messages"' in c and '"tools"' in c)
        assert body["tools"][0]["function"]["name"] == "get_weather"
    else:
        raw = next(json.loads(c) for c in shown if c.startswith("[") and '"function"' in c)
        assert raw[0]["function"]["arguments"] == '{"city": "Bangkok", "days": 3}'
    # the live run opens at this page's stage: its artifact of the run, before the timeline
    assert at.main.get("flex_container") is not None


@pytest.mark.parametrize("page", [P1, P2, P3, P4])
def test_an_english_page_shows_no_chinese(page):
    at = open_cold(page, "en")
    assert unglossed_cjk(at) == []


@pytest.mark.parametrize(("page", "count"), [(P1, 3), (P2, 4), (P3, 4)])
def test_every_step_of_pages_1_to_3_opens_from_its_link_on_its_own_artifact_in_english(page, count):
    """①–③ are steps (``?step=N``): each step's link opens that step, its artifact first, with no Chinese."""
    for n in range(1, count + 1):
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
        at.query_params["lang"] = "en"
        at.query_params["step"] = str(n)
        at.run()
        at.switch_page(page).run()
        assert not at.exception, at.exception
        assert at.main.get("flex_container") is not None
        assert f"{n}. " in str(at.main.get("button_group")[0].proto.options[n - 1])  # the pill of step n ...
        assert at.main.get("button_group")[0].proto.default == [n - 1]  # ... is the one picked
        assert unglossed_cjk(at) == [], f"{page} step {n}"


def test_a_language_switch_rebuilds_the_shared_run_in_the_new_language():
    at = open_cold(P3, "zh")
    assert at.session_state["trace::chain"].lang == "zh"
    at.segmented_control(key="lang_picker").set_value("en")
    at.session_state["lang"] = "en"
    at.run()
    assert not at.exception
    trace = at.session_state["trace::chain"]
    assert trace.lang == "en" and trace.question == QUESTION_EN
    assert not CJK.search(json.dumps(trace.model_calls[0].request_body, ensure_ascii=False))
    assert unglossed_cjk(at) == []


# ---------------------------------------------------------------- the exercises, wrong then right, both languages
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_stage1_exercises(lang):
    at = open_cold(P1, lang)
    required = s1.check_required_prediction(None).expected  # from the real args_schema
    wrong = [p for p in s1.tool_parameters() if p not in required][:1]
    at.multiselect(key=answer_key(P1, 1)).set_value(wrong)
    assert hinted(submit(at, 1, lang), lang)
    at.multiselect(key=answer_key(P1, 1)).set_value(required)
    assert judged_right(submit(at, 1, lang), lang)

    assert at.text_area(key=answer_key(P1, 2, lang)).value == s1.MAKE_TOOL_START
    assert hinted(submit(at, 2, lang), lang)  # unannotated, no default: both required, no type
    fixed = 'def get_time(zone: str, offset: int = 0) -> str:\n    """What time is it in a zone?"""\n'
    at.text_area(key=answer_key(P1, 2, lang)).set_value(fixed)
    assert judged_right(submit(at, 2, lang), lang)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_stage2_exercises(lang):
    at = open_cold(P2, lang)
    visible = s2.check_visible_rules(None).expected  # from the real schema
    at.multiselect(key=answer_key(P2, 1)).set_value(list(s2.rule_options()))  # every rule: the hidden ones too
    assert hinted(submit(at, 1, lang), lang)
    at.multiselect(key=answer_key(P2, 1)).set_value(visible)
    assert judged_right(submit(at, 1, lang), lang)

    start = default_model_source(lang)
    assert at.text_area(key=answer_key(P2, 2, lang)).value == start
    assert hinted(submit(at, 2, lang), lang)
    at.text_area(key=answer_key(P2, 2, lang)).set_value(
        start.replace("le=7", "le=5").replace("min_length=1", "min_length=2")
    )
    assert judged_right(submit(at, 2, lang), lang)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_stage3_exercises(lang):
    at = open_cold(P3, lang)
    question = at.text_input(key="stage_bind_q").value
    right = s3.check_bind_choice(None, lang, question).expected  # what ChatOpenAI really put on the wire
    options = at.radio(key=answer_key(P3, 1)).options
    assert right in options
    at.radio(key=answer_key(P3, 1)).set_value(next(o for o in options if o != right))
    assert hinted(submit(at, 1, lang), lang)
    at.radio(key=answer_key(P3, 1)).set_value(right)
    assert judged_right(submit(at, 1, lang), lang)

    assert at.text_area(key=answer_key(P3, 2, lang)).value == s3.bad_name_source(lang)
    assert hinted(submit(at, 2, lang), lang)  # HTTP 400, as sent
    at.text_area(key=answer_key(P3, 2, lang)).set_value(default_source(lang))
    assert judged_right(submit(at, 2, lang), lang)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_stage4_exercises(lang):
    at = open_cold(P4, lang)
    count = s4.check_call_count(None).expected  # how many calls LangChain really parsed
    at.radio(key=answer_key(P4, 1)).set_value(next(o for o in ("0", "1", "2") if o != count))
    assert hinted(submit(at, 1, lang), lang)
    at.radio(key=answer_key(P4, 1)).set_value(count)
    assert judged_right(submit(at, 1, lang), lang)

    assert at.text_area(key=answer_key(P4, 2, lang)).value == s4.FIX_ARGUMENTS_START
    assert hinted(submit(at, 2, lang), lang)
    at.text_area(key=answer_key(P4, 2, lang)).set_value(s4.check_fix_arguments(None).expected["arguments"])
    assert judged_right(submit(at, 2, lang), lang)


# ---------------------------------------------------------------- presenter mode steps through ④ by URL
def _param(at: AppTest, name: str) -> str | None:
    value = at.query_params.get(name)
    return value[0] if isinstance(value, list) else value


def test_presenter_mode_steps_through_stage4_by_url():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    for key, value in {"lang": "en", "present": "1", "step": "2"}.items():
        at.query_params[key] = value
    at.run()
    at.switch_page(P4).run()
    assert not at.exception, at.exception
    assert any(m.value.startswith("### 2 / 5") for m in at.markdown)  # the link's step, as a projector title
    # step 2: arguments is a string inside the body — the escaped field and the call table
    assert any('\\"city\\"' in c for c in codes(at))
    assert not [t for t in at.main.text_area if t.key == "stage_call_args"]  # the editor belongs to step 1
    at.button(key="stage4::next").click().run()
    assert _param(at, "step") == "3" and any(m.value.startswith("### 3 / 5") for m in at.markdown)
    assert any("read_arguments" in c.value or "json.loads" in c.value for c in at.code)
    at.button(key="stage4::prev").click().run()
    at.button(key="stage4::prev").click().run()
    assert _param(at, "step") == "1"
    assert at.text_area(key="stage_call_args").value == '{"city": "Bangkok", "days": 3}'


def test_stage4_streamed_and_two_wires_steps_show_real_runs():
    """Steps 4 and 5 of ④ (issue 13): the streamed deltas and their running sum; the same call on two wires."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    for key, value in {"lang": "en", "step": "4"}.items():
        at.query_params[key] = value
    at.run()
    at.switch_page(P4).run()
    assert not at.exception, at.exception
    # after the last chunk, the fragments of call index 0 have added up to the whole arguments text
    assert any(json.loads(c.value) == {"0": '{"city": "Bangkok"}'} for c in at.code if c.value.startswith('{\n  "0"'))
    assert any(c.value.startswith("data: ") and "chat.completion.chunk" in c.value for c in at.code)
    at.query_params["step"] = "5"
    at.run()
    bodies = [str(j.value) for j in at.json]
    assert any("function_call" in b and "call_id" in b for b in bodies)  # the Responses API's call item
    assert any("tool_calls" in b for b in bodies)  # Chat Completions' assistant message


def test_stage2_words_the_invisible_rules_in_each_language():
    """The lesson says why a rule is invisible as a key; the page words it ("invisible in the schema")."""
    for lang, words in (("en", "invisible in the schema"), ("zh", "JSON Schema 里看不见")):
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
        at.query_params["lang"] = lang
        at.query_params["step"] = "2"  # step 2 of ②: the argument model and its rules
        at.run()
        at.switch_page("pages/stage_2_schema.py").run()
        assert not at.exception, at.exception
        assert any(words in w.value for w in at.warning)
