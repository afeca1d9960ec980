"""Who decides the student, in the browser: the injected request reads S1002; the fix keeps S1001 from the run."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import rerun, shot_whole, wait_idle

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(("lang", "title"), [("en", "Who decides the student?"), ("zh", "谁决定是哪个学生？")])
def test_an_injection_reads_another_record_until_the_id_comes_from_the_run(app_url, page, lang, title):
    page.goto(f"{app_url}/who_decides?lang={lang}")
    page.locator("h1").filter(has_text=title).wait_for(timeout=60000)
    wait_idle(page, timeout=90000)
    # step 1, on a cold link: the gullible model obeyed the injection and asked for S1002
    page.get_by_text('"student_id": "S1002"').first.wait_for(timeout=60000)
    assert "Traceback" not in page.locator("body").inner_text()
    shot_whole(page, f"who_decides_1_{lang}")
    # step 2: the fixed tool has no student_id in its schema; the record read is S1001's
    with rerun(page, timeout=90000):
        page.get_by_test_id("stButtonGroup").locator("button").filter(has_text=re.compile(r"^2\. ")).first.click()
    page.wait_for_url(re.compile(r"step=2"), timeout=30000)
    wait_idle(page, timeout=90000)
    body = page.locator("body").inner_text()
    assert "S1001" in body and "Traceback" not in body
    shot_whole(page, f"who_decides_2_{lang}")
