"""The load benchmark's protocol client (benchmarks/classroom_load/protocol.py) against real Streamlit servers.

Behaviour, not timing: one simulated student opens /live_run, asks a question in the chat input and
reads the answer the page shows; a fragment's ``run_every`` timer is honoured (the class banner of a
follower depends on it); a large element that the client reported as cached comes back as a
``ref_hash`` and is resolved from the cache; and the client's BackMsgs are the ones Chromium sends.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmarks.classroom_load.protocol import Session
from tests.e2e.conftest import streamlit_server

ROOT = Path(__file__).resolve().parents[2]
QUESTION = "What's the weather in Paris?"

#: A small app for what /live_run does not exercise: a fragment that reruns itself, a cacheable element.
TICKER_APP = """
import streamlit as st

st.markdown("big " * 4000)  # 16 kB: over global.minCachedMessageSize, so the browser caches it
st.button("Again", key="again")


@st.fragment(run_every=0.3)
def banner():
    st.session_state["ticks"] = st.session_state.get("ticks", 0) + 1
    with st.container(key="class-banner"):
        st.markdown(f"tick {st.session_state['ticks']}")


banner()
"""


#: A stand-in for the class sessions of issue 15, shaped as the shared contract describes them: a sidebar
#: "Start a class" button writes ``?class=`` into the link and makes this session the teacher (as the lab's teacher
#: token does, the role is not in the link); the teacher's page runs publish the position;
#: students see it in ``st.container(key="class-banner")`` inside an ``st.fragment(run_every=2)``.
CLASS_STAND_IN = """
import json
from pathlib import Path

import streamlit as st

POSITION = Path(__file__).with_name("position.json")
STAGES = {"stage_4_tool_call": "④ tool_call", "stage_5_validation": "⑤ validation"}


def page(url_path):
    def body():
        st.title(url_path)
        if st.query_params.get("class") and st.session_state.get("teacher"):  # the session leads, not the link
            label = STAGES.get(url_path, url_path)
            POSITION.write_text(json.dumps({"label": label, "step": st.query_params.get("step", "1")}))
    return body


if st.sidebar.button("Start a class", key="class_start"):
    st.query_params["class"] = "ABC234"
    st.session_state["teacher"] = True
    st.rerun()


@st.fragment(run_every=2)
def banner():
    if st.query_params.get("class") and POSITION.exists():
        where = json.loads(POSITION.read_text())
        with st.container(key="class-banner"):
            st.markdown(f"The teacher is at {where['label']} — step {where['step']}")


