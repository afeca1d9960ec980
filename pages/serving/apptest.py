"""Make Streamlit's AppTest behave like a live server where the suite needs it to.

* :func:`router_on_every_run` — AppTest resets Streamlit's legacy "pages/ folder" flag
  before every run, so without this each rerun after the first would execute the page
  file alone (no router, no sidebar).
* :func:`components_scanned_once` — every new AppTest scans all installed distributions for
  Streamlit v2 component manifests (about 1.5 s each on this machine's 300 packages: over half
  of an AppTest's time); a server scans once, when its runtime starts. Inside this block the
  first scan's result serves every AppTest of the process. The suite's AppTests run inside it.
* :func:`app_test_class` — Streamlit's ``AppTest``, imported when first asked for (``benchmarks/serve_cost.py``
  imports it before it warms a server up, and reaches Streamlit only through here and ``pages/``).
* :func:`many_sessions_one_runtime` — AppTest is built for one session at a time: each
  run installs its own mock ``Runtime`` singleton and patches the global config, and
  removes both when it ends. Twenty AppTests in twenty threads then pull the runtime out
  from under each other ("Runtime hasn't been created!"). A server has one runtime for
  all its sessions; inside this block, so do the AppTests.

Used by the AppTest suite and by ``benchmarks/bench.py``, which runs

    python -m pages.serving.apptest rerun N

in a child process to time N reruns of the app after a sidebar widget change.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest


def app_test_class() -> type[AppTest]:
    """Streamlit's ``AppTest`` (``streamlit.testing.v1``), imported on the first call."""
    from streamlit.testing.v1 import AppTest

    return AppTest


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


@contextmanager
def components_scanned_once() -> Iterator[None]:
    """Scan installed packages for v2 component manifests once, as a server's runtime does at start-up."""
    from streamlit.components.v2 import manifest_scanner

    original = manifest_scanner.scan_component_manifests
    found: list[Any] = []  # the first scan's result, once made

    def scan_once(max_workers: int | None = None) -> Any:
        if not found:
            found.append(original(max_workers))
        return list(found[0])

    manifest_scanner.scan_component_manifests = scan_once
    try:
        yield
    finally:
        manifest_scanner.scan_component_manifests = original


@contextmanager
def many_sessions_one_runtime() -> Iterator[None]:
    """Let AppTests run in parallel threads, sharing one runtime and one config patch, as one server's sessions do.

    The first AppTest's mock runtime becomes the runtime of every session until the block
    ends (AppTest's own "set it, then clear it" is made to keep it); AppTest's per-run
    config patch is replaced by one patch around the whole block (a per-run patch undone
    by another thread mid-run would leave ``config.get_option`` patched for good). The sessions share
    one script cache too, as a server's do: each page script is compiled once, under the cache's lock
    (AppTest gives every session a cache of its own, and CPython 3.11 can fail several first compiles
    of one script at once with "AST constructor recursion depth mismatch").
    """
    from streamlit.runtime import Runtime
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache
    from streamlit.testing.v1 import app_test, local_script_runner
    from streamlit.testing.v1.util import patch_config_options

    class KeepFirstRuntime(type):
        def __setattr__(cls, name: str, value: object) -> None:
            if name != "_instance":
                super().__setattr__(name, value)
            elif value is not None and Runtime._instance is None:
                Runtime._instance = value  # the first session's runtime serves all of them

    class SharedRuntime(Runtime, metaclass=KeepFirstRuntime):
        """What AppTest sees as ``Runtime`` inside the block (its mocks keep Runtime's spec)."""

    shared_cache = ScriptCache()
    original_runtime, original_patch = app_test.Runtime, app_test.patch_config_options
    original_cache = local_script_runner.ScriptCache
    app_test.Runtime = SharedRuntime
    app_test.patch_config_options = lambda overrides: nullcontext()
    local_script_runner.ScriptCache = lambda: shared_cache
    try:
        with patch_config_options({"global.appTest": True}):
            yield
    finally:
        app_test.Runtime, app_test.patch_config_options = original_runtime, original_patch
        local_script_runner.ScriptCache = original_cache
        Runtime._instance = None


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
