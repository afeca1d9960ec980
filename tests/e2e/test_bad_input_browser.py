"""Bad input pasted into every editor gives an explanation in place, never a traceback."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import rerun, shot, wait_idle

pytestmark = pytest.mark.e2e

EDITORS = [  # (page, and its step when the editor is not on the first, the editor's English label)
    ("stage_1_tool", "Function source"),
    ("stage_2_schema?step=2", "Argument model (Pydantic, parsed, never run)"),
    ("stage_4_tool_call", None),
    ("stage_5_validation", "function.arguments"),
    ("stage_6_kwargs", "kwargs (JSON)"),
    ("stage_7_tool_message", "The tool_call's args (JSON)"),
]
BAD = {
    "unicode": "\u202e\u0000ℌ𝔢𝔩𝔩𝔬 🐍 \ud7ff ％{«»}ゝ\t\x0b",
    "huge": "x" * 30_000,
    "deep": "[" * 2000 + "]" * 2000,
    "wrong_types": '[1, "two", null, true, {"city": ["Bangkok"]}]',
    "nan_inf": '{"city": NaN, "days": Infinity, "x": -Infinity}',
}


def _editor(page, label):
    if label is None:  # stage 4's label is long: take the page's first text area
        return page.locator("textarea").first
    return page.get_by_label(label, exact=True)


@pytest.mark.parametrize(("stem", "label"), EDITORS, ids=[e[0].split("?")[0] for e in EDITORS])
def test_bad_input_is_explained_not_crashed(app_url, page, stem, label):
    page.goto(f"{app_url}/{stem}{'&' if '?' in stem else '?'}lang=en")
    page.get_by_text("Language / 语言").wait_for(timeout=30000)
    wait_idle(page)
    for name, text in BAD.items():
        box = _editor(page, label)
        box.fill(text)
        with rerun(page, timeout=60000):  # Ctrl+Enter commits the text area: one rerun
            box.press("Control+Enter")
        body = page.locator("body").inner_text()
        assert page.locator("[data-testid=stException]").count() == 0, (stem, name)
        assert "Traceback" not in body and "encountered an error" not in body, (stem, name)
        # something on the page speaks about the input: an alert, or the artifact built from it
        assert page.locator("[data-testid=stAlert]").count() + page.locator("[data-testid=stJson]").count() > 0
    shot(page, f"bad_input_{stem.split('?')[0]}")
