"""Exercises as data: one record type for every exercise of the course, and how a finding is worded.

A lesson module exports its page's exercises as a tuple of :class:`Exercise`; the one renderer
(``pages/_ui/exercise.py``) draws any of them, runs its check, records the attempt and words the
feedback with :func:`feedback`. Nothing about an exercise lives anywhere else: its stable id
(``slug``), its kind, the widget it needs, the check that computes the right answer from the real
library call on the learner's input, its hint, and its wording in both languages.

An exercise may depend on what the page shows (the slider the learner moved, the question asked):
the page hands that over as a *context*, a plain mapping that always holds ``lang``; ``prompt``,
``options``, ``start`` and ``check`` read it.

Lesson modules that export exercises import LangChain only inside their checks, so the registry
can count a page's exercises without loading it (the landing page loads no heavy module).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from toolcall_lab.checks import Checked
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import json_text

Kind = Literal["predict", "make", "fix", "review"]
#: What the page hands an exercise: always ``lang``; whatever else the exercise's functions read.
Context = Mapping[str, Any]


@dataclass(frozen=True)
class Choice:
    """Pick one option (a radio); nothing is picked at first unless ``start`` says which.

    Attributes:
        label: the widget's label.
        options: the options, computed from the context (often from the real artifact); an option may be
            any value (a path as a list of node names), the answer is the value picked.
        horizontal: options side by side.
        format: how an option is shown (``None``: as ``str``), given the option and the context.
        start: the index of the option picked at first (``None``: none).
    """

    label: Text
    options: Callable[[Context], Sequence[Any]]
    horizontal: bool = False
    format: Callable[[Any, Context], str] | None = None
    start: int | None = None


@dataclass(frozen=True)
class Choices:
    """Pick any number of options (a multiselect); the answer is the list picked.

    ``format`` shows an option (given it and the context) when its value is an id, not a word.
    """

    label: Text
    options: Callable[[Context], Sequence[Any]]
    format: Callable[[Any, Context], str] | None = None


@dataclass(frozen=True)
class Pills:
    """Pick options shown as pills: several by default (the answer is the list picked), else one (or ``None``).

    ``segmented`` draws the one pick as a segmented control instead (a few settings side by side: 0 1 2 3).
    """

    label: Text
    options: Callable[[Context], Sequence[str]]
    multi: bool = True
    segmented: bool = False


@dataclass(frozen=True)
class Number:
    """A whole number between ``low`` and ``high``, starting at ``start`` (``None``: the box starts empty)."""

    label: Text
    low: int
    high: int
    start: int | None = 0


@dataclass(frozen=True)
class Code:
    """A text area that starts from ``start(context)``: code, JSON or arguments to edit.

    The widget is one per language (its key carries ``lang``): the start may be in the learner's language.
    """

    label: Text
    start: Callable[[Context], str]
    height: int = 120


@dataclass(frozen=True)
class Line:
    """One line of text (a question to ask, a name), at most ``max_chars`` long.

    Attributes:
        label: the widget's label.
        max_chars: the longest answer.
        caption: a line shown above the input, inside the answer (what the artifact below is).
        code: an artifact shown above the input as JSON, computed from the context (the reply to read).
        placeholder: the grey text in the empty input.
    """

    label: Text
    max_chars: int = 200
    caption: Text | None = None
    code: Callable[[Context], str] | None = None
    placeholder: Text | None = None


@dataclass(frozen=True)
class Pick:
    """One select box of a :class:`Picks`.

    Attributes:
        name: the key of this pick in the answer (the sample it is about).
        label: the select box's label.
        key: what the select box's widget key ends with (``<answer key>::<key>``).
        code: an artifact shown as JSON above the select box ("" for none).
    """

    name: str
    label: Text
    key: str
    code: str = ""


@dataclass(frozen=True)
class Picks:
    """One select box per item, nothing picked at first; the answer is ``{pick.name: the value picked}``.

    Attributes:
        items: the select boxes, computed from the context (often one per sample of the real artifact).
        options: every select box's values and the words each is shown with, in order.
        caption: a line shown above the first select box.
    """

    items: Callable[[Context], Sequence[Pick]]
    options: Callable[[Context], Mapping[Any, Text]]
    caption: Text | None = None


#: A label fixed, or made from the context (a question that names the page's budget).
Label = Text | Callable[[Context], Text]


def label_text(label: Label, context: Context) -> Text:
    """A widget's label for this context."""
    return label if isinstance(label, Text) else label(context)


@dataclass(frozen=True)
class YesNo:
    """A yes / no radio with nothing picked at first; the answer is ``True``, ``False`` or ``None``.

    Its options are the words themselves (是 / 否, yes / no), so a link or a test sees plain labels.
    """

    label: Label
    horizontal: bool = True


@dataclass(frozen=True)
class Select:
    """Pick one option from a drop-down (a selectbox); nothing is picked at first.

    ``format`` shows an option (given it and the context); ``None`` shows it as it is.
    """

    label: Label
    options: Callable[[Context], Sequence[Any]]
    format: Callable[[Any, Context], str] | None = None


@dataclass(frozen=True)
class Part:
    """One part of a :class:`Parts` answer: its name in the answer, its widget, its key suffix (default: the name)."""

    name: str
    widget: Widget
    key: str = ""


