"""The one exercise renderer: an exercise drawn, checked, recorded, and answered with feedback.

:func:`exercise` renders inside ``st.container(key="exercise-<url_path>-<n>")``: the learner
answers, the page's own check (which runs the real library call) judges, the attempt is stored
once (a double click records one attempt), the feedback says the verdict in words first
(:data:`RIGHT` / :data:`NOT_QUITE`, then the exercise's own words, which never repeat it), a hint
follows a wrong try (where to look, never the answer), and the answer shows after two wrong tries
or on request. Attempts go to the progress store of :mod:`pages._ui.course`.

**Re-checking imports.** Every :func:`exercise` registers its check for the session
(:func:`register_check`); :func:`recheck` is the store's re-check hook
(``(exercise_id, answer) -> bool | None``) over that registry: the exercise's own check run on
the imported answer, or ``None`` when the exercise has not been drawn in this session. An
exercise that finds imported attempts nothing has judged yet judges them as it renders, so an
import made from home counts as soon as the learner opens the exercise's page.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import streamlit as st

from pages._ui import course  # looked up at call time: tests swap course.store for a store of their own
from pages._ui.session import T, lang, resend_choice
from pages.registry import PageSpec, recheck_from_data
from toolcall_lab.exercises import (
    NO,
    YES,
    Choice,
    Choices,
    Code,
    Context,
    Exercise,
    Line,
    Lines,
    Number,
    Parts,
    Picks,
    Pills,
    Select,
    Widget,
    YesNo,
    feedback,
    label_text,
)
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import json_text
from toolcall_lab.progress import attempt_id_for

#: Wrong tries after which the answer is offered without asking.
TRIES_BEFORE_ANSWER = 2
#: The verdict said first, in words, before the exercise's own words (a colour alone says nothing).
RIGHT, NOT_QUITE = Text("对了。", "Right."), Text("还不对。", "Not quite.")
#: The grey text of an empty select box and multiselect (Streamlit's own is English: "Choose options").
PICK_ONE, PICK_ANY = Text("选一个", "Choose one"), Text("选一个或几个", "Choose one or more")


def title_markdown(title: str) -> str:
    r"""An exercise's title as markdown bold that its own text cannot break.

    Emphasis markers outside code spans are escaped (``weather_func(**d)`` would close the bold);
    code spans stay code.

    >>> title_markdown("Predict: what does f(**d) do?")
    '**Predict: what does f(\\*\\*d) do?**'
    >>> title_markdown("Predict: `f(**d)`")
    '**Predict: `f(**d)`**'
    """
    parts = re.split(r"(`[^`]*`)", title)
    escaped = "".join(part if part.startswith("`") else re.sub(r"([*_~\\])", r"\\\1", part) for part in parts)
    return f"**{escaped}**"


def verdict_words(correct: bool, feedback: str, lang_: str) -> str:
    """What a checked answer is told: the verdict word first, then the exercise's own words.

    >>> verdict_words(False, "Look at the second line.", "en")
    '**Not quite.** Look at the second line.'
    """
    word = (RIGHT if correct else NOT_QUITE)(lang_)
    return f"**{word}** {feedback}".rstrip()


@dataclass(frozen=True)
class Verdict:
    """What a check says about one answer.

    Attributes:
        correct: whether the answer is right.
        feedback: what the artifact shows and why, in the learner's language.
        expected: the right answer as the real artifact gives it (shown with "show me").
    """

    correct: bool
    feedback: str
    expected: Any = None


# ---------------------------------------------------------------- one exercise
def _attempt_id(exercise: str, answer: Any) -> str:
    """One attempt per distinct answer: a double click (or the same answer again) records once.

    The ground floor's :func:`toolcall_lab.progress.attempt_id_for`, which an import recomputes too.
    """
    return attempt_id_for(exercise, answer)


_CHECKS = "_exercise_checks"  # session key: exercise id -> its check, as last drawn


def register_check(exercise_id: str, check: Callable[[Any], Verdict]) -> None:
    """Make ``check`` the session's re-check for ``exercise_id`` (an exercise does it as it renders)."""
    checks = st.session_state.setdefault(_CHECKS, {})
    checks[exercise_id] = check


def recheck(exercise_id: str, answer: Any) -> bool | None:
    """The store's re-check hook: this exercise's own check on an imported answer (``None``: not drawn yet)."""
    checks = st.session_state.get(_CHECKS) or {}
    check = checks.get(exercise_id)
    if check is None:  # not drawn in this session: an exercise given as data can judge it without its page
        return recheck_from_data(exercise_id, answer, lang())
    try:
        return bool(check(answer).correct)
    except Exception:  # a hostile imported answer the check cannot read: not judged
        return None


