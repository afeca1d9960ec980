"""Tutor lesson 6 — the seven pitfalls, each run live broken and fixed behind a toggle."""

import warnings
from typing import Any

import streamlit as st

from lessons.tutor.lesson_6_exercises import FIX_SOURCE, check_fix_decorator, check_predict_pitfall, symptom
from lessons.tutor.lesson_6_pitfalls import PITFALL_KEYS, PITFALLS, PitfallResult, pitfall_code
from pages._ui import T, lesson_columns, show_error, source
from pages._ui import tutor_lesson as tu
from pages._ui.exercise import exercise
from pages._ui.exercises_section_review import review
from pages._ui.frame import steps
from pages.registry import page_of

FIXED = "fixed"  # the "Fixed" switch's key, and its parameter in the link


@st.cache_data(show_spinner=False, max_entries=16)
def pitfall_data(n: int, broken: bool, edition: str = "zh") -> PitfallResult:
    """One side of pitfall ``n`` in ``edition``, run for real (LangGraph's deprecation warning kept quiet)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return PITFALLS[n](broken, lang=edition)


@st.cache_data(show_spinner=False, max_entries=4)
def symptom_data(edition: str) -> PitfallResult:
    """The broken run the predict exercise shows, without its title."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return symptom(edition)


def label(key: str) -> str:
    """An artifact key in words (the key itself when it has none)."""
    return T(*tu.LABELS.get(key, (key, key)))


def outcome_text(result: PitfallResult) -> str:
    """What happened on this side, in words, with the run's own numbers."""
    return T(*tu.OUTCOMES[result["outcome"]]).format(**result["facts"])


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
n = steps("tutor6::steps", [T(*tu.TITLES[key]) for key in PITFALL_KEYS.values()], page_url_path=spec.url_path)
if st.session_state.get("tutor6::step", n) != n:  # another pitfall: it starts broken again
    st.session_state[FIXED] = False
st.session_state["tutor6::step"] = n
left, right = lesson_columns()

with left, st.container(border=True, key="artifact"):
    head, switch = st.columns([4, 1], vertical_alignment="center")
    head.markdown(f"#### {n}. {T(*tu.TITLES[PITFALL_KEYS[n]])}")
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
    tomorrow = "Do I have class tomorrow?" if ed == "en" else "明天我有课吗？"
    tu.tutor_live_run("tutor6", highlight="tool_message", extra=[tomorrow])

shown = symptom_data(ed)


def ask_pitfall(key: str) -> int | None:
    """The untitled broken run, then the learner's pick of one of the seven pitfalls."""
    render_artifact(shown["artifact"])
    titles = {i: f"{i}. {T(*tu.TITLES[k])}" for i, k in PITFALL_KEYS.items()}
    return st.selectbox(T("坑", "Pitfall"), list(PITFALL_KEYS), format_func=titles.__getitem__, key=key)


exercise(
    spec,
    1,
    title=T("预测：这是哪个坑？", "Predict: which pitfall produced this run?"),
    prompt=T(
        "下面是一次真实的坏运行（没写标题）。它是哪个坑造成的？", "Below is a real broken run, untitled. Which pitfall?"
    ),
    ask=ask_pitfall,
    check=lambda a: tu.verdict(
        check_predict_pitfall(a, ed),
        T("对：这是第 {expected} 个坑。", "Right: pitfall {expected}."),
        T("这次运行的结果是 {got}。", "This run's outcome is {got}."),
    ),
    hint=T("手里那个对象一条请求都没记下。", "The object you hold recorded no request at all."),
)
exercise(
    spec,
    2,
    title=T("修复第 1 个坑：让参数说明进 schema", "Fix pitfall 1: get the parameter descriptions into the schema"),
    prompt=T(
        "改这段源码（只解析、不运行），让每个参数都有说明。",
        "Edit this source (parsed, never run) so every parameter is described.",
    ),
    ask=lambda key: st.text_area("source", FIX_SOURCE[ed], height=220, key=key),
    check=lambda a: tu.verdict(
        check_fix_decorator(a, ed),
        T("成了：每个参数都有说明。", "Done: every parameter is described."),
        T("还没有说明的参数：{got}", "Parameters still without a description: {got}"),
    ),
    hint=T("看装饰器那一行。", "Look at the decorator line."),
)
review("tutor", page_of(__file__))
