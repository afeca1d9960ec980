"""A learner switches the language back and forth: every choice made keeps showing.

Streamlit (1.67) keeps a radio's or segmented control's value in the browser as its option's label. Before
``pages._ui.session.resend_choice``, the sidebar's Model radio showed no choice after a second switch of language
(the app still used the model chosen), and a choice on a page the same. Here, at 1280×720: the Model radio (left
at the built-in model) and "who decides"'s injected request (set to its second option) after four switches.
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import new_context, rerun, shot, wait_idle

pytestmark = pytest.mark.e2e

SIDEBAR = '[data-testid="stSidebar"]'
LANGUAGE = {"zh": "中文", "en": "English"}
#: the "who decides" page's injected-request choice, its second option in each language
SECOND_ASK = {"zh": "冒充开发者", "en": "posing as the developer"}
_CHECKED_RADIOS_JS = f"""() => Array.from(document.querySelectorAll('{SIDEBAR} input[type=radio]'))
  .map(i => i.checked)"""
_ACTIVE_SEGMENT_JS = """() => Array.from(document.querySelectorAll(
  '[data-testid="stMain"] [data-testid="stButtonGroup"] button[aria-checked="true"]')).map(b => b.innerText.trim())"""


def test_choices_keep_showing_through_four_language_switches(app_url, browser):
    context = new_context(browser, viewport={"width": 1280, "height": 720}, locale="en-US")
    try:
        page = context.new_page()
        page.goto(f"{app_url}/who_decides?lang=en")
        wait_idle(page, timeout=90000)
        with rerun(page, timeout=90000):
            page.locator('[data-testid="stMain"]').get_by_text(SECOND_ASK["en"], exact=True).click()
        for lang in ["zh", "en", "zh", "en"]:
            with rerun(page, timeout=90000):
                page.locator(SIDEBAR).get_by_text(LANGUAGE[lang], exact=True).click()
            radios = page.evaluate(_CHECKED_RADIOS_JS)
            assert radios[:2] == [True, False], f"after switching to {lang}: the Model radio shows {radios[:2]}"
            active = page.evaluate(_ACTIVE_SEGMENT_JS)
            assert SECOND_ASK[lang] in active, f"after switching to {lang}: the chosen request shows as {active}"
        shot(page, "language-switched-four-times-1280x720")
    finally:
        context.close()
