"""The readable screen, measured in the page: no code cut at the right edge, no sideways scroll, no narrow code.

On the page as drawn: no ``[data-testid=stCode] pre`` is wider inside than it shows
(``scrollWidth > clientWidth + 1``: a line cut at the right edge), no ``st.table`` hides columns past its
edge (the decision record's tables on a phone), the page never scrolls sideways
(neither the document nor Streamlit's scrolling main area), no row of pills or segmented control in the
page hides options past its edge (Streamlit's row scrolls sideways; the frame makes it wrap), and, where
``narrow`` is checked (1024×768),
every code or JSON block is at least :data:`MIN_CODE_PX` wide, or as wide as the column it sits in when
that column is stacked (as wide as its row). Figures go to ``test-output/readable-cuts.json``.

Used by the first-screen test (every page, both languages, at 1280×720 and 1024×768, on the load it
already makes) and by the readable-screen test (the phone and presenter mode).
"""

from __future__ import annotations

from typing import Any

from tests.e2e.accessibility import record

MIN_CODE_PX = 360

#: measured in the page: cut code blocks, sideways scroll, narrow code/JSON blocks
MEASURE_JS = """
(minPx) => {
  const main = document.querySelector('[data-testid="stMain"]');
  const shown = (el) => el.offsetParent !== null && el.getBoundingClientRect().width > 0;
  const cut = [...document.querySelectorAll('[data-testid="stCode"] pre')]
    .filter((pre) => shown(pre) && pre.scrollWidth > pre.clientWidth + 1)
    .map((pre) => ({ text: pre.innerText.slice(0, 60), scroll: pre.scrollWidth, client: pre.clientWidth }));
  const hidden = [...main.querySelectorAll('[data-testid="stButtonGroup"] > div')]  // pills or a segmented row
    .filter((row) => shown(row) && row.scrollWidth > row.clientWidth + 1)
    .map((row) => ({ text: row.innerText.slice(0, 60), scroll: row.scrollWidth, client: row.clientWidth }));
  const wide = [...main.querySelectorAll('[data-testid="stTable"]')]  // a table whose last columns scroll out of view
    .filter((table) => shown(table) && table.scrollWidth > table.clientWidth + 1)
    .map((table) => ({ text: table.innerText.slice(0, 60), scroll: table.scrollWidth, client: table.clientWidth }));
  const narrow = [...main.querySelectorAll('[data-testid="stCode"], [data-testid="stJson"]')]
    .filter(shown)
    .map((block) => {
      const width = block.getBoundingClientRect().width;
      const column = block.closest('[data-testid="stColumn"]');
      const row = column && column.parentElement;
      // a stacked column is as wide as its row
      const stacked = !column || column.getBoundingClientRect().width >= row.getBoundingClientRect().width - 2;
      return { width: Math.round(width), stacked, text: block.innerText.slice(0, 40) };
    })
    .filter((b) => b.width < minPx && !b.stacked);
  return {
    cut,
    hidden,
    wide,
    narrow,
    docSideways: document.documentElement.scrollWidth - window.innerWidth,
    mainSideways: main.scrollWidth - main.clientWidth,
  };
}
"""


def assert_readable(pg: Any, name: str, *, narrow: bool) -> None:
    """Measure the drawn page ``pg``, record the figures under ``name`` and assert it reads whole."""
    found = pg.evaluate(MEASURE_JS, MIN_CODE_PX)
    record("readable-cuts.json", name, {"cut": len(found["cut"]), "narrow": len(found["narrow"])})
    assert found["cut"] == [], f"{name}: code cut at the right edge: {found['cut']}"
    assert found["hidden"] == [], f"{name}: options hidden past the edge of their row: {found['hidden']}"
    assert found["wide"] == [], f"{name}: a table's columns scroll out of view: {found['wide']}"
    assert found["docSideways"] <= 0, f"{name}: the page scrolls sideways by {found['docSideways']} px"
    assert found["mainSideways"] <= 1, f"{name}: the main area scrolls sideways by {found['mainSideways']} px"
    if narrow:
        assert found["narrow"] == [], f"{name}: code/JSON narrower than {MIN_CODE_PX} px beside another column"
