"""Course paths as data: which pages and steps a class walks, in order, with minutes for each; a lesson plan.

Three paths: the whole self-paced course (every course page, timed by :func:`self_paced_minutes`), and two
for a class led from a projector, 90 and 45 minutes (``lessons/course/class_paths.py``). The teacher picks
one when the class starts; it travels with the teacher's published place as ``?path=<key>``, so a student's
banner can say where the class is on it and what comes next, and the teacher's ◀ ▶ walk it.

>>> p = CoursePath("demo", Text("演示", "Demo"), (Stop("stage_2_schema", 8), Stop("stage_4_tool_call", 10, step=2)))
>>> p.total_minutes, stop_at(p, "stage_4_tool_call", "2"), stop_at(p, "stage_4_tool_call", None), stop_at(p, "x", None)
(18, 1, 1, None)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from toolcall_lab.i18n import Text

#: The link parameter of the class's path (``?path=class90``), published with the teacher's place.
PATH_PARAM = "path"
#: Minutes a careful learner alone spends on a page before its exercises, and on each exercise (see README).
READ_MINUTES, EXERCISE_MINUTES = 8, 5


@dataclass(frozen=True)
class Stop:
    """One stop of a path: a page (its URL path), the step to open it at (``None``: the page's default), minutes.

    Attributes:
        ask: the key question to ask the class here (``None``: the page's own question, from the registry).
        last_step: the last step the teacher shows here, moving on with ▶ from ``step`` (``None``: ``step`` alone,
            or every step of the page when ``step`` is ``None`` too).
        together: how many of the page's exercises the class tries together here; the others are homework.
    """

    url_path: str
    minutes: int
    step: int | None = None
    ask: Text | None = None
    last_step: int | None = None
    together: int = 1

    def shown_steps(self) -> tuple[str, ...]:
        """The steps this stop shows, as they appear in the link (``()``: the page as it opens)."""
        if self.step is None:
            return ()
        return tuple(str(n) for n in range(self.step, max(self.step, self.last_step or self.step) + 1))

    def steps_label(self, lang: str) -> str:
        """The steps shown, as the lesson plan names them ("" when the stop shows the page as it opens).

        >>> Stop("p", 5, step=1, last_step=2).steps_label("en"), Stop("p", 5, step=3).steps_label("zh")
        ('steps 1–2', '第 3 步')
        """
        if self.step is None:
            return ""
        if self.last_step is None or self.last_step == self.step:
            return Text(f"第 {self.step} 步", f"step {self.step}")(lang)
        return Text(f"第 {self.step}–{self.last_step} 步", f"steps {self.step}–{self.last_step}")(lang)


@dataclass(frozen=True)
class CoursePath:
    """A path through the course: its key (in the link), its name, its stops in order."""

    key: str
    title: Text
    stops: tuple[Stop, ...]

    @property
    def total_minutes(self) -> int:
        return sum(stop.minutes for stop in self.stops)


def self_paced_minutes(exercises: int) -> int:
    """A careful learner's minutes on a page alone: reading and running it, then each exercise.

    >>> self_paced_minutes(2), self_paced_minutes(3)
    (18, 23)
    """
    return READ_MINUTES + EXERCISE_MINUTES * max(exercises, 0)


def full_path(pages: Iterable[tuple[str, int]]) -> CoursePath:
    """The whole self-paced course: every course page (URL path, number of exercises), timed by
    :func:`self_paced_minutes`."""
    stops = tuple(Stop(url_path, self_paced_minutes(exercises)) for url_path, exercises in pages)
    return CoursePath("full", Text("完整自学课程", "The full self-paced course"), stops)


def stop_at(path: CoursePath, url_path: str, step: str | None) -> int | None:
    """The index of the stop at this page and step (the page's first stop when no stop names that step)."""
    on_page = [i for i, stop in enumerate(path.stops) if stop.url_path == url_path]
    exact = [i for i in on_page if step is not None and step in path.stops[i].shown_steps()]
    found = exact or on_page
    return found[0] if found else None


def _exercises_line(together: int, homework: int) -> Text:
    """What the class does with a stop's exercises: tried together, and the rest as homework."""
    first = Text(f"全班一起做 {together} 道练习", f"Try {together} exercise{'s' if together > 1 else ''} together")
    if homework == 0:
        return first
    rest = Text(f"；其余 {homework} 道留作课后练习", f"; the other {homework} as homework")
    return first + rest


def _clock(minutes: int) -> str:
    return f"{minutes // 60}:{minutes % 60:02d}"


def lesson_plan(
    path: CoursePath,
    lang: str,
    title_of: Callable[[str], str],
    ask_of: Callable[[Stop], Text],
    exercises_of: Callable[[str], int] | None = None,
) -> str:
    """The path as a printable Markdown lesson plan: each stop's time, page, steps, the question to ask and,
    with ``exercises_of``, how many exercises the class tries together and how many are left as homework.

    Args:
        path: the path.
        lang: the plan's language (``zh`` or ``en``); each question is given in the other language too.
        title_of: a page's title from its URL path.
        ask_of: the key question of a stop (its own, else the page's).
        exercises_of: a page's number of exercises from its URL path.
    """
    other = "en" if lang == "zh" else "zh"
    lines = [
        f"# {path.title(lang)} — {path.total_minutes} min",
        "",
        Text(
            "每一站：时间、页面、步骤，以及要问全班的关键问题。",
            "Each stop: time, page, step, and the key question to ask the class.",
        )(lang),
        "",
    ]
    at = 0
    for n, stop in enumerate(path.stops, start=1):
        steps = stop.steps_label(lang)
        step = (Text("，", ", ")(lang) + steps) if steps else ""
        lines.append(f"## {n}. {title_of(stop.url_path)}{step} ({_clock(at)}–{_clock(at + stop.minutes)})")
        ask = ask_of(stop)
        lines += ["", f"- {Text('问全班', 'Ask the class')(lang)}: {ask(lang)}", f"  ({ask(other)})"]
        if exercises_of is not None and (total := exercises_of(stop.url_path)) > 0:
            together = min(stop.together, total)
            lines.append("- " + _exercises_line(together, total - together)(lang))
        lines.append("")
        at += stop.minutes
    return "\n".join(lines)
