"""Twenty sessions at once on one server: no trace, question or setting leaks between them."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from streamlit.testing.v1 import AppTest

from pages._ui import ROUTER_MARK
from pages.serving.apptest import many_sessions_one_runtime
from tests.app.conftest import ROOT

CITIES = ["Bangkok", "Beijing", "Shanghai", "Tokyo", "Singapore", "London", "Paris", "New York", "Sydney", "Seoul"]


def _session(n: int) -> tuple[int, str, object, str]:
    # the page script itself (AppTest's switch_page shares process-wide page state between threads)
    at = AppTest.from_file(str(ROOT / "pages" / "live_run.py"), default_timeout=120)
    at.query_params["lang"] = "en" if n % 2 else "zh"
    at.session_state[ROUTER_MARK] = True  # no router here: tell the page it need not look for one
    at.run()
    assert not at.exception, at.exception  # the page itself drew (its chat input is there to be used)
    question = f"What's the weather in {CITIES[n % len(CITIES)]} for {n % 3 + 1} days?"
    at.chat_input[0].set_value(question).run()
    assert not at.exception, at.exception
    return n, question, at.session_state["trace::live"], at.session_state["lang"]


def test_twenty_concurrent_sessions_keep_their_own_traces():
    # import the heavy libraries once first: twenty cold imports at once only measure import locks
    import toolcall_lab.live
    import toolcall_lab.llm
    import toolcall_lab.stages.weather_data  # noqa: F401

    with many_sessions_one_runtime():
        # and one session first, alone: the page script's first compile and the panel's shared tool set are
        # made once, as a warmed server has them (CPython 3.11.7 can fail twenty first compiles at once)
        _session(20)
        with ThreadPoolExecutor(max_workers=20) as pool:
            results = list(pool.map(_session, range(20)))
    run_ids = set()
    for n, question, trace, lang in results:
        assert trace.question == question  # each session sees its own question, nobody else's
        assert lang == ("en" if n % 2 else "zh")
        args = trace.tool_executions[0].kwargs_passed
        assert args == {"city": CITIES[n % len(CITIES)], "days": n % 3 + 1}
        run_ids.add(trace.run_id)
    assert len(run_ids) == 20
    assert all(len(r) == 32 for r in run_ids)  # uuid4 hex: unguessable
