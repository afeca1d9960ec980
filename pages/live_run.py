"""Live run: ask a question, watch a tool-calling agent run, inspect every artifact; two exercises end it."""

from __future__ import annotations

import streamlit as st

from lessons.content import lesson_text
from lessons.course import live_run as lesson
from pages._ui import T, inert_code, lang, page_fragment
from pages._ui.chain_widgets import worded_choice
from pages._ui.classroom import publish_position, teacher_run_view
from pages._ui.exercise import draw_exercises
from pages._ui.frame import page_links
from pages._ui.live_run import live_run_panel, panel_tools
from pages.registry import page

SPEC = page("pages/live_run.py")

page_links(SPEC.path, at_top=True)
st.title(T("实时运行", "Live run"), anchor=False)
st.caption(  # what the page is for first: a learner who lands here from a shared link reads this line
    T(
        "问一个问题，看一个真实的工具调用 Agent（LangGraph 的 model → tools → model 循环）怎样选工具、填参数，"
        "再根据工具返回的结果回答。每个问题都是一次新的运行：模型不记得你上一个问题；链接（?q=、?tools=）会重跑它。",
        "Ask a question and watch a real tool-calling agent (LangGraph's model → tools → model loop) choose a tool, "
        "fill in its arguments and answer from what the tool returned. Each question is a new run: the model does "
        "not remember your last one; the link (?q=, ?tools=) re-runs it.",
    )
)
# the learner gives the model its tools; the link keeps the choice (no ?tools=: the weather tool, as before).
# The wire sits beside them as a compact select box, so the answer stays on the first screen at 1280×720.
tools_column, wire_column = st.columns([3, 2], vertical_alignment="bottom")
with tools_column:
    toolset = worded_choice(
        "live::toolset",
        T("给模型哪些工具", "The tools the model gets"),
        lesson.TOOLSET_LABELS,
        lesson.DEFAULT_TOOLSET,
        param="tools",
    )
with wire_column:  # the wire the model is reached by (issue 24); no ?wire=: Chat Completions, as before
    wire = worded_choice("live::wire", T("线路", "Wire"), lesson.WIRE_LABELS, "chat", param="wire", widget="select")


def _tools() -> list:
    """The chosen set's tools, from the lab's own factories (lessons/toolsets.py), in the learner's language."""
    return lesson.toolset_tools(toolset, lang())


names = ", ".join(inert_code(tool.name) for tool in panel_tools("live", toolset, _tools))
st.caption(
    T(
        f"模型有这些工具：{names}（说明随每次请求的 tools 发出）",
        f"The model has: {names} (described in each request's tools)",
    )
)
teacher_run_view()  # in a class: the teacher's latest run, read-only, beside the learner's own


@page_fragment()
def _run_panel() -> None:
    """The run itself, as a fragment: asking a question re-runs only this part of the page.

    The title, the tool choice, the lesson and the exercises stay as they are while the agent runs, so an
    answer costs the server only the run and its timeline (a class of 60 asking at once waits for 60 of
    these, not 60 whole pages). Changing the tools or the wire above still re-runs the whole page.
    """
    # inside a container the chat box sits above the run, and the page opens at its top
    with st.container(key="artifact"):
        live_run_panel(
            key="live",
            tools_factory=_tools,
            system=lesson.toolset_prompt(toolset, lang()),
            examples=list(lesson.toolset_examples(toolset, lang())),
            use_chat_input=True,
            link_param="q",
            stream=True,  # the answer is written as its tokens arrive; the timeline fills as the run goes
            tools_key=toolset,
            no_fit_hint=lesson.no_fit_hint(toolset)(lang()),
            wire=wire,
            lazy_steps=True,  # a step's request body and raw response are drawn when it is opened
        )
    # the router publishes a teacher's place after the page; a question rerunning only this fragment wrote a
    # new ?q= into the link, so the class's followers get it now, not at the teacher's next click
    publish_position(SPEC)


_run_panel()
with st.expander(T("课文", "The lesson"), icon=":material/menu_book:"):
    st.markdown(lesson_text(SPEC.lesson, lang()))


# ---------------------------------------------------------------- exercises
st.divider()
st.subheader(T("练习", "Exercises"), anchor=False)
draw_exercises(SPEC, lesson.EXERCISES)  # each check runs the question on the built-in model for real
page_links(SPEC.path)