def exercise(
    spec: PageSpec,
    n: int,
    *,
    title: str,
    prompt: str,
    ask: Callable[[str], Any],
    check: Callable[[Any], Verdict],
    hint: str,
    exercise_id: str | None = None,
) -> None:
    """Render exercise ``n`` of page ``spec``; check an answer with ``check`` and store the attempt.

    Args:
        spec: the page (from ``pages.registry``).
        n: the exercise's number on the page, from 1.
        title: a short title ("Predict: which fields are required?").
        prompt: what to do, in the learner's language.
        ask: draws the answer widget(s) inside the form and returns the answer (``key`` prefix given).
        check: judges an answer by running the real library call; returns a :class:`Verdict`.
        hint: shown after a wrong try.
        exercise_id: the stored id (``<url_path>/<slug>`` for an exercise given as data; positional otherwise).
    """
    ex_id = exercise_id or f"{spec.url_path}/{n}"
    key = f"exercise-{spec.url_path}-{n}"
    register_check(ex_id, check)
    with st.container(key=key, border=True):
        st.markdown(f"**{T('练习', 'Exercise')} {n} ·** {title_markdown(title)}")
        st.markdown(prompt)
        with st.form(f"{key}::form", border=False):
            answer = ask(f"{key}::answer")
            submitted = st.form_submit_button(T("检查", "Check"), icon=":material/task_alt:")
        if submitted:
            judged = check(answer)
            st.session_state[f"{key}::verdict"] = judged
            try:
                course.store().record_attempt(
                    course.learner_id(), ex_id, _attempt_id(ex_id, answer), answer, judged.correct, page_path=spec.path
                )
            except Exception:
                st.caption(T("（进度暂时没能保存。）", "(Progress could not be saved just now.)"))
        verdict: Verdict | None = st.session_state.get(f"{key}::verdict")
        try:
            state = course.store().exercise_state(course.learner_id(), ex_id)
            if state.unchecked:  # imported answers nothing judged yet: this exercise's check judges them now
                course.store().recheck_imported(course.learner_id(), recheck, exercise_ids=[ex_id])
                state = course.store().exercise_state(course.learner_id(), ex_id)
        except Exception:
            state = None
        if verdict is not None:  # the verdict in words; a miss adds the hint (where to look, never the answer)
            (st.success if verdict.correct else st.warning)(verdict_words(verdict.correct, verdict.feedback, lang()))
            if not verdict.correct:
                st.info(T("提示：", "Hint: ") + hint)
        elif state is not None and state.solved:
            st.success(T("你已经做对过这道题。", "You have solved this one before."))
        wrong_tries = 0 if state is None else state.attempts - state.unchecked - (1 if state.solved else 0)
        show = wrong_tries >= TRIES_BEFORE_ANSWER or st.session_state.get(f"{key}::show")
        if not show:
            st.button(
                T("给我看答案", "Show me the answer"),
                key=f"{key}::show_btn",
                on_click=lambda: st.session_state.__setitem__(f"{key}::show", True),
                type="tertiary",
            )
        else:
            expected = check_expected(check, verdict)
            st.markdown(T("答案（由真实产物算出）：", "The answer (computed from the real artifact):"))
            st.code(expected, language="json")


def check_expected(check: Callable[[Any], Verdict], verdict: Verdict | None) -> str:
    """The right answer as text: from the last verdict, else by asking the check about an empty answer."""
    found = verdict if verdict is not None and verdict.expected is not None else check(None)
    return json_text(found.expected)


# ---------------------------------------------------------------- exercises given as data
def draw_exercises(spec: PageSpec, items: Sequence[Exercise], context: Context | None = None, first: int = 1) -> None:
    """Draw a page's exercises (its lesson module's ``EXERCISES``), numbered from ``first``, with the page's context.

    Args:
        spec: the page.
        items: the exercises, in the page's order.
        context: what the page shows that the exercises read (the question asked, a slider's value);
            ``lang`` is added here.
        first: the number of the first of ``items`` (a page that draws its last exercise, the section
            review, after the review's bullets draws the rest from ``len(EXERCISES)``).
    """
    here = lang()
    full = {**(context or {}), "lang": here}
    for n, item in enumerate(items, first):
        missing = [k for k in item.needs if k not in full]
        if missing:  # a bug in the page: the exercise reads what the page did not hand over
            raise KeyError(f"exercise {item.slug} needs {missing} from the page")
        draw_exercise(spec, n, item, full)


