"""Tutor lesson 5 — the loop by hand and LangGraph's prebuilt one, on one script."""

import warnings
from typing import Any

import streamlit as st

from lessons.tutor import lesson_5_manual_vs_react as lesson_5
from lessons.tutor.agent import run_manual, run_react
from lessons.tutor.lesson_5_manual_vs_react import (
    lesson5_manual_vs_react,
    react_graph_mermaid,
)
from pages._ui import T, lesson_columns, source
from pages._ui import tutor_lesson as tu
from pages._ui.exercise import draw_exercises
from pages.registry import page_of


@st.cache_data(show_spinner=False, max_entries=4)
def comparison_data(edition: str = "zh") -> dict[str, Any]:
    """Lesson 5 on question two's script, in ``edition``."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # captured on purpose by react_deprecation_warning
        return lesson5_manual_vs_react(question=tu.QUESTIONS[1](edition), lang=edition)


@st.cache_data(show_spinner=False, max_entries=2)
def react_graph_plain() -> str:
    """The prebuilt agent's graph as ``draw_mermaid(with_styles=False)``.

    The styled text carries HTML labels (``<p>``, ``<hr/>``) that Streamlit's Mermaid
    renderer shows as literal text; the plain drawing has the same nodes and edges,
    from the same compiled graph.
    """
    return react_graph_mermaid(with_styles=False)


tu.lesson_intro(5)
left, right = lesson_columns()
ed = tu.edition()

with left:
    data = tu.run_cached(comparison_data, ed)

    # 1. one script, two loops, compared
    with st.container(border=True, key="artifact"):
        st.subheader(T("同一条脚本，两种循环", "One script, two loops"), anchor=False)
        st.caption(
            T(
                "脚本模型（ScriptedChatModel）按顺序回放：先并行调两个工具，再给出回答。两个循环各拿一份拷贝。",
                "A ScriptedChatModel replays the same two replies (two parallel calls, then the answer); "
                "each loop gets its own copy.",
            )
        )
        checks = [
            (T("答案相同", "Same answer"), data["same_answer"]),
            (T("观察记录相同", "Same observations"), data["same_observations"]),
            (
                T("模型调用次数相同", "Same number of model calls"),
                data["manual_model_calls"] == data["react_model_calls"],
            ),
        ]
        st.markdown(
            " ".join(
                f":{'green' if ok else 'red'}-badge[:material/{'check_circle' if ok else 'cancel'}: {label}]"
                for label, ok in checks
            )
        )
        c1, c2 = st.columns(2)
        for col, key, head, calls in (
            (c1, "manual", "run_manual", data["manual_model_calls"]),
            (c2, "react", "run_react · create_react_agent", data["react_model_calls"]),
        ):
            with col:
                st.markdown(f"**`{head}`**")
                st.metric(T("模型调用", "Model calls"), calls, border=True)
                tu.render_result(data[key])

    # 2. the prebuilt graph, drawn from itself
    with st.container(border=True):
        st.subheader(
            T("预置 ReAct 图：来自它自己的 get_graph()", "The prebuilt ReAct graph, from its own get_graph()"),
            anchor=False,
        )
        plain = react_graph_plain()
        st.mermaid_chart(
            plain,
            alt=T(
                "create_react_agent 的图：agent 与 tools 两个节点",
                "The graph of create_react_agent: an agent node and a tools node",
            ),
        )
        st.caption(
            T(
                "图：get_graph().draw_mermaid(with_styles=False)。虚线是条件边：agent 之后去 tools 还是结束，"
                "取决于最后一条消息有没有 tool_calls。",
                "Drawn with get_graph().draw_mermaid(with_styles=False). Dotted arrows are the conditional "
                "edge: after agent, go to tools or end, depending on whether the last message has tool_calls.",
            )
        )
        with st.expander(
            T(
                "带样式的 Mermaid 原文（draw_mermaid()，含 tools 节点上的工具名）",
                "The styled Mermaid text (draw_mermaid(), with the tool names on the tools node)",
            ),
            icon=":material/schema:",
        ):
            st.code(data["mermaid"], language="text")

    # 3. the deprecation warning, exactly as Python prints it
    with st.container(border=True):
        st.subheader(T("它打印的弃用警告", "The deprecation warning it prints"), anchor=False)
        warning = data["warning"]
        if warning.get("printed_relative"):
            st.caption(f"{warning['category']} · warnings.formatwarning")
            st.code(warning["printed_relative"], language="text")
            st.info(
                T(
                    "本实验室没装 langchain 主包；预置这条路照常可用，不必为这条警告改依赖。",
                    "This lab does not install the langchain package; the prebuilt path works as it is, "
                    "and the warning is no reason to change dependencies.",
                ),
                icon=":material/info:",
            )
        else:
            st.caption(
                T("这个版本的 LangGraph 没有打印弃用警告。", "This LangGraph version printed no deprecation warning.")
            )

    c1, c2 = st.columns(2)
    with c1:
        source(run_manual)
    with c2:
        source(run_react)

with right:
    tu.tutor_live_run("tutor5", highlight="round_trip")

draw_exercises(page_of(__file__), lesson_5.EXERCISES, {"ed": ed})
