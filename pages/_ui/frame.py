"""The page frame: layout that survives small screens and projectors, presenter mode, and steps in the link.

* :func:`apply_layout` (called by ``app.py`` on every run) adds the lab's stylesheet:
  the lesson's two columns stack when the side one would be narrower than ~420 px,
  long code lines wrap (a token breaks only where its line has no other break), JSON
  trees wrap between words, columns holding code or JSON stack below 360 px, code
  tokens and captions reach 4.5:1 contrast, a skip link leads past the sidebar to
  the page's content, a focus ring shows, and presenter mode enlarges the type for a projector.
* :func:`presenting` says whether the page is projected (``?present=1`` in the link,
  or the sidebar switch).
* :func:`steps` shows a page's steps one at a time: tabs-like pills on a normal page,
  big previous / next buttons in presenter mode; the current step is kept in the
  link (``?step=N``) so a teacher can paste a link that opens exactly that step.

The stylesheet is the lab's own constant text; no learner or model text ever flows into it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlencode

import streamlit as st
from streamlit.errors import StreamlitPageNotFoundError

from pages._ui import T, lang, resend_choice
from pages.registry import PageSpec, neighbours, page

PRESENT_PARAM = "present"
STEP_PARAM = "step"

_CSS = """
<style>
/* the lesson's two columns: side by side when both fit, stacked when the side one would be < 420 px */
/* (only the lesson's own two columns: columns nested inside them keep Streamlit's layout) */
.st-key-lesson-columns > [data-testid="stLayoutWrapper"] > [data-testid="stHorizontalBlock"],
.st-key-lesson-columns > [data-testid="stHorizontalBlock"] { flex-wrap: wrap; row-gap: 1.5rem; }
.st-key-lesson-columns > [data-testid="stLayoutWrapper"] > [data-testid="stHorizontalBlock"] > [data-testid="stColumn"],
.st-key-lesson-columns > [data-testid="stHorizontalBlock"] > [data-testid="stColumn"] {
  min-width: min(420px, 100%); flex: 1 1 420px;
}
/* no code is cut at the right edge: long lines wrap at the block's edge; a token breaks only where its line
   has no other break (a long URL, an escaped JSON string) */
[data-testid="stCode"] pre, [data-testid="stCode"] code { white-space: pre-wrap !important;
  overflow-wrap: anywhere !important; word-break: normal !important; }
[data-testid="stCode"] pre { overflow-x: hidden; }
/* ...and the class join link in the sidebar may break anywhere, so a teacher can project it whole */
.st-key-class-join-link [data-testid="stCode"] pre, .st-key-class-join-link [data-testid="stCode"] code {
  white-space: pre-wrap !important; word-break: break-all !important; }
/* JSON trees wrap between words, never inside one ("temperat ure") */
[data-testid="stJson"], [data-testid="stJson"] * { word-break: normal !important;
  overflow-wrap: break-word !important; }
[data-testid="stJson"] { overflow-x: hidden; }
/* columns that hold code or JSON are at least 360 px wide: beside each other when they fit, stacked when not */
[data-testid="stHorizontalBlock"]:has(> [data-testid="stColumn"] :is([data-testid="stCode"], [data-testid="stJson"])) {
  flex-wrap: wrap; }
[data-testid="stColumn"]:has(:is([data-testid="stCode"], [data-testid="stJson"])) { min-width: min(360px, 100%);
  flex: 1 1 360px; }
/* a graph panel beside its picture: the steps' JSON sits in boxes inside its column, so that column needs 400 px
   to give the JSON 360; when it cannot have them, picture and steps stack across the page */
[class*="st-key-beside-"] [data-testid="stHorizontalBlock"] { flex-wrap: wrap; }
[class*="st-key-beside-"] [data-testid="stHorizontalBlock"] > [data-testid="stColumn"]:first-child {
  flex: 1 1 240px; }
[class*="st-key-beside-"] [data-testid="stHorizontalBlock"] > [data-testid="stColumn"]:last-child {
  min-width: min(400px, 100%); flex: 2 1 400px; }
