"""Make Streamlit's AppTest run the router (app.py) on every run, as a live server does.

AppTest resets Streamlit's legacy "pages/ folder" flag before every run, so without this
each rerun after the first would execute the page file alone (no router, no sidebar).
Used by the AppTest suite and by ``benchmarks/bench.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def router_on_every_run() -> Iterator[None]:
    from streamlit.runtime.pages_manager import PagesManager
    from streamlit.testing.v1 import app_test

    class RoutedPagesManager(PagesManager):
        def __init__(self, *args, **kwargs):  # noqa: ANN002, ANN003
            super().__init__(*args, **kwargs)
            PagesManager.uses_pages_directory = False

    original = app_test.PagesManager
    app_test.PagesManager = RoutedPagesManager
    try:
        yield
    finally:
        app_test.PagesManager = original
