"""Issue 22, the exercises and the "why" panel as a newcomer reads them (AppTest, both languages).

- feedback says in words whether the answer is right: the renderer's verdict word comes first;
- one miss on ⑥ Ex 1 and ④ Ex 1 names where to look, never the computed answer (that comes with the
  answer reveal, after the second miss);
- ⑧ Ex 1 accepts the number of messages the page's own table of the second request shows;
- ⑥ Ex 1's title keeps its bold and its code (``**d`` no longer closes the bold);
- tutor 1 Ex 1 asks about a question whose calls the page does not already show;
- the "why this tool" panel on a Chinese page holds no English sentence, a no-call question included;
- the answer widgets' grey placeholder text is in the page's language.

Every expected answer is computed here by the exercise's own check or the same real run, never typed.
"""

from __future__ import annotations

import json
import re

import pytest
from streamlit.testing.v1 import AppTest

from lessons.chain import stage_4_tool_call as s4
from lessons.chain import stage_6_kwargs as s6
from lessons.chain import stage_8_round_trip as s8
from lessons.tutor import lesson_1_model_talks as l1
from pages._ui import exercise as ui
from pages.registry import in_section
from tests.app.conftest import ROOT
from toolcall_lab.stages import kwargs as kw_stage

pytestmark = pytest.mark.usefixtures("memory_store")  # progress in a private in-memory database

P4, P6, P8 = (spec.path for spec in (in_section("chain")[3], in_section("chain")[5], in_section("chain")[7]))
TUTOR1 = in_section("tutor")[0].path
CHECK = {"en": "Check", "zh": "检查"}


