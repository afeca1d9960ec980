"""The sidebar's model box: which model this session talks to, by the endpoint rule.

The rule is :func:`toolcall_lab.endpoint_policy.decide`; this box only lets a learner choose
and says what the choice means:

* the built-in teaching model (offline), or an OpenAI-compatible endpoint;
* with an endpoint configured by the school (``LLM_BASE_URL`` / ``LLM_API_KEY``): "the school's
  endpoint" (the default, its URL shown without credentials, its key never shown) or "my own
  endpoint", a Base URL of the learner's that needs the learner's own key — the box never
  pre-fills it with the school's URL, and the school's key never goes there;
* with the endpoint locked (``LLM_ENDPOINT_LOCKED=1``): the school's URL, read-only;
* a refused choice (locked, or not on ``LLM_ALLOWED_BASE_URLS``) is explained in the box, and the
  session stays on the built-in model.
"""

from __future__ import annotations

import streamlit as st

from pages._ui.session import ENDPOINT_KEY, T, base_settings, endpoint_decision, resend_choice, settings
from pages._ui.widgets import inert, show_error
from toolcall_lab.endpoint_policy import OPENAI_BASE_URL, policy_of
from toolcall_lab.redact import redact_url

PLACEHOLDER_URL = "http://127.0.0.1:8765/v1"


def _take_key() -> None:
    """Move a typed key out of the widget, so the page never echoes it back."""
    typed = st.session_state.get("llm_api_key_input", "").strip()
    if typed:
        st.session_state["llm_api_key"] = typed
    st.session_state["llm_api_key_input"] = ""


def model_box() -> None:
    """The model choice in the sidebar, then a badge saying what is active."""
    base = base_settings()
    st.session_state.setdefault("provider", base.provider)
    # labels are computed now: a format_func must not depend on session state when called later
    labels = {
        "builtin": T("内置教学模型（离线）", "Built-in teaching model (offline)"),
        "openai_compatible": T("OpenAI 兼容接口", "OpenAI-compatible endpoint"),
    }
    resend_choice("provider")  # its labels change with the language: the choice is sent again (resend_choice says why)
    st.sidebar.radio(T("模型", "Model"), list(labels), key="provider", format_func=labels.__getitem__)
    if st.session_state["provider"] == "openai_compatible":
        _endpoint_inputs()
    _badge()


def _endpoint_inputs() -> None:
    base = base_settings()
    policy = policy_of(base)
    school_url = redact_url(base.llm_base_url or OPENAI_BASE_URL) if policy.school_url else ""
    own = True
    if policy.school_url and policy.locked:
        own = False
        st.sidebar.text_input(
            T("Base URL（学校已锁定）", "Base URL (locked by the school)"),
            value=school_url,
            key="llm_school_url",
            disabled=True,
            help=T(
                "学校把模型接口锁定在这里：可以换模型名，不能换地址。学校的 Key 只发往这里，不会显示。",
                "The school locked the endpoint here: you may change the model id, not the address. "
                "The school's key goes only here and is never shown.",
            ),
        )
    elif policy.school_url:
        st.session_state.setdefault(ENDPOINT_KEY, "school")
        choices = {
            "school": T("学校的接口", "The school's endpoint"),
            "own": T("我自己的接口（要用我自己的 Key）", "My own endpoint (needs my own key)"),
        }
        resend_choice(ENDPOINT_KEY)
        st.sidebar.radio(T("接口", "Endpoint"), list(choices), key=ENDPOINT_KEY, format_func=choices.__getitem__)
        own = st.session_state[ENDPOINT_KEY] == "own"
        if not own:
            st.sidebar.caption(
                T("地址：", "Address: ")
                + inert(school_url)
                + T("（学校的 Key 随请求发出，不显示）", " (the school's key goes with it, never shown)")
            )
    if own:
        st.sidebar.text_input("Base URL", key="llm_base_url", placeholder=PLACEHOLDER_URL)
    st.session_state.setdefault("llm_model_id", base.llm_model_id)
    st.sidebar.text_input(T("模型名", "Model id"), key="llm_model_id", placeholder="gpt-4o-mini")
    st.sidebar.text_input(
        "API key",
        key="llm_api_key_input",
        type="password",
        on_change=_take_key,
        help=T(
            "只发往上面的地址；只保存在本次会话的内存里，不写盘、不记录、不导出，也不会回显到页面。",
            "Sent only to the address above; kept in this session's memory only: never written, logged, "
            "exported, or echoed back to the page.",
        ),
    )
    if st.session_state.get("llm_api_key"):
        st.sidebar.caption(T("已为本次会话设置 Key（不回显）。", "A key is set for this session (not shown)."))
        if st.sidebar.button(T("忘掉这个 Key", "Forget the key"), key="forget_key"):
            st.session_state.pop("llm_api_key", None)
            st.rerun()
    decision = endpoint_decision()
    if decision.refusal is not None:
        with st.sidebar:
            show_error(decision.refusal, warning=True)
    elif decision.note is not None:
        st.sidebar.info(T(decision.note.zh, decision.note.en), icon=":material/key_off:")


def _badge() -> None:
    active = settings()
    if active.uses_real_model:
        st.sidebar.badge(
            T("当前：真实接口 ", "Active: real endpoint ") + inert(active.llm_model_id or "gpt-4o-mini"),
            icon=":material/public:",
            color="orange",
        )
    else:
        st.sidebar.badge(
            T("当前：内置教学模型", "Active: built-in teaching model"), icon=":material/science:", color="green"
        )
        st.sidebar.caption(
            T(
                "确定性的规则模型，说 OpenAI 线协议；不是 GPT。",
                "A deterministic rule-based model speaking the OpenAI wire format — not a GPT.",
            )
        )
