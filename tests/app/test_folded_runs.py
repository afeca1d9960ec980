"""Issue 22: a run's steps stay folded where the page already shows the artifact they hold (one click away).

``render_trace`` opens the steps of a page's stage unless the outcome comes first (a live-run panel) or the
page asks for ``folded`` (the faults and who-decides pages, whose artifact stands above the timeline). The
same real run is drawn three ways here; only the plain lesson view opens its stage's steps, so the test fails
if folding stops working, and a failed step still opens in every view.
"""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

VIEWS = ("plain", "folded", "first")


def test_a_folded_or_answer_first_timeline_opens_no_step_but_the_plain_one_does():
    def script():
        from pages._ui.timeline import render_trace
        from toolcall_lab.live import run_traced
        from toolcall_lab.llm import build_chat_model
        from toolcall_lab.stages.weather_data import build_weather_tool

        trace = run_traced("What's the weather in Tokyo?", build_chat_model(), [build_weather_tool()])
        render_trace(trace, highlight="tool_call")
        render_trace(trace, highlight="tool_call", folded=True)
        render_trace(trace, highlight="tool_call", answer_first=True)

    at = AppTest.from_function(script, default_timeout=90)
    at.query_params["lang"] = "en"
    at.run()
    assert not at.exception, at.exception
    steps = [e for e in at.expander if "Step " in e.label and " · " in e.label]
    assert steps and len(steps) % 3 == 0, [e.label for e in at.expander]
    n = len(steps) // 3
    views = {name: steps[i * n : (i + 1) * n] for i, name in enumerate(VIEWS)}
    assert any(e.proto.expanded for e in views["plain"]), "the lesson view opens its stage's steps"
    for name in ("folded", "first"):
        assert not any(e.proto.expanded for e in views[name]), f"{name}: a step is open"
