"""Browser tests: `streamlit run app.py` on a free localhost port, driven by Debian's Chromium."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "test-output" / "screenshots"
LOG = ROOT / "test-output" / "streamlit-e2e.log"
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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def app_url():
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (bash scripts/test.sh installs it)")
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LLM_", "TAVILY_"))}
    LOG.parent.mkdir(parents=True, exist_ok=True)
    log = LOG.open("wb")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            "app.py",
            "--server.port",
            str(port),
            "--server.address",
            "127.0.0.1",
            "--server.headless",
            "true",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as resp:
                if resp.status == 200:
                    break
        except OSError:
            time.sleep(0.3)
    else:
        proc.kill()
        pytest.fail("streamlit did not start: " + LOG.read_text(errors="replace")[-2000:])
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US")
    pg = context.new_page()
    yield pg
    context.close()


def shot(pg, name: str) -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{name}.png"
    pg.screenshot(path=str(path), full_page=True)
    return path


def wait_idle(pg, timeout: float = 30000) -> None:
    """Wait until Streamlit is not running a script (no 'Running' status widget)."""
    pg.wait_for_timeout(300)
    pg.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=timeout)
