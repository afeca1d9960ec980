"""The one registry of pages: every entry has its file and its prose, every page file has an entry."""

from __future__ import annotations

import pytest

from lessons.content import lesson_text
from pages.registry import COURSE, PAGES, ROOT, SECTIONS, chain_page, in_section, neighbours, page
from toolcall_lab.stages.catalog import STAGES


def test_every_registered_page_has_its_file():
    missing = [spec.path for spec in PAGES if not spec.file.is_file()]
    assert missing == []


def test_every_page_file_is_registered():
    helpers = {"__init__.py", "registry.py"}
    files = sorted(
        f"pages/{p.name}" for p in (ROOT / "pages").glob("*.py") if not p.name.startswith("_") and p.name not in helpers
    )
    assert files == sorted(spec.path for spec in PAGES)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("spec", PAGES, ids=lambda s: s.url_path)
def test_every_page_has_prose_in_both_languages(spec, lang):
    assert lesson_text(spec.lesson, lang).strip()


def test_url_paths_are_the_links_already_in_use():
    assert page("pages/stage_4_tool_call.py").url_path == "stage_4_tool_call"
    assert page("pages/live_run.py").url_path == "live_run"
    assert len({spec.url_path for spec in PAGES}) == len(PAGES)


def test_chain_pages_follow_the_stage_catalog():
    assert [spec.stage for spec in in_section("chain")] == [s.key for s in STAGES]
    assert chain_page("tool_call").path == "pages/stage_4_tool_call.py"
    for spec in in_section("chain"):
        assert spec.heading and spec.heading.zh and spec.heading.en
        assert spec.question and spec.question.zh and spec.question.en


def test_every_section_has_pages_and_the_course_runs_through_them_in_order():
    assert all(in_section(sec.key) for sec in SECTIONS)
    order = [spec.section for spec in COURSE]
    assert order == sorted(order, key=["chain", "wires", "tutor", "graph", "reliability"].index)


def test_one_path_through_the_course():
    first, last = COURSE[0], COURSE[-1]
    assert neighbours(first.path)[0] is None and neighbours(last.path)[1] is None
    # ⑧ leads on to the MCP page (the same tool over a protocol), then the tutor, not back to ①
    assert neighbours("pages/stage_8_round_trip.py")[1] == in_section("wires")[0] == page("pages/mcp.py")
    assert neighbours("pages/mcp.py")[1] == in_section("tutor")[0]
    # walking "next" from the first page visits every course page once
    seen, here = [], first
    while here is not None:
        seen.append(here.path)
        here = neighbours(here.path)[1]
    assert seen == [spec.path for spec in COURSE]
