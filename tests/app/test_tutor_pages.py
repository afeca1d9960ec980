"""The six 小E tutor pages under AppTest: each renders in zh and en and shows its lesson's artifacts.

Each test names the artifact a learner should find on the page, spelled out from the
specimen's data (S1001's Saturday 2026-07-25, the 下周三 run, the lost parameter
descriptions of ``get_schedule``, the stuck model's counters, the seven pitfalls).
"""

from __future__ import annotations

import pytest

from lessons.content import lesson_text
from pages.registry import in_section

PAGES = {n: spec.path for n, spec in enumerate(in_section("tutor"), start=1)}


def texts(at) -> str:
    """Every markdown, code, caption, alert and text value of the page, joined."""
    parts = []
    for group in (
        at.markdown,
        at.code,
        at.caption,
        at.error,
        at.warning,
        at.success,
        at.info,
        at.text,
        at.subheader,
        at.title,
    ):
        parts.extend(str(el.value) for el in group)
    return "\n".join(parts)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("n", sorted(PAGES))
def test_page_title_is_the_lesson_heading_and_the_tutor_is_live(open_page, n, lang):
    at = open_page(PAGES[n], lang)
    assert not at.exception, at.exception
    heading = lesson_text(in_section("tutor")[n - 1].lesson, lang).splitlines()[0].removeprefix("# ")
    assert at.title[0].value == heading
    # the right column: the live tutor with the article's three questions one click away
    assert at.subheader[-1].value == ("Ask 小E live" if lang == "en" else "现场问小E")
    options = at.pills[0].options
    assert (
        "Do I have class next Wednesday? My id is S1001" if lang == "en" else "下周三我有课吗？学号 S1001"
    ) in options


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_lesson1_step_one_holds_two_parallel_calls(open_page, lang):
    at = open_page(PAGES[1], lang)
    calls = at.dataframe[0].value
    assert list(calls["name"]) == ["get_schedule", "get_learning_record"]
    assert list(calls["args"]) == ['{"student_id": "S1001", "date": "2026-07-25"}', '{"student_id": "S1001"}']
    page = texts(at)
    # step ③: the timetable really came from the tool; step ④: the second request carries both tool messages
    assert "09:00-10:30 雅思写作精讲 · 王老师 在 3 号教室" in page
    assert "`system` → `user` → `assistant` → `tool` → `tool`" in page
    assert "stop_reason = final" in page
    # the lesson returns step and stop keys; the page words them
    titles = {
        "en": (
            "① Your program sends the question with the tool list",
            "② The model only states an intent: which tool, which arguments",
            "③ Your code really runs each tool and wraps the result in a ToolMessage",
            "④ Ask again: the model words its answer from the results",
        ),
        "zh": (
            "① 程序把问题和工具清单一起发给模型",
            "② 模型只回一行意图：想调哪个工具、传什么参数",
            "③ 你的代码真的执行工具，结果包成 ToolMessage",
            "④ 再问一轮，模型看着结果组织回答",
        ),
    }[lang]
    assert [m.value for m in at.markdown if m.value.startswith("#### ")] == [f"#### {t}" for t in titles]
    final = "the model asked for no more tools and answered" if lang == "en" else "模型不再要工具，给出了最终回答"
    assert f"stop_reason = final] {final}" in page


def test_lesson1_rerun_button_runs_the_active_model_again(open_page):
    at = open_page(PAGES[1], "en")
    assert "tutor1::run::en" not in at.session_state  # the page opens on the cached built-in run
    at.button(key="tutor1::rerun").click().run()
    assert not at.exception, at.exception
    rerun = at.session_state["tutor1::run::en"]["data"]
    intent = rerun["steps"][1]["artifact"]
    assert [c["name"] for c in intent["tool_calls"]] == ["get_schedule", "get_learning_record"]
    # on the wire the same calls carry their arguments as a JSON string
    assert [c["function"]["arguments"] for c in intent["wire_tool_calls"]] == [
        '{"student_id": "S1001", "date": "2026-07-25"}',
        '{"student_id": "S1001"}',
    ]
    assert list(at.dataframe[0].value["id"]) == [c["id"] for c in intent["tool_calls"]]


