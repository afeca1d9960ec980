"""The streaming view of stage ④: the deltas as they arrived, and how ``+`` adds them up.

Rendered as one step of the tool_call page. Everything shown comes from one real streamed
request to the built-in model (``toolcall_lab.stages.streaming.stream_tool_call``).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from pages._ui import T, Text, lang, source
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages.streaming import stream_tool_call

EXAMPLES = (
    Text("曼谷天气怎么样？", "What's the weather in Bangkok?"),
    Text("曼谷和巴黎未来 3 天的天气？", "Weather in Bangkok and Paris for 3 days?"),
)


@st.cache_resource(show_spinner=False, max_entries=32)
def _stream(question: str, language: str) -> Any:
    from toolcall_lab.stages.weather_data import build_weather_tool  # LangChain loads here, not on import

    return stream_tool_call(question, [build_weather_tool(lang=language)])


def streaming_view(key: str = "stream") -> None:
    """Pick a question, then step through its stream one chunk at a time."""
    examples = [question(lang()) for question in EXAMPLES]
    question = st.pills(T("问题", "Question"), list(examples), default=examples[0], key=f"{key}::q") or examples[0]
    run = _stream(question, lang())
    st.caption(
        T(
            f"同一次请求：线上收到 {len(run.events)} 个事件，LangChain 产出 {len(run.steps)} 个 AIMessageChunk。",
            f"One request: {len(run.events)} events arrived on the wire; LangChain yielded {len(run.steps)} "
            "AIMessageChunks.",
        )
    )
    n = st.slider(T("看到第几个块", "After chunk"), 1, len(run.steps), len(run.steps), key=f"{key}::n")
    step = run.steps[n - 1]
    wire, summed = st.columns(2, gap="large")
    with wire:
        st.markdown(T("**线上的事件（原样，到这一块为止）**", "**Events on the wire (as sent, up to this chunk)**"))
        lines = [line for line in run.raw.splitlines() if line.startswith("data: ")]
        with st.container(height=260, border=False):  # not st.code(height=): the keyboard can scroll it
            st.code("\n".join(lines[: step.events_seen][-6:]), language="text")
        st.markdown(T("**这一块自己的 tool_call_chunks**", "**This chunk's own tool_call_chunks**"))
        st.json(step.tool_call_chunks, expanded=2)
    with summed:
        st.markdown(T("**相加之后：每个 index 的 arguments 文本**", "**After `+`: the arguments text per index**"))
        st.code(json_text(step.total_arguments), language="json")
        st.markdown(T("**相加之后的 tool_calls（部分 JSON 解析）**", "**The sum's tool_calls (partial-JSON parse)**"))
        st.json(step.total_tool_calls, expanded=3)
    source(stream_tool_call, T("源码：stream_tool_call", "Source: stream_tool_call"))
