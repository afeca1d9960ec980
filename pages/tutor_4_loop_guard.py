"""Tutor lesson 4 — the loop guard: a stuck model, the repeat notice, the step limit, the bill."""

from typing import Any

import streamlit as st

from lessons.tutor import lesson_4_loop_guard as lesson_4
from lessons.tutor.lesson_4_loop_guard import (
    lesson4_loop_guard,
    run_unguarded,
)
from lessons.tutor.loop_guard import LoopGuard, call_key
from pages._ui import T, lesson_columns, source
from pages._ui import tutor_lesson as tu
from pages._ui.exercise import draw_exercises
from pages._ui.frame import controls
from pages.registry import page_of


@st.cache_data(show_spinner=False, max_entries=32)
def guard_data(max_steps: int, hard_limit: int, edition: str = "zh") -> dict[str, Any]:
    """Lesson 4 with the learner's step limit and hard cap, in ``edition``."""
    return lesson4_loop_guard(max_steps=max_steps, hard_limit=hard_limit, lang=edition)


tu.lesson_intro(4)
left, right = lesson_columns()
ed = tu.edition()


def cost_metrics(scenario: dict[str, Any], hard_limit: int) -> None:
    """Guarded vs unguarded, side by side: model calls, tool runs, characters sent."""
    guarded, free = scenario["guarded"], scenario["unguarded"]
    heads = st.columns(2)
    heads[0].markdown(T("**有护栏**（run_manual）", "**With the guard** (run_manual)"))
    heads[1].markdown(T("**无护栏**（run_unguarded）", "**Without the guard** (run_unguarded)"))
    for label, key in (
        (T("模型调用", "Model calls"), "model_calls"),
        (T("工具真实执行", "Tool runs"), "tool_runs"),
        (T("发送字符数（≈token）", "Characters sent (≈ tokens)"), "prompt_chars"),
    ):
        c1, c2 = st.columns(2)
        c1.metric(
            label,
            guarded[key],
            delta=guarded[key] - free[key],
            delta_color="inverse",
            delta_description=T("对比无护栏", "vs no guard"),
            border=True,
        )
        c2.metric(
            label,
            free[key],
            delta=T("硬上限", "hard cap") if free.get("reached_hard_limit") else None,
            delta_color="off",
            delta_arrow="off",
            border=True,
        )
    if free.get("reached_hard_limit"):
        st.caption(
            T(
                f"无护栏的循环只因课程设了硬上限 {hard_limit} 才停下；真实循环会一直跑下去。",
                f"The unguarded loop stopped only at the lesson's hard cap of {hard_limit}; a real one would go on.",
            )
        )


def short(text: str, limit: int = 60) -> str:
    """The first line of a long text, cut at ``limit`` characters (the full text is shown elsewhere)."""
    line = (text or "").splitlines()[0] if text else ""
    return line if len(line) <= limit and "\n" not in text else line[:limit] + "…"


def steps_table(summary: dict[str, Any]) -> None:
    """One row per step of the guarded run: the call, and the start of what came back."""
    st.table(
        [
            {
                T("步", "step"): step["index"],
                T("模型的调用", "the model's call"): tu.call_text(call),
                T("送回的 ToolMessage（节选）", "ToolMessage sent back (excerpt)"): short(obs),
            }
            for step in summary["steps"]
            for call, obs in zip(step["tool_calls"], step["observations"], strict=True)
        ],
        hide_index=True,
    )


with left:
    with st.container(border=True):
        st.markdown(
            T(
                "**一个卡住的脚本模型**：每次都要 `get_schedule`，永不回答。调一调护栏：",
                "**A stuck scripted model**: it asks for `get_schedule` every time and never answers. Tune the guard:",
            )
        )
        with controls():  # folded on a projector: the two cases below are what the room reads
            c1, c2 = st.columns(2)
            max_steps = c1.slider(T("步数上限 max_steps", "Step limit max_steps"), 1, 8, 4, key="tutor4::max_steps")
            hard_limit = c2.slider(
                T("无护栏时课程的硬上限", "The lesson's hard cap without a guard"), 5, 40, 20, key="tutor4::hard_limit"
            )
    data = tu.run_cached(guard_data, max_steps, hard_limit, ed)

    # 1. the same call again and again: the repeat notice, then the stop
    with st.container(border=True, key="artifact"):
        st.subheader(T("情形一：原样重复同一个调用", "Case 1: the same call, repeated"), anchor=False)
        repeat = data["repeat"]
        tu.stop_badge(repeat["guarded"]["result"])
        cost_metrics(repeat, data["hard_limit"])
        steps_table(repeat["guarded"]["result"])
        if data["notice_received"]:
            st.markdown(
                T(
                    "**模型在第 3 次请求里收到的提醒**（代替重复执行）：",
                    "**The notice the model received in request 3** (instead of running the call again):",
                )
            )
            st.code(data["notice_received"], language="text", wrap_lines=True)  # prose: wraps
        else:
            st.caption(
                T("步数上限太小，模型还没来得及重复就停了。", "The step limit is too small for a repeat to happen.")
            )
        tu.render_answer(repeat["guarded"]["result"]["answer"])

    # 2. the date reworded every time: only the step limit stops it
    with st.container(border=True):
        st.subheader(
            T("情形二：每次换个说法，只有步数上限能停", "Case 2: reworded every time, only the step limit stops it"),
            anchor=False,
        )
        rephrase = data["rephrase"]
        result = rephrase["guarded"]["result"]
        if result["stop_reason"] == "max_steps":
            st.warning(
                T(
                    f"第 {max_steps} 步用完：StepLimitExceeded，护栏强制收工。",
                    f"Step {max_steps} spent: StepLimitExceeded, the guard ends the run.",
                ),
                icon=":material/timer_off:",
            )
        tu.stop_badge(result)
        cost_metrics(rephrase, data["hard_limit"])
        steps_table(result)
        with st.expander(T("每一步送回的完整 ToolMessage", "Every ToolMessage sent back, in full")):
            tu.render_steps(result)
        tu.render_answer(result["answer"])

    source(LoopGuard)
    source(call_key)
    source(
        run_unguarded,
        T(
            "源码：run_unguarded（反例：没有护栏的循环）",
            "Source: run_unguarded (the counter-example: a loop with no guard)",
        ),
    )

with right:
    tu.tutor_live_run("tutor4", highlight="round_trip")

draw_exercises(page_of(__file__), lesson_4.EXERCISES, {"ed": ed, "max_steps": max_steps})
