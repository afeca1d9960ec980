"""Issue 22: on a phone the sidebar folds after a navigation, and only then (AppTest through the real router).

Streamlit folds its sidebar after a click on its own navigation only when the browser names itself a
mobile device, so the router draws one script (``pages/_ui/frame.py``) on the first run of each page that
folds an open sidebar when the window is phone-narrow. Here: the script is drawn in the sidebar when a
page opens, carries that page's path, and is not drawn on a rerun of the same page (the learner may have
just opened the sidebar there on purpose). What the script does in a browser at 390×844 is checked by
``tests/e2e/test_readable_browser.py``.
"""

from __future__ import annotations

from pages._ui.frame import _FOLD_SIDEBAR_JS

STAGE_1, STAGE_2 = "pages/stage_1_tool.py", "pages/stage_2_schema.py"


def fold_scripts(at) -> list[str]:
    """The bodies of the sidebar's fold scripts in this run."""
    return [h.proto.body for h in at.sidebar.get("html") if "stSidebarCollapseButton" in h.proto.body]


def test_the_fold_script_comes_with_a_new_page_not_with_a_rerun(open_page):
    at = open_page(STAGE_1, "en")
    assert fold_scripts(at) == [_FOLD_SIDEBAR_JS.replace("PAGE", STAGE_1)]
    at.run()  # the same page again (a widget, the language): nothing folds the sidebar the learner opened
    assert not at.exception, at.exception
    assert fold_scripts(at) == []
    at.switch_page(STAGE_2).run()
    assert not at.exception, at.exception
    assert fold_scripts(at) == [_FOLD_SIDEBAR_JS.replace("PAGE", STAGE_2)]


def test_the_script_folds_only_an_open_sidebar_on_a_narrow_window():
    script = _FOLD_SIDEBAR_JS
    assert script.startswith("<script>") and script.endswith("</script>") and "\n" not in script
    assert '"(max-width: 640px)"' in script and '"data-collapsed") !== "false"' in script
    # and only when a sidebar link asked for it (its behaviour: tests/e2e/test_phone_sidebar_browser.py)
    assert "stSidebarNavLink" in script and "stExpandSidebarButton" in script
