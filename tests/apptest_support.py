"""Make Streamlit's AppTest run the router (app.py) on every run, as a live server does.

AppTest resets Streamlit's legacy "pages/ folder" flag before every run, so without this
each rerun after the first would execute the page file alone (no router, no sidebar).
Used by the AppTest suite and by ``benchmarks/bench.py``, which runs

    python -m tests.apptest_support rerun N

in a child process to time N reruns of the app after a sidebar widget change.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def router_on_every_run() -> Iterator[None]:
    from streamlit.runtime.pages_manager import PagesManager
    from streamlit.testing.v1 import app_test

    class RoutedPagesManager(PagesManager):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            PagesManager.uses_pages_directory = False

    original = app_test.PagesManager
    app_test.PagesManager = RoutedPagesManager
    try:
        yield
    finally:
        app_test.PagesManager = original


def time_reruns(n: int) -> list[float]:
    """Milliseconds of ``n`` app reruns, each after a change of the sidebar's model radio."""
    import time
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    app = Path(__file__).resolve().parent.parent / "app.py"
    with router_on_every_run():
        at = AppTest.from_file(str(app), default_timeout=60)
        at.run()
        times = []
        for i in range(n):
            t0 = time.perf_counter()
            at.sidebar.radio[0].set_value("openai_compatible" if i % 2 else "builtin").run()
            times.append((time.perf_counter() - t0) * 1000)
    return times


if __name__ == "__main__":
    import json
    import sys

    if sys.argv[1:2] == ["rerun"]:
        print(json.dumps(time_reruns(int(sys.argv[2]))))
