"""Stage ② — JSON Schema: three views of one tool side by side, and what an argument model can show the model."""

import streamlit as st
from langchain_core.tools import BaseTool
from pydantic import BaseModel

from lessons.chain import stage_2_schema
from pages._ui import T, Text, lang, lesson_columns, show_error, source
from pages._ui import chain_frame as su
from pages._ui import chain_widgets as sw
from pages._ui.exercise import draw_exercises
from pages._ui.inspector_view import show_inspection
from pages._ui.schema_views import show_model, show_views
from pages.registry import page_of
from toolcall_lab.errors import ExplainedError
from toolcall_lab.stages import core, model_rules, schema
from toolcall_lab.stages.args_model import ArgsModelResult, parse_args_model
from toolcall_lab.stages.weather_data import build_weather_tool

PAGE = page_of(__file__).path
MODEL_EXAMPLES = {
    "article": Text("文章的 WeatherInput", "The article's WeatherInput"),
    "rich": Text("Enum、嵌套、pattern", "Enum, nesting, pattern"),
    "syntax": Text("语法错误", "A syntax error"),
    "statement": Text("类外面的语句", "A statement outside the class"),
}
SUBJECTS = {
    "weather": Text("实验室的 get_weather", "the lab's get_weather"),
    "page1": Text("第 ① 页你写的函数", "your function from page ①"),
    "model": Text("第 2 步里的参数模型", "the argument model of step 2"),
}


def subject_target(subject: str, built: ArgsModelResult | ExplainedError) -> BaseTool | type[BaseModel] | None:
    """The tool (or model) whose schemas step 1 shows; under the views, where it comes from."""
    if subject == "weather":
        source(build_weather_tool, T("源码：get_weather 的定义", "Source: how get_weather is defined"))
        return build_weather_tool(lang=lang())
    if subject == "page1":
        return su.tool_from_page_one()
    if isinstance(built, ExplainedError):
        st.caption(T("参数模型有错误，见第 2 步。", "The argument model has an error; see step 2."))
        return None
    return built.model


su.header(2)
left, right = lesson_columns()

with right:
    su.chain_live_run("schema", mark_artifact=False)

with left:
    labels = [
        T("同一个工具的三份 Schema", "Three schemas of one tool"),
        T("参数模型：模型看得见哪些规则", "The argument model: which rules the model sees"),
        T("读它的代码", "The code behind it"),
        T("每个提供方收到什么", "What each provider receives"),
    ]
    step = su.stage_steps(2, labels)
    subject = "weather"
    if step in (1, 4):
        which = T("同一个工具的三份 Schema：看哪一个？", "Three schemas of one tool: which tool?")
        if step == 4:
            which = T("检查哪个工具？", "Inspect which tool?")
        subject = sw.worded_choice("stage_schema_subject", which, SUBJECTS, "weather", param="subj")
    artifact = st.container(key="artifact")  # each step's artifact first; the editor that shapes it follows
    if step == 2:
        editor_title = T("参数模型编辑器：哪些规则模型看得见", "Argument-model editor: which rules the model can see")
        st.subheader(editor_title, anchor=False)
        model_src = su.MODEL_SOURCE.draw(2, MODEL_EXAMPLES, per_row=4)
    else:
        model_src = su.MODEL_SOURCE.peek()
    built = parse_args_model(model_src)

    with artifact:
        if step == 1:
            views_box = st.container()  # the views first; where the tool comes from, under them
            target = subject_target(subject, built)
            if target is not None:
                with views_box:
                    show_views(schema.schema_views(target))
        elif step == 2:
            if isinstance(built, ExplainedError):
                show_error(built, expected=su.MODEL_SOURCE.is_example(model_src))
                su.point_at(model_src, built)
            else:
                show_model(built)  # the rules table has seven columns: it scrolls sideways when narrow
        elif step == 4:  # the schema inspector (issue 24): OpenAI, strict, Anthropic, Gemini, MCP, and the lint
            target = subject_target(subject, built)
            if target is not None:
                show_inspection(target)
        else:
            views = T("源码：schema_views（三份 Schema 与差异）", "Source: schema_views (three schemas, their diffs)")
            rules = T("源码：逐条核对规则", "Source: checking each rule against the schema")
            wire_form = T("工具变成线上的样子", "the tool as the wire carries it")
            su.code_step(core.openai_tool, wire_form, (schema.schema_views, views), (model_rules.analyse, rules))
    if step != 3:
        sw.share_link(PAGE, ["subj", "model", "step"])

draw_exercises(page_of(__file__), stage_2_schema.EXERCISES)
su.footer(2)
