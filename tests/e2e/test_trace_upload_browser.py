"""Uploaded traces: a hostile one renders as inert text; a foreign or broken one is refused with a reason."""

from __future__ import annotations

import json

import pytest

from tests.e2e.conftest import rerun, shot, wait_idle

pytestmark = pytest.mark.e2e
EVIL = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>**bold?**'


def _open(page, app_url):
    page.goto(f"{app_url}/live_run?lang=en")
    page.get_by_text("Language / 语言").wait_for(timeout=30000)
    wait_idle(page)


def test_hostile_strings_in_a_trace_stay_text(app_url, page, tmp_path):
    from toolcall_lab.trace import SCHEMA, SCHEMA_VERSION

    trace = {
        "schema": SCHEMA,
        "schema_version": SCHEMA_VERSION,
        "run_id": "0" * 32,
        "question": EVIL,
        "model_label": EVIL,
        "lang": "en",
        "started_at": 0.0,
        "events": [],
        "answer": EVIL,
        "stop_reason": "final",
        "error": None,
        "thread_id": None,
    }
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(trace), encoding="utf-8")
    _open(page, app_url)
    with rerun(page):
        page.locator("input[type=file]").set_input_files(str(path))
    # the opened trace is drawn answer first (its question, its answer): the hostile string shows, as text
    page.get_by_text('onerror="window.__pwned=1"', exact=False).first.wait_for(timeout=10000)
    assert page.evaluate("() => window.__pwned") is None  # nothing in the file ran
    assert page.locator("img[src=x]").count() == 0
    assert 'onerror="window.__pwned=1"' in page.locator("body").inner_text()  # shown as text, as typed
    shot(page, "trace_upload_hostile")


def test_a_broken_file_is_refused_with_a_reason(app_url, page, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"schema": "something-else"}', encoding="utf-8")
    _open(page, app_url)
    with rerun(page):
        page.locator("input[type=file]").set_input_files(str(path))
    page.get_by_text("Cannot open this file").wait_for(timeout=10000)
    assert page.locator("[data-testid=stException]").count() == 0
    assert "not a run trace exported by Tool Call Lab" in page.locator("body").inner_text()
    shot(page, "trace_upload_refused")