def draw_exercise(spec: PageSpec, n: int, item: Exercise, context: Context) -> None:
    """Draw one exercise given as data: its widget, its check, its words (:func:`toolcall_lab.exercises.feedback`)."""
    here = str(context["lang"])
    prompt = item.prompt_text(context)(here)
    if item.specimen is not None:
        prompt += f"\n```{item.specimen.language}\n{item.specimen.text(context).rstrip()}\n```\n"

    def judge(answer: Any) -> Verdict:
        found = item.check(answer, context)
        return Verdict(found.correct, feedback(item, found, context)(here), found.expected)

    exercise(
        spec,
        n,
        title=item.title(here),
        prompt=prompt,
        ask=lambda key: ask_widget(item.answer, key, context),
        check=judge,
        hint=item.hint(here),
        exercise_id=f"{spec.url_path}/{item.slug}",
    )


def ask_widget(widget: Widget, key: str, context: Context) -> Any:
    """Draw the answer widget an exercise asks for, inside its form; return the answer."""
    here = str(context["lang"])
    if isinstance(widget, Picks):
        return ask_picks(widget, key, context)
    if isinstance(widget, Lines):
        columns = st.columns(len(widget.labels))
        return tuple(
            col.text_input(text(here), start, key=f"{key}::{i}")
            for i, (col, text, start) in enumerate(zip(columns, widget.labels, widget.starts, strict=True), 1)
        )
    if isinstance(widget, Parts):
        answers = {
            part.name: ask_widget(part.widget, f"{key}::{part.key or part.name}", context) for part in widget.parts
        }
        return tuple(answers.values()) if widget.as_tuple else answers
    label = label_text(widget.label, context)(here)
    if isinstance(widget, Select):
        shown = widget.format
        extra_s: dict[str, Any] = {} if shown is None else {"format_func": lambda option: shown(option, context)}
        resend_choice(key)  # options may be worded in the session's language (resend_choice says why)
        return st.selectbox(
            label, list(widget.options(context)), index=None, key=key, placeholder=PICK_ONE(here), **extra_s
        )
    if isinstance(widget, YesNo):
        yes, no = YES(here), NO(here)
        picked = st.radio(label, [yes, no], index=None, horizontal=widget.horizontal, key=key)
        return None if picked is None else picked == yes
    if isinstance(widget, Choice | Choices):
        shown = widget.format
        extra: dict[str, Any] = {} if shown is None else {"format_func": lambda option: shown(option, context)}
        resend_choice(key)
        if isinstance(widget, Choices):
            # no "Select all": Streamlit words it in English only, and picking everything is no prediction
            return st.multiselect(
                label, list(widget.options(context)), key=key, placeholder=PICK_ANY(here), select_all=False, **extra
            )
        return st.radio(
            label, list(widget.options(context)), index=widget.start, horizontal=widget.horizontal, key=key, **extra
        )
    if isinstance(widget, Pills):
        if widget.segmented:  # one pick among a few settings, side by side
            return st.segmented_control(label, list(widget.options(context)), key=key)
        if widget.multi:
            return st.pills(label, list(widget.options(context)), selection_mode="multi", key=key)
        return st.pills(label, list(widget.options(context)), selection_mode="single", key=key)
    if isinstance(widget, Number):
        return st.number_input(label, widget.low, widget.high, widget.start, step=1, key=key)
    if isinstance(widget, Code):  # one per language: the start may be in the learner's language
        return st.text_area(label, value=widget.start(context), key=f"{key}::{here}", height=widget.height)
    if isinstance(widget, Line):
        if widget.caption is not None:
            st.caption(widget.caption(here))
        if widget.code is not None:
            st.code(widget.code(context), language="json")
        placeholder = widget.placeholder(here) if widget.placeholder is not None else None
        return st.text_input(label, key=key, max_chars=widget.max_chars, placeholder=placeholder)
    raise TypeError(f"no widget for {type(widget).__name__}")


def ask_picks(widget: Picks, key: str, context: Context) -> dict[str, Any]:
    """One select box per pick (``None`` until picked), each under its artifact; the answer is ``{name: value}``."""
    here = str(context["lang"])
    names = {value: words(here) for value, words in widget.options(context).items()}
    if widget.caption is not None:
        st.caption(widget.caption(here))
    answer: dict[str, Any] = {}
    for item in widget.items(context):
        if item.code:
            st.code(item.code, language="json")
        resend_choice(f"{key}::{item.key}")
        answer[item.name] = st.selectbox(
            item.label(here),
            list(names),
            index=None,
            format_func=names.__getitem__,
            key=f"{key}::{item.key}",
            placeholder=PICK_ONE(here),
        )
    return answer
