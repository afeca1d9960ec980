"""The schema inspector on ②: what OpenAI, OpenAI strict, Anthropic, Gemini and MCP receive, and the lint.

:func:`show_inspection` runs :func:`toolcall_lab.wires.schema_inspector.inspect_schema` on the tool or
model ② is looking at (the lab's, the learner's function from ①, or the argument model of step 2): one tab
per provider with the tool exactly as its converter made it, then each rule that applies, with its effect,
its place, the fix, its source and the date it was checked. Names in the findings come from the learner's
text: they are shown inert.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from pages._ui.session import T, lang
from pages._ui.widgets import inert, inert_code, loading
from toolcall_lab.i18n import Text

PROVIDER_NAMES = {
    "openai": "OpenAI",
    "openai_strict": "OpenAI strict",
    "anthropic": "Anthropic",
    "gemini": "Gemini",
    "mcp": "MCP",
}
EFFECTS = {
    "rejects": Text("拒绝（400）", "rejects (400)"),
    "drops": Text("悄悄丢掉", "silently drops"),
    "warns": Text("能过，但要当心", "passes, with a catch"),
}
ICONS = {"rejects": ":material/block:", "drops": ":material/delete:", "warns": ":material/warning:"}


def show_inspection(target: Any) -> None:
    """What each provider receives for ``target`` (a tool or a Pydantic model), then the findings one by one."""
    from toolcall_lab.wires.schema_inspector import PROVIDERS, inspect_schema

    found = loading(inspect_schema, target, lang())
    st.markdown(T(f"**每个提供方收到的 `{found.name}`**", "**What each provider receives**"))
    for tab, provider in zip(st.tabs([PROVIDER_NAMES[p] for p in PROVIDERS]), PROVIDERS, strict=True):
        with tab:
            st.json(found.received[provider], expanded=4)
    st.markdown(
        T(f"**检查结果：{len(found.findings)} 条规则适用**", f"**The lint: {len(found.findings)} rule(s) apply**")
    )
    if not found.findings:
        st.success(T("没有哪个提供方会拒绝或丢掉什么。", "No provider rejects or drops anything."))
    for finding in found.findings:
        with st.container(border=True):
            where = inert_code(finding.path)
            effect = EFFECTS[finding.effect](lang())
            st.markdown(f"{PROVIDER_NAMES.get(finding.provider, finding.provider)} · **{effect}** · {where}")
            st.markdown(inert(finding.text))
            st.markdown(T("**修复：** ", "**Fix:** ") + inert(finding.fix))
            checked = T(" · 核对于 ", " · checked ") + finding.checked
            st.caption(T("来源：", "Source: ") + inert(finding.source) + checked)
