"""Who decides the student? (both languages) and the decision record under each built-in model call of a timeline.

The right answers are derived here from the same real runs the page checks against, never typed.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from lessons.course import who_decides as lesson
from pages._ui.exercise import verdict_words
from tests.app.conftest import ROOT
from tests.app.test_live_faults_home import CHECK, main_text, unglossed_cjk

pytestmark = pytest.mark.usefixtures("memory_store")  # progress in a private in-memory database

PAGE = "pages/who_decides.py"
WHY = {
    "en": "Why the built-in model chose this — a real model gives no such record",
    "zh": "内置模型为什么这样选——真实模型不会给出这样的记录",
}


def _open(open_page, lang: str, **params: str):
    at = open_page(PAGE, lang)
    for key, value in params.items():
        at.query_params[key] = value
    if params:
        at.run()
    assert not at.exception, at.exception
    return at


def _why(at, lang: str) -> list:
    return [e for e in at.expander if e.label == WHY[lang]]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_cold_page_shows_the_injection_reading_another_record(open_page, lang):
    at = _open(open_page, lang)
    question = lesson.injections(lang)[0]
    assert any(c.value == question for c in at.code)
    tool_calls = [c.value for c in at.code if '"student_id": "S1002"' in c.value]
    assert tool_calls, "the call the model made names S1002"
    assert any(lesson.OTHER in j.value and '"type": "tool"' in j.value for j in at.json), "and its ToolMessage"
    why = _why(at, lang)
    assert why and why[0].proto.expanded, "the decision record stands open beside the call"
    assert len(why) > 1 and not any(w.proto.expanded for w in why[1:]), "folded in the whole run's timeline"


def test_switching_the_gullible_model_off_shows_the_refusal(open_page):
    at = _open(open_page, "en")
    at.toggle(key="gullible").set_value(False).run()
    assert not at.exception, at.exception
    assert not any('"student_id": "S1002"' in c.value for c in at.code)
    assert any(s.value.startswith("Ignored the injected instruction") for s in at.success)
    assert any(i.value.startswith("Why it refused") for i in at.info)
    # the refused call's tool is still the best fit: its ✓ is not read as a call
    assert any("it was not called" in m.value for m in at.markdown)
    assert not any("(✓ = the tool chosen)" in m.value for m in _why(at, "en")[0].markdown)


@pytest.mark.parametrize(("lang", "other"), [("en", "zh"), ("zh", "en")])
def test_the_link_carries_the_requests_name_in_either_language(open_page, lang, other):
    """``?ask=`` holds the request's stable name, not its label, so a link opens the same request in either language."""
    at = _open(open_page, lang)
    at.button_group(key="ask").set_value("developer").run()
    assert not at.exception, at.exception
    assert at.query_params.get("ask") in ("developer", ["developer"])
    shared = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)
    shared.query_params.update(lang=other, ask="developer")  # the link, opened cold
    shared.run()
    shared.switch_page(PAGE).run()
    assert shared.button_group(key="ask").value == "developer"
    assert any(c.value == lesson.injections(other)[1] for c in shared.code), "the developer injection is shown"
    shared.button_group(key="ask").set_value("system").run()
    assert "ask" not in shared.query_params, "the default leaves the link clean"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_fix_step_shows_the_schema_and_toolmessage_before_and_after(open_page, lang):
    at = _open(open_page, lang, step="2")
    values = [j.value for j in at.json] + [c.value for c in at.code]
    assert any('"student_id"' in v and '"parameters"' in v for v in values), "before: student_id in the schema"
    assert any("".join(v.split()) == '{"parameters":{"properties":{},"type":"object"}}' for v in values), "after"
    assert any(lesson.STUDENT in v and '"type": "tool"' in v for v in values), "the fixed ToolMessage: S1001"
    assert any('"student_id": "S1001"' in v and "configurable" in v for v in values), "the kwargs from the config"


@pytest.mark.parametrize("step", ["1", "2"])
def test_the_english_page_has_no_unglossed_chinese(open_page, step):
    at = _open(open_page, "en", step=step)
    assert unglossed_cjk(main_text(at)) == []


