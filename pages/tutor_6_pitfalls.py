"""Tutor lesson 6 — the seven pitfalls, each run live broken and fixed behind a toggle."""

import warnings
from typing import Any

import streamlit as st

from lessons.tutor import lesson_6_exercises as lesson_6
from lessons.tutor.lesson_6_pitfalls import PITFALL_KEYS, PITFALLS, PitfallResult, pitfall_code
from pages._ui import T, Text, lang, lesson_columns, show_error, source
from pages._ui import tutor_lesson as tu
from pages._ui.exercise import draw_exercises
from pages._ui.frame import steps
from pages._ui.section_review import review_words
from pages.registry import page_of

FIXED = "fixed"  # the "Fixed" switch's key, and its parameter in the link


@st.cache_data(show_spinner=False, max_entries=16)
def pitfall_data(n: int, broken: bool, edition: str = "zh") -> PitfallResult:
    """One side of pitfall ``n`` in ``edition``, run for real (LangGraph's deprecation warning kept quiet)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return PITFALLS[n](broken, lang=edition)


def label(key: str) -> str:
    """An artifact key in words (the key itself when it has none)."""
    return tu.LABELS.get(key, Text(key, key))(lang())


def outcome_text(result: PitfallResult) -> str:
    """What happened on this side, in words, with the run's own numbers."""
    return tu.OUTCOMES[result["outcome"]].format(**result["facts"])(lang())


def render_artifact(artifact: dict[str, Any]) -> None:
    """Numbers as metrics, texts as code, run records as runs, the rest as JSON."""
    numbers = {k: v for k, v in artifact.items() if isinstance(v, int) and not isinstance(v, bool)}
    if numbers:
        for col, (key, value) in zip(st.columns(len(numbers)), numbers.items(), strict=True):
            col.metric(label(key), value, border=True)
    for key, value in artifact.items():
        if key in numbers:
            continue
        if key == "lost":
            for item in value:
                tu.lost_badge(item)
            continue
        if key == "status_codes":
            badges = " ".join(f":{'green' if code < 400 else 'red'}-badge[{code}]" for code in value)
            st.markdown(f"**{label(key)}:** {badges}")
            continue
        st.markdown(f"**{label(key)}**")
        if isinstance(value, dict) and "stop_reason" in value:
            tu.render_result(value)
        elif isinstance(value, bool):
            st.badge(str(value), color="orange" if value else "gray")
        elif isinstance(value, str):
            st.code(value, language="text")
        elif value is None:
            st.caption("None")
        else:
            st.json(value, expanded=True)


tu.lesson_intro(6)
spec = page_of(__file__)
ed = tu.edition()
n = steps("tutor6::steps", [tu.TITLES[key](lang()) for key in PITFALL_KEYS.values()], page_url_path=spec.url_path)
if st.session_state.get("tutor6::step", n) != n:  # another pitfall: it starts broken again
    st.session_state[FIXED] = False
st.session_state["tutor6::step"] = n
left, right = lesson_columns()

with left, st.container(border=True, key="artifact"):
    head, switch = st.columns([4, 1], vertical_alignment="center")
    head.markdown(f"#### {n}. {tu.TITLES[PITFALL_KEYS[n]](lang())}")
    fixed = switch.toggle(T("修好", "Fixed"), key=FIXED, bind="query-params")  # ?step=3&fixed=true: a link to a fix
    result = tu.run_cached(pitfall_data, n, not fixed, ed)
    if fixed:
        st.success(outcome_text(result), icon=":material/check_circle:")
    else:
        st.warning(outcome_text(result), icon=":material/heart_broken:")
    show_error(result["error"], expected=True)
    render_artifact(result["artifact"])
    for obj in pitfall_code(n, not fixed):
        source(obj, T("运行的代码：", "The code that ran: ") + getattr(obj, "__qualname__", ""))

with right:
    tomorrow = Text("明天我有课吗？", "Do I have class tomorrow?")(ed)
    tu.tutor_live_run("tutor6", highlight="tool_message", extra=[tomorrow])

# the page's two exercises, then the tutor section's review (its last exercise, lessons/course/review_exercises.py);
# the predict exercise's select box words each pitfall as the steps above do
context = {"ed": ed, "pitfall_titles": {i: f"{i}. {tu.TITLES[k](lang())}" for i, k in PITFALL_KEYS.items()}}
page_exercises, section_review = lesson_6.EXERCISES[:-1], lesson_6.EXERCISES[-1:]
draw_exercises(spec, page_exercises, context)
review_words("tutor")
draw_exercises(spec, section_review, context, first=len(page_exercises) + 1)
