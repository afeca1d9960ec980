"""Live run: ask a question, watch a tool-calling agent run, inspect every artifact."""

import streamlit as st

from lessons.content import lesson_text
from pages._stage_ui import system_prompt, weather_tools
from pages._ui import T, lang, live_run_panel

st.title(T("实时运行", "Live run"))
st.markdown(lesson_text("live_run", lang()))
live_run_panel(
    key="live",
    tools_factory=weather_tools,  # the same weather tool and prompt as the chain's shared run
    system=system_prompt(),
    examples=[
        T("曼谷天气怎么样？", "What's the weather in Bangkok?"),
        T("曼谷和东京未来3天的天气", "Weather in Bangkok and Tokyo for the next 3 days"),
        T("FakeCity 的天气", "What's the weather in FakeCity?"),
        T("你好", "Hello"),
    ],
    use_chat_input=True,
)