@dataclass(frozen=True)
class Parts:
    """Several widgets in one answer (a section review's questions): the answer is a dict, part name → answer.

    Each part's widget key is the exercise's answer key plus ``::<part key>``. With ``as_tuple`` the answer
    is the tuple of the parts' answers in order (an answer that was stored as a pair keeps its shape).
    """

    parts: tuple[Part, ...]
    as_tuple: bool = False


#: The words of a :class:`YesNo`, in the order shown.
YES, NO = Text("是", "yes"), Text("否", "no")


@dataclass(frozen=True)
class Lines:
    """Several one-line texts side by side (two thread ids); the answer is the tuple typed, in order.

    Attributes:
        labels: one label per line.
        starts: what each line holds at first (as many as ``labels``).
    """

    labels: tuple[Text, ...]
    starts: tuple[str, ...]


Widget = Choice | Choices | Pills | Number | Code | Line | Picks | YesNo | Lines | Select | Parts
#: Words for a finding: a fixed text, or one made from what the check found (``shown``, ``expected``).
Words = Text | Callable[[Checked, Context], Text]


@dataclass(frozen=True)
class Specimen:
    """Code shown with the prompt (the function to predict about, the lines of a reply)."""

    text: Callable[[Context], str]
    language: str = "python"


@dataclass(frozen=True)
class Exercise:
    """One exercise: everything the renderer needs to draw, check, record and word it.

    Attributes:
        slug: the stable id within its page (``count-calls``); the stored id is ``<url_path>/<slug>``.
        kind: predict (say what the artifact will show), make or fix (edit an input until the real
            artifact reaches a goal), review (a section's mixed question).
        title: a short title ("Predict: how many calls land in tool_calls?").
        prompt: what to do; a function of the context when it names what the page shows.
        answer: the widget the answer comes from.
        check: judges an answer by running the real library call; returns a :class:`Checked`
            whose ``expected`` is computed the same way (never typed).
        right: the words when the answer is right.
        wrong: the words when it is not, pointing at what the artifact showed.
        hint: shown after a wrong try: where to look in the artifact, never the answer.
        specimen: code shown under the prompt.
        needs: the context keys besides ``lang`` that ``check`` reads (what the page shows); an exercise
            that needs none can be re-judged anywhere (an imported answer, the moment it is imported).
    """

    slug: str
    kind: Kind
    title: Text
    prompt: Text | Callable[[Context], Text]
    answer: Widget
    check: Callable[[Any, Context], Checked]
    right: Words
    wrong: Words
    hint: Text
    specimen: Specimen | None = None
    needs: tuple[str, ...] = ()

    def prompt_text(self, context: Context) -> Text:
        """The prompt for this context."""
        return self.prompt if isinstance(self.prompt, Text) else self.prompt(context)


def fixed(options: Sequence[Any]) -> Callable[[Context], Sequence[Any]]:
    """Options that do not depend on the context."""
    return lambda _context: list(options)


def inline(value: Any) -> str:
    """A found value as one line, for feedback: text as it is, anything else as JSON (``["city", "days"]``)."""
    return value if isinstance(value, str) else json_text(value, indent=None)


#: Said before the explained error when the learner's input made no artifact at all.
NO_ARTIFACT = Text("你的输入没有产生产物：", "Your input made no artifact: ")


def feedback(exercise: Exercise, found: Checked, context: Context) -> Text:
    """The words for one finding: right, wrong (pointing at the artifact), or why nothing was made.

    >>> from toolcall_lab.checks import Checked
    >>> ex = Exercise("n", "predict", Text("", ""), Text("", ""), Number(Text("", ""), 0, 9),
    ...     lambda a, c: Checked(a == 2, 2), Text("对", "Right"), Text("不对：{shown}", "No: {shown}"), Text("", ""))
    >>> feedback(ex, Checked(False, 2, 3), {"lang": "en"})("en")
    'No: 3'
    """
    if found.correct:
        words = exercise.right
    elif found.error is not None:
        title, hint = found.error.text(str(context.get("lang", "zh")))
        return NO_ARTIFACT + Text(f"{title} {hint}", f"{title} {hint}")
    else:
        words = exercise.wrong
    if isinstance(words, Text):
        return words.format(shown=inline(found.shown), expected=inline(found.expected))
    return words(found, context)


def ids(url_path: str, exercises: Sequence[Exercise]) -> list[str]:
    """The stored ids of a page's exercises: ``<url_path>/<slug>``, in the page's order."""
    return [f"{url_path}/{ex.slug}" for ex in exercises]


def by_slug(exercises: Sequence[Exercise]) -> Mapping[str, Exercise]:
    """A page's exercises by slug; two with one slug is a bug in the lesson (``ValueError``)."""
    out: dict[str, Exercise] = {}
    for ex in exercises:
        if ex.slug in out:
            raise ValueError(f"two exercises share the slug {ex.slug!r}")
        out[ex.slug] = ex
    return out


def rejudge(item: Exercise, answer: Any, lang: str) -> bool | None:
    """The exercise's own check on an answer judged elsewhere (an import): ``None`` when it needs the page's context.

    A check that cannot read the answer (a hostile file's) judges nothing: ``None``, never an exception.
    """
    if item.needs:
        return None
    try:
        return bool(item.check(answer, {"lang": lang}).correct)
    except Exception:
        return None
