"""Small rendering helpers shared by the pages: explained errors, inert text, tables, columns, source.

Only pages and ``app.py`` import this module (it imports Streamlit).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import streamlit as st

from pages._ui.session import T, lang
from toolcall_lab.errors import ExplainedError
from toolcall_lab.i18n import Text, pick
from toolcall_lab.markdown_text import code_span, inert_markdown


# ---------------------------------------------------------------- errors
def show_error(err: ExplainedError | dict[str, Any] | None, *, warning: bool = False, expected: bool = False) -> None:
    """Render an explained error: stage, what happened, what to try, the real error text.

    ``None`` (no error) renders nothing, so a page can pass a result's ``error`` as it is.

    Args:
        err: the explained error (or its dict, or ``None``).
        warning: a yellow box instead of a red one (something went wrong, but the run went on).
        expected: the error is the lesson's demo, not a failure: a neutral box that says so first,
            so a deliberate 400 reads as "this is what we came to see", not as an alarm.
    """
    if err is None:
        return
    if isinstance(err, dict):
        err = ExplainedError.from_dict(err)
    title, hint = err.text(lang())
    if expected:
        st.info(
            f"**{T('预期之中：这正是本课要看的', 'Expected: this is the lesson')}** — {title}\n\n"
            f"{T('阶段', 'Stage')}: {code_span(err.stage)} · {hint}",
            icon=":material/school:",
        )
    else:
        box = st.warning if warning else st.error
        box(f"**{T('阶段', 'Stage')}: {code_span(err.stage)}** — {title}\n\n{T('可以试试', 'Try')}: {hint}")
    with st.expander(T("原始错误信息", "Raw error"), expanded=False):
        st.code(err.detail, language="text")
        if err.data is not None:
            st.json(err.data)


def inert(text: Any) -> str:
    """Escape markdown so learner / model text shows as typed: no markup, no link, no autolink.

    :func:`toolcall_lab.markdown_text.inert_markdown`: the markdown punctuation escaped, and
    ``scheme://``, ``www.`` and ``name@host`` split by an invisible word joiner, which Streamlit's
    markdown would link even escaped.
    """
    return inert_markdown(text)


def inert_code(text: Any) -> str:
    """Hostile text as one inline code span (a tool name, a tool_call_id): shown literally, never markup."""
    return code_span(text)


# ---------------------------------------------------------------- small helpers shared by the lesson pages
def tr(text: dict[str, str] | None) -> str:
    """The session language's entry of a ``{"zh", "en"}`` dict (``""`` for none)."""
    if not text:
        return ""
    return pick(lang(), text["zh"], text["en"])


def rows_table(rows: Sequence[Mapping[str, Any]]) -> None:
    """A small table of plain rows (text, numbers, booleans; the same type down each column).

    The rows go to ``st.dataframe`` as a pyarrow table: Streamlit serialises that as it is,
    where a list of dicts goes through pandas first (~1.5 ms a table, on every rerun of a
    timeline; a class of 60 asking at once pays it 60 times over).
    """
    import pyarrow as pa

    st.dataframe(pa.Table.from_pylist([dict(row) for row in rows]), hide_index=True, width="stretch")


def text_table(rows: Sequence[Mapping[str, Any]]) -> None:
    """A small table whose long cells wrap, for rows a learner reads whole, on a phone or a projector.

    ``st.dataframe`` cuts a long cell at its column's width (a phone shows a sliver of it); ``st.table``
    wraps it. ``st.table`` renders markdown in every cell, so each header and cell goes through
    :func:`inert` first: text a model or an endpoint wrote shows as typed, never as markup.
    """
    import pyarrow as pa

    cells = [{inert(key): inert(value) for key, value in row.items()} for row in rows]
    st.table(pa.Table.from_pylist(cells), hide_index=True)


def lesson_columns() -> tuple[Any, Any]:
    """The lesson layout: artifacts on the left, the live run on the right.

    The columns sit in a container keyed ``lesson-columns``; the lab's stylesheet
    (``pages/_ui/frame.py``) stacks them when the right one would be narrower than ~420 px.
    """
    with st.container(key="lesson-columns"):
        left, right = st.columns([3, 2], gap="large")
    return left, right


def source(obj: Any, label: str | None = None, *, expanded: bool = False) -> None:
    """The real source of ``obj`` (``inspect.getsource``) in an expander."""
    import inspect

    name = getattr(obj, "__qualname__", getattr(obj, "__name__", str(obj)))
    module = getattr(obj, "__module__", "")
    with st.expander(label or T(f"源码：{name}", f"Source: {name}"), icon=":material/code:", expanded=expanded):
        st.caption(f"`{module}.{name}` · inspect.getsource")
        st.code(inspect.getsource(obj), language="python", line_numbers=True, wrap_lines=True)


#: What :func:`loading` says while it waits, unless told.
RUNNING = Text("正在运行真实的库调用……", "Running the real library call…")


def loading(
    fn: Callable[..., Any],
    *args: Any,
    what: Text = RUNNING,
    **kwargs: Any,
) -> Any:
    """Call a cached loader under a spinner saying ``what`` (instant on a cache hit)."""
    with st.spinner(what(lang())):
        return fn(*args, **kwargs)
