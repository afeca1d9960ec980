"""The six 小E tutor pages under AppTest: each renders in zh and en and shows its lesson's artifacts.

Each test names the artifact a learner should find on the page, spelled out from the
specimen's data (S1001's Saturday 2026-07-25, the 下周三 run, the lost parameter
descriptions of ``get_schedule``, the stuck model's counters, the seven pitfalls).
"""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from lessons.content import lesson_text
from pages.registry import in_section
from tests.app.conftest import ROOT

PAGES = {n: spec.path for n, spec in enumerate(in_section("tutor"), start=1)}
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
# Chinese that may stand on an English page because an English gloss stands beside it:
# the tutor's name (小E, glossed "Little E" in the prompt), the registry's bilingual KeyError
# ("工具 … 不存在 / no tool named …"), and the switch to the original ("下周三 (next Wednesday)").
GLOSSED = ("小E", "工具 'get_weather' 不存在", "下周三 (next Wednesday)")


def open_tutor(n: int, lang: str = "en", *, original: bool = False, step: int | None = None) -> AppTest:
    """Open tutor page ``n`` cold, as a link would: ``?lang=…`` (``&original=1``) (``&step=N``)."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["lang"] = lang
    if original:
        at.query_params["original"] = "1"
    if step is not None:
        at.query_params["step"] = str(step)
    at.run()
    at.switch_page(PAGES[n]).run()
    assert not at.exception, at.exception
    return at


def unglossed_cjk(at: AppTest) -> list[str]:
    """Every text of the main area holding Chinese that no gloss accounts for.

    Source listings (``inspect.getsource`` of the specimen, which the article wrote with
    bilingual messages) are the specimen itself and are left out.
    """
    found = []

    def walk(node) -> None:
        for attr in ("value", "label"):
            text = getattr(node, attr, None)
            if not isinstance(text, str) or text.startswith(("def ", "class ", "@")):
                continue
            for gloss in GLOSSED:
                text = text.replace(gloss, "")
            if CJK.search(text):
                found.append(f"{type(node).__name__}: {text[:120]}")
        children = getattr(node, "children", None)
        for child in (children or {}).values() if isinstance(children, dict) else []:
            walk(child)

    walk(at.main)
    return found


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


def outcomes(at: AppTest, kind: str) -> list[str]:
    """The pitfall's outcome boxes (by their icons), not the live panel's "valid" badges."""
    icon = {"success": ":material/check_circle:", "warning": ":material/heart_broken:"}[kind]
    return [box.value for box in getattr(at, kind) if box.icon == icon]


def submit(at: AppTest, page: int, n: int, kind: str, answer) -> AppTest:
    """Answer exercise ``n`` of tutor page ``page`` in its ``kind`` widget and press its Check button."""
    key = f"exercise-{in_section('tutor')[page - 1].url_path}-{n}::answer"
    if kind == "text_area":  # a code widget is one per language: its key ends with ::<lang>
        key = next((w.key for w in at.text_area if w.key and w.key.startswith(f"{key}::")), key)
    getattr(at, kind)(key=key).set_value(answer)
    checks = [b for b in at.button if b.label in ("Check", "检查")]
    return checks[n - 1].click().run()


def feedback(at: AppTest, n: int) -> tuple[list[str], list[str], list[str]]:
    """The success, warning and info texts of the page after a check (exercise ``n`` is the one judged)."""
    return [x.value for x in at.success], [x.value for x in at.warning], [x.value for x in at.info]


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("n", sorted(PAGES))
def test_page_title_is_the_lesson_heading_and_the_tutor_is_live(open_page, n, lang):
    at = open_page(PAGES[n], lang)
    assert not at.exception, at.exception
    heading = lesson_text(in_section("tutor")[n - 1].lesson, lang).splitlines()[0].removeprefix("# ")
    assert at.title[0].value == heading
    # the right column: the live tutor with the article's three questions one click away
    assert at.subheader[-1].value == ("Ask 小E live" if lang == "en" else "现场问小E")
    # (page 6's first pills are its steps: the live panel's are the ones holding the questions)
    question = "Do I have class next Wednesday? My id is S1001" if lang == "en" else "下周三我有课吗？学号 S1001"
    assert any(question in pills.options for pills in at.pills)
    # the framing above the artifact, the rest of the prose folded into "The lesson: <what it holds>"
    assert any(e.label.startswith(("The lesson: ", "课文：")) for e in at.expander)
    if lang == "en":
        assert not unglossed_cjk(at), unglossed_cjk(at)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_lesson1_step_one_holds_two_parallel_calls(lang):
    # the article's Chinese run: the zh page, or the English page switched to the original
    at = open_tutor(1, lang, original=lang == "en")
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
def test_lesson2_the_tool_explains_and_the_model_admits_it(lang):
    at = open_tutor(2, lang, original=lang == "en")
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
def test_lesson3_marks_the_lost_descriptions(lang, lost):
    at = open_tutor(3, lang, original=lang == "en")
    page = texts(at)
    assert f":red-badge[:material/remove_circle: {lost}] `date` — 要查的日期（date），必须是 YYYY-MM-DD 格式" in page
    assert f":red-badge[:material/remove_circle: {lost}] `student_id`" in page
    comparison = at.table[1].value
    assert list(comparison["@tool"]) == ["—", "—"]
    assert set(comparison["status" if lang == "en" else "状态"]) == {"丢失" if lang == "zh" else "LOST"}
    # the registry fails loudly, explained, not as a traceback, and framed as the lesson (issue 11)
    assert any("registry" in i.value and "KeyError" in i.value for i in at.info)
    assert "KeyError" in " ".join(c.value for c in at.code)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_lesson4_shows_notice_step_limit_and_the_bill(lang):
    at = open_tutor(4, lang, original=lang == "en")
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
def test_lesson6_every_pitfall_starts_broken(lang):
    # one pitfall per step (issue 11: not a 9,300 px scroll); the step is in the link
    explained, titles, warnings = 0, [], []
    for n in range(1, 8):
        at = open_tutor(6, lang, original=lang == "en", step=n)
        assert len(at.main.toggle) == (2 if lang == "en" else 1)  # the step's "Fixed" (+ the original switch)
        assert not at.toggle(key="fixed").value
        assert len(outcomes(at, "warning")) == 1 and not outcomes(at, "success")
        # a deliberate failure is framed as the lesson, in a neutral box
        explained += sum("Stage" in i.value or "阶段" in i.value for i in at.info)
        assert "Traceback" not in texts(at)
        titles += [m.value for m in at.markdown if m.value.startswith("#### ")]
        warnings.append(outcomes(at, "warning")[0])
    assert explained == 3  # pitfalls 2, 4 and 7 fail, each explained
    # the lesson returns each pitfall's key; the page words its title
    title = (
        "#### 3. The model passes “tomorrow” straight into date"
        if lang == "en"
        else "#### 3. 模型把「明天」原样传给 date"
    )
    assert title in titles
    assert len(titles) == 7
    # outcomes quote the run's own numbers: two descriptions lost, twenty runs until the hard cap
    if lang == "en":
        assert warnings[0].startswith("2 parameter descriptions are gone")
        assert warnings[5].startswith("The same bad call ran 20 times over 20 model calls")
    else:
        assert warnings[0].startswith("参数说明丢了 2 条")
        assert warnings[5].startswith("同一个错误调用跑了 20 次，模型被调用 20 次")


def test_lesson6_every_fix_is_worded():
    fixes = []
    for n in range(1, 8):
        at = open_tutor(6, "en", step=n)
        at.toggle(key="fixed").set_value(True).run()
        assert not at.exception, at.exception
        assert not outcomes(at, "warning")
        fixes += outcomes(at, "success")
    assert len(fixes) == 7
    assert not any("{" in text for text in fixes)  # every number filled in from the run
    assert fixes[5] == "The tool ran 1 time(s) and the run ended after 3 model calls."
    assert (
        fixes[6] == "The same id on the call and on its result: the second request returns 200 and the model answers."
    )


def test_lesson6_toggling_a_pitfall_runs_its_fix():
    from lessons.tutor.lessons import pitfall_3

    at = open_tutor(6, "en", step=3)
    # the lesson says what happened as a key; the page words it (the English edition looked up "tomorrow")
    assert pitfall_3(True)["outcome"] == "confident_wrong_answer"
    assert outcomes(at, "warning")[0] == (
        "The tool looked up the string “tomorrow” and said no class; the model repeated it: wrong, and nothing errored."
    )
    assert "S1001 has no lesson on tomorrow." in texts(at)
    at.toggle(key="fixed").set_value(True).run()
    assert not at.exception, at.exception
    assert pitfall_3(False)["outcome"] == "asks_for_the_date"
    assert outcomes(at, "success") == [
        "The tool replied with the format rule; the model admits it cannot tell the date and asks for one."
    ]
    page = texts(at)
    assert "The date 'tomorrow' is invalid: it must be YYYY-MM-DD" in page
    assert "S1001 has no lesson on tomorrow." not in page
    # the article's original, one switch away, still runs 「明天」 raw
    at = open_tutor(6, "en", original=True, step=3)
    assert "S1001 在 明天 没有排课。" in texts(at)
    at.toggle(key="fixed").set_value(True).run()
    assert "日期「明天」格式不对，需要 YYYY-MM-DD" in texts(at)


def test_lesson6_a_link_opens_a_pitfall_fixed_and_another_step_starts_broken():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params.update({"lang": "en", "step": "3", "fixed": "true"})  # what "Fixed" on step 3 puts in the link
    at.run()
    at.switch_page(PAGES[6]).run()
    assert not at.exception, at.exception
    assert at.toggle(key="fixed").value
    assert outcomes(at, "success") == [
        "The tool replied with the format rule; the model admits it cannot tell the date and asks for one."
    ]
    at.query_params["step"] = "4"  # the step pills change ?step=; the next pitfall opens broken
    at.run()
    assert not at.toggle(key="fixed").value
    assert len(outcomes(at, "warning")) == 1 and not outcomes(at, "success")


def test_lesson6_fixing_the_tool_call_id_turns_the_400_into_a_200():
    at = open_tutor(6, "en", step=7)
    page = texts(at)
    assert ":green-badge[200] :red-badge[400]" in page
    assert sum("Stage: `model_call`" in i.value for i in at.info) == 1
    at.toggle(key="fixed").set_value(True).run()
    page = texts(at)
    assert ":green-badge[200] :green-badge[200]" in page
    assert not any("Stage: `model_call`" in i.value for i in at.info)


def test_live_tutor_answers_the_articles_question_two(open_page):
    at = open_page(PAGES[1], "zh")
    at.pills[0].set_value("我明天（2026-07-25）有什么课？顺便告诉我我现在学到哪了。").run()
    assert not at.exception, at.exception
    trace = at.session_state["trace::tutor1"]
    first = trace.model_calls[0].ai_message["tool_calls"]
    assert [c["name"] for c in first] == ["get_schedule", "get_learning_record"]
    assert [e.tool_name for e in trace.tool_executions] == ["get_schedule", "get_learning_record"]
    assert trace.stop_reason == "final"


# ---------------------------------------------------------------- the English edition (issue 11)
def test_english_pages_run_the_english_edition_of_the_tutor():
    at = open_tutor(1, "en")
    assert list(at.dataframe[0].value["name"]) == ["get_schedule", "get_learning_record"]
    assert "1. 09:00-10:30 IELTS Writing Intensive · Mr Wang in Room 3" in texts(at)
    at = open_tutor(2, "en")
    page = texts(at)
    assert "get_schedule(student_id='S1001', date='next Wednesday')" in page
    assert "The date 'next Wednesday' is invalid: it must be YYYY-MM-DD, e.g. 2026-07-25." in page
    assert 'I cannot tell which date "next Wednesday" is' in page
    at = open_tutor(3, "en")
    assert ":red-badge[:material/remove_circle: lost] `date` — the day to look up; it must be in YYYY-MM-DD" in texts(
        at
    )
    at = open_tutor(4, "en")
    page = texts(at)
    assert "You already called get_schedule with exactly these arguments" in page  # the notice, in English
    assert "I keep looking up the same thing with the same details" in page  # REPEAT_ANSWER_EN


# ---------------------------------------------------------------- exercises (issue 14)


def _exercises(ed: str) -> dict[tuple[int, int], tuple[str, object, object]]:
    """(page, exercise) -> (widget kind, a wrong answer, the right one), the right one from the real artifact."""
    import json

    from lessons.tutor import lesson_3_registry as l3
    from lessons.tutor import lesson_6_exercises as l6
    from lessons.tutor.lesson_1_model_talks import check_make_calls, check_predict_calls
    from lessons.tutor.lesson_2_tools_for_programs import check_fix_date, check_predict_rejects
    from lessons.tutor.lesson_4_loop_guard import check_make_tool_runs, check_predict_model_calls
    from lessons.tutor.lesson_5_manual_vs_react import check_make_script, check_predict_next_node, script_to_json
    from lessons.tutor.lesson_common import q2_script

    calls = check_predict_calls(None, ed).expected
    description = l3.check_predict_description(None, ed).expected
    node = check_predict_next_node(None, ed).expected
    described = l3.FIX_SOURCE[ed].replace('    """\n', "        date: the day, YYYY-MM-DD.\n" + '    """\n', 1)
    model_calls = check_predict_model_calls(None, 4, ed).expected
    return {
        (1, 1): ("multiselect", calls[:1], list(reversed(calls))),  # parallel calls: any order is right
        (1, 2): ("text_input", "hello", check_make_calls(None, ed).expected["example"]),
        (2, 1): ("pills", [], check_predict_rejects(None, ed).expected),
        (2, 2): ("text_input", "next Wednesday", check_fix_date(None, ed).expected["date"]),
        (3, 1): ("radio", next(c for c in l3.DESCRIPTION_CHOICES if c != description), description),
        (3, 2): ("text_area", l3.FIX_SOURCE[ed], described),
        (4, 1): ("number_input", model_calls + 5, model_calls),
        (4, 2): ("number_input", 1, check_make_tool_runs(None, ed).expected),
        (5, 1): ("radio", next(c for c in ("__end__", "agent") if c != node), node),
        (5, 2): (
            "text_area",
            script_to_json(q2_script(ed)),
            json.dumps(check_make_script(None, ed).expected["script"], ensure_ascii=False),
        ),
        (6, 1): ("selectbox", 1, l6.check_predict_pitfall(None, ed).expected),
        (6, 2): ("text_area", l6.FIX_SOURCE(ed), l6.FIX_SOURCE(ed).replace("@tool", "@tool(parse_docstring=True)", 1)),
    }


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("page", range(1, 7))
def test_every_exercise_wrong_then_right(memory_store, page, lang):
    from pages._ui.exercise import verdict_words

    cases = _exercises(lang)
    at = open_tutor(page, lang)
    hint = "Hint: " if lang == "en" else "提示："
    for n in (1, 2):
        kind, wrong, right = cases[(page, n)]
        key = f"exercise-{in_section('tutor')[page - 1].url_path}-{n}"
        submit(at, page, n, kind, wrong)
        assert not at.exception, at.exception
        verdict = at.session_state[f"{key}::verdict"]
        assert not verdict.correct
        assert verdict_words(False, verdict.feedback, lang) in [w.value for w in at.warning]  # "Not quite." first
        assert any(i.value.startswith(hint) for i in at.info)
        submit(at, page, n, kind, right)
        assert not at.exception, at.exception
        verdict = at.session_state[f"{key}::verdict"]
        assert verdict.correct, verdict.feedback
        assert verdict_words(True, verdict.feedback, lang) in [s.value for s in at.success]
