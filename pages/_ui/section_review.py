"""The section review's words at the end of a section's last page: what you learned in the section.

``review_words("chain")`` draws the heading and the bullets of ``lessons/content/review_<section>.<lang>.md``.
The review's mixed exercise is data (``lessons/course/review_exercises.py``), the last of the page's
``EXERCISES``: the page draws its other exercises, then these words, then the review
(``draw_exercises(spec, EXERCISES[-1:], context, first=len(EXERCISES))``).
"""

from __future__ import annotations

import streamlit as st

from lessons.content import lesson_text
from pages._ui import T, lang


def review_words(section: str) -> None:
    """The section's "what you learned" heading and bullets (``lessons/content/review_<section>.<lang>.md``)."""
    st.divider()
    st.markdown("### " + T("本节你学到了什么", "What you learned in this section"))  # a heading, not a subheader:
    # pages keep their own subheaders in order (the tutor pages' last one is the live tutor)
    st.markdown(lesson_text(f"review_{section}", lang()))