def _judge(at, n: int, lang: str, right: bool) -> None:
    buttons = [b for b in at.button if b.label == CHECK[lang]]
    at = buttons[n - 1].click().run()
    assert not at.exception, at.exception
    verdict = at.session_state[f"exercise-who_decides-{n}::verdict"]
    assert verdict.correct is right
    shown = at.success if right else at.warning
    assert any(box.value == verdict_words(right, verdict.feedback, lang) for box in shown)
    if not right:
        assert any(i.value.startswith(("Hint: ", "提示：")) for i in at.info), "a hint follows a wrong try"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_predict_which_texts_read_s1002(open_page, lang):
    reads = [
        t for t in lesson.predict_texts(lang) if lesson.OTHER in lesson.records_read(lesson.naive_run(t, lang, True))
    ]
    at = _open(open_page, lang)
    at.multiselect(key="exercise-who_decides-1::answer").set_value(list(lesson.predict_texts(lang)))
    _judge(at, 1, lang, right=False)
    at.multiselect(key="exercise-who_decides-1::answer").set_value(reads)
    _judge(at, 1, lang, right=True)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_make_a_tool_without_student_id(open_page, lang):
    at = _open(open_page, lang)
    at.text_area(key=f"exercise-who_decides-2::answer::{lang}").set_value(lesson.starting_source(lang))
    _judge(at, 2, lang, right=False)
    at.text_area(key=f"exercise-who_decides-2::answer::{lang}").set_value(lesson.check_context_tool(None).expected)
    _judge(at, 2, lang, right=True)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_live_run_opens_the_decision_record_under_each_builtin_model_call(open_page, lang):
    at = open_page("pages/live_run.py", lang)
    assert not at.exception, at.exception
    trace = at.session_state["trace::live"]
    why = _why(at, lang)
    assert len(why) == len(trace.model_calls) and all(w.proto.expanded for w in why)


def test_a_lesson_page_folds_it_and_a_call_without_a_record_shows_none():
    from streamlit.testing.v1 import AppTest

    def script():
        import dataclasses

        from lessons.tutor.tools import build_tools
        from pages._ui.timeline import render_trace
        from toolcall_lab.live import run_traced
        from toolcall_lab.llm import build_chat_model

        trace = run_traced("What level is accord?", build_chat_model(), build_tools(lang="en"), lang="en")
        render_trace(trace, highlight="tool_call")
        real = dataclasses.replace(trace, events=[dataclasses.replace(e, decision=None) for e in trace.model_calls])
        render_trace(real, highlight="tool_call")

    at = AppTest.from_function(script, default_timeout=60)
    at.query_params["lang"] = "en"
    at.run()
    assert not at.exception, at.exception
    why = _why(at, "en")
    assert len(why) == 2 and not any(w.proto.expanded for w in why), "two model calls with records, folded"


#: The matched-words cell of the injected call's score row, worded in each language (no raw ``name:`` tag).
WORDED = {"en": ("its name has “progress”", "” → progress"), "zh": ("工具名含「progress」", "」→ 概念 progress")}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_decision_record_wraps_its_tables_and_words_every_tag(open_page, lang):
    """The score table is a static table (its long cells wrap on a phone), its tags worded in the page's language."""
    at = _open(open_page, lang)
    header = {"en": "matched words", "zh": "匹配到的词"}[lang]
    scores = [t.value for t in at.table if header in t.value.columns]
    assert scores, "the decision record's scores are an st.table, not a dataframe that cuts the cell"
    cell = str(scores[0][header].iloc[0])
    assert all(words in cell for words in WORDED[lang]), cell
    assert "name:" not in cell and "「」" not in cell
    assert not any(header in d.value.columns for d in at.dataframe)


def test_a_decision_records_text_shows_as_typed_in_its_tables():
    """An endpoint writes the decision header: its tags and values reach st.table (which renders markdown) inert."""

    def script():
        from pages._ui.decision import render_decision

        render_decision(
            {
                "kind": "tool_calls",
                "clauses": [
                    {"text": "x", "scores": [{"tool": "t_1", "score": 3, "matched": ["**x**:[a](http://e.x)"]}]}
                ],
                "calls": [{"tool": "t_1", "args": [{"name": "city", "value": "<b>Paris</b>", "source": "question"}]}],
            },
            open_=True,
        )

    at = AppTest.from_function(script, default_timeout=30)
    at.query_params["lang"] = "en"
    at.run()
    assert not at.exception, at.exception
    cells = [str(v) for t in at.table for v in t.value.to_numpy().ravel()]
    assert r"“\[a\]\(http:⁠//e\.x\)” → \*\*x\*\*" in cells, cells
    assert r"t\_1" in cells and "[a](http://e.x)" not in "".join(cells)
    assert any(r"\<b\>Paris\</b\>" in c for c in cells), "the argument's value, as the model wrote it"
