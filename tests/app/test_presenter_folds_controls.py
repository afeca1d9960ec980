"""Presenter mode on the tutor and LangGraph pages: their controls fold under "Settings" on a projector."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import ROOT


def _open(page: str, present: bool) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["lang"] = "en"
    if present:
        at.query_params["present"] = "1"
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def _folded(node, key: str, inside: bool = False) -> bool | None:
    """Whether the widget ``key`` sits inside the "Settings" expander (``None``: not found)."""
    if getattr(node, "key", None) == key:
        return inside
    here = inside or (type(node).__name__ == "Expander" and "Settings" in str(getattr(node, "label", "")))
    for child in getattr(node, "children", {}).values():
        found = _folded(child, key, here)
        if found is not None:
            return found
    return None


@pytest.mark.parametrize(
    ("page", "key"),
    [
        ("pages/tutor_4_loop_guard.py", "tutor::original"),
        ("pages/tutor_4_loop_guard.py", "tutor4::max_steps"),  # the guard's sliders, not only the edition switch
        ("pages/graph_1_workflow_vs_agent.py", "g1::q"),
        ("pages/graph_7_context.py", "max_messages"),  # the budget slider and the next question
    ],
)
def test_the_controls_fold_on_a_projector_and_stay_in_place_otherwise(page, key):
    assert _folded(_open(page, present=True).main, key) is True
    assert _folded(_open(page, present=False).main, key) is False


@pytest.mark.parametrize(
    ("page", "before", "after"),
    [
        ("pages/tutor_4_loop_guard.py", "tutor_3_registry", "tutor_5_manual_vs_react"),
        ("pages/graph_1_workflow_vs_agent.py", "tutor_6_pitfalls", "graph_2_is_tavily_a_tool"),
    ],
)
def test_a_projected_page_without_steps_still_has_previous_and_next(page, before, after):
    """Without a class, the projector's ◀ ▶ row leads along the course and keeps the next page projected."""
    links = [str(p.proto) for p in _open(page, present=True).main.get("page_link") if "present" in str(p.proto)]
    assert len(links) == 2, links
    assert before in links[0] and "◀" in links[0]
    assert after in links[1] and "▶" in links[1]
    # off the projector the top of the page has no such row
    assert not [p for p in _open(page, present=False).main.get("page_link") if "present" in str(p.proto)]