def test_lesson1_an_unreachable_endpoint_is_explained_not_dumped():
    from streamlit.testing.v1 import AppTest

    from tests.app.conftest import ROOT

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = "en"
    # what the sidebar stores when a learner picks a real endpoint (port 9: nothing listens)
    at.session_state["provider"] = "openai_compatible"
    at.session_state["llm_base_url"] = "http://127.0.0.1:9/v1"
    at.run()
    at.switch_page(PAGES[1]).run()
    assert any("a real endpoint is selected" in c.value for c in at.caption)
    at.button(key="tutor1::rerun").click().run()
    assert not at.exception, at.exception
    assert any("Stage: `model_call`" in e.value and "The model call failed" in e.value for e in at.error)
    # the page still shows the built-in run it had, labelled as such
    assert list(at.dataframe[0].value["name"]) == ["get_schedule", "get_learning_record"]
    assert any(c.value.startswith("Model: built-in teaching model") for c in at.caption)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_lesson2_the_tool_explains_and_the_model_admits_it(open_page, lang):
    at = open_page(PAGES[2], lang)
    page = texts(at)
    assert "get_schedule(student_id='S1001', date='下周三')" in page
    assert "日期「下周三」格式不对，需要 YYYY-MM-DD，例如 2026-07-25。" in page
    assert "我没法确定「下周三」具体是哪一天" in page
    gallery = at.table[0].value
    assert len(gallery) == 10
    reply = "the tool's reply" if lang == "en" else "工具的回复"
    assert "「2026-02-30」不是一个真实存在的日期" in " ".join(gallery[reply])
    # one factory, two data sets: the same call, two different Saturdays
    assert "1. 09:00-10:30 雅思写作精讲 · 王老师 在 3 号教室" in page
    assert "1. 13:30-15:00 雅思口语小班 · 孙老师 在 分校 A201" in page


@pytest.mark.parametrize(("lang", "lost"), [("zh", "丢失"), ("en", "lost")])
def test_lesson3_marks_the_lost_descriptions(open_page, lang, lost):
    at = open_page(PAGES[3], lang)
    page = texts(at)
    assert f":red-badge[:material/remove_circle: {lost}] `date` — 要查的日期（date），必须是 YYYY-MM-DD 格式" in page
    assert f":red-badge[:material/remove_circle: {lost}] `student_id`" in page
    comparison = at.table[1].value
    assert list(comparison["@tool"]) == ["—", "—"]
    assert set(comparison["status" if lang == "en" else "状态"]) == {"丢失" if lang == "zh" else "LOST"}
    # the registry fails loudly, explained, not as a traceback
    assert any("registry" in w.value and "KeyError" in w.value for w in at.warning)
    assert "KeyError" in " ".join(c.value for c in at.code)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_lesson4_shows_notice_step_limit_and_the_bill(open_page, lang):
    at = open_page(PAGES[4], lang)
    page = texts(at)
    assert "stop_reason = repeat" in page
    assert "stop_reason = max_steps" in page
    repeat, max_steps = {
        "en": (
            "the model repeated a call after being warned; the guard stopped it",
            "the step budget ran out; the guard stopped the run",
        ),
        "zh": ("模型被提醒后仍原样重复调用，护栏叫停", "步数用完，护栏强制收工"),
    }[lang]
    assert f"stop_reason = repeat] {repeat}" in page and f"stop_reason = max_steps] {max_steps}" in page
    assert "StepLimitExceeded" in page
    assert "你刚才已经用完全相同的参数调用过 get_schedule" in page  # the repeat notice the model received
    tool_runs = [m.value for m in at.metric if m.label in ("Tool runs", "工具真实执行")]
    # case 1: guarded 1 run vs 20 unguarded; case 2: 4 runs (one per step) vs 20
    assert tool_runs == ["1", "20", "4", "20"]


