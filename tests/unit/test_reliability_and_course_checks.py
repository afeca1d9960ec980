"""The checks behind the live run's, the faults page's and home's exercises (``lessons.course``).

Each check's right answer is computed from a real run; these tests derive it again from the
artifact (the trace's model calls, its attempt log, its ToolMessage, the chain's catalog) and
hold the check to it, for a right and a wrong answer.
"""

from __future__ import annotations

import pytest

from lessons.course import faults, home, live_run
from toolcall_lab.reliability import make_faulty_weather_tool
from toolcall_lab.stages.catalog import STAGES


# ---------------------------------------------------------------- live run
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_live_run_agent_speaks_the_learners_language(lang):
    trace = live_run.run(live_run.EXAMPLES[0](lang), lang)
    body = trace.model_calls[0].request_body
    assert body["messages"][0]["content"] == live_run.system_prompt(lang)
    description = body["tools"][0]["function"]["description"]
    assert description.startswith("Look up") if lang == "en" else description.startswith("查询")
    assert trace.stop_reason == "final"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_model_calls_counts_the_runs_model_calls(lang):
    question = live_run.PREDICT_QUESTIONS[0](lang)
    real = len(live_run.run(question, lang).model_calls)
    assert live_run.model_calls(question, real, lang).correct
    wrong = live_run.model_calls(question, real + 1, lang)
    assert not wrong.correct and wrong.shown["model_calls"] == real
    assert wrong.expected[question] == real
    assert live_run.model_calls(None, None, lang).expected == wrong.expected


def test_two_calls_in_one_reply_runs_the_learners_question():
    assert not live_run.two_calls_in_one_reply("Hello", "en").correct
    made = live_run.two_calls_in_one_reply("Weather in Tokyo and Paris", "en")
    assert made.correct and made.shown["tool_calls_per_reply"][0] == 2
    expected = live_run.two_calls_in_one_reply(None, "en").expected
    assert max(live_run.tool_calls_per_reply(live_run.run(expected, "en"))) >= 2


# ---------------------------------------------------------------- faults
def test_attempts_for_rate_limit_reads_the_attempt_log():
    trace = faults.fault_run("rate_limit", fails=faults.PREDICT_FAILS, retries=faults.PREDICT_RETRIES, lang="en")
    log = trace.model_calls[0].attempt_log
    assert [a["outcome"] for a in log][-1] == "ok"
    assert faults.attempts_for_rate_limit(len(log), "en").correct
    assert not faults.attempts_for_rate_limit(len(log) + 1, "en").correct
    assert faults.attempts_for_rate_limit(None, "en").expected == len(log)


def test_fewest_retries_is_the_smallest_setting_that_answers():
    ends = {
        n: faults.fault_run("server_error", fails=faults.FIX_FAILS, retries=n, lang="en").stop_reason for n in (0, 1, 2)
    }
    fewest = min(n for n, end in ends.items() if end == "final")
    assert faults.fewest_retries(None, "en").expected == fewest
    assert faults.fewest_retries(fewest, "en").correct
    too_many = faults.fewest_retries(fewest + 1, "en")
    assert not too_many.correct and too_many.shown["stop_reason"] == "final"
    assert not faults.fewest_retries(fewest - 1, "en").correct


@pytest.mark.parametrize(("lang", "words"), [("en", "Look up"), ("zh", "查询")])
def test_the_faulty_tool_speaks_the_learners_language(lang, words):
    for kind in ("transient", "bad_arguments"):
        tool = make_faulty_weather_tool(kind, lang=lang)
        assert tool.description.startswith(words)
    assert "city_zh" not in make_faulty_weather_tool("none", lang="en").invoke({"city": "Bangkok"})


# ---------------------------------------------------------------- home
def test_tool_call_id_of_is_the_id_toolnode_put_on_the_message():
    trace = home.review_run("en")
    by_city = {e.parsed_args["city"]: e.tool_message["tool_call_id"] for e in trace.tool_executions}
    calls = {c["args"]["city"]: c["id"] for c in home.first_reply(trace)["tool_calls"]}
    assert by_city == calls  # each ToolMessage carries the id of its call
    assert set(by_city.values()) <= set(home.id_choices(trace))
    assert home.tool_call_id_of(trace, by_city[home.ASKED_CITY]).correct
    other = next(v for k, v in by_city.items() if k != home.ASKED_CITY)
    assert not home.tool_call_id_of(trace, other).correct
    assert home.tool_call_id_of(trace, None).expected == by_city[home.ASKED_CITY]


def test_stage_order_is_the_catalogs():
    order = [s.key for s in STAGES]
    assert home.stage_order(order).correct
    swapped = [order[1], order[0], *order[2:]]
    assert home.stage_order(swapped).shown["first_wrong"] == 1
    assert home.stage_order(order[:3]).shown["first_wrong"] == 4
    assert home.stage_order(None).expected == order


# ---------------------------------------------------------------- the exercises as data stay light
def test_counting_these_pages_exercises_loads_no_langchain():
    """Home counts every page's exercises: the three lesson modules import LangChain inside their checks only."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import json, sys; from pages.registry import PAGES;"
        "import lessons.course.home, lessons.course.live_run, lessons.course.faults;"
        "ids = [e for p in PAGES for e in p.exercise_ids];"
        "heavy = ('langchain_core', 'langgraph', 'langchain_openai', 'openai');"
        "print(json.dumps({'ids': ids, 'heavy': sorted(h for h in heavy if h in sys.modules)}))"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=120, check=True
    )
    done = json.loads(out.stdout.strip().splitlines()[-1])
    assert {"home/chain-order", "live_run/predict-model-calls", "faults/fewest-max-tokens"} <= set(done["ids"])
    assert done["heavy"] == []
