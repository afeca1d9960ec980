"""AppTest helpers: run the real app.py router, then switch to a page."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True, scope="session")
def _router_mode_like_a_server():
    """Run app.py on every AppTest run, as a live server does after its first session.

    AppTest resets Streamlit's legacy "pages/ folder" flag before every run, so without
    this each rerun would execute the page file alone (no router, no sidebar).
    """
    from streamlit.runtime.pages_manager import PagesManager
    from streamlit.testing.v1 import app_test

    class RoutedPagesManager(PagesManager):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            PagesManager.uses_pages_directory = False

    original = app_test.PagesManager
    app_test.PagesManager = RoutedPagesManager
    yield
    app_test.PagesManager = original


def page_files() -> list[str]:
    """Every page the router can show (files in pages/ that are not helpers)."""
    return sorted(
        f"pages/{p.name}" for p in (ROOT / "pages").glob("*.py")
        if not p.name.startswith("_") and p.name not in ("registry.py", "__init__.py")
    )


@pytest.fixture
def open_page():
    def _open(page: str, lang: str = "zh", timeout: float = 60) -> AppTest:
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=timeout)
        at.query_params["lang"] = lang
        at.run()
        assert not at.exception, at.exception
        at.switch_page(page).run()
        return at

    return _open
