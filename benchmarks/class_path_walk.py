"""Walk the class paths in a real browser as a projecting teacher; time each stop by what the room reads.

    .venv/bin/python -m benchmarks.class_path_walk                  # both paths (90 and 45 minutes), English
    .venv/bin/python -m benchmarks.class_path_walk --path class45   # one of them
    .venv/bin/python -m benchmarks.class_path_walk --screens        # and one row per screen walked

A benchmark, not a test: it prints Markdown tables and asserts nothing. It starts ``streamlit run app.py``
(headless, a free localhost port, a fresh SQLite file in a temp folder, no ``LLM_*`` / ``TAVILY_*``
settings, so the built-in model answers every run), opens Debian's Chromium at 1280×720 and, for every stop
of ``lessons/course/class_paths.py``, does what a teacher at a projector does:

* opens the stop's page in presenter mode, ``/<page>?present=1&lang=en``, with ``&step=N`` when the stop names
  a step (``pages/_ui/frame.py``: ``PRESENT_PARAM``, ``STEP_PARAM``), and waits until Streamlit rests (the run
  observer of ``benchmarks/streamlit_runs.py``) and the main area's text stops changing;
* reads the screens of that stop: the named step, and on with ▶ to the stop's ``last_step`` when it names one;
  else, on a page with steps (the projector title ``N / M · …``), every step from 1 to M, moving on with the ▶
  button as the teacher does (a page whose default step is not 1 is reopened at ``step=1`` first); a page
  without steps is one screen.

What is measured on each screen: the words of the main area (``innerText`` of ``stMain``: the whole page the
teacher scrolls through, its exercises too; not what a folded expander or another tab holds, nor the visually
hidden skip link or a Material icon's name), split on whitespace; a token with no letter or digit (``◀``, ``·``,
``→``) is not a word read aloud. A stop's words are its first screen's plus, for
each later step, the words that step adds (what its screen holds beyond the screen before it, counted as a
multiset), so the prose every step repeats is read once. Also the wall time of the page load (from ``goto`` until
the screen's final text was first read; the first visit to a page includes its first imports on the server) and
of each ▶.

The estimate of a stop, in minutes: its words read aloud at :data:`WORDS_PER_MINUTE` (a teacher reading to a
class), plus :data:`EXERCISE_MINUTES` for each exercise the class tries together there (the stop's ``together``, one
unless it says more; the page's other exercises are homework), plus :data:`QUESTION_MINUTES` for the key
question. Under each table, the same with every exercise of every page tried together.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks.server_process import free_port, stop, wait_healthy
from benchmarks.streamlit_runs import IDLE_FRAMES, IDLE_JS, RUN_OBSERVER_JS
from lessons.course.class_paths import CLASS_PATHS
from pages.registry import PageSpec, page_by_url
from toolcall_lab.classroom.paths import CoursePath, Stop

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
WIDTH, HEIGHT = 1280, 720
LANG = "en"
#: A teacher reading a screen aloud to a class.
WORDS_PER_MINUTE = 130
#: The class tries one exercise together (README, "Leading a class").
EXERCISE_MINUTES = 3.0
#: Asking the stop's key question and hearing answers.
QUESTION_MINUTES = 1.5
#: A stop whose estimate exceeds its planned minutes by more than this share is flagged as tight.
TIGHT_SHARE = 0.5
#: Milliseconds Streamlit may take for one load or one ▶ (a cold page imports LangChain on a shared machine).
TIMEOUT_MS = 180_000

#: The main area's text; the texts in it that are on the page but not read: the skip link (clipped away) and
#: Material icons (their names, ``menu_book``, are ligatures drawn as a picture); and whether an element is still
#: loading (Streamlit draws ``stSkeleton`` while the code of a lazily loaded element arrives).
_MAIN_TEXT_JS = """
() => {
  const main = document.querySelector('[data-testid="stMain"]');
  if (main === null) return ["", [], true];
  const shown = (el) => el.getClientRects().length > 0;
  const unread = [...main.querySelectorAll('.lab-skip, [data-testid="stIconMaterial"]')].filter(shown);
  const loading = main.querySelector('[data-testid="stSkeleton"]') !== null;
  return [main.innerText, unread.map((el) => el.innerText), loading];
}
"""
#: The presenter's step title, ``N / M · label`` (``pages/_ui/frame.py``: ``steps``), or null on a page without steps.
_STEP_TITLE_JS = """
() => {
  for (const h of document.querySelectorAll('[data-testid="stMain"] h3')) {
    const m = h.innerText.trim().match(/^(\\d+) \\/ (\\d+) · /);
    if (m) return [Number(m[1]), Number(m[2])];
  }
  return null;
}
"""
_WORD = re.compile(r"\w")


@dataclass(frozen=True)
class Screen:
    """One screen of a stop: the step shown (1 of 1 on a page without steps), its words, how long it took."""

    step: int
    count: int
    words: Counter[str]
    seconds: float


@dataclass(frozen=True)
class StopWalk:
    """What the walk measured at one stop, and the estimate made from it."""

    stop: Stop
    spec: PageSpec
    screens: tuple[Screen, ...]

    @property
    def load_seconds(self) -> float:
        return self.screens[0].seconds

    @property
    def words_read(self) -> int:
        """The first screen's words plus the words each later screen adds to the one before it."""
        total = self.screens[0].words.total()
        for before, after in zip(self.screens, self.screens[1:], strict=False):
            total += (after.words - before.words).total()
        return total

    @property
    def reading_minutes(self) -> float:
        return self.words_read / WORDS_PER_MINUTE

    @property
    def together(self) -> int:
        """The exercises the class tries together at this stop (the stop's ``together``, at most the page's)."""
        return min(self.stop.together, self.spec.exercises)

    @property
    def estimated_minutes(self) -> float:
        """Reading aloud, the exercises tried together, the key question."""
        return self.reading_minutes + EXERCISE_MINUTES * self.together + QUESTION_MINUTES

    @property
    def every_exercise_minutes(self) -> float:
        """The same with every exercise of the page tried together (none left as homework)."""
        return self.reading_minutes + EXERCISE_MINUTES * self.spec.exercises + QUESTION_MINUTES