def test_lesson4_a_smaller_step_limit_stops_earlier(open_page):
    at = open_page(PAGES[4], "en")
    at.slider(key="tutor4::max_steps").set_value(2).run()
    assert not at.exception, at.exception
    assert any("Step 2 spent: StepLimitExceeded" in w.value for w in at.warning)
    assert len(at.table[1].value) == 2  # case 2 ran two steps only
    assert [m.value for m in at.metric if m.label == "Model calls"][2] == "2"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_lesson5_compares_the_loops_and_draws_the_graph(open_page, lang):
    at = open_page(PAGES[5], lang)
    page = texts(at)
    same = (
        ("Same answer", "Same observations", "Same number of model calls")
        if lang == "en"
        else ("答案相同", "观察记录相同", "模型调用次数相同")
    )
    for label in same:
        assert f":green-badge[:material/check_circle: {label}]" in page
    assert [m.value for m in at.metric if m.label in ("Model calls", "模型调用")] == ["2", "2"]
    mermaid = next(m.value for m in at.markdown if m.value.startswith("```"))
    assert "agent -.-> tools;" in mermaid and "tools --> agent;" in mermaid and "agent -.-> __end__;" in mermaid
    styled = next(c.value for c in at.code if "classDef" in c.value)  # the styled text, in full
    assert "__tools = lookup_word, get_schedule, get_learning_record" in styled
    warning = next(c.value for c in at.code if "LangGraphDeprecatedSinceV10" in c.value)
    assert warning.startswith("lessons/tutor/agent.py:")  # printed with a relative path, never a machine path
    assert "from langchain.agents import create_agent" in warning


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_lesson6_every_pitfall_starts_broken(open_page, lang):
    at = open_page(PAGES[6], lang)
    assert len(at.main.toggle) == 7 and not any(t.value for t in at.main.toggle)
    assert len(at.warning) == 7 and not at.success
    stages = [e.value for e in at.error if "Stage" in e.value or "阶段" in e.value]
    assert len(stages) == 3  # pitfalls 2, 4 and 7 fail, each explained
    assert "Traceback" not in texts(at)
    # the lesson returns each pitfall's key; the page words its title
    title = (
        "#### 3. The model passes 「明天」 (tomorrow) straight into date"
        if lang == "en"
        else "#### 3. 模型把「明天」原样传给 date"
    )
    assert title in texts(at)
    assert len([m for m in at.markdown if m.value.startswith("#### ")]) == 7
    # outcomes quote the run's own numbers: two descriptions lost, twenty runs until the hard cap
    if lang == "en":
        assert at.warning[0].value.startswith("2 parameter descriptions are gone")
        assert at.warning[5].value.startswith("The same bad call ran 20 times over 20 model calls")
    else:
        assert at.warning[0].value.startswith("参数说明丢了 2 条")
        assert at.warning[5].value.startswith("同一个错误调用跑了 20 次，模型被调用 20 次")


def test_lesson6_every_fix_is_worded(open_page):
    at = open_page(PAGES[6], "en")
    for n in range(1, 8):
        at.toggle(key=f"tutor6::fixed::{n}").set_value(True)
    at.run()
    assert not at.exception, at.exception
    fixes = [s.value for s in at.success]
    assert len(fixes) == 7 and not at.warning
    assert not any("{" in text for text in fixes)  # every number filled in from the run
    assert fixes[5] == "The tool ran 1 time(s) and the run ended after 3 model calls."
    assert (
        fixes[6] == "The same id on the call and on its result: the second request returns 200 and the model answers."
    )


def test_lesson6_toggling_a_pitfall_runs_its_fix(open_page):
    from lessons.tutor.lessons import pitfall_3

    at = open_page(PAGES[6], "en")
    # the lesson says what happened as a key; the page words it
    assert pitfall_3(True)["outcome"] == "confident_wrong_answer"
    assert at.warning[2].value == (
        "The tool looked up the string 「明天」 and said no class; the model repeated it: wrong, and nothing errored."
    )
    # broken: the naive tool looked up the string 「明天」 and found no lesson
    assert "S1001 在 明天 没有排课。" in texts(at)
    at.toggle(key="tutor6::fixed::3").set_value(True).run()
    assert not at.exception, at.exception
    assert pitfall_3(False)["outcome"] == "asks_for_the_date"
    assert [s.value for s in at.success] == [
        "The tool replied with the format rule; the model admits it cannot tell the date and asks for one."
    ]
    # fixed: the real tool's reply states the format rule instead
    page = texts(at)
    assert "日期「明天」格式不对，需要 YYYY-MM-DD" in page
    assert "S1001 在 明天 没有排课。" not in page


def test_lesson6_fixing_the_tool_call_id_turns_the_400_into_a_200(open_page):
    at = open_page(PAGES[6], "en")
    page = texts(at)
    assert ":green-badge[200] :red-badge[400]" in page
    assert sum("Stage: `model_call`" in e.value for e in at.error) == 1
    at.toggle(key="tutor6::fixed::7").set_value(True).run()
    page = texts(at)
    assert ":green-badge[200] :green-badge[200]" in page
    assert not any("Stage: `model_call`" in e.value for e in at.error)


def test_live_tutor_answers_the_articles_question_two(open_page):
    at = open_page(PAGES[1], "zh")
    at.pills[0].set_value("我明天（2026-07-25）有什么课？顺便告诉我我现在学到哪了。").run()
    assert not at.exception, at.exception
    trace = at.session_state["trace::tutor1"]
    first = trace.model_calls[0].ai_message["tool_calls"]
    assert [c["name"] for c in first] == ["get_schedule", "get_learning_record"]
    assert [e.tool_name for e in trace.tool_executions] == ["get_schedule", "get_learning_record"]
    assert trace.stop_reason == "final"
