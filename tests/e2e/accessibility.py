"""axe-core over a page: its serious and critical WCAG 2.1 A/AA violations, and which are Streamlit's own.

Used by the first-screen test (every page, both languages, at 1280×720: one load per page serves both
checks) and by the readable-screen test (the allowlist's evidence on a bare Streamlit app).
"""

from __future__ import annotations

import fcntl
import json
import os
import re
from typing import Any

from tests.e2e.conftest import ROOT

OUT = ROOT / "test-output"
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

#: (axe rule, a pattern of the ``data-testid`` path from the offending node up, e.g.
#: ``stSidebarNavItems<stSidebarNav<stSidebarContent<stSidebar<...``): violations inside Streamlit's own
#: markup, which no app can change. Evidence: the same rule fires on the same region of a bare Streamlit
#: app (``st.navigation`` over two one-line pages in two sections), which
#: :func:`test_allowlist_is_streamlits_own` starts and checks; by hand (2026-12-02) the same held.
STREAMLIT_OWN: list[tuple[str, str]] = [
    # the navigation's sections: a <ul> holding section headers and nested lists besides <li>s
    ("list", r"^stSidebarNavItems<stSidebarNav<"),
    # ...and so its <li>s are not all inside a <ul>/<ol> (axe reads the nested lists' items as orphans)
    ("listitem", r"<stSidebarNav<"),
]


def record(name: str, key: str, value: object) -> None:
    """Merge one case's figures into ``test-output/<name>`` (cases run in any order, one file).

    Both pytest-xdist workers write the same files: the read-merge-write holds a lock file, and the new
    text replaces the old in one step, so no worker ever reads a half-written file.
    """
    path = OUT / name
    OUT.mkdir(parents=True, exist_ok=True)
    with open(OUT / f".{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        data = json.loads(path.read_text()) if path.exists() else {}
        data[key] = value
        fresh = path.with_name(f".{name}.{os.getpid()}.tmp")
        fresh.write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False))
        os.replace(fresh, path)


WITHIN_JS = """
(selector) => {
  let el = document.querySelector(selector);
  const path = [];
  for (; el; el = el.parentElement) if (el.dataset && el.dataset.testid) path.push(el.dataset.testid);
  return path.join("<");
}
"""


#: The sidebar, the same on every page (navigation, language, model, presenter mode, class): the first-screen
#: test checks it on the home page in both languages, and the rest of the pages without it (it was about a third
#: of axe's time on each page).
SIDEBAR = '[data-testid="stSidebar"]'


def axe(pg: Any, *, sidebar: bool = True) -> list[dict[str, Any]]:
    """Serious and critical WCAG 2.1 A/AA violations, one entry per offending node (without the sidebar's when
    ``sidebar`` is false)."""
    from axe_playwright_python.sync_playwright import Axe

    options = {"runOnly": {"type": "tag", "values": WCAG}, "resultTypes": ["violations"]}
    context = None if sidebar else {"exclude": [[SIDEBAR]]}
    results = Axe().run(pg, context=context, options=options)
    found = []
    for v in results.response["violations"]:
        if v["impact"] not in ("serious", "critical"):
            continue
        for node in v["nodes"]:
            target = node["target"][0] if len(node["target"]) == 1 else ""  # no frames or shadow roots here
            within = pg.evaluate(WITHIN_JS, target) if isinstance(target, str) and target else ""
            found.append({"rule": v["id"], "impact": v["impact"], "within": within, "html": node["html"][:160]})
    return found


def streamlits_own(found: dict[str, Any]) -> bool:
    """Whether a violation is inside Streamlit's own markup (:data:`STREAMLIT_OWN`)."""
    return any(found["rule"] == rule and re.search(pattern, found["within"]) for rule, pattern in STREAMLIT_OWN)


def check_page(pg: Any, key: str, *, sidebar: bool = True) -> list[dict[str, Any]]:
    """axe over the page as it stands (its sidebar too when ``sidebar``); its counts and violations recorded under
    ``key``; those of the app returned."""
    found = axe(pg, sidebar=sidebar)
    ours = [f for f in found if not streamlits_own(f)]
    record("axe-counts.json", key, {"serious_or_critical": len(found), "outside_streamlit": len(ours)})
    record("axe-violations.json", key, found)
    return ours


def described(found: list[dict[str, Any]]) -> str:
    """Violations as indented JSON, for an assertion's message."""
    return json.dumps(found, indent=1, ensure_ascii=False)