def words_of(text: str, unread: list[str] | tuple[str, ...] = ()) -> Counter[str]:
    """The words of a screen's text: whitespace-separated tokens holding a letter or a digit, less the unread ones.

    >>> sorted(words_of("◀ 2 / 5 · menu_book The reply: tool_calls → 3 ▶", ["menu_book"]).elements())
    ['2', '3', '5', 'The', 'reply:', 'tool_calls']
    """
    tokens = Counter(token for token in text.split() if _WORD.search(token))
    return tokens - Counter(token for piece in unread for token in piece.split())


# ---------------------------------------------------------------- the server and the browser


@contextmanager
def app_server() -> Iterator[str]:
    """``streamlit run app.py`` on a free port with its data in a temp folder; yields its URL, stops it after."""
    tmp = Path(tempfile.mkdtemp(prefix="class-path-walk-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LLM_", "TAVILY_"))}
    env["CHECKPOINTER"] = f"sqlite:///{tmp / 'lab.sqlite'}"  # an absolute path: four slashes
    env["STREAMLIT_BROWSER_GATHER_USAGE_STATS"] = "false"
    port = free_port()
    args = ["--server.port", str(port), "--server.address", "127.0.0.1", "--server.headless", "true"]
    log_path = tmp / "server.log"
    with log_path.open("wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), *args],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        url = f"http://127.0.0.1:{port}"
        try:
            wait_healthy([url], proc, log_path, limit_s=120)
            yield url
        finally:
            stop(proc)
            shutil.rmtree(tmp, ignore_errors=True)


def _wait_idle(pg: Page, after: int | None = None) -> None:
    pg.evaluate("() => { window.__stIdleFrames = 0; }")
    pg.wait_for_function(IDLE_JS, arg=[after, IDLE_FRAMES], polling="raf", timeout=TIMEOUT_MS)


def _settled_words(
    pg: Page, polls: int = 6, pause_s: float = 0.25, limit_s: float = 30.0
) -> tuple[Counter[str], float]:
    """The main area's words once nothing in it is loading and its text is the same for ``polls`` reads in a row
    (lazily loaded elements and code blocks are drawn a moment after the run), and when that text was first read
    (``time.perf_counter()``: the screen was complete then; the reads after it only confirm it)."""
    last: tuple[str, list[str]] = ("", [])
    same, seen, deadline = 0, time.perf_counter(), time.monotonic() + limit_s
    while time.monotonic() < deadline:
        text, unread, loading = pg.evaluate(_MAIN_TEXT_JS)
        now = (str(text), [str(piece) for piece in unread])
        if now == last and not loading:
            same += 1
        else:
            same, seen = 0, time.perf_counter()
        if same >= polls:
            break
        last = now
        time.sleep(pause_s)
    return words_of(*last), seen


def _open(pg: Page, url: str) -> tuple[Counter[str], float]:
    """Open ``url``, wait until the page rests and its text settles; return its words and the seconds until then."""
    t0 = time.perf_counter()
    pg.goto(url, timeout=TIMEOUT_MS)
    _wait_idle(pg)
    words, seen = _settled_words(pg)
    return words, seen - t0


def _step_title(pg: Page) -> tuple[int, int] | None:
    found = pg.evaluate(_STEP_TITLE_JS)
    return None if found is None else (int(found[0]), int(found[1]))


def _next_step(pg: Page) -> tuple[Counter[str], float]:
    """Press ▶ and wait for the run it causes; return the new screen's words and the seconds taken."""
    before = int(pg.evaluate("() => window.__stRuns.finished"))
    t0 = time.perf_counter()
    pg.get_by_role("button", name="▶", exact=True).click()
    _wait_idle(pg, after=before)
    words, seen = _settled_words(pg)
    return words, seen - t0


def walk_stop(pg: Page, base: str, stop_: Stop) -> StopWalk:
    """Open one stop as the teacher's path does and read each of its screens (see the module doc)."""
    spec = page_by_url(stop_.url_path)
    query = f"present=1&lang={LANG}"
    link = f"{base}/{stop_.url_path}?{query}" + (f"&step={stop_.step}" if stop_.step is not None else "")
    words, seconds = _open(pg, link)
    title = _step_title(pg)
    if title is None:
        return StopWalk(stop_, spec, (Screen(1, 1, words, seconds),))
    n, count = title
    last = count
    if stop_.step is not None:
        last = min(stop_.last_step or n, count)  # the named step alone, or on to the stop's last step
    elif n != 1:  # the page opens at another step (⑧ opens at its last): the teacher starts from step 1
        words, again = _open(pg, f"{base}/{stop_.url_path}?{query}&step=1")
        seconds += again
        n, count = _step_title(pg) or (1, count)
    screens = [Screen(n, count, words, seconds)]
    while n < last:
        words, seconds = _next_step(pg)
        n, count = _step_title(pg) or (n + 1, count)
        screens.append(Screen(n, count, words, seconds))
    return StopWalk(stop_, spec, tuple(screens))


def walk_path(browser: Browser, base: str, path: CoursePath) -> list[StopWalk]:
    """Every stop of ``path`` in order, in one browser tab (the teacher's)."""
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, locale="en-US")
    context.add_init_script(RUN_OBSERVER_JS)
    try:
        pg = context.new_page()
        walked = []
        for stop_ in path.stops:
            walked.append(walk_stop(pg, base, stop_))
            print(f"  {path.key}: {stop_.url_path} walked", file=sys.stderr, flush=True)
        return walked
    finally:
        context.close()


