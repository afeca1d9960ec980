"""The section review at the end of a section's last page: what you learned, and one mixed exercise.

``review("chain")`` is the one call a page makes. The bullets are
``lessons/content/review_<section>.<lang>.md``; the exercise is the page's last one (its id
``<url_path>/<n>`` with ``n`` = the page's ``exercises``), checked by :mod:`lessons.course.review`
against real artifacts of several pages of the section.

A section whose review is data (LangGraph: ``lessons/course/review_exercises.py``, the last of its
page's ``EXERCISES``) calls :func:`review_words` for the bullets and draws the exercise itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from lessons.content import lesson_text
from lessons.course import review as rv
from pages._ui import T, lang
from pages._ui.exercise import Verdict, exercise
from pages.registry import PageSpec
from toolcall_lab.jsonable import json_text


def _yes_no(label: str, key: str) -> bool | None:
    """A yes/no radio (its options are the words, so the link and AppTest see plain labels)."""
    yes, no = T("是", "yes"), T("否", "no")
    picked = st.radio(label, [yes, no], index=None, key=key)
    return None if picked is None else picked == yes


def _ask_chain(key: str) -> dict[str, Any]:
    st.caption(
        T(
            "同一次真实运行（内置模型）的四件产物，顺序打乱：",
            "Four artifacts of one real run (built-in model), shuffled:",
        )
    )
    stages = {3: "③ bind_tools", 4: "④ tool_call", 5: T("⑤ 校验", "⑤ validation"), 7: "⑦ ToolMessage"}
    answer = {}
    for label, artifact in rv.chain_artifacts(lang()).items():
        st.code(f"{label}: {json_text(artifact)}", language="json")
        answer[label] = st.selectbox(
            T(f"{label} 来自哪一站？", f"Which stage made {label}?"),
            list(stages),
            index=None,
            format_func=stages.__getitem__,
            key=f"{key}::{label}",
        )
    return answer


def _ask_tutor(key: str) -> dict[str, Any]:
    st.caption(T("坏掉的一次真实运行：", "A real broken run:"))
    st.code(json_text(rv.tutor_run(lang())), language="json")
    pitfall = st.selectbox(T("哪个坑？", "Which pitfall?"), list(range(1, 8)), index=None, key=f"{key}::pitfall")
    calls = st.number_input(
        T(
            f"第 4 页：模型一直重复同一个调用，max_steps={rv.TUTOR_MAX_STEPS} 的护栏让模型被调用几次？",
            f"Page 4: the model repeats the same call; with max_steps={rv.TUTOR_MAX_STEPS}, how many model calls?",
        ),
        min_value=0,
        max_value=20,
        value=None,
        step=1,
        key=f"{key}::calls",
    )
    return {"pitfall": pitfall, "model_calls": calls}


def _ask_reliability(key: str) -> dict[str, Any]:
    attempts = st.number_input(
        T(
            f"前 {rv.RELIABILITY_FAILS} 次请求返回 429，max_retries={rv.RELIABILITY_RETRIES}："
            "第一次模型调用共发几次请求？",
            f"The first {rv.RELIABILITY_FAILS} request(s) get a 429, max_retries={rv.RELIABILITY_RETRIES}: how many "
            "attempts does the first model call make?",
        ),
        min_value=0,
        max_value=10,
        value=None,
        step=1,
        key=f"{key}::attempts",
    )
    changes = _yes_no(
        T(
            "学号来自运行的 config 之后，易受骗的模型加上注入的请求还能读到 S1002 吗？",
            "Once the id comes from the run's config, can the gullible model plus an injected request read S1002?",
        ),
        f"{key}::changes",
    )
    return {"attempts": attempts, "injection_changes": changes}


ASK: dict[str, Callable[[str], dict[str, Any]]] = {
    "chain": _ask_chain,
    "tutor": _ask_tutor,
    "reliability": _ask_reliability,
}
CHECK = {"chain": rv.check_chain, "tutor": rv.check_tutor, "reliability": rv.check_reliability}
HINT: dict[str, tuple[str, str]] = {
    "chain": (
        "③ 是发给模型的工具列表，④ 是模型写的调用，⑤ 是校验后的值，⑦ 是送回的消息。",
        "③ is the tool list sent to the model, ④ the call the model wrote, ⑤ the validated values, "
        "⑦ the message sent back.",
    ),
    "tutor": (
        "看异常是在哪个函数里抛出的；护栏在第几次模型调用时停下？",
        "Look at where the exception was raised; at which model call does the guard stop?",
    ),
    "reliability": (
        "一次失败加一次成功；学号不在 schema 里。",
        "One failure plus one success; the id is not in the schema.",
    ),
}


def review_words(section: str) -> None:
    """The section's "what you learned" heading and bullets (``lessons/content/review_<section>.<lang>.md``)."""
    st.divider()
    st.markdown("### " + T("本节你学到了什么", "What you learned in this section"))  # a heading, not a subheader:
    # pages keep their own subheaders in order (the tutor pages' last one is the live tutor)
    st.markdown(lesson_text(f"review_{section}", lang()))


def review(section: str, spec: PageSpec) -> None:
    """The section's "what you learned" bullets and its mixed exercise: the last exercise of ``spec``, its last page."""
    check = CHECK[section]

    def judge(answer: Any) -> Verdict:
        got = check(answer if isinstance(answer, dict) else None, lang())
        right = got.shown.get("right", {}) if isinstance(got.shown, dict) else {}
        parts = ", ".join(f"{k} {'✓' if ok else '✗'}" for k, ok in right.items())
        head = T(
            "全对：这些答案来自本节各页的真实运行。", "All right: these come from real runs of this section's pages."
        )
        return Verdict(got.correct, head if got.correct else T("逐项：", "Part by part: ") + parts, got.expected)

    review_words(section)
    exercise(
        spec,
        spec.exercises,
        title=T("本节综合练习", "Section review: a mixed check"),
        prompt=T(
            "这道题跨越本节的几页，答案由真实运行算出。",
            "This one spans several pages of the section; real runs compute the answer.",
        ),
        ask=ASK[section],
        check=judge,
        hint=T(*HINT[section]),
    )
