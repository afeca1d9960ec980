"""Locust users for a class of students, speaking Streamlit's websocket protocol (``protocol.py``).

Scenarios (``--scenario``; one visit per simulated user, then it stops):

* ``whole``     — "whole class asks at once": every student opens /live_run, waits at a barrier
  until all have their first render, then all ask one question at the same moment;
* ``staggered`` — "staggered class": student *i* of *N* arrives at *i*·spread/*N* seconds (spread
  60 s by default) and asks as soon as the page has rendered;
* ``follow``    — "teacher moves, N followers": one teacher starts a class (or uses ``--class-code``),
  the students open ``?class=CODE``, their browsers rerun the banner fragment on its ``auto_rerun``
  timer; the teacher moves page and step; each follower's time from the move to a banner that names
  the new position (its stage key and "step N") is one sample. Needs the class sessions of issue 15
  (``st.container(key="class-banner")`` in an ``st.fragment(run_every=...)``).

``run.py`` drives these users through Locust's library API and prints the Markdown table; they run
under the Locust CLI too (web UI or headless; each user makes one visit and stops, ``-t`` ends the run,
and Locust's summary lists "first render", "answer" and "move -> banner")::

    .venv/bin/locust -f benchmarks/classroom_load/locustfile.py --host http://127.0.0.1:8501 \\
        --headless -u 60 -r 60 -t 3m --scenario whole Student
    .venv/bin/locust -f benchmarks/classroom_load/locustfile.py --host http://127.0.0.1:8501 \\
        --headless -u 61 -r 61 -t 3m --scenario follow Teacher Follower     # 1 teacher + 60 followers

Timings are ``time.perf_counter()`` in this one process: the first render runs from the page request to
the ``script_finished`` of the first run; the answer from the BackMsg carrying the question to the arrival
of the final answer's text delta (``st.text`` in the assistant's chat message).
"""

from __future__ import annotations

import functools
import itertools
import random
import re
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import gevent
from gevent.event import Event
from locust import User, constant, events, task
from locust.exception import StopUser

from benchmarks.classroom_load.protocol import ProtocolError, Session

#: (url path, step, what the banner must name): the teacher's moves, in order, cycled.
MOVES = (
    ("stage_4_tool_call", 2, "tool_call"),
    ("stage_5_validation", 1, "validation"),
    ("stage_6_kwargs", 3, "kwargs"),
    ("stage_2_schema", 2, "schema"),
)
START_CLASS = re.compile(r"start.*class|开始.*课", re.IGNORECASE)


@dataclass
class Plan:
    """One scenario's settings and everything its users measured."""

    scenario: str = "whole"
    students: int = 1
    page: str = "live_run"  # the page students open ("" = the app's default page)
    query: str = "lang=en"
    question: str = "What's the weather in Paris?"
    spread_s: float = 60.0
    moves: int = 6
    move_every_s: float = 6.0
    move_jitter_s: float = 2.0  # the banner's run_every (FOLLOW_EVERY_S): moves land anywhere in its cycle
    jitter: random.Random = field(default_factory=lambda: random.Random(15))
    class_code: str = ""
    teacher_learner: str = ""
    timeout_s: float = 180.0
    first_render_ms: list[float] = field(default_factory=list)
    answer_ms: list[float] = field(default_factory=list)
    follow_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    done: int = 0
    all_done: Event = field(default_factory=Event)
    _arrived: int = 0
    _go: Event = field(default_factory=Event)
    _class_ready: Event = field(default_factory=Event)
    _moves: list[tuple[float, tuple[str, ...]]] = field(default_factory=list)  # (sent at, banner must name)
    _ids: Any = field(default_factory=itertools.count)

    def arrive(self) -> None:
        """The barrier of the whole-class scenario: the last student to render releases everyone."""
        self._arrived += 1
        if self._arrived >= self.students:
            self._go.set()

    def finish(self, error: str | None = None) -> None:
        if error:
            self.errors.append(error)
            self.arrive()  # a student who failed must not hold the others at the barrier
        self.done += 1
        if self.done >= self.students + (1 if self.scenario == "follow" else 0):
            self.all_done.set()


