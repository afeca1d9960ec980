"""Chain pages ⑤–⑧ as a learner meets them: artifact on a cold open, English on English pages, exercises judged.

Every expected answer below is derived in the test from the same real stage the page's
check runs (``lessons.chain.stage_5_validation`` … ``stage_8_round_trip``), never typed.
"""

from __future__ import annotations

import inspect
import json
import re

import pytest
from streamlit.testing.v1 import AppTest

from lessons.chain import stage_5_validation as s5
from lessons.chain import stage_6_kwargs as s6
from lessons.chain import stage_7_tool_message as s7
from lessons.chain import stage_8_round_trip as s8
from pages._ui import chain_checks as late
from pages.registry import in_section
from toolcall_lab.stages import kwargs as kw_stage
from toolcall_lab.stages import tool_message as tm
from toolcall_lab.stages import validation
from toolcall_lab.stages.models import WeatherInput
from toolcall_lab.stages.round_trip import run_round_trip

P5, P6, P7, P8 = (spec.path for spec in in_section("chain")[4:8])
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")

#: Chinese that is itself the lesson (the article's model, 小E's tool, the lab's bilingual machinery shown as
#: source): allowed on an English page only where a gloss stands beside it (asserted below).
SPECIMEN_SOURCES = [
    inspect.getsource(obj).strip()
    for obj in (WeatherInput, validation.validate_stage, tm.run_tool_node, tm.build_report_tool)
]


pytestmark = pytest.mark.usefixtures("memory_store")  # progress in a private in-memory database


def texts(node) -> list[str]:
    """Every text a learner can read under ``node`` (values, labels, captions, options, table cells)."""
    out: list[str] = []
    children = getattr(node, "children", None)
    for attr in ("label", "body", "placeholder", "help", "options") + (
        () if isinstance(children, dict) else ("value",)
    ):
        try:
            value = getattr(node, attr, None)
        except Exception:  # a widget without a value yet
            value = None
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, list):
            out.extend(str(v) for v in value)
        elif hasattr(value, "to_string"):  # a dataframe's cells
            out.append(value.to_string())
    if isinstance(children, dict):
        for child in children.values():
            out.extend(texts(child))
    return out


def unglossed_cjk(at: AppTest) -> list[str]:
    """The English page's texts that contain Chinese and are not a glossed specimen."""
    found = []
    shown = texts(at.main)
    everything = "\n".join(shown)
    for text in shown:
        if not CJK.search(text) or text.strip() in SPECIMEN_SOURCES:
            continue
        if "Gloss" in text:  # the gloss itself quotes the Chinese it translates
            continue
        if text.startswith("学号 S9999") and late.GLOSS_S9999 in everything:
            continue
        if "小E" in text and not CJK.search(text.replace("小E", "")):  # the specimen's name
            continue
        found.append(text[:160])
    return found


def open_page(page: str, lang: str, **query: str) -> AppTest:
    at = AppTest.from_file("../../app.py", default_timeout=120)
    at.query_params["lang"] = lang
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def check_buttons(at: AppTest) -> list:
    return [b for b in at.button if b.label in ("Check", "检查")]


def submit(at: AppTest, n: int) -> AppTest:
    check_buttons(at)[n - 1].click().run()
    assert not at.exception, at.exception
    return at


def warned_then_hinted(at: AppTest) -> None:
    assert at.warning, "a wrong answer gets a warning"
    assert any(i.value.startswith(("Hint: ", "提示：")) for i in at.info)


def solved(at: AppTest) -> None:
    assert at.success and not any(i.value.startswith(("Hint: ", "提示：")) for i in at.info)


def exercise_key(page: str, n: int) -> str:
    return f"exercise-{page.rsplit('/', 1)[-1].removesuffix('.py')}-{n}::answer"


# ---------------------------------------------------------------- cold open, artifact, English
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_stage5_cold_open_shows_the_verdicts_and_kwargs(lang):
    at = open_page(P5, lang)
    assert {"city": "Bangkok", "days": 3} in [json.loads(j.value) for j in at.json]
    assert any("json.loads" in m.value for m in at.markdown)
    assert len(check_buttons(at)) == 2
    if lang == "en":
        assert not unglossed_cjk(at), unglossed_cjk(at)
        assert any(c.value == late.GLOSS_S9999 for c in at.caption)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_stage6_cold_open_shows_the_call(lang):
    at = open_page(P6, lang)
    assert any("weather_func(city='Bangkok', days=3)" in c.value for c in at.code)
    assert not at.error  # deliberate failures are framed as the lesson, not red
    if lang == "en":
        assert not unglossed_cjk(at), unglossed_cjk(at)
    for step in ("2", "3"):
        at.query_params["step"] = step
        at.run()
        assert not at.exception and not at.error
        if lang == "en":
            assert not unglossed_cjk(at), (step, unglossed_cjk(at))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_stage7_cold_open_shows_the_tool_message(lang):
    at = open_page(P7, lang)
    assert any(c.value.startswith('"{') and "call_123" not in c.value for c in at.code)
    assert not at.error
    if lang == "en":
        assert not unglossed_cjk(at), unglossed_cjk(at)
    at.query_params["step"] = "4"
    at.run()
    assert not at.error and any("Expected" in i.value or "预期之中" in i.value for i in at.info)
    if lang == "en":
        assert not unglossed_cjk(at), unglossed_cjk(at)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_stage8_opens_on_the_second_request_and_steps_by_link(lang):
    at = open_page(P8, lang)
    roles = next(f.value for f in at.dataframe if "role" in f.value.columns)
    assert list(roles["role"]) == ["system", "user", "assistant", "tool"]  # the shared run has a system prompt
    if lang == "en":
        assert not unglossed_cjk(at), unglossed_cjk(at)
    # presenter mode walks the run by link: ?present=1&step=4 shows stage ④'s raw tool calls
    at = open_page(P8, lang, present="1", step="4")
    step4 = next(json.loads(j.value) for j in at.json if "raw_tool_calls" in json.loads(j.value))
    trace = at.session_state["trace::chain"]
    assert step4["raw_tool_calls"][0]["id"] == trace.model_calls[0].ai_message["tool_calls"][0]["id"]
    assert [b.label for b in at.button][:2] == ["◀", "▶"]
    at.button[1].click().run()  # ▶
    assert at.query_params["step"] in ("5", ["5"])


