"""A key typed in the sidebar never reaches the page's HTML, the logs, an exported trace, or disk.

The real-provider path is pointed at the built-in model served over HTTP on localhost, so the
key really travels in an Authorization header — and must go nowhere else.
"""

from __future__ import annotations

import json
import socket
import threading
import uuid
from pathlib import Path

import pytest

from tests.e2e.conftest import LOG, ROOT, rerun, shot, wait_idle

pytestmark = pytest.mark.e2e
KEY = "sk-lab-RECOGNISABLE-" + uuid.uuid4().hex  # made at run time: no file holds it beforehand


@pytest.fixture(scope="module")
def local_endpoint():
    from toolcall_lab.offline.__main__ import make_server

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = make_server(port=port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{port}/v1"
    server.shutdown()
    server.server_close()


def _files_containing(root: Path, needle: bytes) -> list[str]:
    hits = []
    for path in root.rglob("*"):
        if ".venv" in path.parts or ".git" in path.parts or not path.is_file():
            continue
        try:
            if path.stat().st_size < 20_000_000 and needle in path.read_bytes():
                hits.append(str(path.relative_to(root)))
        except OSError:
            continue
    return hits


def test_sidebar_key_goes_nowhere_but_the_request_header(app_url, page, local_endpoint, tmp_path):
    page.goto(f"{app_url}/live_run?lang=en")
    page.get_by_text("Language / 语言").wait_for(timeout=30000)
    wait_idle(page)
    with rerun(page):  # the endpoint fields appear
        page.get_by_text("OpenAI-compatible endpoint").click()
    fields = [
        (page.get_by_label("Base URL"), local_endpoint),
        (page.get_by_label("Model id"), "builtin-teaching-model"),
        (page.get_by_role("textbox", name="API key"), KEY),
    ]
    for field, value in fields:  # Enter commits each text input: one rerun each
        field.fill(value)
        with rerun(page):
            field.press("Enter")
    page.get_by_text("Active: real endpoint").wait_for(timeout=10000)
    page.get_by_test_id("stChatInputTextArea").fill("What's the weather in Paris?")
    with rerun(page, timeout=60000):
        page.keyboard.press("Enter")
    page.locator("[data-testid=stExpander] summary").filter(has_text="get_weather").first.wait_for(timeout=10000)
    shot(page, "secrets_real_provider_run")
    # 1. the page's HTML (every expander opened, so all artifacts are in the DOM)
    for details in page.locator("[data-testid=stExpander] details").all():
        if details.get_attribute("open") is None:
            details.locator("summary").first.click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=stExpander] details')].every((d) => d.open)",
        timeout=10000,
    )
    # a folded step of the live run draws its request body and raw response once opened (its click reruns the
    # panel): wait until no step still says it is opening, so the HTML below holds every artifact
    page.wait_for_function("() => !document.body.innerText.includes('Opening this step')", timeout=30000)
    wait_idle(page)
    assert page.locator("[data-testid=stJson]").count() > 0, "the opened steps show their request bodies"
    html = page.content()
    where = html.find(KEY)
    assert where < 0, html[max(0, where - 300) : where + 60]
    assert "Bangkok" in page.content() or "Paris" in page.content()
    # 2. the exported trace
    with page.expect_download() as info:
        page.get_by_text("Download trace JSON").click()
    exported = Path(info.value.path()).read_text(encoding="utf-8")
    assert json.loads(exported)["model_label"].startswith("builtin-teaching-model @ http://127.0.0.1")
    assert KEY not in exported
    # 3. the server's log, and 4. any file the app could have written under the repo
    assert KEY not in LOG.read_text(errors="replace")
    assert _files_containing(ROOT, KEY.encode()) == []