# ---------------------------------------------------------------- the tables
def _steps_cell(walk: StopWalk) -> str:
    if walk.stop.step is not None:
        return walk.stop.steps_label(LANG).removeprefix("steps ").removeprefix("step ")
    count = walk.screens[0].count
    return "—" if count == 1 else f"1–{count}"


def _over(walked: list[StopWalk], estimates: list[float]) -> str:
    """The stops whose estimate exceeds their planned minutes by more than :data:`TIGHT_SHARE`."""
    over = [
        f"stop {i} `{w.spec.url_path}` ({w.stop.minutes} planned, {est:.1f} estimated)"
        for i, (w, est) in enumerate(zip(walked, estimates, strict=True), start=1)
        if est > w.stop.minutes * (1 + TIGHT_SHARE)
    ]
    return "; ".join(over) or "none"


def path_table(path: CoursePath, walked: list[StopWalk]) -> str:
    """The Markdown table of one path: per stop, what was planned, what the walk measured, and the estimate."""
    lines = [
        f"**{path.title(LANG)}** (`{path.key}`)",
        "",
        "| Stop | Page | Step(s) | Planned min | Steps walked | Words on screen | Reading min "
        f"@{WORDS_PER_MINUTE} wpm | Exercises together / on the page | Estimated min | Planned − estimated | Load s |",
        "|---:|---|:---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for i, walk in enumerate(walked, start=1):
        est = walk.estimated_minutes
        lines.append(
            f"| {i} | `{walk.spec.url_path}` | {_steps_cell(walk)} | {walk.stop.minutes} | {len(walk.screens)} "
            f"| {walk.words_read} | {walk.reading_minutes:.1f} | {walk.together} / {walk.spec.exercises} | {est:.1f} "
            f"| {walk.stop.minutes - est:+.1f} | {walk.load_seconds:.1f} |"
        )
    planned = path.total_minutes
    est = sum(w.estimated_minutes for w in walked)
    lines.append(
        f"| **Total** | | | **{planned}** | {sum(len(w.screens) for w in walked)} "
        f"| {sum(w.words_read for w in walked)} | {sum(w.reading_minutes for w in walked):.1f} "
        f"| {sum(w.together for w in walked)} / {sum(w.spec.exercises for w in walked)} | **{est:.1f}** "
        f"| **{planned - est:+.1f}** "
        f"| {sum(w.load_seconds for w in walked):.1f} |"
    )
    every = [w.every_exercise_minutes for w in walked]
    lines += [
        "",
        f"Estimate more than {TIGHT_SHARE:.0%} above plan: {_over(walked, [w.estimated_minutes for w in walked])}. "
        f"With every exercise of every page tried together (none left as homework): {sum(every):.1f} min.",
    ]
    return "\n".join(lines)


def screens_table(path: CoursePath, walked: list[StopWalk]) -> str:
    """One row per screen walked: the step, its words, the words it adds to the screen before, the seconds."""
    lines = [
        f"Screens of `{path.key}`",
        "",
        "| Stop | Page | Step | Words on screen | Words added | Seconds |",
        "|---:|---|:---:|---:|---:|---:|",
    ]
    for i, walk in enumerate(walked, start=1):
        before: Screen | None = None
        for screen in walk.screens:
            added = screen.words.total() if before is None else (screen.words - before.words).total()
            step = "—" if screen.count == 1 else f"{screen.step} / {screen.count}"
            lines.append(
                f"| {i} | `{walk.spec.url_path}` | {step} | {screen.words.total()} | {added} | {screen.seconds:.1f} |"
            )
            before = screen
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--path", choices=[p.key for p in CLASS_PATHS], action="append", help="one path (repeatable)")
    parser.add_argument("--screens", action="store_true", help="also print one row per screen walked")
    args = parser.parse_args(argv)
    paths = [p for p in CLASS_PATHS if not args.path or p.key in args.path]
    from playwright.sync_api import sync_playwright

    with app_server() as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            warm = browser.new_page()  # the server's first script run, unmeasured
            warm.goto(f"{base}/?lang={LANG}", timeout=TIMEOUT_MS)
            warm.get_by_text("Tool Call Lab").first.wait_for(timeout=TIMEOUT_MS)
            warm.close()
            results = [(path, walk_path(browser, base, path)) for path in paths]
        finally:
            browser.close()
    print(
        f"Walked in presenter mode, lang={LANG}, {WIDTH}×{HEIGHT}; estimate = words / "
        f"{WORDS_PER_MINUTE} wpm + {EXERCISE_MINUTES:g} min per exercise + {QUESTION_MINUTES:g} min per key question."
    )
    for path, walked in results:
        print("\n" + path_table(path, walked))
    if args.screens:
        for path, walked in results:
            print("\n" + screens_table(path, walked))


if __name__ == "__main__":
    main()