/* contrast >= 4.5:1: captions, and code tokens on the code background (.streamlit/config.toml sets the rest) */
/* (Streamlit draws a caption as body text at opacity 0.6: 3.88:1) */
[data-testid="stCaptionContainer"] { opacity: 1 !important; }
[data-testid="stCaptionContainer"], [data-testid="stCaptionContainer"] :not(a, a *) { color: #5f5d5a !important; }
[data-testid="stCode"] .token:is(.property, .tag, .constant, .symbol, .deleted, .attr-name) {
  color: #0b57a4 !important; }
[data-testid="stCode"] .token:is(.string, .char, .inserted, .selector, .attr-value, .url) { color: #126b35 !important; }
[data-testid="stCode"] .token:is(.number, .boolean, .builtin, .regex, .important, .variable) {
  color: #9a4100 !important; }
[data-testid="stCode"] .token:is(.keyword, .atrule, .function, .class-name) { color: #6b34b8 !important; }
[data-testid="stCode"] .token:is(.comment, .prolog, .doctype, .cdata) { color: #5f5d5a !important; }
[data-testid="stCode"] .token:is(.punctuation, .operator, .entity) { color: #2f2d2b !important; }
/* the keyboard: a skip link to the page's content, and a focus ring that shows (sidebar links too) */
.lab-skip { position: fixed; left: 0.5rem; top: -4rem; z-index: 1000200; padding: 0.5rem 1rem;
  background: #ffffff; color: #0b57a4; border: 2px solid #0b57a4; border-radius: 0.5rem; font-weight: 600; }
.lab-skip:focus { top: 0.5rem; }
:is(a, button, summary, [role="tab"], [role="switch"], [role="option"], [tabindex="0"]):focus-visible,
[data-testid="stSidebarNavLink"]:focus-visible {
  outline: 3px solid #0b57a4 !important; outline-offset: 2px !important; }
/* a row of pills or a segmented control wraps onto a second line instead of hiding its last options behind a
   sideways scroll (Streamlit scrolls the row: on ④ at 1440 px "3. The code that…" was cut at the column's edge) */
[data-testid="stButtonGroup"] > div { flex-wrap: wrap !important; overflow-x: visible !important; }
/* tables scroll instead of cutting columns */
[data-testid="stTable"], [data-testid="stMarkdownContainer"] table { display: block; overflow-x: auto; }
/* ...and a long word in a last column's cell ("bangkok/weather") breaks before it pushes the column out of a phone's
   view (the last only: names and numbers in the others stay whole) */
[data-testid="stTable"] td:last-child, [data-testid="stTable"] td:last-child * { overflow-wrap: anywhere !important; }
/* on a phone the first screen holds the title, the lesson's framing and the top of the artifact (issue 22) */
@media (max-width: 640px) {
  [data-testid="stMainBlockContainer"] { padding-top: 4rem; }
  [data-testid="stMain"] h1 { font-size: 1.875rem; }
}
</style>
"""

_PRESENT_CSS = """
<style>
/* presenter mode: type a back row can read, no chrome */
html { font-size: 21px; }
[data-testid="stMainBlockContainer"] { max-width: 100%; padding-left: 2.5rem; padding-right: 2.5rem;
  padding-top: 2rem; }
[data-testid="stCode"] pre, [data-testid="stCode"] code { font-size: 1.05rem !important;
  white-space: pre-wrap !important; overflow-wrap: anywhere !important; }
/* the header stays drawn over the page's top (its height grows with the type) but lets clicks through to the page
   row's ◀ ▶ below it; its own buttons (the sidebar's ≫, the menu) still take theirs */
[data-testid="stHeader"], [data-testid="stHeader"] [data-testid="stToolbar"] { background: transparent;
  pointer-events: none; }
[data-testid="stHeader"] :is(button, a, [role="button"]) { pointer-events: auto; }
/* one artifact at a time: the lesson's two columns stack, the step's artifact across the screen, the side one below */
.st-key-lesson-columns > [data-testid="stLayoutWrapper"] > [data-testid="stHorizontalBlock"] > [data-testid="stColumn"],
.st-key-lesson-columns > [data-testid="stHorizontalBlock"] > [data-testid="stColumn"] { flex: 1 1 100%; }
</style>
"""


#: On a phone, Streamlit folds its sidebar after a click on its own navigation only when the browser names itself a
#: mobile device; a narrow window that does not (and a link in the page) leaves it open over the next page.
#: This script folds it after a page change when the window is phone-narrow. The lab's constant text only.
_FOLD_SIDEBAR_JS = (  # one line: st.html keeps a script's lines only when they are one
    "<script>(() => { if (!window.__labNavClicks) { window.__labNavClicks = true;"
    # a click on a link of the sidebar asks the next page to fold it; opening the sidebar again withdraws the ask
    " document.addEventListener('click', (e) => {"
    " if (e.target.closest('[data-testid=\"stSidebarNavLink\"]')) window.__labFoldAsked = true;"
    " else if (e.target.closest('[data-testid=\"stExpandSidebarButton\"]')) window.__labFoldAsked = false;"
    " }, true); }"
    # fold once per ask, however late the page's first run arrives: no ask, no fold (the learner opened it)
    " const asked = window.__labFoldAsked; window.__labFoldAsked = false;"
    ' if (!asked || !window.matchMedia("(max-width: 640px)").matches) return;'
    " const bar = document.querySelector('[data-testid=\"stSidebar\"]');"
    ' if (!bar || bar.getAttribute("data-collapsed") !== "false") return;'
    " const fold = document.querySelector('[data-testid=\"stSidebarCollapseButton\"] button');"
    " if (fold) fold.click(); /* PAGE */ })();</script>"
)
_LAST_PAGE = "_frame_last_page"


def fold_sidebar_after_navigation(page_path: str) -> None:
    """On a phone-narrow screen, fold the sidebar once the learner reached another page through it (issue 22).

    Drawn only on the first run of a page (not on its reruns, when the learner may have just opened the
    sidebar on purpose); the element carries the page's path, so each new page mounts it anew. The script
    folds only when a click on a sidebar link asked for it, once, however late the first run arrives on a busy
    server; a click that opens the sidebar withdraws the ask, so a late run never folds a sidebar the learner
    has just opened (browser tests caught both: a late fold under load, then no fold on a slow CI machine).
    """
    if st.session_state.get(_LAST_PAGE) == page_path:
        return
    st.session_state[_LAST_PAGE] = page_path
    with st.sidebar, st.container(key="fold-sidebar", border=False):  # draws nothing a learner sees
        st.html(_FOLD_SIDEBAR_JS.replace("PAGE", page_path), unsafe_allow_javascript=True)


def presenting() -> bool:
    """True when the page is projected: ``?present=1`` in the link (the sidebar switch writes it)."""
    return st.query_params.get(PRESENT_PARAM) == "1"


def _skip_link() -> str:
    """The skip link: first in the tab order (``tabindex="1"``: the sidebar comes before the page in the
    document), it moves the focus to the target right after it, at the top of the main area."""
    label = T("跳到本页内容", "Skip to the page's content")
    return f'<a class="lab-skip" href="#lab-content" tabindex="1">{label}</a><div id="lab-content" tabindex="-1"></div>'


def apply_layout() -> None:
    """Add the lab's stylesheet (and the presenter's, when projecting) and the skip link. Call once per run,
    before the page: its element is the first of the main area."""
    st.html(_CSS + (_PRESENT_CSS if presenting() else "") + _skip_link())


@contextmanager
def controls() -> Iterator[None]:
    """Where a page's settings go: in place on a normal page, folded under "Settings" when projected.

    On a projector the step's artifact is what the room reads; the choices that made it stay one
    click away (their values still come from the link, so the projected run is the linked one).
    """
    if presenting():
        with st.expander(T("设置", "Settings"), icon=":material/tune:"):
            yield
    else:
        yield


def _switched() -> None:
    """The switch was flipped: write the choice into the link (the link is what the next run reads)."""
    if st.session_state.get("present_toggle"):
        st.query_params[PRESENT_PARAM] = "1"
    elif PRESENT_PARAM in st.query_params:
        del st.query_params[PRESENT_PARAM]


def presenter_switch() -> None:
    """The sidebar switch for presenter mode; it keeps the choice in the link.

    The link decides (a page link that carries ``?present=1``, the Class box's "Project the join", turns it on);
    the switch only writes the link when flipped.
    """
    st.session_state["present_toggle"] = presenting()
    st.sidebar.toggle(
        T("演示模式（投影）", "Presenter mode (projector)"),
        key="present_toggle",
        on_change=_switched,
        help=T(
            "大字号、收起侧边栏、一次只看一步；链接里带 ?present=1。",
            "Large type, sidebar folded, one step at a time; the link carries ?present=1.",
        ),
    )


def current_step(count: int, default: int = 1) -> int:
    """The step the link asks for (``?step=N``), clamped to ``1..count``."""
    raw = st.query_params.get(STEP_PARAM)
    try:
        n = int(raw) if raw is not None else default
    except ValueError:
        n = default
    return min(max(n, 1), count)


def _go(n: int) -> None:
    st.query_params[STEP_PARAM] = str(n)


def step_link(page_url_path: str, n: int) -> str:
    """A relative link that opens this page at step ``n`` in the current language (and presenter mode, if on)."""
    query: dict[str, str] = {"lang": lang(), STEP_PARAM: str(n)}
    if presenting():
        query[PRESENT_PARAM] = "1"
    return f"/{page_url_path}?{urlencode(query)}"


def steps(key: str, labels: Sequence[str], *, page_url_path: str, default: int = 1) -> int:
    """Let the learner (or the presenter) pick one of a page's steps; return its number (from 1).

    The step lives in the link (``?step=N``): opening that link opens that step.
    Normal pages show the steps as a row of pills; presenter mode shows the step's
    title with large previous / next buttons instead.

    Args:
        key: a widget key unique on the page.
        labels: the steps' titles, in order.
        page_url_path: the page's URL path (``PageSpec.url_path``), for the copy-link control.
        default: the step a link without ``?step=`` opens.
    """
    count = len(labels)
    n = current_step(count, default)
    if presenting():
        back, title, ahead = st.columns([1, 6, 1], vertical_alignment="center")
        back.button(
            "◀", key=f"{key}::prev", disabled=n <= 1, on_click=_go, args=(n - 1,), help=T("上一步", "Previous step")
        )
        title.markdown(f"### {n} / {count} · {labels[n - 1]}")
        ahead.button(
            "▶", key=f"{key}::next", disabled=n >= count, on_click=_go, args=(n + 1,), help=T("下一步", "Next step")
        )
        return n
    options = list(range(1, count + 1))
    resend_choice(f"{key}::pills::{n}")  # the steps are named in the session's language (resend_choice says why)
    picked = st.pills(
        T("步骤", "Steps"),
        options,
        default=n,
        format_func=lambda i: f"{i}. {labels[i - 1]}",
        key=f"{key}::pills::{n}",
        label_visibility="collapsed",
    )
    if picked is not None and picked != n:
        _go(picked)
        st.rerun()
    with st.popover(T("复制这一步的链接", "Copy a link to this step"), icon=":material/link:"):
        st.code(step_link(page_url_path, n), language="text")
        st.caption(
            T(
                "打开这个链接的人会看到同一页、同一步、同一种语言。",
                "Whoever opens this link sees the same page, the same step, in the same language.",
            )
        )
    return n


def page_links(path: str, *, at_top: bool = False) -> None:
    """Previous / next links of the page at ``path`` along the course (chain → tutor → LangGraph → reliability).

    The links keep the language, never the learner's id (the browser's cookie keeps the learner, and a link's
    address shows on hover, on a projector too); the last page leads to the course summary (home).
    A projected page (presenter mode) shows ``at_top`` one compact row instead: ◀ ▶ to the previous and next
    page, kept projected — along the path the teacher leads when this page is on it, else the course order — so
    a page without steps of its own can be walked from the projector too (the sidebar is folded there).
    """
    if at_top and presenting():
        _projected_pages(path)
        return
    before, after = neighbours(path)
    query = {"lang": lang()}
    left, right = st.columns(2)
    try:
        _course_links(path, before, after, query, left, right)
    except StreamlitPageNotFoundError:  # a page script run on its own (no router, no navigation): no links
        return


def _projected_pages(path: str) -> None:
    """Presenter mode's page row: the class path's stops when a path is led here, else the course neighbours."""
    # late: pages._ui's package init loads this frame (through widgets) before the names the class rooms import
    from pages._ui.classroom_path import projected_stops
    from pages._ui.classroom_state import class_code, role

    with st.container(key="presenter-pages"):
        code = class_code()
        spec = _spec_at(path)
        if code and role() == "teacher" and spec is not None and projected_stops(code, spec):
            return
        before, after = neighbours(path)
        query = {"lang": lang(), PRESENT_PARAM: "1"}
        left, right = st.columns(2)
        try:
            if before is not None:
                left.page_link(before.path, label="◀ " + before.title(lang()), query_params=query)
            if after is not None:
                right.page_link(after.path, label=after.title(lang()) + " ▶", query_params=query)
        except StreamlitPageNotFoundError:  # a page script run on its own (no router): no links
            return


def _spec_at(path: str) -> PageSpec | None:
    try:
        return page(path)
    except KeyError:
        return None


def _course_links(path: str, before: Any, after: Any, query: dict[str, str], left: Any, right: Any) -> None:
    if before is not None:
        left.page_link(
            before.path,
            label=T("上一页：", "Previous: ") + before.title(lang()),
            icon=":material/arrow_back:",
            query_params=query,
        )
    if after is not None:
        right.page_link(
            after.path,
            label=T("下一页：", "Next: ") + after.title(lang()),
            icon=":material/arrow_forward:",
            query_params=query,
        )
    elif path != "pages/home.py":
        right.page_link(
            "pages/home.py",
            label=T("课程总结与进度", "Course summary and progress"),
            icon=":material/flag:",
            query_params=query,
        )
