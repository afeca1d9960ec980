"""Chain pages ⑤–⑧: their frame (links, title, the lesson's framing) and the small views they share.

Only pages import this module (it imports Streamlit). The exercises are data, in
``lessons/chain/stage_<n>_<name>.py``.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from pages._ui import T
from pages._ui import chain_frame as su
from pages._ui.frame import page_links
from pages._ui.framing import opening
from pages.registry import PageSpec, numbered
from toolcall_lab.errors import ExplainedError
from toolcall_lab.i18n import Text
from toolcall_lab.stages.validation import JsonStageResult, ValidationStageResult


# ---------------------------------------------------------------- the frame
def spec(n: int) -> PageSpec:
    """Chain page ``n`` (1–8) from the registry."""
    return numbered("chain", n)


def top(n: int) -> PageSpec:
    """Previous / next, the title, the one question the page answers, the framing (the rest of the lesson folded)."""
    page = spec(n)
    page_links(page.path, at_top=True)
    st.title(su.stage_title(n), anchor=False)
    st.caption(T("这一步回答的问题：", "The question this stage answers: ") + su.stage_question(page.stage or ""))
    opening(page)
    return page


def bottom(n: int) -> None:
    """Previous / next again, under the exercises."""
    st.divider()
    page_links(spec(n).path)


def expected_box(text: str) -> None:
    """A deliberate failure, framed as the lesson (not as an alarm)."""
    st.info(f"**{T('预期之中：这正是本课要看的', 'Expected: this is the lesson')}** — {text}", icon=":material/school:")


#: Stage ⑤'s three layers, as their boxes are titled.
LAYERS: tuple[Text, ...] = (
    Text("#### 第一道 · `json.loads`：能不能读？", "#### Layer 1 · `json.loads`: can it be read?"),
    Text("#### 第二道 · `model_validate`：形状对不对？", "#### Layer 2 · `model_validate`: is it the right shape?"),
    Text("#### 第三道 · 工具本身：事实对不对？", "#### Layer 3 · the tool itself: is it true?"),
)

#: English glosses of the Chinese specimen strings this page shows (the article's model, 小E's tool).
GLOSS_WEATHER_INPUT = (
    "Gloss of the article's Chinese descriptions: “城市名，中文或英文，例如 Bangkok” = “city name, Chinese or "
    "English, e.g. Bangkok”; “查询的天数，1 到 7” = “how many days to look up, 1 to 7”."
)
GLOSS_S9999 = (
    "Gloss: “Student ID S9999 does not exist: no such student was found. Ask the student to check the id "
    "(e.g. S1001); do not guess other ids.”"
)


def show_verdicts(
    parsed: JsonStageResult | ExplainedError,
    checked: ValidationStageResult | ExplainedError | None,
    fact: dict[str, Any] | ExplainedError | None,
) -> None:
    """The three verdicts on one line each, first: where these arguments stop."""
    one = not isinstance(parsed, ExplainedError)
    two = isinstance(checked, ValidationStageResult) and checked.ok
    three = isinstance(fact, dict) and bool(fact.get("fact_ok"))
    skipped = T("没有运行", "not run")
    cols = st.columns(3)
    cols[0].markdown(f"{su.mark(one)} **json.loads**")
    cols[1].markdown(f"{su.mark(two)} **Pydantic**" if one else f"· **Pydantic** — {skipped}")
    cols[2].markdown(
        f"{su.mark(three)} **{T('工具', 'the tool')}**"
        if fact is not None
        else f"· **{T('工具', 'the tool')}** — {skipped}"
    )


@st.cache_data(show_spinner=False, max_entries=4)
def first_reply(language: str) -> dict[str, Any]:
    """The model's first reply that ⑦'s fix exercise reads (its context's ``reply``), made once per language."""
    from lessons.chain import stage_7_tool_message as s7

    return s7.first_reply(s7.REPLY_QUESTION(language), language)
