"""AppTest helpers: run the real app.py router, then switch to a page."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True, scope="session")
def _router_mode_like_a_server():
    """Run app.py on every AppTest run, as a live server does after its first session; scan components once."""
    from pages.serving.apptest import components_scanned_once, router_on_every_run

    with router_on_every_run(), components_scanned_once():
        yield


def page_files() -> list[str]:
    """Every page the router can show: the registry's list (tests/unit/test_registry.py holds it to the files)."""
    from pages.registry import PAGES

    return [spec.path for spec in PAGES]


def open_steps(at, trace, panel: str = "live") -> None:
    """Open every step of ``trace``'s timeline in ``panel``, as a learner's clicks do, and rerun.

    On /live_run a folded step draws its request body and raw response only once opened (its expander keeps
    its state under ``<panel>::step-<run id>-<n>``): a test that reads the wire opens the steps first.
    """
    keys = [f"{panel}::step-{trace.run_id[:12]}-{n}" for n in range(len(trace.events))]
    assert all(k in at.session_state for k in keys), "each step of the run keeps its open state under its key"
    for k in keys:
        at.session_state[k] = True
    at.run()
    assert not at.exception, at.exception


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


@pytest.fixture
def memory_store(monkeypatch):
    """Learner progress in a private in-memory database, for the pages this test opens."""
    import pages._ui.course as course
    from toolcall_lab.progress import ProgressStore

    store = ProgressStore.open("memory")
    monkeypatch.setattr(course, "store", lambda: store)
    yield store
    store.close()
