"""A lesson page's opening: its framing on the first screen, the rest of the lesson one click away.

The framing is the first part of the lesson file (``lessons/content/<page>.<lang>.md``, before
its ``<!-- part 2: … -->`` mark, read by :func:`lessons.content.lesson_frame`): two to four
sentences saying what the learner is looking at and why it matters. It is drawn just under
the title, above the page's artifact; the rest of the lesson folds into an expander right
below it, labelled with what it holds (the part mark's name). Every course page draws it through
its own frame (``chain_frame.header``, ``chain_checks.top``, ``tutor_lesson.lesson_intro``,
``graph_lesson.title``, faults and who-decides), once per page. The text is our own Markdown.
"""

from __future__ import annotations

import streamlit as st

from lessons.content import lesson_frame, lesson_rest
from pages._ui.session import T, lang
from pages.registry import PageSpec

#: The framing's container key (the stylesheet and the browser checks find it by ``st-key-framing``).
FRAMING_KEY = "framing"


def opening(spec: PageSpec) -> None:
    """The page's framing, then the rest of its lesson folded under a label that says what it holds."""
    with st.container(key=FRAMING_KEY):
        st.markdown(lesson_frame(spec.lesson, lang()))
    what, prose = lesson_rest(spec.lesson, lang())
    with st.expander(T("课文：", "The lesson: ") + what, icon=":material/menu_book:"):
        st.markdown(prose)
