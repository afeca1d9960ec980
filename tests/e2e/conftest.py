"""Browser tests: `streamlit run app.py` on a free localhost port, driven by Debian's Chromium.

Waiting for the app, without fixed sleeps
-----------------------------------------
Streamlit's frontend (1.67) writes the state of the script run on the app's root element:
``<div data-testid="stApp" data-test-script-state="running|notRunning|..."
data-test-connection-state="CONNECTED">`` (Streamlit's own browser tests wait on it too).
That attribute alone is not enough, for two reasons seen in this app:

* a widget interaction does not change it at once: the browser sends the widget's new
  value, and only the server's answer flips it to ``running``; right after a click,
  ``notRunning`` may still describe the run *before* the click;
* ``st.rerun()`` (the router does it on a first visit) ends a run early and starts the
  next: the attribute reads ``notRunning`` for a moment between the two.

So every page carries a small observer (``RUN_OBSERVER_JS`` of ``benchmarks/streamlit_runs.py``, installed by
:func:`new_context` before the app's own scripts) that reads the server's own verdict: it
decodes the ``script_finished`` field (6) of each ``ForwardMsg`` arriving on the websocket
and counts the runs that really finished (success, fragment success, compile error), not
those stopped early for a rerun. Then:

* :func:`wait_idle` — connected; a run has really finished (after run number ``after``);
  the root element says ``notRunning``; no element of an older run is still stale; and all
  of that holds for a few animation frames in a row, so the frontend has drawn that run;
* :func:`rerun` — ``with rerun(page): page.click(...)`` counts the finished runs before the
  action and waits for a later one. Use it for every action that makes Streamlit rerun (a
  button, a committed widget change, a chat message, an upload); opening an expander does not;
* :func:`settle_layout` — after a viewport resize: waits until the page's height stops
  changing for a few animation frames (a resize reruns nothing);
* :func:`shot_whole` — grow the viewport to the whole lesson, settle, screenshot, restore.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from benchmarks.server_process import ServerDidNotStart, free_port, stop, wait_healthy
from benchmarks.streamlit_runs import IDLE_FRAMES, IDLE_JS, RUN_OBSERVER_JS
from tests.e2e.context_pool import pooled

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "test-output" / "screenshots"
#: one log per pytest-xdist worker: each worker runs its own shared server
LOG = ROOT / "test-output" / f"streamlit-e2e-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-quic",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
]


@contextmanager
def streamlit_server(script: Path, cwd: Path, env: dict[str, str], log: Path, port: int | None = None) -> Iterator[str]:
    """``streamlit run <script>`` on ``port`` (default: a free localhost port), output to ``log``; yields its URL
    once it answers."""
    port = free_port() if port is None else port
    args = ["--server.port", str(port), "--server.address", "127.0.0.1", "--server.headless", "true"]
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(script), *args],
            cwd=cwd,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        url = f"http://127.0.0.1:{port}"
        try:
            wait_healthy([url], proc, log, limit_s=60)
        except ServerDidNotStart as exc:
            pytest.fail(str(exc))
        try:
            yield url
        finally:
            stop(proc)


@pytest.fixture(scope="session")
def app_url() -> Iterator[str]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (bash scripts/test.sh installs it)")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LLM_", "TAVILY_"))}
    with streamlit_server(Path("app.py"), ROOT, env, LOG) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield b
        b.close()


def new_context(browser: Browser, **options: Any) -> BrowserContext:
    """A browser context whose every page counts Streamlit's script runs (see the module doc).

    A fresh visitor with a warm cache: closed, it goes back to a pool for the next test that asks for the
    same options (``tests/e2e/context_pool.py`` says why and what is forgotten in between).
    """
    return pooled(browser, lambda context: context.add_init_script(RUN_OBSERVER_JS), **options)


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = new_context(browser, viewport={"width": 1400, "height": 1000}, locale="en-US")
    pg = context.new_page()
    yield pg
    context.close()


def shot(pg: Page, name: str) -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{name}.png"
    pg.screenshot(path=str(path), full_page=True)
    return path


def finished_runs(pg: Page) -> int:
    """How many script runs have really finished on this page since it loaded."""
    count = pg.evaluate("() => window.__stRuns ? window.__stRuns.finished : null")
    if count is None:
        raise AssertionError(
            "this page has no run observer: open it in a context from new_context() or the page fixture"
        )
    return int(count)


def wait_idle(pg: Page, timeout: float = 30000, *, after: int | None = None) -> None:
    """Wait until Streamlit rests: a run finished (one numbered above ``after``), none running, none stale.

    Right after an action that reruns the script, use :func:`rerun` instead: without
    ``after`` this function cannot tell the run before the action from the run after it.
    """
    finished_runs(pg)  # fails clearly when the observer is missing
    pg.evaluate("() => { window.__stIdleFrames = 0; }")
    pg.wait_for_function(IDLE_JS, arg=[after, IDLE_FRAMES], polling="raf", timeout=timeout)


@contextmanager
def rerun(pg: Page, timeout: float = 30000) -> Iterator[None]:
    """``with rerun(page): <action>`` — wait for the script run the action caused to finish.

    >>> with rerun(page):  # doctest: +SKIP
    ...     page.get_by_role("button", name="Run").click()
    """
    before = finished_runs(pg)
    yield
    wait_idle(pg, timeout, after=before)


def settle_layout(pg: Page, frames: int = 5, timeout: float = 10000) -> None:
    """Wait until the main area's height is the same for ``frames`` animation frames in a row (after a resize)."""
    pg.evaluate("() => { window.__stLayout = { last: -1, same: 0 }; }")
    pg.wait_for_function(  # evaluated once per animation frame
        """(frames) => {
          const main = document.querySelector('[data-testid="stMain"]') || document.body;
          const seen = window.__stLayout;
          seen.same = main.scrollHeight === seen.last ? seen.same + 1 : 0;
          seen.last = main.scrollHeight;
          return seen.same >= frames;
        }""",
        arg=frames,
        polling="raf",
        timeout=timeout,
    )


def shot_whole(pg: Page, name: str, max_height: int = 16000) -> Path:
    """Screenshot the whole lesson: Streamlit scrolls inside stMain, so grow the viewport to fit it, then restore it."""
    size = pg.viewport_size or {"width": 1400, "height": 1000}
    height = pg.evaluate(
        "() => { const m = document.querySelector('[data-testid=\"stMain\"]');"
        " return m ? m.scrollHeight : document.body.scrollHeight; }"
    )
    pg.set_viewport_size({"width": size["width"], "height": min(max(int(height), size["height"]), max_height)})
    settle_layout(pg)
    wait_idle(pg)
    path = shot(pg, name)
    pg.set_viewport_size(size)
    return path
