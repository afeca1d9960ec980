"""Live run: ask a question, watch a tool-calling agent run, inspect every artifact."""

import streamlit as st

from pages._ui import T, lang, live_run_panel
from toolcall_lab.i18n import lesson_text


def weather_tools() -> list:
    from toolcall_lab.stages.weather_data import build_weather_tool

    return [build_weather_tool()]


st.title(T("实时运行", "Live run"))
st.markdown(lesson_text("live_run", lang()))
live_run_panel(
    key="live",
    tools_factory=weather_tools,
    system=T("你是天气助手。需要天气数据时调用工具，只根据工具结果回答。",
             "You are a weather assistant. Call the tool for weather data and answer only from its result."),
    examples=[T("曼谷天气怎么样？", "What's the weather in Bangkok?"),
              T("曼谷和东京未来3天的天气", "Weather in Bangkok and Tokyo for the next 3 days"),
              T("FakeCity 的天气", "What's the weather in FakeCity?"),
              T("你好", "Hello")],
    use_chat_input=True,
)