PLAN = Plan()


def _either(a: Callable[[], bool], b: Callable[[], bool]) -> bool:
    return a() or b()


def _fire(user: User, name: str, ms: float, exc: Exception | None = None) -> None:
    """Report a timing to Locust's own statistics too (its web UI, CSV and summary)."""
    user.environment.events.request.fire(
        request_type="WS", name=name, response_time=ms, response_length=0, exception=exc, context={}
    )


def _open(user: User, page: str, query: str, *, record: bool = True, learner: str = "") -> Session:
    """Open a page like a browser tab and wait for its first complete run; records the first render.

    ``learner``: the learner id this "browser" keeps in its cookie (the lab reads the learner from there).
    """
    s = Session(user.host or "", timeout=PLAN.timeout_s)
    if learner:
        s.cookies["toolcall_lab_learner"] = learner
    run = s.wait_run(s.connect(page, query))
    ms = (run.finished_at - run.sent_at) * 1000  # type: ignore[operator]
    if record:
        PLAN.first_render_ms.append(ms)
        _fire(user, "first render", ms)
    if s.errors:
        raise ProtocolError("; ".join(s.errors))
    return s


class Student(User):
    """A student on /live_run who asks one question (scenarios ``whole`` and ``staggered``)."""

    wait_time = constant(0)

    def on_start(self) -> None:
        self.index = next(PLAN._ids)

    def _visit(self) -> None:
        if PLAN.scenario == "staggered":
            gevent.sleep(self.index * PLAN.spread_s / max(PLAN.students, 1))
        s = _open(self, PLAN.page, PLAN.query)
        try:
            if PLAN.scenario == "whole":
                PLAN.arrive()
                PLAN._go.wait(PLAN.timeout_s)
            ask = s.wait_run(s.chat("live::chat", PLAN.question))
            answers = s.chat_answers()
            # the live run's panel is a fragment: the question reruns it alone, as in the browser
            done = ("FINISHED_SUCCESSFULLY", "FINISHED_FRAGMENT_RUN_SUCCESSFULLY")
            if not answers or ask.status not in done or s.errors:
                raise ProtocolError(f"no answer (run {ask.status}, errors {s.errors})")
            ms = (answers[-1].at - ask.sent_at) * 1000
            PLAN.answer_ms.append(ms)
            _fire(self, "answer", ms)
        finally:
            s.close()

    @task
    def visit(self) -> None:
        try:
            self._visit()
        except Exception as exc:  # a failed visit is counted, then the user stops like the others
            _fire(self, "visit failed", 0, exc)
            PLAN.finish(f"{type(exc).__name__}: {exc}")
        else:
            PLAN.finish()
        raise StopUser()


class Teacher(User):
    """The teacher of scenario ``follow``: starts a class, waits for the followers, then moves."""

    fixed_count = 1
    wait_time = constant(0)

    def _lead(self) -> None:
        learner = PLAN.teacher_learner
        s = _open(self, "", "lang=en", record=False, learner=learner)  # the teacher's browser keeps its learner
        try:
            if not PLAN.class_code:
                PLAN.class_code = _start_class(s)
            PLAN._class_ready.set()
            PLAN._go.wait(PLAN.timeout_s)  # every follower has its first render
            for n in range(PLAN.moves):
                # a random phase against the followers' banner timers, as a real teacher's moves have
                gevent.sleep((PLAN.move_every_s if n else 0.0) + PLAN.jitter.uniform(0, PLAN.move_jitter_s))
                url_path, step, names = MOVES[n % len(MOVES)]
                PLAN._moves.append((time.perf_counter(), (names, f"step {step}")))
                query = f"lang=en&class={PLAN.class_code}&step={step}"  # the same session: the same learner
                s.wait_run(s.navigate(url_path, query))
            gevent.sleep(PLAN.move_every_s + PLAN.move_jitter_s)  # the last move gets as long as the others
        finally:
            s.close()

    @task
    def lead(self) -> None:
        try:
            self._lead()
        except Exception as exc:
            _fire(self, "teacher failed", 0, exc)
            PLAN.finish(f"teacher: {type(exc).__name__}: {exc}")
            PLAN._class_ready.set()
            PLAN._go.set()
        else:
            PLAN.finish()
        PLAN._moves.append((0.0, ()))  # the end of the lesson
        raise StopUser()