def open_page(page: str, lang: str, **query: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["lang"] = lang
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def answer_key(page: str, n: int) -> str:
    return f"exercise-{page.rsplit('/', 1)[-1].removesuffix('.py')}-{n}::answer"


def submit(at: AppTest, n: int, lang: str) -> AppTest:
    [b for b in at.main.button if b.label == CHECK[lang]][n - 1].click().run()
    assert not at.exception, at.exception
    return at


def texts(node) -> list[str]:
    """Every text a learner can read under ``node`` (values, labels, captions, table cells)."""
    out: list[str] = []
    children = getattr(node, "children", None)
    for attr in ("label", "body", "placeholder", "help") + (() if isinstance(children, dict) else ("value",)):
        try:
            value = getattr(node, attr, None)
        except Exception:  # a widget without a value yet
            value = None
        if isinstance(value, str):
            out.append(value)
        elif hasattr(value, "to_string"):  # a dataframe's cells and headers
            out.append(value.to_string())
    if isinstance(children, dict):
        for child in children.values():
            out.extend(texts(child))
    return out


def verdict(at: AppTest) -> str:
    """The one feedback line of the exercise just checked (a success or a warning)."""
    said = [e.value for e in (*at.success, *at.warning) if e.value.startswith("**")]
    assert len(said) == 1, said
    return said[0]


def revealed(at: AppTest) -> bool:
    return any(m.value.startswith(("The answer (computed", "答案（由真实产物算出")) for m in at.markdown)


# ---------------------------------------------------------------- the verdict word, the answer kept back
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_verdict_word_comes_first_on_a_wrong_and_a_right_answer(lang):
    at = open_page(P4, lang)
    expected = s4.check_call_count(None).expected
    wrong = next(o for o in ("0", "1", "2") if o != expected)
    at.radio(key=answer_key(P4, 1)).set_value(wrong)
    said = verdict(submit(at, 1, lang))
    assert said.startswith(f"**{ui.NOT_QUITE(lang)}** ") and at.warning
    assert not said.startswith(f"**{ui.NOT_QUITE(lang)}** **")  # the verdict is said once
    at.radio(key=answer_key(P4, 1)).set_value(expected)
    said = verdict(submit(at, 1, lang))
    assert said.startswith(f"**{ui.RIGHT(lang)}** ") and at.success


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_one_miss_on_4_says_where_to_look_not_how_the_calls_split(lang):
    at = open_page(P4, lang)
    found = s4.check_call_count(None)
    wrong = next(o for o in ("0", "1", "2") if o != found.expected)
    at.radio(key=answer_key(P4, 1)).set_value(wrong)
    said = verdict(submit(at, 1, lang))
    split = found.shown  # what LangChain made of the two lines: the answer
    assert not any(call_id in said for ids in split.values() for call_id in ids), said
    assert found.expected not in re.sub(r"`[^`]*`", "", said), said
    assert not revealed(at)
    other = next(o for o in ("0", "1", "2") if o not in (found.expected, wrong))
    at.radio(key=answer_key(P4, 1)).set_value(other)  # a second, different miss: now the answer is shown
    submit(at, 1, lang)
    assert revealed(at)
    assert any(json.loads(c.value) == found.expected for c in at.code if c.value.strip().startswith('"'))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_one_miss_on_6_names_the_wrong_dicts_not_what_python_did(lang):
    at = open_page(P6, lang)
    key = answer_key(P6, 1)
    outcomes = {sample: s6.call_outcome(json.loads(sample)) for sample in s6.CALL_SAMPLES}
    first, *rest = s6.CALL_SAMPLES
    for i, sample in enumerate(s6.CALL_SAMPLES):  # the first dict wrong, the others right
        pick = next(o for o in s6.OUTCOMES if o != outcomes[sample]) if sample == first else outcomes[sample]
        at.selectbox(key=f"{key}::{i}").set_value(pick)
    said = verdict(submit(at, 1, lang))
    assert said.startswith(f"**{ui.NOT_QUITE(lang)}**")
    assert first in said and not any(sample in said for sample in rest)  # which one is wrong, by name
    for sample in s6.CALL_SAMPLES:  # never what Python really did with a dict
        error = kw_stage.call_plain(json.loads(sample)).get("error")
        if error:
            assert error["message"] not in said, said
    assert not any(s6.OUTCOME_NAMES[o](lang) in said for o in s6.OUTCOMES), said
    assert not revealed(at)
    # solved, the feedback says what Python did
    for i, sample in enumerate(s6.CALL_SAMPLES):
        at.selectbox(key=f"{key}::{i}").set_value(outcomes[sample])
    said = verdict(submit(at, 1, lang))
    assert said.startswith(f"**{ui.RIGHT(lang)}**")
    assert all(e["message"] in said for s in s6.CALL_SAMPLES if (e := kw_stage.call_plain(json.loads(s)).get("error")))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_title_of_6_ex_1_keeps_its_bold_and_its_code(lang):
    at = open_page(P6, lang)
    title = s6.EXERCISES[0].title(lang)
    shown = next(m.value for m in at.markdown if ui.title_markdown(title) in m.value)
    outside_code = re.sub(r"`[^`]*`", "", shown).replace("\\*", "")
    assert "`weather_func(**d)`" in shown and outside_code.count("**") % 2 == 0, shown
    # a title with markers outside code cannot break the bold either
    assert ui.title_markdown("f(**d) and a_b") == "**f(\\*\\*d) and a\\_b**"


# ---------------------------------------------------------------- ⑧ Ex 1 and the page's table
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_8_ex_1_accepts_the_count_of_the_pages_table(lang):
    question = s8.SIZE_QUESTION(lang)
    at = open_page(P8, lang, walk="page", ask=question)  # the page's own run of the exercise's question
    roles = next(f.value for f in at.dataframe if "role" in f.value.columns)
    assert next(iter(roles["role"])) == "system"  # the page's runs carry the system prompt
    count = len(roles)
    at.number_input(key=answer_key(P8, 1)).set_value(count - 1)
    said = verdict(submit(at, 1, lang))
    assert said.startswith(f"**{ui.NOT_QUITE(lang)}**") and str(count - 1) not in said and "system" not in said
    at.number_input(key=answer_key(P8, 1)).set_value(count)
    assert verdict(submit(at, 1, lang)).startswith(f"**{ui.RIGHT(lang)}**")
    # the shared run's table has the same head: system, then the question
    at = open_page(P8, lang)
    shared = next(f.value for f in at.dataframe if "role" in f.value.columns)
    assert list(shared["role"])[:2] == ["system", "user"]


# ---------------------------------------------------------------- tutor 1 Ex 1: the answer is not printed above
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_tutor_1_ex_1_asks_about_a_run_the_page_does_not_show(lang):
    at = open_page(TUTOR1, lang)
    ed = lang  # the edition of 小E a page runs: its language's
    expected = l1.check_predict_calls(None, ed).expected
    shown_calls = next(f.value for f in at.dataframe if "id" in f.value.columns and "name" in f.value.columns)
    assert sorted(shown_calls["name"]) != sorted(expected)  # step ② shows another set of calls
    asked_here = [t for t in texts(at.main) if l1.PREDICT_QUESTION(ed) in t]
    assert asked_here and all("“" in t or "「" in t for t in asked_here)  # only the exercise's prompt names it
    examples = [o for p in at.main.get("button_group") for o in getattr(p, "options", [])]
    assert l1.PREDICT_QUESTION(ed) not in [getattr(o, "content", o) for o in examples]  # nor a live-run example
    tools = at.multiselect(key=answer_key(TUTOR1, 1))
    assert tools.placeholder == ui.PICK_ANY(lang)
    tools.set_value(list(reversed(expected)))  # parallel calls: any order is right
    assert verdict(submit(at, 1, lang)).startswith(f"**{ui.RIGHT(lang)}**")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_empty_select_boxes_speak_the_pages_language(lang):
    at = open_page(P6, lang)
    boxes = [at.selectbox(key=f"{answer_key(P6, 1)}::{i}") for i in range(len(s6.CALL_SAMPLES))]
    assert all(box.placeholder == ui.PICK_ONE(lang) for box in boxes)


# ---------------------------------------------------------------- the "why this tool" panel in Chinese
#: Three English words in a row: an English sentence (code spans and tool names are single tokens).
ENGLISH = re.compile(r"[A-Za-z][A-Za-z']*(?:[ ,;:]+[A-Za-z][A-Za-z']*){2,}")
WHY_QUESTIONS = [  # a call and its answer; no tool fits; no call needed (a question about the tool)
    "曼谷天气怎么样？",
    "北京的股价是多少？",
    "get_weather 这个工具的 city 参数是什么意思？",
]


@pytest.mark.parametrize("question", WHY_QUESTIONS)
def test_the_why_panel_on_a_chinese_page_holds_no_english_sentence(open_page, question):
    at = open_page("pages/live_run.py", "zh")
    at.chat_input[0].set_value(question).run()
    assert not at.exception, at.exception
    trace = at.session_state["trace::live"]
    kinds = [call.decision.get("kind") for call in trace.model_calls if call.decision]
    assert kinds, "the built-in model sends its decision record"
    panels = [e for e in at.expander if e.label.startswith("内置模型为什么这样选")]
    assert len(panels) == len(kinds)
    for panel in panels:
        for text in texts(panel):
            if text.startswith("内置模型为什么这样选"):
                continue
            plain = re.sub(r"`[^`]*`", "", text.replace("\\", ""))
            assert not ENGLISH.search(plain), (kinds, text)
    if question == WHY_QUESTIONS[0]:
        assert "answer" in kinds  # the answer turn's note ("read the result of get_weather") was read
    else:
        assert set(kinds) & {"cannot_help", "no_call"}, kinds