banner()
pages = [st.Page(page("home"), url_path="home", default=True)] + [st.Page(page(p), url_path=p) for p in STAGES]
st.navigation(pages).run()
"""


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("load-app")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LLM_", "TAVILY_"))}
    env["CHECKPOINTER"] = f"sqlite:///{tmp / 'lab.sqlite'}"
    with streamlit_server(ROOT / "app.py", ROOT, env, tmp / "server.log") as url:
        yield url


def _small_app(tmp: Path, source: str) -> Iterator[str]:
    (tmp / "small_app.py").write_text(source, encoding="utf-8")
    with streamlit_server(tmp / "small_app.py", tmp, dict(os.environ), tmp / "server.log") as url:
        yield url


@pytest.fixture(scope="module")
def ticker_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _small_app(tmp_path_factory.mktemp("ticker-app"), TICKER_APP)


@pytest.fixture(scope="module")
def class_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _small_app(tmp_path_factory.mktemp("class-stand-in"), CLASS_STAND_IN)


def test_a_student_asks_on_live_run_and_reads_the_answer_the_page_shows(lab_url: str) -> None:
    s = Session(lab_url, timeout=120)
    first = s.wait_run(s.connect("live_run", "lang=en"))
    assert first.status == "FINISHED_SUCCESSFULLY"
    assert "learner=" not in s.query_string  # the learner is kept in a cookie, not written into the link
    heading = [n.text for n in s.nodes.values() if n.type == "heading"]
    assert "Live run" in heading

    ask = s.wait_run(s.chat("live::chat", QUESTION))
    # the run panel is a fragment: the question reruns it alone (as Chromium asks, test_capture below)
    assert s.sent[-1].rerun_script.fragment_id
    assert ask.status == "FINISHED_FRAGMENT_RUN_SUCCESSFULLY"
    assert "Live run" in [n.text for n in s.nodes.values() if n.type == "heading"]  # the rest of the page stays
    answers = s.chat_answers()
    assert len(answers) == 1  # the streamed draft was replaced; the final answer stays
    answer = answers[0].text
    assert answer.startswith("Paris now:") and "°C" in answer  # the built-in model read the weather tool
    page = s.texts_under((0,))
    assert QUESTION in page  # the outcome, drawn first, names the question
    assert any("\n\nModel calls **2**" in t for t in page)  # a tool call, then the answer
    assert "q=What%27s+the+weather+in+Paris%3F" in s.query_string  # the link now re-runs this question
    assert s.errors == []
    s.close()


def test_a_fragment_reruns_itself_on_its_auto_rerun_timer(ticker_url: str) -> None:
    s = Session(ticker_url, timeout=30)
    s.wait_run(s.connect())
    banner = s.block_path("class-banner")
    assert banner is not None and s.texts_under(banner) == ["tick 1"]

    def ticked() -> bool:
        path = s.block_path("class-banner")
        return path is not None and s.texts_under(path) == ["tick 4"]

    s.pump(ticked, timeout=20)  # nothing sent by the test: only the client's timer asks for these runs
    auto = [m.rerun_script for m in s.sent[1:]]
    assert len(auto) >= 3
    assert all(cs.is_auto_rerun and cs.fragment_id for cs in auto)
    s.close()


def test_a_cached_element_comes_back_as_a_reference_and_is_resolved(ticker_url: str) -> None:
    s = Session(ticker_url, timeout=30)
    s.wait_run(s.connect())
    big = s.nodes[(0, 0)]
    assert big.proto.markdown.body.startswith("big big")
    again = s.click("again")
    assert list(s.sent[-1].rerun_script.cached_message_hashes)  # the client reported what it keeps
    s.wait_run(again)
    assert s.refs >= 1  # the server sent ref_hash instead of the 16 kB element
    assert s.nodes[(0, 0)].proto.markdown.body == big.proto.markdown.body
    s.close()


def test_the_follow_scenario_measures_each_move_on_a_stand_in_of_the_class_banner(class_url: str) -> None:
    """Teacher and followers under Locust (a child process: Locust monkey-patches the standard library).

    Until the class sessions are merged, the scenario runs against the stand-in above; the same
    command against the app (``--target app``) measures the real banner.
    """
    command = ["-m", "benchmarks.classroom_load.run", "--url", class_url, "--scenario", "follow"]
    command += ["--students", "3", "--moves", "2", "--move-every", "3"]
    out = subprocess.run([sys.executable, *command], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    row = next(line for line in out.stdout.splitlines() if line.startswith("| follow, url, 3 |"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[1].endswith(" ms")  # move → banner p50 / p95: 3 followers × 2 moves were seen
    assert cells[5] == "0", out.stderr[-2000:]  # no errors: every follower saw every move


@pytest.mark.e2e
def test_the_client_sends_what_chromium_sends(app_url: str, browser: Any) -> None:
    """The shapes of the BackMsgs (fields, widget keys, value kinds, values) and the subprotocols match."""
    from benchmarks.classroom_load.capture import compare

    result = compare(app_url, browser)
    assert result["browser"]["backmsgs"] == result["client"]["backmsgs"]
    assert result["browser"]["subprotocols"] == result["client"]["subprotocols"] == ["streamlit", "<xsrf>"]
    assert result["answers"]["browser"] == result["answers"]["client"] != ""