def _param(query: str, name: str) -> str:
    """One parameter of a query string (``""`` when absent)."""
    values = urllib.parse.parse_qs(query).get(name, [""])
    return str(values[0])


def _start_class(s: Session) -> str:
    """Press the sidebar's "start a class" button and read the class code the app wrote into the link."""
    for path, node in sorted(s.nodes.items()):
        w = node.widget
        if path[0] == 1 and node.type == "button" and w is not None and START_CLASS.search(w.label):
            s.wait_run(s.click(w.id))
            code = _param(s.query_string, "class")
            if code:
                return code
    raise ProtocolError("no 'start a class' button in the sidebar or no ?class= after it: pass --class-code")


class Follower(User):
    """A student of scenario ``follow``: opens ``?class=CODE`` and watches the banner (its fragment reruns itself)."""

    wait_time = constant(0)

    def _follow(self) -> None:
        PLAN._class_ready.wait(PLAN.timeout_s)
        s = _open(self, PLAN.page, f"{PLAN.query}&class={PLAN.class_code}")
        try:
            PLAN.arrive()
            seen = 0

            def moved() -> bool:
                return len(PLAN._moves) > seen

            def shows(names: tuple[str, ...]) -> bool:
                banner = s.block_path("class-banner")
                text = " ".join(s.texts_under(banner)) if banner is not None else ""
                shown = re.sub(r"\\(.)", r"\1", text).lower()  # the markdown as drawn: \_ is _
                return all(n.lower() in shown for n in names)

            while True:
                s.pump(moved, PLAN.timeout_s)  # the banner's fragment reruns go on meanwhile
                sent_at, names = PLAN._moves[seen]
                if not names:
                    return
                seen += 1
                s.pump(functools.partial(_either, functools.partial(shows, names), moved), PLAN.timeout_s)
                if shows(names):
                    ms = (time.perf_counter() - sent_at) * 1000
                    PLAN.follow_ms.append(ms)
                    _fire(self, "move -> banner", ms)
                else:
                    banner = s.block_path("class-banner")
                    text = " ".join(s.texts_under(banner)) if banner is not None else "(no banner)"
                    PLAN.errors.append(f"a follower missed move {seen}: {names} not in {text[:120]!r}")
        finally:
            s.close()

    @task
    def follow(self) -> None:
        try:
            self._follow()
        except Exception as exc:
            _fire(self, "follower failed", 0, exc)
            PLAN.finish(f"follower: {type(exc).__name__}: {exc}")
        else:
            PLAN.finish()
        raise StopUser()


def _options(parser: Any) -> None:
    parser.add_argument("--scenario", choices=["whole", "staggered", "follow"], default="whole")
    parser.add_argument("--page", default="live_run", help="the page students open ('' = default page)")
    parser.add_argument("--spread", type=float, default=60.0, help="staggered: arrivals over this many seconds")
    parser.add_argument("--class-code", default="", help="follow: an existing class (else the teacher starts one)")
    parser.add_argument("--teacher-learner", default="", help="follow: the learner id that started --class-code")


def _from_cli(environment: Any, **_: Any) -> None:
    """Under the Locust CLI, build the plan from its options (run.py sets PLAN itself)."""
    opts = environment.parsed_options
    if opts is None or not hasattr(opts, "scenario"):
        return
    follow = opts.scenario == "follow"
    PLAN.__init__(  # type: ignore[misc]
        scenario=opts.scenario,
        students=max(int(opts.num_users or 1) - (1 if follow else 0), 1),
        page="" if follow and opts.page == "live_run" else opts.page,
        spread_s=opts.spread,
        class_code=opts.class_code,
        teacher_learner=opts.teacher_learner,
    )


events.init_command_line_parser.add_listener(_options)  # type: ignore[no-untyped-call]
events.init.add_listener(_from_cli)  # type: ignore[no-untyped-call]
