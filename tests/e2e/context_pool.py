"""Browser contexts handed out again once a test closes them: a fresh visitor each time, a warm cache.

Almost all of a browser test's machine time is Chromium loading Streamlit's frontend: in a new context
(an empty HTTP and code cache) one page load costs about 4.5 s of CPU on the 2-core machine; in a
context that has loaded the app before, about 2 s (measured 2026-12-04, whole-machine CPU per load,
nothing else running). The browser suite is CPU-bound (89 % of both cores busy), so that difference is
wall time.

So :func:`pooled` keeps the contexts a test closes, per xdist worker and per set of options (a
locale, say), and gives one to the next test that asks for the same options. What a visitor carries is
gone before it is handed out again: its pages are closed, its cookies cleared, the app's
``localStorage`` emptied. What stays is what any returning browser keeps: the cache of Streamlit's
static files and their compiled code. The viewport is not part of the key: each page of a pooled
context is given the viewport its test asked for.

The tab is kept too: a closed context keeps its first page, sent to ``about:blank`` (so the app's session
ends and its websocket closes), and the next ``new_page()`` hands that tab out again. A load in a tab that
has shown the app before costs about half of one in a new tab (1.6–2.6 s against 3.0–4.8 s of wall time,
one page alone, measured 2026-12-05: the renderer process and its compiled code stay). A tab handed out
again has no history a test could reach (none goes back), no listeners (no test adds one) and no storage.

A test that needs the real :class:`BrowserContext` behaviour of ``close()`` gets it: a context whose
clean-up fails is closed for good and never handed out again.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

#: idle contexts, by (browser, options other than the viewport)
_IDLE: dict[tuple[int, str], list[BrowserContext]] = {}
#: each idle context's kept tab (at ``about:blank``), by ``id(context)``
_SPARE_TAB: dict[int, Page] = {}
#: Playwright's viewport for a context made without one
_DEFAULT_VIEWPORT = {"width": 1280, "height": 720}

_FORGET_STORAGE_JS = "() => { try { localStorage.clear(); sessionStorage.clear(); } catch (e) {} }"


def pooled(browser: Browser, setup: Callable[[BrowserContext], None], **options: Any) -> BrowserContext:
    """A context with ``options`` (an idle one when there is one), ``setup`` run once when it is made.

    Its ``new_page()`` gives pages the viewport asked for now; its ``close()`` returns it to the pool.
    """
    viewport = options.pop("viewport", None)
    key = (id(browser), repr(sorted(options.items())))
    idle = _IDLE.setdefault(key, [])
    context = idle.pop() if idle else _made(browser, setup, options)
    real_new_page = type(context).new_page

    def new_page() -> Page:
        spare = _SPARE_TAB.pop(id(context), None)
        if spare is not None and not spare.is_closed():
            page = spare  # a kept tab: the viewport its last test left, unless this one asks (or the default)
            page.set_viewport_size(viewport or _DEFAULT_VIEWPORT)
            return page
        page = real_new_page(context)
        if viewport is not None:
            page.set_viewport_size(viewport)
        return page

    def close(**_: Any) -> None:
        _give_back(context, key)

    context.new_page = new_page  # type: ignore[method-assign]
    context.close = close  # type: ignore[method-assign]
    return context


def _made(browser: Browser, setup: Callable[[BrowserContext], None], options: dict[str, Any]) -> BrowserContext:
    context = browser.new_context(**options)
    setup(context)
    return context


def _give_back(context: BrowserContext, key: tuple[int, str]) -> None:
    """Forget the visitor (pages, cookies, storage) and keep the context idle, its first tab at ``about:blank``;
    close it if that fails."""
    try:
        pages = [page for page in context.pages if not page.is_closed()]
        for page in pages:
            if page.url.startswith("http"):
                page.evaluate(_FORGET_STORAGE_JS)
        for page in pages[1:]:
            page.close()
        if pages:
            pages[0].goto("about:blank")  # the app's session ends here: its websocket closes
            _SPARE_TAB[id(context)] = pages[0]
        context.clear_cookies()
    except Exception:  # a crashed page or a closed browser: this context is not handed out again
        _SPARE_TAB.pop(id(context), None)
        with contextlib.suppress(Exception):
            type(context).close(context)
        return
    _IDLE.setdefault(key, []).append(context)