# ---------------------------------------------------------------- exercises, right and wrong
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_stage5_exercises(lang):
    at = open_page(P5, lang)
    expected = s5.check_stop_layers(None, lang).expected
    key = exercise_key(P5, 1)
    for i in range(len(s5.STOP_SAMPLES)):
        at.selectbox(key=f"{key}::{i}").set_value("none")
    warned_then_hinted(submit(at, 1))
    for i, sample in enumerate(s5.STOP_SAMPLES):
        at.selectbox(key=f"{key}::{i}").set_value(expected[sample])
    solved(submit(at, 1))

    at = open_page(P5, lang)
    at.text_area(key=f"{exercise_key(P5, 2)}::{lang}").set_value(s5.BROKEN_ARGUMENTS)
    warned_then_hinted(submit(at, 2))
    fixed = json.dumps(WeatherInput.model_validate(s5.FIX_GOAL).model_dump())
    at.text_area(key=f"{exercise_key(P5, 2)}::{lang}").set_value(fixed)
    solved(submit(at, 2))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_stage6_exercises(lang):
    at = open_page(P6, lang)
    key = exercise_key(P6, 1)
    for i in range(len(s6.CALL_SAMPLES)):
        at.selectbox(key=f"{key}::{i}").set_value("returns")
    warned_then_hinted(submit(at, 1))
    for i, sample in enumerate(s6.CALL_SAMPLES):
        at.selectbox(key=f"{key}::{i}").set_value(s6.call_outcome(json.loads(sample)))
    solved(submit(at, 1))

    at = open_page(P6, lang)
    at.text_area(key=f"{exercise_key(P6, 2)}::{lang}").set_value('{"city": "Bangkok"}')
    warned_then_hinted(submit(at, 2))
    extra = {"city": "Bangkok", "units": "celsius"}  # a key weather_func has no parameter for
    assert not kw_stage.call_plain(extra)["ok"]
    at.text_area(key=f"{exercise_key(P6, 2)}::{lang}").set_value(json.dumps(extra))
    solved(submit(at, 2))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_stage7_exercises(lang):
    at = open_page(P7, lang)
    key = exercise_key(P7, 1)
    for i in range(len(s7.STATUS_CASES)):
        at.selectbox(key=f"{key}::{i}").set_value("error")
    warned_then_hinted(submit(at, 1))
    for i, (_, args, down) in enumerate(s7.STATUS_CASES):
        at.selectbox(key=f"{key}::{i}").set_value(s7.tool_node_outcome(args, down, lang))
    solved(submit(at, 1))

    at = open_page(P7, lang)
    at.text_input(key=exercise_key(P7, 2)).set_value("call_999")
    warned_then_hinted(submit(at, 2))
    shown = next(c.value for c in at.code if '"arguments"' in c.value and '"id"' in c.value)
    real_id = json.loads(shown)[0]["id"]  # read from the reply the page shows, as a learner would
    at.text_input(key=exercise_key(P7, 2)).set_value(real_id)
    solved(submit(at, 2))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_stage8_exercises(lang):
    question = s8.SIZE_QUESTION(lang)
    at = open_page(P8, lang, walk="page", ask=question)  # the count the page's own table shows (issue 22)
    count = len(next(f.value for f in at.dataframe if "role" in f.value.columns))
    at.number_input(key=exercise_key(P8, 1)).set_value(count + 1)
    warned_then_hinted(submit(at, 1))
    at.number_input(key=exercise_key(P8, 1)).set_value(count)
    solved(submit(at, 1))

    at = open_page(P8, lang)
    at.text_input(key=exercise_key(P8, 2)).set_value("Hello")
    warned_then_hinted(submit(at, 2))
    three = "Weather in Paris, Tokyo and Bangkok"
    assert [m["role"] for m in run_round_trip(three, lang=lang).second_request_messages].count("tool") == 3
    at.text_input(key=exercise_key(P8, 2)).set_value(three)
    solved(submit(at, 2))
